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

static uint64_t to_s32(int64_t v, bool saturate)
{
    if (saturate) {
        if (v > INT32_MAX) {
            v = INT32_MAX;
        } else if (v < INT32_MIN) {
            v = INT32_MIN;
        }
    }
    return (uint64_t)(uint32_t)(uint64_t)v; /* wraps modulo 2^32 */
}

mma_status mma_int_dot(const mma_instr *ins, const uint64_t *a, size_t a_stride, const uint64_t *b, size_t b_stride,
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
    *d = to_s32(sum, ins->satfinite != 0 && ins->atype != MMA_FMT_B1);
    return MMA_OK;
}
