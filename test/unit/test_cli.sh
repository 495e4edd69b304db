#!/bin/sh
# test_cli: the mmacore command-line tool on good and bad inputs (exit codes and messages).
# usage: test_cli.sh PATH/TO/mmacore [VECTORS_DIR]
# VECTORS_DIR (../shared/vectors/gpu) is optional: the checks on real data are skipped without it.

MMACORE=${1:?usage: test_cli.sh PATH/TO/mmacore [VECTORS_DIR]}
VECTORS=${2:-}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../cli_check.sh"
cli_check_begin test_cli

F16=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32

# ---- general -------------------------------------------------------------------------------
check help 0 "usage: mmacore COMMAND" "$MMACORE" --help
check no_args 2 "usage: mmacore COMMAND" "$MMACORE"
check unknown_command 2 "unknown command 'frobnicate'" "$MMACORE" frobnicate
check run_help 0 "usage: mmacore run" "$MMACORE" run --help
check conform_help 0 "usage: mmacore conform" "$MMACORE" conform --help
check bench_help 0 "usage: mmacore bench" "$MMACORE" bench --help
check help_run 0 "usage: mmacore run" "$MMACORE" help run

# ---- run: good inputs ----------------------------------------------------------------------
rows 16 16 3c00 >"$T/a.txt"                 # A 16x16 of 1.0 (f16)
{ echo "# B: 16 rows of 8"; echo; rows 16 8 0x3C00; } >"$T/b.txt"
rows 16 8 00000000 >"$T/c.txt"              # C 16x8 of +0.0 (f32)
check run_f16 0 "41800000 41800000 41800000 41800000 41800000 41800000 41800000 41800000" \
    "$MMACORE" run "$F16" --profile hopper --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt"
check run_d_out 0 "" "$MMACORE" run "$F16" --profile=A100 --a="$T/a.txt" --b "$T/b.txt" --c "$T/c.txt" --d-out "$T/d.txt"
if [ "$(wc -l <"$T/d.txt")" -ne 16 ] || [ "$(head -n 1 "$T/d.txt")" != "41800000 41800000 41800000 41800000 41800000 41800000 41800000 41800000" ]; then
    echo "FAIL run_d_out: unexpected D file"; FAILED=$((FAILED + 1))
fi
rows 16 8 3c00 >"$T/c16.txt"
check run_f16_f16 0 "4c40 4c40" "$MMACORE" run mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 --profile ampere \
    --a "$T/a.txt" --b "$T/b.txt" --c "$T/c16.txt"
rows 16 32 ff >"$T/ai.txt"                  # -1
rows 32 8 7f >"$T/bi.txt"                   # 127
rows 16 8 1 >"$T/ci.txt"
check run_s8_no_profile 0 "fffff021 fffff021" "$MMACORE" run "$S8" --a "$T/ai.txt" --b "$T/bi.txt" --c "$T/ci.txt"
check run_stdin 0 "41800000" sh -c "\"$MMACORE\" run $F16 --profile hopper --a - --b \"$T/b.txt\" --c \"$T/c.txt\" <\"$T/a.txt\""

# ---- run: bad matrices ---------------------------------------------------------------------
{ rows 2 16 3c00; rows 1 15 3c00; rows 13 16 3c00; } >"$T/short.txt"
check short_line 2 "short.txt:3: expected 16 values, got 15" \
    "$MMACORE" run "$F16" --profile hopper --a "$T/short.txt" --b "$T/b.txt" --c "$T/c.txt"
{ rows 4 16 3c00; echo "3c00 3c00 zz 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00"; rows 11 16 3c00; } >"$T/badhex.txt"
check bad_hex 2 "badhex.txt:5: bad hex value 'zz'" \
    "$MMACORE" run "$F16" --profile hopper --a "$T/badhex.txt" --b "$T/b.txt" --c "$T/c.txt"
{ rows 1 16 3c00; echo "0x 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00"; } >"$T/bare0x.txt"
check bare_0x 2 "bare0x.txt:2: bad hex value '0x'" \
    "$MMACORE" run "$F16" --profile hopper --a "$T/bare0x.txt" --b "$T/b.txt" --c "$T/c.txt"
{ rows 7 16 3c00; echo "3c00 3c00 3c00 13c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00"; rows 8 16 3c00; } >"$T/wide.txt"
check too_wide 2 "wide.txt:8: value 0x13c00 exceeds the 16-bit element width" \
    "$MMACORE" run "$F16" --profile hopper --a "$T/wide.txt" --b "$T/b.txt" --c "$T/c.txt"
