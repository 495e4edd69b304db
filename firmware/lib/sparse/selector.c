/* Sparsity selector (operand f of mma.sp): which threads of each quad hold the metadata (seed 004). */
#include "mma/sparse.h"

mma_status mma_sparse_selector_decode(const mma_instr *ins, uint32_t selector, uint8_t *quad_mask,
                                      const char **reason)
{
    mma_sparse_layout l;
    mma_status st = mma_sparse_layout_of(ins, &l);
    if (st != MMA_OK) {
        return st;
    }
    /*
     * Each quad (groupID) serves rows groupID and groupID + 8 of the 16: 2 x (K / chunk) 4-bit values,
     * i.e. one 32-bit register per 8 chunks of a row. This gives the seed's three cases: k16 f16/bf16
     * and k8 tf32 -> 1 thread; k32 f16/bf16, k16 tf32, k32 s8/u8, k64 s4/u4 -> 2; k64 s8/u8 and the
     * 8/6/4-bit floats, k128 s4/u4 and mxf4 -> 4.
     */
    const unsigned threads = (2u * ((unsigned)ins->k / l.chunk) * 4u) / 32u;
    uint8_t mask;
    const char *why;
    if (threads == 1u) {
        why = "sparsity selector must be 0, 1, 2 or 3 (one thread of each quad holds the metadata)";
        mask = (uint8_t)(selector <= 3u ? 1u << selector : 0u);
    } else if (threads == 2u) {
        why = "sparsity selector must be 0 (threads 0,1) or 1 (threads 2,3) for this shape";
        mask = (uint8_t)(selector <= 1u ? 0x3u << (2u * selector) : 0u);
    } else {
        why = "sparsity selector must be 0 (all four threads of each quad hold the metadata)";
        mask = (uint8_t)(selector == 0u ? 0xFu : 0u);
    }
    if (mask == 0u) {
        if (reason != NULL) {
            *reason = why;
        }
        return MMA_ERR_SPARSITY_SELECTOR;
    }
    if (quad_mask != NULL) {
        *quad_mask = mask;
    }
    return MMA_OK;
}
