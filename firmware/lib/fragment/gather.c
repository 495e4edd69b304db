/* Register fragments: whole operands between all lanes' registers and their matrix (gather / scatter). */
#include "mma/fragment.h"

mma_status mma_frag_gather(const mma_frag_layout *layout, const uint32_t *regs, uint64_t *matrix, uint32_t *bad_lane,
                           uint32_t *bad_index)
{
    if (layout == NULL || regs == NULL || matrix == NULL) {
        return MMA_ERR_NULL;
    }
    for (uint32_t lane = 0; lane < layout->lanes; lane++) {
        const uint32_t *lr = &regs[(size_t)lane * layout->regs];
        for (uint32_t i = 0; i < layout->elems; i++) {
            bool held;
            uint32_t row, col;
            uint64_t code;
            mma_status st = mma_frag_coord(layout, lane, i, &held, &row, &col);
            if (st != MMA_OK) {
                return st;
            }
            if (!held) {
                continue;
            }
            st = mma_frag_get(layout, lr, i, &code);
            if (st != MMA_OK) {
                if (bad_lane != NULL) {
                    *bad_lane = lane;
                }
                if (bad_index != NULL) {
                    *bad_index = i;
                }
                return st;
            }
            matrix[(size_t)row * layout->cols + col] = code;
        }
    }
    return MMA_OK;
}

mma_status mma_frag_scatter(const mma_frag_layout *layout, const uint64_t *matrix, uint32_t *regs)
{
    if (layout == NULL || matrix == NULL || regs == NULL) {
        return MMA_ERR_NULL;
    }
    for (size_t w = 0; w < (size_t)layout->lanes * layout->regs; w++) {
        regs[w] = 0;
    }
    for (uint32_t lane = 0; lane < layout->lanes; lane++) {
        uint32_t *lr = &regs[(size_t)lane * layout->regs];
        for (uint32_t i = 0; i < layout->elems; i++) {
            bool held;
            uint32_t row, col;
            mma_status st = mma_frag_coord(layout, lane, i, &held, &row, &col);
            if (st != MMA_OK) {
                return st;
            }
            if (held) {
                st = mma_frag_put(layout, lr, i, matrix[(size_t)row * layout->cols + col]);
                if (st != MMA_OK) {
                    return st;
                }
            }
        }
    }
    return MMA_OK;
}