rows 16 32 100 >"$T/wide8.txt"
check too_wide_s8 2 "exceeds the 8-bit element width" "$MMACORE" run "$S8" --a "$T/wide8.txt" --b "$T/bi.txt" --c "$T/ci.txt"
: >"$T/empty.txt"
check empty_file 2 "empty.txt:1: empty file" "$MMACORE" run "$F16" --profile hopper --a "$T/empty.txt" --b "$T/b.txt" --c "$T/c.txt"
{ echo "# only a comment"; echo; } >"$T/comments.txt"
check comments_only 2 "empty file" "$MMACORE" run "$F16" --profile hopper --a "$T/comments.txt" --b "$T/b.txt" --c "$T/c.txt"
{ rows 15 16 3c00; printf '3c00 3c00 3c00 3c00 3c00 3c00 3c00'; } >"$T/trunc.txt"
check truncated_last_line 2 "trunc.txt:16: expected 16 values, got 7" \
    "$MMACORE" run "$F16" --profile hopper --a "$T/trunc.txt" --b "$T/b.txt" --c "$T/c.txt"
{ rows 15 16 3c00; printf '3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00 3c00'; } >"$T/nonl.txt"
check last_line_without_newline 0 "41800000" \
    "$MMACORE" run "$F16" --profile hopper --a "$T/nonl.txt" --b "$T/b.txt" --c "$T/c.txt"
rows 12 16 3c00 >"$T/fewrows.txt"
check missing_rows 2 "fewrows.txt:12: missing rows: expected 16 rows, the file ends after 12" \
    "$MMACORE" run "$F16" --profile hopper --a "$T/fewrows.txt" --b "$T/b.txt" --c "$T/c.txt"
{ rows 16 16 3c00; echo "# trailing comment"; echo; rows 1 16 3c00; } >"$T/manyrows.txt"
check too_many_lines 2 "manyrows.txt:19: too many lines" \
    "$MMACORE" run "$F16" --profile hopper --a "$T/manyrows.txt" --b "$T/b.txt" --c "$T/c.txt"
check dev_zero 2 "NUL byte" "$MMACORE" run "$F16" --profile hopper --a /dev/zero --b "$T/b.txt" --c "$T/c.txt"
check dev_null 2 "empty file" "$MMACORE" run "$F16" --profile hopper --a /dev/null --b "$T/b.txt" --c "$T/c.txt"
head -c 1100000 /dev/zero | tr '\0' '1' >"$T/long.txt"
check long_line 2 "long.txt:1: line too long" "$MMACORE" run "$F16" --profile hopper --a "$T/long.txt" --b "$T/b.txt" --c "$T/c.txt"
check missing_file 2 "cannot open" "$MMACORE" run "$F16" --profile hopper --a "$T/nope.txt" --b "$T/b.txt" --c "$T/c.txt"
check directory_as_file 2 "$T" "$MMACORE" run "$F16" --profile hopper --a "$T" --b "$T/b.txt" --c "$T/c.txt"

# ---- run: bad instructions and options -----------------------------------------------------
check unknown_instruction 2 "mmacore: error: mma.sync.aligned.m16n8k8.row.col.f32.e4m3.e4m3.f32: shape does not exist for .e4m3/.e5m2 mma (valid: .m16n8k16 .m16n8k32) at 'm16n8k8'" \
    "$MMACORE" run mma.sync.aligned.m16n8k8.row.col.f32.e4m3.e4m3.f32 --profile ada --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt"
