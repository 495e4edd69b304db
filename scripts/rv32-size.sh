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
#        -Wall -Wextra -Werror -Iinclude -c -DMMA_FAST_TABLES=0   (and again with =1)
#    archives the objects (libmmacore-rv32.a; OUTDIR/fast-tables/ for =1) and prints text/data/bss
#    per object and the total, with the text of each object that the GEMM fast path's tables and
#    kernel instances (MMA_FAST_TABLES=1) change, and both totals.
# 3. Checks each archive's external references: libgcc helpers and memcpy/memmove/memset/memcmp
#    (GCC's freestanding contract) only.
# Exits non-zero on any failure.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if (($# > 1)) || [[ ${1:-} == -* ]]; then
  echo "usage: bash scripts/rv32-size.sh [OUTDIR] (got '$*')" >&2
  exit 2
fi
OUT=""
[[ $# -eq 0 ]] || OUT=$(mkdir -p "$1" && cd "$1" && pwd) # absolute: the script works from ROOT
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

if [[ -n $OUT ]]; then
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

# ------------------------------------------------------------------ 2. compile + archive, 2b. no libc, 3. size
# Twice: without (MMA_FAST_TABLES=0, the firmware default) and with the GEMM fast path's tables and
# kernel instances (MMA_FAST_TABLES=1, the host default); the first is the archive left in OUTDIR.
# build_variant DIR TABLES: compiles and archives into DIR, checks the external references, writes
# DIR/size.txt ("object text data bss" per line).
build_variant() {
  local dir=$1 tables=$2 objs=() failed=0
  mkdir -p "$dir"
  rm -f "$dir"/*.o "$dir/libmmacore-rv32.a"
  for src in "${sources[@]}"; do
    local rel=${src#firmware/lib/}
    local obj="$dir/${rel//\//_}"
    obj="${obj%.c}.o"
    if ! "$CC" "${CFLAGS[@]}" -DMMA_FAST_TABLES="$tables" "$src" -o "$obj"; then
      echo "rv32-size: FAILED to compile $src (MMA_FAST_TABLES=$tables)" >&2
      failed=1
      continue
    fi
    objs+=("$obj")
  done
  if ((failed)); then
    echo "rv32-size: FAILED: library does not build freestanding for rv32imc (MMA_FAST_TABLES=$tables)" >&2
    return 1
  fi
  "$AR" rcs "$dir/libmmacore-rv32.a" "${objs[@]}"

  # Undefined symbols of the archive that no member defines must be libgcc helpers (__*) or the
  # four functions GCC's freestanding contract lets the compiler call (memcpy, memmove, memset,
  # memcmp: the board support provides them). Anything else means a libc dependency.
  local NM="${CROSS}nm" undef defined external bad_syms
  undef=$("$NM" -u "$dir/libmmacore-rv32.a" | awk 'NF == 2 && $1 == "U" { print $2 }' | sort -u)
  defined=$("$NM" --defined-only "$dir/libmmacore-rv32.a" | awk 'NF == 3 { print $3 }' | sort -u)
  external=$(comm -23 <(printf '%s\n' "$undef") <(printf '%s\n' "$defined") | grep -v '^$' || true)
  bad_syms=$(printf '%s\n' "$external" | grep -vE '^(__[A-Za-z0-9_]+|memcpy|memmove|memset|memcmp)$' | grep -v '^$' || true)
  if [[ -n $bad_syms ]]; then
    echo "rv32-size: FAILED: the library references symbols outside libgcc and the freestanding set (MMA_FAST_TABLES=$tables):" >&2
    printf '  %s\n' $bad_syms >&2
    return 1
  fi
  echo "rv32-size: MMA_FAST_TABLES=$tables: external symbols: $(printf '%s ' $external)(libgcc helpers and the freestanding mem* set only)"
  # Berkeley format: text data bss dec hex filename [(ex archive)]
  "$SIZE" -B "$dir/libmmacore-rv32.a" | awk 'NR > 1 { name = $6; sub(/^.*\//, "", name); print name, $1, $2, $3 }' >"$dir/size.txt"
}

echo "rv32-size: $CC ${CFLAGS[*]} -DMMA_FAST_TABLES=0|1"
build_variant "$OUT" 0 || exit 1
build_variant "$OUT/fast-tables" 1 || exit 1

# Per object: the firmware default, and the same object with MMA_FAST_TABLES=1 where it differs.
awk '
  NR == FNR { t1[$1] = $2; next }
  {
    diff = (t1[$1] != $2) ? sprintf("%10d", t1[$1]) : ""
    printf "  %-28s %10d %8d %8d %s\n", $1, $2, $3, $4, diff
    t += $2; d += $3; b += $4; n++; tt += t1[$1]
  }
  BEGIN { printf "  %-28s %10s %8s %8s %10s\n", "object (rv32imc -Os)", "text", "data", "bss", "text with"
          printf "  %-28s %10s %8s %8s %10s\n", "", "", "", "", "tables"
          printf "  %-28s %10s %8s %8s %10s\n", "----------------------------", "----------", "--------", "--------", "----------" }
  END   { printf "  %-28s %10s %8s %8s %10s\n", "----------------------------", "----------", "--------", "--------", "----------"
          printf "  %-28s %10d %8d %8d %10d\n", "total (" n " objects)", t, d, b, tt
          printf "rv32-size: total text = %d bytes without the fast-path tables (MMA_FAST_TABLES=0), %d bytes with them (MMA_FAST_TABLES=1) (size -B: .text + .rodata)\n", t, tt }
' "$OUT/fast-tables/size.txt" "$OUT/size.txt"
if [[ $# -ge 1 ]]; then
  echo "rv32-size: archive $OUT/libmmacore-rv32.a (MMA_FAST_TABLES=1: $OUT/fast-tables/libmmacore-rv32.a)"
fi
