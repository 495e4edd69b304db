/* Block-scale geometry (scales per row, k per scale) and the {byte-id, thread-id} selectors (PTX 9.7.14.3). */
#include "mma/block_scale.h"

mma_status mma_block_scale_shape(const mma_instr *ins, mma_scale_shape *out)
{
    if (ins == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    mma_status st = mma_instr_validate(ins, NULL);
    if (st != MMA_OK) {
        return st;
    }
    if (!ins->block_scale) {
        return MMA_ERR_INSTRUCTION;
    }
    unsigned vec = ins->scale_vec;
    if (vec == 0u) {
        /* PTX defaults: .kind::mxf8f6f4 -> 1X, .kind::mxf4 -> 2X (.kind::mxf4nvf4 must give it: validated). */
        vec = ins->kind == MMA_KINDQ_MXF8F6F4 ? 1u : 2u;
    }
    out->vec = (uint8_t)vec;
    out->stype = ins->stype;
    out->block_k = (uint16_t)(ins->k / vec);
    return MMA_OK;
}

static mma_status bad(const char **reason, const char *text)
{
    if (reason != NULL) {
        *reason = text;
    }
    return MMA_ERR_SCALE_SELECTOR;
}

mma_status mma_scale_selector_decode(const mma_instr *ins, mma_scale_operand which, uint32_t byte_id,
                                     uint32_t thread_id, mma_scale_select *out, const char **reason)
{
    mma_scale_shape shape;
    mma_status st = mma_block_scale_shape(ins, &shape);
    if (st != MMA_OK) {
        return st;
    }
    uint8_t mask;
    if (which == MMA_SCALE_A) {
        if (thread_id > 1u) {
            return bad(reason, "thread-id-a must be 0 (lanes %4 = 0,1) or 1 (lanes %4 = 2,3)");
        }
        mask = (uint8_t)(0x3u << (2u * thread_id));
    } else if (which == MMA_SCALE_B) {
        if (thread_id > 3u) {
            return bad(reason, "thread-id-b must be 0, 1, 2 or 3 (the lane %4 that supplies scale_B)");
        }
        mask = (uint8_t)(1u << thread_id);
    } else {
        return bad(reason, "unknown scale operand (MMA_SCALE_A or MMA_SCALE_B)");
    }
    switch (shape.vec) {
    case 1:
        if (byte_id > 3u) {
            return bad(reason, "byte-id must be 0, 1, 2 or 3 for .scale_vec::1X");
        }
        break;
    case 2:
        if (byte_id != 0u && byte_id != 2u) {
            return bad(reason, "byte-id must be 0 (low byte pair) or 2 (high byte pair) for .scale_vec::2X");
        }
        break;
    default:
        if (byte_id != 0u) {
            return bad(reason, "byte-id must be 0 for .scale_vec::4X (all four bytes are used)");
        }
        break;
    }
    if (out != NULL) {
        out->quad_mask = mask;
        out->first_byte = (uint8_t)byte_id;
        out->nbytes = shape.vec;
    }
    return MMA_OK;
}
