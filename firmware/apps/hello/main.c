/* hello: the smallest firmware - UART, timer, exit device and the accelerator register window.
 * Prints a greeting, probes the accelerator ID register (an empty slot reads 0) and, when an ID
 * answers, writes and reads back a scratch register (offset 0x10) through the AXI4-Lite window.
 * Exit code 0, or 1 if the window misbehaves. Uses no golden-model code. */
#include "board.h"

int main(void)
{
    board_uart_init();
    uint64_t t0 = board_ticks();
    board_printf("hello from mmacore on rv32imc (%s)\n", "PicoRV32 SoC / QEMU virt");
    const mma_port *port = board_port_mmio();
    uint32_t id = port->read32(port->ctx, 0u);
    if (id != BOARD_ACCEL_ID) {
        board_printf("accelerator: absent (ID register reads 0x%08x)\n", (unsigned)id);
    } else {
        port->write32(port->ctx, 0x10u, 0xA5C3u);
        port->write32(port->ctx, 0x14u, 0x12345678u);
        uint32_t a = port->read32(port->ctx, 0x10u), b = port->read32(port->ctx, 0x14u);
        port->write32(port->ctx, 0u, 0u);   /* the ID register is read-only */
        uint32_t id2 = port->read32(port->ctx, 0u);
        if (a != 0xA5C3u || b != 0x12345678u || id2 != BOARD_ACCEL_ID) {
            board_printf("accelerator window: ID 0x%08x, scratch FAILED (0x%08x 0x%08x, ID after write 0x%08x)\n",
                         (unsigned)id, (unsigned)a, (unsigned)b, (unsigned)id2);
            return 1;
        }
        board_printf("accelerator window: ID 0x%08x, scratch ok\n", (unsigned)id);
    }
    uint64_t t1 = board_ticks();
    board_printf("%u timer ticks\n", (unsigned)(t1 - t0));
    return 0;
}
