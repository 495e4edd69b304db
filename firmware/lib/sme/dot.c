/*
 * FP8DotAddFP (Arm ARM J1.3.3.173) for the Arm FP8 instructions: operand decode per FPMR.F8S1 /
 * FPMR.F8S2 feeding the library's arm_fp8 accumulation (mmai_arm_fp8_dot), which does the exact
 * sum, the special values, the LSCALE downscale and the single RNE rounding with FPMR.OSM.
 */
#include "mma/sme.h"

#include "../accumulate/accumulate_int.h"
#include "sme_int.h"

/* Default NaN of FPDefaultNaN with FPCR.AH = 0 (what mmai_arm_fp8_dot returns for every NaN result). */
static uint64_t default_nan(mma_format dtype)
{
    return dtype == MMA_FMT_F16 ? MMAI_ARM_DEFAULT_NAN_F16 : MMAI_ARM_DEFAULT_NAN_F32;
}

static uint64_t sign_bit(mma_format dtype)
{
    return dtype == MMA_FMT_F16 ? 0x8000u : 0x80000000u;
}

/* Resolves one 3-bit FPMR format field; reserved values become FP8Type_UNSUPPORTED. */
static uint8_t stream_format(uint64_t fpmr, unsigned shift)
{
    mma_format f;
    if (mma_fpmr_fp8_format((unsigned)((fpmr >> shift) & 0x7u), &f) != MMA_OK) {
        return MMAI_SME_FMT_RESERVED;
    }
    return (uint8_t)f;
}

mma_status mmai_sme_env_init(uint64_t fpmr, uint32_t flags, mma_format dtype, mmai_sme_env *env)
{
    if (dtype != MMA_FMT_F16 && dtype != MMA_FMT_F32) {
        return MMA_ERR_FORMAT;
    }
    mma_status st = mma_fpmr_check(fpmr, flags);
    if (st != MMA_OK) {
        return st;
    }
    st = mma_preset_profile(MMA_PRESET_ARM_FP8, MMA_FAMILY_MMA, MMA_FMT_E4M3, dtype, &env->prof);
    if (st != MMA_OK) {
        return st;
    }
    /* All 7 LSCALE bits go in; mmai_arm_fp8_dot uses only [19:16] for an f16 result (J1.3.3.173). */
    env->prof.arm_lscale = (uint8_t)((fpmr >> MMA_FPMR_LSCALE_SHIFT) & 0x7Fu);
    env->prof.arm_osm = (uint8_t)((fpmr >> MMA_FPMR_OSM_SHIFT) & 0x1u);
    env->dtype = (uint8_t)dtype;
    env->fmt1 = stream_format(fpmr, MMA_FPMR_F8S1_SHIFT);
    env->fmt2 = stream_format(fpmr, MMA_FPMR_F8S2_SHIFT);
    env->neg_nan = (uint8_t)((flags & MMA_SME_FPCR_AH) ? 1u : 0u);
    return MMA_OK;
}

typedef struct dot_ctx {
    const mmai_sme_env *env;
    const uint8_t *op1;
    const uint8_t *op2;
} dot_ctx;

/* Product fetch for mmai_arm_fp8_dot: the exact product op1[pos] * op2[pos] (FP8Unpack, J1.3.3.180). */
static mma_status fetch_product(const void *ctx, size_t pos, mma_product *out)
{
    const dot_ctx *x = (const dot_ctx *)ctx;
    /* FP8Type_UNSUPPORTED unpacks every code as a signalling NaN: the product is NaN whatever the other side. */
    if (x->env->fmt1 == MMAI_SME_FMT_RESERVED || x->env->fmt2 == MMAI_SME_FMT_RESERVED) {
        out->cls = MMA_CLASS_NAN;
        out->sign = 0;
        out->signaling = 1;
        out->pad = 0;
        out->e = 0;
        out->lsb = 0;
        out->m = 0;
        return MMA_OK;
    }
    mma_value a, b;
    mma_status st = mma_decode((mma_format)x->env->fmt1, x->op1[pos], &a);
    if (st == MMA_OK) {
        st = mma_decode((mma_format)x->env->fmt2, x->op2[pos], &b);
    }
    if (st != MMA_OK) {
        return st;
    }
    return mma_product_make((mma_format)x->env->fmt1, &a, (mma_format)x->env->fmt2, &b, out);
}

mma_status mmai_sme_env_dot(const mmai_sme_env *env, uint64_t addend, const uint8_t *op1, const uint8_t *op2,
                           size_t ways, uint64_t *out)
{
    dot_ctx x = {env, op1, op2};
    const mma_format dtype = (mma_format)env->dtype;
    const mma_status st = mmai_arm_fp8_dot(&env->prof, fetch_product, &x, ways, dtype, addend, out);
    /* FPDefaultNaN: sign = FPCR.AH on a FEAT_AFP core. No other NaN code can come out. */
    if (st == MMA_OK && env->neg_nan && *out == default_nan(dtype)) {
        *out |= sign_bit(dtype);
    }
    return st;
}

mma_status mma_fp8_dot_add(uint64_t fpmr, uint32_t flags, mma_format dtype, uint64_t addend, const uint8_t *op1,
                           const uint8_t *op2, size_t ways, uint64_t *out)
{
    if (op1 == NULL || op2 == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    mmai_sme_env env;
    mma_status st = mmai_sme_env_init(fpmr, flags, dtype, &env);
    if (st != MMA_OK) {
        return st;
    }
    /* J1.3.3.173: N IN {2M, M, M/2, M/4} with E = N/8 ways: f16 1, 2, 4; f32 1, 2, 4, 8. */
    const size_t max_ways = dtype == MMA_FMT_F16 ? 4u : 8u;
    if (ways == 0 || ways > max_ways || (ways & (ways - 1u)) != 0) {
        return MMA_ERR_SHAPE;
    }
    const uint64_t limit = dtype == MMA_FMT_F16 ? 0xFFFFu : 0xFFFFFFFFu;
    if (addend > limit) {
        return MMA_ERR_CODE;
    }
    return mmai_sme_env_dot(&env, addend, op1, op2, ways, out);
}
