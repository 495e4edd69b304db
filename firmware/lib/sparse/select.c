/* Sparse select stage (NUMERICS 5): one metadata value -> the dense positions of a chunk's stored elements. */
#include "mma/stage.h"

#include "sparse_int.h"

mma_status mma_sparse_select(const mma_sparse_layout *layout, uint8_t meta, mma_sparse_sel *out)
{
    if (layout == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    for (unsigned s = 0; s < 4u; ++s) {
        out->pos[s] = 0;
    }
    out->valid = 0;
    out->kept = 0;
    mma_status st = mma_sparse_meta_check(layout, meta, NULL);
    if (st != MMA_OK) {
        return st;
    }
    const uint8_t i0 = (uint8_t)(meta & 3u), i1 = (uint8_t)(meta >> 2);
    switch (layout->pattern) {
    case MMA_SPAT_1_2:
        out->pos[0] = (uint8_t)(i0 >> 1); /* 0b0100 -> element 0, 0b1110 -> element 1 */
        break;
    case MMA_SPAT_4_8_PAIRS:
        out->pos[0] = (uint8_t)(2u * i0);
        out->pos[1] = (uint8_t)(2u * i0 + 1u);
        out->pos[2] = (uint8_t)(2u * i1);
        out->pos[3] = (uint8_t)(2u * i1 + 1u);
        break;
    default:
        out->pos[0] = i0;
        out->pos[1] = i1;
        break;
    }
    out->valid = 1;
    out->kept = layout->kept;
    return MMA_OK;
}
