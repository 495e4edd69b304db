/* Matrix-level execution of one instruction: check everything, then every row through the row engine. */
#include "../sparse/sparse_int.h"
#include "mma_int.h"

static mma_status run(const mma_instr *ins, const mma_profile *prof, const mma_operands *ops, mma_sparse_diag *diag)
{
    if (ins == NULL || ops == NULL || ops->a == NULL || ops->b == NULL || ops->c == NULL || ops->d == NULL) {
        return MMA_ERR_NULL;
    }
    mma_status st = mma_instr_validate(ins, NULL);
    if (st != MMA_OK) {
        return st;
    }
    const size_t m = ins->m, n = ins->n, k = ins->k;
    const bool sparse = ins->sparsity != MMA_SPARSE_NONE;
    const bool integer = mma_instr_is_integer(ins);
    mma_sparse_layout layout = {0, 0, 1, 1};
    mma_scale_shape shape = {1, 0, 0};
    mma_profile eff;
    if (sparse) {
        if (ops->meta == NULL) {
            return MMA_ERR_NULL;
        }
        st = mma_sparse_layout_of(ins, &layout);
        if (st == MMA_OK && k > MMAI_SPARSE_MAX_K) {
            st = MMA_ERR_SHAPE;
        }
        if (st == MMA_OK) {
            st = mma_sparse_meta_validate(&layout, m, k, ops->meta, diag);
        }
    }
    if (st == MMA_OK && ins->block_scale) {
        st = mma_block_scale_shape(ins, &shape);
        if (st == MMA_OK && (ops->scale_a == NULL || ops->scale_b == NULL)) {
            st = MMA_ERR_NULL;
        }
        if (st == MMA_OK) {
            st = mmai_scale_scan((mma_format)shape.stype, ops->scale_a, m, shape.vec, shape.vec, MMA_SCALE_A, false,
                                 NULL);
        }
        if (st == MMA_OK) {
            st = mmai_scale_scan((mma_format)shape.stype, ops->scale_b, shape.vec, n, n, MMA_SCALE_B, false, NULL);
        }
    }
    if (st == MMA_OK && !integer) {
        st = mmai_effective_profile(ins, prof, &eff);
    }
    if (st != MMA_OK) {
        return st;
    }
    const mmai_row_ctx x = {ins, integer ? NULL : &eff, ins->block_scale ? &shape : NULL, n, ops->b, n, k,
                            ops->scale_b, n, shape.vec};
    uint64_t arow[MMAI_SPARSE_MAX_K];
    for (size_t i = 0; i < m && st == MMA_OK; ++i) {
        const uint64_t *a = &ops->a[i * k];
        if (sparse) {
            mmai_sparse_expand_row(&layout, k, &ops->a[i * (k / 2u)], &ops->meta[i * (k / layout.chunk)], arow);
            a = arow;
        }
        st = mmai_row(&x, a, ins->block_scale ? &ops->scale_a[i * shape.vec] : NULL, (mma_format)ins->ctype,
                      &ops->c[i * n], &ops->d[i * n]);
    }
    return st;
}

mma_status mma_run(const mma_instr *ins, const mma_profile *prof, const mma_operands *ops)
{
    return run(ins, prof, ops, NULL);
}

mma_status mma_sparse_run(const mma_instr *ins, const mma_profile *prof, const mma_operands *ops,
                          mma_sparse_diag *diag)
{
    if (ins != NULL && ins->sparsity == MMA_SPARSE_NONE && mma_instr_validate(ins, NULL) == MMA_OK) {
        return MMA_ERR_INSTRUCTION;
    }
    return run(ins, prof, ops, diag);
}
