/* gemm: a tiled MX FP8 GEMM on the accelerator against the golden model on the same core.
 * operands.c: the whole job's operands in RAM in the accelerator's layout; sample.c: the golden
 * model on sampled output tiles, compared bit for bit with the accelerator's D. */
#ifndef MMA_FW_GEMM_H
#define MMA_FW_GEMM_H

#include <stdbool.h>
#include <stdint.h>

#include "mma/driver.h"

/* The job: D (64 x 64) = A (64 x 64) x B (64 x 64) + C, in one driver job (the accelerator tiles it). */
enum { GEMM_M = 64, GEMM_N = 64, GEMM_K = 64, GEMM_TILE = 8 };

/* Draws A, B, C and the block scales of mode md (one-byte elements, f32 C and D, one-byte scales)
 * into RAM, fills D with a pattern and describes the job in *job; false if md is not such a mode. */
bool gemm_operands_make(const mma_hw_mode *md, unsigned mode, uint32_t seed, mma_accel_job *job);

/* Elements of D that still hold the fill pattern (the accelerator did not write them). */
unsigned gemm_operands_unwritten(void);

/* The operands in RAM, element by element (row i of A, row j of B^T, scale block blk). */
const uint8_t *gemm_op_a_row(unsigned i);
const uint8_t *gemm_op_bt_row(unsigned j);
uint32_t gemm_op_c(unsigned i, unsigned j);
uint32_t gemm_op_d(unsigned i, unsigned j);
uint8_t gemm_op_sa(unsigned i, unsigned blk);
uint8_t gemm_op_sbt(unsigned j, unsigned blk);

/* The golden model (mma_gemm under cfg's preset) on the GEMM_TILE x GEMM_TILE tile of D at (i0, j0),
 * read from the operands in RAM. */
typedef struct gemm_sample {
    mma_status status;     /* mma_gemm's */
    uint64_t ticks;        /* its CPU cycles */
    unsigned mismatches;   /* D elements in RAM whose bits differ (when compared) */
    uint32_t crc;          /* CRC-32 of the golden D codes of the tile */
} gemm_sample;

/* compare: also compare the tile with D in RAM (the accelerator's result). */
bool gemm_sample_tile(const mma_hw_config *cfg, const mma_hw_mode *md, unsigned i0, unsigned j0, bool compare,
                      gemm_sample *s);

#endif /* MMA_FW_GEMM_H */
