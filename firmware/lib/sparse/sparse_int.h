/* Internal interface of the sparse stages (not installed). */
#ifndef MMA_SPARSE_INTERNAL_H
#define MMA_SPARSE_INTERNAL_H

#include "mma/sparse.h"
#include "mma/stage.h"

/* Largest dense K of a sparse instruction (s4/u4 and mxf4 m16n8k128). */
#define MMAI_SPARSE_MAX_K 128u

/* True if a layout's fields are one of the three patterns with a sparse variant (chunk/kept consistent). */
bool mmai_sparse_layout_ok(const mma_sparse_layout *layout);

/* Expands one row: k/2 stored codes and k/chunk metadata values (already validated) -> k dense codes. */
void mmai_sparse_expand_row(const mma_sparse_layout *layout, size_t k, const uint64_t *packed, const uint8_t *meta,
                           uint64_t *dense);

#endif /* MMA_SPARSE_INTERNAL_H */
