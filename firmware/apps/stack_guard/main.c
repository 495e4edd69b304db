/* stack_guard: a firmware whose stack grows past its reservation on purpose (a 24 KiB local array
 * against the 16 KiB __stack_size). It must not end as a pass: board_exit finds the stack's low-water
 * mark below __stack_limit, prints "board: stack overflow" and exits 1 although main returns 0. */
#include "app.h"

/* Touches every word of a 24 KiB frame (volatile: the writes stay) and returns a sum of it. */
static __attribute__((noinline)) uint32_t deep_frame(uint32_t seed)
{
    volatile uint32_t big[6 * 1024];
    for (unsigned i = 0; i < sizeof big / sizeof big[0]; ++i) {
        big[i] = seed + i;
    }
    return big[0] + big[sizeof big / sizeof big[0] - 1u];
}

int main(void)
{
    board_uart_init();
    board_printf("stack_guard: a 24 KiB frame on a 16 KiB stack: %u\n", (unsigned)deep_frame(7u));
    return 0;
}
