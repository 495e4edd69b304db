#!/usr/bin/env bash
# The area table of hw/syn/README.md: hw/syn/area.sh for every configuration and target given,
# one run after another (one yosys at a time), rows appended to build-syn/table.md as they finish.
#
#   hw/syn/table.sh [--configs "default ampere hopper"] [--targets "ice40 ecp5 xilinx"]
#                   [AREA.SH OPTIONS...]          e.g. --flatten, --array 1x1, --pnr
#
# Hierarchical runs take minutes each; --flatten runs of the 2x2 configurations take hours (see
# hw/syn/README.md), which is why this is a separate script and not part of any test.
set -euo pipefail
ROOT="${MMA_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
configs="default ampere hopper" targets="ice40 ecp5 xilinx" pass=()
while (($#)); do
  case $1 in
    --configs) configs=$2; shift 2 ;;
    --targets) targets=$2; shift 2 ;;
    *) pass+=("$1"); shift ;;
  esac
done
table="$ROOT/build-syn/table.md"
mkdir -p "$ROOT/build-syn"
[[ -s $table ]] || bash "${MMA_AREA_SH:-$ROOT/hw/syn/area.sh}" --header-only >"$table"
for c in $configs; do
  for t in $targets; do
    echo "== $c $t ${pass[*]}" >&2
    bash "${MMA_AREA_SH:-$ROOT/hw/syn/area.sh}" --config "$c" --target "$t" "${pass[@]}" | tee -a "$table" ||
      echo "| $c | | $t | ${pass[*]} | FAILED | | | | | | | | | | |" | tee -a "$table"
  done
done
echo "table: $table" >&2
