#!/usr/bin/env bash
# Runs an rv32 firmware ELF (board/rv32/link.ld) on QEMU's virt machine, the same ELF as on the SoC.
#
#   bash board/qemu-virt/run.sh FIRMWARE.elf [--timeout SECONDS] [--expect-exit N]
#
# qemu-system-riscv32 -M virt -bios none -kernel ELF -nographic: UART0 (NS16550A at 0x10000000) on
# stdout, the firmware ends the run through the sifive_test device at 0x100000 and QEMU exits with
# its code. --timeout (default 60 s) ends a firmware that never exits: exit status 124.
# --expect-exit N: exit 0 if the firmware's code is N, else 1 (for ctest, where e.g. 77 means
# "software path passed, no accelerator").
set -uo pipefail

usage() { echo "usage: run.sh FIRMWARE.elf [--timeout SECONDS] [--expect-exit N]" >&2; exit 2; }
elf="" timeout_s=60 expect=""
while (($#)); do
  case $1 in
    --timeout) [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || usage; timeout_s=$2; shift 2 ;;
    --expect-exit) [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || usage; expect=$2; shift 2 ;;
    -h|--help) usage ;;
    -*) echo "run.sh: unknown option $1" >&2; usage ;;
    *) [[ -z $elf ]] || usage; elf=$1; shift ;;
  esac
done
[[ -n $elf ]] || usage
[[ -f $elf ]] || { echo "run.sh: no such file: $elf" >&2; exit 2; }
QEMU=${QEMU:-qemu-system-riscv32}
command -v "$QEMU" >/dev/null 2>&1 || { echo "run.sh: $QEMU not found (Debian package qemu-system-misc; bash scripts/setup.sh)" >&2; exit 2; }

# -m 128M: QEMU puts its device tree at the top of RAM, far above the firmware's 256 KiB.
timeout --foreground -k 5 "$timeout_s" "$QEMU" -M virt -bios none -m 128M -nographic -monitor none \
  -serial stdio -kernel "$elf" </dev/null
rc=$?
if ((rc == 124)); then
  echo "run.sh: $elf did not exit within ${timeout_s} s (timeout)" >&2
  exit 124
fi
echo "run.sh: $elf exit code $rc" >&2
if [[ -n $expect ]]; then
  if ((rc == expect)); then exit 0; fi
  echo "run.sh: expected exit code $expect" >&2
  exit 1
fi
exit "$rc"
