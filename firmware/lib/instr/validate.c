/*
 * mmacore: which instruction descriptors exist (mma_instr_validate).
 *
 * Sources: PTX ISA 9.0 9.7.14.5.14 (mma syntax and the shape restrictions), 9.7.14.6.3 (mma.sp /
 * mma.sp::ordered_metadata), 9.7.14.3 Table 36 (kind / stype / scale_vec), seed 003 (wgmma
 * m64nNk8/k16/k32/k256 and their valid N), and the wmma syntax. Where the PTX syntax lines leave
 * dtype and ctype independent for .m16n8k16/.m16n8k32 the project follows the NVVM backend
 * (LLVM IntrinsicsNVVM.td, NVVM_MMA_SUPPORTED: "m16n8k16/m16n8k32 requires C and D to be the
 * same type"), which is also the written rule of mma.sp for those shapes.
 */
#include "instr_int.h"

typedef struct shape3 {
    uint8_t m;
    uint8_t n;
    uint16_t k;
} shape3;

#define MAX_SHAPES 4

/* A list of shapes and the message naming them when the given shape is not one of them. */
typedef struct shape_set {
    shape3 s[MAX_SHAPES];
    uint8_t count;
    const char *reason;
} shape_set;

mmai_igroup mmai_instr_group(unsigned fmt)
{
    switch (fmt) {
    case MMA_FMT_F16: return MMA_G_F16;
    case MMA_FMT_BF16: return MMA_G_BF16;
    case MMA_FMT_TF32: return MMA_G_TF32;
    case MMA_FMT_F64: return MMA_G_F64;
    case MMA_FMT_E4M3:
    case MMA_FMT_E5M2: return MMA_G_F8;
    case MMA_FMT_E3M2:
    case MMA_FMT_E2M3:
    case MMA_FMT_E2M1: return MMA_G_F6F4;
    case MMA_FMT_S8:
    case MMA_FMT_U8: return MMA_G_I8;
    case MMA_FMT_S4:
    case MMA_FMT_U4: return MMA_G_I4;
    case MMA_FMT_B1: return MMA_G_B1;
    default: return MMA_G_NONE;
    }
}

void mmai_instr_defaults(mma_instr *ins, mma_family family)
{
    ins->family = (uint8_t)family;
    ins->m = 0;
    ins->n = 0;
    ins->k = 0;
    ins->atype = 0;
    ins->btype = 0;
    ins->ctype = 0;
    ins->dtype = 0;
    ins->alayout = MMA_LAYOUT_ROW;
    ins->blayout = MMA_LAYOUT_COL;
    ins->satfinite = 0;
    ins->bitop = MMA_BITOP_NONE;
    ins->f64_round = MMA_RND_RNE;
    ins->kind = MMA_KINDQ_NONE;
    ins->sparsity = MMA_SPARSE_NONE;
    ins->block_scale = 0;
    ins->scale_vec = 0;
    ins->stype = 0;
}

void mmai_instr_copy(mma_instr *dst, const mma_instr *src)
{
    dst->family = src->family;
    dst->m = src->m;
    dst->n = src->n;
    dst->k = src->k;
    dst->atype = src->atype;
    dst->btype = src->btype;
    dst->ctype = src->ctype;
    dst->dtype = src->dtype;
    dst->alayout = src->alayout;
    dst->blayout = src->blayout;
    dst->satfinite = src->satfinite;
    dst->bitop = src->bitop;
    dst->f64_round = src->f64_round;
    dst->kind = src->kind;
    dst->sparsity = src->sparsity;
    dst->block_scale = src->block_scale;
    dst->scale_vec = src->scale_vec;
    dst->stype = src->stype;
}

/* ---- shape tables --------------------------------------------------------------------------- */

static const shape_set MMA_F16 = {{{8, 8, 4}, {16, 8, 8}, {16, 8, 16}}, 3,
    "shape does not exist for .f16 mma (valid: .m8n8k4 .m16n8k8 .m16n8k16)"};
static const shape_set MMA_BF16 = {{{16, 8, 8}, {16, 8, 16}}, 2,
    "shape does not exist for .bf16 mma (valid: .m16n8k8 .m16n8k16)"};
static const shape_set MMA_TF32 = {{{16, 8, 4}, {16, 8, 8}}, 2,
    "shape does not exist for .tf32 mma (valid: .m16n8k4 .m16n8k8)"};
static const shape_set MMA_F64 = {{{8, 8, 4}, {16, 8, 4}, {16, 8, 8}, {16, 8, 16}}, 4,
    "shape does not exist for .f64 mma (valid: .m8n8k4 .m16n8k4 .m16n8k8 .m16n8k16)"};
