/*
 * The .kind::mxf4 / .kind::mxf4nvf4 datapath (NUMERICS 3, presets table): products summed exactly in
 * groups of profile.group (natural k order), each group sum multiplied exactly by its two scales, then
 * all groups and C in ONE block-FMA step with F = profile.frac_bits. A group is a term whose exponent
 * is floor(log2 |group value|); the step itself is the shared mma_block_fma_step.
 */
#include "block_scale_int.h"

/* Widest alignment of one product to the group's lowest weight (e2m1 x e2m1 needs 4); a guard only. */
#define GROUP_MAX_SHIFT 40

typedef struct group_ctx {
    const mma_bs_dot *x;
    const mma_profile *step; /* the profile with group = number of groups */
} group_ctx;

/* Exact sum of one group's products, scaled, as a normalised term. */
static mma_status group_term(const mma_bs_dot *x, size_t gi, mma_product *out)
{
    const size_t g = x->prof->group;
    const size_t k0 = gi * g;
    const mma_format_info *ia = mma_format_get(x->atype), *ib = mma_format_get(x->btype);
    const int32_t lsb0 = ((int32_t)ia->emin - (int32_t)ia->frac_bits) + ((int32_t)ib->emin - (int32_t)ib->frac_bits);
    int64_t sum = 0;
    for (size_t t = k0; t < k0 + g; ++t) {
        mma_product p;
        mma_status st = mma_bs_product(x, t, &p);
        if (st != MMA_OK) {
            return st;
        }
        if (p.cls == MMA_CLASS_ZERO) {
            continue;
        }
        const int32_t sh = p.lsb - lsb0;
        if (p.cls != MMA_CLASS_FINITE || sh < 0 || sh > GROUP_MAX_SHIFT) {
            return MMA_ERR_FORMAT; /* only e2m1 (finite, 4 bits of exponent range) reaches this datapath */
        }
        const int64_t v = (int64_t)(p.m << (unsigned)sh);
        sum += p.sign ? -v : v;
    }
    out->signaling = 0;
    out->pad = 0;
    out->sign = (uint8_t)(sum < 0 ? 1u : 0u);
    out->m = sum < 0 ? (uint64_t)(-sum) : (uint64_t)sum;
    out->lsb = lsb0;
    out->e = 0;
    out->cls = (uint8_t)(sum == 0 ? MMA_CLASS_ZERO : MMA_CLASS_FINITE);
    const size_t blk = k0 / x->block_k;
    mma_bs_scale(out, &x->sa[blk], &x->sb[blk]);
    if (out->cls == MMA_CLASS_FINITE) {
        out->e = out->lsb + mma_msb64(out->m); /* the group's term exponent: floor(log2 |value|) */
    }
    return MMA_OK;
}

static mma_status group_step(void *vctx, size_t pos, size_t cnt, bool have_acc, uint64_t acc, uint64_t *out)
{
    const group_ctx *cx = (const group_ctx *)vctx;
    mma_product terms[MMA_BS_MAX_GROUPS];
    for (size_t i = 0; i < cnt; ++i) {
        mma_status st = group_term(cx->x, pos + i, &terms[i]);
        if (st != MMA_OK) {
            return st;
        }
    }
    return mma_block_fma_step(cx->step, terms, cnt, have_acc, MMA_FMT_F32, acc, out);
}

mma_status mma_bs_groups_dot(const mma_bs_dot *x, mma_format ctype, uint64_t c, uint64_t *d)
{
    const mma_profile *prof = x->prof;
    const size_t g = prof->group;
    if (prof->k_order != MMA_KORDER_NATURAL || g == 0 || x->block_k % g != 0 || x->k / g > MMA_BS_MAX_GROUPS) {
        return MMA_ERR_PROFILE_PARAM;
    }
    const size_t ngroups = x->k / g;
    mma_profile step = *prof;
    step.group = (uint16_t)ngroups; /* one step over all groups */
    uint64_t c_d = 0;
    if (prof->c_mode != MMA_C_UNUSED) {
        mma_status st = mma_c_to_dtype(ctype, c, MMA_FMT_F32, &c_d);
        if (st != MMA_OK) {
            return st;
        }
    }
    group_ctx cx = {x, &step};
    return mma_block_fma_run(&step, group_step, &cx, ngroups, c_d, MMA_FMT_F32, d);
}
