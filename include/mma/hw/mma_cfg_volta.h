/* GENERATED from hw/config/volta.json and the volta preset by hw/gen/gen_hw.py; do not edit */
/* Configuration "volta": V100 (sm_70): f16 with the Volta preset (4 products per step, F = 23); the smallest configuration */
#ifndef MMA_HW_CFG_VOLTA_H
#define MMA_HW_CFG_VOLTA_H

#include "mma/hw/mma_mode.h"

#define MMA_CFG_VOLTA_ID 1
#define MMA_CFG_VOLTA_TM 2
#define MMA_CFG_VOLTA_TN 2
#define MMA_CFG_VOLTA_W 8
#define MMA_CFG_VOLTA_NL 8
#define MMA_CFG_VOLTA_DPU_EXACT 0
#define MMA_CFG_VOLTA_HAS_PACKED 0
#define MMA_CFG_VOLTA_HAS_SPARSE 0
#define MMA_CFG_VOLTA_HAS_SCALE 0
#define MMA_CFG_VOLTA_SCALE_BYTES 1
#define MMA_CFG_VOLTA_HAS_GROUP 0
#define MMA_CFG_VOLTA_HAS_INT 0
#define MMA_CFG_VOLTA_HAS_SEP 0
#define MMA_CFG_VOLTA_HAS_PAIR 0
#define MMA_CFG_VOLTA_HAS_F16 1
#define MMA_CFG_VOLTA_F_MAIN 23
#define MMA_CFG_VOLTA_F_GRP 1
#define MMA_CFG_VOLTA_NMODES 2
#define MMA_CFG_VOLTA_LANE_FMTS 0x00000008u
#define MMA_CFG_VOLTA_PRESET "volta"
#define MMA_CFG_VOLTA_GPU "V100"

/* The mode table (one row per instruction of hw/config/volta.json). */
static const mma_hw_mode mma_cfg_volta_modes[2] = {
    {.atype = 3, .btype = 3, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 4, .f = 23, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = 0, .min_e_none = 1, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 4, .act_lanes = 4, .steps = 4, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 2, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32"},
    {.atype = 3, .btype = 3, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 4, .f = 23, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -19, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 4, .act_lanes = 4, .steps = 4, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 2, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16"},
};

#endif