static const shape_set MMA_F8 = {{{16, 8, 16}, {16, 8, 32}}, 2,
    "shape does not exist for .e4m3/.e5m2 mma (valid: .m16n8k16 .m16n8k32)"};
static const shape_set MMA_F8F6F4 = {{{16, 8, 32}}, 1,
    "shape does not exist for .kind::f8f6f4 mma (valid: .m16n8k32)"};
static const shape_set MMA_I8 = {{{8, 8, 16}, {16, 8, 16}, {16, 8, 32}}, 3,
    "shape does not exist for .s8/.u8 mma (valid: .m8n8k16 .m16n8k16 .m16n8k32)"};
static const shape_set MMA_I4 = {{{8, 8, 32}, {16, 8, 32}, {16, 8, 64}}, 3,
    "shape does not exist for .s4/.u4 mma (valid: .m8n8k32 .m16n8k32 .m16n8k64)"};
static const shape_set MMA_B1 = {{{8, 8, 128}, {16, 8, 128}, {16, 8, 256}}, 3,
    "shape does not exist for .b1 mma (valid: .m8n8k128 .m16n8k128 .m16n8k256)"};
static const shape_set MMA_MXF8F6F4 = {{{16, 8, 32}}, 1,
    "shape does not exist for .kind::mxf8f6f4 mma (valid: .m16n8k32)"};
static const shape_set MMA_MXF4 = {{{16, 8, 64}}, 1,
    "shape does not exist for .kind::mxf4/.kind::mxf4nvf4 mma (valid: .m16n8k64)"};

static const shape_set SP_F16 = {{{16, 8, 16}, {16, 8, 32}}, 2,
    "shape does not exist for sparse .f16 mma (valid: .m16n8k16 .m16n8k32)"};
static const shape_set SP_BF16 = {{{16, 8, 16}, {16, 8, 32}}, 2,
    "shape does not exist for sparse .bf16 mma (valid: .m16n8k16 .m16n8k32)"};
static const shape_set SP_TF32 = {{{16, 8, 8}, {16, 8, 16}}, 2,
    "shape does not exist for sparse .tf32 mma (valid: .m16n8k8 .m16n8k16)"};
static const shape_set SP_F8 = {{{16, 8, 64}}, 1,
    "shape does not exist for sparse .e4m3/.e5m2 mma (valid: .m16n8k64)"};
static const shape_set SP_F8F6F4 = {{{16, 8, 64}}, 1,
    "shape does not exist for sparse .kind::f8f6f4 mma (valid: .m16n8k64)"};
static const shape_set SP_I8 = {{{16, 8, 32}, {16, 8, 64}}, 2,
    "shape does not exist for sparse .s8/.u8 mma (valid: .m16n8k32 .m16n8k64)"};
static const shape_set SP_I4 = {{{16, 8, 64}, {16, 8, 128}}, 2,
    "shape does not exist for sparse .s4/.u4 mma (valid: .m16n8k64 .m16n8k128)"};
static const shape_set SP_MXF8F6F4 = {{{16, 8, 64}}, 1,
    "shape does not exist for sparse .kind::mxf8f6f4 mma (valid: .m16n8k64)"};
static const shape_set SP_MXF4 = {{{16, 8, 128}}, 1,
    "shape does not exist for sparse .kind::mxf4/.kind::mxf4nvf4 mma (valid: .m16n8k128)"};

static const shape_set WMMA_F16 = {{{16, 16, 16}, {32, 8, 16}, {8, 32, 16}}, 3,
    "shape does not exist for .f16 wmma (valid: .m16n16k16 .m32n8k16 .m8n32k16)"};
static const shape_set WMMA_BF16 = {{{16, 16, 16}, {32, 8, 16}, {8, 32, 16}}, 3,
    "shape does not exist for .bf16 wmma (valid: .m16n16k16 .m32n8k16 .m8n32k16)"};
static const shape_set WMMA_TF32 = {{{16, 16, 8}}, 1,
    "shape does not exist for .tf32 wmma (valid: .m16n16k8)"};
static const shape_set WMMA_F64 = {{{8, 8, 4}}, 1,
    "shape does not exist for .f64 wmma (valid: .m8n8k4)"};
static const shape_set WMMA_I8 = {{{16, 16, 16}, {32, 8, 16}, {8, 32, 16}}, 3,
    "shape does not exist for .s8/.u8 wmma (valid: .m16n16k16 .m32n8k16 .m8n32k16)"};
static const shape_set WMMA_I4 = {{{8, 8, 32}}, 1,
    "shape does not exist for .s4/.u4 wmma (valid: .m8n8k32)"};
