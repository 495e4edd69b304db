/* UART output on the NS16550A at BOARD_UART_BASE (byte registers at stride 1, as on QEMU virt). */
#include "board.h"

static volatile uint8_t *const uart = (volatile uint8_t *)BOARD_UART_BASE;

void board_uart_init(void)
{
    uart[BOARD_UART_LCR] = 0x03u;  /* 8N1, divisor latch closed (the SoC's rate is fixed in hardware) */
    uart[BOARD_UART_FCR] = 0x01u;  /* FIFO on (QEMU) */
}

void board_putc(char c)
{
    while ((uart[BOARD_UART_LSR] & BOARD_UART_LSR_THRE) == 0u) {
    }
    uart[BOARD_UART_THR] = (uint8_t)c;
}

void board_puts(const char *s)
{
    while (*s != '\0') {
        board_putc(*s++);
    }
}
