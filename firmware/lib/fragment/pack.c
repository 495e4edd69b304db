/*
 * Register fragments: one element in and out of a lane's 32-bit registers (packing rules of
 * include/mma/fragment.h: low to high within a register, .f64 in two registers low word first,
 * the 8-bit containers of .kind::f8f6f4 / .kind::mxf8f6f4 with zero padding).
 */
#include "mma/fragment.h"

/*
 * True if elem_bits/per_reg describe one of the packings of the header and the lane's layout->regs
 * registers hold all layout->elems elements (a layout may be built by hand: without the second
 * check an index below elems could address a register past the caller's array).
 */
static bool packing_ok(const mma_frag_layout *l)
{
    uint32_t need;
    switch (l->elem_bits) {
    case 64:
        if (l->per_reg != 0u || l->container != MMA_FRAG_PLAIN) {
            return false;
        }
        need = 2u * (uint32_t)l->elems;
        break;
    case 1:
    case 4:
    case 8:
    case 16:
    case 32:
        if (l->per_reg != 32u / l->elem_bits || l->container > MMA_FRAG_BITS_5_0 ||
            (l->container != MMA_FRAG_PLAIN && l->elem_bits != 8u)) {
            return false;
        }
        need = ((uint32_t)l->elems + l->per_reg - 1u) / l->per_reg;
        break;
    default: return false;
    }
    return l->regs >= need;
}

mma_status mma_frag_get(const mma_frag_layout *layout, const uint32_t *lane_regs, uint32_t index, uint64_t *code)
{
    if (layout == NULL || lane_regs == NULL || code == NULL) {
        return MMA_ERR_NULL;
    }
    if (!packing_ok(layout)) {
        return MMA_ERR_INSTRUCTION;
    }
    if (index >= layout->elems) {
        return MMA_ERR_BUFFER;
    }
    if (layout->elem_bits == 64u) {
        *code = (uint64_t)lane_regs[(size_t)2u * index] | ((uint64_t)lane_regs[(size_t)2u * index + 1u] << 32);
        return MMA_OK;
    }
    const uint32_t shift = (index % layout->per_reg) * layout->elem_bits;
    const uint32_t mask = layout->elem_bits == 32u ? 0xFFFFFFFFu : ((1u << layout->elem_bits) - 1u);
    const uint32_t raw = (lane_regs[index / layout->per_reg] >> shift) & mask;
    switch (layout->container) {
    case MMA_FRAG_BITS_5_2:
        if ((raw & 0xC3u) != 0u) {
            return MMA_ERR_CODE; /* e2m1 container: bits [7:6] and [1:0] are padding and must be zero */
        }
        *code = (raw >> 2) & 0xFu;
        return MMA_OK;
    case MMA_FRAG_BITS_5_0:
        if ((raw & 0xC0u) != 0u) {
            return MMA_ERR_CODE; /* e3m2/e2m3 container: bits [7:6] are padding and must be zero */
        }
        *code = raw;
        return MMA_OK;
    default:
        *code = raw;
        return MMA_OK;
    }
}

mma_status mma_frag_put(const mma_frag_layout *layout, uint32_t *lane_regs, uint32_t index, uint64_t code)
{
    if (layout == NULL || lane_regs == NULL) {
        return MMA_ERR_NULL;
    }
    if (!packing_ok(layout)) {
        return MMA_ERR_INSTRUCTION;
    }
    if (index >= layout->elems) {
        return MMA_ERR_BUFFER;
    }
    if (layout->elem_bits == 64u) {
        lane_regs[(size_t)2u * index] = (uint32_t)code;
        lane_regs[(size_t)2u * index + 1u] = (uint32_t)(code >> 32);
        return MMA_OK;
    }
    uint64_t raw = code;
    if (layout->container == MMA_FRAG_BITS_5_2) {
        if (code > 0xFu) {
            return MMA_ERR_CODE;
        }
        raw = code << 2;
    } else if (layout->container == MMA_FRAG_BITS_5_0 && code > 0x3Fu) {
        return MMA_ERR_CODE;
    }
    const uint32_t mask = layout->elem_bits == 32u ? 0xFFFFFFFFu : ((1u << layout->elem_bits) - 1u);
    if (raw > mask) {
        return MMA_ERR_CODE;
    }
    const uint32_t shift = (index % layout->per_reg) * layout->elem_bits;
    uint32_t *reg = &lane_regs[index / layout->per_reg];
    *reg = (*reg & ~(mask << shift)) | ((uint32_t)raw << shift);
    return MMA_OK;
}
