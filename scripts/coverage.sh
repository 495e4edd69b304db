#!/usr/bin/env bash
# Code coverage of the accelerator RTL over a regression: a coverage build of the default
# configuration's model (Verilator line + toggle coverage, build-cov/), the regression in shards on
# every core (each writes its coverage data) and the register test (mmasim regs), merged with
# verilator_coverage, an HTML report by lcov's genhtml and a summary number.
#
#   bash scripts/coverage.sh [--jobs N] [--seed S] [--config NAME]
#
# Output: build-cov/coverage/merged.dat (verilator_coverage), merged.info (lcov tracefile),
# html/index.html (open in a browser), annotate/ (sources with per-line counts); the last lines
# print the total coverage and the regression's "N passed, M failed".
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD=$ROOT/build-cov
jobs=2000 seed=1 config=default
while (($#)); do
  case $1 in
    --jobs) jobs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --config) config=$2; shift 2 ;;
    *) echo "usage: $0 [--jobs N] [--seed S] [--config NAME]" >&2; exit 2 ;;
  esac
done
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "coverage.sh: --jobs takes a number of jobs >= 1 (got '$jobs')" >&2; exit 2; }
bash "$ROOT/scripts/setup.sh" >/dev/null || { echo "coverage.sh: setup failed" >&2; exit 1; }
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DMMA_SIM_COVERAGE=ON -DMMA_SIM_CONFIGS="$config" >/dev/null ||
  { echo "coverage.sh: configure failed" >&2; exit 1; }
cmake --build "$BUILD" --target mmasim -j"$(nproc)" >"$BUILD/build.log" 2>&1 ||
  { echo "coverage.sh: build failed, see $BUILD/build.log" >&2; exit 1; }
OUT=$BUILD/coverage
rm -rf "$OUT"
mkdir -p "$OUT"
shards=$(nproc)
((shards <= jobs)) || shards=$jobs   # a shard of no job would simulate nothing
echo "coverage.sh: $jobs jobs of config $config, seed $seed, $shards shards"
for ((i = 0; i < shards; i++)); do
  "$BUILD/bin/mmasim" regress --config "$config" --seed "$seed" --jobs "$jobs" --shard "$i/$shards" --quiet \
    --json "$OUT/shard_$i.json" --coverage "$OUT/shard_$i.dat" --fst-dir "$OUT" >"$OUT/shard_$i.log" 2>&1 &
done
wait
# the register test (mmasim regs) exercises what jobs do not: every register's reset value, byte
# strobes, read-only and unmapped addresses
regs_ok=1
"$BUILD/bin/mmasim" regs --config "$config" --coverage "$OUT/regs.dat" >"$OUT/regs.log" 2>&1 || regs_ok=0
verilator_coverage --write "$OUT/merged.dat" "$OUT"/shard_*.dat "$OUT/regs.dat" || exit 1
verilator_coverage --write-info "$OUT/merged.info" "$OUT/merged.dat" || exit 1
total=$(verilator_coverage --annotate "$OUT/annotate" "$OUT/merged.dat" 2>&1 | grep -i "total coverage")
genhtml --quiet --output-directory "$OUT/html" --title "mmacore accelerator ($config)" "$OUT/merged.info" \
  >"$OUT/genhtml.log" 2>&1 || echo "coverage.sh: genhtml failed, see $OUT/genhtml.log" >&2
lines=$(lcov --summary "$OUT/merged.info" 2>&1 | grep -E "lines" | head -1)
echo "coverage report: $OUT/html/index.html"
echo "verilator_coverage: $total (line and toggle points of every RTL module)"
echo "lcov: $lines"
echo "register test: $(tail -n 1 "$OUT/regs.log")"
((regs_ok)) || { echo "coverage.sh: the register test failed, see $OUT/regs.log" >&2; exit 1; }
"$BUILD/bin/mmasim" merge "$OUT"/shard_*.json | tail -n 3
