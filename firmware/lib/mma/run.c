/* Matrix-level execution of one instruction: every output element through the datapath (sparse and
   block-scaled forms are dispatched to their own files). */
#include "mma/sparse.h"

#include "../block_scale/block_scale_int.h"
#include "mma_int.h"

bool mma_instr_is_integer(const mma_instr *ins)
{
    const mma_format_info *info = mma_format_get((mma_format)ins->atype);
    return info != NULL && info->kind != MMA_KIND_FLOAT;
}

mma_status mma_effective_profile(const mma_instr *ins, const mma_profile *prof, mma_profile *out)
{
    if (ins->atype == MMA_FMT_F64) {
        /* IEEE fma in k order with the instruction's rounding; only `exact` keeps one rounding. */
        const bool exact = prof != NULL && prof->algo == MMA_ACC_EXACT;
        mma_status st = mma_preset_profile(exact ? MMA_PRESET_EXACT : MMA_PRESET_SEQ_FMA, MMA_FAMILY_MMA,
                                           MMA_FMT_F64, MMA_FMT_F64, out);
        out->round_mode = ins->f64_round;
        return st;
    }
    if (prof == NULL) {
        return MMA_ERR_NULL;
    }
    *out = *prof;
    return mma_profile_validate(out);
}

mma_status mma_dense_row(const mma_instr *ins, const mma_profile *eff, size_t i, const uint64_t *arow,
                         const mma_operands *ops)
{
    const size_t n = ins->n, k = ins->k;
    for (size_t j = 0; j < n; ++j) {
        mma_status st;
        if (eff == NULL) {
            st = mma_int_dot(ins, arow, 1, &ops->b[j], n, k, ops->c[i * n + j], &ops->d[i * n + j]);
        } else {
            st = mma_dot(eff, (mma_format)ins->atype, arow, 1, (mma_format)ins->btype, &ops->b[j], n, k,
                         (mma_format)ins->ctype, ops->c[i * n + j], (mma_format)ins->dtype, &ops->d[i * n + j]);
        }
        if (st != MMA_OK) {
            return st;
        }
    }
    return MMA_OK;
}

mma_status mma_run(const mma_instr *ins, const mma_profile *prof, const mma_operands *ops)
{
    if (ins == NULL || ops == NULL || ops->a == NULL || ops->b == NULL || ops->c == NULL || ops->d == NULL) {
        return MMA_ERR_NULL;
    }
    mma_status st = mma_instr_validate(ins, NULL);
    if (st != MMA_OK) {
        return st;
    }
    if (ins->sparsity != MMA_SPARSE_NONE) {
        return mma_sparse_run(ins, prof, ops, NULL); /* with or without .block_scale */
    }
    if (ins->block_scale) {
        return mma_block_scale_run(ins, prof, ops);
    }
    const bool integer = mma_instr_is_integer(ins);
    mma_profile eff;
    if (!integer) {
        st = mma_effective_profile(ins, prof, &eff);
    }
    for (size_t i = 0; i < ins->m && st == MMA_OK; ++i) {
        st = mma_dense_row(ins, integer ? NULL : &eff, i, &ops->a[i * ins->k], ops);
    }
    return st;
}
