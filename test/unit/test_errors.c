/*
 * test_errors: every error class of mma_status, provoked through the public API.
 *
 * For each class a set of bad inputs, each with the exact status the headers document. Prints one
 * line per failure (the call, the status expected and the status returned) and, at the end, the
 * number of bad inputs tried per class (the table of docs/RELIABILITY.md). A class with no bad
 * input is reported as such: that is a gap in the API, not in this test. Exit status 0 only if
 * every call returned exactly its expected status.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mma/block_scale.h"
#include "mma/convert.h"
#include "mma/mmacore.h"
#include "mma/sme.h"
#include "mma/sparse.h"

static unsigned tried[MMA_STATUS_COUNT];
static unsigned failed;

static void expect(mma_status want, mma_status got, const char *call, int line)
{
    tried[want]++;
    if (got != want) {
        failed++;
        printf("FAIL line %d: %s\n     expected %s, got %s\n", line, call, mma_status_name(want), mma_status_name(got));
    }
}
#define EXPECT(want, call) expect((want), (call), #call, __LINE__)

static mma_instr instr(const char *text)
{
    mma_instr ins;
    memset(&ins, 0, sizeof ins);
    if (mma_instr_parse(text, strlen(text), &ins, NULL) != MMA_OK) {
        printf("FAIL: test setup: '%s' does not parse\n", text);
        failed++;
    }
    return ins;
}

static mma_profile preset(mma_preset p, mma_family fam, mma_format a, mma_format d)
{
    mma_profile prof;
    memset(&prof, 0, sizeof prof);
    if (mma_preset_profile(p, fam, a, d, &prof) != MMA_OK) {
        printf("FAIL: test setup: preset %d has no profile\n", (int)p);
        failed++;
    }
    return prof;
}

static const char F16_MMA[] = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
static const char SP_F16[] = "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
static const char SP_ORD_F16[] = "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
static const char SP_TF32[] = "mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32";
static const char SP_S8_K64[] = "mma.sp.sync.aligned.m16n8k64.row.col.s32.s8.s8.s32";
static const char BS_MXF8[] = "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0";
static const char BS_MXF4_2X[] = "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0";
static const char BS_NVF4_4X[] =
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3";

/* Matrices big enough for any m16n8kK (K <= 256) instruction used below. */
static uint64_t A[16 * 256], B[256 * 8], C[16 * 8], D[16 * 8], SA[16 * 4], SB[4 * 8];
static uint8_t META[16 * 64];

static mma_operands operands(void)
{
    mma_operands ops;
    memset(&ops, 0, sizeof ops);
    ops.a = A;
    ops.b = B;
    ops.c = C;
    ops.d = D;
    ops.meta = META;
    ops.scale_a = SA;
    ops.scale_b = SB;
    return ops;
}

static mma_value val(unsigned cls, unsigned sign, int32_t exp, uint64_t sig)
{
    mma_value v;
    v.cls = (uint8_t)cls;
    v.sign = (uint8_t)sign;
    v.sticky = 0;
    v.signaling = 0;
    v.exp = exp;
    v.sig = sig;
    return v;
}

/* ------------------------------------------------------------------------------------------ */

