#!/usr/bin/env bash
# Code coverage of the accelerator RTL over a regression: a coverage build of the configurations'
# models (Verilator line + toggle coverage, build-cov/), for each configuration the regression in
# shards on every core (each writes its coverage data) and the register test (mmasim regs), merged
# with verilator_coverage, an HTML report by lcov's genhtml and a summary number. With more than one
# configuration the data of all of them are merged as well: what no configuration reaches is dead
# RTL or a hole in the regression, and a table per source file names where it is.
#
#   bash scripts/coverage.sh [--jobs N] [--seed S] [--config NAME | --config all]...
#
# --jobs is per configuration (default 2000); --config repeats, `all` is every hw/config/*.json.
# Output in build-cov/coverage/: merged.dat (verilator_coverage), merged.info (lcov tracefile),
# html/index.html, annotate/ (sources with per-line counts), files.txt (lines per source file,
# most missed first); with several configurations <config>/ holds each one's own. The last lines
# print the totals, the register tests' and the regressions' summaries; exit status 1 if a job or
# a register check failed.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD=$ROOT/build-cov
jobs=2000 seed=1 configs=()
usage() { echo "usage: $0 [--jobs N] [--seed S] [--config NAME | --config all]..." >&2; exit 2; }
while (($#)); do
  case $1 in
    --jobs) (($# >= 2)) || usage; jobs=$2; shift 2 ;;
    --seed) (($# >= 2)) || usage; seed=$2; shift 2 ;;
    --config) (($# >= 2)) || usage; configs+=("$2"); shift 2 ;;
    *) usage ;;
  esac
done
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "coverage.sh: --jobs takes a number of jobs >= 1 (got '$jobs')" >&2; exit 2; }
[[ $seed =~ ^[0-9]+$ ]] || { echo "coverage.sh: --seed takes a number (got '$seed')" >&2; exit 2; }
((${#configs[@]})) || configs=(default)
if [[ " ${configs[*]} " == *" all "* ]]; then
  configs=()
  for f in "$ROOT"/hw/config/*.json; do configs+=("$(basename "$f" .json)"); done
fi
for c in "${configs[@]}"; do   # checked here, before a long build, with the list of known names
  [[ -f $ROOT/hw/config/$c.json ]] ||
    { echo "coverage.sh: no configuration '$c' in hw/config (known: $(cd "$ROOT/hw/config" && ls *.json | sed 's/\.json//' | tr '\n' ' '))" >&2; exit 2; }
done
bash "$ROOT/scripts/setup.sh" >/dev/null || { echo "coverage.sh: setup failed" >&2; exit 1; }
cfg_list=$(IFS=';'; echo "${configs[*]}")
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DMMA_SIM_COVERAGE=ON "-DMMA_SIM_CONFIGS=$cfg_list" >/dev/null ||
  { echo "coverage.sh: configure failed" >&2; exit 1; }
echo "coverage.sh: building the coverage model(s) of ${configs[*]} in $BUILD"
cmake --build "$BUILD" --target mmasim -j"$(nproc)" >"$BUILD/build.log" 2>&1 ||
  { echo "coverage.sh: build failed, see $BUILD/build.log" >&2; exit 1; }
OUT=$BUILD/coverage
rm -rf "$OUT"
mkdir -p "$OUT"
shards=$(nproc)
((shards <= jobs)) || shards=$jobs   # a shard of no job would simulate nothing
failed=0

# report DIR TITLE: merged.dat of DIR -> merged.info, annotate/, html/, files.txt; prints the totals
report() {
  local dir=$1 title=$2 total lines
  verilator_coverage --write-info "$dir/merged.info" "$dir/merged.dat" || exit 1
  total=$(verilator_coverage --annotate "$dir/annotate" "$dir/merged.dat" 2>&1 | grep -i "total coverage")
  genhtml --quiet --output-directory "$dir/html" --title "$title" "$dir/merged.info" \
    >"$dir/genhtml.log" 2>&1 || echo "coverage.sh: genhtml failed, see $dir/genhtml.log" >&2
  # lines per source file from the tracefile (SF: file, DA: line,count), most missed first
  awk -F'[:,]' -v root="$ROOT/" '
    /^SF:/ { f = substr($0, 4); sub(root, "", f) }
    /^DA:/ { n[f]++; if ($3 > 0) h[f]++ }
    END { for (f in n) printf "%6d %6d %6d  %s\n", n[f] - h[f], h[f] + 0, n[f], f }' "$dir/merged.info" |
    sort -k1,1nr -k4 | awk 'BEGIN { print "missed    hit  lines  file" } { print }' >"$dir/files.txt"
  lines=$(lcov --summary "$dir/merged.info" 2>&1 | grep -E "lines" | head -1)
  echo "coverage report: $dir/html/index.html (per file: $dir/files.txt)"
  echo "verilator_coverage: $total (line and toggle points of every RTL module)"
  echo "lcov: $lines"
}

for c in "${configs[@]}"; do
  dir=$OUT
  ((${#configs[@]} == 1)) || dir=$OUT/$c
  mkdir -p "$dir"
  echo "coverage.sh: $jobs jobs of config $c, seed $seed, $shards shards"
  for ((i = 0; i < shards; i++)); do
    "$BUILD/bin/mmasim" regress --config "$c" --seed "$seed" --jobs "$jobs" --shard "$i/$shards" --quiet \
      --json "$dir/shard_$i.json" --coverage "$dir/shard_$i.dat" --fst-dir "$dir" >"$dir/shard_$i.log" 2>&1 &
  done
  wait
  # the register test (mmasim regs) exercises what jobs do not: every register's reset value, byte
  # strobes, read-only and unmapped addresses, the counters' carry
  "$BUILD/bin/mmasim" regs --config "$c" --coverage "$dir/regs.dat" >"$dir/regs.log" 2>&1 ||
    { echo "coverage.sh: the register test of $c failed, see $dir/regs.log" >&2; failed=1; }
  verilator_coverage --write "$dir/merged.dat" "$dir"/shard_*.dat "$dir/regs.dat" || exit 1
  "$BUILD/bin/mmasim" merge "$dir"/shard_*.json >"$dir/summary.txt" 2>&1 || failed=1
  report "$dir" "mmacore accelerator ($c)"
  echo "register test: $(tail -n 1 "$dir/regs.log")"
  tail -n 3 "$dir/summary.txt"
done
if ((${#configs[@]} > 1)); then
  per_config=()
  for c in "${configs[@]}"; do per_config+=("$OUT/$c/merged.dat"); done
  verilator_coverage --write "$OUT/merged.dat" "${per_config[@]}" || exit 1
  echo "coverage.sh: all configurations merged (${configs[*]}): what none of them reaches"
  report "$OUT" "mmacore accelerator (${configs[*]})"
  head -n 11 "$OUT/files.txt"
fi
exit $failed
