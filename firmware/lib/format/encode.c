/* Encode stage: one rounding of an exact value to a float format (modes, satfinite, relu). */
#include "mma/format.h"
#include "mma/stage.h"

#include "format_int.h"

static uint64_t mask_bits(unsigned bits)
{
    return bits >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1u);
}

/* Packs sign, exponent field and fraction field into a code of the format. */
static uint64_t pack(const mma_format_info *info, unsigned sign, uint64_t efield, uint64_t frac)
{
    const unsigned p = info->frac_bits;
    uint64_t code = ((efield << p) | frac) << info->frac_shift;
    if (info->has_sign && sign) {
        code |= (uint64_t)1 << (info->frac_shift + p + info->exp_bits);
    }
    return code;
}

static uint64_t code_max(const mma_format_info *info, unsigned sign)
{
    return pack(info, sign, (uint64_t)((int64_t)info->emax + info->bias), info->max_frac);
}

uint64_t mmai_code_inf(const mma_format_info *info, unsigned sign)
{
    if (!info->has_inf) {
        return code_max(info, sign);
    }
    return pack(info, sign, mask_bits(info->exp_bits), 0);
}

uint64_t mmai_code_zero(const mma_format_info *info, unsigned sign)
{
    return pack(info, sign, 0, 0);
}

/* Result of an overflow that was not saturated: Inf, else NaN, else max. */
static uint64_t overflow_code(const mma_format_info *info, unsigned sign)
{
    if (info->has_inf) {
        return mmai_code_inf(info, sign);
    }
    if (info->nan_style != MMA_NAN_NONE) {
        return info->canonical_nan;
    }
    return code_max(info, sign);
}

/* Does rounding in this mode move an overflowing value to Inf (true) or to max finite (false)? */
static bool overflow_goes_to_inf(mma_round mode, unsigned sign)
{
    switch (mode) {
    case MMA_RND_RZ:
        return false;
    case MMA_RND_RU:
        return sign == 0;
    case MMA_RND_RD:
        return sign != 0;
    default:
        return true;
    }
}

static mma_status encode_special(const mma_format_info *info, const mma_value *v, unsigned flags,
                                 uint64_t *code)
{
    const unsigned sign = info->has_sign ? v->sign : 0u;
    if (v->cls == MMA_CLASS_NAN) {
        if (info->nan_style != MMA_NAN_NONE) {
            *code = info->canonical_nan;
            return MMA_OK;
        }
        if (flags & (MMA_ENC_SATFINITE | MMA_ENC_OCP_SAT)) {
            *code = code_max(info, 0); /* PTX: NaN -> +MAX_NORM for formats without NaN */
            return MMA_OK;
        }
        return MMA_ERR_UNREPRESENTABLE;
    }
    /* Inf */
    if ((flags & MMA_ENC_RELU) && v->sign) {
        *code = mmai_code_zero(info, 0);
        return MMA_OK;
    }
    if (!info->has_sign && v->sign) {
        return MMA_ERR_UNREPRESENTABLE;
    }
    if (flags & MMA_ENC_SATFINITE) {
        *code = code_max(info, sign);
        return MMA_OK;
    }
    if (info->has_inf) {
        *code = mmai_code_inf(info, sign);
        return MMA_OK;
    }
    if (info->nan_style != MMA_NAN_NONE) {
        *code = info->canonical_nan;
        return MMA_OK;
    }
    if (flags & MMA_ENC_OCP_SAT) {
        *code = code_max(info, sign);
        return MMA_OK;
    }
    return MMA_ERR_UNREPRESENTABLE;
}

