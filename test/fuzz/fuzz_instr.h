/*
 * Helpers of the fuzz targets that build mma_instr values (fuzz_mma_run, fuzz_fragment,
 * fuzz_instr_parse): the size of the instruction catalogue and a raw write to one field.
 */
#ifndef MMA_FUZZ_INSTR_H
#define MMA_FUZZ_INSTR_H

#include <stddef.h>
#include <stdint.h>

#include "mma/mmacore.h"

/* The number of entries of mma_instr_catalog (counted once). */
static inline size_t fz_catalog_size(void)
{
    static size_t count = 0;
    if (count == 0) {
        mma_instr ins;
        while (mma_instr_catalog(count, &ins) == MMA_OK) {
            ++count;
        }
    }
    return count;
}

/* Field `field % 18` of `ins` set to `v` (its low byte for the 8-bit fields), unchecked. */
static inline void fz_set_instr_field(mma_instr *ins, unsigned field, uint16_t v)
{
    const uint8_t b = (uint8_t)v;
    switch (field % 18u) {
    case 0: ins->family = b; break;
    case 1: ins->m = b; break;
    case 2: ins->n = v; break;
    case 3: ins->k = v; break;
    case 4: ins->atype = b; break;
    case 5: ins->btype = b; break;
    case 6: ins->ctype = b; break;
    case 7: ins->dtype = b; break;
    case 8: ins->alayout = b; break;
    case 9: ins->blayout = b; break;
    case 10: ins->satfinite = b; break;
    case 11: ins->bitop = b; break;
    case 12: ins->f64_round = b; break;
    case 13: ins->kind = b; break;
    case 14: ins->sparsity = b; break;
    case 15: ins->block_scale = b; break;
    case 16: ins->scale_vec = b; break;
    default: ins->stype = b; break;
    }
}

#endif
