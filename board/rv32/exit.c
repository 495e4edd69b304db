/* Ending a run through the exit device (QEMU virt's sifive_test; the SoC has the same device), after
 * the stack check: a stack that wrote into the guard band below its __stack_size reservation (crt0
 * paints both) is reported and fails the run. An overflow that skips the whole band is not seen. */
#include "board.h"

#define STACK_PAINT 0x5AC3A55Cu /* what crt0 wrote to the stack and the guard band below it */

extern uint32_t __stack_guard[], __stack_limit[], __stack_top[];

/* Lowest word the stack has written: the first word from the guard band up that lost crt0's paint. */
static const uint32_t *stack_low_water(void)
{
    const uint32_t *p = __stack_guard;
    while (p < __stack_top && *p == STACK_PAINT) {
        ++p;
    }
    return p;
}

void board_exit(int code)
{
    const uint32_t *low = stack_low_water();
    if (low < __stack_limit) {
        /* the stack went past its reservation (__stack_size): the image's .bss may be corrupted */
        board_printf("board: stack overflow: %u bytes used, %u reserved (__stack_size); results are void\n",
                     (unsigned)((uintptr_t)__stack_top - (uintptr_t)low),
                     (unsigned)((uintptr_t)__stack_top - (uintptr_t)__stack_limit));
        if (code == 0) {
            code = 1;
        }
    }
    volatile uint32_t *const test = (volatile uint32_t *)BOARD_EXIT_BASE;
    uint32_t c = (uint32_t)code & 0xFFFFu;
    if (code != 0 && c == 0u) {
        c = 1u;   /* a failure must not read as a pass */
    }
    *test = c == 0u ? 0x5555u : ((c << 16) | 0x3333u);
    for (;;) {
    }
}
