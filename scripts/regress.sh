#!/usr/bin/env bash
# The long co-simulation regression on every core of this machine: the jobs of one seed split into
# shards (mmasim regress --shard I/N, no coordination between them) run by GNU parallel (or
# xargs -P when parallel is not installed), then merged into one summary.
#
#   bash scripts/regress.sh [--config NAME] [--seed S] [--jobs N] [--faults PERMILLE] [--shards K]
#                           [--out DIR] [--coverage] [-- MMASIM_REGRESS_OPTIONS...]
#
# Defaults: config default, seed 1, 100000 jobs, mmasim's share of faulted jobs (--faults 60), one
# shard per core, out build/regress-<config>-s<seed>. Options after `--` go to every shard's
# `mmasim regress` as they are (e.g. `-- --fault k_grid`; each failure's reproduction command
# carries them).
# Every shard writes DIR/shard_<i>.json (summary, failures with their reproduction commands) and
# DIR/shard_<i>.xml (JUnit); DIR/summary.json is the merged summary; the last line is
# "N passed, M failed". The exit status is non-zero if any job failed or a shard wrote no summary
# (mmasim merge refuses an incomplete set of shards). At most one shard a job. --coverage: every
# shard also writes DIR/shard_<i>.dat (a model built with -DMMA_SIM_COVERAGE=ON, e.g.
# MMASIM=build-cov/bin/mmasim; scripts/coverage.sh merges them).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MMASIM=${MMASIM:-$ROOT/build/bin/mmasim}
config=default seed=1 jobs=100000 faults= shards=$(nproc) out= coverage=0 extra=()
usage() {
  [[ -z ${1:-} ]] || echo "regress.sh: $1" >&2
  echo "usage: $0 [--config NAME] [--seed S] [--jobs N] [--faults PERMILLE] [--shards K] [--out DIR] [--coverage] [-- OPTIONS]" >&2
  exit 2
}
while (($#)); do
  [[ $1 == --coverage ]] && { coverage=1; shift; continue; }
  [[ $1 == -- ]] && { shift; extra=("$@"); break; }
  [[ $1 == --* && $# -ge 2 ]] || usage "bad or incomplete option $1"
  case $1 in
    --config) config=$2 ;;
    --seed) seed=$2 ;;
    --jobs) jobs=$2 ;;
    --faults) faults=$2 ;;
    --shards) shards=$2 ;;
    --out) out=$2 ;;
    *) usage "unknown option $1" ;;
  esac
  shift 2
done
# shellcheck source=scripts/regress_opts.sh
source "$ROOT/scripts/regress_opts.sh"
mma_regress_check_opts "$seed" "$jobs" "$shards" "$faults"
((shards <= jobs)) || shards=$jobs   # a shard of no job would simulate nothing
[[ -x $MMASIM ]] || { echo "regress.sh: $MMASIM not built (cmake --build build --target mmasim)" >&2; exit 2; }
out=${out:-$ROOT/build/regress-$config-s$seed}
mkdir -p "$out"
# an earlier run's shards in the same directory would be merged with this one's
rm -f "$out"/shard_*.json "$out"/shard_*.xml "$out"/shard_*.log "$out"/shard_*.dat "$out/summary.json"
echo "regress.sh: $jobs jobs of config $config, seed $seed${faults:+, --faults $faults}, in $shards shards -> $out"
shard_cmd() { # shard_cmd I: the command of shard I
  local cov= opts=
  ((coverage)) && cov="--coverage $out/shard_$1.dat"
  [[ -z $faults ]] || opts=" --faults $((10#$faults))"
  ((${#extra[@]} == 0)) || opts+=$(printf ' %q' "${extra[@]}")
  echo "$MMASIM regress --config $config --seed $seed --jobs $jobs --shard $1/$shards $cov$opts" \
       "--json $out/shard_$1.json --junit $out/shard_$1.xml --fst-dir $out > $out/shard_$1.log 2>&1"
}
start=$(date +%s)
# progress: every 30 s the shards' latest "progress" lines (mmasim prints one every 10 s), summed
progress() {
  while sleep 30 </dev/null >/dev/null 2>&1; do   # the sleep must not hold the output open after the kill
    done_n=0 fail_n=0
    for ((i = 0; i < shards; i++)); do
      l=$(grep '^progress' "$out/shard_$i.log" 2>/dev/null | tail -n 1)
      [[ $l =~ \]\ ([0-9]+)/[0-9]+\ jobs,\ ([0-9]+)\ failed ]] || continue
      done_n=$((done_n + BASH_REMATCH[1])) fail_n=$((fail_n + BASH_REMATCH[2]))
    done
    echo "regress.sh: $done_n/$jobs jobs, $fail_n failed, $(($(date +%s) - start)) s"
  done
}
progress &
monitor=$!
trap 'kill $monitor 2>/dev/null' EXIT
if command -v parallel >/dev/null 2>&1; then
  for ((i = 0; i < shards; i++)); do shard_cmd $i; done | parallel --will-cite -j "$shards"
else
  for ((i = 0; i < shards; i++)); do shard_cmd $i; done | xargs -P "$shards" -I{} sh -c '{}'
fi
kill $monitor 2>/dev/null
for ((i = 0; i < shards; i++)); do
  [[ -s $out/shard_$i.json ]] || echo "regress.sh: shard $i wrote no summary; see $out/shard_$i.log" >&2
done
echo "wall time: $(($(date +%s) - start)) s"
"$MMASIM" merge "$out"/shard_*.json --json "$out/summary.json"
