#!/usr/bin/env bash
# iCEBreaker bitstream of the mmacore SoC with the micro accelerator (hw/rtl/micro: the exact e4m3
# dot product the CPU feeds through its registers; the DPU array does not fit the UP5K) with Debian's
# yosys, nextpnr-ice40 and icepack, and its resource / Fmax table.
#
#   bash board/icebreaker/build.sh [--accel micro|none] [--cpu picorv32|vexriscv]
#        [--app micro|hello|soctest] [--kmax-log2 N] [--sim | --sim-only] [--fit]
#        [OUTDIR]   (default build-icebreaker, build-icebreaker-vexriscv with --cpu vexriscv)
#
#   --accel A     micro (default: the micro accelerator in mma_soc_bare's slot, MICRO 1) or none (the
#                 slot empty, its window reads 0)
#   --app A       the firmware in the RAM: micro (the default with --accel micro: the accelerator's
#                 ID, the build-time vectors bit for bit, its misuse errors), hello (the default
#                 with --accel none: the UART, the timer, the slot) or soctest (--accel none: the
#                 SoC's memory map checked from the CPU: RAM lanes, UART registers, timer, the empty
#                 slot, the unmapped addresses around the 8 KiB of RAM); built as A_8k (firmware/apps)
#   --kmax-log2 N the micro's most products a dot product, 2^N (default 8; 5 .. 15)
#   --sim         first simulate top.v (Verilator, sim_top.cpp) with the same sources and
#                 firmware.hex: the 12 MHz clock, the UART decoded from the ser_tx pin at 115200
#                 baud and printed, until an LED lights; stops with an error unless the green one
#                 (firmware exit 0) does
#   --sim-only    --sim, then stop: no synthesis, no bitstream
#   --fit         synthesis and nextpnr's packing only (--pack-only: the logic cells, RAM and DSP
#                 blocks the UP5K must hold, as the full flow counts them, in a second instead of
#                 the ~2 min of placement and routing); stops with an error when any resource is over
#                 the device's count; no Fmax, no bitstream (the quick check; the test suite builds the
#                 bitstream, board_icebreaker_bitstream)
#
# 1. firmware: hello_8k.elf or soctest_8k.elf (firmware/apps, 8 KiB RAM) -> firmware.hex ($readmemh of the RAM),
#    built for rv32imc, or rv32im for VexRiscv; with --sim, its run on the simulated top
# 2. yosys synth_ice40 -dsp (hw/rtl/soc + picorv32.v from the installed pythondata-cpu-picorv32;
#    --cpu vexriscv: + VexRiscv_Lite.v from pythondata-cpu-vexriscv, mma_soc_cpu_vexriscv.v)
# 3. nextpnr-ice40 --up5k --package sg48 (12 MHz constraint), each resource checked against the
#    device (fit_check.sh), icepack -> mma_icebreaker.bin (--fit: nextpnr-ice40 --pack-only and the
#    check)
# 4. prints LUT4 / FF / DSP / BRAM (and SPRAM) use and the post-route Fmax; writes report.md
# Installs the tools (apt-get) and the Python package (.venv) when missing (scripts/setup.sh rules).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cpu=picorv32 app="" accel=micro kmax=8 OUT="" sim=0 sim_only=0 fit=0
while (($#)); do
  case $1 in
    --cpu) cpu=${2:?--cpu needs picorv32 or vexriscv}; shift 2 ;;
    --app) app=${2:?--app needs micro, hello or soctest}; shift 2 ;;
    --accel) accel=${2:?--accel needs micro or none}; shift 2 ;;
    --kmax-log2) kmax=${2:?--kmax-log2 needs a number}; shift 2 ;;
    --sim) sim=1; shift ;;
    --sim-only) sim=1; sim_only=1; shift ;;
    --fit) fit=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "icebreaker: unknown option '$1' (--help)" >&2; exit 2 ;;
    *) [[ -z $OUT ]] || { echo "icebreaker: one output directory, not '$OUT' and '$1'" >&2; exit 2; }
       OUT=$1; shift ;;
  esac
