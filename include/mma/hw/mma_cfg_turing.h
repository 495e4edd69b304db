/* GENERATED from hw/config/turing.json and the turing preset by hw/gen/gen_hw.py; do not edit */
/* Configuration "turing": T4 (sm_75): f16 with the Turing preset (8 products per step, F = 24) */
#ifndef MMA_HW_CFG_TURING_H
#define MMA_HW_CFG_TURING_H

#include "mma/hw/mma_mode.h"

#define MMA_CFG_TURING_ID 6
#define MMA_CFG_TURING_TM 2
#define MMA_CFG_TURING_TN 2
#define MMA_CFG_TURING_W 16
#define MMA_CFG_TURING_NL 16
#define MMA_CFG_TURING_DPU_EXACT 0
#define MMA_CFG_TURING_HAS_PACKED 0
#define MMA_CFG_TURING_HAS_SPARSE 0
#define MMA_CFG_TURING_HAS_SCALE 0
#define MMA_CFG_TURING_SCALE_BYTES 1
#define MMA_CFG_TURING_HAS_GROUP 0
#define MMA_CFG_TURING_HAS_INT 0
#define MMA_CFG_TURING_HAS_SEP 0
#define MMA_CFG_TURING_HAS_PAIR 0
#define MMA_CFG_TURING_HAS_F16 1
#define MMA_CFG_TURING_F_MAIN 24
#define MMA_CFG_TURING_F_GRP 1
#define MMA_CFG_TURING_NMODES 2
#define MMA_CFG_TURING_LANE_FMTS 0x00000008u
#define MMA_CFG_TURING_PRESET "turing"
#define MMA_CFG_TURING_GPU "T4"

/* The mode table (one row per instruction of hw/config/turing.json). */
static const mma_hw_mode mma_cfg_turing_modes[2] = {
    {.atype = 3, .btype = 3, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 8, .f = 24, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -132, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 8, .act_lanes = 8, .steps = 2, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 1, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32"},
    {.atype = 3, .btype = 3, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 8, .f = 24, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -20, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 8, .act_lanes = 8, .steps = 2, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 1, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16"},
};

#endif
