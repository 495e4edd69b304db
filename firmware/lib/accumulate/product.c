/* Product stage: exact, unnormalised products of two decoded values, times a block scale factor (NUMERICS 3.3). */
#include "mma/accumulate.h"
#include "mma/stage.h"

/* Term exponent of an operand for a zero product: its own (exp + p), or -126 if it is zero (MMA-Sim). */
static int32_t zero_rule_exponent(const mma_format_info *info, const mma_value *v)
{
    return v->cls == MMA_CLASS_FINITE ? v->exp + (int32_t)info->frac_bits : -126;
}

/* Applies a block scale factor to a product (NUMERICS 6): NaN scale -> NaN, zero scale -> zero (Inf -> NaN). */
static void apply_scale(mma_product *p, const mma_scale_factor *s)
{
    if (s->nan) {
        p->cls = MMA_CLASS_NAN;
        return;
    }
    if (p->cls == MMA_CLASS_NAN) {
        return;
    }
    if (s->zero) {
        p->cls = (uint8_t)(p->cls == MMA_CLASS_INF ? MMA_CLASS_NAN : MMA_CLASS_ZERO);
        p->m = 0;
        p->e += s->e_shift;
        return;
    }
    if (p->cls == MMA_CLASS_INF) {
        return;
    }
    /* scale exponents are within +-140 and p came from decode: no overflow of the int32 fields */
    p->e += s->e_shift;
    if (p->cls == MMA_CLASS_FINITE) {
        p->m *= s->sig;
        p->lsb += s->exp;
    }
}

mma_status mma_multiply(mma_format fa, const mma_value *a, mma_format fb, const mma_value *b,
                        const mma_scale_factor *scale, mma_product *out)
{
    mma_status st = mma_product_make(fa, a, fb, b, out);
    if (st == MMA_OK && scale != NULL) {
        if (scale->nan > 1 || scale->zero > 1 || scale->sig == 0 || scale->sig > 225 || scale->exp > 512 ||
            scale->exp < -512 || scale->e_shift > 512 || scale->e_shift < -512) {
            return MMA_ERR_CODE; /* not a factor mma_block_scale can produce */
        }
        apply_scale(out, scale);
    }
    return st;
}

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
        out->e = zero_rule_exponent(ia, a) + zero_rule_exponent(ib, b); /* used only by zero_product_term */
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
