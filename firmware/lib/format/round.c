/* Rounding decision stage (NUMERICS 2): increment or not, from mode, sign, LSB, round bit and sticky bit. */
#include <stdbool.h>

#include "mma/stage.h"

#include "format_int.h"

unsigned mma_round_decide(mma_round mode, unsigned sign, unsigned lsb, unsigned round, unsigned sticky)
{
    return mmai_round_decide(mode, sign, lsb, round, sticky);
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
