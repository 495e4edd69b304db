/*
 * Group stage of the .kind::mxf4 / .kind::mxf4nvf4 datapath (NUMERICS 3, presets table): products
 * summed exactly in groups of profile.group (natural k order), each group sum multiplied exactly by
 * its block's scale factor, giving one term; the row engine then fuses all groups and C in ONE
 * block-FMA step with F = profile.frac_bits. profile.group_align says where the term is aligned:
 * 0 at floor(log2 |group value|) (an all-zero group takes no part), 1 at the sum of the two scale
 * exponents with the significand unnormalised (an all-zero group takes part).
 */
#include "mma/stage.h"

/* Widest alignment of one product to the group's lowest weight (e2m1 x e2m1 needs 4); a guard only. */
#define GROUP_MAX_SHIFT 40

mma_status mma_group_sum(const mma_profile *prof, const mma_product *products, size_t g,
                         const mma_scale_factor *scale, mma_product *term)
{
    if (prof == NULL || term == NULL || scale == NULL || (products == NULL && g != 0)) {
        return MMA_ERR_NULL;
    }
    if (g > MMA_PROFILE_GROUP_MAX) {
        return MMA_ERR_PROFILE_PARAM;
    }
    int32_t lsb0 = 0; /* common weight: the lowest lsb of the finite products */
    bool any = false;
    for (size_t t = 0; t < g; ++t) {
        if (products[t].cls != MMA_CLASS_FINITE && products[t].cls != MMA_CLASS_ZERO) {
            return MMA_ERR_FORMAT; /* only e2m1 (finite, 4 bits of exponent range) reaches this datapath */
        }
        if (products[t].cls == MMA_CLASS_FINITE && (!any || products[t].lsb < lsb0)) {
            lsb0 = products[t].lsb;
            any = true;
        }
    }
    int64_t sum = 0;
    for (size_t t = 0; t < g; ++t) {
        if (products[t].cls != MMA_CLASS_FINITE) {
            continue;
        }
        const int32_t sh = products[t].lsb - lsb0;
        if (sh > GROUP_MAX_SHIFT || products[t].m >= ((uint64_t)1 << 16)) {
            return MMA_ERR_FORMAT; /* not an e2m1 product */
        }
        const int64_t v = (int64_t)(products[t].m << (unsigned)sh);
        sum += products[t].sign ? -v : v;
    }
    term->signaling = 0;
    term->pad = 0;
    term->sign = (uint8_t)(sum < 0 ? 1u : 0u);
    term->m = sum < 0 ? (uint64_t)0 - (uint64_t)sum : (uint64_t)sum;
    term->lsb = lsb0;
    term->e = 0;
    term->cls = (uint8_t)(sum == 0 ? MMA_CLASS_ZERO : MMA_CLASS_FINITE);
    if (scale->nan) {
        term->cls = MMA_CLASS_NAN;
        return MMA_OK;
    }
    if (scale->zero) {
        term->cls = MMA_CLASS_ZERO; /* a zero scale has no exponent: the group takes no part (either rule) */
        term->m = 0;
        return MMA_OK;
    }
    if (prof->group_align) {
        /*
         * Aligned at the scale exponents (MMA-Sim's sm_120 model): e = floor(log2 scale_a) +
         * floor(log2 scale_b), the significand as summed (not normalised; it may exceed 2^(e+1)),
         * and a FINITE term even when the sum is 0 - an all-zero group still takes part in E.
         */
        term->cls = MMA_CLASS_FINITE;
        term->m *= scale->sig;
        term->lsb += scale->exp;
        term->e = scale->e_shift;
        return MMA_OK;
    }
    if (term->cls == MMA_CLASS_ZERO) {
        term->m = 0;
        return MMA_OK;
    }
    term->m *= scale->sig;
    term->lsb += scale->exp;
    term->e = term->lsb + mma_msb64(term->m); /* the group's term exponent: floor(log2 |value|) */
    return MMA_OK;
}
