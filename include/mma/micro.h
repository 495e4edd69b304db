/*
 * mmacore: the OS-free driver of the micro accelerator (hw/rtl/micro/mma_micro.v), the exact e4m3
 * dot-product unit of an SoC too small for the DPU array (the iCEBreaker's).
 *
 * One output element at a time: d = c + sum_{i<k} a[i] * b[i] of e4m3 codes with an f32 c and d
 * under the `exact` preset (every product and C summed without loss, one rounding to nearest even):
 * mma_dot with MMA_PRESET_EXACT, bit for bit. The CPU writes the operands through the registers
 * (docs/REGISTERS_MICRO.md); there is no DMA and no wait loop: the register window holds the bus
 * until a result is ready. Through the porting layer (mma/port.h: read32 and write32 only), so it
 * runs on the soft core and on the host against the Verilated unit. No heap, no libc.
 */
#ifndef MMA_MICRO_H
#define MMA_MICRO_H

#include <stddef.h>
#include <stdint.h>

#include "mma/port.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the unit reports: its register map's version, formats and the most products a dot product. */
typedef struct mma_micro_info {
    uint32_t version;   /* VERSION: major.minor in [15:8].[7:0] */
    uint8_t ab_fmt;     /* mma_format of A and B (MMA_FMT_E4M3) */
    uint8_t cd_fmt;     /* mma_format of C and D (MMA_FMT_F32) */
    uint32_t kmax;      /* at most this many products a dot product (2^CAPS.kmax_log2) */
} mma_micro_info;

/* Reads the unit's ID and capabilities into *info: MMA_ERR_DEVICE if the window holds no micro
 * accelerator (another ID), a register map of another major version or of an older minor one (1.1
 * added the A4 and B4 registers this driver writes), or formats this driver does not know; MMA_ERR_NULL for a NULL argument. */
mma_status mma_micro_probe(const mma_port *port, mma_micro_info *info);

/* Computes *d = c + sum_{i<k} a[i] * b[i] on the unit (a, b: k e4m3 codes each; c, *d: f32 codes),
 * four products a pair of word stores (A4, B4), the last one to three through AB and AB1;
 * MMA_ERR_NULL for a NULL argument (a and b may be NULL when k is 0), MMA_ERR_SHAPE if k exceeds
 * info->kmax (nothing is written), MMA_ERR_DEVICE if the unit refused an access (STATUS.err) or
 * counted other than k products (*d is then not written). */
mma_status mma_micro_dot(const mma_port *port, const mma_micro_info *info, const uint8_t *a, const uint8_t *b,
                         size_t k, uint32_t c, uint32_t *d);

/* Computes *d = c + sum_{i<k} a_i * b_i as mma_micro_dot does, with the codes packed four to a word:
 * code a_i is bits 8 (i % 4) .. 8 (i % 4) + 7 of a[i / 4] (the same for b; a last word's unused
 * bytes are ignored), so each four products cost two word loads and two register writes. */
mma_status mma_micro_dot_words(const mma_port *port, const mma_micro_info *info, const uint32_t *a,
                               const uint32_t *b, size_t k, uint32_t c, uint32_t *d);

#ifdef __cplusplus
}
#endif
#endif /* MMA_MICRO_H */
