/*
 * Register fragments: the interpreter of the rule parameters, in both directions
 * ((lane, index) -> (row, col): mma_frag_coord; (row, col) -> (lane, index): mma_frag_owner).
 * The formulas are those of include/mma/fragment.h.
 */
#include "mma/fragment.h"

#include "fragment_int.h"

/* Checks the fields the interpreter relies on (a layout may be built by hand). */
static bool layout_ok(const mma_frag_layout *l)
{
    if (l->rule >= MMA_FRAG_RULE_COUNT || (l->lanes != 32u && l->lanes != 128u) || l->rows == 0u || l->cols == 0u) {
        return false;
    }
    if ((l->rule == MMA_FRAG_TILE || l->rule == MMA_FRAG_KROWS || l->rule == MMA_FRAG_META) && l->atom == 0u) {
        return false;
    }
    if ((l->rule == MMA_FRAG_META || l->rule == MMA_FRAG_SCALE_A || l->rule == MMA_FRAG_SCALE_B) &&
        (l->quad_mask == 0u || l->quad_mask > 0xFu)) {
        return false;
    }
    return true;
}

mma_status mma_frag_coord(const mma_frag_layout *layout, uint32_t lane, uint32_t index, bool *held, uint32_t *row,
                          uint32_t *col)
{
    if (layout == NULL || held == NULL || row == NULL || col == NULL) {
        return MMA_ERR_NULL;
    }
    if (!layout_ok(layout)) {
        return MMA_ERR_INSTRUCTION;
    }
    if (lane >= layout->lanes || index >= layout->elems) {
        return MMA_ERR_BUFFER;
    }
    const uint32_t w = lane / 32u, g = (lane % 32u) / 4u, t = lane % 4u;
    const uint32_t e = layout->atom;
    const uint32_t q = (lane / 4u) % 4u, hi = (lane % 32u) / 16u; /* m8n8k4 .f16 quad pair */
    uint32_t r = 0, c = 0;
    *held = true;
    switch ((mma_frag_rule)layout->rule) {
    case MMA_FRAG_TILE:
        r = 16u * w + g + 8u * ((index / e) % 2u);
        c = (index / (2u * e)) * 4u * e + t * e + index % e;
        break;
    case MMA_FRAG_KROWS:
        r = (index / e) * 4u * e + t * e + index % e;
        c = g;
        break;
    case MMA_FRAG_META: {
        if (((layout->quad_mask >> t) & 1u) == 0u) {
            *held = false;
            return MMA_OK;
        }
        const uint32_t s = 8u * mmai_frag_rank(layout->quad_mask, t) + index; /* the quad's nibble stream */
        const uint32_t reg = s / e;                                           /* stored-A register */
        r = g + 8u * (reg % 2u);
        c = (reg / 2u) * e + s % e;
        break;
    }
    case MMA_FRAG_SCALE_A:
    case MMA_FRAG_SCALE_B: {
        if (((layout->quad_mask >> t) & 1u) == 0u || index < layout->first_byte ||
            index >= (uint32_t)layout->first_byte + layout->nbytes) {
            *held = false;
            return MMA_OK;
        }
        if (layout->rule == MMA_FRAG_SCALE_A) {
            r = g + 8u * mmai_frag_rank(layout->quad_mask, t);
            c = index - layout->first_byte;
        } else {
            r = index - layout->first_byte;
            c = g;
        }
        break;
    }
    case MMA_FRAG_QP_A_ROW:
        r = 8u * q + t + 4u * hi;
        c = index;
        break;
    case MMA_FRAG_QP_A_COL:
        r = 8u * q + index + 4u * hi;
        c = t;
        break;
    case MMA_FRAG_QP_B_ROW:
        r = t;
        c = 8u * q + index + 4u * hi;
        break;
    case MMA_FRAG_QP_B_COL:
        r = index;
        c = 8u * q + t + 4u * hi;
        break;
    case MMA_FRAG_QP_C_F16:
        r = 8u * q + t + 4u * hi;
        c = index;
        break;
    default: /* MMA_FRAG_QP_C_F32 */
        r = 8u * q + (t & 1u) + (index & 2u) + 4u * hi;
        c = (index & 4u) + (t & 2u) + (index & 1u);
        break;
    }
    if (r >= layout->rows || c >= layout->cols) {
        return MMA_ERR_BUFFER; /* only for an inconsistent hand-made layout */
    }
    *row = r;
    *col = c;
    return MMA_OK;
}

