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
 * (the row engine) element by element.
 */
mma_status mmai_gemm_fast_tile(const mma_gemm_desc *g, const mma_profile *prof, size_t i0, size_t i1, size_t j0,
                               size_t j1);

/*
 * Chunk (instruction) ch of output (i, j) by the general path, the row engine on the k-natural codes
 * (with the chunk's scales if block-scaled) with eff for chunk 0 and later after it: *acc is C
 * (chunk 0) or the previous chunk's D, then its D.
 */
mma_status mmai_fast_special_chunk(const mma_gemm_desc *g, const mma_profile *eff, const mma_profile *later, size_t i,
                                   size_t j, size_t ch, uint64_t *acc);

/* The C of an output's first chunk in dtype (*c_d = acc unless gemm_first: unused C -> +0, ctype -> dtype). */
mma_status mmai_fast_first_c(const mma_instr *ins, const mma_profile *first, bool gemm_first, uint64_t acc,
                             uint64_t *c_d);

/*
 * The narrow fast path (gemm_narrow.c): the left shift L of A's significands it uses for this
 * instruction and effective block-FMA profile, or -1 where it does not apply. It applies on 32-bit
 * targets (MMAI_BFMA_PER_TERM) to f32 output from 8-bit float operands of at most 3 fraction bits
 * when L = F - pa - pb >= 0, F <= 29 and a step's G aligned product magnitudes sum below 2^32.
 */
int32_t mmai_gemm_narrow_shift(const mma_instr *ins, const mma_profile *prof);

/* mmai_gemm_fast_tile by the narrow path (shift from mmai_gemm_narrow_shift; 32-bit targets only). */
mma_status mmai_gemm_narrow_tile(const mma_gemm_desc *g, const mma_profile *prof, unsigned shift, size_t i0, size_t i1,
                                 size_t j0, size_t j1);

/*
 * The exact fast path (gemm_exact.c, MMA_CFG_ACC_EXACT builds): true if it computes exactly what the
 * row engine does for this instruction under prof (the effective profile): the exact algorithm
 * without flushing, dense, float operands of at most 8 bits (e5m2, e4m3, e3m2, e2m3, e2m1),
 * unscaled or ue8m0-scaled (shape: the scale geometry, NULL when unscaled).
 */
bool mmai_gemm_exact_eligible(const mma_instr *ins, const mma_profile *prof, const mma_scale_shape *shape);

/*
 * The exact fast path over rows [i0, i1) and columns [j0, j1) of the validated GEMM g (an eligible
 * instruction; shape and nblk: its scale geometry and blocks along K when block-scaled).
 */
mma_status mmai_gemm_exact_tile(const mma_gemm_desc *g, const mma_profile *eff, const mma_scale_shape *shape,
                                size_t nblk, size_t i0, size_t i1, size_t j0, size_t j1);

#endif /* MMA_GEMM_FAST_H */