static const shape_set WMMA_B1 = {{{8, 8, 128}}, 1,
    "shape does not exist for .b1 wmma (valid: .m8n8k128)"};

static bool shape_in(const shape_set *set, const mma_instr *ins)
{
    for (unsigned i = 0; i < set->count; i++) {
        if (set->s[i].m == ins->m && set->s[i].n == ins->n && set->s[i].k == ins->k) {
            return true;
        }
    }
    return false;
}

/* ---- the checks ----------------------------------------------------------------------------- */

typedef struct vctx {
    const char *reason;
    mmai_ifield field;
} vctx;

static mma_status fail(vctx *v, mma_status st, mmai_ifield field, const char *reason)
{
    v->reason = reason;
    v->field = field;
    return st;
}

static bool is_float8_6_4(mmai_igroup g)
{
    return g == MMA_G_F8 || g == MMA_G_F6F4;
}

static bool is_int(mmai_igroup g)
{
    return g == MMA_G_I8 || g == MMA_G_I4;
}

static bool is_acc_type(unsigned f)
{
    return f == MMA_FMT_F16 || f == MMA_FMT_F32 || f == MMA_FMT_F64 || f == MMA_FMT_S32;
}

/* Field ranges: every enum-valued field holds one of its enumerators. */
static mma_status check_ranges(vctx *v, const mma_instr *ins)
{
    if (ins->family > MMA_FAMILY_WGMMA) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_OPCODE, "unknown instruction family");
    }
    if (ins->atype >= MMA_FMT_COUNT) {
        return fail(v, MMA_ERR_FORMAT, MMA_IF_ATYPE, "unknown A type");
    }
    if (ins->btype >= MMA_FMT_COUNT) {
        return fail(v, MMA_ERR_FORMAT, MMA_IF_BTYPE, "unknown B type");
    }
    if (ins->ctype >= MMA_FMT_COUNT) {
        return fail(v, MMA_ERR_FORMAT, MMA_IF_CTYPE, "unknown C type");
    }
    if (ins->dtype >= MMA_FMT_COUNT) {
        return fail(v, MMA_ERR_FORMAT, MMA_IF_DTYPE, "unknown D type");
    }
    if (ins->alayout > MMA_LAYOUT_COL) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_ALAYOUT, "unknown layout of A");
    }
    if (ins->blayout > MMA_LAYOUT_COL) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BLAYOUT, "unknown layout of B");
    }
    if (ins->satfinite > 1u) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_SATFINITE, "satfinite must be 0 or 1");
    }
    if (ins->bitop > MMA_BITOP_AND) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BITOP, "unknown b1 bit operation");
    }
    if (ins->f64_round >= MMA_RND_COUNT) {
        return fail(v, MMA_ERR_ROUNDING, MMA_IF_RND, "unknown rounding mode");
    }
    if (ins->kind > MMA_KINDQ_MXF4NVF4) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_KIND, "unknown .kind");
    }
    if (ins->sparsity > MMA_SPARSE_SP_ORDERED) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_SPARSITY, "unknown sparsity variant");
    }
    if (ins->block_scale > 1u) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BLOCK_SCALE, "block_scale must be 0 or 1");
    }
    if (ins->scale_vec != 0u && ins->scale_vec != 1u && ins->scale_vec != 2u && ins->scale_vec != 4u) {
        return fail(v, MMA_ERR_SCALE_VEC, MMA_IF_SCALE_VEC, "scale_vec must be 1X, 2X or 4X");
    }
    if (ins->block_scale != 0u && ins->stype >= MMA_FMT_COUNT) {
        return fail(v, MMA_ERR_FORMAT, MMA_IF_STYPE, "unknown scale type");
    }
    return MMA_OK;
}

/* Qualifiers that only one family has. */
static mma_status check_family_qualifiers(vctx *v, const mma_instr *ins)
{
    if (ins->family == MMA_FAMILY_MMA) {
        return MMA_OK;
    }
    if (ins->sparsity != MMA_SPARSE_NONE) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_SPARSITY,
                    ins->family == MMA_FAMILY_WGMMA ? "sparse wgmma is not modelled (only mma.sp)"
                                                    : "wmma has no sparse variant");
    }
    if (ins->kind != MMA_KINDQ_NONE) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_KIND, ".kind exists only for mma");
    }
    if (ins->block_scale != 0u) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BLOCK_SCALE, ".block_scale exists only for mma");
    }
    if (ins->scale_vec != 0u) {
        return fail(v, MMA_ERR_SCALE_VEC, MMA_IF_SCALE_VEC, ".scale_vec exists only for block-scaled mma");
    }
    return MMA_OK;
}

