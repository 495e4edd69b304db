#!/bin/sh
# frag_layout_cli: `mmacore layout` (CSV and SVG), `mmacore run --warp` and the Arm FP8 forms of
# `mmacore run`, on good and bad inputs.
# usage: test_layout_cli.sh PATH/TO/mmacore [PYTHON]
# PYTHON (optional) runs the SVG XML check and check_warp_cli.py (warp level == matrix level through
# files); without it xmllint is used for the SVG when present and the end-to-end check is skipped.

MMACORE=${1:?usage: test_layout_cli.sh PATH/TO/mmacore [PYTHON]}
PYTHON=${2:-}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../cli_check.sh"
cli_check_begin frag_layout_cli

# layout_ok NAME ROWS COLS LANES INSTRUCTION OPERAND [OPTIONS]: CSV is a bijection onto ROWS x COLS
layout_ok() {
    name=$1 nr=$2 nc=$3 nl=$4
    shift 4
    CASES=$((CASES + 1))
    if ! "$MMACORE" layout "$@" >"$T/csv" 2>"$T/err"; then
        echo "FAIL $name: exit status $?"; sed 's/^/    /' "$T/err"; FAILED=$((FAILED + 1)); return
    fi
    bad=$(awk -F, -v nr="$nr" -v nc="$nc" -v nl="$nl" '
        NF != 4 || $1 !~ /^[0-9]+$/ || $2 !~ /^[0-9]+$/ || $3 !~ /^[0-9]+$/ || $4 !~ /^[0-9]+$/ { print "bad line " NR; exit }
        $1 >= nl || $3 >= nr || $4 >= nc { print "out of range: " $0; exit }
        seen[$3 "," $4]++ { print "cell held twice: " $3 "," $4; exit }
        owner[$1 "," $2]++ { print "element listed twice: " $1 "," $2; exit }
        END { if (NR != nr * nc) print NR " lines, want " nr * nc }' "$T/csv")
    if [ -n "$bad" ]; then
        echo "FAIL $name: $bad"; FAILED=$((FAILED + 1))
    fi
}

# line_of CSV-FILE LANE INDEX: "row,col" of that element
line_of() {
    awk -F, -v l="$2" -v i="$3" '$1 == l && $2 == i { print $3 "," $4 }' "$1"
}

F16=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
S8K32=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
WG=wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
V884=mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32
SP32=mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32
SP64=mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32
MX=mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0

# ---- layout: help and errors ---------------------------------------------------------------
check layout_help 0 "usage: mmacore layout" "$MMACORE" layout --help
check layout_in_help 0 "layout" "$MMACORE" --help
check layout_no_args 2 "missing INSTRUCTION" "$MMACORE" layout
check layout_no_operand 2 "missing OPERAND" "$MMACORE" layout "$F16"
check layout_bad_operand 2 "unknown operand 'x'" "$MMACORE" layout "$F16" x
check layout_bad_instr 2 "mma.sync.aligned.m16n8k17" "$MMACORE" layout mma.sync.aligned.m16n8k17.row.col.f32.f16.f16.f32 a
check layout_wgmma_b 2 "shared memory" "$MMACORE" layout "$WG" b
check layout_dense_e 2 "only for mma.sp" "$MMACORE" layout "$F16" e
check layout_no_scale 2 "only for .block_scale" "$MMACORE" layout "$F16" sfa
check layout_wmma 2 "implementation-defined" "$MMACORE" layout wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 a
check layout_bad_selector 2 "sparsity selector must be 0 (threads 0,1) or 1" "$MMACORE" layout "$SP32" e --selector 2
check layout_bad_selector_text 2 "--selector" "$MMACORE" layout "$SP32" e --selector x
check layout_bad_scale_sel 2 "byte-id must be 0 (low byte pair) or 2" "$MMACORE" layout "$MX" sfa --scale-a-sel 1,0
check layout_bad_scale_sel_text 2 "BYTE,THREAD" "$MMACORE" layout "$MX" sfb --scale-b-sel 1
check layout_unknown_option 2 "unknown option '--frob'" "$MMACORE" layout "$F16" a --frob
check layout_extra_arg 2 "unexpected argument" "$MMACORE" layout "$F16" a b

# ---- layout: CSV is a bijection, and spot values of the seed formulas ------------------------
layout_ok csv_f16_a 16 16 32 "$F16" a
layout_ok csv_f16_b 16 8 32 "$F16" b
layout_ok csv_f16_c 16 8 32 "$F16" c
layout_ok csv_s8k32_a 16 32 32 "$S8K32" a
layout_ok csv_wgmma_a 64 16 128 "$WG" a
layout_ok csv_wgmma_d 64 64 128 "$WG" d
layout_ok csv_v884_a 32 4 32 "$V884" a
layout_ok csv_v884_b 4 32 32 "$V884" b
layout_ok csv_v884_d 32 8 32 "$V884" d
layout_ok csv_sp_a 16 16 32 "$SP32" a
layout_ok csv_sp_e 16 8 32 "$SP32" e --selector 1
layout_ok csv_sp64_e 16 16 32 "$SP64" e
layout_ok csv_mx_sfa 16 2 32 "$MX" sfa --scale-a-sel 2,1
layout_ok csv_mx_sfb 2 8 32 "$MX" sfb --scale-b-sel 0,3

"$MMACORE" layout "$F16" a >"$T/a.csv"
expect seed000_a_first "$(head -n 1 "$T/a.csv")" "0,0,0,0"
expect seed000_a_lane5_a4 "$(line_of "$T/a.csv" 5 4)" "1,10"     # g=1 t=1: row g, col 2t+8
expect seed000_a_lane30_a3 "$(line_of "$T/a.csv" 30 3)" "15,5"   # g=7 t=2: row g+8, col 2t+1
"$MMACORE" layout "$S8K32" a >"$T/s8.csv"
expect seed001_a_lane6_a9 "$(line_of "$T/s8.csv" 6 9)" "1,25"    # 8<=i<12: row g, col 4t+(i&3)+16
"$MMACORE" layout "$WG" d >"$T/wg.csv"
expect seed003_d_lane37_d6 "$(line_of "$T/wg.csv" 37 6)" "25,10" # warp 1: rows 16.., g=1, +8; col 8+2t
"$MMACORE" layout "$V884" d >"$T/v.csv"
expect ptx884_d_lane17_d5 "$(line_of "$T/v.csv" 17 5)" "5,5"     # f32 C: X=(lane&1)+(i&2), +4 high group
"$MMACORE" layout "$SP32" e --selector 1 >"$T/e.csv"
expect sp_e_lanes "$(cut -d, -f1 "$T/e.csv" | sort -un | awk '{ printf "%s%s", s, $1; s = " " }')" \
    "2 3 6 7 10 11 14 15 18 19 22 23 26 27 30 31"
expect sp_e_lane3_e5 "$(line_of "$T/e.csv" 3 5)" "8,5"           # 2nd thread of the pair: chunks 4..7
"$MMACORE" layout "$MX" sfa --scale-a-sel 2,1 >"$T/sfa.csv"
expect sfa_lane7_byte3 "$(line_of "$T/sfa.csv" 7 3)" "9,1"       # t=3: row g+8, bytes 2,3 = blocks 0,1
expect sfa_count "$(wc -l <"$T/sfa.csv" | tr -d ' ')" "32"
"$MMACORE" layout --header "$F16" d >"$T/h.csv"
expect header "$(head -n 1 "$T/h.csv")" "lane,index,row,col"

# ---- layout: SVG -----------------------------------------------------------------------------
check svg_write 0 "" "$MMACORE" layout "$F16" a --svg "$T/a.svg"
check svg_wgmma 0 "" "$MMACORE" layout "$WG" d --svg "$T/wg.svg"
check svg_meta 0 "" "$MMACORE" layout "$SP64" e --svg "$T/e.svg"
check svg_bad_path 2 "cannot write" "$MMACORE" layout "$F16" a --svg "$T/no/such/dir/a.svg"
for f in a:256 wg:4096 e:256; do
    name=${f%%:*} want=${f#*:}
    expect "svg_${name}_cells" "$(grep -c 'class="cell"' "$T/$name.svg")" "$want"
    if [ -n "$PYTHON" ]; then
        check "svg_${name}_xml" 0 "" "$PYTHON" -c "import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); \
r = [e for e in d.getElementsByTagName('rect') if e.getAttribute('class') == 'cell']; \
sys.exit(0 if len(r) == int(sys.argv[2]) else 1)" "$T/$name.svg" "$want"
    elif command -v xmllint >/dev/null 2>&1; then
        check "svg_${name}_xml" 0 "" xmllint --noout "$T/$name.svg"
    fi
done
expect svg_label "$(grep -c '>T5: a4<' "$T/a.svg")" "1"
if command -v rsvg-convert >/dev/null 2>&1; then
    check svg_render 0 "" rsvg-convert "$T/a.svg" -o "$T/a.png"
fi

# ---- run --warp ------------------------------------------------------------------------------
rows 32 4 3c003c00 >"$T/wa.txt"          # every a_i = 1.0 (f16x2)
rows 32 2 3c003c00 >"$T/wb.txt"
rows 32 4 00000000 >"$T/wc.txt"
check warp_f16 0 "41800000 41800000 41800000 41800000" \
    "$MMACORE" run "$F16" --warp --profile hopper --a "$T/wa.txt" --b "$T/wb.txt" --c "$T/wc.txt"
if [ "$(wc -l <"$T/out" | tr -d ' ')" != 32 ]; then
    echo "FAIL warp_f16: D should have 32 lines (lanes)"; FAILED=$((FAILED + 1))
fi
check warp_short_file 2 "wa.txt:1: expected 2 values" "$MMACORE" run "$F16" --warp --profile hopper --a "$T/wa.txt" --b "$T/wa.txt" --c "$T/wc.txt"
check warp_missing_b 2 "missing --b FILE" "$MMACORE" run "$F16" --warp --profile hopper --a "$T/wa.txt" --c "$T/wc.txt"
check warp_wmma 2 "implementation-defined" "$MMACORE" run wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 --warp \
    --profile hopper --a "$T/wa.txt" --b "$T/wb.txt" --c "$T/wc.txt"
# .kind::f8f6f4 e2m1 containers: padding bits must be zero (lane 0, a0 = 0x01)
F8=mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32
{ echo "00000001 00000000 00000000 00000000"; rows 31 4 00000000; } >"$T/fa.txt"
rows 32 2 00000000 >"$T/fb.txt"
check warp_padding 2 "lane 0, a0" "$MMACORE" run "$F8" --warp --profile rtx_blackwell --a "$T/fa.txt" --b "$T/fb.txt" --c "$T/wc.txt"
# mma.sp: metadata registers, selector; an invalid nibble is reported in its lane
rows 32 2 3c003c00 >"$T/sa.txt"
rows 32 1 44444444 >"$T/e.txt"
check warp_sparse 0 "41000000 41000000 41000000 41000000" "$MMACORE" run mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 \
    --warp --profile ampere --a "$T/sa.txt" --b "$T/wb.txt" --c "$T/wc.txt" --meta "$T/e.txt" --selector 3
{ rows 14 1 44444444; echo 44444445; rows 17 1 44444444; } >"$T/e2.txt"
check warp_sparse_bad_meta 2 "lane 14, e0" "$MMACORE" run mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 \
    --warp --profile ampere --a "$T/sa.txt" --b "$T/wb.txt" --c "$T/wc.txt" --meta "$T/e2.txt" --selector 2
check warp_sparse_unread_lane 0 "41000000" "$MMACORE" run mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 \
    --warp --profile ampere --a "$T/sa.txt" --b "$T/wb.txt" --c "$T/wc.txt" --meta "$T/e2.txt" --selector 1
check warp_sparse_no_meta 2 "need --meta" "$MMACORE" run mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 \
    --warp --profile ampere --a "$T/sa.txt" --b "$T/wb.txt" --c "$T/wc.txt"
check warp_sparse_bad_sel 2 "sparsity selector must be 0, 1, 2 or 3" "$MMACORE" run mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 \
    --warp --profile ampere --a "$T/sa.txt" --b "$T/wb.txt" --c "$T/wc.txt" --meta "$T/e.txt" --selector 4
check run_matrix_bad_sel 2 "--selector" "$MMACORE" run "$F16" --profile hopper --a "$T/wa.txt" --b "$T/wb.txt" \
    --c "$T/wc.txt" --selector 1
# wgmma: B is a K x N matrix of codes
rows 128 4 3c003c00 >"$T/ga.txt"
rows 16 8 3c00 >"$T/gb.txt"
rows 128 4 00000000 >"$T/gc.txt"
check warp_wgmma 0 "41800000 41800000 41800000 41800000" "$MMACORE" run wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 \
    --warp --profile hopper --a "$T/ga.txt" --b "$T/gb.txt" --c "$T/gc.txt"

# ---- run: Arm FP8 forms ----------------------------------------------------------------------
rows 1 16 38 >"$T/zn.txt"                 # 16 x e4m3 1.0 (VL = 128)
rows 8 8 0000 >"$T/za16.txt"
rows 4 4 00000000 >"$T/za32.txt"
rows 1 8 0000 >"$T/zda16.txt"
rows 1 4 00000000 >"$T/zda32.txt"
check sme_fmopa16 0 "4000 4000 4000 4000 4000 4000 4000 4000" "$MMACORE" run fmopa.za16.f8 --vl 128 --fpmr 9 \
    --zn "$T/zn.txt" --zm "$T/zn.txt" --za "$T/za16.txt"
check sme_fmopa32 0 "40800000 40800000 40800000 40800000" "$MMACORE" run fmopa.za32.f8 --vl 128 --fpmr 0x9 \
    --zn "$T/zn.txt" --zm "$T/zn.txt" --za "$T/za32.txt"
{ printf '0'; for i in $(seq 2 16); do printf ' 1'; done; echo; } >"$T/pn.txt"  # element 0 inactive
check sme_fmopa_pred 0 "3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00" "$MMACORE" run fmopa.za16.f8 --vl 128 --fpmr 9 \
    --zn "$T/zn.txt" --zm "$T/zn.txt" --za "$T/za16.txt" --pn "$T/pn.txt"
check sme_fdot16 0 "4000 4000 4000 4000 4000 4000 4000 4000" "$MMACORE" run fdot.f16.f8 --vl 128 --fpmr 9 \
    --zn "$T/zn.txt" --zm "$T/zn.txt" --za "$T/zda16.txt"
check sme_fdot32_idx 0 "40800000 40800000 40800000 40800000" "$MMACORE" run fdot.f32.f8 --vl 128 --fpmr 9 \
    --zn "$T/zn.txt" --zm "$T/zn.txt" --zda "$T/zda32.txt" --index 3
check sme_fdot_bad_idx 2 "--index must be 0..3" "$MMACORE" run fdot.f32.f8 --vl 128 --fpmr 9 \
    --zn "$T/zn.txt" --zm "$T/zn.txt" --za "$T/zda32.txt" --index 4
check sme_bad_vl 2 "power of two" "$MMACORE" run fmopa.za16.f8 --vl 100 --fpmr 9 --zn "$T/zn.txt" --zm "$T/zn.txt" --za "$T/za16.txt"
check sme_missing 2 "missing --fpmr HEX" "$MMACORE" run fmopa.za16.f8 --vl 128 --zn "$T/zn.txt" --zm "$T/zn.txt" --za "$T/za16.txt"
check sme_strict 2 "reserved" "$MMACORE" run fmopa.za16.f8 --vl 128 --fpmr 0x7 --strict-fpmr --zn "$T/zn.txt" \
    --zm "$T/zn.txt" --za "$T/za16.txt"
check sme_unknown 2 "unknown Arm FP8 instruction" "$MMACORE" run fmopa.za64.f8 --vl 128 --fpmr 9
check sme_ptx_opt 2 "do not apply" "$MMACORE" run fdot.f16.f8 --vl 128 --fpmr 9 --profile hopper
check sme_opts_on_ptx 2 "only for the Arm FP8 forms" "$MMACORE" run "$F16" --vl 128 --a "$T/wa.txt"
check sme_short_zn 2 "zn" "$MMACORE" run fdot.f16.f8 --vl 256 --fpmr 9 --zn "$T/zn.txt" --zm "$T/zn.txt" --za "$T/zda16.txt"
check run_help_warp 0 "--warp: the files hold registers" "$MMACORE" run --help
check run_help_sme 0 "fmopa.za16.f8" "$MMACORE" run --help

# ---- warp level == matrix level through the CLI files ----------------------------------------
if [ -n "$PYTHON" ]; then
    check warp_equals_matrix 0 "pass" "$PYTHON" "$HERE/check_warp_cli.py" "$MMACORE"
else
    echo "note: no python: check_warp_cli.py skipped"
fi

cli_check_end
