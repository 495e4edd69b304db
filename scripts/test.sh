#!/usr/bin/env bash
# The full test suite (what CI runs through .ci/run).
#
#   bash scripts/test.sh
#
# 1. scripts/setup.sh (tools + .venv, idempotent)
# 2. configure + build (-j2): build/ (Release, with the Verilator models of sim/) and, with one job
#    beside its configure, build-asan/ (Debug at -O1, MMA_SANITIZE=ON: the C library, CLI and tests;
#    Verilator's generated C++ is not ours to sanitize, and the models and the cross-built firmware
#    are built once, in build/)
# 3. scripts/rv32-size.sh: freestanding rv32imc build of the library and its size table
# 4. ctest in build-asan/ (the tests that run our C code; the ones that run tools on the sources,
#    whose result does not depend on the build type - labels static, lint, syn, board, rv32 - run
#    once, in build/), then ctest in build/ LAST, so the final line is the Release ctest summary
#    ("100% tests passed, 0 tests failed out of N").
# Exit status non-zero on any failure.
set -uo pipefail
case $# in
  0) ;;
  *) if [[ $1 == -h || $1 == --help ]] && (($# == 1)); then
       sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0
     fi
     echo "test.sh: takes no arguments (the whole suite always runs), got '$*' (--help)" >&2; exit 2 ;;
esac

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JOBS=${JOBS:-2}
[[ $JOBS =~ ^[0-9]+$ ]] && ((JOBS >= 1)) || { echo "test.sh: JOBS takes a number >= 1, got '$JOBS'" >&2; exit 2; }
# Tests that run tools (clang-tidy/cppcheck, the generators' staleness check, yosys, the board flow,
# the rv32 cross build) on the sources: the same result in every build directory, so run once.
BUILD_TYPE_FREE_LABELS='^(static|lint|syn|board|rv32)$'
failures=()

die() { echo "test.sh: $*" >&2; exit 1; }
# Each phase's header shows the time since the start, and the phases' durations are listed before
# the final summary line (where the CI time goes).
t0=$SECONDS t_phase=$SECONDS phase_name="" phase_times=()
phase() {
  [[ -z $phase_name ]] || phase_times+=("$phase_name $((SECONDS - t_phase)) s")
  phase_name=$1 t_phase=$SECONDS
  echo "== $2 (at $((SECONDS - t0)) s)"
}

phase setup "setup"
bash "$ROOT/scripts/setup.sh" || die "setup failed"

# build-asan (Debug at -O1, MMA_SANITIZE=ON, MMA_LIBRARY_ONLY plus the RTL generator, whose tests
# then run sanitized too) is configured and built with one job beside the Release configure, which
# runs Verilator once per model, one after the other on one core (135 s on 2026-11-28's machine, the
# other core idle). -O1, as the AddressSanitizer documentation recommends: the sanitized tests run
# 2-3x faster than at Debug's -O0 (the largest were 100-150 s each), and the build type stays Debug,
# so assert() stays on. Its output goes to build-asan/build.log, shown when it fails.
phase build "configure + build: build (Release), with build-asan beside the Release configure"
mkdir -p "$ROOT/build-asan"
asan_log="$ROOT/build-asan/build.log"
(
  cmake -S "$ROOT" -B "$ROOT/build-asan" -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-g -O1" \
    "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1" -DMMA_SANITIZE=ON -DMMA_LIBRARY_ONLY=ON -DMMA_BUILD_HW=ON &&
    cmake --build "$ROOT/build-asan" -j1
) >"$asan_log" 2>&1 &
asan_pid=$!
release_ok=1
. "$ROOT/scripts/build_retry.sh"
cmake -S "$ROOT" -B "$ROOT/build" -DCMAKE_BUILD_TYPE=Release && mma_build "$ROOT/build" -j"$JOBS" || release_ok=0
if ! wait "$asan_pid"; then
  tail -n 60 "$asan_log" >&2
  die "configure or build of build-asan failed (log: $asan_log)"
fi
echo "test.sh: build-asan built (log: $asan_log)"
((release_ok)) || die "configure or build of build (Release) failed"

phase rv32 "rv32imc freestanding build + size"
bash "$ROOT/scripts/rv32-size.sh" || failures+=("rv32-size.sh")

phase fuzz "fuzz: every libFuzzer target for a short fixed time (scripts/fuzz.sh)"
bash "$ROOT/scripts/fuzz.sh" || failures+=("fuzz.sh")

phase ctest-asan "ctest: build-asan"
ctest --test-dir "$ROOT/build-asan" --output-on-failure --no-tests=error -j"$JOBS" \
  --label-exclude "$BUILD_TYPE_FREE_LABELS" || failures+=("ctest build-asan")

if ((${#failures[@]})); then
  echo "test.sh: FAILED so far: ${failures[*]}" >&2
fi

phase ctest "ctest: build (Release)"
log="$ROOT/build/ctest-release.log"
ctest --test-dir "$ROOT/build" --output-on-failure --no-tests=error -j"$JOBS" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
((rc == 0)) || failures+=("ctest build")
phase end "phases"
echo "test.sh: ${phase_times[*]/%/,} total $((SECONDS - t0)) s"
# ctest prints its timing after the summary; repeat the summary so it is the final line.
summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
if [[ -n $summary ]]; then
  echo "$summary"
else
  echo "test.sh: no ctest summary line (did any test run?)" >&2
  failures+=("ctest build: no summary")
fi
((${#failures[@]} == 0))
