/* mmacore: matrix-level execution of one MMA instruction, and a generic GEMM built from it. */
#ifndef MMA_MMA_H
#define MMA_MMA_H

#include <stddef.h>
#include <stdint.h>

#include "mma/accumulate.h"
#include "mma/format.h"
#include "mma/instr.h"
#include "mma/profile.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Matrix operands are arrays of element codes, one code per uint64_t, row-major:
 * A is M x K, B is K x N, C and D are M x N (M, N, K of the instruction). Sub-byte elements
 * are given as their own code (e.g. an e2m1 code 0..15), not in a container. b1 operands hold
 * one bit per element. The optional members are used only by the instruction forms named.
 */
typedef struct mma_operands {
    const uint64_t *a;       /* dense: M x K; mma.sp: the compressed A, M x K/2 */
    const uint64_t *b;       /* K x N */
    const uint64_t *c;       /* M x N */
    uint64_t *d;             /* M x N */
    const uint8_t *meta;     /* mma.sp: M x (K / chunk) metadata nibbles (chunk 4; tf32 2; 4:8 pair-wise 8) */
    const uint64_t *scale_a; /* .block_scale: M x (K / block) scale codes of .stype */
    const uint64_t *scale_b; /* .block_scale: (K / block) x N scale codes of .stype */
} mma_operands;

/*
 * Executes one instruction (dense, sparse or block-scaled) on whole matrices with the given profile
 * (integer and b1 ignore it). Everything is checked before anything is computed: the descriptor,
 * sparse metadata, scale codes, the profile. A sparse instruction is the dense MMA of the
 * decompressed A; a block-scaled one multiplies every product by its block's two scales.
 */
mma_status mma_run(const mma_instr *ins, const mma_profile *prof, const mma_operands *ops);

/*
 * mma_run for a sparse instruction, telling where its metadata is invalid: ops->a is the stored A
 * (M x K/2), ops->meta the M x (K/chunk) metadata; on MMA_ERR_METADATA diag (may be NULL) names the
 * first bad value (row, chunk, value, reason). MMA_ERR_INSTRUCTION for a dense instruction.
 */
struct mma_sparse_diag; /* sparse.h */
mma_status mma_sparse_run(const mma_instr *ins, const mma_profile *prof, const mma_operands *ops,
                          struct mma_sparse_diag *diag);

/*
 * A generic GEMM: D (m x n) = A (m x k) * B (k x n) + C, as a chain of instructions over K, for
 * dense, sparse and block-scaled instructions (the accelerator's job semantics). The optional
 * members at the end are read only by the instruction forms named (zero them otherwise).
 */
typedef struct mma_gemm_desc {
    const mma_instr *ins;     /* instruction whose datapath is used; its k is the chunk of K per step */
    const mma_profile *prof;
    size_t m, n, k;           /* any sizes; K is cut into chunks of ins->k, the last zero-padded */
    const uint64_t *a; size_t lda;  /* row stride of A in elements (mma.sp: the stored A, m x k/2) */
    const uint64_t *b; size_t ldb;  /* row stride of B */
    const uint64_t *c; size_t ldc;  /* row stride of C; the first chunk reads C, later chunks read D */
    uint64_t *d; size_t ldd;        /* row stride of D */
    const uint8_t *meta; size_t ldm;      /* mma.sp: m x k/chunk metadata; k must be a multiple of the chunk */
    const uint64_t *scale_a; size_t ldsa; /* .block_scale: m x ceil(k / block_k) scale codes */
    const uint64_t *scale_b; size_t ldsb; /* .block_scale: ceil(k / block_k) x n scale codes */
} mma_gemm_desc;

/*
 * Computes a whole GEMM: each chunk of K is one instruction whose D is the next chunk's C (ctype for
 * the first chunk, dtype after). The last chunk is zero-padded: A and B elements beyond K are code 0,
 * scale blocks beyond ceil(k / block_k) are unit scales. With C unused (wgmma scale-d = 0), the first
 * chunk ignores C and every later chunk adds to D jointly (scale-d = 1), as a wgmma GEMM loop does.
 * All metadata and scale codes are checked before anything is computed (MMA_ERR_METADATA, MMA_ERR_CODE).
 */
mma_status mma_gemm(const mma_gemm_desc *g);

/*
 * mma_gemm restricted to rows [i0, i1) and columns [j0, j1) of D, with exactly mma_gemm's result there
 * (the library has no threads: callers split D into tiles, e.g. row bands, one per thread). A tile
 * reads C and writes D only inside its own region (earlier K chunks' results go to D), so concurrent
 * tiles must not overlap. The whole descriptor is validated as by mma_gemm; MMA_ERR_BUFFER unless
 * i0 <= i1 <= m and j0 <= j1 <= n.
 */
mma_status mma_gemm_tile(const mma_gemm_desc *g, size_t i0, size_t i1, size_t j0, size_t j1);

#ifdef __cplusplus
}
#endif
#endif /* MMA_MMA_H */
