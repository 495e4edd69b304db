/* The porting layer of the accelerator driver (mma/port.h) on the rv32 SoC: volatile MMIO. */
#include "board.h"

/* How long one wait() spins at most: the driver re-reads the status after every wait, so a
 * polling target only has to let a little time pass, not the whole timeout. */
#define PORT_MMIO_POLL_TICKS 64u

extern char __ram_start[], __ram_end[];

static uint32_t mmio_read32(void *ctx, uint32_t offset)
{
    (void)ctx;
    return *(volatile uint32_t *)(BOARD_ACCEL_BASE + (offset & (BOARD_ACCEL_SIZE - 4u)));
}

static void mmio_write32(void *ctx, uint32_t offset, uint32_t value)
{
    (void)ctx;
    *(volatile uint32_t *)(BOARD_ACCEL_BASE + (offset & (BOARD_ACCEL_SIZE - 4u))) = value;
}

static void mmio_wait(void *ctx, uint32_t ticks)
{
    (void)ctx;
    uint32_t n = ticks < PORT_MMIO_POLL_TICKS ? ticks : PORT_MMIO_POLL_TICKS;
    uint64_t t0 = board_ticks();
    while (board_ticks() - t0 < n) {
    }
}

static void mmio_barrier(void *ctx)
{
    (void)ctx;
    __asm__ volatile("fence" ::: "memory");
}

static uint64_t mmio_now(void *ctx)
{
    (void)ctx;
    return board_ticks();
}

static bool mmio_bus_addr(void *ctx, const void *p, uint32_t *addr)
{
    (void)ctx;
    uintptr_t a = (uintptr_t)p;
    if (a < (uintptr_t)__ram_start || a >= (uintptr_t)__ram_end) {
        return false;
    }
    *addr = (uint32_t)a;   /* the DMA port sees the RAM at the CPU's addresses */
    return true;
}

static const mma_port port_mmio = {
    .ctx = NULL,
    .read32 = mmio_read32,
    .write32 = mmio_write32,
    .wait = mmio_wait,
    .barrier = mmio_barrier,
    .now = mmio_now,
    .bus_addr = mmio_bus_addr,
};

const mma_port *board_port_mmio(void)
{
    return &port_mmio;
}

bool board_accel_present(void)
{
    return mmio_read32(NULL, 0u) == BOARD_ACCEL_ID;
}
