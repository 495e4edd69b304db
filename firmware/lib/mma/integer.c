/* Integer (s8/u8/s4/u4 -> s32) and single-bit (b1 .xor/.and .popc) MMA: exact sums, wrap or saturate. */
#include "mma_int.h"

static int64_t int_value(const mma_format_info *info, uint64_t code)
{
    const unsigned bits = info->storage_bits;
    if (info->kind == MMA_KIND_SIGNED_INT && ((code >> (bits - 1u)) & 1u) != 0) {
        return (int64_t)code - ((int64_t)1 << bits);
    }
    return (int64_t)code;
}

mma_status mmai_int_dot(const mma_instr *ins, const uint64_t *a, size_t a_stride, const uint64_t *b, size_t b_stride,
                       size_t k, uint64_t c, uint64_t *d)
{
    const mma_format_info *ia = mma_format_get((mma_format)ins->atype);
    const mma_format_info *ib = mma_format_get((mma_format)ins->btype);
    const mma_format_info *ic = mma_format_get(MMA_FMT_S32);
    if (ia == NULL || ib == NULL) {
        return MMA_ERR_FORMAT;
    }
    const uint64_t amask = ((uint64_t)1 << ia->storage_bits) - 1u;
    const uint64_t bmask = ((uint64_t)1 << ib->storage_bits) - 1u;
    if (c > 0xFFFFFFFFu) {
        return MMA_ERR_CODE;
    }
    int64_t sum = int_value(ic, c);
    for (size_t i = 0; i < k; ++i) {
        const uint64_t av = a[i * a_stride];
        const uint64_t bv = b[i * b_stride];
        if ((av & ~amask) != 0 || (bv & ~bmask) != 0) {
            return MMA_ERR_CODE;
        }
        if (ins->atype == MMA_FMT_B1) {
            sum += (int64_t)(ins->bitop == MMA_BITOP_AND ? (av & bv) : (av ^ bv));
        } else {
            sum += int_value(ia, av) * int_value(ib, bv);
        }
    }
    /* encode stage: .satfinite clamps to the int32 range, otherwise the sum wraps modulo 2^32 */
    const mma_value v = {(uint8_t)(sum == 0 ? MMA_CLASS_ZERO : MMA_CLASS_FINITE), (uint8_t)(sum < 0 ? 1u : 0u), 0, 0, 0,
                         sum < 0 ? (uint64_t)0 - (uint64_t)sum : (uint64_t)sum};
    const bool sat = ins->satfinite != 0 && ins->atype != MMA_FMT_B1;
    return mma_encode(MMA_FMT_S32, &v, MMA_RND_RZ, sat ? MMA_ENC_SATFINITE : 0u, d);
}
