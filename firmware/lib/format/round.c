/* Rounding decision stage (NUMERICS 2): increment or not, from mode, sign, LSB, round bit and sticky bit. */
#include <stdbool.h>

#include "mma/stage.h"

unsigned mma_round_decide(mma_round mode, unsigned sign, unsigned lsb, unsigned round, unsigned sticky)
{
    const bool half = (round & 1u) != 0;                   /* the dropped part is at least half a unit */
    const bool inexact = half || (sticky & 1u) != 0;        /* something was dropped */
    const bool negative = (sign & 1u) != 0;
    bool inc;
    switch (mode) {
    case MMA_RND_RNE:
        inc = half && ((sticky & 1u) != 0 || (lsb & 1u) != 0); /* above half, or exactly half and odd */
        break;
    case MMA_RND_RD:
        inc = inexact && negative;
        break;
    case MMA_RND_RU:
        inc = inexact && !negative;
        break;
    case MMA_RND_RNA:
        inc = half; /* half or above: away from zero */
        break;
    default: /* MMA_RND_RZ, and no increment for an invalid mode */
        inc = false;
        break;
    }
    return inc ? 1u : 0u;
}

const char *mma_round_name(mma_round mode)
{
    switch (mode) {
    case MMA_RND_RNE:
        return "rne";
    case MMA_RND_RZ:
        return "rz";
    case MMA_RND_RD:
        return "rd";
    case MMA_RND_RU:
        return "ru";
    case MMA_RND_RNA:
        return "rna";
    case MMA_RND_RS:
        return "rs";
    default:
        return NULL;
    }
}
