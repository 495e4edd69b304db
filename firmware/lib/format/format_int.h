/* Internal interface of the format stages: table rows, decode/encode against a row (not installed). */
#ifndef MMA_FORMAT_INT_H
#define MMA_FORMAT_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "mma/format.h"
#include "mma/stage.h"

#include "../common/common_int.h"

/*
 * The hot helpers below (the float decode and the normal-range rounding): with MMA_FAST_TABLES
 * every file gets them inline (forced, for the GEMM fast path); without, format/decode.c holds the
 * one out-of-line copy (MMAI_HOT_DEFINE) and the other files call it (smaller firmware).
 */
#if defined(__GNUC__) && MMA_FAST_TABLES
#define MMAI_HOT_INLINE inline __attribute__((always_inline))
#else
#define MMAI_HOT_INLINE inline
#endif
#if MMA_FAST_TABLES
#define MMAI_HOT_FN static MMAI_HOT_INLINE
#else
#define MMAI_HOT_FN
#endif

/* Table row of the 13-bit-fraction f32 step accumulator ("e8m13"). */
extern const mma_format_info mmai_e8m13_info;

/* Decodes a code against an explicit table row (used for e8m13 and the public formats). */
mma_status mmai_decode_info(const mma_format_info *info, uint64_t code, mma_value *out);

/*
 * The rounding decision stage (mma_round_decide, NUMERICS 2), inline for the hot paths: whether a
 * magnitude truncated to its kept bits is incremented, from mode, sign, kept LSB, round and sticky bits.
 */
static inline unsigned mmai_round_decide(mma_round mode, unsigned sign, unsigned lsb, unsigned round, unsigned sticky)
{
    const bool half = (round & 1u) != 0;                   /* the dropped part is at least half a unit */
    const bool inexact = half || (sticky & 1u) != 0;        /* something was dropped */
    const bool negative = (sign & 1u) != 0;
    bool inc;
    switch (mode) {
    case MMA_RND_RNE:
        inc = half && ((sticky & 1u) != 0 || (lsb & 1u) != 0); /* above half, or exactly half and odd */
        break;
    case MMA_RND_RD:
        inc = inexact && negative;
        break;
    case MMA_RND_RU:
        inc = inexact && !negative;
        break;
    case MMA_RND_RNA:
        inc = half; /* half or above: away from zero */
        break;
    default: /* MMA_RND_RZ, and no increment for an invalid mode */
        inc = false;
        break;
    }
    return inc ? 1u : 0u;
}

/* Position of the most significant set bit of x != 0 (inline mma_msb64). */
static inline int mmai_msb64(uint64_t x)
{
#if defined(__GNUC__)
    return 63 - __builtin_clzll(x);
#else
    return mma_msb64(x);
#endif
}

#if MMA_FAST_TABLES || defined(MMAI_HOT_DEFINE)

/*
 * The decode of a float format against its table row (the one float decode: mmai_decode_info calls
 * it, and the GEMM fast path inlines it for operands and accumulators). MMA_ERR_CODE if bits outside
 * the storage width are set.
 */
MMAI_HOT_FN mma_status mmai_decode_float(const mma_format_info *info, uint64_t code, mma_value *out)
{
    const uint64_t smask = info->storage_bits >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << info->storage_bits) - 1u);
    if ((code & ~smask) != 0) {
        return MMA_ERR_CODE;
    }
    out->sticky = 0;
    out->signaling = 0;
    /* Significant bits only: tf32 drops the 13 low bits, ue4m3 ignores bit 7. */
    const unsigned p = info->frac_bits;
    const unsigned ebits = info->exp_bits;
    const uint64_t vmask = info->value_bits >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << info->value_bits) - 1u);
    const uint64_t fmask = ((uint64_t)1 << p) - 1u;
    const uint64_t emax_field = ((uint64_t)1 << ebits) - 1u;
    const uint64_t bits = (code >> info->frac_shift) & vmask;
    const uint64_t frac = bits & fmask;
    const uint64_t efield = (bits >> p) & emax_field;
    out->sign = (uint8_t)(info->has_sign ? ((bits >> (p + ebits)) & 1u) : 0u);

    if (efield == emax_field) {
        if (info->nan_style == MMA_NAN_IEEE && frac != 0) {
            out->cls = MMA_CLASS_NAN;
            out->signaling = (uint8_t)(((frac >> (p - 1u)) & 1u) == 0);
            out->sig = 0;
            out->exp = 0;
            return MMA_OK;
        }
        if (info->nan_style == MMA_NAN_ALL_ONES && frac == fmask) {
            out->cls = MMA_CLASS_NAN;
            out->signaling = 1; /* no quiet bit: Arm treats E4M3 all-ones as signalling */
            out->sig = 0;
            out->exp = 0;
            return MMA_OK;
        }
        if (info->has_inf && frac == 0) {
            out->cls = MMA_CLASS_INF;
            out->sig = 0;
            out->exp = 0;
            return MMA_OK;
        }
    }
    if (efield == 0 && info->has_subnormals) {
        if (frac == 0) {
            out->cls = MMA_CLASS_ZERO;
            out->sig = 0;
            out->exp = 0;
            return MMA_OK;
        }
        out->cls = MMA_CLASS_FINITE;
        out->sig = frac;
        out->exp = (int32_t)info->emin - (int32_t)p;
        return MMA_OK;
    }
    out->cls = MMA_CLASS_FINITE;
    out->sig = ((uint64_t)1 << p) | frac;
    out->exp = (int32_t)efield - (int32_t)info->bias - (int32_t)p;
    return MMA_OK;
}

