#!/usr/bin/env bash
# Code coverage of the RTL (Verilator line + toggle coverage) by everything that exercises it: a
# coverage build (build-cov/) of the configurations' accelerator models and of the module harnesses,
# then for each configuration the random regression in shards on every core (scripts/regress.sh),
# jobs that each carry a fault, every mode against every rule of its K grid and the register test;
# once, every stage module against its C stage (exhaustive over 8-bit formats), the DPU against the
# C twin with its coverage closure and the exact FP8 arrays. All merged with verilator_coverage,
# an HTML report by lcov's genhtml, a table of lines per source file and the totals. With more than
# one configuration each one's data (its runs and the module harnesses) stays in <config>/ as well:
# what none of them reaches is dead RTL or a hole in the tests, and files.txt says where.
#
#   bash scripts/coverage.sh [--jobs N] [--seed S] [--config NAME | --config all]...
#
# --jobs: random jobs a configuration (default 2000; a tenth of them, at least 40, more with a fault
# each); --config repeats, `all` is every hw/config/*.json (default: default).
# Output in build-cov/coverage/: merged.dat (verilator_coverage), merged.info (lcov tracefile),
# html/index.html, annotate/ (sources with per-line counts), files.txt (lines per source file, most
# missed first), modules/ (the module harnesses' data and logs). The last lines print the totals and
# every run's summary; exit status 1 if a job, a register check or a module harness failed.
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
. "$ROOT/scripts/build_retry.sh"
mma_build "$BUILD" --target mmasim tb_mma_stages tb_mma_dpu tb_mma_exact_array_e5 tb_mma_exact_array_e4 \
  -j"$(nproc)" >"$BUILD/build.log" 2>&1 ||
  { echo "coverage.sh: build failed, see $BUILD/build.log" >&2; exit 1; }
OUT=$BUILD/coverage
rm -rf "$OUT"
mkdir -p "$OUT"
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

# the module harnesses, once: every ctest of a stage module, the DPU and the exact arrays, each
# process writing its counts into modules/ (MMA_SIM_COVERAGE_DIR, sim/common/tb_module_cov.h)
mkdir -p "$OUT/modules"
echo "coverage.sh: the module harnesses (stages, DPU, exact arrays)"
modules_ok=1
MMA_SIM_COVERAGE_DIR=$OUT/modules ctest --test-dir "$BUILD" -j"$(nproc)" -L stage >"$OUT/modules/ctest_stage.log" 2>&1 || modules_ok=0
MMA_SIM_COVERAGE_DIR=$OUT/modules ctest --test-dir "$BUILD" -j"$(nproc)" \
  -R '^rtl_(dpu|dpu_coverage|exact_array|exact_dpu_e4m3)$' >"$OUT/modules/ctest_dpu.log" 2>&1 || modules_ok=0
((modules_ok)) || { echo "coverage.sh: a module harness failed, see $OUT/modules/ctest_*.log" >&2; failed=1; }
grep -h "tests passed" "$OUT/modules"/ctest_*.log | sed 's/^/module harnesses: /'
verilator_coverage --write "$OUT/modules/merged.dat" "$OUT/modules"/*_[0-9]*.dat || exit 1

for c in "${configs[@]}"; do
  dir=$OUT
  ((${#configs[@]} == 1)) || dir=$OUT/$c
  mkdir -p "$dir"
  # the random jobs in one shard a core (regress.sh: its progress every 30 s shown here, the merged
  # summary in regress.log and below)
  MMA_SIM_COVERAGE_DIR= MMASIM=$BUILD/bin/mmasim bash "$ROOT/scripts/regress.sh" --config "$c" --seed "$seed" \
    --jobs "$jobs" --out "$dir" --coverage 2>&1 | tee "$dir/regress.log" | grep --line-buffered "^regress.sh: " || failed=1
  # what random jobs rarely reach: a fault in every job (rtl_accel_faults_<config>), every mode against
  # every rule of its K grid (rtl_accel_kgrid_<config>), the register test (every register's reset
  # value, byte strobes, read-only and unmapped addresses, the counters' carry)
  fjobs=$((jobs / 10 < 40 ? 40 : jobs / 10))
  "$BUILD/bin/mmasim" regress --config "$c" --seed "$seed" --jobs "$fjobs" --faults 1000 --quiet \
    --coverage "$dir/faults.dat" >"$dir/faults.log" 2>&1 || { echo "coverage.sh: the fault jobs of $c failed, see $dir/faults.log" >&2; failed=1; }
  "$BUILD/bin/mmasim" regress --config "$c" --seed "$seed" --each-mode 4 --faults 1000 --fault k_grid --quiet \
    --coverage "$dir/kgrid.dat" >"$dir/kgrid.log" 2>&1 || { echo "coverage.sh: the K-grid jobs of $c failed, see $dir/kgrid.log" >&2; failed=1; }
  "$BUILD/bin/mmasim" regs --config "$c" --coverage "$dir/regs.dat" >"$dir/regs.log" 2>&1 ||
    { echo "coverage.sh: the register test of $c failed, see $dir/regs.log" >&2; failed=1; }
  verilator_coverage --write "$dir/merged.dat" "$dir"/shard_*.dat "$dir/faults.dat" "$dir/kgrid.dat" "$dir/regs.dat" \
    "$OUT/modules/merged.dat" || exit 1
  echo "coverage.sh: $c (its jobs, fault jobs, K grid, register test and the module harnesses)"
  report "$dir" "mmacore RTL ($c)"
  echo "fault jobs: $(tail -n 1 "$dir/faults.log"); K grid: $(tail -n 1 "$dir/kgrid.log"); register test: $(tail -n 1 "$dir/regs.log")"
  tail -n 3 "$dir/regress.log"
done
if ((${#configs[@]} > 1)); then
  per_config=()
  for c in "${configs[@]}"; do per_config+=("$OUT/$c/merged.dat"); done
  verilator_coverage --write "$OUT/merged.dat" "${per_config[@]}" || exit 1
  echo "coverage.sh: all configurations merged (${configs[*]}): what none of them reaches"
  report "$OUT" "mmacore RTL (${configs[*]})"
  head -n 11 "$OUT/files.txt"
fi
exit $failed
