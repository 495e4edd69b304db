/* hello: the smallest firmware - UART, timer, exit device and the accelerator register window.
 * Prints a greeting, probes the accelerator ID register (an empty slot reads 0) and, when an ID
 * answers, writes and reads back two plain read/write registers (A_ADDR and A_STRIDE of the job
 * registers: nothing starts until CTRL.start; any register of mmasoc --fake-accel's stand-in)
 * through the AXI4-Lite window (the micro accelerator, ID 'MMAU', is only named). Exit code 0,
 * or 1 if the window misbehaves. Uses no golden-model code (only the generated register offsets). */
#include <stddef.h>

#include "board.h"
#include "mma/hw/mma_accel_regs.h"
#include "mma/hw/mma_micro_regs.h"

/* The ISA this image was built for: rv32imc for PicoRV32 and QEMU, rv32im for VexRiscv. */
#if defined(__riscv_compressed)
#define HELLO_ISA "rv32imc (PicoRV32 SoC / QEMU virt)"
#else
#define HELLO_ISA "rv32im (VexRiscv SoC / QEMU virt)"
#endif

int main(void)
{
    board_uart_init();
    uint64_t t0 = board_ticks();
    board_printf("hello from mmacore on %s\n", HELLO_ISA);
    const mma_port *port = board_port_mmio();
    uint32_t id = port->read32(port->ctx, 0u);
    if (id == MMA_MICRO__ID__VALUE_reset) {   /* the iCEBreaker's: its own registers, app micro */
        board_printf("accelerator: the micro accelerator (ID 0x%08x; firmware micro checks it)\n", (unsigned)id);
    } else if (id != BOARD_ACCEL_ID) {
        board_printf("accelerator: absent (ID register reads 0x%08x)\n", (unsigned)id);
    } else {
        const uint32_t ra = (uint32_t)offsetof(mma_accel_t, A_ADDR), rb = (uint32_t)offsetof(mma_accel_t, A_STRIDE);
        port->write32(port->ctx, ra, 0xA5C3u);
        port->write32(port->ctx, rb, 0x12345678u);
        uint32_t a = port->read32(port->ctx, ra), b = port->read32(port->ctx, rb);
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
