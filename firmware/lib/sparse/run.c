/* Matrix-level execution of mma.sp: validate all metadata, then the dense datapath on each decompressed row. */
#include "../block_scale/block_scale_int.h"
#include "sparse_int.h"

mma_status mma_sparse_run(const mma_instr *ins, const mma_profile *prof, const mma_operands *ops,
                          mma_sparse_diag *diag)
{
    if (ins == NULL || ops == NULL || ops->a == NULL || ops->b == NULL || ops->c == NULL || ops->d == NULL ||
        ops->meta == NULL) {
        return MMA_ERR_NULL;
    }
    mma_sparse_layout layout;
    mma_status st = mma_sparse_layout_of(ins, &layout);
    if (st != MMA_OK) {
        return st;
    }
    const size_t m = ins->m, k = ins->k, chunks = k / layout.chunk;
    if (k > MMA_SPARSE_MAX_K) {
        return MMA_ERR_SHAPE;
    }
    st = mma_sparse_meta_validate(&layout, m, k, ops->meta, diag);
    if (st != MMA_OK) {
        return st;
    }
    mma_scale_shape shape;
    mma_profile eff;
    const bool integer = mma_instr_is_integer(ins);
    if (ins->block_scale) {
        st = mma_bs_prepare(ins, prof, ops, &shape, &eff);
    } else if (!integer) {
        st = mma_effective_profile(ins, prof, &eff);
    }
    uint64_t arow[MMA_SPARSE_MAX_K];
    for (size_t i = 0; i < m && st == MMA_OK; ++i) {
        mma_sparse_expand_row(&layout, k, &ops->a[i * (k / 2u)], &ops->meta[i * chunks], arow);
        if (ins->block_scale) {
            st = mma_bs_row(ins, &eff, &shape, i, arow, ops);
        } else {
            st = mma_dense_row(ins, integer ? NULL : &eff, i, arow, ops);
        }
    }
    return st;
}
