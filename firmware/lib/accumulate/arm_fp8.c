/* Arm FP8DotAddFP (seed 002): c + 2^-LSCALE * sum a_i b_i, exact, rounded once RNE. */
#include "accumulate_int.h"

/* Arm default NaN of the result format. */
static uint64_t arm_default_nan(mma_format dtype)
{
    return dtype == MMA_FMT_F16 ? MMAI_ARM_DEFAULT_NAN_F16 : MMAI_ARM_DEFAULT_NAN_F32;
}

mma_status mmai_arm_fp8_dot(const mma_profile *prof, mmai_product_fetch fetch, const void *ctx, size_t n,
                           mma_format dtype, uint64_t c, uint64_t *d)
{
    if (dtype != MMA_FMT_F16 && dtype != MMA_FMT_F32) {
        return MMA_ERR_FORMAT_PAIR;
    }
    /* LSCALE: FPMR[22:16] for f32 results, only FPMR[19:16] for f16 results. */
    const int32_t lscale = (int32_t)(dtype == MMA_FMT_F16 ? (prof->arm_lscale & 0xFu) : (prof->arm_lscale & 0x7Fu));
    mmai_exact_sum s;
    mmai_exact_sum_init(&s);
    mma_value cv;
    mma_status st = mma_decode(dtype, c, &cv);
    if (st == MMA_OK && prof->c_mode != MMA_C_UNUSED) {
        st = mmai_exact_sum_add_value(&s, &cv);
    }
    for (size_t i = 0; i < n && st == MMA_OK; ++i) {
        mma_product p;
        st = fetch(ctx, i, &p);
        if (st == MMA_OK) {
            st = mma_product_scale(&p, -lscale);
        }
        if (st == MMA_OK) {
            st = mmai_exact_sum_add_product(&s, &p);
        }
    }
    if (st != MMA_OK) {
        return st;
    }
    /* Exact zero keeps its sign only when C and all products are zeros of the same sign (RNE: else +0). */
    const unsigned flags = prof->arm_osm ? MMA_ENC_SATFINITE : 0u;
    return mmai_exact_sum_round(&s, mma_format_get(dtype), MMA_RND_RNE, flags, arm_default_nan(dtype), d);
}