static void null_args(void)
{
    mma_value v = val(MMA_CLASS_FINITE, 0, 0, 1);
    uint64_t code = 0;
    mma_format f;
    mma_preset p;
    mma_instr ins = instr(F16_MMA);
    mma_profile prof = preset(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32);
    mma_diag diag;
    char buf[128];
    mma_operands ops = operands();
    uint32_t src[2] = {0, 0}, d32 = 0;
    mma_cvt_desc cvt = {MMA_CVT_F16, MMA_CVT_F32, MMA_RND_RNE, 0};
    mma_sparse_layout layout;
    mma_fpmr fp;

    EXPECT(MMA_ERR_NULL, mma_decode(MMA_FMT_F16, 0, NULL));
    EXPECT(MMA_ERR_NULL, mma_encode(MMA_FMT_F16, NULL, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_NULL, mma_encode(MMA_FMT_F16, &v, MMA_RND_RNE, 0, NULL));
    EXPECT(MMA_ERR_NULL, mma_format_from_name(NULL, 3, &f));
    EXPECT(MMA_ERR_NULL, mma_format_from_name("f16", 3, NULL));
    EXPECT(MMA_ERR_NULL, mma_preset_from_name(NULL, 6, &p));
    EXPECT(MMA_ERR_NULL, mma_preset_from_name("hopper", 6, NULL));
    EXPECT(MMA_ERR_NULL, mma_preset_profile(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32, NULL));
    EXPECT(MMA_ERR_NULL, mma_profile_validate(NULL));
    EXPECT(MMA_ERR_NULL, mma_instr_parse(F16_MMA, strlen(F16_MMA), NULL, &diag));
    EXPECT(MMA_ERR_NULL, mma_instr_parse(NULL, 5, &ins, &diag));
    EXPECT(MMA_ERR_NULL, mma_instr_validate(NULL, &diag));
    EXPECT(MMA_ERR_NULL, mma_instr_format(NULL, buf, sizeof buf));
    EXPECT(MMA_ERR_NULL, mma_instr_format(&ins, NULL, sizeof buf));
    EXPECT(MMA_ERR_NULL, mma_instr_profile(MMA_PRESET_HOPPER, NULL, &prof));
    EXPECT(MMA_ERR_NULL, mma_instr_profile(MMA_PRESET_HOPPER, &ins, NULL));
    EXPECT(MMA_ERR_NULL, mma_run(NULL, &prof, &ops));
    EXPECT(MMA_ERR_NULL, mma_run(&ins, &prof, NULL));
    EXPECT(MMA_ERR_NULL, mma_run(&ins, NULL, &ops)); /* float instruction: the profile is required */
    ops.a = NULL;
    EXPECT(MMA_ERR_NULL, mma_run(&ins, &prof, &ops));
    ops = operands();
    ops.d = NULL;
    EXPECT(MMA_ERR_NULL, mma_run(&ins, &prof, &ops));
    ops = operands();
    EXPECT(MMA_ERR_NULL, mma_gemm(NULL));
    {
        mma_gemm_desc g = {&ins, &prof, 16, 8, 16, A, 16, B, 8, C, 8, NULL, 8, NULL, 0, NULL, 0, NULL, 0};
        EXPECT(MMA_ERR_NULL, mma_gemm(&g));
        g.d = D;
        g.a = NULL;
        EXPECT(MMA_ERR_NULL, mma_gemm(&g));
    }
    EXPECT(MMA_ERR_NULL, mma_dot(NULL, MMA_FMT_F16, A, 1, MMA_FMT_F16, B, 1, 16, MMA_FMT_F32, 0, MMA_FMT_F32, &code));
    EXPECT(MMA_ERR_NULL, mma_dot(&prof, MMA_FMT_F16, NULL, 1, MMA_FMT_F16, B, 1, 16, MMA_FMT_F32, 0, MMA_FMT_F32, &code));
    EXPECT(MMA_ERR_NULL, mma_dot(&prof, MMA_FMT_F16, A, 1, MMA_FMT_F16, B, 1, 16, MMA_FMT_F32, 0, MMA_FMT_F32, NULL));
    EXPECT(MMA_ERR_NULL, mma_accumulate(&prof, NULL, 1, MMA_FMT_F32, 0, MMA_FMT_F32, &code));
    EXPECT(MMA_ERR_NULL, mma_product_make(MMA_FMT_F16, NULL, MMA_FMT_F16, &v, NULL));
    EXPECT(MMA_ERR_NULL, mma_cvt_validate(NULL));
    EXPECT(MMA_ERR_NULL, mma_cvt(&cvt, NULL, 1, 0, &d32));
    EXPECT(MMA_ERR_NULL, mma_cvt(&cvt, src, 1, 0, NULL));
    EXPECT(MMA_ERR_NULL, mma_cvt_type_from_name(NULL, 3, NULL));
    EXPECT(MMA_ERR_NULL, mma_sparse_layout_of(NULL, &layout));
    EXPECT(MMA_ERR_NULL, mma_sparse_meta_check(NULL, 4, NULL));
    EXPECT(MMA_ERR_NULL, mma_fpmr_decode(0, NULL));
    EXPECT(MMA_ERR_NULL, mma_fpmr_encode(NULL, &code));
    (void)fp;
}

static void formats(void)
{
    mma_value v = val(MMA_CLASS_FINITE, 0, 0, 1);
    mma_product prod;
    uint64_t code = 0;
    mma_format f;
    mma_cvt_type t;
    mma_instr ins;
    mma_profile prof = preset(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32);
    mma_cvt_desc cvt = {MMA_CVT_TYPE_COUNT, MMA_CVT_F32, MMA_RND_RNE, 0};
    uint64_t x[4] = {0x3F800000, 0, 0, 0}, scale = 0, out[4];

    EXPECT(MMA_ERR_FORMAT, mma_decode(MMA_FMT_COUNT, 0, &v));
    EXPECT(MMA_ERR_FORMAT, mma_decode((mma_format)-1, 0, &v));
    EXPECT(MMA_ERR_FORMAT, mma_encode(MMA_FMT_S8, &v, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_FORMAT, mma_encode(MMA_FMT_B1, &v, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_FORMAT, mma_encode(MMA_FMT_COUNT, &v, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_FORMAT, mma_convert(MMA_FMT_S32, 1, MMA_FMT_F32, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_FORMAT, mma_convert(MMA_FMT_F32, 0, MMA_FMT_U4, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_FORMAT, mma_format_from_name("f17", 3, &f));
    EXPECT(MMA_ERR_FORMAT, mma_format_from_name("f1", 2, &f));
    EXPECT(MMA_ERR_FORMAT, mma_format_from_name("f16 ", 4, &f));
    EXPECT(MMA_ERR_FORMAT, mma_format_from_name("", 0, &f));
    EXPECT(MMA_ERR_FORMAT, mma_cvt_type_from_name("e4m3x3", 6, &t));
    EXPECT(MMA_ERR_FORMAT, mma_product_make(MMA_FMT_S8, &v, MMA_FMT_F16, &v, &prod));
    EXPECT(MMA_ERR_FORMAT, mma_product_make(MMA_FMT_F16, &v, MMA_FMT_COUNT, &v, &prod));
    EXPECT(MMA_ERR_FORMAT, mma_dot(&prof, MMA_FMT_S8, A, 1, MMA_FMT_S8, B, 1, 4, MMA_FMT_F32, 0, MMA_FMT_F32, &code));
    EXPECT(MMA_ERR_FORMAT, mma_cvt_validate(&cvt));
    cvt.dtype = MMA_CVT_F16;
    cvt.atype = 200;
    EXPECT(MMA_ERR_FORMAT, mma_cvt_validate(&cvt));
    /* The parser: an unknown type name. */
    EXPECT(MMA_ERR_FORMAT, mma_instr_parse("mma.sync.aligned.m16n8k16.row.col.f32.f99.f16.f32", 49, &ins, NULL));
    /* The validator: enum values out of range, and types not allowed in a role. */
    ins = instr(F16_MMA);
    ins.atype = 200;
    EXPECT(MMA_ERR_FORMAT, mma_instr_validate(&ins, NULL));
    ins = instr(F16_MMA);
    ins.dtype = MMA_FMT_E4M3;
    EXPECT(MMA_ERR_FORMAT, mma_instr_validate(&ins, NULL));
    ins = instr(F16_MMA);
    ins.atype = ins.btype = MMA_FMT_UE8M0;
    EXPECT(MMA_ERR_FORMAT, mma_instr_validate(&ins, NULL));
    ins = instr(BS_MXF8);
    ins.stype = MMA_FMT_E4M3;
    EXPECT(MMA_ERR_FORMAT, mma_instr_validate(&ins, NULL));
    /* Arm FP8 dot: dtype other than f16/f32. */
    {
        const uint8_t op[2] = {0x38, 0x38};
        EXPECT(MMA_ERR_FORMAT, mma_fp8_dot_add(0, 0, MMA_FMT_BF16, 0, op, op, 2, &code));
    }
    /* MX quantisation: an element format that is not an 8/6/4-bit float. */
    EXPECT(MMA_ERR_FORMAT, mma_mx_quantize(MMA_FMT_F32, x, 4, MMA_FMT_F16, &scale, out));
}

static void format_pairs(void)
{
    mma_cvt_desc cvt = {MMA_CVT_F16, MMA_CVT_F16, MMA_RND_RNE, 0};
    mma_profile prof = preset(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32);
    mma_product p;
    uint64_t code = 0;
    memset(&p, 0, sizeof p);
    p.cls = MMA_CLASS_ZERO;

    EXPECT(MMA_ERR_FORMAT_PAIR, mma_cvt_validate(&cvt)); /* cvt.f16.f16 */
    cvt.dtype = MMA_CVT_E4M3X2;
    cvt.atype = MMA_CVT_BF16X2;
    EXPECT(MMA_ERR_FORMAT_PAIR, mma_cvt_validate(&cvt));
    cvt.dtype = MMA_CVT_F32;
    cvt.atype = MMA_CVT_F16;
    EXPECT(MMA_ERR_FORMAT_PAIR, mma_cvt_validate(&cvt));
    cvt.dtype = MMA_CVT_UE8M0X2;
    cvt.atype = MMA_CVT_F16X2;
    EXPECT(MMA_ERR_FORMAT_PAIR, mma_cvt_validate(&cvt));
    /* Block FMA accumulates into f32 or f16 only. */
    EXPECT(MMA_ERR_FORMAT_PAIR, mma_accumulate(&prof, &p, 1, MMA_FMT_F64, 0, MMA_FMT_F64, &code));
    EXPECT(MMA_ERR_FORMAT_PAIR, mma_accumulate(&prof, &p, 1, MMA_FMT_BF16, 0, MMA_FMT_BF16, &code));
}

static void codes(void)
{
    mma_value v;
    mma_instr ins = instr(F16_MMA);
    mma_instr s8 = instr("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32");
    mma_profile prof = preset(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32);
    mma_operands ops = operands();
    mma_cvt_desc cvt = {MMA_CVT_F16X2, MMA_CVT_E2M3X2, MMA_RND_RNE, 0};
    uint32_t src = 0x00C0u, d32 = 0;
    uint64_t code = 0;

    EXPECT(MMA_ERR_CODE, mma_decode(MMA_FMT_F16, 0x10000, &v));
    EXPECT(MMA_ERR_CODE, mma_decode(MMA_FMT_F32, 0x100000000ull, &v));
    EXPECT(MMA_ERR_CODE, mma_decode(MMA_FMT_E2M1, 0x10, &v));
    EXPECT(MMA_ERR_CODE, mma_decode(MMA_FMT_E3M2, 0x40, &v));
    EXPECT(MMA_ERR_CODE, mma_decode(MMA_FMT_B1, 2, &v));
    EXPECT(MMA_ERR_CODE, mma_decode(MMA_FMT_S4, 0x10, &v));
    EXPECT(MMA_ERR_CODE, mma_decode(MMA_FMT_UE8M0, 0x100, &v));
    EXPECT(MMA_ERR_CODE, mma_convert(MMA_FMT_F16, 0x1FFFF, MMA_FMT_F32, MMA_RND_RNE, 0, &code));
    /* An invalid class in a hand-built value. */
    v = val(7, 0, 0, 1);
    EXPECT(MMA_ERR_CODE, mma_encode(MMA_FMT_F16, &v, MMA_RND_RNE, 0, &code));
    /* Out-of-range operand codes of a whole instruction. */
    memset(A, 0, sizeof A);
    memset(B, 0, sizeof B);
    memset(C, 0, sizeof C);
    A[5] = 0x10000;
    EXPECT(MMA_ERR_CODE, mma_run(&ins, &prof, &ops));
    A[5] = 0;
    B[7] = 0x12345;
    EXPECT(MMA_ERR_CODE, mma_run(&ins, &prof, &ops));
    B[7] = 0;
    C[3] = 0x100000000ull;
    EXPECT(MMA_ERR_CODE, mma_run(&ins, &prof, &ops));
    EXPECT(MMA_ERR_CODE, mma_run(&s8, NULL, &ops));
    C[3] = 0;
    A[0] = 0x100;
    EXPECT(MMA_ERR_CODE, mma_run(&s8, NULL, &ops));
    A[0] = 0;
    /* cvt: a packed e2m3 lane with its 2 padding bits set. */
    EXPECT(MMA_ERR_CODE, mma_cvt(&cvt, &src, 1, 0, &d32));
    /* Arm FP8 dot: not an issue of codes (they are bytes), so none here. */
}

static void roundings(void)
{
    mma_value v = val(MMA_CLASS_FINITE, 0, -30, 0x12345);
    mma_value sticky = val(MMA_CLASS_FINITE, 0, 0, 1);
    uint64_t code = 0;
    mma_cvt_desc cvt = {MMA_CVT_F16, MMA_CVT_F32, MMA_RND_RNA, 0};
    mma_instr ins = instr("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64");

    EXPECT(MMA_ERR_ROUNDING, mma_encode(MMA_FMT_F16, &v, MMA_RND_COUNT, 0, &code));
    EXPECT(MMA_ERR_ROUNDING, mma_encode(MMA_FMT_F16, &v, (mma_round)99, 0, &code));
    EXPECT(MMA_ERR_ROUNDING, mma_encode(MMA_FMT_F16, &v, MMA_RND_RNE, 0x8u, &code));
    EXPECT(MMA_ERR_ROUNDING, mma_convert(MMA_FMT_F32, 0x3F800000, MMA_FMT_BF16, (mma_round)7, 0, &code));
    /* A sticky tail whose sig does not reach 2 bits below the target precision. */
    sticky.sticky = 1;
    EXPECT(MMA_ERR_ROUNDING, mma_encode(MMA_FMT_F16, &sticky, MMA_RND_RNE, 0, &code));
    /* cvt: rounding or modifier not allowed for the pair. */
    EXPECT(MMA_ERR_ROUNDING, mma_cvt_validate(&cvt)); /* f16.f32 .rna */
    cvt.rnd = MMA_RND_NONE;
    EXPECT(MMA_ERR_ROUNDING, mma_cvt_validate(&cvt));
    cvt.rnd = MMA_RND_RD;
    cvt.mods = MMA_ENC_RELU;
    EXPECT(MMA_ERR_ROUNDING, mma_cvt_validate(&cvt)); /* .rm takes no modifiers */
    cvt.dtype = MMA_CVT_E4M3X2;
    cvt.rnd = MMA_RND_RNE;
    cvt.mods = 0;
    EXPECT(MMA_ERR_ROUNDING, mma_cvt_validate(&cvt)); /* .satfinite is mandatory */
    cvt.dtype = MMA_CVT_UE8M0X2;
    cvt.rnd = MMA_RND_RZ;
    cvt.mods = MMA_ENC_RELU;
    EXPECT(MMA_ERR_ROUNDING, mma_cvt_validate(&cvt));
    cvt.mods = 0x4u;
    EXPECT(MMA_ERR_ROUNDING, mma_cvt_validate(&cvt)); /* unknown modifier bit */
    /* f64 mma rounding field out of range. */
    ins.f64_round = 9;
    EXPECT(MMA_ERR_ROUNDING, mma_instr_validate(&ins, NULL));
    ins.f64_round = MMA_RND_RNA;
    EXPECT(MMA_ERR_ROUNDING, mma_instr_validate(&ins, NULL));
}

static void shapes(void)
{
    mma_instr ins;
    mma_sparse_layout l;
    uint8_t meta[8] = {4, 4, 4, 4, 4, 4, 4, 4};
    uint64_t code = 0;
    const uint8_t op[8] = {0};

    EXPECT(MMA_ERR_SHAPE, mma_instr_parse("mma.sync.aligned.m16n8k17.row.col.f32.f16.f16.f32", 49, &ins, NULL));
    EXPECT(MMA_ERR_SHAPE, mma_instr_parse("mma.sync.aligned.m16n8k0.row.col.f32.f16.f16.f32", 48, &ins, NULL));
    EXPECT(MMA_ERR_SHAPE, mma_instr_parse("mma.sync.aligned.m16n16k16.row.col.f32.f16.f16.f32", 50, &ins, NULL));
    EXPECT(MMA_ERR_SHAPE, mma_instr_parse("wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16", 50, &ins, NULL));
    EXPECT(MMA_ERR_SHAPE, mma_instr_parse("wgmma.mma_async.sync.aligned.m64n264k16.f32.f16.f16", 51, &ins, NULL));
    EXPECT(MMA_ERR_SHAPE, mma_instr_parse("wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8", 48, &ins, NULL));
    ins = instr(F16_MMA);
    ins.k = 32;
    ins.m = 8;
    EXPECT(MMA_ERR_SHAPE, mma_instr_validate(&ins, NULL));
    ins = instr("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16");
    ins.m = 32;
    EXPECT(MMA_ERR_SHAPE, mma_instr_validate(&ins, NULL));
    ins = instr(SP_F16);
    ins.k = 64;
    EXPECT(MMA_ERR_SHAPE, mma_instr_validate(&ins, NULL));
    /* Metadata of a k that is not a multiple of the chunk. */
    ins = instr(SP_F16);
    (void)mma_sparse_layout_of(&ins, &l);
    EXPECT(MMA_ERR_SHAPE, mma_sparse_meta_validate(&l, 2, 6, meta, NULL));
    /* Arm FP8 dot: ways other than 1, 2, 4 (8 for f32). */
    EXPECT(MMA_ERR_SHAPE, mma_fp8_dot_add(0, 0, MMA_FMT_F32, 0, op, op, 3, &code));
    EXPECT(MMA_ERR_SHAPE, mma_fp8_dot_add(0, 0, MMA_FMT_F16, 0, op, op, 8, &code));
}

static void instructions(void)
{
    mma_instr ins;
    mma_sparse_layout l;
    mma_scale_shape shape;
    mma_sme_cfg cfg = {128, 0, 0};
    uint8_t zn[16] = {0}, zm[16] = {0};
    uint16_t zda[8] = {0};

    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_parse("mma.sync.aligned.m16n8k16.row.col.satfinite.f32.f16.f16.f32", 59, &ins, NULL));
    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_parse("mma.sync.aligned.m16n8k16.row.col.f32.f16.bf16.f32", 50, &ins, NULL));
    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_parse("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.rz", 52, &ins, NULL));
    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_parse("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32", 48, &ins, NULL));
    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_parse("mma.sync.aligned.m16n8k16.col.col.f32.f16.f16.f32", 49, &ins, NULL));
    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_parse("mma.sync.aligned.m16n8k32.row.col.f32.e2m1.e2m1.f32", 51, &ins, NULL));
    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_parse("mma.sp.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32", 67, &ins, NULL));
    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_parse("wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1.xor.popc", 57, &ins, NULL));
    ins = instr(F16_MMA);
    ins.family = 3;
    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_validate(&ins, NULL));
    ins = instr(F16_MMA);
    ins.alayout = 2;
    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_validate(&ins, NULL));
    ins = instr(F16_MMA);
    ins.block_scale = 2;
    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_validate(&ins, NULL));
    ins = instr(F16_MMA);
    ins.sparsity = 7;
    EXPECT(MMA_ERR_INSTRUCTION, mma_instr_validate(&ins, NULL));
    /* APIs that need a sparse / block-scaled instruction, given a dense one. */
    ins = instr(F16_MMA);
    EXPECT(MMA_ERR_INSTRUCTION, mma_sparse_layout_of(&ins, &l));
    EXPECT(MMA_ERR_INSTRUCTION, mma_sparse_selector_decode(&ins, 0, NULL, NULL));
    EXPECT(MMA_ERR_INSTRUCTION, mma_block_scale_shape(&ins, &shape));
    /* A hand-built layout that is not one of the three patterns. */
    memset(&l, 0, sizeof l);
    l.pattern = 3;
    l.chunk = 4;
    l.kept = 2;
    l.variant = MMA_SPARSE_SP;
    EXPECT(MMA_ERR_INSTRUCTION, mma_sparse_meta_check(&l, 4, NULL));
    /* Arm FDOT indexed: index out of range. */
    EXPECT(MMA_ERR_INSTRUCTION, mma_sme_fdot_f16_indexed(&cfg, zn, 16, zm, 16, 8, zda, 8));
}