/* A and B: each an input type, and a pair that exists. */
static mma_status check_ab(vctx *v, const mma_instr *ins, mmai_igroup ga, mmai_igroup gb)
{
    static const char not_input[] =
        "not an input type (A/B: .f16 .bf16 .tf32 .f64 .e4m3 .e5m2 .e3m2 .e2m3 .e2m1 .s8 .u8 .s4 .u4 .b1)";
    if (ga == MMA_G_NONE) {
        return fail(v, MMA_ERR_FORMAT, MMA_IF_ATYPE, not_input);
    }
    if (gb == MMA_G_NONE) {
        return fail(v, MMA_ERR_FORMAT, MMA_IF_BTYPE, not_input);
    }
    if (is_int(ga) != is_int(gb)) {
        return fail(v, MMA_ERR_INSTRUCTION, is_int(ga) ? MMA_IF_BTYPE : MMA_IF_ATYPE,
                    "A and B types must both be integer");
    }
    if (is_int(ga)) {
        if (ga != gb) {
            return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BTYPE,
                        "A and B must both be 8-bit (.s8/.u8) or both 4-bit (.s4/.u4)");
        }
        if (ins->family == MMA_FAMILY_WMMA && ins->atype != ins->btype) {
            return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BTYPE, "wmma A and B types must be the same");
        }
        return MMA_OK;
    }
    if ((ga == MMA_G_B1) != (gb == MMA_G_B1)) {
        return fail(v, MMA_ERR_INSTRUCTION, ga == MMA_G_B1 ? MMA_IF_BTYPE : MMA_IF_ATYPE,
                    "A and B types must both be .b1");
    }
    if (is_float8_6_4(ga) || is_float8_6_4(gb)) {
        if (!is_float8_6_4(ga) || !is_float8_6_4(gb)) {
            return fail(v, MMA_ERR_INSTRUCTION, is_float8_6_4(ga) ? MMA_IF_BTYPE : MMA_IF_ATYPE,
                        "A and B types must both be 8/6/4-bit floats (.e4m3 .e5m2 .e3m2 .e2m3 .e2m1)");
        }
        return MMA_OK;
    }
    if (ins->atype != ins->btype) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BTYPE,
                    "A and B types must be the same for .f16/.bf16/.tf32/.f64");
    }
    return MMA_OK;
}

