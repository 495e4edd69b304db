#!/usr/bin/env bash
# A faster mmasim for long regressions: the Verilated models' per-cycle code built with -O2 and
# GCC's profile-guided optimisation, trained on this configuration's own bench and regression.
#
#   bash scripts/sim-pgo.sh [--configs "default hopper ..."] [--out DIR]
#
# Defaults: --configs default, --out build-pgo. Four steps, in DIR:
#   1. configure with -DMMA_SIM_OPT_FAST="-O2 -fprofile-generate ..." and build mmasim (instrumented)
#   2. train: per configuration `mmasim bench` and `mmasim regress --seed 1 --jobs 200`; both must
#      pass (every result bit-exact), else the script stops
#   3. configure with -fprofile-use and build mmasim again (the profiles in DIR/pgo-profile)
#   4. `mmasim bench` of the result per configuration (it must pass too): its cycles/s
# Then DIR/bin/mmasim is the faster build, e.g. MMASIM=build-pgo/bin/mmasim bash scripts/regress.sh.
# The build in build/ (the test suite's) is not touched. One model compiles in ~2 min of CPU
# per step on this machine; the numbers it gave are in docs/SIM_SPEED.md.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
configs=default out=$ROOT/build-pgo
while (($#)); do
  case $1 in
    --configs) configs=${2:-}; shift $(($# > 1 ? 2 : 1)) ;;
    --out) out=${2:-}; shift $(($# > 1 ? 2 : 1)) ;;
    *) echo "usage: $0 [--configs \"NAME ...\"] [--out DIR]" >&2; exit 2 ;;
  esac
done
[[ -n ${configs// /} && -n $out ]] || { echo "usage: $0 [--configs \"NAME ...\"] [--out DIR]" >&2; exit 2; }
for c in $configs; do # before anything is configured or built
  [[ -f $ROOT/hw/config/${c%@*}.json && ( $c != *@* || $c =~ @[1-9][0-9]?x[1-9][0-9]?$ ) ]] || {
    echo "sim-pgo.sh: no configuration '$c' in hw/config (known: $(cd "$ROOT/hw/config" && ls -- *.json | sed 's/[.]json$//' | xargs); NAME@RxC for another array, e.g. fp8@1x1)" >&2
    exit 2
  }
done
[[ -x $ROOT/.venv/bin/python ]] || bash "$ROOT/scripts/setup.sh"
prof=$out/pgo-profile
cfg_list=${configs// /;}
jobs=$(nproc)
configure() { # configure FLAGS LINKFLAGS
  cmake -S "$ROOT" -B "$out" -DCMAKE_BUILD_TYPE=Release "-DMMA_SIM_CONFIGS=$cfg_list" \
        "-DMMA_SIM_OPT_FAST=$1" "-DCMAKE_EXE_LINKER_FLAGS=$2" > "$out/configure.log" 2>&1 ||
    { tail -n 20 "$out/configure.log" >&2; echo "sim-pgo.sh: configuring $out failed ($out/configure.log)" >&2; exit 1; }
}
checked() { # checked LOG ARGS...: mmasim ARGS into LOG; a failure (a result not bit-exact) stops here
  local log=$1; shift
  "$out/bin/mmasim" "$@" > "$log" 2>&1 || { echo "sim-pgo.sh: mmasim $* failed: $log" >&2; exit 1; }
}
mkdir -p "$out"
rm -rf "$prof"
echo "sim-pgo.sh: 1/4 instrumented build of mmasim ($configs) in $out"
configure "-O2 -fprofile-generate -fprofile-update=single -fprofile-dir=$prof" "-fprofile-generate"
. "$ROOT/scripts/build_retry.sh"
mma_build "$out" --target mmasim -j "$jobs" > "$out/build-generate.log" 2>&1
echo "sim-pgo.sh: 2/4 training runs"
for c in $configs; do
  checked "$out/train-bench-$c.log" bench --config "$c"
  checked "$out/train-regress-$c.log" regress --config "$c" --seed 1 --jobs 200 --quiet
  echo "  $c: $(tail -n 1 "$out/train-regress-$c.log")"
done
echo "sim-pgo.sh: 3/4 build with the profiles"
configure "-O2 -fprofile-use -fprofile-correction -Wno-missing-profile -fprofile-dir=$prof" ""
mma_build "$out" --target mmasim -j "$jobs" > "$out/build-use.log" 2>&1
echo "sim-pgo.sh: 4/4 mmasim bench of the result"
for c in $configs; do
  checked "$out/bench-$c.log" bench --config "$c"
  echo "  $c: $(tail -n 1 "$out/bench-$c.log")"
done
echo "sim-pgo.sh: $out/bin/mmasim (e.g. MMASIM=$out/bin/mmasim bash scripts/regress.sh --config ${configs%% *})"