static void parse_errors(void)
{
    static const char *const bad[] = {
        "", "   ", ";", "mma", "mma.", ".mma", "mma..sync", "foo.sync.aligned", "mma.sync.aligned",
        "mma.sync.aligned.m16n8k16", "mma.sync.aligned.m16n8k16.row", "mma.sync.aligned.m16n8k16.row.col",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 d, a, b, c;",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.f32", "mma.sync.aligned.m16n8k016.row.col.f32.f16.f16.f32",
        "mma.sync.aligned.mXn8k16.row.col.f32.f16.f16.f32", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32;;",
        "mma.aligned.sync.m16n8k16.row.col.f32.f16.f16.f32", "mma.sp::foo.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.popc", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32\x01",
        "mma.sync.aligned.m16n8k32.row.col.kind::f9.f32.e4m3.e4m3.f32", "wmma.sync.aligned.row.col.m16n16k16.f32.f32",
        "wgmma.sync.aligned.m64n8k16.f32.f16.f16", "mma.sync.aligned.m1234567n8k16.row.col.f32.f16.f16.f32",
    };
    mma_instr ins;
    mma_diag diag;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        EXPECT(MMA_ERR_PARSE, mma_instr_parse(bad[i], strlen(bad[i]), &ins, &diag));
    }
    EXPECT(MMA_ERR_PARSE, mma_instr_parse(NULL, 0, &ins, &diag));
    /* A length that stops inside the text: only len bytes are read. */
    EXPECT(MMA_ERR_PARSE, mma_instr_parse(F16_MMA, 20, &ins, &diag));
}