check unknown_type 2 "unknown type name at 'e9m9'" \
    "$MMACORE" run mma.sync.aligned.m16n8k16.row.col.f32.e9m9.f16.f32 --profile ada --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt"
check missing_sync 2 "missing .sync at 'aligned'" \
    "$MMACORE" run mma.aligned.m16n8k16.row.col.f32.f16.f16.f32 --profile ada --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt"
check wgmma_n 2 "wgmma N is not a multiple of 8 at 'm64n12k16'" \
    "$MMACORE" run wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16 --profile hopper --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt"
check truncated_instruction 2 "missing ctype at end of instruction" \
    "$MMACORE" run mma.sync.aligned.m16n8k16.row.col.f32.f16.f16 --profile hopper --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt"

# ---- run: sparse and block-scaled forms ----------------------------------------------------
SP=mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
rows 16 8 3c00 >"$T/spa.txt"                # stored A: 16 x K/2 of 1.0
rows 16 4 4 >"$T/meta.txt"                  # 0b0100: elements 0 and 1 of each chunk of 4
check sparse_run 0 "41000000 41000000 41000000" \
    "$MMACORE" run "$SP" --profile ampere --a "$T/spa.txt" --b "$T/b.txt" --c "$T/c.txt" --meta "$T/meta.txt"
{ rows 2 4 4; echo "4 4 5 4"; rows 13 4 4; } >"$T/badmeta.txt"
check sparse_bad_meta 2 "badmeta.txt: row 3, value 3 of the row: metadata 0x5 is invalid" \
    "$MMACORE" run "$SP" --profile ampere --a "$T/spa.txt" --b "$T/b.txt" --c "$T/c.txt" --meta "$T/badmeta.txt"
check sparse_needs_meta 2 "sparse instructions need --meta FILE" \
    "$MMACORE" run "$SP" --profile ampere --a "$T/spa.txt" --b "$T/b.txt" --c "$T/c.txt"
check sparse_dense_a 2 "a.txt:1: expected 8 values, got 16" \
    "$MMACORE" run "$SP" --profile ampere --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt" --meta "$T/meta.txt"
check meta_on_dense 2 "--meta is only for sparse instructions" \
    "$MMACORE" run "$F16" --profile ampere --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt" --meta "$T/meta.txt"
BS=mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0
rows 16 64 2 >"$T/bsa.txt"                  # e2m1 1.0
rows 64 8 2 >"$T/bsb.txt"
rows 16 1 "80 7f" >"$T/sa.txt"              # scale_A per row: 2^1 (k 0..31), 2^0 (k 32..63)
rows 2 8 7f >"$T/sb.txt"
check block_scale_run 0 "42c00000 42c00000" "$MMACORE" run "$BS" --profile exact --a "$T/bsa.txt" --b "$T/bsb.txt" \
    --c "$T/c.txt" --scale-a "$T/sa.txt" --scale-b "$T/sb.txt"
check block_scale_needs_scales 2 "need --scale-a FILE (M x 2) and --scale-b FILE (2 x N)" \
    "$MMACORE" run "$BS" --profile exact --a "$T/bsa.txt" --b "$T/bsb.txt" --c "$T/c.txt" --scale-a "$T/sa.txt"
check scales_on_dense 2 "only for .block_scale instructions" \
    "$MMACORE" run "$F16" --profile ampere --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt" --scale-b "$T/sb.txt"
check missing_profile 2 "--profile is required" "$MMACORE" run "$F16" --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt"
check unknown_profile 2 "unknown profile 'GTX480'" "$MMACORE" run "$F16" --profile GTX480 --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt"
check missing_operand 2 "missing --b FILE" "$MMACORE" run "$F16" --profile hopper --a "$T/a.txt" --c "$T/c.txt"
check missing_value 2 "option --c needs a value" "$MMACORE" run "$F16" --profile hopper --a "$T/a.txt" --b "$T/b.txt" --c
check unknown_option 2 "unknown option '--frob'" "$MMACORE" run "$F16" --frob
check missing_instruction 2 "missing INSTRUCTION" "$MMACORE" run --profile hopper

