/* Block-FMA step stages (NUMERICS 3 steps 1-8): align (specials, E), sum (shift, truncate, add), round. */
#include "mma/stage.h"

#include "accumulate_int.h"

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

static bool is_step_format(mma_format dtype)
{
    return dtype == MMA_FMT_F32 || dtype == MMA_FMT_F16;
}

mma_status mmai_bfma_frame(const mma_profile *prof, mma_format dtype, bool have_products, int32_t e_products,
                           const mma_value *c, mma_bfma_frame *out)
{
    bool any = have_products;
    int32_t E = e_products;
    const bool c_term = c != NULL && c->cls == MMA_CLASS_FINITE;
    const bool zero_term = c != NULL && c->cls == MMA_CLASS_ZERO && prof->zero_c_term;
    if (c_term || zero_term) {
        /* zero_c_term (MMA-Sim): a zero C still takes part with exponent -126 */
        const int32_t ec = c_term ? c_exponent(prof, dtype, c) : -126;
        if (!any || ec > E) {
            E = ec;
        }
        any = true;
    }
    out->special = MMA_BFMA_FINITE;
    out->any = any ? 1u : 0u;
    out->c_term = c_term ? 1u : 0u;
    out->pad = 0;
    out->E = 0;
    if (any) {
        const int32_t min_e = dtype == MMA_FMT_F16 ? (int32_t)prof->min_e_f16 : (int32_t)prof->min_e_f32;
        out->E = (min_e != MMA_MIN_E_NONE && E < min_e) ? min_e : E;
    }
    return MMA_OK;
}

int64_t mmai_bfma_c_term(const mma_profile *prof, const mma_bfma_frame *frame, const mma_value *c)
{
    if (!frame->c_term || c == NULL) {
        return 0;
    }
    const int64_t t = aligned(c->sig, c->exp + (int32_t)prof->frac_bits - frame->E);
    return c->sign ? -t : t;
}

mma_status mma_bfma_align(const mma_profile *prof, mma_format dtype, const mma_product *terms, size_t n,
                          const mma_value *c, mma_bfma_frame *out)
{
    if (prof == NULL || out == NULL || (terms == NULL && n != 0)) {
        return MMA_ERR_NULL;
    }
    if (!is_step_format(dtype)) {
        return MMA_ERR_FORMAT;
    }
    /* Step 1: specials. */
    bool nan = false, pinf = false, ninf = false;
    if (c != NULL) {
        nan = c->cls == MMA_CLASS_NAN;
        pinf = c->cls == MMA_CLASS_INF && !c->sign;
        ninf = c->cls == MMA_CLASS_INF && c->sign;
    }
    for (size_t i = 0; i < n; ++i) {
        nan = nan || terms[i].cls == MMA_CLASS_NAN;
        pinf = pinf || (terms[i].cls == MMA_CLASS_INF && !terms[i].sign);
        ninf = ninf || (terms[i].cls == MMA_CLASS_INF && terms[i].sign);
    }
    if (nan || pinf || ninf) {
        out->special = (uint8_t)((nan || (pinf && ninf)) ? MMA_BFMA_NAN : (pinf ? MMA_BFMA_PINF : MMA_BFMA_NINF));
        out->any = 0;
        out->c_term = 0;
        out->pad = 0;
        out->E = 0;
        return MMA_OK;
    }
    /* Step 5: E = largest term exponent (zero products only under zero_product_term), then min_E. */
    bool any = false;
    int32_t e_max = 0;
    for (size_t i = 0; i < n; ++i) {
        const bool takes_part = terms[i].cls == MMA_CLASS_FINITE ||
                                (terms[i].cls == MMA_CLASS_ZERO && prof->zero_product_term);
        if (takes_part && (!any || terms[i].e > e_max)) {
            e_max = terms[i].e;
            any = true;
        }
    }
    return mmai_bfma_frame(prof, dtype, any, e_max, c, out);
}