static void profiles(void)
{
    mma_preset p;
    mma_profile prof;
    mma_instr bf16 = instr("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32");
    mma_instr f64 = instr("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64");
    mma_profile hopper = preset(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32);
    uint64_t code = 0;

    EXPECT(MMA_ERR_PROFILE, mma_preset_from_name("H300", 4, &p));
    EXPECT(MMA_ERR_PROFILE, mma_preset_from_name("hopperx", 7, &p));
    EXPECT(MMA_ERR_PROFILE, mma_preset_from_name("", 0, &p));
    EXPECT(MMA_ERR_PROFILE, mma_preset_profile(MMA_PRESET_COUNT, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32, &prof));
    EXPECT(MMA_ERR_PROFILE, mma_instr_profile(MMA_PRESET_VOLTA, &bf16, &prof)); /* Volta has no bf16 */
    EXPECT(MMA_ERR_PROFILE, mma_instr_profile(MMA_PRESET_COUNT, &bf16, &prof));
    EXPECT(MMA_ERR_PROFILE, mma_block_scale_preset_profile(MMA_PRESET_HOPPER, MMA_KINDQ_MXF8F6F4, &prof));
    EXPECT(MMA_ERR_PROFILE, mma_block_scale_preset_profile(MMA_PRESET_ARM_FP8, MMA_KINDQ_MXF4, &prof));
    /* f64 inputs need the seq_fma algorithm in mma_dot. */
    EXPECT(MMA_ERR_PROFILE, mma_dot(&hopper, MMA_FMT_F64, A, 1, MMA_FMT_F64, B, 1, 4, MMA_FMT_F64, 0, MMA_FMT_F64, &code));
    (void)f64;
}