/*
 * The normal-range case of mmai_encode_info (the one rounding, NUMERICS 2), inline for the hot
 * paths: rounds (-1)^sign * mag * 2^lsb (mag != 0, exact: no sticky tail) to a float format in mode
 * when the result is a normal finite value of the format, and returns true; returns false, writing
 * nothing, when it is not (below the normal range, rounding past max finite, an unsigned format
 * with a negative value): mmai_encode_info then decides. Flags do not matter for such a result.
 * *value (may be NULL) receives the rounded value as decode would give it for the code's format row.
 */
MMAI_HOT_FN bool mmai_round_normal(const mma_format_info *info, unsigned sign, uint64_t mag, int32_t lsb,
                                     mma_round mode, uint64_t *code, bool *inexact, mma_value *value)
{
    const int msb = mmai_msb64(mag);
    /* exponent of the value: 2^top <= |value| < 2^(top+1); in 64 bits, lsb may be near INT32_MAX */
    const int64_t top64 = (int64_t)lsb + msb;
    if (top64 < info->emin || top64 > info->emax || (sign && !info->has_sign) || (unsigned)mode >= MMA_RND_COUNT) {
        return false;
    }
    int32_t top = (int32_t)top64;
    const int p = info->frac_bits;
    uint64_t kept;
    unsigned round_bit = 0, sticky_bit = 0;
    if (msb > p) {
        const unsigned drop = (unsigned)(msb - p);
        const uint64_t half = (uint64_t)1 << (drop - 1u);
        kept = mag >> drop;
        round_bit = (mag & half) != 0 ? 1u : 0u;
        sticky_bit = (mag & (half - 1u)) != 0 ? 1u : 0u;
    } else {
        kept = mag << (unsigned)(p - msb);
    }
    kept += mmai_round_decide(mode, sign, (unsigned)(kept & 1u), round_bit, sticky_bit);
    if ((kept >> (unsigned)(p + 1)) != 0) {
        kept >>= 1; /* carried into the next binade */
        ++top;
    }
    const uint64_t frac = kept & (((uint64_t)1 << (unsigned)p) - 1u);
    if (top > info->emax || (top == info->emax && frac > info->max_frac)) {
        return false; /* overflow: Inf, NaN or max finite by mode and flags */
    }
    const int32_t biased = top + info->bias; /* 1 .. 2^exp_bits - 1 */
    const uint64_t efield = (uint64_t)biased;
    uint64_t c = ((efield << (unsigned)p) | frac) << info->frac_shift;
    if (info->has_sign && sign) {
        c |= (uint64_t)1 << (info->frac_shift + (unsigned)p + info->exp_bits);
    }
    *code = c;
    if (inexact != NULL) {
        *inexact = (round_bit | sticky_bit) != 0;
    }
    if (value != NULL) {
        value->cls = MMA_CLASS_FINITE;
        value->sign = (uint8_t)sign;
        value->sticky = 0;
        value->signaling = 0;
        value->exp = top - p;
        value->sig = kept;
    }
    return true;
}

#else

mma_status mmai_decode_float(const mma_format_info *info, uint64_t code, mma_value *out);

bool mmai_round_normal(const mma_format_info *info, unsigned sign, uint64_t mag, int32_t lsb, mma_round mode,
                       uint64_t *code, bool *inexact, mma_value *value);

#endif

/* Encodes against an explicit table row; *inexact (may be NULL) tells whether rounding lost bits. */
mma_status mmai_encode_info(const mma_format_info *info, const mma_value *v, mma_round mode, unsigned flags,
                           uint64_t *code, bool *inexact);

/* Code of +-Inf (or +-max finite if the format has no Inf) of a float format. */
uint64_t mmai_code_inf(const mma_format_info *info, unsigned sign);

/* Code of a signed zero of a float format. */
uint64_t mmai_code_zero(const mma_format_info *info, unsigned sign);

/* One entry of a decode table: the mma_value of a code of a float format of at most 8 bits. */
typedef struct mmai_dec8 {
    int16_t lsb;  /* weight exponent of sig's LSB (mma_value.exp) */
    uint8_t sig;  /* integer significand (0 unless FINITE) */
    uint8_t cls;  /* mma_class */
    uint8_t sign;
} mmai_dec8;

/*
 * The decode table (2^storage_bits entries, indexed by code) of e5m2, e4m3, e3m2, e2m3 or e2m1, or
 * NULL for another format or when the library is built with MMA_FAST_TABLES = 0 (decode8.c).
 */
const mmai_dec8 *mmai_decode8_table(mma_format fmt);

/*
 * The same codes as one word each for the GEMM narrow path (mma/gemm_narrow.c): MMAI_NARROW_WORD
 * of a finite nonzero code, MMAI_NARROW_SPECIAL for NaN and Inf, 0 for a zero. NULL where
 * mmai_decode8_table is NULL.
 */
#define MMAI_NARROW_E_LIMIT 20 /* |term exponent| (LSB weight + p) of these formats is at most this */
/* > 3 * MMAI_NARROW_E_LIMIT: a zero's 0 plus any biased exponent stays below every sum of two nonzero ones */
#define MMAI_NARROW_BIAS 64
#define MMAI_NARROW_SPECIAL (1u << 30)
/* The word of a finite element: sign, significand (below 2^8) and term exponent e (|e| <= MMAI_NARROW_E_LIMIT). */
#define MMAI_NARROW_WORD(sign, sig, e) \
    (((uint32_t)(sign) << 31) | ((uint32_t)(sig) << 8) | (uint32_t)((e) + MMAI_NARROW_BIAS))
const uint32_t *mmai_narrow8_table(mma_format fmt);

#endif /* MMA_FORMAT_INT_H */
