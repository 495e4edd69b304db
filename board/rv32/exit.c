/* Ending a run through the exit device (QEMU virt's sifive_test; the SoC has the same device). */
#include "board.h"

void board_exit(int code)
{
    volatile uint32_t *const test = (volatile uint32_t *)BOARD_EXIT_BASE;
    uint32_t c = (uint32_t)code & 0xFFFFu;
    if (code != 0 && c == 0u) {
        c = 1u;   /* a failure must not read as a pass */
    }
    *test = c == 0u ? 0x5555u : ((c << 16) | 0x3333u);
    for (;;) {
    }
}
