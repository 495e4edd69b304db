/* Exact sum with special-value tracking and a single final rounding. */
#include "accumulate_int.h"

void mmai_exact_sum_init(mmai_exact_sum *s)
{
    mmai_wide_clear(&s->acc);
    s->nan = 0;
    s->snan = 0;
    s->pinf = 0;
    s->ninf = 0;
    s->zeros = 0;
}

static void note_zero(mmai_exact_sum *s, unsigned sign)
{
    const uint8_t mine = (uint8_t)(sign ? 2u : 1u);
    if (s->zeros == 0) {
        s->zeros = mine;
    } else if (s->zeros != mine) {
        s->zeros = 3;
    }
}

static mma_status note_special(mmai_exact_sum *s, uint8_t cls, unsigned sign, unsigned signaling)
{
    s->zeros = 3;
    if (cls == MMA_CLASS_NAN) {
        s->nan = 1;
        s->snan = (uint8_t)(s->snan | (signaling ? 1u : 0u));
    } else if (sign) {
        s->ninf = 1;
    } else {
        s->pinf = 1;
    }
    return MMA_OK;
}

mma_status mmai_exact_sum_add_value(mmai_exact_sum *s, const mma_value *v)
{
    switch (v->cls) {
    case MMA_CLASS_ZERO:
        note_zero(s, v->sign);
        return MMA_OK;
    case MMA_CLASS_FINITE:
        s->zeros = 3;
        return mmai_wide_add(&s->acc, v->sign, 0, v->sig, v->exp);
    case MMA_CLASS_INF:
    case MMA_CLASS_NAN:
        return note_special(s, v->cls, v->sign, v->signaling);
    default:
        return MMA_ERR_CODE;
    }
}

mma_status mmai_exact_sum_add_mul(mmai_exact_sum *s, const mma_value *a, const mma_value *b, int32_t scale_exp)
{
    const unsigned sign = (unsigned)(a->sign ^ b->sign);
    if (a->cls == MMA_CLASS_NAN || b->cls == MMA_CLASS_NAN) {
        const unsigned sig = (a->cls == MMA_CLASS_NAN && a->signaling) || (b->cls == MMA_CLASS_NAN && b->signaling);
        return note_special(s, MMA_CLASS_NAN, 0, sig);
    }
    if (a->cls == MMA_CLASS_INF || b->cls == MMA_CLASS_INF) {
        if (a->cls == MMA_CLASS_ZERO || b->cls == MMA_CLASS_ZERO) {
            return note_special(s, MMA_CLASS_NAN, 0, 0);
        }
        return note_special(s, MMA_CLASS_INF, sign, 0);
    }
    if (a->cls == MMA_CLASS_ZERO || b->cls == MMA_CLASS_ZERO) {
        note_zero(s, sign);
        return MMA_OK;
    }
    uint64_t hi, lo;
    mmai_mul64x64(a->sig, b->sig, &hi, &lo);
    s->zeros = 3;
    return mmai_wide_add(&s->acc, sign, hi, lo, a->exp + b->exp + scale_exp);
}

mma_status mmai_exact_sum_add_product(mmai_exact_sum *s, const mma_product *p)
{
    switch (p->cls) {
    case MMA_CLASS_ZERO:
        note_zero(s, p->sign);
        return MMA_OK;
    case MMA_CLASS_FINITE:
        s->zeros = 3;
        return mmai_wide_add(&s->acc, p->sign, 0, p->m, p->lsb);
    case MMA_CLASS_INF:
    case MMA_CLASS_NAN:
        return note_special(s, p->cls, p->sign, p->signaling);
    default:
        return MMA_ERR_CODE;
    }
}

mma_status mmai_exact_sum_add_fixed(mmai_exact_sum *s, int64_t v, int32_t lsb)
{
    s->zeros = 3;
    if (v == 0) {
        return MMA_OK;
    }
    const uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    return mmai_wide_add(&s->acc, v < 0 ? 1u : 0u, 0, mag, lsb);
}

mma_status mmai_exact_sum_round(const mmai_exact_sum *s, const mma_format_info *out, mma_round mode, unsigned flags,
                               uint64_t nan_code, uint64_t *code)
{
    if (s->nan || (s->pinf && s->ninf)) {
        *code = nan_code;
        return MMA_OK;
    }
    if (s->pinf || s->ninf) {
        mma_value inf = {MMA_CLASS_INF, (uint8_t)(s->ninf ? 1u : 0u), 0, 0, 0, 0};
        return mmai_encode_info(out, &inf, mode, flags & ~(unsigned)MMA_ENC_SATFINITE, code, NULL);
    }
    mma_value v;
    mmai_wide_value(&s->acc, &v);
    if (v.cls == MMA_CLASS_ZERO) {
        if (s->zeros == 1 || s->zeros == 2) {
            v.sign = (uint8_t)(s->zeros == 2 ? 1u : 0u);
        } else {
            v.sign = (uint8_t)(mode == MMA_RND_RD ? 1u : 0u);
        }
    }
    return mmai_encode_info(out, &v, mode, flags, code, NULL);
}