static void profile_params(void)
{
    mma_profile base = preset(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32);
    mma_profile p;
    mma_instr ins = instr(F16_MMA);
    mma_operands ops = operands();
    uint64_t code = 0;
    mma_product prod;
    memset(&prod, 0, sizeof prod);
    prod.cls = MMA_CLASS_ZERO;

#define BAD_FIELD(field, value)                                   \
    do {                                                          \
        p = base;                                                 \
        p.field = (value);                                        \
        EXPECT(MMA_ERR_PROFILE_PARAM, mma_profile_validate(&p)); \
    } while (0)
    BAD_FIELD(algo, 4);
    BAD_FIELD(algo, 255);
    BAD_FIELD(k_order, 2);
    BAD_FIELD(c_mode, 3);
    BAD_FIELD(round_mode, MMA_RND_COUNT);
    BAD_FIELD(f32_round, 9);
    BAD_FIELD(f16_round, MMA_RND_COUNT);
    BAD_FIELD(group, 0);
    BAD_FIELD(group, 65);
    BAD_FIELD(frac_bits, 0);
    BAD_FIELD(frac_bits, 41);
    BAD_FIELD(f32_sig_bits, 23);
    BAD_FIELD(zero_c_term, 2);
    BAD_FIELD(f16_c_pinned, 2);
    BAD_FIELD(zero_product_term, 2);
    BAD_FIELD(group_align, 2);
    BAD_FIELD(group_align, 255);
    BAD_FIELD(flush_subnormal_in, 3);
    BAD_FIELD(arm_osm, 2);
    BAD_FIELD(arm_lscale, 128);
#undef BAD_FIELD
    /* The same through the computing entry points. */
    p = base;
    p.group = 0;
    EXPECT(MMA_ERR_PROFILE_PARAM, mma_run(&ins, &p, &ops));
    EXPECT(MMA_ERR_PROFILE_PARAM, mma_accumulate(&p, &prod, 1, MMA_FMT_F32, 0, MMA_FMT_F32, &code));
    EXPECT(MMA_ERR_PROFILE_PARAM, mma_dot(&p, MMA_FMT_F16, A, 1, MMA_FMT_F16, B, 1, 16, MMA_FMT_F32, 0, MMA_FMT_F32, &code));
    {
        mma_gemm_desc g = {&ins, &p, 16, 8, 16, A, 16, B, 8, C, 8, D, 8, NULL, 0, NULL, 0, NULL, 0};
        EXPECT(MMA_ERR_PROFILE_PARAM, mma_gemm(&g));
    }
    /* Arm: unknown option bits. */
    EXPECT(MMA_ERR_PROFILE_PARAM, mma_fpmr_check(0, 0x4u));
    EXPECT(MMA_ERR_PROFILE_PARAM, mma_fpmr_check(0, 0x80000000u));
}

