/* Product stage: exact, unnormalised products of two decoded values (NUMERICS 3, step 3). */
#include "mma/accumulate.h"

#include "../common/internal.h"

mma_status mma_product_make(mma_format fa, const mma_value *a, mma_format fb, const mma_value *b,
                            mma_product *out)
{
    const mma_format_info *ia = mma_format_get(fa);
    const mma_format_info *ib = mma_format_get(fb);
    if (a == NULL || b == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    if (ia == NULL || ib == NULL || ia->kind != MMA_KIND_FLOAT || ib->kind != MMA_KIND_FLOAT) {
        return MMA_ERR_FORMAT;
    }
    /* 64-bit significand products: every format up to f32 (24 x 24 bits); f64 uses the wide path. */
    if (ia->frac_bits > 31 || ib->frac_bits > 31) {
        return MMA_ERR_FORMAT;
    }
    if (a->cls > MMA_CLASS_NAN || b->cls > MMA_CLASS_NAN || a->sign > 1 || b->sign > 1 ||
        a->exp > MMA_EXP_LIMIT || a->exp < -MMA_EXP_LIMIT || b->exp > MMA_EXP_LIMIT || b->exp < -MMA_EXP_LIMIT ||
        (a->cls == MMA_CLASS_FINITE && (a->sig == 0 || a->sig >= ((uint64_t)1 << (ia->frac_bits + 1u)))) ||
        (b->cls == MMA_CLASS_FINITE && (b->sig == 0 || b->sig >= ((uint64_t)1 << (ib->frac_bits + 1u))))) {
        return MMA_ERR_CODE; /* not a value decode can produce for these formats */
    }
    out->sign = (uint8_t)(a->sign ^ b->sign);
    out->signaling = (uint8_t)((a->cls == MMA_CLASS_NAN && a->signaling) || (b->cls == MMA_CLASS_NAN && b->signaling));
    out->pad = 0;
    out->e = 0;
    out->lsb = 0;
    out->m = 0;
    if (a->cls == MMA_CLASS_NAN || b->cls == MMA_CLASS_NAN) {
        out->cls = MMA_CLASS_NAN;
        return MMA_OK;
    }
    if (a->cls == MMA_CLASS_INF || b->cls == MMA_CLASS_INF) {
        const bool zero = a->cls == MMA_CLASS_ZERO || b->cls == MMA_CLASS_ZERO;
        out->cls = (uint8_t)(zero ? MMA_CLASS_NAN : MMA_CLASS_INF);
        return MMA_OK;
    }
    if (a->cls == MMA_CLASS_ZERO || b->cls == MMA_CLASS_ZERO) {
        out->cls = MMA_CLASS_ZERO;
        return MMA_OK;
    }
    out->cls = MMA_CLASS_FINITE;
    out->m = a->sig * b->sig;
    out->lsb = a->exp + b->exp;
    out->e = out->lsb + (int32_t)ia->frac_bits + (int32_t)ib->frac_bits;
    return MMA_OK;
}

mma_status mma_product_scale(mma_product *p, int32_t scale_exp)
{
    if (p == NULL) {
        return MMA_ERR_NULL;
    }
    if (p->cls != MMA_CLASS_FINITE) {
        return MMA_OK;
    }
    const int64_t e = (int64_t)p->e + scale_exp;
    const int64_t lsb = (int64_t)p->lsb + scale_exp;
    if (e > MMA_EXP_LIMIT || e < -MMA_EXP_LIMIT || lsb > MMA_EXP_LIMIT || lsb < -MMA_EXP_LIMIT) {
        return MMA_ERR_OVERFLOW_RANGE;
    }
    p->e = (int32_t)e;
    p->lsb = (int32_t)lsb;
    return MMA_OK;
}

mma_status mma_product_check(const mma_product *p)
{
    if (p == NULL) {
        return MMA_ERR_NULL;
    }
    if (p->cls > MMA_CLASS_NAN || p->sign > 1 || p->signaling > 1) {
        return MMA_ERR_CODE;
    }
    if (p->cls != MMA_CLASS_FINITE) {
        return MMA_OK;
    }
    if (p->m == 0 || p->e > MMA_EXP_LIMIT || p->e < -MMA_EXP_LIMIT || p->lsb > MMA_EXP_LIMIT ||
        p->lsb < -MMA_EXP_LIMIT || p->e < p->lsb || (int64_t)p->e - p->lsb > 60 ||
        (int64_t)mma_msb64(p->m) + p->lsb >= (int64_t)p->e + 2) {
        return MMA_ERR_CODE; /* violates m * 2^lsb < 4 * 2^e or the exponent range */
    }
    return MMA_OK;
}
