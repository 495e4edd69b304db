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

/* min_E per output: the generations clamp E at emin(out) - delta; delta 6 (Turing..Ada), 7 (Hopper+). */
#define MIN_E(delta) (-126 - (delta)), (-14 - (delta))

/* Hopper and later: f16/bf16 16 x F25, tf32 8 x F25. */
static mma_status hopper_like_16bit(mma_format atype, mma_profile *out)
{
    if (is_f16_like(atype)) {
        *out = block_fma(16, 25, 24, MIN_E(7));
        return MMA_OK;
    }
    if (atype == MMA_FMT_TF32) {
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

/* The feature an input format needs (profile/gpus.c says which generation has it). */
static uint32_t feature_of(mma_format atype)
{
    if (atype == MMA_FMT_F16) {
        return MMA_GPU_F16;
    }
    if (atype == MMA_FMT_BF16 || atype == MMA_FMT_TF32) {
        return MMA_GPU_BF16_TF32;
    }
    if (is_fp8(atype)) {
        return MMA_GPU_FP8;
    }
    return MMA_GPU_F8F6F4; /* e3m2, e2m3, e2m1 */
}

/* The datapath of a GPU preset whose generation has the instruction (checked by the caller). */
static mma_status nvidia_profile(mma_preset preset, mma_family family, mma_format atype, mma_profile *out)
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
        if (is_f16_like(atype)) {
            *out = block_fma(8, 24, 24, MIN_E(6));
            return MMA_OK;
        }
        if (atype == MMA_FMT_TF32) {
            *out = block_fma(4, 24, 24, MIN_E(6));
            return MMA_OK;
        }
        if (is_fp8(atype)) {
            *out = block_fma(16, 13, 14, MIN_E(6)); /* Ada mma.sync m16n8k32: 2 steps of 16, e8m13 */
            return MMA_OK;
        }
        return MMA_ERR_PROFILE;
    case MMA_PRESET_HOPPER:
        if (is_fp8(atype)) {
            *out = family == MMA_FAMILY_WGMMA ? block_fma(32, 13, 14, MIN_E(7)) : fp8_mma_sync_split();
            return MMA_OK;
        }
        return hopper_like_16bit(atype, out);
    case MMA_PRESET_BLACKWELL:
    case MMA_PRESET_RTX_BLACKWELL:
        if (is_fp8(atype)) {
            *out = fp8_mma_sync_split();
            return MMA_OK;
        }
        if (is_f6f4(atype)) {
            *out = block_fma(32, 25, 24, MIN_E(7)); /* the kind::f8f6f4 unit: 32 products, F = 25 */
            return MMA_OK;
        }
        return hopper_like_16bit(atype, out);
    default:
        return MMA_ERR_PROFILE;
    }
}

mma_status mma_preset_profile(mma_preset preset, mma_family family, mma_format atype, mma_format dtype,
                              mma_profile *out)
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
    if (!mma_format_is_float(atype) || !mma_format_is_float(dtype)) {
        return MMA_ERR_FORMAT;
    }
    mma_status st;
    if (atype == MMA_FMT_F64) {
        /* f64 mma is IEEE fma in k order on every generation; exact stays one rounding */
        if (dtype != MMA_FMT_F64 || preset == MMA_PRESET_ARM_FP8) {
            return MMA_ERR_FORMAT_PAIR;
        }
        *out = single_rounding(preset == MMA_PRESET_EXACT ? MMA_ACC_EXACT : MMA_ACC_SEQ_FMA);
        out->name = preset_names[preset];
        return MMA_OK;
    }
    if (preset < MMA_PRESET_EXACT) {
        const uint32_t have = mma_preset_features(preset);
        if ((family == MMA_FAMILY_WGMMA && (have & MMA_GPU_WGMMA) == 0) || (have & feature_of(atype)) == 0) {
            return MMA_ERR_PROFILE; /* this generation has no such datapath (profile/gpus.c) */
        }
        if (family == MMA_FAMILY_WMMA && !is_f16_like(atype) && atype != MMA_FMT_TF32) {
            return MMA_ERR_PROFILE; /* wmma has no FP8/FP6/FP4 forms */
        }
        if (atype == MMA_FMT_TF32 && dtype != MMA_FMT_F32) {
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
        if (!is_fp8(atype) || (dtype != MMA_FMT_F16 && dtype != MMA_FMT_F32)) {
            return MMA_ERR_PROFILE;
        }
        *out = single_rounding(MMA_ACC_ARM_FP8);
        st = MMA_OK;
        break;
    default:
        if (dtype != MMA_FMT_F32 && dtype != MMA_FMT_F16) {
            return MMA_ERR_FORMAT_PAIR;
        } else {
            st = nvidia_profile(preset, family, atype, out);
        }
        break;
    }
    if (st == MMA_OK) {
        out->name = preset_names[preset];
    }
    return st;
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
        /* mxf8f6f4: 32 scaled products per step, F = 25; mxf4*: exact groups of 16 fused with F = 35. */
        *out = kind == MMA_KINDQ_MXF8F6F4 ? block_fma(32, 25, 24, MIN_E(7)) : block_fma(16, 35, 24, MIN_E(7));
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
    if (p->zero_c_term > 1 || p->f16_c_pinned > 1 || p->zero_product_term > 1 || p->flush_subnormal_in > 1 || p->arm_osm > 1 ||
        p->arm_lscale > 127) {
        return MMA_ERR_PROFILE_PARAM;
    }
    return MMA_OK;
}