mma_status mma_frag_owner(const mma_frag_layout *layout, uint32_t row, uint32_t col, uint32_t *lane,
                          uint32_t *index)
{
    if (layout == NULL || lane == NULL || index == NULL) {
        return MMA_ERR_NULL;
    }
    if (!layout_ok(layout)) {
        return MMA_ERR_INSTRUCTION;
    }
    if (row >= layout->rows || col >= layout->cols) {
        return MMA_ERR_BUFFER;
    }
    const uint32_t e = layout->atom;
    uint32_t l, i, t;
    switch ((mma_frag_rule)layout->rule) {
    case MMA_FRAG_TILE: {
        const uint32_t w = row / 16u, g = row % 8u, rh = (row % 16u) / 8u;
        const uint32_t reg = 2u * (col / (4u * e)) + rh;
        t = (col % (4u * e)) / e;
        i = reg * e + col % e;
        l = 32u * w + 4u * g + t;
        break;
    }
    case MMA_FRAG_KROWS:
        t = (row % (4u * e)) / e;
        i = (row / (4u * e)) * e + row % e;
        l = 4u * col + t;
        break;
    case MMA_FRAG_META: {
        const uint32_t reg = 2u * (col / e) + row / 8u;
        const uint32_t s = reg * e + col % e;
        t = mmai_frag_unrank(layout->quad_mask, s / 8u);
        if (t > 3u) {
            return MMA_ERR_BUFFER;
        }
        l = 4u * (row % 8u) + t;
        i = s % 8u;
        break;
    }
    case MMA_FRAG_SCALE_A:
        t = mmai_frag_unrank(layout->quad_mask, row / 8u);
        if (t > 3u) {
            return MMA_ERR_BUFFER;
        }
        l = 4u * (row % 8u) + t;
        i = layout->first_byte + col;
        break;
    case MMA_FRAG_SCALE_B:
        t = mmai_frag_unrank(layout->quad_mask, 0u);
        l = 4u * col + t;
        i = layout->first_byte + row;
        break;
    case MMA_FRAG_QP_A_ROW:
        l = 4u * (row / 8u) + 16u * ((row % 8u) / 4u) + row % 4u;
        i = col;
        break;
    case MMA_FRAG_QP_A_COL:
        l = 4u * (row / 8u) + 16u * ((row % 8u) / 4u) + col;
        i = row % 4u;
        break;
    case MMA_FRAG_QP_B_ROW:
        l = 4u * (col / 8u) + 16u * ((col % 8u) / 4u) + row;
        i = col % 4u;
        break;
    case MMA_FRAG_QP_B_COL:
        l = 4u * (col / 8u) + 16u * ((col % 8u) / 4u) + col % 4u;
        i = row;
        break;
    case MMA_FRAG_QP_C_F16:
        l = 4u * (row / 8u) + 16u * ((row % 8u) / 4u) + row % 4u;
        i = col;
        break;
    default: { /* MMA_FRAG_QP_C_F32 */
        const uint32_t x = row % 4u;
        l = 4u * (row / 8u) + 16u * ((row % 8u) / 4u) + ((x & 1u) | (col & 2u));
        i = (x & 2u) | (col & 4u) | (col & 1u);
        break;
    }
    }
    if (l >= layout->lanes || i >= layout->elems) {
        return MMA_ERR_BUFFER; /* only for an inconsistent hand-made layout */
    }
    *lane = l;
    *index = i;
    return MMA_OK;
}
