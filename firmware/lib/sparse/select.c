/* Sparse select stage (NUMERICS 5): the metadata rules, and one value -> the dense positions of a chunk's stored elements. */
#include "mma/stage.h"

#include "sparse_int.h"

bool mmai_sparse_layout_ok(const mma_sparse_layout *l)
{
    static const uint8_t chunk_of[3] = {4, 2, 8};
    return l->pattern <= MMA_SPAT_4_8_PAIRS && l->chunk == chunk_of[l->pattern] && l->kept == l->chunk / 2u &&
           (l->variant == MMA_SPARSE_SP || l->variant == MMA_SPARSE_SP_ORDERED);
}

static mma_status bad(const char **reason, const char *text)
{
    if (reason != NULL) {
        *reason = text;
    }
    return MMA_ERR_METADATA;
}

mma_status mma_sparse_meta_check(const mma_sparse_layout *layout, uint8_t value, const char **reason)
{
    if (layout == NULL) {
        return MMA_ERR_NULL;
    }
    if (!mmai_sparse_layout_ok(layout)) {
        return MMA_ERR_INSTRUCTION;
    }
    if (value > 0xFu) {
        return bad(reason, "metadata value has bits above bit 3 (one 4-bit value per chunk)");
    }
    const unsigned i0 = value & 3u, i1 = (unsigned)value >> 2;
    if (layout->pattern == MMA_SPAT_1_2) {
        if (value != 0x4u && value != 0xEu) {
            return bad(reason, "tf32 metadata must be 0b0100 (element 0) or 0b1110 (element 1)");
        }
        return MMA_OK;
    }
    if (layout->variant == MMA_SPARSE_SP_ORDERED) {
        if (i0 >= i1) {
            return bad(reason, "mma.sp::ordered_metadata needs index 0 < index 1 (valid: 0b0100 0b1000 0b1001 "
                               "0b1100 0b1101 0b1110)");
        }
        return MMA_OK;
    }
    if (i0 == i1) {
        return bad(reason, "mma.sp metadata repeats an index (0b0000 0b0101 0b1010 0b1111 are invalid)");
    }
    return MMA_OK;
}

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
