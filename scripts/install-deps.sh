#!/usr/bin/env bash
# Installs everything locklint needs to build and test, from Debian 12's own
# archive. Runs apt-get as root, or through sudo.
#
#   install-deps.sh [--for-tests] [--list]
set -euo pipefail

packages=(
  # Toolchain: LLVM/Clang 19, clang-tidy 19 (its library and, for the plugin
  # tests, its executable), lit's FileCheck and not.
  clang-19 libclang-19-dev llvm-19-dev llvm-19-tools clang-tidy-19
  # The sanitizer and libFuzzer runtimes (scripts/sanitize.sh, fuzz.sh).
  libclang-rt-19-dev
  cmake ninja-build python3 g++
  # What LLVM's static archives link (cmake/LlvmLibraries.cmake).
  libzstd-dev libz3-dev zlib1g-dev
  # Libraries the checks use.
  nlohmann-json3-dev libpg-query-dev
  # Real client headers the tests and examples compile against, and the
  # libraries real services use around them (Boost's UUIDs for tokens,
  # Abseil's mutexes): Redis, PostgreSQL, MySQL/MariaDB, ZooKeeper.
  libhiredis-dev libpq-dev libpqxx-dev libpoco-dev libboost-dev libabsl-dev
  libmariadb-dev libzookeeper-mt-dev
  # Unit tests.
  libgtest-dev
)
list_only=false
for arg in "$@"; do
  case $arg in
    # What the end-to-end tests drive for real: PostgreSQL, Redis, MariaDB,
    # ZooKeeper and etcd servers they start themselves (etcd through
    # etcdctl), pre-commit and git, clang-apply-replacements
    # (clang-tools-19), which reads --export-fixes, tmux, whose screen shows
    # what a terminal would, and Chromium, which renders the HTML report.
    --for-tests) packages+=(postgresql redis-server redis-tools mariadb-server mariadb-client
                            zookeeperd etcd-server etcd-client pre-commit git clang-tools-19
                            tmux chromium) ;;
    # The libraries the real-code harness's repositories include (bench/realcode):
    # without them their files parse with holes, and findings go missing.
    --for-bench) packages+=(libgoogle-glog-dev libgflags-dev libspdlog-dev) ;;
    # Print the packages instead of installing them.
    --list) list_only=true ;;
    *) echo "install-deps.sh: unknown option '$arg'" >&2; exit 2 ;;
  esac
done
# The SARIF validator in the tests comes from npm; Debian's npm brings Node.js
# where the machine has neither.
if ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi
if $list_only; then
  echo "${packages[@]}"
  exit 0
fi

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update
"${sudo_cmd[@]}" apt-get install -y --no-install-recommends "${packages[@]}"
