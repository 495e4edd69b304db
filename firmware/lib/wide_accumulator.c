/* Exact (Kulisch) accumulator: sums products and addends with no rounding at all. */
#include "internal.h"

void mma_mul64x64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    const uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32;
    const uint64_t b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *lo = (p00 & 0xFFFFFFFFu) | (mid << 32);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

void mma_wide_clear(mma_wide *acc)
{
    for (unsigned i = 0; i < MMA_WIDE_WORDS; ++i) {
        acc->w[i] = 0;
    }
    acc->lo = MMA_WIDE_WORDS;
    acc->hi = 0;
    acc->neg_any = 0;
}

mma_status mma_wide_add(mma_wide *acc, unsigned sign, uint64_t hi_part, uint64_t lo_part, int32_t lsb)
{
    if (hi_part == 0 && lo_part == 0) {
        return MMA_OK;
    }
    const int64_t bitpos = (int64_t)lsb - MMA_WIDE_BASE;
    /* Keep 64 bits of headroom below the sign word for carries of many additions. */
    if (bitpos < 0 || bitpos + 128 > (int64_t)(MMA_WIDE_WORDS - 3) * 32) {
        return MMA_ERR_OVERFLOW_RANGE;
    }
    const unsigned word = (unsigned)(bitpos / 32);
    const unsigned shift = (unsigned)(bitpos % 32);
    /* The 128-bit value shifted by `shift` spans at most 5 words. */
    uint32_t limb[5];
    uint32_t in[4] = {(uint32_t)lo_part, (uint32_t)(lo_part >> 32), (uint32_t)hi_part, (uint32_t)(hi_part >> 32)};
    limb[0] = in[0] << shift;
    for (unsigned i = 1; i < 4; ++i) {
        limb[i] = (in[i] << shift) | (shift ? in[i - 1] >> (32u - shift) : 0u);
    }
    limb[4] = shift ? in[3] >> (32u - shift) : 0u;

    unsigned i = word;
    if (!sign) {
        uint64_t carry = 0;
        for (unsigned j = 0; j < 5; ++j, ++i) {
            const uint64_t s = (uint64_t)acc->w[i] + limb[j] + carry;
            acc->w[i] = (uint32_t)s;
            carry = s >> 32;
        }
        while (carry && i < MMA_WIDE_WORDS) {
            const uint64_t s = (uint64_t)acc->w[i] + carry;
            acc->w[i] = (uint32_t)s;
            carry = s >> 32;
            ++i;
        }
    } else {
        uint64_t borrow = 0;
        for (unsigned j = 0; j < 5; ++j, ++i) {
            const uint64_t sub = (uint64_t)limb[j] + borrow;
            borrow = (uint64_t)acc->w[i] < sub ? 1u : 0u;
            acc->w[i] = (uint32_t)((uint64_t)acc->w[i] - sub);
        }
        while (borrow && i < MMA_WIDE_WORDS) {
            borrow = acc->w[i] == 0 ? 1u : 0u;
            acc->w[i] -= 1u;
            ++i;
        }
        if (i >= MMA_WIDE_WORDS) {
            acc->neg_any = 1;
        }
    }
    if (word < acc->lo) {
        acc->lo = (uint16_t)word;
    }
    if (i - 1u > acc->hi) {
        acc->hi = (uint16_t)(i - 1u);
    }
    return MMA_OK;
}

void mma_wide_value(const mma_wide *acc, mma_value *out)
{
    uint32_t mag[MMA_WIDE_WORDS];
    const unsigned negative = (acc->w[MMA_WIDE_WORDS - 1] >> 31) & 1u;
    unsigned top = MMA_WIDE_WORDS;
    out->sticky = 0;
    out->signaling = 0;
    out->sign = (uint8_t)negative;
    /* Magnitude (two's complement negate if negative). */
    uint64_t carry = 1;
    for (unsigned i = 0; i < MMA_WIDE_WORDS; ++i) {
        if (negative) {
            const uint64_t s = (uint64_t)(uint32_t)~acc->w[i] + carry;
            mag[i] = (uint32_t)s;
            carry = s >> 32;
        } else {
            mag[i] = acc->w[i];
        }
    }
    while (top > 0 && mag[top - 1] == 0) {
        --top;
    }
    if (top == 0) {
        out->cls = MMA_CLASS_ZERO;
        out->sign = 0;
        out->sig = 0;
        out->exp = 0;
        return;
    }
    /* Take 64 bits starting at the most significant set bit; the rest becomes sticky. */
    const unsigned t = top - 1u;
    const int msb_in_word = mma_msb64(mag[t]);
    const int64_t msb_bit = (int64_t)t * 32 + msb_in_word; /* bit index of MSB */
    const int64_t low_bit = msb_bit - 63;                  /* bit index of sig's LSB (may be < 0) */
    uint64_t sig = 0;
    for (int64_t b = msb_bit; b >= low_bit && b >= 0; ) {
        /* take whole remaining bits of this word */
        const unsigned w = (unsigned)(b / 32);
        const unsigned hi_bit = (unsigned)(b % 32);
        const int64_t lo_b = (int64_t)w * 32 > low_bit ? (int64_t)w * 32 : low_bit;
        const unsigned lo_bit = (unsigned)(lo_b - (int64_t)w * 32);
        const unsigned n = hi_bit - lo_bit + 1u;
        const uint32_t chunk = (uint32_t)((mag[w] >> lo_bit) & (n >= 32u ? 0xFFFFFFFFu : ((1u << n) - 1u)));
        sig = (n >= 64u) ? chunk : ((sig << n) | chunk);
        b = lo_b - 1;
    }
    int32_t exp;
    if (low_bit < 0) {
        sig <<= (unsigned)(-low_bit);
        exp = MMA_WIDE_BASE;
        exp -= (int32_t)(-low_bit);
    } else {
        exp = (int32_t)(low_bit + MMA_WIDE_BASE);
        /* sticky: any set bit below low_bit */
        const unsigned lw = (unsigned)(low_bit / 32);
        const unsigned lb = (unsigned)(low_bit % 32);
        if (lb != 0 && (mag[lw] & ((1u << lb) - 1u)) != 0) {
            out->sticky = 1;
        }
        for (unsigned i = 0; i < lw && !out->sticky; ++i) {
            if (mag[i] != 0) {
                out->sticky = 1;
            }
        }
    }
    out->cls = MMA_CLASS_FINITE;
    out->sig = sig;
    out->exp = exp;
}
