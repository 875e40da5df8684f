#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds locklint, and runs every test:
# the lit tests (checks through locklint and through clang-tidy --load,
# driver, examples) and the unit tests, all reported by CTest.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${LOCKLINT_BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
ctest --test-dir "$build" --output-on-failure -j"$(nproc)"
