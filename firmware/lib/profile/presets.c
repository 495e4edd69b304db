/* Named presets: which block-FMA parameters each GPU generation uses per family and type (NUMERICS 3). */
#include "mma/profile.h"

#include "mma/block_scale.h"

#include "../common/common_int.h"

static const char *const preset_names[MMA_PRESET_COUNT] = {
    "volta", "turing", "ampere", "ada", "hopper", "blackwell", "rtx_blackwell", "exact", "seq_fma", "arm_fp8",
};

mma_status mma_preset_from_name(const char *name, size_t len, mma_preset *out)
{
    if (name == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    for (unsigned p = 0; p < (unsigned)MMA_PRESET_COUNT; ++p) {
        if (mmai_name_equals(name, len, preset_names[p])) {
            *out = (mma_preset)p;
            return MMA_OK;
        }
    }
    const mma_gpu *gpu;
    if (mma_gpu_from_name(name, len, &gpu) == MMA_OK) {
        *out = (mma_preset)gpu->preset;
        return MMA_OK;
    }
    return MMA_ERR_PROFILE;
}

const char *mma_preset_name(mma_preset preset)
{
    return (unsigned)preset < (unsigned)MMA_PRESET_COUNT ? preset_names[preset] : NULL;
}

/* The block-FMA defaults common to all NVIDIA presets. */
static mma_profile block_fma(unsigned group, unsigned frac_bits, unsigned f32_sig_bits, int min_e_f32, int min_e_f16)
{
    mma_profile p;
    p.algo = MMA_ACC_BLOCK_FMA;
    p.k_order = MMA_KORDER_NATURAL;
    p.c_mode = MMA_C_JOINT;
    p.round_mode = MMA_RND_RNE;
    p.group = (uint16_t)group;
    p.frac_bits = (uint8_t)frac_bits;
    p.f32_sig_bits = (uint8_t)f32_sig_bits;
    p.f32_round = MMA_RND_RZ;
    p.f16_round = MMA_RND_RNE;
    p.min_e_f32 = (int16_t)min_e_f32;
    p.min_e_f16 = (int16_t)min_e_f16;
    p.zero_c_term = 0;
    p.f16_c_pinned = 0;
    p.zero_product_term = 0;
    p.group_align = 0;
    p.flush_subnormal_in = 0;
    p.arm_lscale = 0;
    p.arm_osm = 0;
    p.name = NULL;
    return p;
}

static mma_profile single_rounding(mma_acc_algo algo)
{
    mma_profile p = block_fma(1, 1, 24, MMA_MIN_E_NONE, MMA_MIN_E_NONE);
    p.algo = (uint8_t)algo;
    return p;
}

static bool is_f16_like(mma_format t) { return t == MMA_FMT_F16 || t == MMA_FMT_BF16; }
static bool is_fp8(mma_format t) { return t == MMA_FMT_E4M3 || t == MMA_FMT_E5M2; }
static bool is_f6f4(mma_format t) { return t == MMA_FMT_E3M2 || t == MMA_FMT_E2M3 || t == MMA_FMT_E2M1; }

/*
 * The inputs of an instruction as far as a datapath is concerned: a function of the operand PAIR,
 * symmetric in A and B, so swapping which operand is A never selects another datapath.
 */
typedef enum input_class {
    IN_F16_LIKE = 0, /* f16 x f16 or bf16 x bf16 */
    IN_TF32,         /* tf32 x tf32 */
    IN_FP8,          /* e4m3/e5m2 x e4m3/e5m2 (plain mma.sync FP8, wgmma FP8, kind::f8f6f4 FP8 pairs) */
    IN_F8F6F4,       /* kind::f8f6f4 with at least one e3m2/e2m3/e2m1 operand, the other any f8f6f4 type */
    IN_OTHER         /* a pair of one other float format (f32): only exact and seq_fma model it */
} input_class;

/* Classifies an operand pair; MMA_ERR_FORMAT_PAIR for a mix that no MMA datapath has (f16 x bf16, ...). */
static mma_status classify(mma_format atype, mma_format btype, input_class *out)
{
    const bool f8f6f4_pair = (is_fp8(atype) || is_f6f4(atype)) && (is_fp8(btype) || is_f6f4(btype));
    if (f8f6f4_pair) {
        *out = (is_f6f4(atype) || is_f6f4(btype)) ? IN_F8F6F4 : IN_FP8;
        return MMA_OK;
    }
    if (atype != btype) {
        return MMA_ERR_FORMAT_PAIR;
    }
    *out = is_f16_like(atype) ? IN_F16_LIKE : (atype == MMA_FMT_TF32 ? IN_TF32 : IN_OTHER);
    return MMA_OK;
}

/* min_E per output: the generations clamp E at emin(out) - delta; delta 6 (Turing..Ada), 7 (Hopper+). */
#define MIN_E(delta) (-126 - (delta)), (-14 - (delta))

/* Hopper and later: f16/bf16 16 x F25, tf32 8 x F25. */
static mma_status hopper_like_16bit(input_class in, mma_profile *out)
{
    if (in == IN_F16_LIKE) {
        *out = block_fma(16, 25, 24, MIN_E(7));
        return MMA_OK;
    }
    if (in == IN_TF32) {
        *out = block_fma(8, 25, 24, MIN_E(7));
        return MMA_OK;
    }
    return MMA_ERR_PROFILE;
}

/* Blackwell-style mma.sync FP8 (also Hopper's legacy mma.sync FP8): 2 x 16 pair_split, C added last. */
static mma_profile fp8_mma_sync_split(void)
{
    mma_profile p = block_fma(16, 25, 24, MIN_E(7));
    p.k_order = MMA_KORDER_PAIR_SPLIT;
    p.c_mode = MMA_C_SEPARATE;
    return p;
}

/*
 * sm_120 (RTX Blackwell) mma.sync with FP8, FP6 or FP4 operands in any pair, plain e4m3/e5m2 or
 * .kind::f8f6f4, k16 or k32: ONE block-FMA step over the whole K with C joined in it, natural k
 * order, F = 25, f32 step result truncated (RZ) to 24 bits, f16 RNE (MMA-Sim's RTX Blackwell model,
 * validated on the GPU). G = K: since a step over fewer products than G is the same step, G = 32 is
 * one step for k16 and for k32.
 */
static mma_profile sm120_f8f6f4_unit(void)
{
    return block_fma(32, 25, 24, MIN_E(7));
}

/* The features an operand pair needs (profile/gpus.c says which generation has them). */
static uint32_t features_of(input_class in, mma_format atype, mma_format btype)
{
    switch (in) {
    case IN_F16_LIKE:
        return (atype == MMA_FMT_F16 && btype == MMA_FMT_F16) ? MMA_GPU_F16 : MMA_GPU_BF16_TF32;
    case IN_TF32:
        return MMA_GPU_BF16_TF32;
    case IN_FP8:
        return MMA_GPU_FP8;
    case IN_F8F6F4:
        return MMA_GPU_F8F6F4;
    default:
        return ~(uint32_t)0; /* no GPU generation multiplies these */
    }
}

/* The datapath of a GPU preset whose generation has the instruction (checked by the caller). */
static mma_status nvidia_profile(mma_preset preset, mma_family family, input_class in, mma_profile *out)
{
    switch (preset) {
    case MMA_PRESET_VOLTA:
        *out = block_fma(4, 23, 24, MMA_MIN_E_NONE, -19);
        return MMA_OK;
    case MMA_PRESET_TURING:
        *out = block_fma(8, 24, 24, MIN_E(6));
        return MMA_OK;
    case MMA_PRESET_AMPERE:
    case MMA_PRESET_ADA:
        if (in == IN_F16_LIKE) {
            *out = block_fma(8, 24, 24, MIN_E(6));
            return MMA_OK;
        }
        if (in == IN_TF32) {
            *out = block_fma(4, 24, 24, MIN_E(6));
            return MMA_OK;
        }
        if (in == IN_FP8) {
            *out = block_fma(16, 13, 14, MIN_E(6)); /* Ada mma.sync m16n8k32: 2 steps of 16, e8m13 */
            return MMA_OK;
        }
        return MMA_ERR_PROFILE;
    case MMA_PRESET_HOPPER:
        if (in == IN_FP8) {
            *out = family == MMA_FAMILY_WGMMA ? block_fma(32, 13, 14, MIN_E(7)) : fp8_mma_sync_split();
            return MMA_OK;
        }
        return hopper_like_16bit(in, out);
    case MMA_PRESET_BLACKWELL:
        if (in == IN_FP8) {
            *out = fp8_mma_sync_split(); /* B200 mma.sync m16n8k32 (real-GPU data) */
            return MMA_OK;
        }
        return hopper_like_16bit(in, out);
    case MMA_PRESET_RTX_BLACKWELL:
        if (in == IN_FP8 || in == IN_F8F6F4) {
            *out = sm120_f8f6f4_unit(); /* one datapath for every FP8/FP6/FP4 pair: operand order never matters */
            return MMA_OK;
        }
        return hopper_like_16bit(in, out);
    default:
        return MMA_ERR_PROFILE;
    }
}

mma_status mma_preset_profile_ab(mma_preset preset, mma_family family, mma_format atype, mma_format btype,
                                 mma_format dtype, mma_profile *out)
{
    if (out == NULL) {
        return MMA_ERR_NULL;
    }
    if ((unsigned)preset >= (unsigned)MMA_PRESET_COUNT) {
        return MMA_ERR_PROFILE;
    }
    if ((unsigned)family > (unsigned)MMA_FAMILY_WGMMA) {
        return MMA_ERR_INSTRUCTION;
    }
    if (!mma_format_is_float(atype) || !mma_format_is_float(btype) || !mma_format_is_float(dtype)) {
        return MMA_ERR_FORMAT;
    }
    mma_status st;
    if (atype == MMA_FMT_F64 || btype == MMA_FMT_F64) {
        /* f64 mma is IEEE fma in k order on every generation; exact stays one rounding */
        if (atype != btype || dtype != MMA_FMT_F64 || preset == MMA_PRESET_ARM_FP8) {
            return MMA_ERR_FORMAT_PAIR;
        }
        *out = single_rounding(preset == MMA_PRESET_EXACT ? MMA_ACC_EXACT : MMA_ACC_SEQ_FMA);
        out->name = preset_names[preset];
        return MMA_OK;
    }
    input_class in = IN_OTHER;
    if (preset < MMA_PRESET_EXACT || preset == MMA_PRESET_ARM_FP8) {
        st = classify(atype, btype, &in); /* exact and seq_fma take any pair of float formats */
        if (st != MMA_OK) {
            return st;
        }
    }
    if (preset < MMA_PRESET_EXACT) {
        const uint32_t have = mma_preset_features(preset);
        const uint32_t need = features_of(in, atype, btype);
        if ((family == MMA_FAMILY_WGMMA && (have & MMA_GPU_WGMMA) == 0) || (have & need) != need) {
            return MMA_ERR_PROFILE; /* this generation has no such datapath (profile/gpus.c) */
        }
        if (family == MMA_FAMILY_WMMA && in != IN_F16_LIKE && in != IN_TF32) {
            return MMA_ERR_PROFILE; /* wmma has no FP8/FP6/FP4 forms */
        }
        if (in == IN_TF32 && dtype != MMA_FMT_F32) {
            return MMA_ERR_FORMAT_PAIR; /* tf32 MMA writes f32 only */
        }
    }
    switch (preset) {
    case MMA_PRESET_EXACT:
        *out = single_rounding(MMA_ACC_EXACT);
        st = MMA_OK;
        break;
    case MMA_PRESET_SEQ_FMA:
        *out = single_rounding(MMA_ACC_SEQ_FMA);
        st = MMA_OK;
        break;
    case MMA_PRESET_ARM_FP8:
        if (in != IN_FP8 || (dtype != MMA_FMT_F16 && dtype != MMA_FMT_F32)) {
            return MMA_ERR_PROFILE;
        }
        *out = single_rounding(MMA_ACC_ARM_FP8);
        st = MMA_OK;
        break;
    default:
        if (dtype != MMA_FMT_F32 && dtype != MMA_FMT_F16) {
            return MMA_ERR_FORMAT_PAIR;
        } else {
            st = nvidia_profile(preset, family, in, out);
        }
        break;
    }
    if (st == MMA_OK) {
        out->name = preset_names[preset];
    }
    return st;
}

mma_status mma_preset_profile(mma_preset preset, mma_family family, mma_format atype, mma_format dtype,
                              mma_profile *out)
{
    return mma_preset_profile_ab(preset, family, atype, atype, dtype, out);
}

/*
 * Block-scaled mma.sync (.kind::mx*) exists only on sm_120a/sm_121a (PTX 9.7.14.5.14 target notes);
 * B200 (sm_100a) scales blocks in tcgen05.mma, which is not an mma.sync datapath.
 */
mma_status mma_block_scale_preset_profile(mma_preset preset, mma_kind kind, mma_profile *out)
{
    if (out == NULL) {
        return MMA_ERR_NULL;
    }
    if (kind != MMA_KINDQ_MXF8F6F4 && kind != MMA_KINDQ_MXF4 && kind != MMA_KINDQ_MXF4NVF4) {
        return MMA_ERR_INSTRUCTION;
    }
    switch (preset) {
    case MMA_PRESET_EXACT:
        *out = single_rounding(MMA_ACC_EXACT);
        break;
    case MMA_PRESET_SEQ_FMA:
        *out = single_rounding(MMA_ACC_SEQ_FMA);
        break;
    case MMA_PRESET_RTX_BLACKWELL: /* the only generation with MMA_GPU_F8F6F4 */
        /*
         * mxf8f6f4: 32 scaled products per step, F = 25. mxf4*: exact groups of 16 (also for 32-k
         * scale blocks), each aligned at the sum of its two scale exponents with its significand
         * unnormalised, all groups and C fused in one step with F = 35 (MMA-Sim's sm_120 model).
         */
        if (kind == MMA_KINDQ_MXF8F6F4) {
            *out = sm120_f8f6f4_unit();
        } else {
            *out = block_fma(16, 35, 24, MIN_E(7));
            out->group_align = 1;
        }
        break;
    default:
        return MMA_ERR_PROFILE;
    }
    out->name = preset_names[preset];
    return MMA_OK;
}

mma_status mma_profile_validate(const mma_profile *p)
{
    if (p == NULL) {
        return MMA_ERR_NULL;
    }
    if (p->algo > MMA_ACC_ARM_FP8 || p->k_order > MMA_KORDER_PAIR_SPLIT || p->c_mode > MMA_C_UNUSED ||
        p->round_mode >= MMA_RND_COUNT || p->f32_round >= MMA_RND_COUNT || p->f16_round >= MMA_RND_COUNT) {
        return MMA_ERR_PROFILE_PARAM;
    }
    if (p->algo == MMA_ACC_BLOCK_FMA) {
        if (p->group < 1 || p->group > MMA_PROFILE_GROUP_MAX || p->frac_bits < 1 ||
            p->frac_bits > MMA_PROFILE_FRAC_BITS_MAX ||
            (p->f32_sig_bits != 24 && p->f32_sig_bits != 14)) {
            return MMA_ERR_PROFILE_PARAM;
        }
    }
    if (p->zero_c_term > 1 || p->f16_c_pinned > 1 || p->zero_product_term > 1 || p->group_align > 1 ||
        p->flush_subnormal_in > 1 || p->arm_osm > 1 || p->arm_lscale > 127) {
        return MMA_ERR_PROFILE_PARAM;
    }
    return MMA_OK;
}
