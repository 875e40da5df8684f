#!/usr/bin/env bash
# The files of a release: the Debian package of a configured and built tree,
# and its SHA-256 checksum, as .github/workflows/release.yml attaches them
# to the GitHub release of a tag (docs/releases.md).
#
#   release.sh [--tag=v<version>] <build-dir> <out-dir>
#       runs cpack in <build-dir> and writes <out-dir>/locklint_<version>_<arch>.deb
#       and <out-dir>/locklint_<version>_<arch>.deb.sha256 (sha256sum's format)
#   release.sh --tag=v<version>
#       only checks the tag
#   release.sh --print-version
#       prints the project version of CMakeLists.txt
#
# A tag that is not v<the project version> is an error (exit 2), so a
# release never carries a package of another version.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

fail() {
  echo "release.sh: $*" >&2
  exit 2
}

project_version() {
  local version
  version=$(sed -nE 's/^project\(locklint VERSION ([0-9]+(\.[0-9]+)*)[ )].*/\1/p' "$root/CMakeLists.txt")
  [[ -n $version ]] || fail "no 'project(locklint VERSION x.y.z ...)' in CMakeLists.txt"
  echo "$version"
}

check_tag() {
  local tag=$1 version=$2
  [[ $tag == "v$version" ]] ||
    fail "tag '$tag' does not match the project version $version in CMakeLists.txt (expected 'v$version')"
}

# Runs cpack in the build folder $1 and prints the path of the package it
# wrote to the folder $2 for version $3.
package() {
  local build=$1 out=$2 version=$3 staging
  [[ -f $build/CPackConfig.cmake ]] ||
    fail "no CPackConfig.cmake in '$build': configure and build it first (scripts/build.sh)"
  staging=$(mktemp -d)
  trap 'rm -rf "$staging"' EXIT
  (cd "$build" && cpack -G DEB --config CPackConfig.cmake -B "$staging" \
    -D CPACK_OUTPUT_FILE_PREFIX="$out" > "$staging/cpack.log" 2>&1) ||
    fail "cpack failed in '$build' (its log: $(tail -n 1 "$staging/cpack.log"))"
  local debs=("$out"/locklint_"$version"_*.deb)
  [[ -f ${debs[0]} ]] ||
    fail "cpack wrote no locklint_${version}_*.deb: is '$build' configured from this tree?"
  echo "${debs[0]}"
}

tag="" dirs=()
for arg in "$@"; do
  case $arg in
    --tag=*) tag=${arg#--tag=} ;;
    --print-version) project_version; exit 0 ;;
    -*) fail "unknown option '$arg'" ;;
    *) dirs+=("$arg") ;;
  esac
done
version=$(project_version)
[[ -z $tag ]] || check_tag "$tag" "$version"
if [[ ${#dirs[@]} -eq 0 && -n $tag ]]; then
  exit 0
fi
[[ ${#dirs[@]} -eq 2 ]] || fail "usage: release.sh [--tag=v<version>] <build-dir> <out-dir>"

mkdir -p "${dirs[1]}"
out=$(cd "${dirs[1]}" && pwd)
deb=$(package "${dirs[0]}" "$out" "$version")
name=$(basename "$deb")
# Named relative to the folder, so that `sha256sum -c` runs beside the
# downloaded package.
(cd "$out" && sha256sum "$name" > "$name.sha256")
echo "$deb"
echo "$deb.sha256"
