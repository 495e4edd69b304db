/*
 * Separate-C add stage (NUMERICS 3 step 9): one IEEE addition of two accumulator codes, rounded once.
 * Zeros and finite sums whose exact value fits 64 bits are done directly (mmai_ieee_add_direct); the
 * rest (specials, far apart exponents, subnormal results) go through the exact accumulator. Both give
 * the one rounding of the exact sum.
 */
#include "mma/stage.h"

#include "accumulate_int.h"

mma_status mma_ieee_add(mma_format fmt, uint64_t a, uint64_t b, mma_round mode, uint64_t *code)
{
    if (code == NULL) {
        return MMA_ERR_NULL;
    }
    if (fmt != MMA_FMT_F32 && fmt != MMA_FMT_F16 && fmt != MMA_FMT_F64) {
        return MMA_ERR_FORMAT;
    }
    if ((unsigned)mode >= (unsigned)MMA_RND_COUNT) {
        return MMA_ERR_ROUNDING;
    }
    const mma_format_info *info = mma_format_get(fmt);
    mma_value va, vb;
    mma_status st = mmai_decode_float(info, a, &va);
    if (st == MMA_OK) {
        st = mmai_decode_float(info, b, &vb);
    }
    if (st != MMA_OK) {
        return st;
    }
    if (mmai_ieee_add_direct(info, &va, a, &vb, b, mode, code, NULL)) {
        return MMA_OK;
    }
    mmai_exact_sum s;
    mmai_exact_sum_init(&s);
    (void)mmai_exact_sum_add_value(&s, &va);
    (void)mmai_exact_sum_add_value(&s, &vb);
    return mmai_exact_sum_round(&s, info, mode, 0, info->canonical_nan, code);
}
