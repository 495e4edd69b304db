/* Matrix-level execution of block-scaled instructions: checks, per-row scales, dispatch per datapath. */
#include "block_scale_int.h"

mma_status mma_bs_prepare(const mma_instr *ins, const mma_profile *prof, const mma_operands *ops,
                          mma_scale_shape *shape, mma_profile *eff)
{
    mma_status st = mma_block_scale_shape(ins, shape);
    if (st == MMA_OK) {
        st = mma_bs_scan(ins, shape, ops, false, NULL);
    }
    if (st == MMA_OK) {
        st = mma_effective_profile(ins, prof, eff);
    }
    if (st != MMA_OK) {
        return st;
    }
    if (eff->algo == MMA_ACC_ARM_FP8) {
        return MMA_ERR_PROFILE; /* Arm FP8DotAddFP has no block scaling */
    }
    return MMA_OK;
}

/* Callback of the per-product datapaths: the scaled product at position pos of the profile's k order. */
static mma_status fetch_scaled(void *ctx, size_t pos, mma_product *out)
{
    const mma_bs_dot *x = (const mma_bs_dot *)ctx;
    const size_t t = mma_k_index(x->prof->k_order, pos, x->k);
    mma_status st = mma_bs_product(x, t, out);
    if (st == MMA_OK) {
        mma_bs_scale(out, &x->sa[t / x->block_k], &x->sb[t / x->block_k]);
    }
    return st;
}

mma_status mma_bs_row(const mma_instr *ins, const mma_profile *eff, const mma_scale_shape *shape, size_t row,
                      const uint64_t *arow, const mma_operands *ops)
{
    const size_t n = ins->n, vec = shape->vec;
    const mma_format stype = (mma_format)shape->stype;
    const bool groups = eff->algo == MMA_ACC_BLOCK_FMA &&
                        (ins->kind == MMA_KINDQ_MXF4 || ins->kind == MMA_KINDQ_MXF4NVF4);
    mma_value sa[4], sb[4];
    mma_status st = MMA_OK;
    for (size_t s = 0; s < vec && st == MMA_OK; ++s) {
        st = mma_decode(stype, ops->scale_a[row * vec + s], &sa[s]);
    }
    for (size_t j = 0; j < n && st == MMA_OK; ++j) {
        for (size_t s = 0; s < vec && st == MMA_OK; ++s) {
            st = mma_decode(stype, ops->scale_b[s * n + j], &sb[s]);
        }
        if (st != MMA_OK) {
            break;
        }
        const mma_bs_dot x = {eff, (mma_format)ins->atype, (mma_format)ins->btype, arow, &ops->b[j], n,
                              ins->k, shape->block_k, sa, sb};
        const uint64_t c = ops->c[row * n + j];
        uint64_t *d = &ops->d[row * n + j];
        if (groups) {
            st = mma_bs_groups_dot(&x, (mma_format)ins->ctype, c, d);
        } else {
            /* The cast drops const for the generic callback context; fetch_scaled only reads. */
            // NOLINTNEXTLINE(performance-no-int-to-ptr): const dropped for the read-only callback context
            st = mma_accumulate_fetch(eff, fetch_scaled, (void *)(uintptr_t)&x, ins->k, (mma_format)ins->ctype, c,
                                      (mma_format)ins->dtype, d);
        }
    }
    return st;
}

mma_status mma_block_scale_run(const mma_instr *ins, const mma_profile *prof, const mma_operands *ops)
{
    mma_scale_shape shape;
    mma_profile eff;
    mma_status st = mma_bs_prepare(ins, prof, ops, &shape, &eff);
    for (size_t i = 0; i < ins->m && st == MMA_OK; ++i) {
        st = mma_bs_row(ins, &eff, &shape, i, &ops->a[i * ins->k], ops);
    }
    return st;
}
