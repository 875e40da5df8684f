#!/usr/bin/env bash
# Configures and builds locklint in build/ (or $LOCKLINT_BUILD_DIR) with clang 19.
#   scripts/build.sh              the driver, the plugin and every test
#   scripts/build.sh --no-tests   the driver and the plugin alone, what an
#                                 install or a package needs
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${LOCKLINT_BUILD_DIR:-$root/build}

testing=ON
for arg in "$@"; do
  case $arg in
    --no-tests) testing=OFF ;;
    *) echo "build.sh: unknown option '$arg'" >&2; exit 2 ;;
  esac
done

cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}" \
  -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_C_COMPILER=clang-19 -DBUILD_TESTING="$testing"
cmake --build "$build"