/* .kind, .block_scale, .scale_vec and .stype (mma only; other families were rejected before). */
static mma_status check_kind(vctx *v, const mma_instr *ins, mmai_igroup ga, mmai_igroup gb)
{
    const bool mx = ins->kind == MMA_KINDQ_MXF8F6F4 || ins->kind == MMA_KINDQ_MXF4 ||
                    ins->kind == MMA_KINDQ_MXF4NVF4;
    if (ins->kind == MMA_KINDQ_NONE && (ga == MMA_G_F6F4 || gb == MMA_G_F6F4)) {
        return fail(v, MMA_ERR_INSTRUCTION, ga == MMA_G_F6F4 ? MMA_IF_ATYPE : MMA_IF_BTYPE,
                    ".e3m2/.e2m3/.e2m1 inputs require .kind::f8f6f4 (or a block-scaled .kind)");
    }
    if ((ins->kind == MMA_KINDQ_F8F6F4 || ins->kind == MMA_KINDQ_MXF8F6F4) &&
        (!is_float8_6_4(ga) || !is_float8_6_4(gb))) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_KIND,
                    ".kind::f8f6f4/.kind::mxf8f6f4 require .e4m3/.e5m2/.e3m2/.e2m3/.e2m1 inputs");
    }
    if ((ins->kind == MMA_KINDQ_MXF4 || ins->kind == MMA_KINDQ_MXF4NVF4) &&
        (ins->atype != MMA_FMT_E2M1 || ins->btype != MMA_FMT_E2M1)) {
        return fail(v, MMA_ERR_INSTRUCTION, ins->atype != MMA_FMT_E2M1 ? MMA_IF_ATYPE : MMA_IF_BTYPE,
                    ".kind::mxf4/.kind::mxf4nvf4 require .e2m1 inputs");
    }
    if (mx && ins->block_scale == 0u) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_KIND,
                    ".kind::mxf8f6f4/.kind::mxf4/.kind::mxf4nvf4 require .block_scale");
    }
    if (!mx && ins->block_scale != 0u) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BLOCK_SCALE,
                    ".block_scale requires .kind::mxf8f6f4, .kind::mxf4 or .kind::mxf4nvf4");
    }
    if (ins->block_scale == 0u) {
        if (ins->scale_vec != 0u) {
            return fail(v, MMA_ERR_SCALE_VEC, MMA_IF_SCALE_VEC, ".scale_vec requires .block_scale");
        }
    } else {
        /* PTX 9.7.14.3 Table 36 and NUMERICS section 6. */
        if (ins->stype != MMA_FMT_UE8M0 && ins->stype != MMA_FMT_UE4M3) {
            return fail(v, MMA_ERR_FORMAT, MMA_IF_STYPE, "scale type must be .ue8m0 or .ue4m3");
        }
        if (ins->kind == MMA_KINDQ_MXF8F6F4) {
            if (ins->stype != MMA_FMT_UE8M0) {
                return fail(v, MMA_ERR_SCALE_VEC, MMA_IF_STYPE, ".kind::mxf8f6f4 requires scale type .ue8m0");
            }
            if (ins->scale_vec != 0u && ins->scale_vec != 1u) {
                return fail(v, MMA_ERR_SCALE_VEC, MMA_IF_SCALE_VEC, ".kind::mxf8f6f4 requires .scale_vec::1X");
            }
        } else if (ins->kind == MMA_KINDQ_MXF4) {
            if (ins->stype != MMA_FMT_UE8M0) {
                return fail(v, MMA_ERR_SCALE_VEC, MMA_IF_STYPE, ".kind::mxf4 requires scale type .ue8m0");
            }
            if (ins->scale_vec != 0u && ins->scale_vec != 2u) {
                return fail(v, MMA_ERR_SCALE_VEC, MMA_IF_SCALE_VEC, ".kind::mxf4 requires .scale_vec::2X");
            }
        } else { /* mxf4nvf4 */
            if (ins->scale_vec == 0u) {
                return fail(v, MMA_ERR_SCALE_VEC, MMA_IF_KIND,
                            ".kind::mxf4nvf4 requires an explicit .scale_vec::2X or .scale_vec::4X");
            }
            if (ins->scale_vec == 1u) {
                return fail(v, MMA_ERR_SCALE_VEC, MMA_IF_SCALE_VEC,
                            ".kind::mxf4nvf4 requires .scale_vec::2X or .scale_vec::4X");
            }
            if (ins->stype == MMA_FMT_UE4M3 && ins->scale_vec != 4u) {
                return fail(v, MMA_ERR_SCALE_VEC, MMA_IF_SCALE_VEC, "scale type .ue4m3 requires .scale_vec::4X");
            }
        }
    }
    if (ins->sparsity == MMA_SPARSE_SP && ins->kind != MMA_KINDQ_NONE) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_SPARSITY,
                    "sparse mma with .kind requires mma.sp::ordered_metadata");
    }
    return MMA_OK;
}

static const shape_set *mma_shapes(const mma_instr *ins, mmai_igroup g)
{
    const bool sp = ins->sparsity != MMA_SPARSE_NONE;
    switch (ins->kind) {
    case MMA_KINDQ_F8F6F4: return sp ? &SP_F8F6F4 : &MMA_F8F6F4;
    case MMA_KINDQ_MXF8F6F4: return sp ? &SP_MXF8F6F4 : &MMA_MXF8F6F4;
    case MMA_KINDQ_MXF4:
    case MMA_KINDQ_MXF4NVF4: return sp ? &SP_MXF4 : &MMA_MXF4;
    default: break;
    }
    switch (g) {
    case MMA_G_F16: return sp ? &SP_F16 : &MMA_F16;
    case MMA_G_BF16: return sp ? &SP_BF16 : &MMA_BF16;
    case MMA_G_TF32: return sp ? &SP_TF32 : &MMA_TF32;
    case MMA_G_F64: return sp ? NULL : &MMA_F64;
    case MMA_G_F8: return sp ? &SP_F8 : &MMA_F8;
    case MMA_G_I8: return sp ? &SP_I8 : &MMA_I8;
    case MMA_G_I4: return sp ? &SP_I4 : &MMA_I4;
    case MMA_G_B1: return sp ? NULL : &MMA_B1;
    default: return NULL;
    }
}

static const shape_set *wmma_shapes(mmai_igroup g)
{
    switch (g) {
    case MMA_G_F16: return &WMMA_F16;
    case MMA_G_BF16: return &WMMA_BF16;
    case MMA_G_TF32: return &WMMA_TF32;
    case MMA_G_F64: return &WMMA_F64;
    case MMA_G_I8: return &WMMA_I8;
    case MMA_G_I4: return &WMMA_I4;
    case MMA_G_B1: return &WMMA_B1;
    default: return NULL;
    }
}

