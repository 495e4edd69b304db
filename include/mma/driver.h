/*
 * mmacore: the OS-free driver of the tensor-core accelerator (hw/rtl/accel/mma_accel.v).
 *
 * It touches hardware only through a porting layer (mma/port.h): the same source runs on the soft
 * core (volatile MMIO) and on the host against the Verilated accelerator (the port advances the
 * simulated clock while the driver waits). Every wait has a timeout. No dependency but the C
 * compiler's freestanding headers: no heap, no libc.
 *
 * A job is D (M x N) = A (M x K) x B (K x N) + C in one mode of the accelerator (a row of its mode
 * table, include/mma/hw/mma_cfg_<name>.h): exactly mma_gemm of the golden model under the
 * configuration's preset (mma_accel_mode_model of mma/accel_model.h gives the instruction and
 * profile). Memory layout:
 *   A     M rows of K element codes (sparse: K/2 stored codes), elements of the mode's elem_bytes,
 *         little endian; packed 4-bit formats two to a byte, low nibble first
 *   B     given as B^T: N rows of K codes, laid out like A
 *   C, D  M rows of N elements of 4 bytes (f32, s32) or 2 bytes (f16)
 *   meta  sparse: M rows of K/4 metadata nibbles, two to a byte, low nibble first
 *   scale block scale: scale_A M rows, scale_B^T N rows, of ceil(K / block_k) one-byte codes
 * Every address and stride must be a multiple of the bus beat (caps.bus_bytes); the accelerator
 * checks a job before it touches memory and reports any fault as an mma_status code.
 */
#ifndef MMA_DRIVER_H
#define MMA_DRIVER_H

#include <stdbool.h>
#include <stdint.h>

#include "mma/hw/mma_configs.h"
#include "mma/port.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Feature bits of mma_accel_caps.features (CAPS1.features). */
#define MMA_ACCEL_F_SPARSE 0x01u  /* 2:4 sparse A with metadata */
#define MMA_ACCEL_F_SCALE 0x02u   /* MX block scaling */
#define MMA_ACCEL_F_INT 0x04u     /* integer MMA */
#define MMA_ACCEL_F_GROUP 0x08u   /* mxf4 groups of products */
#define MMA_ACCEL_F_SEP_C 0x10u   /* C added separately after the products */
#define MMA_ACCEL_F_PAIR 0x20u    /* pair_split K order */

/* The capability registers: the hardware the golden model must follow. */
typedef struct mma_accel_caps {
    uint32_t version;      /* register map version, major.minor in [15:8].[7:0] */
    uint8_t tm, tn;        /* DPU rows and columns */
    uint8_t w_bytes;       /* bytes of A (and of B) a DPU reads a step */
    uint8_t p;             /* accumulator slots per DPU */
    uint8_t cfg_id;        /* index of mma_hw_configs */
    uint8_t nmodes;        /* rows of the mode table */
    uint8_t bus_bytes;     /* bytes of a DMA beat: the alignment of addresses and strides */
    uint8_t features;      /* MMA_ACCEL_F_* */
    uint16_t mb, nb;       /* rows and columns of a block of the on-chip buffers */
    uint16_t kpass_bytes;  /* bytes of a row of A one buffer pass over K holds */
} mma_accel_caps;

/* A probed accelerator. */
typedef struct mma_accel {
    const mma_port *port;
    mma_accel_caps caps;
    const mma_hw_config *cfg;  /* the configuration of caps.cfg_id */
    uint64_t timeout;          /* ticks of port->now a wait may take (probe sets a default) */
    uint32_t poll;             /* ticks between two status reads while waiting */
} mma_accel;

