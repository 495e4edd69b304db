/* Exact (Kulisch) accumulator: sums products and addends with no rounding at all. */
#include "accumulate_int.h"

void mmai_mul64x64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    const uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32;
    const uint64_t b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *lo = (p00 & 0xFFFFFFFFu) | (mid << 32);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

void mmai_wide_clear(mmai_wide *acc)
{
    /* Words outside [lo, hi] are never read: clearing is O(1). */
    acc->lo = MMAI_WIDE_WORDS;
    acc->hi = 0;
    acc->neg_any = 0;
}

/* Makes [lo, hi] cover [first, last], zero-filling words that enter the range. */
static void cover(mmai_wide *acc, unsigned first, unsigned last)
{
    if (acc->lo > acc->hi) { /* empty */
        for (unsigned i = first; i <= last; ++i) {
            acc->w[i] = 0;
        }
        acc->lo = (uint16_t)first;
        acc->hi = (uint16_t)last;
        return;
    }
    for (unsigned i = first; i < acc->lo; ++i) {
        acc->w[i] = 0;
    }
    const uint32_t fill = acc->neg_any ? 0xFFFFFFFFu : 0u; /* sign extension above hi */
    for (unsigned i = (unsigned)acc->hi + 1u; i <= last; ++i) {
        acc->w[i] = fill;
    }
    if (first < acc->lo) {
        acc->lo = (uint16_t)first;
    }
    if (last > acc->hi) {
        acc->hi = (uint16_t)last;
    }
}

mma_status mmai_wide_add(mmai_wide *acc, unsigned sign, uint64_t hi_part, uint64_t lo_part, int32_t lsb)
{
    if (hi_part == 0 && lo_part == 0) {
        return MMA_OK;
    }
    const int64_t bitpos = (int64_t)lsb - MMAI_WIDE_BASE;
    /* Keep 64 bits of headroom below the sign word for carries of many additions. */
    if (bitpos < 0 || bitpos + 128 > (int64_t)(MMAI_WIDE_WORDS - 3) * 32) {
        return MMA_ERR_OVERFLOW_RANGE;
    }
    const unsigned word = (unsigned)(bitpos / 32);
    const unsigned shift = (unsigned)(bitpos % 32);
    /* The 128-bit value shifted by `shift` spans at most 5 words. */
    uint32_t limb[5];
    const uint32_t in[4] = {(uint32_t)lo_part, (uint32_t)(lo_part >> 32), (uint32_t)hi_part,
                            (uint32_t)(hi_part >> 32)};
    limb[0] = in[0] << shift;
    for (unsigned i = 1; i < 4; ++i) {
        limb[i] = (in[i] << shift) | (shift ? in[i - 1] >> (32u - shift) : 0u);
    }
    limb[4] = shift ? in[3] >> (32u - shift) : 0u;
    cover(acc, word, word + 4u);

    unsigned i = word;
    uint64_t carry = 0; /* carry (adding) or borrow (subtracting) */
    for (unsigned j = 0; j < 5; ++j, ++i) {
        if (!sign) {
            const uint64_t s = (uint64_t)acc->w[i] + limb[j] + carry;
            acc->w[i] = (uint32_t)s;
            carry = s >> 32;
        } else {
            const uint64_t sub = (uint64_t)limb[j] + carry;
            carry = (uint64_t)acc->w[i] < sub ? 1u : 0u;
            acc->w[i] = (uint32_t)((uint64_t)acc->w[i] - sub);
        }
    }
    /* Propagate into higher words; above hi the number is sign extension (0 or all ones). */
    while (carry) {
        if (i > acc->hi) {
            if (i >= MMAI_WIDE_WORDS) {
                return MMA_ERR_OVERFLOW_RANGE;
            }
            if (!sign) {
                if (acc->neg_any) {
                    acc->neg_any = 0; /* ...FFFF + 1: the extension becomes zeros */
                } else {
                    acc->w[i] = 1u;
                    acc->hi = (uint16_t)i;
                }
            } else {
                if (!acc->neg_any) {
                    acc->neg_any = 1; /* ...0000 - 1: the extension becomes ones */
                } else {
                    acc->w[i] = 0xFFFFFFFEu;
                    acc->hi = (uint16_t)i;
                }
            }
            break;
        }
        if (!sign) {
            acc->w[i] += 1u;
            carry = acc->w[i] == 0 ? 1u : 0u;
        } else {
            carry = acc->w[i] == 0 ? 1u : 0u;
            acc->w[i] -= 1u;
        }
        ++i;
    }
    return MMA_OK;
}

