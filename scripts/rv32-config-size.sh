#!/usr/bin/env bash
# Size of the golden model per library configuration, as linked into rv32imc firmware (-Os,
# -ffunction-sections -fdata-sections, --gc-sections): what a firmware that uses only that part
# of the library carries.
#
#   bash scripts/rv32-config-size.sh [BUILDDIR] [--top N]
#
# Builds firmware/apps (board/rv32/toolchain-rv32imc.cmake) into BUILDDIR (default build-fw-size)
# and prints, per configuration: the library's .text + .rodata in the linked ELF (from the link
# map: input sections that come from libmmacore_*.a), the whole ELF's .text + .rodata, and the
# largest library objects. Configurations (firmware/apps/sizes/*.c, firmware/apps/CMakeLists.txt):
#   fp8_dot     mma_preset_profile + mma_dot for e4m3/e5m2                (components: accumulate)
#   fp8mx_dot   + the MX block-scale stage and scaled products            (+ block_scale; no parser)
#   gemm        mma_instr_parse + mma_instr_profile + mma_gemm             (mma and what it calls)
#   whole       every library object (the archive, nothing collected)
# Target (issue 10): fp8mx_dot <= 12 KiB (12288 bytes) of .text + .rodata.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT=${1:-$ROOT/build-fw-size}
TOP=6
if [[ ${2:-} == --top && -n ${3:-} ]]; then TOP=$3; fi
CROSS=${CROSS:-riscv64-unknown-elf-}
TARGET=12288

command -v "${CROSS}gcc" >/dev/null || { echo "rv32-config-size: ${CROSS}gcc not found (bash scripts/setup.sh)" >&2; exit 1; }
cmake -S "$ROOT/firmware/apps" -B "$OUT" -DCMAKE_TOOLCHAIN_FILE="$ROOT/board/rv32/toolchain-rv32imc.cmake" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$OUT" -j2 --target size_board size_fp8_dot size_fp8mx_dot size_gemm mmacore_full >/dev/null
FW="$OUT/firmware"

# lib_bytes MAP: bytes of .text*/.rodata*/.srodata* input sections from libmmacore_*.a
# ($1 = "total" or "objects" for a per-object breakdown)
map_sizes() {
  awk -v mode="$2" '
    function hex(h,   i, c, v) { v = 0; h = tolower(h); sub(/^0x/, "", h)
      for (i = 1; i <= length(h); i++) { c = index("0123456789abcdef", substr(h, i, 1)) - 1; v = v * 16 + c }
      return v }
    function take(sec, size, file,   obj) {
      if (sec ~ /^\.(text|rodata|srodata)/ && file ~ /libmmacore_/) {
        total += hex(size)
        obj = file; sub(/.*\(/, "", obj); sub(/\)$/, "", obj); sub(/\.c\.obj$/, "", obj)
        per[obj] += hex(size)
      }
    }
    /^Linker script and memory map/ { on = 1; next }
    !on { next }
    # an input section is " .name 0xADDR 0xSIZE file", or " .name" alone and the rest on the next line
    /^ \./ && NF == 1 { pend = $1; next }
    /^ \./ && NF >= 4 && $2 ~ /^0x/ && $3 ~ /^0x/ { take($1, $3, $4); pend = ""; next }
    pend != "" && /^  +0x/ && NF >= 3 && $2 ~ /^0x/ { take(pend, $2, $3) }
    { pend = "" }
    END {
      if (mode == "total") print total + 0
      else for (o in per) printf "%d %s\n", per[o], o
    }' "$1"
}

elf_bytes() {  # .text + .rodata of an ELF
  "${CROSS}size" -A "$1" | awk '$1 == ".text" || $1 == ".rodata" { t += $2 } END { print t + 0 }'
}

printf '%-12s %-44s %10s %10s\n' "config" "what" "library" "ELF"
printf '%-12s %-44s %10s %10s\n' "------------" "--------------------------------------------" "----------" "----------"
declare -A what=(
  [board]="board support only (UART, printf, timer, exit)"
  [fp8_dot]="FP8 dot: mma_preset_profile + mma_dot"
  [fp8mx_dot]="FP8/MX dot: + block scale stage, scaled products"
  [gemm]="GEMM: instr parser + mma_gemm"
)
for c in board fp8_dot fp8mx_dot gemm; do
  elf="$FW/size_$c.elf" map="$FW/size_$c.map"
  [[ $c == board ]] && elf="$FW/size_board.elf" map="$FW/size_board.map"
  printf '%-12s %-44s %10d %10d\n' "$c" "${what[$c]}" "$(map_sizes "$map" total)" "$(elf_bytes "$elf")"
done
whole=$("${CROSS}size" -B "$OUT/libmmacore_full.a" | awk 'NR > 1 { t += $1 } END { print t }')
printf '%-12s %-44s %10d %10s\n' "whole" "every library object (archive, no --gc-sections)" "$whole" "-"
echo
for c in fp8_dot fp8mx_dot gemm; do
  echo "largest library objects in $c (bytes of .text + .rodata kept):"
  map_sizes "$FW/size_$c.map" objects | sort -rn | head -n "$TOP" | awk '{ printf "  %7d  %s\n", $1, $2 }'
done
fp8mx=$(map_sizes "$FW/size_fp8mx_dot.map" total)
if ((fp8mx <= TARGET)); then verdict="met"; else verdict="NOT met"; fi
echo "rv32-config-size: FP8/MX dot configuration: $fp8mx bytes of library .text + .rodata (target <= $TARGET): $verdict"
