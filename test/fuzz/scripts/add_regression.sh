#!/usr/bin/env bash
# Turns an input that crashed a fuzz target (or broke one of its properties) into a regression test.
#
#   bash test/fuzz/scripts/add_regression.sh TARGET FILE [NAME]
#
# Copies FILE to test/fuzz/regressions/TARGET/NAME (default: regression-<file name>; a name starting
# with crash- would be dropped by .gitignore),
# then replays it through the target's entry point without libFuzzer (build-fuzz-replay/, gcc or
# cc) to show the failure. ctest runs it from then on as part of fuzz_TARGET_replay (every build);
# it fails until the bug is fixed. Describe the bug in test/fuzz/regressions/README.md.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
(($# >= 2)) || { sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 2; }
target=$1 file=$2 name=${3:-regression-$(basename "$2")} # not crash-*: .gitignore drops those
[[ -f $ROOT/test/fuzz/fuzz_$target.c ]] || { echo "add_regression.sh: no target fuzz_$target" >&2; exit 2; }
dest="$ROOT/test/fuzz/regressions/$target"
mkdir -p "$dest"
cp "$file" "$dest/$name"
echo "added $dest/$name"
build="$ROOT/build-fuzz-replay"
cmake -S "$ROOT" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DMMA_SANITIZE=ON >/dev/null
cmake --build "$build" -j2 --target "fuzz_${target}_replay" >/dev/null
"$build/bin/fuzz_${target}_replay" "$dest/$name" || echo "(fails as expected until the bug is fixed)"