/* wgmma: M = 64, K fixed per type, N per seed 003. */
static mma_status check_wgmma_shape(vctx *v, const mma_instr *ins, mmai_igroup g)
{
    unsigned k;
    switch (g) {
    case MMA_G_F16:
    case MMA_G_BF16: k = 16u; break;
    case MMA_G_TF32: k = 8u; break;
    case MMA_G_F8:
    case MMA_G_I8: k = 32u; break;
    case MMA_G_B1: k = 256u; break;
    default:
        return fail(v, MMA_ERR_INSTRUCTION, g == mmai_instr_group(ins->atype) ? MMA_IF_ATYPE : MMA_IF_BTYPE,
                    "wgmma inputs must be .f16, .bf16, .tf32, .e4m3, .e5m2, .s8, .u8 or .b1");
    }
    if (ins->m != 64u) {
        return fail(v, MMA_ERR_SHAPE, MMA_IF_SHAPE, "wgmma M must be 64");
    }
    if (ins->k != k) {
        switch (g) {
        case MMA_G_F16: return fail(v, MMA_ERR_SHAPE, MMA_IF_SHAPE, "wgmma K must be 16 for .f16");
        case MMA_G_BF16: return fail(v, MMA_ERR_SHAPE, MMA_IF_SHAPE, "wgmma K must be 16 for .bf16");
        case MMA_G_TF32: return fail(v, MMA_ERR_SHAPE, MMA_IF_SHAPE, "wgmma K must be 8 for .tf32");
        case MMA_G_F8: return fail(v, MMA_ERR_SHAPE, MMA_IF_SHAPE, "wgmma K must be 32 for .e4m3/.e5m2");
        case MMA_G_I8: return fail(v, MMA_ERR_SHAPE, MMA_IF_SHAPE, "wgmma K must be 32 for .s8/.u8");
        default: return fail(v, MMA_ERR_SHAPE, MMA_IF_SHAPE, "wgmma K must be 256 for .b1");
        }
    }
    if (g == MMA_G_I8 || g == MMA_G_B1) {
        if (!mmai_wgmma_int_n_ok(ins->n)) {
            return fail(v, MMA_ERR_SHAPE, MMA_IF_SHAPE,
                        "wgmma N for .s8/.u8/.b1 must be 8, 16, 24, 32 or a multiple of 16 from 48 to 256");
        }
        return MMA_OK;
    }
    if (ins->n % 8u != 0u) {
        return fail(v, MMA_ERR_SHAPE, MMA_IF_SHAPE, "wgmma N is not a multiple of 8");
    }
    if (ins->n < 8u || ins->n > 256u) {
        return fail(v, MMA_ERR_SHAPE, MMA_IF_SHAPE, "wgmma N must be between 8 and 256");
    }
    return MMA_OK;
}

static mma_status check_shape(vctx *v, const mma_instr *ins, mmai_igroup g, mmai_igroup gb)
{
    const shape_set *set;
    if (ins->family != MMA_FAMILY_MMA && gb == MMA_G_F6F4) {
        g = gb; /* A may be e4m3/e5m2 while B is a 6/4-bit type only mma has: judge by B */
    }
    if (ins->family == MMA_FAMILY_WGMMA) {
        return check_wgmma_shape(v, ins, g);
    }
    if (ins->family == MMA_FAMILY_WMMA) {
        set = wmma_shapes(g);
        if (set == NULL) {
            return fail(v, MMA_ERR_INSTRUCTION, g == mmai_instr_group(ins->atype) ? MMA_IF_ATYPE : MMA_IF_BTYPE,
                        "wmma inputs must be .f16, .bf16, .tf32, .f64, .s8, .u8, .s4, .u4 or .b1");
        }
    } else {
        set = mma_shapes(ins, g);
        if (set == NULL) {
            return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_SPARSITY, "sparse mma does not exist for .f64 or .b1");
        }
    }
    if (!shape_in(set, ins)) {
        return fail(v, MMA_ERR_SHAPE, MMA_IF_SHAPE, set->reason);
    }
    return MMA_OK;
}

/* "dtype .X requires ctype .X for .SHAPE" for the shapes where C and D must match. */
static const char *same_cd_reason(const mma_instr *ins)
{
    const bool d16 = ins->dtype == MMA_FMT_F16;
    if (ins->family == MMA_FAMILY_WGMMA) {
        return "wgmma ctype must equal dtype (C is D)";
    }
    if (ins->family == MMA_FAMILY_MMA && ins->m == 16u && ins->n == 8u) {
        switch (ins->k) {
        case 8: return d16 ? "dtype .f16 requires ctype .f16 for .m16n8k8" : "dtype .f32 requires ctype .f32 for .m16n8k8";
        case 16: return d16 ? "dtype .f16 requires ctype .f16 for .m16n8k16" : "dtype .f32 requires ctype .f32 for .m16n8k16";
        case 32: return d16 ? "dtype .f16 requires ctype .f16 for .m16n8k32" : "dtype .f32 requires ctype .f32 for .m16n8k32";
        case 64: return d16 ? "dtype .f16 requires ctype .f16 for .m16n8k64" : "dtype .f32 requires ctype .f32 for .m16n8k64";
        default: break;
        }
    }
    return "ctype must equal dtype for this instruction";
}