# ---- parse / catalog -----------------------------------------------------------------------
check parse_ok 0 "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16" "$MMACORE" parse "  wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16;"
check parse_bad 2 "dtype .f16 requires ctype .f16 for .m16n8k8 at 'f32'" "$MMACORE" parse mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f32
check catalog 0 "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.e2m1.e2m1.f16" "$MMACORE" catalog
n=$("$MMACORE" catalog | wc -l)
if [ "$n" -lt 700 ]; then echo "FAIL catalog: only $n entries"; FAILED=$((FAILED + 1)); fi

# ---- bench ---------------------------------------------------------------------------------
check bench_small 0 "float32 loop MAC/s" "$MMACORE" bench --size 16
check bench_rows 0 "e5m2   |" "$MMACORE" bench --size 8
check bench_bad_size 2 "--size needs a number" "$MMACORE" bench --size 0
check bench_threads 0 "u4     |" "$MMACORE" bench --size 24 --threads 2 --repeat 1
check bench_format 0 "s4     |" "$MMACORE" bench --size 8 --format f16,s4 --repeat 1
check bench_bad_format 2 "unknown format 'f17'" "$MMACORE" bench --format f16,f17
check bench_bad_threads 2 "--threads needs a number" "$MMACORE" bench --threads 0
check bench_bad_repeat 2 "--repeat needs a number" "$MMACORE" bench --repeat x

# ---- run --gemm: a whole GEMM, the same D on 1 and 3 threads; what --gemm refuses -----------
rows 37 45 3c00 >"$T/ga.txt"
rows 45 29 bc00 >"$T/gb.txt"
rows 37 29 3f800000 >"$T/gc.txt"
check run_gemm 0 "c2300000" "$MMACORE" run "$F16" --profile hopper --gemm 37x29x45 --a "$T/ga.txt" --b "$T/gb.txt" \
    --c "$T/gc.txt"
"$MMACORE" run "$F16" --profile hopper --gemm 37x29x45 --a "$T/ga.txt" --b "$T/gb.txt" --c "$T/gc.txt" >"$T/g1.txt" 2>&1
"$MMACORE" run "$F16" --profile hopper --gemm 37x29x45 --threads 3 --a "$T/ga.txt" --b "$T/gb.txt" --c "$T/gc.txt" \
    >"$T/g3.txt" 2>&1
CASES=$((CASES + 1))
if [ "$(wc -l <"$T/g1.txt")" -ne 37 ] || ! cmp -s "$T/g1.txt" "$T/g3.txt"; then
    echo "FAIL run_gemm_threads: D differs between 1 and 3 threads (or not 37 rows)"; FAILED=$((FAILED + 1))
fi
check run_gemm_bad_shape 2 "--gemm needs MxNxK" "$MMACORE" run "$F16" --profile hopper --gemm 37x29 --a "$T/ga.txt" \
    --b "$T/gb.txt" --c "$T/gc.txt"
check run_gemm_short_a 2 "ga.txt:1: expected 46 values, got 45" "$MMACORE" run "$F16" --profile hopper --gemm 37x29x46 \
    --a "$T/ga.txt" --b "$T/gb.txt" --c "$T/gc.txt"
check run_threads_no_gemm 2 "--threads needs --gemm" "$MMACORE" run "$F16" --profile hopper --threads 2 \
    --a "$T/a.txt" --b "$T/b.txt" --c "$T/c.txt"
check run_gemm_warp 2 "not for --warp" "$MMACORE" run "$F16" --warp --gemm 2x2x2 --a "$T/a.txt" --b "$T/b.txt" \
    --c "$T/c.txt"

