#!/usr/bin/env bash
# Builds locklint (scripts/build.sh) and its Debian package, which lands in
# build/packages/locklint_<version>_<arch>.deb. Install it with
#   apt-get install ./build/packages/locklint_<version>_<arch>.deb
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${LOCKLINT_BUILD_DIR:-$root/build}

"$root/scripts/build.sh" "$@"
(cd "$build" && cpack -G DEB --config CPackConfig.cmake > /dev/null)
ls "$build"/packages/locklint_*.deb