/* C and D types. */
static mma_status check_cd(vctx *v, const mma_instr *ins, mmai_igroup g)
{
    /* Allowed set: 0 = {f16, f32}, 1 = {f32}, 2 = {f64}, 3 = {s32}. */
    unsigned set;
    bool same = false;
    const char *dmsg;
    const char *cmsg;
    const bool sp = ins->sparsity != MMA_SPARSE_NONE;

    if (!is_acc_type(ins->dtype)) {
        return fail(v, MMA_ERR_FORMAT, MMA_IF_DTYPE, "dtype must be an accumulator type (.f16 .f32 .f64 .s32)");
    }
    if (!is_acc_type(ins->ctype)) {
        return fail(v, MMA_ERR_FORMAT, MMA_IF_CTYPE, "ctype must be an accumulator type (.f16 .f32 .f64 .s32)");
    }
    switch (g) {
    case MMA_G_F16:
        set = 0;
        dmsg = "dtype must be .f16 or .f32 for .f16 inputs";
        cmsg = "ctype must be .f16 or .f32 for .f16 inputs";
        break;
    case MMA_G_BF16:
        set = 1;
        dmsg = "dtype must be .f32 for .bf16 inputs";
        cmsg = "ctype must be .f32 for .bf16 inputs";
        break;
    case MMA_G_TF32:
        set = 1;
        dmsg = "dtype must be .f32 for .tf32 inputs";
        cmsg = "ctype must be .f32 for .tf32 inputs";
        break;
    case MMA_G_F64:
        set = 2;
        dmsg = "dtype must be .f64 for .f64 inputs";
        cmsg = "ctype must be .f64 for .f64 inputs";
        break;
    case MMA_G_F8:
    case MMA_G_F6F4:
        if (ins->block_scale != 0u) {
            set = 1;
            dmsg = "block-scaled mma requires dtype .f32";
            cmsg = "block-scaled mma requires ctype .f32";
        } else if (sp && ins->kind == MMA_KINDQ_NONE) {
            set = 1;
            dmsg = "sparse .e4m3/.e5m2 mma without .kind requires dtype .f32";
            cmsg = "sparse .e4m3/.e5m2 mma without .kind requires ctype .f32";
        } else {
            set = 0;
            dmsg = "dtype must be .f16 or .f32 for 8/6/4-bit float inputs";
            cmsg = "ctype must be .f16 or .f32 for 8/6/4-bit float inputs";
        }
        break;
    default: /* integers and b1 */
        if (ins->block_scale != 0u) { /* cannot happen: kind checks reject it first */
            return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BLOCK_SCALE, ".block_scale requires float inputs");
        }
        set = 3;
        dmsg = "dtype must be .s32 for integer and .b1 inputs";
        cmsg = "ctype must be .s32 for integer and .b1 inputs";
        break;
    }
    {
        const unsigned d = ins->dtype;
        const unsigned c = ins->ctype;
        const bool d_ok = set == 0 ? (d == MMA_FMT_F16 || d == MMA_FMT_F32)
                        : set == 1 ? d == MMA_FMT_F32
                        : set == 2 ? d == MMA_FMT_F64
                                   : d == MMA_FMT_S32;
        const bool c_ok = set == 0 ? (c == MMA_FMT_F16 || c == MMA_FMT_F32)
                        : set == 1 ? c == MMA_FMT_F32
                        : set == 2 ? c == MMA_FMT_F64
                                   : c == MMA_FMT_S32;
        if (!d_ok) {
            return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_DTYPE, dmsg);
        }
        if (!c_ok) {
            return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_CTYPE, cmsg);
        }
    }
    if (set != 0u) {
        return MMA_OK; /* single-type sets: C and D are equal already */
    }
    /* {f16, f32} pairs: which shapes need C = D. */
    if (ins->family == MMA_FAMILY_WGMMA) {
        same = true;
    } else if (ins->family == MMA_FAMILY_MMA) {
        if (g == MMA_G_F16 && !sp && ins->m == 8u) {
            /* 9.7.14.5.14: .m8n8k4: when .ctype is .f32, .dtype must also be .f32. */
            if (ins->ctype == MMA_FMT_F32 && ins->dtype != MMA_FMT_F32) {
                return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_CTYPE, "ctype .f32 requires dtype .f32 for .m8n8k4");
            }
        } else {
            /* m16n8k8 (written rule), m16n8k16/k32 (NVVM), sparse k16/k32 (written), sparse k64 (NVVM). */
            same = true;
        }
    }
    if (same && ins->ctype != ins->dtype) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_CTYPE, same_cd_reason(ins));
    }
    return MMA_OK;
}

