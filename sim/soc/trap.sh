#!/usr/bin/env bash
# ctest soc_trap / soc_vex_trap: a CPU trap must end the run with exit 125 and a message naming it.
# The program is GOOD.elf with its first instruction (at the reset address, the start of the
# first program header's data) replaced by ebreak: PicoRV32 raises its trap output; VexRiscv jumps
# to mtvec (0), an unmapped address, which the SoC reports as the trap.
#   bash trap.sh MMASOC GOOD.elf WORKDIR [mmasoc options...]
set -uo pipefail
MMASOC=$1 ELF=$2 W=$3
shift 3
rm -rf "$W" && mkdir -p "$W"
phoff=$(od -An -t u4 -j 28 -N 4 "$ELF" | tr -d ' ')
seg_off=$(od -An -t u4 -j $((phoff + 4)) -N 4 "$ELF" | tr -d ' ')
cp "$ELF" "$W/ebreak.elf"
printf '\x73\x00\x10\x00' | dd of="$W/ebreak.elf" bs=1 seek="$seg_off" conv=notrunc status=none   # ebreak
"$MMASOC" "$@" "$W/ebreak.elf" --max-cycles 100000 >"$W/out.txt" 2>&1
rc=$?
cat "$W/out.txt"
if ((rc != 125)); then
  echo "trap.sh: expected exit 125 (CPU trap), got $rc" >&2
  exit 1
fi
grep -q "the CPU trapped" "$W/out.txt" || { echo "trap.sh: no 'the CPU trapped' message" >&2; exit 1; }
echo "trap.sh: exit 125 with the message, as expected"
