/* NVIDIA-style block FMA step: align to the largest exponent, truncate to F bits, sum, round once. */
#include "../common/internal.h"

/* Exponent of the accumulator term c (NUMERICS 3 step 4). */
static int32_t c_exponent(const mma_profile *prof, mma_format dtype, const mma_value *c)
{
    const int32_t e = c->exp + (int32_t)mma_msb64(c->sig); /* floor(log2|c|) */
    if (dtype == MMA_FMT_F16) {
        return (prof->f16_c_pinned && e < -14) ? -14 : e;
    }
    return e < -126 ? -126 : e;
}

/* floor(m * 2^shift) for a non-negative integer m. */
static int64_t aligned(uint64_t m, int32_t shift)
{
    if (shift >= 0) {
        return (int64_t)(m << (unsigned)shift);
    }
    if (shift <= -64) {
        return 0;
    }
    return (int64_t)(m >> (unsigned)(-shift));
}

mma_status mma_block_fma_begin(const mma_profile *prof, mma_format dtype, bool have_c, uint64_t c,
                               bool have_products, int32_t e_products, mma_block_frame *fr)
{
    mma_value cv = {MMA_CLASS_ZERO, 0, 0, 0, 0, 0};
    if (have_c) {
        mma_status st = mma_decode(dtype, c, &cv);
        if (st != MMA_OK) {
            return st;
        }
    }
    bool any = have_products;
    int32_t E = e_products;
    const bool c_term = cv.cls == MMA_CLASS_FINITE;
    const bool zero_term = have_c && cv.cls == MMA_CLASS_ZERO && prof->zero_c_term;
    if (c_term || zero_term) {
        /* MMA-Sim rule: a zero C still takes part with exponent -126 */
        const int32_t ec = c_term ? c_exponent(prof, dtype, &cv) : -126;
        if (!any || ec > E) {
            E = ec;
        }
        any = true;
    }
    fr->any = any;
    if (!any) {
        fr->E = 0;
        fr->c_t = 0;
        return MMA_OK;
    }
    const int32_t min_e = dtype == MMA_FMT_F16 ? (int32_t)prof->min_e_f16 : (int32_t)prof->min_e_f32;
    if (min_e != MMA_MIN_E_NONE && E < min_e) {
        E = min_e;
    }
    fr->E = E;
    fr->c_t = 0;
    if (c_term) {
        const int64_t t = aligned(cv.sig, cv.exp + (int32_t)prof->frac_bits - E);
        fr->c_t = cv.sign ? -t : t;
    }
    return MMA_OK;
}

mma_status mma_block_fma_finish(const mma_profile *prof, mma_format dtype, const mma_block_frame *fr, int64_t S,
                                uint64_t *out)
{
    const mma_format_info *dinfo = mma_format_get(dtype);
    if (!fr->any || S == 0) {
        *out = mma_code_zero(dinfo, 0);
        return MMA_OK;
    }
    mma_value sum = {MMA_CLASS_FINITE, (uint8_t)(S < 0 ? 1u : 0u), 0, 0, fr->E - (int32_t)prof->frac_bits,
                     S < 0 ? (uint64_t)(-S) : (uint64_t)S};
    const int64_t top = (int64_t)sum.exp + mma_msb64(sum.sig);
    if (top > dinfo->emax) {
        *out = mma_code_inf(dinfo, sum.sign); /* |S| * 2^(E-F) >= 2^(emax+1): overflow to Inf */
        return MMA_OK;
    }
    if (dtype == MMA_FMT_F16) {
        return mma_encode_info(dinfo, &sum, (mma_round)prof->f16_round, 0, out, NULL);
    }
    const mma_format_info *step = prof->f32_sig_bits == 14 ? &mma_e8m13_info : dinfo;
    return mma_encode_info(step, &sum, (mma_round)prof->f32_round, 0, out, NULL);
}

mma_status mma_block_fma_step(const mma_profile *prof, const mma_product *prods, size_t n, bool have_c,
                              mma_format dtype, uint64_t c, uint64_t *out)
{
    const mma_format_info *dinfo = mma_format_get(dtype);
    if (dinfo == NULL || (dtype != MMA_FMT_F32 && dtype != MMA_FMT_F16)) {
        return MMA_ERR_FORMAT;
    }
    /* Step 1: specials. */
    bool nan = false, pinf = false, ninf = false;
    if (have_c) {
        mma_value cv;
        mma_status st = mma_decode(dtype, c, &cv);
        if (st != MMA_OK) {
            return st;
        }
        nan = cv.cls == MMA_CLASS_NAN;
        pinf = cv.cls == MMA_CLASS_INF && !cv.sign;
        ninf = cv.cls == MMA_CLASS_INF && cv.sign;
    }
    for (size_t i = 0; i < n; ++i) {
        nan = nan || prods[i].cls == MMA_CLASS_NAN;
        pinf = pinf || (prods[i].cls == MMA_CLASS_INF && !prods[i].sign);
        ninf = ninf || (prods[i].cls == MMA_CLASS_INF && prods[i].sign);
    }
    if (nan || (pinf && ninf)) {
        *out = dinfo->canonical_nan;
        return MMA_OK;
    }
    if (pinf || ninf) {
        *out = mma_code_inf(dinfo, ninf ? 1u : 0u);
        return MMA_OK;
    }
    /* Step 5: E = largest term exponent (zero products take no part), clamped by min_E. */
    bool any = false;
    int32_t e_max = 0;
    for (size_t i = 0; i < n; ++i) {
        if (prods[i].cls == MMA_CLASS_FINITE && (!any || prods[i].e > e_max)) {
            e_max = prods[i].e;
            any = true;
        }
    }
    mma_block_frame fr;
    mma_status st = mma_block_fma_begin(prof, dtype, have_c, c, any, e_max, &fr);
    if (st != MMA_OK) {
        return st;
    }
    /* Steps 6-7: align to E, truncate to F fraction bits, exact integer sum. */
    int64_t S = fr.c_t;
    for (size_t i = 0; fr.any && i < n; ++i) {
        if (prods[i].cls == MMA_CLASS_FINITE) {
            const int64_t t = aligned(prods[i].m, prods[i].lsb + (int32_t)prof->frac_bits - fr.E);
            S += prods[i].sign ? -t : t;
        }
    }
    /* Step 8: normalise once and round to the step format. */
    return mma_block_fma_finish(prof, dtype, &fr, S, out);
}
