/* GENERATED from hw/config/ada.json and the ada preset by hw/gen/gen_hw.py; do not edit */
/* Configuration "ada": Ada / L40S (sm_89): the Ampere datapaths plus FP8 with 16 products per step, F = 13 and e8m13 step results */
#ifndef MMA_HW_CFG_ADA_H
#define MMA_HW_CFG_ADA_H

#include "mma/hw/mma_mode.h"

#define MMA_CFG_ADA_ID 3
#define MMA_CFG_ADA_TM 2
#define MMA_CFG_ADA_TN 2
#define MMA_CFG_ADA_W 16
#define MMA_CFG_ADA_NL 16
#define MMA_CFG_ADA_DPU_EXACT 0
#define MMA_CFG_ADA_HAS_PACKED 0
#define MMA_CFG_ADA_HAS_SPARSE 0
#define MMA_CFG_ADA_HAS_SCALE 0
#define MMA_CFG_ADA_SCALE_BYTES 1
#define MMA_CFG_ADA_HAS_GROUP 0
#define MMA_CFG_ADA_HAS_INT 0
#define MMA_CFG_ADA_HAS_SEP 0
#define MMA_CFG_ADA_HAS_PAIR 0
#define MMA_CFG_ADA_HAS_F16 1
#define MMA_CFG_ADA_F_MAIN 24
#define MMA_CFG_ADA_F_GRP 1
#define MMA_CFG_ADA_NMODES 12
#define MMA_CFG_ADA_LANE_FMTS 0x0000007cu
#define MMA_CFG_ADA_PRESET "ada"
#define MMA_CFG_ADA_GPU "Ada"

/* The mode table (one row per instruction of hw/config/ada.json). */
static const mma_hw_mode mma_cfg_ada_modes[12] = {
    {.atype = 3, .btype = 3, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 8, .f = 24, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -132, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 8, .act_lanes = 8, .steps = 2, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 1, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32"},
    {.atype = 3, .btype = 3, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 8, .f = 24, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -20, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 8, .act_lanes = 8, .steps = 2, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 1, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16"},
    {.atype = 4, .btype = 4, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 8, .f = 24, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -132, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 8, .act_lanes = 8, .steps = 2, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 1, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32"},
    {.atype = 2, .btype = 2, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 8, .g = 4, .f = 24, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -132, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 4, .act_lanes = 4, .steps = 2, .elem_bytes = 4, .kc_log2 = 3, .steps_log2 = 1, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32"},
    {.atype = 6, .btype = 6, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -132, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32"},
    {.atype = 6, .btype = 5, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -132, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32"},
    {.atype = 5, .btype = 6, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -132, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32"},
    {.atype = 5, .btype = 5, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -132, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32"},
    {.atype = 6, .btype = 6, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -20, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16"},
    {.atype = 6, .btype = 5, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -20, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16"},
    {.atype = 5, .btype = 6, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -20, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16"},
    {.atype = 5, .btype = 5, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -20, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16"},
};

#endif
