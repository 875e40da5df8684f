#!/usr/bin/env bash
# Configures and builds locklint in build/ (or $LOCKLINT_BUILD_DIR) with clang 19.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${LOCKLINT_BUILD_DIR:-$root/build}

cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}" \
  -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_C_COMPILER=clang-19
cmake --build "$build"
