/* mmacore: structured sparsity of A (mma.sp, mma.sp::ordered_metadata): metadata, selectors, packing, execution. */
#ifndef MMA_SPARSE_H
#define MMA_SPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mma/instr.h"
#include "mma/mma.h"
#include "mma/profile.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Sparsity patterns (PTX ISA 9.7.14.6.1, seed 004; NUMERICS section 5). Every chunk of `chunk`
 * consecutive elements of a row of A keeps chunk/2 of them; one 4-bit metadata value per chunk
 * holds two 2-bit indices, index 0 in bits [1:0] (it places stored value 0), index 1 in bits [3:2].
 *   2:4       f16, bf16, s8, u8, and the 8/6/4-bit floats of .kind::f8f6f4 / .kind::mxf8f6f4:
 *             indices name elements 0..3 of the 4-wide chunk.
 *   1:2       tf32: one value per 2-wide chunk; 0b0100 = element 0, 0b1110 = element 1 (only values).
 *   4:8 pairs s4, u4, and e2m1 with .kind::mxf4 / .kind::mxf4nvf4: indices name 2-wide pairs 0..3
 *             of the 8-wide chunk; the stored values 0,1 fill pair index 0, values 2,3 pair index 1.
 */
typedef enum mma_sparse_pattern {
    MMA_SPAT_2_4 = 0,
    MMA_SPAT_1_2,
    MMA_SPAT_4_8_PAIRS
} mma_sparse_pattern;

/* Geometry and metadata rule of one sparse instruction (plain data; filled by mma_sparse_layout_of). */
typedef struct mma_sparse_layout {
    uint8_t pattern;  /* mma_sparse_pattern */
    uint8_t variant;  /* mma_sparsity: MMA_SPARSE_SP or MMA_SPARSE_SP_ORDERED */
    uint8_t chunk;    /* dense elements per metadata value: 4, 2 or 8 */
    uint8_t kept;     /* stored elements per chunk: chunk / 2 */
} mma_sparse_layout;

/* "No lane": a matrix-level diagnostic; warp-level callers fill in the lane holding the metadata. */
#define MMA_SPARSE_NO_LANE (-1)

/*
 * Where and why sparse metadata (or a dense A given to compress) is invalid. Matrix-level
 * functions set row, chunk (index of the chunk within the row, i.e. dense columns
 * chunk*layout.chunk ..), value and reason, and lane = MMA_SPARSE_NO_LANE.
 */
typedef struct mma_sparse_diag {
    uint32_t row;        /* row of A */
    uint32_t chunk;      /* chunk within the row */
    int32_t lane;        /* lane holding this metadata (warp level), else MMA_SPARSE_NO_LANE */
    uint8_t value;       /* metadata: the offending value; compress: bit mask of the non-zero elements */
    uint8_t count;       /* compress: non-zero elements (pairs for 4:8) found in the chunk; else 0 */
    const char *reason;  /* static, human-readable (never NULL after a failed call that takes a diag) */
} mma_sparse_diag;

/* Fills the sparsity layout of a valid mma.sp / mma.sp::ordered_metadata instruction (MMA_ERR_INSTRUCTION if dense). */
mma_status mma_sparse_layout_of(const mma_instr *ins, mma_sparse_layout *out);

/*
 * Checks one metadata value against a layout's rule; *reason (may be NULL) names the rule on error
 * (MMA_ERR_METADATA). Rules: tf32 (both variants): only 0b0100 and 0b1110. mma.sp: the two indices
 * differ (0b0000, 0b0101, 0b1010, 0b1111 are invalid). mma.sp::ordered_metadata: index 0 < index 1
 * (valid: 0b0100, 0b1000, 0b1001, 0b1100, 0b1101, 0b1110). Values above 0xF are invalid.
 */
mma_status mma_sparse_meta_check(const mma_sparse_layout *layout, uint8_t value, const char **reason);

/*
 * Decodes a valid metadata value: pos[s] = dense position (0..chunk-1) within the chunk of stored
 * value s, for s < layout->kept (pos needs layout->kept entries, at most 4).
 */
mma_status mma_sparse_meta_decode(const mma_sparse_layout *layout, uint8_t value, uint8_t *pos, const char **reason);

/*
 * Checks all rows x (k / chunk) metadata values (row-major); on the first invalid one returns
 * MMA_ERR_METADATA and fills diag (may be NULL). MMA_ERR_SHAPE if k is not a multiple of the chunk.
 */
mma_status mma_sparse_meta_validate(const mma_sparse_layout *layout, size_t rows, size_t k, const uint8_t *meta,
                                    mma_sparse_diag *diag);

/*
 * Packs a dense rows x k matrix (row-major codes) into rows x k/2 stored codes and rows x (k/chunk)
 * metadata. An element is zero iff its code is 0 (so -0 is kept: decompress(compress(A)) == A bit for
 * bit); a 4:8 pair is zero iff both its codes are 0. A chunk with more non-zero elements (pairs) than
 * it keeps gives MMA_ERR_METADATA naming the first such row/chunk (diag->value = non-zero mask,
 * diag->count = how many). Canonical metadata: the non-zero positions, filled up with the lowest
 * unused positions, in ascending order; so it is valid for both mma.sp and ::ordered_metadata
 * (tf32: 0b0100 unless element 1 is non-zero). Outputs are written only on success.
 */
mma_status mma_sparse_compress(const mma_sparse_layout *layout, size_t rows, size_t k, const uint64_t *dense,
                               uint64_t *packed, uint8_t *meta, mma_sparse_diag *diag);

/* Expands rows x k/2 stored codes + metadata into a dense rows x k matrix (code 0 elsewhere); validates metadata first. */
mma_status mma_sparse_decompress(const mma_sparse_layout *layout, size_t rows, size_t k, const uint64_t *packed,
                                 const uint8_t *meta, uint64_t *dense, mma_sparse_diag *diag);

/*
 * Validates a sparsity selector (operand f) for an instruction (seed 004): f16/bf16 m16n8k16 and
 * tf32 m16n8k8: 0..3 (one thread per quad); f16/bf16 m16n8k32, tf32 m16n8k16, s8/u8 m16n8k32,
 * s4/u4 m16n8k64: 0 (threads 0,1) or 1 (threads 2,3); s8/u8 m16n8k64, s4/u4 m16n8k128, the 8/6/4-bit
 * floats m16n8k64 (with or without .kind) and .kind::mxf4* m16n8k128: 0 (all four threads).
 * On success *quad_mask (may be NULL) gets bit t set for each thread t (%laneid % 4) of every quad
 * that supplies metadata; on error MMA_ERR_SPARSITY_SELECTOR and *reason lists the allowed values.
 */
mma_status mma_sparse_selector_decode(const mma_instr *ins, uint32_t selector, uint8_t *quad_mask,
                                      const char **reason);

/* mma_sparse_run (execution of a sparse instruction with metadata diagnostics) is declared in mma.h. */

#ifdef __cplusplus
}
#endif
#endif /* MMA_SPARSE_H */
