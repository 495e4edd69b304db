#!/usr/bin/env bash
# The nightly co-simulation regression: every accelerator configuration linked into mmasim
# (`mmasim list`, or the ones --configs names), each on a seed of its own, through
# scripts/regress.sh (its shards on every core, a progress line every 30 s), then one table of the
# configurations and a last line "N passed, M failed" over all of them.
#
#   bash scripts/regress-all.sh [--seed S] [--jobs N] [--faults PERMILLE] [--configs "A B ..."]
#                               [--shards K] [--out DIR] [-- MMASIM_REGRESS_OPTIONS...]
#
# Defaults: seed 1, 2000 jobs a configuration, mmasim's share of faulted jobs, every configuration of
# $MMASIM (build/bin/mmasim), one shard per core, out build/regress-all-s<seed>. The i-th
# configuration of the list (from 0) runs seed S + i, so a fresh S gives every configuration jobs no
# earlier run had; the table names each seed. DIR/<config>/ holds that run's shards and merged
# summary.json, DIR/<config>.log its output. Under the table: every failed job's reproduction
# command (mmasim regress ... --job J --trace), at most 10 a configuration. Options after `--` go to
# every `mmasim regress` (see scripts/regress.sh). Exit status 0 when every job of every
# configuration passed, 1 when a job failed or a run ended without a summary, 2 on a usage error.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MMASIM=${MMASIM:-$ROOT/build/bin/mmasim}
seed=1 jobs=2000 faults= configs= shards=$(nproc) out= extra=()
usage() {
  [[ -z ${1:-} ]] || echo "regress-all.sh: $1" >&2
  echo "usage: $0 [--seed S] [--jobs N] [--faults PERMILLE] [--configs \"A B ...\"] [--shards K] [--out DIR] [-- OPTIONS]" >&2
  exit 2
}
while (($#)); do
  [[ $1 == -- ]] && { shift; extra=("$@"); break; }
  [[ $1 == --* && $# -ge 2 ]] || usage "bad or incomplete option $1"
  case $1 in
    --seed) seed=$2 ;;
    --jobs) jobs=$2 ;;
    --faults) faults=$2 ;;
    --configs) configs=$2 ;;
    --shards) shards=$2 ;;
    --out) out=$2 ;;
    *) usage "unknown option $1" ;;
  esac
  shift 2
done
# shellcheck source=scripts/regress_opts.sh
source "$ROOT/scripts/regress_opts.sh"
mma_regress_check_opts "$seed" "$jobs" "$shards" "$faults"
[[ -x $MMASIM ]] || { echo "regress-all.sh: $MMASIM not built (cmake --build build --target mmasim)" >&2; exit 2; }
mapfile -t linked < <("$MMASIM" list | awk 'NF { print $1 }')
((${#linked[@]})) || { echo "regress-all.sh: $MMASIM lists no configuration" >&2; exit 2; }
if [[ -n $configs ]]; then
  read -r -a run <<<"$configs"
  seen=" "
  for c in "${run[@]}"; do
    [[ " ${linked[*]} " == *" $c "* ]] ||
      usage "no configuration '$c' in $MMASIM (it has: ${linked[*]})"
    [[ $seen != *" $c "* ]] || usage "--configs names '$c' twice"
    seen+="$c "
  done
else
  run=("${linked[@]}")
fi
((${#run[@]})) || usage "--configs names no configuration"
out=${out:-$ROOT/build/regress-all-s$seed}
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
opts=()
[[ -z $faults ]] || opts+=(--faults "$faults")
((${#extra[@]} == 0)) || opts+=(-- "${extra[@]}")
echo "regress-all.sh: ${#run[@]} configurations (${run[*]}), $jobs jobs each${faults:+, --faults $faults}, seeds $seed.. -> $out"

start=$(date +%s)
rows=() repro=() total_p=0 total_f=0 bad=0
for i in "${!run[@]}"; do
  c=${run[$i]} s=$((10#$seed + i))
  log=$out/$c.log
  echo "regress-all.sh: [$((i + 1))/${#run[@]}] config $c, seed $s"
  t0=$(date +%s)
  MMASIM=$MMASIM bash "$ROOT/scripts/regress.sh" --config "$c" --seed "$s" --jobs "$jobs" --shards "$shards" \
    --out "$out/$c" "${opts[@]}" 2>&1 | tee "$log" | grep --line-buffered -E '^regress\.sh: [0-9]+/[0-9]+ jobs'
  rc=${PIPESTATUS[0]}
  # regress.sh refused its options before it ran anything (a run it started that ends without a
  # summary is a failed configuration below)
  grep -q '^regress\.sh: [0-9]* jobs of config' "$log" ||
    { tail -n 5 "$log" >&2; echo "regress-all.sh: regress.sh refused config $c (see $log)" >&2; exit 2; }
  wall=$(($(date +%s) - t0))
  last=$(tail -n 1 "$log")
  if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]}
  else
    p=0 f=$jobs   # no merged summary: count the whole run as failed, never as a pass
    echo "regress-all.sh: config $c ended without a summary (exit $rc); see $log" >&2
  fi
  result=pass
  ((rc == 0 && f == 0)) || { result=FAIL bad=1; }
  echo "regress-all.sh: config $c: $p passed, $f failed, $wall s"
  bins=$(sed -nE 's/^  coverage +([0-9]+\/[0-9]+) functional bins hit.*/\1/p' "$log" | tail -n 1)
  speed=$(sed -nE 's/^  simulated .*: ([0-9.]+[kM]?) cycles\/s.*/\1/p' "$log" | tail -n 1)
  rows+=("| $c | $s | $jobs | $p | $f | ${bins:--} | ${speed:--} | $wall | $result |")
  total_p=$((total_p + p)) total_f=$((total_f + f))
  mapfile -t r < <(grep -E '^ +reproduce: ' "$log" | sed -E 's/^ +reproduce: //' | head -n 10)
  ((${#r[@]} == 0)) || repro+=("config $c ($f failed; the first ${#r[@]}):" "${r[@]/#/  }")
done

echo
echo "---- regress-all: ${#run[@]} configurations, $jobs jobs each, $(($(date +%s) - start)) s"
echo "| config | seed | jobs | passed | failed | bins hit | cycles/s (one core) | wall s | result |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
printf '%s\n' "${rows[@]}"
if ((${#repro[@]})); then
  echo
  echo "reproduce (one command a failed job):"
  printf '%s\n' "${repro[@]}"
fi
echo "$total_p passed, $total_f failed"
exit $bad
