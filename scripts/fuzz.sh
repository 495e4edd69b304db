#!/usr/bin/env bash
# Builds the libFuzzer targets (test/fuzz) with clang in build-fuzz/ and runs each for a fixed time,
# JOBS (default 2) targets at a time.
#
#   bash scripts/fuzz.sh                      # CI: every target for 20 s, libFuzzer seed 1
#   bash scripts/fuzz.sh --time 5             # every target for 5 s
#   bash scripts/fuzz.sh --long 600           # the long run: every target for 600 s, a random seed
#   bash scripts/fuzz.sh --seed 7             # libFuzzer's -seed (a number, or 'random')
#   bash scripts/fuzz.sh --long 9000 --runs 10000000   # stop each target at 10^7 inputs (or the time)
#   bash scripts/fuzz.sh --targets "format mma_run" --time 60
#   bash scripts/fuzz.sh --no-build           # reuse build-fuzz/ as it is
#
# Targets (every build-fuzz/bin/fuzz_* but the replays): format instr_parse mma_run metadata fragment
# mx_quantize sme hexfile conform_line cli_args elf_load summary_json. For long runs,
# MMA_FUZZ_WARP_LIMIT=N lowers the m*n*k up to which fuzz_fragment runs mma_warp_run (default
# 16384), MMA_FUZZ_RUN_LIMIT=N the one up to which fuzz_mma_run runs mma_run (default 32768), and
# TMPDIR=/dev/shm keeps fuzz_conform_line's scratch files in memory.
#
# Each target starts from its seed corpus (test/fuzz/corpus/<target>/, read only) plus the working
# corpus of earlier runs (build-fuzz/fuzz-run/<target>/corpus/, where new inputs go). The default
# run (CI's) uses the fixed seed 1, so that it checks the change under test instead of wandering
# into a new corner each time; exploring is the long run's job (a random seed, printed with the
# target so that a finding replays). A crash, a sanitizer report, a timeout (10 s per input), an
# out-of-memory or a property failure stops that target and leaves the input in
# build-fuzz/fuzz-run/<target>/artifacts/ and the log next to it; turn it into a regression with
# test/fuzz/scripts/add_regression.sh.
# Prints a table (target | execs | exec/s | seconds | crashes) and writes it to
# build-fuzz/fuzz-run/summary.txt. Exit status: 0 if no target crashed, 1 otherwise, 2 on a
# build or usage error.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
JOBS=${JOBS:-2}
secs=20
targets=""
build=1
seed=
runs=

usage() { sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }
die() { echo "fuzz.sh: $*" >&2; exit 2; }

while (($#)); do
  case $1 in
    --time) secs=${2:-}; shift 2 ;;
    --long) secs=${2:-600}; seed=${seed:-random}; shift 2 ;;
    --seed) seed=${2:-}; shift 2 ;;
    --runs) runs=${2:-}; shift 2 ;;
    --targets) targets=${2:-}; shift 2 ;;
    --no-build) build=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument '$1'" ;;
  esac
done
[[ $secs =~ ^[0-9]+$ ]] && ((secs > 0)) || die "the time must be a positive number of seconds (got '$secs')"
seed=${seed:-1}
[[ -z $runs || $runs =~ ^[1-9][0-9]*$ ]] || die "--runs takes a positive number of inputs (got '$runs')"
[[ $seed == random || $seed =~ ^[0-9]+$ ]] || die "the seed must be a number or 'random' (got '$seed')"

if ((build)); then
  command -v clang >/dev/null 2>&1 || die "clang not found (bash scripts/setup.sh installs it)"
  echo "== configure + build: $BUILD (clang, MMA_FUZZ=ON)"
  mkdir -p "$BUILD"
  # the library and the fuzz targets only: no Verilator models, RTL generators or firmware
  CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -DMMA_FUZZ=ON -DMMA_BUILD_TESTS=OFF -DMMA_BUILD_CLI=OFF \
    -DMMA_LIBRARY_ONLY=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$BUILD/configure.log" 2>&1 ||
    { cat "$BUILD/configure.log" >&2; die "configure failed"; }
  cmake --build "$BUILD" -j"$JOBS" >"$BUILD/build.log" 2>&1 ||
    { tail -n 40 "$BUILD/build.log" >&2; die "build failed (log: $BUILD/build.log)"; }
