#!/usr/bin/env bash
# The simulation cost of the accelerator models in instructions, which stay the same from machine to
# machine: callgrind counts what each model executes per simulated cycle, so two RTL versions (or two
# sets of Verilator / compiler flags) compare on any day. Wall-clock cycles/s of the `default` model
# moved 5x between days on this machine kind with the same binary (docs/SIM_SPEED.md); the
# instruction count did not.
#
#   bash scripts/sim-icount.sh [--mmasim PATH] [--configs "default hopper ..."] [--seed S] [--jobs N]
#
# Defaults: build/bin/mmasim, --configs default, --seed 1, --jobs 10. Per configuration it runs
# `mmasim regress --config C --seed S --jobs N --quiet` under `valgrind --tool=callgrind` (about 50x
# slower than without: 10 jobs of `default` take ~30 s), which must pass, and prints a table:
#   config | simulated cycles | model instructions (the Verilated model's functions) | per cycle |
#   other instructions (harness, driver, golden model) | the run's cycles/s under valgrind
# The counts are of the named binary: build it with the flags to compare (e.g. -DMMA_SIM_OPT_FAST).
# Needs valgrind (bash scripts/setup.sh --bench installs it). Exit status 0, 1 if a run failed, 2 on a
# usage error.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mmasim=$ROOT/build/bin/mmasim configs=default seed=1 jobs=10
usage() { echo "usage: $0 [--mmasim PATH] [--configs \"NAME ...\"] [--seed S] [--jobs N]" >&2; exit 2; }
while (($#)); do
  (($# >= 2)) || usage
  case $1 in
    --mmasim) mmasim=$2 ;;
    --configs) configs=$2 ;;
    --seed) seed=$2 ;;
    --jobs) jobs=$2 ;;
    *) usage ;;
  esac
  shift 2
done
die() { echo "sim-icount.sh: $*" >&2; exit 2; }
[[ $seed =~ ^[0-9]+$ ]] || die "the seed must be a number (got '$seed')"
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs takes a positive number (got '$jobs')"
[[ -x $mmasim ]] || die "no mmasim at $mmasim (cmake --build build --target mmasim)"
command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null ||
  die "valgrind not found (bash scripts/setup.sh --bench installs it)"
# the configurations this mmasim has a model of: its own list (`mmasim list`, one per line, name first)
linked=$("$mmasim" list | awk '{ print $1 }' | tr '\n' ' ')
for c in $configs; do
  [[ " $linked" == *" $c "* ]] || die "mmasim at $mmasim has no model of '$c' (it has: ${linked% }; build with -DMMA_SIM_CONFIGS=...)"
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
printf '| config | simulated cycles | model instructions | per cycle | other instructions | cycles/s under valgrind |\n'
printf '|---|---:|---:|---:|---:|---:|\n'
for c in $configs; do
  out=$tmp/$c.out log=$tmp/$c.log json=$tmp/$c.json
  if ! valgrind --tool=callgrind --callgrind-out-file="$out" \
       "$mmasim" regress --config "$c" --seed "$seed" --jobs "$jobs" --quiet --json "$json" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "sim-icount.sh: mmasim regress --config $c --seed $seed --jobs $jobs failed under valgrind" >&2
    failed=1
    continue
  fi
  # the summary's JSON: the simulated cycles and the seconds they took (under valgrind)
  cycles=$(sed -nE 's/^ *"cycles": ([0-9]+),?$/\1/p' "$json")
  seconds=$(sed -nE 's/^ *"seconds": ([0-9.]+),?$/\1/p' "$json")
  [[ -n $cycles && -n $seconds ]] || { echo "sim-icount.sh: no cycles / seconds in $c's summary" >&2; failed=1; continue; }
  # callgrind_annotate lists each function's instructions (Ir); the model's functions carry the
  # class name Vmma_accel_<id>, <id> the configuration's name with NAME@RxC written NAME_RxC
  # (sim/CMakeLists.txt); a run executes only its own model's functions
  read -r model total < <(callgrind_annotate --threshold=100 "$out" 2>/dev/null |
    awk -v cls="Vmma_accel_${c/@/_}" '/^ *[0-9,]+ +\(/ { n = $1; gsub(",", "", n);
                                   if ($0 ~ /PROGRAM TOTALS/) t = n; else if (index($0, cls)) m += n }
                                 END { printf "%.0f %.0f\n", m, t }')
  awk -v c="$c" -v n="$cycles" -v m="$model" -v t="$total" -v sec="$seconds" 'BEGIN {
    printf "| %s | %d | %.3f G | %.1f k | %.3f G | %.0f |\n", c, n, m / 1e9, m / n / 1e3, (t - m) / 1e9, n / sec }'
done
exit $failed
