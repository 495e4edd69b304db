/* Internal interface of the fast block-FMA GEMM path (not installed). */
#ifndef MMA_GEMM_BLOCK_FMA_H
#define MMA_GEMM_BLOCK_FMA_H

#include "mma_int.h"

#define MMAI_FAST_MAX_K 64u /* largest instruction k the fast path buffers */
#define MMAI_FAST_COLS 8u   /* columns of B decoded together */

/* True if the fast path computes exactly what mma_dot would for this instruction and profile. */
bool mmai_gemm_fast_eligible(const mma_instr *ins, const mma_profile *prof);

/* The GEMM of mma_gemm for block-FMA profiles, decoding each operand block once (validated desc). */
mma_status mmai_gemm_fast(const mma_gemm_desc *g, const mma_profile *prof);

#endif /* MMA_GEMM_BLOCK_FMA_H */
