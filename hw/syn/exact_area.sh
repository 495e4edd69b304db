#!/usr/bin/env bash
# Area of the exact FP8 DPU (hw/rtl/exact/mma_exact_dpu.v) alone, flattened, with Debian's yosys:
#   bash hw/syn/exact_area.sh [--e5m2 0|1] [--g N] [--target ecp5|ice40|xilinx] [--abc9] [--out DIR]
# --e5m2 1 (default): each operand e4m3 or e5m2; 0: e4m3 only. --g: products per step (default 32).
# --abc9: ecp5 only, map LUTs with abc9 (as current yosys does). Prints one table row:
# | E5M2 | G | target | LUT | FF | carry | DSP | LUT per MAC | yosys wall |
# (LUT: LUT4 on ecp5 / ice40, LUT1-6 on xilinx; carry: CCU2C / SB_CARRY / CARRY4; DSP: MULT18X18D /
# none (this ice40 flow maps no SB_MAC16) / DSP48E1). The script and log stay in --out (default
# build/syn-exact).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
e5m2=1 g=32 target=ecp5 abc9="" out="$root/build/syn-exact"
while (($#)); do
  case $1 in
    --e5m2) e5m2=${2:?}; shift 2 ;;
    --g) g=${2:?}; shift 2 ;;
    --target) target=${2:?}; shift 2 ;;
    --abc9) abc9="-abc9"; shift ;;
    --out) out=${2:?}; shift 2 ;;
    *) echo "exact_area.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ $e5m2 == 0 || $e5m2 == 1 ]] || { echo "exact_area.sh: --e5m2 takes 0 or 1, not '$e5m2'" >&2; exit 2; }
[[ $g =~ ^[0-9]+$ ]] && (( g >= 2 && (g & (g - 1)) == 0 )) || { echo "exact_area.sh: --g takes a power of two >= 2, not '$g'" >&2; exit 2; }
case $target in ecp5|ice40|xilinx) ;; *) echo "exact_area.sh: --target is ecp5, ice40 or xilinx, not '$target'" >&2; exit 2 ;; esac
[[ -z $abc9 || $target == ecp5 ]] || { echo "exact_area.sh: --abc9 is for --target ecp5 only" >&2; exit 2; }
command -v yosys >/dev/null || { echo "exact_area.sh: yosys not found (bash scripts/setup.sh --syn installs it)" >&2; exit 2; }
mkdir -p "$out"
tag="e5m2_${e5m2}_g${g}_${target}${abc9:+_abc9}"
mapfile -t files < <(cmake -DMMA_PRINT_RTL=exact -P "$root/cmake/MmaRtlSources.cmake")
mapfile -t incs < <(cmake -DMMA_PRINT_RTL=incdirs -P "$root/cmake/MmaRtlSources.cmake")
{
  printf 'read_verilog'
  for d in "${incs[@]}"; do printf ' -I%s' "$root/$d"; done
  for f in "${files[@]}"; do printf ' %s' "$root/$f"; done
  printf '\nhierarchy -top mma_exact_dpu -chparam E5M2 %s -chparam G %s\n' "$e5m2" "$g"
  printf 'synth_%s -top mma_exact_dpu -flatten %s\n' "$target" "$abc9"
  printf 'tee -q -o %s/stat_%s.json stat -json\n' "$out" "$tag"
} > "$out/$tag.ys"
start=$(date +%s)
yosys -q -l "$out/$tag.log" -s "$out/$tag.ys" >/dev/null
secs=$(( $(date +%s) - start ))
python3 - "$out/stat_$tag.json" "$target" "$e5m2" "$g" "$secs" "$abc9" <<'PY'
import json, sys
path, target, e5m2, g, secs, abc9 = sys.argv[1:]
text = open(path).read()
d = json.loads(text[text.index('{'):])
cells = d['design']['num_cells_by_type']
n = lambda *names: sum(cells.get(k, 0) for k in names)
if target == 'ecp5':
    lut, carry, dsp = n('LUT4'), n('CCU2C'), n('MULT18X18D')
elif target == 'ice40':
    lut, carry, dsp = n('SB_LUT4'), n('SB_CARRY'), 0
else:
    lut, carry, dsp = n('LUT1', 'LUT2', 'LUT3', 'LUT4', 'LUT5', 'LUT6'), n('CARRY4'), n('DSP48E1')
ff = sum(v for k, v in cells.items() if k.startswith(('TRELLIS_FF', 'SB_DFF', 'FD')))
print(f"| {e5m2} | {g} | {target}{' abc9' if abc9 else ''} | {lut:,} | {ff:,} | {carry:,} | {dsp} | {lut / int(g):.0f} | {secs} s |".replace(',', ' '))
PY
