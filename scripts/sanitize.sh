#!/usr/bin/env bash
# Builds locklint with AddressSanitizer and UndefinedBehaviorSanitizer in
# build-sanitize/ (or $LOCKLINT_SANITIZE_DIR) and runs the whole test suite
# there: a memory error or undefined behaviour fails the test it happens in.
# Expects the packages of install-deps.sh --for-tests.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${LOCKLINT_SANITIZE_DIR:-$root/build-sanitize}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_C_COMPILER=clang-19 -DLOCKLINT_SANITIZE=ON \
  -DLOCKLINT_SARIF_MULTITOOL="${LOCKLINT_SARIF_MULTITOOL:-LOCKLINT_SARIF_MULTITOOL-NOTFOUND}"
cmake --build "$build"
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir "$build" --output-on-failure -j"$(nproc)"
