#!/usr/bin/env bash
# Where a Verilated accelerator model spends its simulated cycles, by RTL source line: builds mmasim
# with Verilator's --prof-cfuncs (one generated function per always block or continuous assignment,
# named after its module and line) into its own build directory, runs `mmasim bench --config C`
# (the array busy) under callgrind and prints a table: instructions per simulated cycle of each
# module:line summed over its instances, then the harness's and golden model's heaviest functions.
# Instruction counts do not depend on the machine, so two RTL versions compare on any day
# (scripts/sim-icount.sh gives the per-cycle totals of the normal build).
#
#   bash scripts/sim-profile.sh [--config C] [--build DIR] [--top N]
#
# Defaults: --config fp8, --build build-prof-C, --top 25. The first run builds the model (fp8 ~4 min,
# default ~15 min on one core); later runs rebuild what changed. --prof-cfuncs splits the per-cycle
# code into thousands of functions, so the whole runs ~10 % slower than the normal build and
# Verilator's eval_nba (the calls) appears as a line of its own. Needs valgrind (scripts/setup.sh
# --bench). Exit status 0, 1 if the build or the bench failed, 2 on a usage error.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
config=fp8 build="" top=25
usage() { echo "usage: $0 [--config C] [--build DIR] [--top N]" >&2; exit 2; }
while (($#)); do
  (($# >= 2)) || usage
  case $1 in
    --config) config=$2 ;;
    --build) build=$2 ;;
    --top) top=$2 ;;
    *) usage ;;
  esac
  shift 2
done
[[ $config =~ ^[a-z0-9_]+$ ]] || { echo "sim-profile.sh: bad configuration name '$config'" >&2; exit 2; }
[[ $top =~ ^[1-9][0-9]*$ ]] || { echo "sim-profile.sh: --top takes a positive number (got '$top')" >&2; exit 2; }
[[ -f $ROOT/hw/config/$config.json ]] || { echo "sim-profile.sh: no configuration '$config' (hw/config/)" >&2; exit 2; }
build=${build:-$ROOT/build-prof-$config}
command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null ||
  { echo "sim-profile.sh: valgrind not found (bash scripts/setup.sh --bench installs it)" >&2; exit 2; }

# shellcheck source=scripts/build_retry.sh
source "$ROOT/scripts/build_retry.sh"
echo "sim-profile: building mmasim for '$config' with --prof-cfuncs into $build" >&2
cmake -S "$ROOT" -B "$build" -DCMAKE_BUILD_TYPE=Release -DMMA_SIM_CONFIGS="$config" \
  -DMMA_SIM_VERILATOR_EXTRA=--prof-cfuncs >/dev/null || exit 1
mma_build "$build" --target mmasim || exit 1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
log=$tmp/bench.log out=$tmp/callgrind.out
if ! valgrind --tool=callgrind --callgrind-out-file="$out" "$build/bin/mmasim" bench --config "$config" >"$log" 2>&1; then
  tail -n 20 "$log" >&2
  echo "sim-profile.sh: mmasim bench --config $config failed under valgrind" >&2
  exit 1
fi
# the bench's own count of simulated cycles ("simulated N cycles in ...")
cycles=$(sed -nE 's/^simulated ([0-9]+) cycles.*/\1/p' "$log" | tail -n 1)
[[ -n $cycles ]] || { echo "sim-profile.sh: no cycle count in the bench's output" >&2; exit 1; }

callgrind_annotate --threshold=100 "$out" 2>/dev/null |
  awk -v cycles="$cycles" -v top="$top" -v cfg="$config" '
    # the keys of count[] into keys[1..], largest count first; returns their number
    function by_count(count, keys,   k, n, i, j, x) {
      n = 0
      for (k in count) keys[++n] = k
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (count[keys[j]] > count[keys[i]]) { x = keys[i]; keys[i] = keys[j]; keys[j] = x }
      return n
    }
    /PROGRAM TOTALS/ { t = $1; gsub(",", "", t) }
    /^ *[0-9,]+ +\(/ && !/PROGRAM TOTALS/ {
      n = $1; gsub(",", "", n)
      if (match($0, /PROF__[A-Za-z0-9_]+__l[0-9]+/)) {       # an RTL block: module__lLINE
        k = substr($0, RSTART + 6, RLENGTH - 6); sub(/__l/, ":", k)
        rtl[k] += n; inst[k]++; r += n
      } else {
        f = $0; sub(/^ *[0-9,]+ +\([^)]*\) +/, "", f)     # "file:function(args) [binary]"
        if (index(f, "???:")) sub(/^.*\?\?\?:/, "", f); else sub(/^[^:]*:/, "", f)
        sub(/\(.*/, "", f); sub(/ \[.*/, "", f)
        if (index(f, "Vmma_accel_")) { f = "(Verilator scheduling) " f; rtl_other += n }
        other[f] += n
      }
    }
    END {
      printf "sim-profile: %s, mmasim bench: %d simulated cycles, %.2f G instructions, %.1f k a cycle\n",
             cfg, cycles, t / 1e9, t / cycles / 1e3
      printf "  RTL blocks %.1f k a cycle, Verilator scheduling %.1f k, the rest (harness, driver, golden model) %.1f k\n\n",
             r / cycles / 1e3, rtl_other / cycles / 1e3, (t - r - rtl_other) / cycles / 1e3
      printf "| RTL module:line | instances | instructions a cycle | share |\n|---|---:|---:|---:|\n"
      n = by_count(rtl, keys)
      for (i = 1; i <= n && i <= top; i++)
        printf "| %s | %d | %.0f | %.1f %% |\n", keys[i], inst[keys[i]], rtl[keys[i]] / cycles, 100 * rtl[keys[i]] / t
      printf "\n| other function | instructions a cycle | share |\n|---|---:|---:|\n"
      m = by_count(other, okeys)
      for (i = 1; i <= m && i <= 10; i++)
        printf "| %s | %.0f | %.1f %% |\n", okeys[i], other[okeys[i]] / cycles, 100 * other[okeys[i]] / t
    }'
