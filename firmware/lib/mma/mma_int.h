/* Internal interface of the execution layer: the row engine and its callers (not installed). */
#ifndef MMA_MMA_INT_H
#define MMA_MMA_INT_H

#include "mma/block_scale.h"
#include "mma/mma.h"
#include "mma/sparse.h"
#include "mma/stage.h"

#include "../accumulate/accumulate_int.h"
#include "../block_scale/block_scale_int.h"

/* Largest instruction k the row engine buffers (wgmma and mma.sp k256 b1 rows included). */
#define MMAI_ROW_MAX_K 256u

/* One s32 output of an integer or b1 instruction: exact sum, then .satfinite clamp or wrap (encode stage). */
mma_status mmai_int_dot(const mma_instr *ins, const uint64_t *a, size_t a_stride, const uint64_t *b, size_t b_stride,
                        size_t k, uint64_t c, uint64_t *d);

/* The profile actually used for an instruction: f64 forces IEEE seq_fma with the instruction's rounding. */
mma_status mmai_effective_profile(const mma_instr *ins, const mma_profile *prof, mma_profile *out);

/*
 * What the row engine needs besides a row of A: the instruction, its effective profile, B and
 * scale_B. Rows of B at or beyond b_rows read as code 0 and scale blocks at or beyond sb_rows as a
 * unit scale (the zero padding of a GEMM's last K chunk).
 */
typedef struct mmai_row_ctx {
    const mma_instr *ins;
    const mma_profile *eff;       /* effective profile; NULL for integer and b1 instructions */
    const mma_scale_shape *shape; /* scale geometry; NULL unless .block_scale */
    size_t n;                     /* columns of D */
    const uint64_t *b;            /* B, element (t, j) at b[t * ldb + j] */
    size_t ldb, b_rows;
    const uint64_t *scale_b;      /* scale_B, block s of column j at scale_b[s * ldsb + j] */
    size_t ldsb, sb_rows;
} mmai_row_ctx;

/*
 * The row engine (the C twin of a row of DPUs): row i of D from a dense row of A (ins->k codes),
 * the row's vec scale_A codes (NULL unless block-scaled), C's row (codes of ctype) -> d_row.
 * Dense, integer, sparse (after expansion) and block-scaled instructions all come through here.
 */
mma_status mmai_row(const mmai_row_ctx *x, const uint64_t *arow, const uint64_t *scale_a, mma_format ctype,
                    const uint64_t *c_row, uint64_t *d_row);

/*
 * mma_gemm on the general path only (the row engine for every output, never the fast paths): the
 * reference the unit test unit_gemm_fast compares the fast paths with, bit for bit.
 */
mma_status mmai_gemm_general(const mma_gemm_desc *g);

#endif /* MMA_MMA_INT_H */
