/* Whether two profiles describe the same datapath (mma/profile.h). */
#include "mma/profile.h"

bool mma_profile_same(const mma_profile *x, const mma_profile *y)
{
    if (x == NULL || y == NULL) {
        return x == y;
    }
    return x->algo == y->algo && x->k_order == y->k_order && x->c_mode == y->c_mode &&
           x->round_mode == y->round_mode && x->group == y->group && x->frac_bits == y->frac_bits &&
           x->f32_sig_bits == y->f32_sig_bits && x->f32_round == y->f32_round && x->f16_round == y->f16_round &&
           x->min_e_f32 == y->min_e_f32 && x->min_e_f16 == y->min_e_f16 && x->zero_c_term == y->zero_c_term &&
           x->f16_c_pinned == y->f16_c_pinned && x->zero_product_term == y->zero_product_term &&
           x->group_align == y->group_align && x->flush_subnormal_in == y->flush_subnormal_in &&
           x->arm_lscale == y->arm_lscale && x->arm_osm == y->arm_osm;
}