void mmai_wide_value(const mmai_wide *acc, mma_value *out)
{
    uint32_t mag[MMAI_WIDE_WORDS];
    out->sticky = 0;
    out->signaling = 0;
    out->sign = acc->neg_any;
    out->cls = MMA_CLASS_ZERO;
    out->sig = 0;
    out->exp = 0;
    if (acc->lo > acc->hi) {
        out->sign = 0;
        return;
    }
    const unsigned lo = acc->lo, hi = acc->hi;
    /* Magnitude over [lo, hi]; above hi the number is pure sign extension. */
    uint64_t carry = 1;
    for (unsigned i = lo; i <= hi; ++i) {
        if (acc->neg_any) {
            const uint64_t s = (uint64_t)(uint32_t)~acc->w[i] + carry;
            mag[i] = (uint32_t)s;
            carry = s >> 32;
        } else {
            mag[i] = acc->w[i];
        }
    }
    unsigned top = hi + 1u;
    if (acc->neg_any && carry && top < MMAI_WIDE_WORDS) {
        mag[top++] = 1u; /* the range was all zeros: magnitude 2^(32 (hi + 1)) */
    }
    while (top > lo && mag[top - 1u] == 0) {
        --top;
    }
    if (top == lo) {
        out->sign = 0;
        return;
    }
    /* Take 64 bits starting at the most significant set bit; the rest becomes sticky. */
    const unsigned t = top - 1u;
    const int64_t msb_bit = (int64_t)t * 32 + mma_msb64(mag[t]);
    const int64_t low_bit = msb_bit - 63; /* bit index of sig's LSB */
    const int64_t floor_bit = (int64_t)lo * 32;
    uint64_t sig = 0;
    for (int64_t b = msb_bit; b >= low_bit && b >= floor_bit;) {
        const unsigned w = (unsigned)(b / 32);
        const unsigned hi_bit = (unsigned)(b % 32);
        const int64_t lo_b = (int64_t)w * 32 > low_bit ? (int64_t)w * 32 : low_bit;
        const unsigned lo_bit = (unsigned)(lo_b - (int64_t)w * 32);
        const unsigned n = hi_bit - lo_bit + 1u;
        const uint32_t chunk = (uint32_t)((mag[w] >> lo_bit) & (n >= 32u ? 0xFFFFFFFFu : ((1u << n) - 1u)));
        sig = (sig << n) | chunk;
        b = lo_b - 1;
    }
    if (low_bit < floor_bit) {
        sig <<= (unsigned)(floor_bit - low_bit); /* bits below lo are zero */
    }
    if (low_bit >= floor_bit) {
        /* sticky: any set bit below low_bit */
        const unsigned lw = (unsigned)(low_bit / 32);
        const unsigned lb = (unsigned)(low_bit % 32);
        if (lb != 0 && (mag[lw] & ((1u << lb) - 1u)) != 0) {
            out->sticky = 1;
        }
        for (unsigned i = lo; i < lw && !out->sticky; ++i) {
            if (mag[i] != 0) {
                out->sticky = 1;
            }
        }
    }
    out->cls = MMA_CLASS_FINITE;
    out->sig = sig;
    out->exp = (int32_t)(low_bit + MMAI_WIDE_BASE);
}