static void buffers(void)
{
    mma_instr ins = instr(F16_MMA);
    mma_profile prof = preset(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32);
    char buf[64];
    mma_cvt_desc cvt = {MMA_CVT_F16X2, MMA_CVT_F32, MMA_RND_RNE, 0};
    uint32_t src[4] = {0, 0, 0, 0}, d32 = 0;
    uint8_t preg[2] = {0xFF, 0xFF}, elems[16];
    size_t n = 0;
    mma_instr any;
    uint64_t x[1] = {0}, scale = 0, out[1];

    EXPECT(MMA_ERR_BUFFER, mma_instr_format(&ins, buf, 0));
    EXPECT(MMA_ERR_BUFFER, mma_instr_format(&ins, buf, 1));
    EXPECT(MMA_ERR_BUFFER, mma_instr_format(&ins, buf, 20));
    EXPECT(MMA_ERR_BUFFER, mma_instr_format(&ins, buf, strlen(F16_MMA)));
    while (mma_instr_catalog(n, &any) == MMA_OK) {
        ++n;
    }
    EXPECT(MMA_ERR_BUFFER, mma_instr_catalog(n, &any));
    EXPECT(MMA_ERR_BUFFER, mma_instr_catalog((size_t)-1, &any));
    EXPECT(MMA_ERR_BUFFER, mma_cvt(&cvt, src, 1, 0, &d32)); /* f16x2.f32 takes two operands */
    EXPECT(MMA_ERR_BUFFER, mma_cvt(&cvt, src, 4, 0, &d32));
    {
        mma_gemm_desc g = {&ins, &prof, 4, 4, 8, A, 7, B, 4, C, 4, D, 4, NULL, 0, NULL, 0, NULL, 0}; /* lda < k */
        EXPECT(MMA_ERR_BUFFER, mma_gemm(&g));
        g.lda = 8;
        g.ldd = 3; /* ldd < n */
        EXPECT(MMA_ERR_BUFFER, mma_gemm(&g));
        g.ldd = 4;
        g.ldb = 2;
        EXPECT(MMA_ERR_BUFFER, mma_gemm(&g));
    }
    EXPECT(MMA_ERR_BUFFER, mma_sme_pred_unpack(128, preg, 1, elems, 16)); /* needs VL/64 = 2 bytes */
    EXPECT(MMA_ERR_BUFFER, mma_sme_pred_unpack(128, preg, 2, elems, 15)); /* needs VL/8 = 16 */
    EXPECT(MMA_ERR_BUFFER, mma_mx_quantize(MMA_FMT_F32, x, 0, MMA_FMT_E4M3, &scale, out)); /* n >= 1 */
}

static void metadata(void)
{
    mma_instr sp = instr(SP_F16), ord = instr(SP_ORD_F16), tf32 = instr(SP_TF32);
    mma_sparse_layout lsp, lord, ltf;
    mma_profile prof = preset(MMA_PRESET_AMPERE, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32);
    uint8_t pos[4];
    uint8_t meta[8] = {4, 4, 4, 4, 4, 4, 4, 4};
    uint64_t dense[8] = {1, 2, 3, 0, 0, 0, 0, 0}, packed[4];
    mma_sparse_diag diag;
    mma_operands ops = operands();
    (void)mma_sparse_layout_of(&sp, &lsp);
    (void)mma_sparse_layout_of(&ord, &lord);
    (void)mma_sparse_layout_of(&tf32, &ltf);

    /* .sp: the two indices must differ. */
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_check(&lsp, 0x0, NULL));
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_check(&lsp, 0x5, NULL));
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_check(&lsp, 0xA, NULL));
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_check(&lsp, 0xF, NULL));
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_check(&lsp, 0x10, NULL));
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_check(&lsp, 0xFF, NULL));
    /* ::ordered_metadata: index 0 < index 1. */
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_check(&lord, 0x1, NULL)); /* 1, 0 */
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_check(&lord, 0x6, NULL)); /* 2, 1 */
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_check(&lord, 0xB, NULL)); /* 3, 2 */
    /* tf32: only 0b0100 and 0b1110. */
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_check(&ltf, 0x8, NULL));
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_check(&ltf, 0x1, NULL));
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_decode(&lsp, 0x5, pos, NULL));
    meta[5] = 0xA;
    EXPECT(MMA_ERR_METADATA, mma_sparse_meta_validate(&lsp, 2, 16, meta, &diag));
    meta[5] = 4;
    /* compress: a chunk with three non-zero elements. */
    EXPECT(MMA_ERR_METADATA, mma_sparse_compress(&lsp, 1, 8, dense, packed, meta, &diag));
    /* A whole sparse instruction with one bad metadata value. */
    memset(META, 0x4, sizeof META);
    META[17] = 0x0;
    memset(A, 0, sizeof A);
    memset(B, 0, sizeof B);
    memset(C, 0, sizeof C);
    EXPECT(MMA_ERR_METADATA, mma_run(&sp, &prof, &ops));
    EXPECT(MMA_ERR_METADATA, mma_sparse_run(&sp, &prof, &ops, &diag));
    memset(META, 0x4, sizeof META);
}

