/* Vector length and governing predicates of the Arm FP8 instructions. */
#include "mma/sme.h"

#include "sme_int.h"

mma_status mma_sme_vl_check(uint32_t vl_bits)
{
    /* SVL (and an SVE VL) is a power of two from 128 to 2048 bits. */
    if (vl_bits < 128u || vl_bits > 2048u || (vl_bits & (vl_bits - 1u)) != 0) {
        return MMA_ERR_PREDICATE;
    }
    return MMA_OK;
}

mma_status mma_sme_pred_unpack(uint32_t vl_bits, const uint8_t *preg, size_t preg_len, uint8_t *elems,
                               size_t elems_len)
{
    if (preg == NULL || elems == NULL) {
        return MMA_ERR_NULL;
    }
    const mma_status st = mma_sme_vl_check(vl_bits);
    if (st != MMA_OK) {
        return st;
    }
    const size_t n = (size_t)vl_bits / 8u; /* one predicate bit per byte of the vector */
    if (preg_len < n / 8u || elems_len < n) {
        return MMA_ERR_BUFFER;
    }
    for (size_t j = 0; j < n; ++j) {
        elems[j] = (uint8_t)(((unsigned)preg[j / 8u] >> (unsigned)(j % 8u)) & 1u);
    }
    return MMA_OK;
}

mma_status mmai_sme_pred_check(const uint8_t *pred, size_t n)
{
    for (size_t j = 0; j < n; ++j) {
        if (pred[j] > 1u) {
            return MMA_ERR_PREDICATE;
        }
    }
    return MMA_OK;
}
