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
    if (!mmai_sparse_layout_ok(layout)) {
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
