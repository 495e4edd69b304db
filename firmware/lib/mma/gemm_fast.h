/* Internal interface of the GEMM fast paths (not installed). */
#ifndef MMA_GEMM_FAST_H
#define MMA_GEMM_FAST_H

#include "mma_int.h"

#define MMAI_FAST_MAX_K 64u   /* largest instruction k the fast paths take */

/*
 * Block geometry: D in blocks of MMAI_FAST_COLS columns, K in runs of MMAI_FAST_ROWK / k chunks; a
 * block of B (MMAI_FAST_COLS x MMAI_FAST_ROWK decoded elements, 12 bytes each) is on the stack:
 * about 100 KB on 64-bit hosts with MMA_FAST_TABLES, 7 KB on 32-bit targets (MMAI_BFMA_PER_TERM:
 * firmware stacks are a few KiB, also in a firmware built with the tables) and without the tables.
 */
#if MMA_FAST_TABLES && !MMAI_BFMA_PER_TERM
#define MMAI_FAST_COLS 64u
#define MMAI_FAST_ROWK 128u
#else
#define MMAI_FAST_COLS 8u
#define MMAI_FAST_ROWK 64u
#endif
#define MMAI_FAST_MIN_K 4u    /* smallest instruction k (m8n8k4) */

/*
 * True if a fast path computes exactly what the row engine does for this dense, unscaled
 * instruction: block-FMA profiles (prof = the effective profile) with float inputs of at most 10
 * fraction bits, f32/f16 output and zero_product_term = 0; or s8/u8/s4/u4 integer MMA (prof NULL).
 */
bool mmai_gemm_fast_eligible(const mma_instr *ins, const mma_profile *prof);

/*
 * The fast GEMM over rows [i0, i1) and columns [j0, j1) of D (the descriptor already validated;
 * prof as for mmai_gemm_fast_eligible). Outputs with a NaN or Inf operand take the general path
 * (mma_dot) element by element.
 */
mma_status mmai_gemm_fast_tile(const mma_gemm_desc *g, const mma_profile *prof, size_t i0, size_t i1, size_t j0,
                               size_t j1);

#endif /* MMA_GEMM_FAST_H */
