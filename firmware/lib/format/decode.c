/* Decode stage: any element code -> exact (class, sign, exponent, integer significand). */
#include "mma/format.h"

#include "format_int.h"

static uint64_t low_mask(unsigned bits)
{
    return bits >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1u);
}

static mma_status decode_int(const mma_format_info *info, uint64_t code, mma_value *out)
{
    uint64_t mag = code;
    out->sign = 0;
    if (info->kind == MMA_KIND_SIGNED_INT && ((code >> (info->storage_bits - 1u)) & 1u) != 0) {
        out->sign = 1;
        mag = ((~code) + 1u) & low_mask(info->storage_bits);
    }
    out->cls = (uint8_t)(mag == 0 ? MMA_CLASS_ZERO : MMA_CLASS_FINITE);
    out->sig = mag;
    out->exp = 0;
    return MMA_OK;
}

mma_status mmai_decode_info(const mma_format_info *info, uint64_t code, mma_value *out)
{
    if (info == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    if ((code & ~low_mask(info->storage_bits)) != 0) {
        return MMA_ERR_CODE;
    }
    out->sticky = 0;
    out->signaling = 0;
    if (info->kind != MMA_KIND_FLOAT) {
        return decode_int(info, code, out);
    }
    /* Significant bits only: tf32 drops the 13 low bits, ue4m3 ignores bit 7. */
    uint64_t bits = (code >> info->frac_shift) & low_mask(info->value_bits);
    const unsigned p = info->frac_bits;
    const unsigned ebits = info->exp_bits;
    const uint64_t frac = bits & low_mask(p);
    const uint64_t efield = (bits >> p) & low_mask(ebits);
    const uint64_t emax_field = low_mask(ebits);
    out->sign = (uint8_t)(info->has_sign ? ((bits >> (p + ebits)) & 1u) : 0u);

    if (efield == emax_field) {
        if (info->nan_style == MMA_NAN_IEEE && frac != 0) {
            out->cls = MMA_CLASS_NAN;
            out->signaling = (uint8_t)(((frac >> (p - 1u)) & 1u) == 0);
            out->sig = 0;
            out->exp = 0;
            return MMA_OK;
        }
        if (info->nan_style == MMA_NAN_ALL_ONES && frac == low_mask(p)) {
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

mma_status mma_decode(mma_format fmt, uint64_t code, mma_value *out)
{
    const mma_format_info *info = mma_format_get(fmt);
    if (info == NULL) {
        return MMA_ERR_FORMAT;
    }
    return mmai_decode_info(info, code, out);
}
