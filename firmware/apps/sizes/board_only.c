/* Size baseline: the board support alone (UART, printf, timer, exit), no golden-model code. */
#include "board.h"

int main(void)
{
    board_uart_init();
    board_printf("%u\n", (unsigned)board_ticks());
    return 0;
}
