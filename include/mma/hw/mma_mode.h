/* GENERATED from the mode field list of hw/gen/gen_hw.py by hw/gen/gen_hw.py; do not edit */
/* One row of an accelerator configuration's mode table (hw/config/<name>.json). */
#ifndef MMA_HW_MODE_H
#define MMA_HW_MODE_H

#include <stdint.h>

#define MMA_HW_MODE_BITS 127

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
    uint8_t act_lanes; /* bits 100..106 of the mode word */
    uint8_t steps; /* bits 107..113 of the mode word */
    uint8_t elem_bytes; /* bits 114..116 of the mode word */
    uint8_t kc_log2; /* bits 117..120 of the mode word */
    uint8_t steps_log2; /* bits 121..123 of the mode word */
    uint8_t block_k_log2; /* bits 124..126 of the mode word */
    const char *instr; /* the PTX instruction that defines the mode */
} mma_hw_mode;

/* Bits [lsb, lsb + width) of a mode word held as four 32-bit words, least significant first. */
static inline uint32_t mma_hw_mode_bits(const uint32_t w[4], unsigned lsb, unsigned width)
{
    uint64_t v = (uint64_t)w[lsb / 32u] >> (lsb % 32u);
    if (lsb % 32u + width > 32u && lsb / 32u < 3u) {
        v |= (uint64_t)w[lsb / 32u + 1u] << (32u - lsb % 32u);
    }
    return (uint32_t)(v & ((1u << width) - 1u));
}

/* Fills every field of m but instr from a mode word (the accelerator's MODE_DESC0..3). */
static inline void mma_hw_mode_unpack(const uint32_t w[4], mma_hw_mode *m)
{
    m->atype = (uint8_t)mma_hw_mode_bits(w, 0u, 5u);
    m->btype = (uint8_t)mma_hw_mode_bits(w, 5u, 5u);
    m->ctype = (uint8_t)mma_hw_mode_bits(w, 10u, 5u);
    m->dtype = (uint8_t)mma_hw_mode_bits(w, 15u, 5u);
    m->sparse = (uint8_t)mma_hw_mode_bits(w, 20u, 1u);
    m->stype = (uint8_t)mma_hw_mode_bits(w, 21u, 5u);
    m->block_k = (uint8_t)mma_hw_mode_bits(w, 26u, 7u);
    m->satfinite = (uint8_t)mma_hw_mode_bits(w, 33u, 1u);
    m->integer = (uint8_t)mma_hw_mode_bits(w, 34u, 1u);
    m->packed = (uint8_t)mma_hw_mode_bits(w, 35u, 1u);
    m->kc = (uint16_t)mma_hw_mode_bits(w, 36u, 9u);
    m->g = (uint8_t)mma_hw_mode_bits(w, 45u, 7u);
    m->f = (uint8_t)mma_hw_mode_bits(w, 52u, 6u);
    m->e8m13 = (uint8_t)mma_hw_mode_bits(w, 58u, 1u);
    m->f32_round = (uint8_t)mma_hw_mode_bits(w, 59u, 3u);
    m->f16_round = (uint8_t)mma_hw_mode_bits(w, 62u, 3u);
    m->min_e = (int16_t)((int32_t)(mma_hw_mode_bits(w, 65u, 12u) << 20) >> 20);
    m->min_e_none = (uint8_t)mma_hw_mode_bits(w, 77u, 1u);
    m->korder = (uint8_t)mma_hw_mode_bits(w, 78u, 1u);
    m->cmode = (uint8_t)mma_hw_mode_bits(w, 79u, 2u);
    m->zero_c_term = (uint8_t)mma_hw_mode_bits(w, 81u, 1u);
    m->f16_c_pinned = (uint8_t)mma_hw_mode_bits(w, 82u, 1u);
    m->zero_product_term = (uint8_t)mma_hw_mode_bits(w, 83u, 1u);
    m->group = (uint8_t)mma_hw_mode_bits(w, 84u, 7u);
    m->group_align = (uint8_t)mma_hw_mode_bits(w, 91u, 1u);
    m->lanes = (uint8_t)mma_hw_mode_bits(w, 92u, 8u);
    m->act_lanes = (uint8_t)mma_hw_mode_bits(w, 100u, 7u);
    m->steps = (uint8_t)mma_hw_mode_bits(w, 107u, 7u);
    m->elem_bytes = (uint8_t)mma_hw_mode_bits(w, 114u, 3u);
    m->kc_log2 = (uint8_t)mma_hw_mode_bits(w, 117u, 4u);
    m->steps_log2 = (uint8_t)mma_hw_mode_bits(w, 121u, 3u);
    m->block_k_log2 = (uint8_t)mma_hw_mode_bits(w, 124u, 3u);
    m->instr = 0;
}

/* Whether two rows have equal fields (instr aside). */
static inline int mma_hw_mode_same(const mma_hw_mode *x, const mma_hw_mode *y)
{
    return x->atype == y->atype &&
           x->btype == y->btype &&
           x->ctype == y->ctype &&
           x->dtype == y->dtype &&
           x->sparse == y->sparse &&
           x->stype == y->stype &&
           x->block_k == y->block_k &&
           x->satfinite == y->satfinite &&
           x->integer == y->integer &&
           x->packed == y->packed &&
           x->kc == y->kc &&
           x->g == y->g &&
           x->f == y->f &&
           x->e8m13 == y->e8m13 &&
           x->f32_round == y->f32_round &&
           x->f16_round == y->f16_round &&
           x->min_e == y->min_e &&
           x->min_e_none == y->min_e_none &&
           x->korder == y->korder &&
           x->cmode == y->cmode &&
           x->zero_c_term == y->zero_c_term &&
           x->f16_c_pinned == y->f16_c_pinned &&
           x->zero_product_term == y->zero_product_term &&
           x->group == y->group &&
           x->group_align == y->group_align &&
           x->lanes == y->lanes &&
           x->act_lanes == y->act_lanes &&
           x->steps == y->steps &&
           x->elem_bytes == y->elem_bytes &&
           x->kc_log2 == y->kc_log2 &&
           x->steps_log2 == y->steps_log2 &&
           x->block_k_log2 == y->block_k_log2;
}

#endif