/* One job; pointers must lie in DMA-visible memory (port->bus_addr). Unused operands may be NULL. */
typedef struct mma_accel_job {
    uint8_t mode;       /* row of the mode table */
    bool ordered;       /* sparse metadata variant: true ::ordered_metadata, false .sp */
    uint32_t m, n, k;   /* dense K */
    const void *a;      uint32_t a_stride;     /* strides in bytes */
    const void *bt;     uint32_t b_stride;
    const void *c;      uint32_t c_stride;
    void *d;            uint32_t d_stride;
    const void *meta;   uint32_t meta_stride;
    const void *scale_a; uint32_t sa_stride;
    const void *scale_bt; uint32_t sb_stride;
} mma_accel_job;

/* The same job given by bus addresses (for callers that manage DMA-visible memory themselves). */
typedef struct mma_accel_bus_job {
    uint8_t mode;
    bool ordered;
    uint32_t m, n, k;
    uint32_t a, a_stride, b, b_stride, c, c_stride, d, d_stride;
    uint32_t meta, meta_stride, sa, sa_stride, sb, sb_stride;
} mma_accel_bus_job;

/* What the accelerator reported about a failed job. */
typedef struct mma_accel_error {
    mma_status cause;   /* ERR_CAUSE */
    uint32_t info;      /* bus error: the failing address; invalid job: the register at fault */
    bool write;         /* the bus error was on a write */
    uint8_t resp;       /* AXI response of the bus error (2 SLVERR, 3 DECERR) */
} mma_accel_error;

/* The performance counters. */
typedef struct mma_accel_counters {
    uint64_t cycles, busy, macs, rd_bytes, wr_bytes, stall;
    uint32_t jobs;
} mma_accel_counters;

/* Finds the accelerator behind port: checks its identification and version, reads its capabilities,
   matches them with its configuration's table (an array of fewer DPUs than the table's, as a
   board build may synthesise, is the same configuration), and soft-resets it if a job was left
   running; MMA_ERR_DEVICE if none answers or its capabilities contradict the table. */
mma_status mma_accel_probe(mma_accel *dev, const mma_port *port);

/* Reads every row of the hardware's mode table and compares it with the configuration's table the
   golden model uses; MMA_ERR_DEVICE at the first difference (its row in *bad_mode if not NULL). */
mma_status mma_accel_check_modes(const mma_accel *dev, unsigned *bad_mode);

/* The configuration table's row of a mode (NULL if out of range). */
const mma_hw_mode *mma_accel_mode(const mma_accel *dev, unsigned mode);

/* Writes a job given by bus addresses into the job registers and starts it (MMA_ERR_BUSY if a job
   runs or a failed job's error is not yet collected). Returns at once; mma_accel_wait collects the result. */
mma_status mma_accel_submit_bus(mma_accel *dev, const mma_accel_bus_job *job);

/* Translates a job's pointers to bus addresses and submits it (MMA_ERR_RANGE if a pointer is not
   DMA-visible). */
mma_status mma_accel_submit(mma_accel *dev, const mma_accel_job *job);

/* Waits until the running job ends or dev->timeout ticks pass, acknowledges it and returns its
   status: MMA_OK, the accelerator's error cause (details in *err if not NULL), or MMA_ERR_TIMEOUT
   (the job may still run: mma_accel_reset stops it). */
mma_status mma_accel_wait(mma_accel *dev, mma_accel_error *err);

/* Submits a job and waits for it. */
mma_status mma_accel_run(mma_accel *dev, const mma_accel_job *job, mma_accel_error *err);

/* Soft reset: aborts a running job, lets the DMA finish its open bus transactions and waits until
   the accelerator is idle with a clean status (MMA_ERR_TIMEOUT if it never is). */
mma_status mma_accel_reset(mma_accel *dev);

/* Reads the performance counters (each 64-bit pair consistently). */
void mma_accel_counters_read(const mma_accel *dev, mma_accel_counters *c);

/* Whether a status read has a job running (busy) and whether a finished job is unacknowledged. */
bool mma_accel_busy(const mma_accel *dev);

#ifdef __cplusplus
}
#endif
#endif /* MMA_DRIVER_H */
