/*
 * mmacore: the warp-level entry point - one instruction executed on the registers of every lane of
 * the warp (mma, mma.sp, .block_scale: 32 lanes) or warpgroup (wgmma: 128 lanes), exactly as a GPU
 * holds them, returning each lane's D registers. The lane <-> element maps and the packing rules are
 * those of mma/fragment.h; the arithmetic is mma_run's (so warp level == matrix level by definition).
 *
 * Register arrays are lane-major uint32_t: reg[lane * R + r] is register r of the lane, R being
 * mma_frag_layout.regs of the operand (an .f64 element takes two registers, low word first;
 * f16x2: lower element in the low half; 8-bit 4 per .b32, 4-bit 8, b1 32, low to high).
 *   a        lanes x R(A)       mma.sp: the stored (compressed) A fragment
 *   b        32 x R(B)          mma only. wgmma reads B from shared memory: give b_matrix instead,
 *                               K x N element codes, row-major (as mma_operands.b)
 *   c, d     lanes x R(C), R(D) d may be the same array as c (wgmma: C is D)
 *   e        32 words           mma.sp operand e of each lane; only the lanes chosen by sel.sparsity
 *                               (mma_sparse_selector_decode) are read
 *   scale_a  32 words           .block_scale scale-a-data of each lane; the lanes and bytes chosen by
 *   scale_b  32 words           {sel.byte_id_a, sel.thread_id_a} / {..._b} are read
 * mma.m8n8k4 .f16 is four independent MMAs (one per quad pair); each is computed and written back.
 */
#ifndef MMA_WARP_H
#define MMA_WARP_H

#include <stddef.h>
#include <stdint.h>

#include "mma/fragment.h"
#include "mma/instr.h"
#include "mma/profile.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The registers (and selectors) of one warp-level instruction; see the header comment. */
typedef struct mma_warp_operands {
    const uint32_t *a;
    const uint32_t *b;
    const uint64_t *b_matrix;
    const uint32_t *c;
    uint32_t *d;
    const uint32_t *e;
    const uint32_t *scale_a;
    const uint32_t *scale_b;
    mma_frag_select sel;
} mma_warp_operands;

/* Where and why a warp-level run failed (register contents, metadata, selectors). */
typedef struct mma_warp_diag {
    uint8_t operand;    /* mma_operand at fault */
    int32_t lane;       /* lane holding the offending element, or -1 */
    int32_t index;      /* element index within that lane (a_i, e_i, ...), or -1 */
    uint32_t row, col;  /* its position in the operand's matrix (metadata: row, chunk) */
    uint64_t value;     /* the offending register word, metadata value or selector */
    const char *reason; /* static, human-readable (never NULL after a failed call that takes a diag) */
} mma_warp_diag;

/* Writes the number of uint64_t words of workspace mma_warp_run needs for an instruction to *words. */
mma_status mma_warp_workspace(const mma_instr *ins, size_t *words);

/*
 * Executes one instruction on the lanes' registers and writes every lane's D registers (nothing is
 * written on error). work: at least mma_warp_workspace words. Errors: MMA_ERR_NULL (a required
 * array missing), MMA_ERR_BUFFER (workspace too small), MMA_ERR_CODE (non-zero padding bits of an
 * 8-bit .kind::f8f6f4 container), MMA_ERR_SPARSITY_SELECTOR, MMA_ERR_SCALE_SELECTOR,
 * MMA_ERR_METADATA (diag names the lane and nibble), and whatever mma_run returns; diag may be NULL.
 */
mma_status mma_warp_run(const mma_instr *ins, const mma_profile *prof, const mma_warp_operands *ops, uint64_t *work,
                        size_t work_words, mma_warp_diag *diag);

#ifdef __cplusplus
}
#endif
#endif /* MMA_WARP_H */