fi

if [[ -z $targets ]]; then
  for exe in "$BUILD"/bin/fuzz_*; do
    [[ -x $exe && $exe != *_replay ]] || continue
    targets+="${exe##*/fuzz_} "
  done
fi
[[ -n ${targets// /} ]] || die "no fuzz targets in $BUILD/bin (build with --no-build removed?)"

run_dir="$BUILD/fuzz-run"
mkdir -p "$run_dir"
summary="$run_dir/summary.txt"
any_crash=0
rows=()
# One target: runs it, prints its findings, writes its table row to $work/row (its last column:
# the crashes, which decide the verdict).
run_target() {
  local t=$1 exe="$BUILD/bin/fuzz_$1" work="$run_dir/$1" seeds="$ROOT/test/fuzz/corpus/$1"
  local opts=() s=$seed start rc elapsed execs crashes rate
  rm -rf "$work/artifacts" "$work/row"
  mkdir -p "$work/corpus" "$work/artifacts" "$seeds"
  [[ -n $runs ]] && opts+=(-runs="$runs")
  [[ -f $ROOT/test/fuzz/dict/$t.dict ]] && opts+=(-dict="$ROOT/test/fuzz/dict/$t.dict")
  [[ $s == random ]] && s=$((RANDOM * 32768 + RANDOM + 1))
  echo "== fuzz_$t: ${secs} s${runs:+ or $runs inputs}, -seed=$s"
  start=$(date +%s)
  "$exe" -seed="$s" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" "${opts[@]}" "$work/corpus" "$seeds" >"$work/log.txt" 2>&1
  rc=$?
  elapsed=$(($(date +%s) - start))
  execs=$(grep -E '^stat::number_of_executed_units:' "$work/log.txt" | tail -n 1 | awk '{print $2}')
  if [[ -z $execs ]]; then # a crash skips the final stats: take the last progress line
    execs=$(grep -oE '^#[0-9]+' "$work/log.txt" | tail -n 1 | tr -d '#')
  fi
  execs=${execs:-0}
  crashes=$(find "$work/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
    -o -name 'oom-*' \) | wc -l)
  if ((rc != 0 && crashes == 0)); then
    crashes=1 # failed without an artifact (e.g. a crash while loading the corpus)
  fi
  if ((crashes > 0)); then
    echo "   fuzz_$t FAILED (exit $rc): log $work/log.txt, inputs $work/artifacts/"
    grep -E 'PROPERTY FAILED|ERROR: (Address|Undefined|libFuzzer)|runtime error|SUMMARY' "$work/log.txt" |
      head -n 5 | sed 's/^/   /'
  fi
  rate=$((elapsed > 0 ? execs / elapsed : execs))
  printf '%-14s | %12s | %8s | %7s | %7s\n' "$t" "$execs" "$rate" "$elapsed" "$crashes" >"$work/row"
}

# JOBS targets at a time (each libFuzzer process uses one core), rows in the order of $targets
for t in $targets; do
  [[ -x $BUILD/bin/fuzz_$t ]] || die "no target fuzz_$t in $BUILD/bin"
done
for t in $targets; do
  while (($(jobs -rp | wc -l) >= JOBS)); do wait -n; done
  run_target "$t" &
done
wait
for t in $targets; do # a target that wrote no row (killed) counts as crashed
  row=$(cat "$run_dir/$t/row" 2>/dev/null || printf '%-14s | %12s | %8s | %7s | %7s' "$t" - - - 1)
  rows+=("$row")
  [[ ${row##*| } =~ ^\ *0$ ]] || any_crash=1
done

{
  printf '%-14s | %12s | %8s | %7s | %7s\n' target execs exec/s seconds crashes
  printf '%s\n' "---------------+--------------+----------+---------+--------"
  printf '%s\n' "${rows[@]}"
} | tee "$summary"
exit $((any_crash ? 1 : 0))
