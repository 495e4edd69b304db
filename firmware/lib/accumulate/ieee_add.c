/*
 * Separate-C add stage (NUMERICS 3 step 9): one IEEE addition of two accumulator codes, rounded once.
 * Zeros and finite sums whose exact value fits 64 bits are done directly; the rest (specials, far
 * apart exponents) go through the exact accumulator. Both give the one rounding of the exact sum.
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
    if (va.cls == MMA_CLASS_ZERO && vb.cls == MMA_CLASS_ZERO) {
        /* exact zero: same-signed zeros keep the sign, otherwise +0 (-0 under RD) */
        const unsigned sign = va.sign == vb.sign ? va.sign : (mode == MMA_RND_RD ? 1u : 0u);
        *code = mmai_code_zero(info, sign);
        return MMA_OK;
    }
    if ((va.cls == MMA_CLASS_ZERO && vb.cls == MMA_CLASS_FINITE) || (vb.cls == MMA_CLASS_ZERO && va.cls == MMA_CLASS_FINITE)) {
        *code = va.cls == MMA_CLASS_ZERO ? b : a; /* x + 0 = x exactly; a finite value has one code */
        return MMA_OK;
    }
    if (va.cls == MMA_CLASS_FINITE && vb.cls == MMA_CLASS_FINITE) {
        /* both finite: the exact sum fits an int64 unless the exponents are far apart */
        const mma_value *hi = va.exp >= vb.exp ? &va : &vb, *lo = va.exp >= vb.exp ? &vb : &va;
        const int32_t gap = hi->exp - lo->exp;
        if (gap + mmai_msb64(hi->sig) <= 61) {
            const int64_t x = (int64_t)(hi->sig << (unsigned)gap), y = (int64_t)lo->sig;
            const int64_t sum = (hi->sign ? -x : x) + (lo->sign ? -y : y);
            if (sum == 0) {
                *code = mmai_code_zero(info, mode == MMA_RND_RD ? 1u : 0u);
                return MMA_OK;
            }
            const mma_value v = {MMA_CLASS_FINITE, (uint8_t)(sum < 0 ? 1u : 0u), 0, 0, lo->exp,
                                 sum < 0 ? (uint64_t)0 - (uint64_t)sum : (uint64_t)sum};
            if (mmai_round_normal(info, v.sign, v.sig, v.exp, mode, code, NULL)) {
                return MMA_OK;
            }
            return mmai_encode_info(info, &v, mode, 0, code, NULL);
        }
    }
    mmai_exact_sum s;
    mmai_exact_sum_init(&s);
    (void)mmai_exact_sum_add_value(&s, &va);
    (void)mmai_exact_sum_add_value(&s, &vb);
    return mmai_exact_sum_round(&s, info, mode, 0, info->canonical_nan, code);
}