static void sparsity_selectors(void)
{
    mma_instr k16 = instr(SP_F16);                                                /* 0..3 */
    mma_instr k32 = instr("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32"); /* 0, 1 */
    mma_instr k64 = instr(SP_S8_K64);                                              /* 0 */
    const char *reason = NULL;
    EXPECT(MMA_ERR_SPARSITY_SELECTOR, mma_sparse_selector_decode(&k16, 4, NULL, &reason));
    EXPECT(MMA_ERR_SPARSITY_SELECTOR, mma_sparse_selector_decode(&k16, 0xFFFFFFFFu, NULL, &reason));
    EXPECT(MMA_ERR_SPARSITY_SELECTOR, mma_sparse_selector_decode(&k32, 2, NULL, &reason));
    EXPECT(MMA_ERR_SPARSITY_SELECTOR, mma_sparse_selector_decode(&k32, 3, NULL, &reason));
    EXPECT(MMA_ERR_SPARSITY_SELECTOR, mma_sparse_selector_decode(&k64, 1, NULL, &reason));
    EXPECT(MMA_ERR_SPARSITY_SELECTOR, mma_sparse_selector_decode(&k64, 3, NULL, &reason));
}

static void scale_selectors(void)
{
    mma_instr v1 = instr(BS_MXF8), v2 = instr(BS_MXF4_2X), v4 = instr(BS_NVF4_4X);
    mma_scale_select sel;
    EXPECT(MMA_ERR_SCALE_SELECTOR, mma_scale_selector_decode(&v1, MMA_SCALE_A, 4, 0, &sel, NULL));
    EXPECT(MMA_ERR_SCALE_SELECTOR, mma_scale_selector_decode(&v1, MMA_SCALE_A, 0, 2, &sel, NULL)); /* thread-id-a */
    EXPECT(MMA_ERR_SCALE_SELECTOR, mma_scale_selector_decode(&v1, MMA_SCALE_B, 0, 4, &sel, NULL)); /* thread-id-b */
    EXPECT(MMA_ERR_SCALE_SELECTOR, mma_scale_selector_decode(&v2, MMA_SCALE_A, 1, 0, &sel, NULL));
    EXPECT(MMA_ERR_SCALE_SELECTOR, mma_scale_selector_decode(&v2, MMA_SCALE_B, 3, 0, &sel, NULL));
    EXPECT(MMA_ERR_SCALE_SELECTOR, mma_scale_selector_decode(&v4, MMA_SCALE_A, 2, 0, &sel, NULL));
    EXPECT(MMA_ERR_SCALE_SELECTOR, mma_scale_selector_decode(&v4, MMA_SCALE_B, 1, 1, &sel, NULL));
}

static void scale_vecs(void)
{
    mma_instr ins;
    EXPECT(MMA_ERR_SCALE_VEC, mma_instr_parse("mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::8X.f32.e2m1.e2m1.f32.ue8m0", 94, &ins, NULL));
    EXPECT(MMA_ERR_SCALE_VEC, mma_instr_parse("mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0", 94, &ins, NULL));
    EXPECT(MMA_ERR_SCALE_VEC, mma_instr_parse("mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.f32.e2m1.e2m1.f32.ue8m0", 84, &ins, NULL));
    EXPECT(MMA_ERR_SCALE_VEC, mma_instr_parse("mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue4m3", 98, &ins, NULL));
    EXPECT(MMA_ERR_SCALE_VEC, mma_instr_parse("mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::2X.f32.e4m3.e4m3.f32.ue8m0", 98, &ins, NULL));
    EXPECT(MMA_ERR_SCALE_VEC, mma_instr_parse("mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue4m3", 84, &ins, NULL));
    ins = instr(BS_MXF4_2X);
    ins.scale_vec = 3;
    EXPECT(MMA_ERR_SCALE_VEC, mma_instr_validate(&ins, NULL));
    ins = instr(F16_MMA);
    ins.scale_vec = 1; /* without .block_scale */
    EXPECT(MMA_ERR_SCALE_VEC, mma_instr_validate(&ins, NULL));
}

static void scale_nans(void)
{
    mma_instr v1 = instr(BS_MXF8), v4 = instr(BS_NVF4_4X);
    mma_operands ops = operands();
    mma_scale_diag diag;
    for (size_t i = 0; i < sizeof SA / sizeof SA[0]; ++i) {
        SA[i] = 0x7F; /* ue8m0 1.0 */
    }
    for (size_t i = 0; i < sizeof SB / sizeof SB[0]; ++i) {
        SB[i] = 0x7F;
    }
    SA[9] = 0xFF;
    EXPECT(MMA_ERR_SCALE_NAN, mma_block_scale_find_nan(&v1, &ops, &diag));
    SA[9] = 0x7F;
    SB[3] = 0xFF;
    EXPECT(MMA_ERR_SCALE_NAN, mma_block_scale_find_nan(&v1, &ops, &diag));
    for (size_t i = 0; i < sizeof SA / sizeof SA[0]; ++i) {
        SA[i] = 0x38; /* ue4m3 1.0 */
    }
    for (size_t i = 0; i < sizeof SB / sizeof SB[0]; ++i) {
        SB[i] = 0x38;
    }
    SA[0] = 0x7F;
    EXPECT(MMA_ERR_SCALE_NAN, mma_block_scale_find_nan(&v4, &ops, &diag));
    SA[0] = 0xFF; /* bit 7 is ignored: still the NaN 0x7F */
    EXPECT(MMA_ERR_SCALE_NAN, mma_block_scale_find_nan(&v4, &ops, &diag));
    SA[0] = 0x38;
}