# ---- conform: a small synthetic data set (A100, tf32, K = 4) -------------------------------
ONE=3f800000 ZERO32=00000000000000000000000000000000
D="$T/A100/tf32"
mkdir -p "$D"
printf '%s\n' "$ONE $ONE $ONE $ONE" "40000000 0 0 0" "bfc00000 00000000 00000000 00000000" >"$D/a_A100_tf32.txt"
printf '%s\n' "$ONE $ONE $ONE $ONE" "40400000 0 0 0" "40000000 00000000 00000000 00000000" >"$D/b_A100_tf32.txt"
printf '%s\n' "$ZERO32" "00111111100000000000000000000000" "$ZERO32" >"$D/c_A100_fp32.txt"
printf '%s\n' "01000000100000000000000000000000" "01000000111000000000000000000000" \
    "11000000010000000000000000000000" >"$D/d_A100_fp32.txt"     # 4.0, 7.0, -3.0
check conform_synthetic 0 "3 passed, 0 failed" "$MMACORE" conform "$D"
check conform_synthetic_header 0 "d_A100_fp32.txt: 3 passed, 0 failed" "$MMACORE" conform "$D/"

# copy the synthetic set to DIR ($1) with GPU name $2 (files renamed)
copyset() {
    rm -rf "$1"; mkdir -p "$1"
    for f in "$D"/*; do
        b=$(basename "$f")
        cp "$f" "$1/$(echo "$b" | sed "s/A100/$2/")"
    done
}
copyset "$T/mis" A100
sed '2s/^01000000111/01000000110/' "$D/d_A100_fp32.txt" >"$T/mis/d_A100_fp32.txt"
check conform_mismatch 1 "2 passed, 1 failed" "$MMACORE" conform "$T/mis"
check conform_mismatch_line 1 "line 2: a=[40000000 00000000 00000000 00000000] b=[40400000 00000000 00000000 00000000] c=3f800000 expected 40c00000 got 40e00000" \
    "$MMACORE" conform "$T/mis"
copyset "$T/cnt" A100
sed '$d' "$D/b_A100_tf32.txt" >"$T/cnt/b_A100_tf32.txt"
check conform_line_counts 2 "line counts differ: a_A100_tf32.txt 3, b_A100_tf32.txt 2, c_A100_fp32.txt 3, d_A100_fp32.txt 3" \
    "$MMACORE" conform "$T/cnt"
copyset "$T/cnt2" A100
echo "$ZERO32" >>"$T/cnt2/d_A100_fp32.txt"
check conform_line_counts_d 2 "d_A100_fp32.txt 4" "$MMACORE" conform "$T/cnt2"
copyset "$T/gpu" X999
check conform_unknown_gpu 2 "unknown GPU 'X999' in a_X999_tf32.txt (known: V100 T4 A100" "$MMACORE" conform "$T/gpu"
copyset "$T/bin" A100
printf '%s\n' "$ZERO32" "0011111110000000000000000000000" "$ZERO32" >"$T/bin/c_A100_fp32.txt"
check conform_short_binary 2 "c_A100_fp32.txt:2: expected a 32-character binary string, got 31" "$MMACORE" conform "$T/bin"
printf '%s\n' "$ZERO32" "0011111110000000000000000000000x" "$ZERO32" >"$T/bin/c_A100_fp32.txt"
check conform_bad_binary 2 "c_A100_fp32.txt:2: malformed binary string: character 32 is 'x'" "$MMACORE" conform "$T/bin"
copyset "$T/k" A100
printf '%s\n' "$ONE $ONE $ONE $ONE" "40000000 0 0" "bfc00000 0 0 0" >"$T/k/a_A100_tf32.txt"
check conform_short_a_line 2 "a_A100_tf32.txt:2: expected 4 values (as on line 1), got 3" "$MMACORE" conform "$T/k"
printf '%s\n' "$ONE $ONE $ONE $ONE" "40000000 0 0 0" "bfc00000 0 0 0g" >"$T/k/a_A100_tf32.txt"
check conform_bad_hex 2 "a_A100_tf32.txt:3: bad f32 hex value '0g'" "$MMACORE" conform "$T/k"
printf '%s\n' "$ONE $ONE $ONE $ONE" "40000000 0 0 0" "" >"$T/k/a_A100_tf32.txt"
check conform_empty_line 2 "a_A100_tf32.txt:3: empty line" "$MMACORE" conform "$T/k"
printf '%s\n' "$ONE $ONE $ONE $ONE" "40000001 0 0 0" "bfc00000 0 0 0" >"$T/k/a_A100_tf32.txt"
check conform_not_representable 2 "a_A100_tf32.txt:2: value 0x40000001 is not exactly representable in tf32" "$MMACORE" conform "$T/k"
copyset "$T/kb" A100
printf '%s\n' "$ONE $ONE $ONE" "40400000 0 0" "40000000 0 0" >"$T/kb/b_A100_tf32.txt"
check conform_k_differs 2 "a_A100_tf32.txt has 4 values per line but b_A100_tf32.txt has 3" "$MMACORE" conform "$T/kb"
copyset "$T/kk" A100
for f in a b; do
    awk '{ s = $0; for (i = 0; i < 8; i++) s = s " 00000000"; print s }' "$D/${f}_A100_tf32.txt" >"$T/kk/${f}_A100_tf32.txt"
done
check conform_k_too_big 2 "12 values per line, more than the k = 8" "$MMACORE" conform "$T/kk"
copyset "$T/nod" A100
rm "$T/nod/d_A100_fp32.txt"
check conform_no_d 2 "no result file" "$MMACORE" conform "$T/nod"
: >"$T/nod/d_A100_fp32.txt"
check conform_empty_d 2 "d_A100_fp32.txt:1: empty file" "$MMACORE" conform "$T/nod"
copyset "$T/fp8" A100
for f in "$T/fp8"/*_tf32.txt; do mv "$f" "$(echo "$f" | sed 's/_tf32/_E4M3/')"; done
check conform_no_fp8 2 "A100 has no FP8 (e4m3) tensor-core instruction" "$MMACORE" conform "$T/fp8"
copyset "$T/v100" V100
check conform_no_tf32 2 "V100 has no tf32 tensor-core instruction" "$MMACORE" conform "$T/v100"
mkdir -p "$T/nothing"
check conform_no_a 2 "no a_<GPU>_<format>.txt" "$MMACORE" conform "$T/nothing"
check conform_missing_dir 2 "cannot open directory" "$MMACORE" conform "$T/does/not/exist"
check conform_no_dir 2 "missing DIR" "$MMACORE" conform

# ---- conform: real data, when present ------------------------------------------------------
if [ -n "$VECTORS" ] && [ -d "$VECTORS/A100/tf32" ]; then
    check conform_real_A100_tf32 0 "5000 passed, 0 failed" "$MMACORE" conform "$VECTORS/A100/tf32"
    "$MMACORE" conform "$VECTORS/A100/tf32" >"$T/conf1.txt" 2>&1
    "$MMACORE" conform "$VECTORS/A100/tf32" --threads 3 >"$T/conf3.txt" 2>&1
    CASES=$((CASES + 1))
    if ! cmp -s "$T/conf1.txt" "$T/conf3.txt"; then
        echo "FAIL conform_threads: output differs between 1 and 3 threads"; FAILED=$((FAILED + 1))
    fi
    check conform_bad_threads 2 "--threads needs a number" "$MMACORE" conform "$VECTORS/A100/tf32" --threads 999
    copyset_real() { rm -rf "$1"; mkdir -p "$1"; cp "$VECTORS/A100/tf32"/* "$1"; chmod -R u+w "$1"; }
    copyset_real "$T/real"
    sed '$d' "$VECTORS/A100/tf32/b_A100_tf32.txt" >"$T/real/b_A100_tf32.txt"
    check conform_real_line_counts 2 "b_A100_tf32.txt 4999" "$MMACORE" conform "$T/real"
    copyset_real "$T/real"
    awk 'NR == 17 { $0 = ($0 ~ /^0/ ? "1" : "0") substr($0, 2) } { print }' "$VECTORS/A100/tf32/d_A100_fp32.txt" >"$T/real/d_A100_fp32.txt"
    check conform_real_mismatch 1 "4999 passed, 1 failed" "$MMACORE" conform "$T/real"
else
    echo "note: no real data under '$VECTORS'; real-data checks skipped"
fi

cli_check_end
