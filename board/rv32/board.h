/*
 * Board support of the rv32 firmware (SoC hw/rtl/soc and QEMU virt share one memory map):
 * UART output, the cycle timer, exit, a small formatter, and the MMIO porting layer of the
 * accelerator driver. No libc: board/rv32/mem.c provides the four mem* functions the compiler
 * may call (GCC's freestanding contract).
 */
#ifndef MMA_BOARD_RV32_H
#define MMA_BOARD_RV32_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mma/port.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The memory map (QEMU virt). */
#define BOARD_EXIT_BASE   0x00100000u  /* sifive_test: 0x5555 pass, (code << 16) | 0x3333 fail */
#define BOARD_CLINT_MSIP  0x02000000u  /* msip of hart 0 (not implemented on the SoC: reads 0) */
#define BOARD_CLINT_MTIMECMP 0x02004000u  /* 64-bit mtimecmp of hart 0 (storage only on the SoC) */
#define BOARD_CLINT_MTIME 0x0200BFF8u  /* 64-bit timer: CPU cycles on the SoC, 10 MHz on QEMU virt */
#define BOARD_UART_BASE   0x10000000u  /* NS16550A, byte registers */
#define BOARD_ACCEL_BASE  0x40000000u  /* accelerator registers, 4 KiB */
#define BOARD_ACCEL_SIZE  0x1000u
#define BOARD_ACCEL_ID    0x4D4D4143u  /* "MMAC": the accelerator's ID register (offset 0) */

/* The NS16550A's byte registers (offsets from BOARD_UART_BASE; the second name of 0 and 1 is
 * theirs while LCR's divisor-latch bit is set) and the LSR bits the firmware reads. */
#define BOARD_UART_THR 0u  /* write: transmit holding; read: RBR; DLL with the latch open */
#define BOARD_UART_IER 1u  /* interrupt enable; DLM with the latch open */
#define BOARD_UART_IIR 2u  /* read: interrupt identification; write: FCR */
#define BOARD_UART_FCR 2u
#define BOARD_UART_LCR 3u
#define BOARD_UART_MCR 4u
#define BOARD_UART_LSR 5u
#define BOARD_UART_MSR 6u
#define BOARD_UART_SCR 7u
#define BOARD_UART_LCR_DLAB 0x80u  /* divisor latch open */
#define BOARD_UART_LSR_THRE 0x20u  /* transmit holding register empty */
#define BOARD_UART_LSR_TEMT 0x40u  /* transmitter empty */

/* UART (uart16550.c). */
void board_uart_init(void);
void board_putc(char c);
void board_puts(const char *s);          /* no newline added */

/* Formatted output to the UART (printf.c): %d %i %u %x %X %c %s %p %%, the l and ll length
 * modifiers, a field width, '0' and '-' flags. Returns the number of characters written. */
int board_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int board_vprintf(const char *fmt, va_list ap);
/* The same into buf (always NUL-terminated if size > 0); returns the length it would have had. */
int board_snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Cycle timer (timer.c): QEMU virt's CLINT mtime. On the SoC one tick is one CPU cycle. */
uint64_t board_ticks(void);

/* Ends the run through the exit device: 0 = pass, else a failure with that code (1..0xFFFF).
 * The SoC harness and qemu-system-riscv32 both exit with this code. Never returns. */
void board_exit(int code) __attribute__((noreturn));

/* The porting layer of the accelerator driver on this board (port_mmio.c): volatile 32-bit MMIO on
 * the 4 KiB window at BOARD_ACCEL_BASE, barrier = fence, now = board_ticks, bus_addr = the CPU
 * address for anything in the RAM (the DMA port sees the same addresses). */
const mma_port *board_port_mmio(void);

/* True if the accelerator's ID register reads BOARD_ACCEL_ID (an empty slot reads 0). */
bool board_accel_present(void);

#ifdef __cplusplus
}
#endif
#endif /* MMA_BOARD_RV32_H */
