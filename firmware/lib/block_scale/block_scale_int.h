/* Internal interface of the block-scaling stages (not installed). */
#ifndef MMA_BLOCK_SCALE_INTERNAL_H
#define MMA_BLOCK_SCALE_INTERNAL_H

#include "mma/block_scale.h"

#include "../mma/mma_int.h"

/* Largest group count of the .kind::mxf4* one-step fusion (the block-FMA group limit). */
#define MMA_BS_MAX_GROUPS 64u

/* One output element of a block-scaled instruction: a dense row of A, a column of B, their scales. */
typedef struct mma_bs_dot {
    const mma_profile *prof;  /* effective profile (validated) */
    mma_format atype, btype;
    const uint64_t *a;        /* k codes of the (decompressed) row of A */
    const uint64_t *b;        /* column of B: element t at b[t * b_stride] */
    size_t b_stride;
    size_t k;                 /* dense K of the instruction */
    size_t block_k;           /* dense k per scale */
    const mma_value *sa;      /* vec decoded scales of the row of A */
    const mma_value *sb;      /* vec decoded scales of the column of B */
} mma_bs_dot;

/* The unscaled exact product a[t] * b[t] (subnormal inputs read as zero if the profile flushes them). */
mma_status mma_bs_product(const mma_bs_dot *x, size_t t, mma_product *out);

/*
 * Multiplies a product or group term exactly by two decoded scales: a NaN scale gives NaN (whatever
 * the term); a zero scale gives zero (Inf x 0 gives NaN); else m, lsb and the term exponent e take
 * the scales' significands and exponents (e moves by floor(log2) of each scale, as mma_product_scale).
 */
void mma_bs_scale(mma_product *p, const mma_value *sa, const mma_value *sb);

/* The .kind::mxf4* datapath of one output element: exact groups, scaled, fused in one block-FMA step. */
mma_status mma_bs_groups_dot(const mma_bs_dot *x, mma_format ctype, uint64_t c, uint64_t *d);

/*
 * Scans scale_A (M x vec) then scale_B (vec x N) of ops: MMA_ERR_CODE for a code that is not an
 * 8-bit stype code, and (if nan_is_error) MMA_ERR_SCALE_NAN for a NaN scale; diag may be NULL.
 */
mma_status mma_bs_scan(const mma_instr *ins, const mma_scale_shape *shape, const mma_operands *ops, bool nan_is_error,
                       mma_scale_diag *diag);

/*
 * Everything a block-scaled run checks before computing: scale operands present and valid, the
 * effective profile (an algorithm with a block-scaled datapath). Fills *shape and *eff.
 */
mma_status mma_bs_prepare(const mma_instr *ins, const mma_profile *prof, const mma_operands *ops,
                          mma_scale_shape *shape, mma_profile *eff);

/* Computes row `row` of D from a dense row of A (ins->k codes) after mma_bs_prepare. */
mma_status mma_bs_row(const mma_instr *ins, const mma_profile *eff, const mma_scale_shape *shape, size_t row,
                      const uint64_t *arow, const mma_operands *ops);

/* Executes a dense block-scaled instruction on whole matrices (mma_run dispatches here). */
mma_status mma_block_scale_run(const mma_instr *ins, const mma_profile *prof, const mma_operands *ops);

#endif /* MMA_BLOCK_SCALE_INTERNAL_H */
