#!/usr/bin/env bash
# Code coverage of the C library (firmware/lib) by the test suite: a build whose library is
# compiled with gcov (MMA_COVERAGE=ON, the library at -O0), its ctest suite, lcov over the
# library's sources only, a table per file and an HTML report. (The RTL's coverage over a
# regression is scripts/coverage.sh.)
#
#   bash scripts/lib-coverage.sh [--with-rtl] [--out DIR] [--min-lines PCT]
#
# Default: the library and its host programs only (build-libcov/: Debug, MMA_LIBRARY_ONLY=ON), the
# library's own tests. --with-rtl: the whole build with the Verilator models (build-libcov-rtl/:
# Release, only the library instrumented), so the tests that compare the RTL with the C stages and
# with mma_gemm count too.
# Output (DIR, default <build>/coverage): lib.info (lcov tracefile: lines, functions, branches),
# html/index.html, and on stdout the per-file table and the totals. Exit status: non-zero when the
# build or a test fails, or when --min-lines is given and line coverage is below it.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="" min_lines="" with_rtl=0
usage() { echo "usage: $0 [--with-rtl] [--out DIR] [--min-lines PCT]" >&2; exit 2; }
while (($#)); do
  case $1 in
    --with-rtl) with_rtl=1; shift ;;
    --out) (($# >= 2)) || usage; out=$2; shift 2 ;;
    --min-lines) (($# >= 2)) || usage; min_lines=$2; shift 2 ;;
    *) usage ;;
  esac
done
[[ -z $min_lines || $min_lines =~ ^[0-9]+(\.[0-9]+)?$ ]] ||
  { echo "lib-coverage.sh: --min-lines takes a percentage (got '$min_lines')" >&2; exit 2; }
if ((with_rtl)); then
  BUILD=$ROOT/build-libcov-rtl
  config=(-DCMAKE_BUILD_TYPE=Release)
else
  BUILD=$ROOT/build-libcov
  config=(-DCMAKE_BUILD_TYPE=Debug -DMMA_LIBRARY_ONLY=ON)
fi
# The tests that run tools on the sources (clang-tidy, generators, yosys, board flows, the rv32
# cross build) do not execute the host library.
skip_labels='^(static|lint|syn|board|rv32)$'
OUT=${out:-$BUILD/coverage}

bash "$ROOT/scripts/setup.sh" >/dev/null || { echo "lib-coverage.sh: setup failed" >&2; exit 1; }
mkdir -p "$BUILD" "$OUT"
echo "lib-coverage.sh: building $BUILD (library with gcov) ..."
{ cmake -S "$ROOT" -B "$BUILD" "${config[@]}" -DMMA_COVERAGE=ON &&
  cmake --build "$BUILD" -j"$(nproc)"; } >"$BUILD/build.log" 2>&1 ||
  { tail -n 40 "$BUILD/build.log" >&2; echo "lib-coverage.sh: build failed, see $BUILD/build.log" >&2; exit 1; }

LCOV=(lcov --quiet --rc lcov_branch_coverage=1)
"${LCOV[@]}" --zerocounters --directory "$BUILD" || exit 1
echo "lib-coverage.sh: ctest in $BUILD ..."
ctest --test-dir "$BUILD" --no-tests=error -j"$(nproc)" --label-exclude "$skip_labels" \
  --output-on-failure >"$BUILD/ctest.log" 2>&1
test_rc=$?
grep -E "tests passed|tests failed" "$BUILD/ctest.log"

"${LCOV[@]}" --capture --directory "$BUILD" --output-file "$OUT/all.info" 2>"$OUT/lcov.log" ||
  { cat "$OUT/lcov.log" >&2; echo "lib-coverage.sh: lcov --capture failed" >&2; exit 1; }
"${LCOV[@]}" --extract "$OUT/all.info" "$ROOT/firmware/lib/*" --output-file "$OUT/lib.info" ||
  { echo "lib-coverage.sh: lcov --extract failed" >&2; exit 1; }
genhtml --quiet --branch-coverage --prefix "$ROOT" --output-directory "$OUT/html" "$OUT/lib.info" \
  >/dev/null 2>>"$OUT/lcov.log" || echo "lib-coverage.sh: genhtml failed (see $OUT/lcov.log)" >&2

echo
echo "Coverage of firmware/lib by the test suite (ctest of $BUILD):"
lcov --rc lcov_branch_coverage=1 --list "$OUT/lib.info" | sed "s|$ROOT/||"
summary=$(lcov --rc lcov_branch_coverage=1 --summary "$OUT/lib.info" 2>&1)
echo "$summary" | grep -E '^ +(lines|functions|branches)'
echo "report: $OUT/html/index.html"

rc=0
if ((test_rc != 0)); then
  echo "lib-coverage.sh: a test failed (log: $BUILD/ctest.log)" >&2
  rc=1
fi
if [[ -n $min_lines ]]; then
  pct=$(echo "$summary" | sed -n 's/^ *lines\.*: \([0-9.]*\)%.*/\1/p')
  if [[ -z $pct ]]; then
    echo "lib-coverage.sh: no line coverage in lcov's summary" >&2; rc=1
  elif ! awk -v p="$pct" -v m="$min_lines" 'BEGIN { exit !(p >= m) }'; then
    echo "lib-coverage.sh: line coverage $pct % is below --min-lines $min_lines %" >&2; rc=1
  fi
fi
exit $rc
