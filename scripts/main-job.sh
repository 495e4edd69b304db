#!/usr/bin/env bash
# The main job: the co-simulation regression of the accelerator's default configuration against the
# golden model, the GPU configurations through the accelerator against real tensor-core outputs,
# the golden model itself against those outputs, a worked example, and one summary.
#
#   bash scripts/main-job.sh   (SEED=S: the regression's and the generated GPU sets' seed; JOBS_N=N jobs;
#                              GEN_LINES=L lines a generated set)
#
# 1. scripts/setup.sh (tools + .venv, idempotent)
# 2. Release build in build/ of the CLI and mmasim (every Verilated accelerator configuration)
# 3. co-simulation regression: scripts/regress.sh --config default --seed $SEED --jobs $JOBS_N
#    (random jobs of every mode through the OS-free driver into the Verilated accelerator, random
#    AXI timing and injected faults, every D bit against mma_gemm; one shard per core, merged);
#    every failure prints the one command that reproduces it (with its waveform)
# 4. mmasim conform: every GPU configuration of the accelerator against that GPU's outputs; then
#    the same for the GPUs the repository has no outputs of, on data sets in the same layout whose D
#    comes from the independent reference model (test/conformance/make_gpu_sets.py, GEN_LINES a set),
#    and the golden model on those sets (test/conformance/conform_tree.sh)
# 5. build/bin/mmacore conform DIR for every DIR in ../shared/vectors/gpu/<GPU>/<format>
# 6. worked example: one mma.sync m16n8k16 f16 -> f32 instruction on examples/m16n8k16_f16
# 7. summary table; the last line is "N passed, M failed". Exit status non-zero on any failure.
set -uo pipefail
case $# in
  0) ;;
  *) if [[ $1 == -h || $1 == --help ]] && (($# == 1)); then
       sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0
     fi
     echo "main-job.sh: takes no arguments (SEED=S JOBS_N=N GEN_LINES=L bash scripts/main-job.sh changes the run), got '$*' (--help)" >&2; exit 2 ;;
esac

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VECTORS="$(dirname "${BASH_SOURCE[0]}")/../../shared/vectors/gpu"
BUILD="$ROOT/build"
CLI="$BUILD/bin/mmacore"
MMASIM="$BUILD/bin/mmasim"
LOGS="$BUILD/main-job"
JOBS=${JOBS:-2}
SEED=${SEED:-1}
JOBS_N=${JOBS_N:-1000}
GEN_LINES=${GEN_LINES:-1000}
PY="$ROOT/.venv/bin/python"

# the run's knobs are whole numbers: a typo would otherwise surface only after setup and the build,
# as an ERROR row of the summary
for knob in SEED JOBS_N GEN_LINES JOBS; do
  [[ ${!knob} =~ ^[0-9]+$ ]] || { echo "main-job.sh: $knob takes a whole number, got '${!knob}'" >&2; exit 2; }
done
((JOBS_N >= 1 && GEN_LINES >= 1 && JOBS >= 1)) ||
  { echo "main-job.sh: JOBS_N, GEN_LINES and JOBS take a number >= 1 (got $JOBS_N, $GEN_LINES, $JOBS)" >&2; exit 2; }

die() { echo "main-job: $*" >&2; exit 1; }

# tally NAME LOG PATTERN FAIL_STATUS: the last line of LOG matching PATTERN ("N passed, M failed")
# becomes a row of the summary; without such a line the step counts as one failure (ERROR)
tally() {
  local last p f status
  last=$(grep -E "$3" "$2" | tail -n 1)
  if [[ $last =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
    p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]}
    status=ok; ((f == 0)) || status=$4
  else
    p=0 f=1 status="ERROR (no summary, see $2)"
  fi
  rows+=("$1|$p|$f|$status")
  total_pass=$((total_pass + p))
  total_fail=$((total_fail + f))
}

echo "== setup"
bash "$ROOT/scripts/setup.sh" || die "setup failed"

echo "== build (Release, $BUILD): mmacore CLI and mmasim"
# -U: a build/ configured earlier with a subset of the accelerator configurations gets them all again
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -UMMA_SIM_CONFIGS || die "configure failed"
. "$ROOT/scripts/build_retry.sh"
mma_build "$BUILD" -j"$JOBS" --target mmacore_cli mmasim || die "build failed"
[[ -x $CLI ]] || die "$CLI was not built (is cli/ there?)"
[[ -x $MMASIM ]] || die "$MMASIM was not built (Verilator missing? bash scripts/setup.sh)"

mkdir -p "$LOGS"
rows=()          # "name|passed|failed|status"
total_pass=0
total_fail=0

# ------------------------------------------------------------------ co-simulation regression
echo "== co-simulation regression: config default, seed $SEED, $JOBS_N jobs"
reg_out="$LOGS/regress-default-s$SEED"
rm -rf "$reg_out"
bash "$ROOT/scripts/regress.sh" --config default --seed "$SEED" --jobs "$JOBS_N" --out "$reg_out" \
  2>&1 | tee "$LOGS/regress.log"
tally "cosim default s$SEED" "$LOGS/regress.log" '^[0-9]+ passed, [0-9]+ failed' \
  "FAIL (reproduce: see $reg_out/summary.json)"

echo "== accelerator GPU configurations against the GPUs' outputs (mmasim conform)"
"$MMASIM" conform 2>&1 | tee "$LOGS/rtl_conform.log"
tally "rtl conform (GPU configs)" "$LOGS/rtl_conform.log" 'data sets, [0-9]+ passed, [0-9]+ failed' FAIL

echo "== the same path for the GPUs without outputs here (T4, A2, A30, L40S, H100, H200, B200, sm_120; D from ref_model.py)"
GEN="$LOGS/gpu-sets"
rm -rf "$GEN"
{ "$PY" "$ROOT/test/conformance/make_gpu_sets.py" "$GEN" --lines "$GEN_LINES" --seed "$SEED" && "$MMASIM" conform "$GEN"; } 2>&1 |
  tee "$LOGS/rtl_conform_generated.log"
tally "rtl conform (generated)" "$LOGS/rtl_conform_generated.log" 'data sets, [0-9]+ passed, [0-9]+ failed' FAIL
bash "$ROOT/test/conformance/conform_tree.sh" "$CLI" "$GEN" >"$LOGS/conform_generated.log" 2>&1
tail -n 1 "$LOGS/conform_generated.log" | sed 's/^/golden model on the same sets: /'
tally "golden conform (generated)" "$LOGS/conform_generated.log" '^conform tree: .* passed, [0-9]+ failed' FAIL

# ------------------------------------------------------------------ conformance
[[ -d $VECTORS ]] || die "no conformance vectors at $VECTORS"
VECTORS="$(cd "$VECTORS" && pwd)"
echo "== golden model conformance: $VECTORS"
shopt -s nullglob
dirs=("$VECTORS"/*/*/)
((${#dirs[@]})) || die "no <GPU>/<format> directories under $VECTORS"
for dir in "${dirs[@]}"; do
  dir=${dir%/}
  name=${dir#"$VECTORS"/}
  log="$LOGS/conform_${name//\//_}.log"
  "$CLI" conform "$dir" >"$log" 2>&1
  rc=$?
  last=$(grep -v '^[[:space:]]*$' "$log" | tail -n 1)
  if [[ $last =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
    p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]}
    if ((rc != 0 && f == 0)); then
      status="ERROR (exit $rc)"; f=1
    elif ((f > 0)); then
      status="FAIL"
    else
      status="ok"
    fi
  else
    # No summary line: count every test of the directory as failed.
    p=0
    afile=("$dir"/a_*.txt)
    f=1
    ((${#afile[@]})) && f=$(wc -l <"${afile[0]}")
    ((f > 0)) || f=1
    status="ERROR (exit $rc, no summary line)"
  fi
  printf '  %-14s %s   [%s]\n' "$name" "${last:-<no output>}" "$log"
  if [[ $status != ok ]]; then
    echo "    $status; first lines of the log:"
    head -n 5 "$log" | sed 's/^/      /'
  fi
  rows+=("conform $name|$p|$f|$status")
  total_pass=$((total_pass + p))
  total_fail=$((total_fail + f))
done

# ------------------------------------------------------------------ worked example
EX="$ROOT/examples/m16n8k16_f16"
INSTR="mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
PROFILE="ampere"
echo "== worked example: $INSTR --profile $PROFILE (examples/m16n8k16_f16)"
echo "   D = A (16x16 f16) x B (16x8 f16) + C (16x8 f32); every value is exact, so every profile agrees"
out="$LOGS/example_m16n8k16_f16.out"
"$CLI" run "$INSTR" --profile "$PROFILE" --a "$EX/a.hex" --b "$EX/b.hex" --c "$EX/c.hex" >"$out" 2>&1
rc=$?
sed 's/^/   /' "$out"
normalise() { tr 'A-F' 'a-f' <"$1" | sed -E 's/0x//g; s/[[:space:]]+/ /g; s/^ //; s/ $//' | grep -v '^$'; }
if ((rc != 0)); then
  status="ERROR (exit $rc)"; p=0; f=1
elif diff <(normalise "$out") <(normalise "$EX/d.hex") >"$LOGS/example_m16n8k16_f16.diff"; then
  status="ok (D matches d.hex)"; p=1; f=0
else
  status="FAIL (D differs from d.hex, see $LOGS/example_m16n8k16_f16.diff)"; p=0; f=1
fi
rows+=("example m16n8k16_f16|$p|$f|$status")
total_pass=$((total_pass + p))
total_fail=$((total_fail + f))

# ------------------------------------------------------------------ summary
echo
echo "== summary"
printf '  %-28s %8s %8s  %s\n' "check" "passed" "failed" "status"
printf '  %-28s %8s %8s  %s\n' "----------------------------" "--------" "--------" "------"
for r in "${rows[@]}"; do
  IFS='|' read -r n p f s <<<"$r"
  printf '  %-28s %8d %8d  %s\n' "$n" "$p" "$f" "$s"
done
printf '  %-28s %8s %8s\n' "----------------------------" "--------" "--------"
echo "${total_pass} passed, ${total_fail} failed"
((total_fail == 0))
