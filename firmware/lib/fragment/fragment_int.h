/* mmacore (private): what the fragment and warp-level files share. */
#ifndef MMA_FRAGMENT_INTERNAL_H
#define MMA_FRAGMENT_INTERNAL_H

#include <stdint.h>

#include "mma/fragment.h"

/* Copies a layout field by field (a struct assignment may become a memcpy call on small targets). */
static inline void mmai_frag_layout_copy(mma_frag_layout *dst, const mma_frag_layout *src)
{
    dst->operand = src->operand;
    dst->rule = src->rule;
    dst->format = src->format;
    dst->atom = src->atom;
    dst->lanes = src->lanes;
    dst->rows = src->rows;
    dst->cols = src->cols;
    dst->elems = src->elems;
    dst->regs = src->regs;
    dst->elem_bits = src->elem_bits;
    dst->per_reg = src->per_reg;
    dst->container = src->container;
    dst->nmat = src->nmat;
    dst->quad_mask = src->quad_mask;
    dst->first_byte = src->first_byte;
    dst->nbytes = src->nbytes;
    dst->reserved = src->reserved;
}

/* Number of set bits of a 4-bit quad mask below bit t (the rank of thread t among the selected ones). */
static inline unsigned mmai_frag_rank(unsigned mask, unsigned t)
{
    unsigned r = 0;
    for (unsigned b = 0; b < t; b++) {
        r += (mask >> b) & 1u;
    }
    return r;
}

/* The thread (0..3) of rank j among the set bits of a quad mask, or 4 if there is none. */
static inline unsigned mmai_frag_unrank(unsigned mask, unsigned j)
{
    for (unsigned t = 0; t < 4u; t++) {
        if (((mask >> t) & 1u) != 0u) {
            if (j == 0u) {
                return t;
            }
            j--;
        }
    }
    return 4u;
}

#endif /* MMA_FRAGMENT_INTERNAL_H */