mma_status mmai_encode_info(const mma_format_info *info, const mma_value *v, mma_round mode, unsigned flags,
                           uint64_t *code, bool *inexact)
{
    if (info == NULL || v == NULL || code == NULL) {
        return MMA_ERR_NULL;
    }
    if (info->kind != MMA_KIND_FLOAT) {
        return MMA_ERR_FORMAT;
    }
    if ((unsigned)mode >= (unsigned)MMA_RND_COUNT || (flags & ~0x7u) != 0) {
        return MMA_ERR_ROUNDING;
    }
    if (v->sign > 1u || v->sticky > 1u || v->signaling > 1u) {
        return MMA_ERR_CODE; /* not a value: the rounding would read one bit, the code another */
    }
    if (inexact != NULL) {
        *inexact = false;
    }
    if (v->cls == MMA_CLASS_NAN || v->cls == MMA_CLASS_INF) {
        return encode_special(info, v, flags, code);
    }
    if (v->cls != MMA_CLASS_ZERO && v->cls != MMA_CLASS_FINITE) {
        return MMA_ERR_CODE;
    }
    if ((v->cls == MMA_CLASS_ZERO || v->sig == 0) && !v->sticky) {
        const unsigned zsign = ((flags & MMA_ENC_RELU) || !info->has_sign) ? 0u : v->sign;
        if (!info->has_zero) {
            *code = 0; /* ue8m0 has no zero: clamp to its smallest code 2^-127 */
            if (inexact != NULL) {
                *inexact = true;
            }
            return MMA_OK;
        }
        *code = mmai_code_zero(info, zsign);
        return MMA_OK;
    }
    if ((flags & MMA_ENC_RELU) && v->sign) {
        *code = mmai_code_zero(info, 0);
        if (inexact != NULL) {
            *inexact = true;
        }
        return MMA_OK;
    }
    if (!info->has_sign && v->sign) {
        return MMA_ERR_UNREPRESENTABLE;
    }
    const unsigned sign = v->sign;
    if (!v->sticky && mmai_round_normal(info, sign, v->sig, v->exp, mode, code, inexact, NULL)) {
        return MMA_OK; /* a normal finite result */
    }
    const int p = info->frac_bits;

    /* Quantum of the result: 2^q with q = max(E, emin) - p, E the value's exponent. */
    int64_t q;
    if (v->sig == 0) {
        /* Only a sticky tail: a positive amount below 2^exp. */
        q = (int64_t)info->emin - p;
        if (q < (int64_t)v->exp) {
            return MMA_ERR_ROUNDING;
        }
    } else {
        const int64_t e_val = (int64_t)v->exp + mma_msb64(v->sig);
        q = (e_val > info->emin ? e_val : (int64_t)info->emin) - p;
    }
    uint64_t kept;
    unsigned round_bit = 0, sticky_bit = 0; /* first dropped bit; OR of the lower dropped bits (and v->sticky) */
    if (q <= (int64_t)v->exp) {
        if (v->sticky) {
            return MMA_ERR_ROUNDING; /* tail of unknown size at or above half a quantum */
        }
        kept = v->sig << (unsigned)((int64_t)v->exp - q);
    } else {
        const int64_t shift = q - (int64_t)v->exp;
        uint64_t rem;
        if (shift >= 64) {
            kept = 0;
            rem = v->sig;
        } else {
            kept = v->sig >> (unsigned)shift;
            rem = v->sig & mask_bits((unsigned)shift);
        }
        if (shift - 1 >= 64) {
            sticky_bit = (rem != 0 || v->sticky) ? 1u : 0u;
        } else {
            const uint64_t half = (uint64_t)1 << (unsigned)(shift - 1);
            round_bit = (rem & half) != 0 ? 1u : 0u;
            sticky_bit = ((rem & (half - 1u)) != 0 || v->sticky) ? 1u : 0u;
        }
    }
    const bool lost = (round_bit | sticky_bit) != 0;
    const bool inc = mma_round_decide(mode, sign, (unsigned)(kept & 1u), round_bit, sticky_bit) != 0;
    if (inexact != NULL) {
        *inexact = lost;
    }
    kept += inc ? 1u : 0u;
    if (kept == ((uint64_t)1 << (unsigned)(p + 1))) {
        kept >>= 1;
        ++q;
    }
    if (kept == 0) {
        if (!info->has_zero) {
            *code = 0;
            return MMA_OK;
        }
        *code = mmai_code_zero(info, (flags & MMA_ENC_RELU) ? 0u : sign);
        return MMA_OK;
    }
    const bool normal = kept >= ((uint64_t)1 << (unsigned)p);
    const int64_t e_res = normal ? q + p : (int64_t)info->emin;
    const uint64_t frac = kept & mask_bits((unsigned)p);
    if (e_res > info->emax || (e_res == info->emax && frac > info->max_frac)) {
        /* Inf (or NaN) only when the mode rounds past max, saturation was not asked for, and the
           format has something beyond max finite; otherwise max finite. */
        const bool beyond = (flags & MMA_ENC_SATFINITE) == 0 && (info->has_inf || info->nan_style != MMA_NAN_NONE);
        *code = (beyond && overflow_goes_to_inf(mode, sign)) ? overflow_code(info, sign) : code_max(info, sign);
        if (inexact != NULL) {
            *inexact = true;
        }
        return MMA_OK;
    }
    if (!normal && !info->has_subnormals) {
        *code = 0; /* ue8m0: below 2^-127 clamps to the smallest code */
        return MMA_OK;
    }
    const uint64_t efield = normal ? (uint64_t)(e_res + info->bias) : 0u;
    *code = pack(info, sign, efield, frac);
    return MMA_OK;
}