static void fpmrs(void)
{
    mma_fpmr f;
    uint64_t v = 0;
    mma_format fmt;
    memset(&f, 0, sizeof f);
    f.f8s1 = 8;
    EXPECT(MMA_ERR_FPMR, mma_fpmr_encode(&f, &v));
    f.f8s1 = 0;
    f.lscale = 128;
    EXPECT(MMA_ERR_FPMR, mma_fpmr_encode(&f, &v));
    f.lscale = 0;
    f.osm = 2;
    EXPECT(MMA_ERR_FPMR, mma_fpmr_encode(&f, &v));
    f.osm = 0;
    f.res0 = 1; /* bit 0 is F8S1, not RES0 */
    EXPECT(MMA_ERR_FPMR, mma_fpmr_encode(&f, &v));
    EXPECT(MMA_ERR_FPMR, mma_fpmr_fp8_format(2, &fmt));
    EXPECT(MMA_ERR_FPMR, mma_fpmr_fp8_format(7, &fmt));
    EXPECT(MMA_ERR_FPMR, mma_fpmr_check(2u << MMA_FPMR_F8S1_SHIFT, MMA_SME_STRICT_FPMR));
    EXPECT(MMA_ERR_FPMR, mma_fpmr_check(5u << MMA_FPMR_F8S2_SHIFT, MMA_SME_STRICT_FPMR));
    EXPECT(MMA_ERR_FPMR, mma_fpmr_check((uint64_t)1 << 40, MMA_SME_STRICT_FPMR));
}

static void predicates(void)
{
    uint8_t preg[64] = {0}, elems[512];
    EXPECT(MMA_ERR_PREDICATE, mma_sme_vl_check(0));
    EXPECT(MMA_ERR_PREDICATE, mma_sme_vl_check(64));
    EXPECT(MMA_ERR_PREDICATE, mma_sme_vl_check(100));
    EXPECT(MMA_ERR_PREDICATE, mma_sme_vl_check(384));
    EXPECT(MMA_ERR_PREDICATE, mma_sme_vl_check(4096));
    EXPECT(MMA_ERR_PREDICATE, mma_sme_pred_unpack(96, preg, sizeof preg, elems, sizeof elems));
}

static void overflow_ranges(void)
{
    mma_profile exact = preset(MMA_PRESET_EXACT, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32);
    mma_product p;
    uint64_t code = 0;
    memset(&p, 0, sizeof p);
    p.cls = MMA_CLASS_FINITE;
    p.m = 1;
    /* A (hand-built) product far outside the exact accumulator's 4352-bit window. */
    p.e = 5000;
    p.lsb = 5000;
    EXPECT(MMA_ERR_OVERFLOW_RANGE, mma_accumulate(&exact, &p, 1, MMA_FMT_F32, 0, MMA_FMT_F32, &code));
    p.e = -5000;
    p.lsb = -5000;
    EXPECT(MMA_ERR_OVERFLOW_RANGE, mma_accumulate(&exact, &p, 1, MMA_FMT_F32, 0, MMA_FMT_F32, &code));
}

static void unrepresentables(void)
{
    mma_value neg = val(MMA_CLASS_FINITE, 1, 0, 1);
    mma_value nan = val(MMA_CLASS_NAN, 0, 0, 0);
    mma_value ninf = val(MMA_CLASS_INF, 1, 0, 0);
    mma_value pinf = val(MMA_CLASS_INF, 0, 0, 0);
    uint64_t code = 0;
    EXPECT(MMA_ERR_UNREPRESENTABLE, mma_encode(MMA_FMT_UE8M0, &neg, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_UNREPRESENTABLE, mma_encode(MMA_FMT_UE4M3, &neg, MMA_RND_RZ, 0, &code));
    EXPECT(MMA_ERR_UNREPRESENTABLE, mma_encode(MMA_FMT_UE4M3, &ninf, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_UNREPRESENTABLE, mma_encode(MMA_FMT_E2M1, &nan, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_UNREPRESENTABLE, mma_encode(MMA_FMT_E3M2, &pinf, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_UNREPRESENTABLE, mma_encode(MMA_FMT_E2M3, &ninf, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_UNREPRESENTABLE, mma_convert(MMA_FMT_F32, 0xBF800000, MMA_FMT_UE8M0, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_UNREPRESENTABLE, mma_convert(MMA_FMT_F16, 0x7E00, MMA_FMT_E2M1, MMA_RND_RNE, 0, &code));
    EXPECT(MMA_ERR_UNREPRESENTABLE, mma_convert(MMA_FMT_BF16, 0x7F80, MMA_FMT_E3M2, MMA_RND_RNE, 0, &code));
}

int main(void)
{
    null_args();
    formats();
    format_pairs();
    codes();
    roundings();
    shapes();
    instructions();
    parse_errors();
    profiles();
    profile_params();
    buffers();
    metadata();
    sparsity_selectors();
    scale_selectors();
    scale_vecs();
    scale_nans();
    fpmrs();
    predicates();
    overflow_ranges();
    unrepresentables();

    unsigned total = 0;
    printf("\n%-26s | %s\n", "error class", "bad inputs tried");
    printf("---------------------------+-----------------\n");
    for (unsigned s = 1; s < (unsigned)MMA_STATUS_COUNT; ++s) {
        printf("%-26s | %u%s\n", mma_status_name((mma_status)s), tried[s], tried[s] ? "" : "  (no bad input: gap)");
        total += tried[s];
    }
    printf("%-26s | %u\n", "total", total);
    if (failed) {
        printf("\n%u of %u calls did not return the expected status\n", failed, total);
        return 1;
    }
    printf("\nall %u calls returned exactly the expected status\n", total);
    return 0;
}
