#!/usr/bin/env bash
# Builds the libFuzzer targets in build-fuzz/ (or $LOCKLINT_FUZZ_DIR) and
# runs each for a bounded time, starting from seeds taken from the tests.
# A crash fails the run and leaves its input in build-fuzz/crashes/<target>/;
# add that file to test/fuzz/regressions/<target>/ with the fix, and CTest
# replays it from then on.
#
#   fuzz.sh [seconds per target, default 60]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${LOCKLINT_FUZZ_DIR:-$root/build-fuzz}
seconds=${1:-60}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-19 -DLOCKLINT_FUZZ=ON -DBUILD_TESTING=OFF
cmake --build "$build" --target fuzz-targets

seeds="$build/seeds"
rm -rf "$seeds"
locklint="${LOCKLINT_BUILD_DIR:-$root/build}/driver/locklint"
python3 "$root/test/fuzz/make_seeds.py" "$seeds" $([[ -x $locklint ]] && echo "$locklint")

status=0
for target in FormatString LuaScript SqlModel ModelFile Baseline ResultsEncoding CompileDatabase; do
  corpus="$build/corpus/$target"
  crashes="$build/crashes/$target"
  mkdir -p "$corpus" "$crashes" "$seeds/$target"
  regressions=()
  [[ -d $root/test/fuzz/regressions/$target ]] && regressions=("$root/test/fuzz/regressions/$target")
  echo "== $target: $seconds s"
  if ! "$build/test/fuzz/locklint-fuzz-$target" -max_total_time="$seconds" -max_len=65536 \
       -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes/" \
       "$corpus" "$seeds/$target" "${regressions[@]}"; then
    echo "fuzz.sh: $target failed; the input is in $crashes" >&2
    status=1
  fi
done
exit $status
