/* GENERATED from hw/regs/mma_accel.rdl by hw/gen/gen_regs.py; do not edit */
/* mmacore: every register of the accelerator with its software view (register tests, dumps). */
#ifndef MMA_ACCEL_REG_TABLE_H
#define MMA_ACCEL_REG_TABLE_H

#include <stdint.h>

/* One register: its bits by how software sees them (a bit is in at most one of store, hw,
 * woclr and pulse). Writes to a register without store, woclr or pulse bits answer SLVERR and
 * change nothing; addresses without a register answer DECERR. */
typedef struct mma_accel_reg_info {
    const char *name;
    uint16_t offset;     /* byte offset in the 4 KiB window */
    uint8_t lock_busy;   /* writes are refused (STATUS.busy_write) while a job runs */
    uint32_t reset;      /* value after reset of the bits that are not hardware-driven */
    uint32_t read_mask;  /* bits software reads (the others read 0) */
    uint32_t store_mask; /* bits software writes and reads back */
    uint32_t hw_mask;    /* bits the hardware drives: software reads the hardware's value */
    uint32_t woclr_mask; /* bits the hardware sets and a written 1 clears */
    uint32_t pulse_mask; /* write-only bits that pulse for one cycle when written 1 */
} mma_accel_reg_info;

#define MMA_ACCEL_REG_COUNT 49

/* Returns every register of the map: MMA_ACCEL_REG_COUNT entries in address order. */
static inline const mma_accel_reg_info *mma_accel_reg_table(void)
{
    static const mma_accel_reg_info table[MMA_ACCEL_REG_COUNT] = {
        {"ID", 0x000u, 0u, 0x4D4D4143u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u},
        {"VERSION", 0x004u, 0u, 0x00000100u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u},
        {"CAPS0", 0x010u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"CAPS1", 0x014u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"CAPS2", 0x018u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"CAPS3", 0x01Cu, 0u, 0x00000000u, 0x0000FFFFu, 0x00000000u, 0x0000FFFFu, 0x00000000u, 0x00000000u},
        {"MODE_SEL", 0x020u, 0u, 0x00000000u, 0x000000FFu, 0x000000FFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"MODE_DESC0", 0x024u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"MODE_DESC1", 0x028u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"MODE_DESC2", 0x02Cu, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"MODE_DESC3", 0x030u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"CTRL", 0x040u, 0u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000007u},
        {"STATUS", 0x044u, 0u, 0x00000000u, 0x0000000Fu, 0x00000000u, 0x0000000Fu, 0x00000000u, 0x00000000u},
        {"ERR_CAUSE", 0x048u, 0u, 0x00000000u, 0x000000FFu, 0x00000000u, 0x000000FFu, 0x00000000u, 0x00000000u},
        {"ERR_INFO", 0x04Cu, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"ERR_INFO2", 0x050u, 0u, 0x00000000u, 0x00000007u, 0x00000000u, 0x00000007u, 0x00000000u, 0x00000000u},
        {"IRQ_EN", 0x054u, 0u, 0x00000000u, 0x00000003u, 0x00000003u, 0x00000000u, 0x00000000u, 0x00000000u},
        {"IRQ_STATUS", 0x058u, 0u, 0x00000000u, 0x00000003u, 0x00000000u, 0x00000000u, 0x00000003u, 0x00000000u},
        {"JOB_MODE", 0x080u, 1u, 0x00000000u, 0x000001FFu, 0x000001FFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"JOB_M", 0x084u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"JOB_N", 0x088u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"JOB_K", 0x08Cu, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"A_ADDR", 0x090u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"A_STRIDE", 0x094u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"B_ADDR", 0x098u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"B_STRIDE", 0x09Cu, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"C_ADDR", 0x0A0u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"C_STRIDE", 0x0A4u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"D_ADDR", 0x0A8u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"D_STRIDE", 0x0ACu, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"META_ADDR", 0x0B0u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"META_STRIDE", 0x0B4u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"SA_ADDR", 0x0B8u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"SA_STRIDE", 0x0BCu, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"SB_ADDR", 0x0C0u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"SB_STRIDE", 0x0C4u, 1u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u},
        {"CYCLES_LO", 0x100u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"CYCLES_HI", 0x104u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"BUSY_LO", 0x108u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"BUSY_HI", 0x10Cu, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"MACS_LO", 0x110u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"MACS_HI", 0x114u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"RD_BYTES_LO", 0x118u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"RD_BYTES_HI", 0x11Cu, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"WR_BYTES_LO", 0x120u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"WR_BYTES_HI", 0x124u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"STALL_LO", 0x128u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"STALL_HI", 0x12Cu, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
        {"JOBS", 0x130u, 0u, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu, 0x00000000u, 0x00000000u},
    };
    return table;
}

#endif /* MMA_ACCEL_REG_TABLE_H */
