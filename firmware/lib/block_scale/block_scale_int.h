/* Internal interface of the block-scaling stages (not installed). */
#ifndef MMA_BLOCK_SCALE_INT_H
#define MMA_BLOCK_SCALE_INT_H

#include "mma/block_scale.h"
#include "mma/stage.h"

/*
 * Checks a rows x cols matrix of scale codes (element (r, c) at codes[r * ld + c]): MMA_ERR_CODE for
 * a code that is not an 8-bit stype code and, if nan_is_error, MMA_ERR_SCALE_NAN for a NaN; diag
 * (may be NULL) names the first one.
 */
mma_status mmai_scale_scan(mma_format stype, const uint64_t *codes, size_t rows, size_t cols, size_t ld,
                           mma_scale_operand which, bool nan_is_error, mma_scale_diag *diag);

/* Code of the unit scale (1.0) of a scale format: what a GEMM reads beyond the last scale block. */
uint64_t mmai_scale_unit(mma_format stype);

#endif /* MMA_BLOCK_SCALE_INT_H */
