#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds locklint, and runs every test:
# the lit tests (checks through locklint and through clang-tidy --load,
# driver, examples, fixes run against a real PostgreSQL) and the unit tests,
# all reported by CTest.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${LOCKLINT_BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh" --for-tests
# Microsoft's SARIF validator, with GitHub's rules, checks every SARIF the
# tests write. npm does not run its install script here, hence the chmod.
tools="$build/tools"
multitool="$tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [[ ! -x $multitool ]]; then
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-audit --no-fund --ignore-scripts \
    @microsoft/sarif-multitool@5.7.0
  chmod u+x "$multitool"
fi
"$root/scripts/build.sh"
ctest --test-dir "$build" --output-on-failure -j"$(nproc)"
