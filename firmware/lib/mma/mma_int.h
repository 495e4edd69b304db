/* Internal interface of the matrix-level operations (not installed). */
#ifndef MMA_OPS_H
#define MMA_OPS_H

#include "mma/mma.h"

#include "../common/internal.h"

/* One s32 output of an integer or b1 instruction: exact sum, then .satfinite clamp or wrap. */
mma_status mma_int_dot(const mma_instr *ins, const uint64_t *a, size_t a_stride, const uint64_t *b, size_t b_stride,
                       size_t k, uint64_t c, uint64_t *d);

/* Row i of D for a dense A row (arow, K codes): integer sums if eff is NULL, else mma_dot with eff. */
mma_status mma_dense_row(const mma_instr *ins, const mma_profile *eff, size_t i, const uint64_t *arow,
                         const mma_operands *ops);

/* True for instructions whose A/B are integers or bits (they ignore the numerics profile). */
bool mma_instr_is_integer(const mma_instr *ins);

/* The profile actually used for an instruction: f64 forces IEEE seq_fma with the instruction's rounding. */
mma_status mma_effective_profile(const mma_instr *ins, const mma_profile *prof, mma_profile *out);

#endif /* MMA_OPS_H */
