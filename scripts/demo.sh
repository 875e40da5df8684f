#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds locklint, and runs it on the
# bundled examples: each broken_* function gets its findings, no fixed_* one does.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${LOCKLINT_BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"

status=0
"$build/driver/locklint" "$root"/examples/*.cpp -- -std=c++17 -isystem "$root/test/Inputs/include" \
  -I/usr/include/postgresql -I/usr/include/mariadb -DTHREADED \
  || status=$?
# Exit code 1 means findings, which is what the examples are for.
if [[ $status -eq 1 ]]; then
  echo "locklint found the mistakes in examples/ (exit code 1: findings)."
  exit 0
fi
exit "$status"
