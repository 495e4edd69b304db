#!/usr/bin/env bash
# Freestanding RV32 build of the mmacore library, with a .text size table.
#
#   bash scripts/rv32-size.sh [OUTDIR]      (default: a temporary directory, removed afterwards)
#
# 1. Freestanding check: every library file (firmware/lib/**/*.c, firmware/lib/**/*.h, include/mma/*.h, include/mma/hw/*.h)
#    may include only <stdint.h>, <stddef.h>, <stdbool.h>, the mma/ and mma/hw/ public headers and private
#    headers of firmware/lib (same folder, or "../<folder>/<name>.h"). Anything else (libc,
#    <string.h>, <math.h>, ...) fails.
# 2. Compiles every library source of the one list (cmake/MmaLibSources.cmake) with exactly
#      riscv64-unknown-elf-gcc -march=rv32imc -mabi=ilp32 -ffreestanding -nostdlib -Os \
#        -Wall -Wextra -Werror -Iinclude -c
#    archives the objects (libmmacore-rv32.a) and prints text/data/bss per object and the total.
# 3. Checks the archive's external references: libgcc helpers and memcpy/memmove/memset/memcmp
#    (GCC's freestanding contract) only.
# Exits non-zero on any failure.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

CROSS=${CROSS:-riscv64-unknown-elf-}
CC="${CROSS}gcc"
AR="${CROSS}ar"
SIZE="${CROSS}size"
CFLAGS=(-march=rv32imc -mabi=ilp32 -ffreestanding -nostdlib -Os -Wall -Wextra -Werror -Iinclude -c)

for tool in "$CC" "$AR" "$SIZE"; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "rv32-size: $tool not found (bash scripts/setup.sh installs gcc-riscv64-unknown-elf)" >&2
    exit 1
  fi
done

if [[ $# -ge 1 ]]; then
  OUT=$1
  mkdir -p "$OUT"
else
  OUT=$(mktemp -d)
  trap 'rm -rf "$OUT"' EXIT
fi
rm -f "$OUT"/*.o "$OUT"/libmmacore-rv32.a

shopt -s nullglob globstar
sources=()
while IFS= read -r f; do
  [[ -n $f ]] && sources+=("$f")
done < <(cmake -DMMA_PRINT_SOURCES=ON ${MMA_COMPONENTS:+-DMMA_COMPONENTS="$MMA_COMPONENTS"} -P cmake/MmaLibSources.cmake)
checked=(firmware/lib/**/*.c firmware/lib/**/*.h include/mma/*.h include/mma/hw/*.h)
if ((${#sources[@]} == 0)); then
  echo "rv32-size: no library sources in firmware/lib" >&2
  exit 1
fi

# ------------------------------------------------------------------ 1. freestanding includes
bad=0
for f in "${checked[@]}"; do
  dir=$(dirname "$f")
  # "N:<text>" for every #include line (also '#  include', with comments after it).
  while IFS= read -r line; do
    lineno=${line%%:*}
    text=${line#*:}
    if [[ $text =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*([\<\"])([^\>\"]+)[\>\"] ]]; then
      delim=${BASH_REMATCH[1]}
      close='"'; [[ $delim == '<' ]] && close='>'
      hdr=${BASH_REMATCH[2]}
      case $hdr in
        stdint.h | stddef.h | stdbool.h) continue ;;
      esac
      if [[ $hdr =~ ^mma/(hw/)?[A-Za-z0-9_]+\.h$ && -f include/$hdr ]]; then
        continue
      fi
      if [[ $delim == '"' && $dir == firmware/lib/* && $hdr =~ ^(\.\./[a-z_]+/)?[A-Za-z0-9_]+\.h$ && -f $dir/$hdr ]]; then
        continue
      fi
      echo "rv32-size: $f:$lineno: not freestanding: #include $delim$hdr$close (allowed: stdint.h, stddef.h, stdbool.h, mma/*.h, mma/hw/*.h, firmware/lib private headers)" >&2
    else
      echo "rv32-size: $f:$lineno: unrecognised #include (computed includes are not allowed): $text" >&2
    fi
    bad=1
  done < <(grep -nE '^[[:space:]]*#[[:space:]]*include' "$f" || true)
done
if ((bad)); then
  echo "rv32-size: FAILED: library includes headers outside the freestanding set" >&2
  exit 1
fi
echo "rv32-size: freestanding include check passed (${#checked[@]} files)"

# ------------------------------------------------------------------ 2. compile + archive
echo "rv32-size: $CC ${CFLAGS[*]}"
objs=()
failed=0
for src in "${sources[@]}"; do
  rel=${src#firmware/lib/}
  obj="$OUT/${rel//\//_}"
  obj="${obj%.c}.o"
  if ! "$CC" "${CFLAGS[@]}" "$src" -o "$obj"; then
    echo "rv32-size: FAILED to compile $src" >&2
    failed=1
    continue
  fi
  objs+=("$obj")
done
if ((failed)); then
  echo "rv32-size: FAILED: library does not build freestanding for rv32imc" >&2
  exit 1
fi
"$AR" rcs "$OUT/libmmacore-rv32.a" "${objs[@]}"

# ------------------------------------------------------------------ 2b. no libc references
# Undefined symbols of the archive that no member defines must be libgcc helpers (__*) or the
# four functions GCC's freestanding contract lets the compiler call (memcpy, memmove, memset,
# memcmp: the board support provides them). Anything else means a libc dependency.
NM="${CROSS}nm"
undef=$("$NM" -u "$OUT/libmmacore-rv32.a" | awk 'NF == 2 && $1 == "U" { print $2 }' | sort -u)
defined=$("$NM" --defined-only "$OUT/libmmacore-rv32.a" | awk 'NF == 3 { print $3 }' | sort -u)
external=$(comm -23 <(printf '%s\n' "$undef") <(printf '%s\n' "$defined") | grep -v '^$' || true)
bad_syms=$(printf '%s\n' "$external" | grep -vE '^(__[A-Za-z0-9_]+|memcpy|memmove|memset|memcmp)$' | grep -v '^$' || true)
if [[ -n $bad_syms ]]; then
  echo "rv32-size: FAILED: the library references symbols outside libgcc and the freestanding set:" >&2
  printf '  %s\n' $bad_syms >&2
  exit 1
fi
echo "rv32-size: external symbols: $(printf '%s ' $external)(libgcc helpers and the freestanding mem* set only)"

# ------------------------------------------------------------------ 3. size table
# Berkeley format: text data bss dec hex filename [(ex archive)]
"$SIZE" -B "$OUT/libmmacore-rv32.a" | awk '
  NR == 1 { next }
  {
    name = $6; sub(/^.*\//, "", name)
    printf "  %-28s %10d %8d %8d\n", name, $1, $2, $3
    t += $1; d += $2; b += $3; n++
  }
  BEGIN { printf "  %-28s %10s %8s %8s\n", "object (rv32imc -Os)", "text", "data", "bss"
          printf "  %-28s %10s %8s %8s\n", "----------------------------", "----------", "--------", "--------" }
  END   { printf "  %-28s %10s %8s %8s\n", "----------------------------", "----------", "--------", "--------"
          printf "  %-28s %10d %8d %8d\n", "total (" n " objects)", t, d, b
          printf "rv32-size: total text = %d bytes (size -B: .text + .rodata)\n", t }'
if [[ $# -ge 1 ]]; then
  echo "rv32-size: archive $OUT/libmmacore-rv32.a"
fi
