/*
 * mmacore: the porting layer of the accelerator driver - the only way the driver (mma/driver.h)
 * touches hardware. One implementation per target: volatile MMIO on the soft core
 * (board/rv32/port_mmio.c), a Verilated accelerator on the host whose clock advances while the
 * driver waits (sim/), or none at all (the driver then reports that no accelerator is present).
 */
#ifndef MMA_PORT_H
#define MMA_PORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the driver needs from a target; every function pointer must be set. */
typedef struct mma_port {
    void *ctx;   /* the target's own state, passed back to every call */
    /* Reads the 32-bit accelerator register at byte offset `offset` of the register window. */
    uint32_t (*read32)(void *ctx, uint32_t offset);
    /* Writes the 32-bit accelerator register at byte offset `offset`. */
    void (*write32)(void *ctx, uint32_t offset, uint32_t value);
    /* Waits until the interrupt line may have risen or `ticks` ticks of now() have passed, whichever
       comes first (polling targets just let time pass); the driver re-reads the status after it. */
    void (*wait)(void *ctx, uint32_t ticks);
    /* Orders the CPU's memory writes before an accelerator start and its reads after completion. */
    void (*barrier)(void *ctx);
    /* A monotonic time base for timeouts (cycles on the soft core, simulated cycles on the host). */
    uint64_t (*now)(void *ctx);
    /* The bus address at which the accelerator's DMA sees the memory at p (DMA-visible memory),
       or false if p is not in DMA-visible memory. */
    bool (*bus_addr)(void *ctx, const void *p, uint32_t *addr);
} mma_port;

#ifdef __cplusplus
}
#endif
#endif /* MMA_PORT_H */