done
[[ $accel == micro || $accel == none ]] || { echo "icebreaker: --accel takes micro or none, not '$accel'" >&2; exit 2; }
[[ $kmax =~ ^[0-9]+$ ]] && ((kmax >= 5 && kmax <= 15)) || { echo "icebreaker: --kmax-log2 takes 5 .. 15, not '$kmax'" >&2; exit 2; }
((!(fit && sim_only))) || { echo "icebreaker: --fit synthesises, --sim-only stops before synthesis: give one" >&2; exit 2; }
[[ -n $app ]] || { [[ $accel == micro ]] && app=micro || app=hello; }
[[ $app == micro || $app == hello || $app == soctest ]] || { echo "icebreaker: --app takes micro, hello or soctest, not '$app'" >&2; exit 2; }
[[ $app != micro || $accel == micro ]] || { echo "icebreaker: --app micro needs --accel micro" >&2; exit 2; }
[[ $app != soctest || $accel == none ]] || { echo "icebreaker: --app soctest checks the empty slot: it needs --accel none" >&2; exit 2; }
accel_micro=0 design="SoC, no accelerator"
if [[ $accel == micro ]]; then
  accel_micro=1 design="SoC with the micro accelerator (exact e4m3 dot product, 2^$kmax products)"
fi
. "$ROOT/board/cpu.sh"
mma_board_cpu icebreaker "$cpu"
OUT=${OUT:-$ROOT/build-icebreaker$CPU_SFX}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd) # absolute: the flow runs its tools from OUT
t_start=$(date +%s)

