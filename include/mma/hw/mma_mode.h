/* GENERATED from the mode field list of hw/gen/gen_hw.py by hw/gen/gen_hw.py; do not edit */
/* One row of an accelerator configuration's mode table (hw/config/<name>.json). */
#ifndef MMA_HW_MODE_H
#define MMA_HW_MODE_H

#include <stdint.h>

#define MMA_HW_MODE_BITS 110

typedef struct mma_hw_mode {
    uint8_t atype; /* bits 0..4 of the mode word */
    uint8_t btype; /* bits 5..9 of the mode word */
    uint8_t ctype; /* bits 10..14 of the mode word */
    uint8_t dtype; /* bits 15..19 of the mode word */
    uint8_t sparse; /* bits 20..20 of the mode word */
    uint8_t stype; /* bits 21..25 of the mode word */
    uint8_t block_k; /* bits 26..32 of the mode word */
    uint8_t satfinite; /* bits 33..33 of the mode word */
    uint8_t integer; /* bits 34..34 of the mode word */
    uint8_t packed; /* bits 35..35 of the mode word */
    uint16_t kc; /* bits 36..44 of the mode word */
    uint8_t g; /* bits 45..51 of the mode word */
    uint8_t f; /* bits 52..57 of the mode word */
    uint8_t e8m13; /* bits 58..58 of the mode word */
    uint8_t f32_round; /* bits 59..61 of the mode word */
    uint8_t f16_round; /* bits 62..64 of the mode word */
    int16_t min_e; /* bits 65..76 of the mode word */
    uint8_t min_e_none; /* bits 77..77 of the mode word */
    uint8_t korder; /* bits 78..78 of the mode word */
    uint8_t cmode; /* bits 79..80 of the mode word */
    uint8_t zero_c_term; /* bits 81..81 of the mode word */
    uint8_t f16_c_pinned; /* bits 82..82 of the mode word */
    uint8_t zero_product_term; /* bits 83..83 of the mode word */
    uint8_t group; /* bits 84..90 of the mode word */
    uint8_t group_align; /* bits 91..91 of the mode word */
    uint8_t lanes; /* bits 92..99 of the mode word */
    uint8_t steps; /* bits 100..106 of the mode word */
    uint8_t elem_bytes; /* bits 107..109 of the mode word */
    const char *instr; /* the PTX instruction that defines the mode */
} mma_hw_mode;

#endif