mma_status mma_bfma_sum(const mma_profile *prof, const mma_bfma_frame *frame, const mma_product *terms, size_t n,
                        const mma_value *c, int64_t *S)
{
    if (prof == NULL || frame == NULL || S == NULL || (terms == NULL && n != 0)) {
        return MMA_ERR_NULL;
    }
    *S = 0;
    if (frame->special != MMA_BFMA_FINITE || !frame->any) {
        return MMA_OK;
    }
    /* Steps 6-7: align to E, truncate to F fraction bits, exact integer sum. */
    int64_t sum = mmai_bfma_c_term(prof, frame, c);
    for (size_t i = 0; i < n; ++i) {
        if (terms[i].cls == MMA_CLASS_FINITE) {
            const int64_t t = aligned(terms[i].m, terms[i].lsb + (int32_t)prof->frac_bits - frame->E);
            sum += terms[i].sign ? -t : t;
        }
    }
    *S = sum;
    return MMA_OK;
}

mma_status mma_bfma_round(const mma_profile *prof, mma_format dtype, const mma_bfma_frame *frame, int64_t S,
                          uint64_t *code)
{
    if (prof == NULL || frame == NULL || code == NULL) {
        return MMA_ERR_NULL;
    }
    if (!is_step_format(dtype)) {
        return MMA_ERR_FORMAT;
    }
    const mma_format_info *dinfo = mma_format_get(dtype);
    switch ((mma_bfma_special)frame->special) {
    case MMA_BFMA_FINITE:
        break;
    case MMA_BFMA_NAN:
        *code = dinfo->canonical_nan;
        return MMA_OK;
    case MMA_BFMA_PINF:
    case MMA_BFMA_NINF:
        *code = mmai_code_inf(dinfo, frame->special == MMA_BFMA_NINF ? 1u : 0u);
        return MMA_OK;
    default:
        return MMA_ERR_CODE;
    }
    if (!frame->any || S == 0) {
        *code = mmai_code_zero(dinfo, 0);
        return MMA_OK;
    }
    /* Step 8: normalise |S| * 2^(E-F) once and round to the step format. */
    const mma_value sum = {MMA_CLASS_FINITE, (uint8_t)(S < 0 ? 1u : 0u), 0, 0, frame->E - (int32_t)prof->frac_bits,
                           S < 0 ? (uint64_t)0 - (uint64_t)S : (uint64_t)S};
    const int64_t top = (int64_t)sum.exp + mma_msb64(sum.sig);
    if (top > dinfo->emax) {
        *code = mmai_code_inf(dinfo, sum.sign); /* |S| * 2^(E-F) >= 2^(emax+1): overflow to Inf */
        return MMA_OK;
    }
    if (dtype == MMA_FMT_F16) {
        return mmai_encode_info(dinfo, &sum, (mma_round)prof->f16_round, 0, code, NULL);
    }
    const mma_format_info *step = prof->f32_sig_bits == 14 ? &mmai_e8m13_info : dinfo;
    return mmai_encode_info(step, &sum, (mma_round)prof->f32_round, 0, code, NULL);
}

mma_status mma_bfma_step(const mma_profile *prof, mma_format dtype, const mma_product *terms, size_t n, bool have_c,
                         uint64_t c, uint64_t *code)
{
    mma_value cv;
    mma_bfma_frame frame;
    int64_t S = 0;
    if (prof == NULL || code == NULL) {
        return MMA_ERR_NULL;
    }
    if (!is_step_format(dtype)) {
        return MMA_ERR_FORMAT;
    }
    if (have_c) {
        mma_status st = mma_decode(dtype, c, &cv);
        if (st != MMA_OK) {
            return st;
        }
    }
    mma_status st = mma_bfma_align(prof, dtype, terms, n, have_c ? &cv : NULL, &frame);
    if (st == MMA_OK) {
        st = mma_bfma_sum(prof, &frame, terms, n, have_c ? &cv : NULL, &S);
    }
    if (st == MMA_OK) {
        st = mma_bfma_round(prof, dtype, &frame, S, code);
    }
    return st;
}