need=()
command -v yosys >/dev/null || need+=(yosys)
command -v nextpnr-ice40 >/dev/null || need+=(nextpnr-ice40)
((fit)) || command -v icepack >/dev/null || need+=(fpga-icestorm)
command -v riscv64-unknown-elf-gcc >/dev/null || need+=(gcc-riscv64-unknown-elf)
((sim == 0)) || command -v verilator >/dev/null || need+=(verilator)
if ((${#need[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    apt-get -o DPkg::Lock::Timeout=600 update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${need[@]}" </dev/null
  else
    echo "icebreaker: missing ${need[*]} (apt-get install ${need[*]})" >&2; exit 1
  fi
fi
[[ -x $ROOT/.venv/bin/python ]] || bash "$ROOT/scripts/setup.sh"
mma_board_cpu_verilog "$ROOT/.venv/bin/python" "$ROOT"

# 1. firmware
cmake -S "$ROOT/firmware/apps" -B "$OUT/fw" -DCMAKE_TOOLCHAIN_FILE="$ROOT/board/rv32/toolchain-rv32imc.cmake" \
  -DMMA_RV32_MARCH=$CPU_MARCH >/dev/null
cmake --build "$OUT/fw" -j2 --target "${app}_8k" >/dev/null
riscv64-unknown-elf-objcopy -O binary "$OUT/fw/firmware/${app}_8k.elf" "$OUT/firmware.bin"
od -An -v -t x4 -w4 "$OUT/firmware.bin" | tr -d ' ' >"$OUT/firmware.hex"
mapfile -t soc < <(cmake -DMMA_PRINT_RTL=soc -P "$ROOT/cmake/MmaRtlSources.cmake")
((accel_micro == 0)) || mapfile -t -O ${#soc[@]} soc < <(cmake -DMMA_PRINT_RTL=micro -P "$ROOT/cmake/MmaRtlSources.cmake")
mapfile -t incs < <(cmake -DMMA_PRINT_RTL=incdirs -P "$ROOT/cmake/MmaRtlSources.cmake")
vinc=() yinc=""
for d in "${incs[@]}"; do vinc+=("-I$ROOT/$d"); yinc+=" -I$ROOT/$d"; done
srcs=()
for f in "${soc[@]}"; do srcs+=("$ROOT/$f"); done
sim_s=0 # the simulation's seconds (model build and run), left out of the report's flow time
if ((sim)); then
  t_sim0=$(date +%s)
  echo "icebreaker: simulating mma_icebreaker_top (Verilator) with firmware.hex (${app}_8k)"
  . "$ROOT/board/sim.sh"
  mma_board_sim icebreaker "$OUT" 0 --top-module mma_icebreaker_top -GCPU_VEXRISCV=$CPU_VEX \
    -GACCEL_MICRO=$accel_micro -GKMAX_LOG2=$kmax "${vinc[@]}" $CPU_V "${srcs[@]}" \
    "$ROOT/board/icebreaker/top.v" "$ROOT/board/icebreaker/sim_top.cpp"
  ((sim_only == 0)) || exit 0
  sim_s=$(($(date +%s) - t_sim0))
fi
t_syn0=$(date +%s)

# 2. synthesis
cd "$OUT"
. "$ROOT/scripts/progress.sh" # a line a minute while yosys and nextpnr run (MMA_PROGRESS_SECS)
mma_progress icebreaker yosys.log yosys -q -l yosys.log -p "read_verilog -DSYNTHESIS$yinc $CPU_V ${srcs[*]} $ROOT/board/icebreaker/top.v;
  chparam -set RAM_INIT \"$OUT/firmware.hex\" -set CPU_VEXRISCV $CPU_VEX -set ACCEL_MICRO $accel_micro -set KMAX_LOG2 $kmax mma_icebreaker_top;
  synth_ice40 -dsp -top mma_icebreaker_top -json mma_icebreaker.json"
t_syn=$(date +%s)

# 3. place and route, bitstream (--fit: packing only, each resource checked against the device by
#    fit_check.sh)
nextpnr_args=(-q --up5k --package sg48 --freq 12 --json mma_icebreaker.json
  --pcf "$ROOT/board/icebreaker/icebreaker.pcf" --log nextpnr.log --seed 1)
if ((fit)); then
  nextpnr-ice40 "${nextpnr_args[@]}" --pack-only
  bash "$ROOT/board/icebreaker/fit_check.sh" nextpnr.log || exit 1
  echo "icebreaker: synthesis $((t_syn - t_syn0)) s; no placement, routing or bitstream (--fit)"
  exit 0
fi
mma_progress icebreaker nextpnr.log nextpnr-ice40 "${nextpnr_args[@]}" --asc mma_icebreaker.asc
bash "$ROOT/board/icebreaker/fit_check.sh" nextpnr.log || exit 1 # the same resource check as --fit
icepack mma_icebreaker.asc mma_icebreaker.bin
t_end=$(date +%s)

# 4. report: nextpnr's device utilisation, FFs from yosys' last cell statistics, post-route Fmax
util() { grep -E "^Info:[[:space:]]+$1:" nextpnr.log | tail -1 | awk '{ sub(/\/$/, "", $3); print $3 " / " $4 }'; }
ffs=$(awk '/Number of cells/ { n = 0 } /^ +SB_DFF/ { n += $2 } END { print n }' yosys.log)
fmax=$(grep -E "Max frequency for clock" nextpnr.log | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
{
  echo "| board | design | LUT4 (logic cells) | FF | DSP (SB_MAC16) | BRAM (4 Kbit) | SPRAM | Fmax (MHz) | bitstream | time (s) |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---|---:|"
  printf '| iCEBreaker (iCE40UP5K) | %s%s, 8 KiB RAM, %s_8k | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$design" "$CPU_NAME" "$app" \
    "$(util ICESTORM_LC)" "$ffs" "$(util ICESTORM_DSP)" "$(util ICESTORM_RAM)" "$(util ICESTORM_SPRAM)" "$fmax" \
    "mma_icebreaker.bin ($(stat -c %s mma_icebreaker.bin) bytes)" "$((t_end - t_start - sim_s))"
} >report.md
cat report.md
echo "icebreaker: synthesis $((t_syn - t_syn0)) s, place/route/pack $((t_end - t_syn)) s; bitstream $OUT/mma_icebreaker.bin"
