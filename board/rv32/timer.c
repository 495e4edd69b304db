/* The cycle timer: QEMU virt's CLINT mtime (a 64-bit counter read as two words). */
#include "board.h"

uint64_t board_ticks(void)
{
    volatile uint32_t *const mtime = (volatile uint32_t *)BOARD_CLINT_MTIME;
    uint32_t hi, lo;
    do {
        hi = mtime[1];
        lo = mtime[0];
    } while (mtime[1] != hi);   /* the low word wrapped between the two reads */
    return ((uint64_t)hi << 32) | lo;
}
