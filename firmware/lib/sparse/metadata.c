/* Sparse metadata: which pattern an instruction uses, the validity rules of a 4-bit value, and its decoding. */
#include "mma/stage.h"

#include "sparse_int.h"

mma_status mma_sparse_layout_of(const mma_instr *ins, mma_sparse_layout *out)
{
    if (ins == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    mma_status st = mma_instr_validate(ins, NULL);
    if (st != MMA_OK) {
        return st;
    }
    if (ins->sparsity == MMA_SPARSE_NONE) {
        return MMA_ERR_INSTRUCTION;
    }
    const bool mxf4 = ins->kind == MMA_KINDQ_MXF4 || ins->kind == MMA_KINDQ_MXF4NVF4;
    if (ins->atype == MMA_FMT_TF32) {
        out->pattern = MMA_SPAT_1_2;
        out->chunk = 2;
    } else if (ins->atype == MMA_FMT_S4 || ins->atype == MMA_FMT_U4 || mxf4) {
        out->pattern = MMA_SPAT_4_8_PAIRS;
        out->chunk = 8;
    } else {
        out->pattern = MMA_SPAT_2_4;
        out->chunk = 4;
    }
    out->variant = ins->sparsity;
    out->kept = (uint8_t)(out->chunk / 2u);
    return MMA_OK;
}

bool mma_sparse_layout_ok(const mma_sparse_layout *l)
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
    if (!mma_sparse_layout_ok(layout)) {
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

mma_status mma_sparse_meta_decode(const mma_sparse_layout *layout, uint8_t value, uint8_t *pos, const char **reason)
{
    if (pos == NULL) {
        return MMA_ERR_NULL;
    }
    mma_status st = mma_sparse_meta_check(layout, value, reason); /* for the reason text */
    mma_sparse_sel sel;
    if (st == MMA_OK) {
        st = mma_sparse_select(layout, value, &sel);
    }
    if (st != MMA_OK) {
        return st;
    }
    for (unsigned s = 0; s < sel.kept; ++s) {
        pos[s] = sel.pos[s];
    }
    return MMA_OK;
}

mma_status mma_sparse_meta_validate(const mma_sparse_layout *layout, size_t rows, size_t k, const uint8_t *meta,
                                    mma_sparse_diag *diag)
{
    if (layout == NULL || (meta == NULL && rows != 0 && k != 0)) {
        return MMA_ERR_NULL;
    }
    if (!mma_sparse_layout_ok(layout)) {
        return MMA_ERR_INSTRUCTION;
    }
    if (k % layout->chunk != 0) {
        return MMA_ERR_SHAPE;
    }
    const size_t chunks = k / layout->chunk;
    for (size_t r = 0; r < rows; ++r) {
        for (size_t c = 0; c < chunks; ++c) {
            const char *reason = NULL;
            const uint8_t v = meta[r * chunks + c];
            if (mma_sparse_meta_check(layout, v, &reason) != MMA_OK) {
                if (diag != NULL) {
                    diag->row = (uint32_t)r;
                    diag->chunk = (uint32_t)c;
                    diag->lane = MMA_SPARSE_NO_LANE;
                    diag->value = v;
                    diag->count = 0;
                    diag->reason = reason;
                }
                return MMA_ERR_METADATA;
            }
        }
    }
    return MMA_OK;
}