/*
 * s32 (NUMERICS 4): the value rounded to an integer in mode, then .satfinite (MMA_ENC_SATFINITE)
 * clamps to [INT32_MIN, INT32_MAX], otherwise it wraps modulo 2^32. NaN gives 0 and +-Inf the
 * clamp value under satfinite (the cvt.sat rule); without it they are unrepresentable.
 */
static mma_status encode_s32(const mma_value *v, mma_round mode, unsigned flags, uint64_t *code)
{
    const bool sat = (flags & MMA_ENC_SATFINITE) != 0;
    if (v->sign > 1u || v->sticky > 1u || v->signaling > 1u) {
        return MMA_ERR_CODE;
    }
    if (v->cls == MMA_CLASS_NAN || v->cls == MMA_CLASS_INF) {
        if (!sat) {
            return MMA_ERR_UNREPRESENTABLE;
        }
        *code = v->cls == MMA_CLASS_NAN ? 0u : (v->sign ? 0x80000000u : 0x7FFFFFFFu);
        return MMA_OK;
    }
    if (v->cls != MMA_CLASS_ZERO && v->cls != MMA_CLASS_FINITE) {
        return MMA_ERR_CODE;
    }
    uint64_t mag = 0;     /* |value| rounded, modulo 2^64 */
    bool big = false;     /* |value| >= 2^63: beyond any clamp bound */
    if (v->cls == MMA_CLASS_FINITE && v->sig != 0) {
        if (v->exp >= 0) {
            big = v->exp >= 64 || mma_msb64(v->sig) + v->exp >= 63;
            mag = v->exp >= 64 ? 0u : v->sig << (unsigned)v->exp;
        } else {
            const uint32_t shift = 0u - (uint32_t)v->exp; /* -exp in 1..2^31, exact even for INT32_MIN */
            const uint64_t kept = shift >= 64u ? 0u : v->sig >> shift;
            const uint64_t rem = shift >= 64u ? v->sig : v->sig & mask_bits(shift);
            const uint64_t half = shift - 1u >= 64u ? 0u : (uint64_t)1 << (shift - 1u);
            const unsigned round_bit = half != 0 && (rem & half) != 0;
            const unsigned sticky_bit = (half != 0 ? (rem & (half - 1u)) != 0 : rem != 0) || v->sticky;
            mag = kept + mma_round_decide(mode, v->sign, (unsigned)(kept & 1u), round_bit, sticky_bit);
        }
    }
    if (sat) {
        const uint64_t limit = v->sign ? 0x80000000u : 0x7FFFFFFFu;
        if (big || mag > limit) {
            mag = limit;
        }
    }
    const uint64_t wrapped = v->sign ? (uint64_t)0 - mag : mag;
    *code = wrapped & 0xFFFFFFFFu;
    return MMA_OK;
}

mma_status mma_encode(mma_format fmt, const mma_value *v, mma_round mode, unsigned flags, uint64_t *code)
{
    const mma_format_info *info = mma_format_get(fmt);
    if (info == NULL) {
        return MMA_ERR_FORMAT;
    }
    if (fmt == MMA_FMT_S32) {
        if (v == NULL || code == NULL) {
            return MMA_ERR_NULL;
        }
        if ((unsigned)mode >= (unsigned)MMA_RND_COUNT || (flags & ~(unsigned)MMA_ENC_SATFINITE) != 0) {
            return MMA_ERR_ROUNDING;
        }
        return encode_s32(v, mode, flags, code);
    }
    return mmai_encode_info(info, v, mode, flags, code, NULL);
}

bool mma_encode_is_inexact(mma_format fmt, const mma_value *v, mma_round mode)
{
    const mma_format_info *info = mma_format_get(fmt);
    uint64_t code = 0;
    bool inexact = false;
    if (info == NULL || mmai_encode_info(info, v, mode, MMA_ENC_SATFINITE, &code, &inexact) != MMA_OK) {
        return false;
    }
    return inexact;
}

mma_status mma_convert(mma_format from, uint64_t code, mma_format to, mma_round mode, unsigned flags,
                       uint64_t *out)
{
    mma_value v;
    if (!mma_format_is_float(from)) {
        return MMA_ERR_FORMAT;
    }
    mma_status st = mma_decode(from, code, &v);
    if (st != MMA_OK) {
        return st;
    }
    return mma_encode(to, &v, mode, flags, out);
}
