#!/usr/bin/env bash
# ctest soc_elf_errors: mmasoc given malformed or truncated ELF files must exit with status 2 and a
# one-line message naming the problem: never crash, never run anything.
#   bash elf_errors.sh MMASOC GOOD.elf WORKDIR
set -uo pipefail
MMASOC=$1 ELF=$2 W=$3
rm -rf "$W" && mkdir -p "$W"
size=$(stat -c %s "$ELF")
cases=()
add() { cases+=("$1"); }

: >"$W/empty.elf"; add empty
printf 'this is not an ELF file, just text long enough to fill an ELF header.......\n' >"$W/text.elf"; add text
phoff=$(od -An -t u4 -j 28 -N 4 "$ELF" | tr -d ' ')
seg_end=$(( $(od -An -t u4 -j $((phoff + 4)) -N 4 "$ELF" | tr -d ' ') + $(od -An -t u4 -j $((phoff + 16)) -N 4 "$ELF" | tr -d ' ') ))
# cut inside the header, inside the program headers, and one byte short of the first segment's data
for n in 4 51 52 60 100 $((seg_end - 1)); do
  if ((n < size)); then head -c "$n" "$ELF" >"$W/cut$n.elf"; add "cut$n"; fi
done
# patch <name> <offset> <printf-escaped bytes>: a copy of the good ELF with bytes replaced
patch() { cp "$ELF" "$W/$1.elf"; printf "$3" | dd of="$W/$1.elf" bs=1 seek="$2" conv=notrunc status=none; add "$1"; }
patch class 4 '\x02'                 # ELFCLASS64
patch data 5 '\x02'                  # big-endian
patch machine 18 '\x3e\x00'          # x86-64
patch type 16 '\x03\x00'             # ET_DYN
patch phnum 44 '\x00\x00'            # no program headers
patch phoff 28 '\xf0\xff\xff\x7f'    # program headers far past the end
patch phentsize 42 '\x10\x00'        # wrong entry size
patch entry 24 '\x00\x10\x00\x80'    # entry point is not the reset address
# first program header (at e_phoff): offset, address and sizes out of range
patch seg_offset $((phoff + 4)) '\x00\x00\x00\x7f'    # p_offset past the end of the file
patch seg_addr $((phoff + 12)) '\x00\x00\x00\x10'     # p_paddr outside the RAM
patch seg_memsz $((phoff + 20)) '\xff\xff\xff\xff'    # p_memsz past the end of the RAM
patch seg_filesz $((phoff + 16)) '\xff\xff\xff\x7f'   # p_filesz > p_memsz

bad=0
for c in "${cases[@]}"; do
  err=$("$MMASOC" "$W/$c.elf" --max-cycles 100000 2>&1 >/dev/null)
  rc=$?
  if [[ $rc -ne 2 || $err != "mmasoc: $W/$c.elf: "* || $(printf '%s\n' "$err" | wc -l) -ne 1 ]]; then
    echo "FAIL $c: exit status $rc (expected 2), stderr: $err"
    bad=1
  else
    echo "ok   $c: ${err#mmasoc: $W/}"
  fi
done
if ((bad)); then echo "soc_elf_errors: FAILED"; exit 1; fi
echo "soc_elf_errors: ${#cases[@]} malformed files rejected with a message"
