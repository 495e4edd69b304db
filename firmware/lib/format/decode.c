/* Decode stage: any element code -> exact (class, sign, exponent, integer significand). */
#include "mma/format.h"

#define MMAI_HOT_DEFINE /* the out-of-line copy of the hot helpers when MMA_FAST_TABLES is 0 */
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
    if (info->kind != MMA_KIND_FLOAT) {
        if ((code & ~low_mask(info->storage_bits)) != 0) {
            return MMA_ERR_CODE;
        }
        out->sticky = 0;
        out->signaling = 0;
        return decode_int(info, code, out);
    }
    return mmai_decode_float(info, code, out);
}

mma_status mma_decode(mma_format fmt, uint64_t code, mma_value *out)
{
    const mma_format_info *info = mma_format_get(fmt);
    if (info == NULL) {
        return MMA_ERR_FORMAT;
    }
    return mmai_decode_info(info, code, out);
}