/* .satfinite, .xor/.and.popc, rounding and layouts. */
static mma_status check_qualifiers(vctx *v, const mma_instr *ins, mmai_igroup g)
{
    if (ins->satfinite != 0u && !is_int(g)) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_SATFINITE, ".satfinite exists only for .s8/.u8/.s4/.u4 inputs");
    }
    if (g == MMA_G_B1) {
        if (ins->bitop == MMA_BITOP_NONE) {
            return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BITOP, ".b1 requires .xor.popc or .and.popc");
        }
        if (ins->family == MMA_FAMILY_WGMMA && ins->bitop != MMA_BITOP_AND) {
            return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BITOP, "wgmma .b1 exists only with .and.popc");
        }
    } else if (ins->bitop != MMA_BITOP_NONE) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BITOP, ".xor.popc/.and.popc exist only for .b1");
    }
    if (g == MMA_G_F64) {
        if (ins->f64_round != MMA_RND_RNE && ins->f64_round != MMA_RND_RZ && ins->f64_round != MMA_RND_RU &&
            ins->f64_round != MMA_RND_RD) {
            return fail(v, MMA_ERR_ROUNDING, MMA_IF_RND, ".f64 mma rounding must be .rn, .rz, .rm or .rp");
        }
    } else if (ins->f64_round != MMA_RND_RNE) {
        return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_RND, "a rounding modifier exists only for .f64 mma");
    }
    {
        bool any_layout;
        if (ins->family == MMA_FAMILY_WMMA) {
            any_layout = g != MMA_G_I4 && g != MMA_G_B1;
        } else if (ins->family == MMA_FAMILY_MMA) {
            any_layout = g == MMA_G_F16 && ins->m == 8u && ins->sparsity == MMA_SPARSE_NONE;
        } else {
            any_layout = false; /* wgmma: no layout qualifiers; the descriptor holds row/col */
        }
        if (!any_layout) {
            if (ins->alayout != MMA_LAYOUT_ROW) {
                return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_ALAYOUT,
                            ins->family == MMA_FAMILY_WGMMA ? "wgmma descriptors have alayout .row"
                                                            : "A layout must be .row for this instruction");
            }
            if (ins->blayout != MMA_LAYOUT_COL) {
                return fail(v, MMA_ERR_INSTRUCTION, MMA_IF_BLAYOUT,
                            ins->family == MMA_FAMILY_WGMMA ? "wgmma descriptors have blayout .col"
                                                            : "B layout must be .col for this instruction");
            }
        }
    }
    return MMA_OK;
}

mma_status mmai_instr_check(const mma_instr *ins, const char **reason, mmai_ifield *field)
{
    vctx v = {NULL, MMA_IF_OPCODE};
    mma_status st;
    mmai_igroup ga;
    mmai_igroup gb;

    st = check_ranges(&v, ins);
    if (st == MMA_OK) {
        st = check_family_qualifiers(&v, ins);
    }
    if (st == MMA_OK) {
        ga = mmai_instr_group(ins->atype);
        gb = mmai_instr_group(ins->btype);
        st = check_ab(&v, ins, ga, gb);
        if (st == MMA_OK && ins->family == MMA_FAMILY_MMA) {
            st = check_kind(&v, ins, ga, gb);
        }
        if (st == MMA_OK) {
            st = check_shape(&v, ins, ga, gb);
        }
        if (st == MMA_OK) {
            st = check_cd(&v, ins, ga);
        }
        if (st == MMA_OK) {
            st = check_qualifiers(&v, ins, ga);
        }
    }
    if (st != MMA_OK) {
        *reason = v.reason;
        *field = v.field;
    }
    return st;
}

mma_status mma_instr_validate(const mma_instr *ins, mma_diag *diag)
{
    const char *reason = NULL;
    mmai_ifield field = MMA_IF_OPCODE;
    mma_status st;
    if (ins == NULL) {
        if (diag != NULL) {
            diag->pos = 0;
            diag->len = 0;
            diag->reason = "instruction descriptor is NULL";
        }
        return MMA_ERR_NULL;
    }
    st = mmai_instr_check(ins, &reason, &field);
    if (st != MMA_OK && diag != NULL) {
        diag->pos = 0;
        diag->len = 0;
        diag->reason = reason;
    }
    (void)field;
    return st;
}
