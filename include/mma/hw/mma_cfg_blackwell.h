/* GENERATED from hw/config/blackwell.json and the blackwell preset by hw/gen/gen_hw.py; do not edit */
/* Configuration "blackwell": B200 (sm_100): the Hopper f16/bf16/tf32 datapaths; FP8 mma.sync as 2 x 16 pair_split steps with C added separately, f32 and f16 output */
#ifndef MMA_HW_CFG_BLACKWELL_H
#define MMA_HW_CFG_BLACKWELL_H

#include "mma/hw/mma_mode.h"

#define MMA_CFG_BLACKWELL_ID 5
#define MMA_CFG_BLACKWELL_TM 2
#define MMA_CFG_BLACKWELL_TN 2
#define MMA_CFG_BLACKWELL_W 32
#define MMA_CFG_BLACKWELL_NL 32
#define MMA_CFG_BLACKWELL_DPU_EXACT 0
#define MMA_CFG_BLACKWELL_HAS_PACKED 0
#define MMA_CFG_BLACKWELL_HAS_SPARSE 0
#define MMA_CFG_BLACKWELL_HAS_SCALE 0
#define MMA_CFG_BLACKWELL_SCALE_BYTES 1
#define MMA_CFG_BLACKWELL_HAS_GROUP 0
#define MMA_CFG_BLACKWELL_HAS_INT 0
#define MMA_CFG_BLACKWELL_HAS_SEP 1
#define MMA_CFG_BLACKWELL_HAS_PAIR 1
#define MMA_CFG_BLACKWELL_HAS_F16 1
#define MMA_CFG_BLACKWELL_F_MAIN 25
#define MMA_CFG_BLACKWELL_F_GRP 1
#define MMA_CFG_BLACKWELL_NMODES 12
#define MMA_CFG_BLACKWELL_LANE_FMTS 0x0000007cu
#define MMA_CFG_BLACKWELL_PRESET "blackwell"
#define MMA_CFG_BLACKWELL_GPU "B200"

/* The mode table (one row per instruction of hw/config/blackwell.json). */
static const mma_hw_mode mma_cfg_blackwell_modes[12] = {
    {.atype = 3, .btype = 3, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 1, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32"},
    {.atype = 3, .btype = 3, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -21, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 1, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16"},
    {.atype = 4, .btype = 4, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 1, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32"},
    {.atype = 2, .btype = 2, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 8, .g = 8, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 8, .act_lanes = 8, .steps = 1, .elem_bytes = 4, .kc_log2 = 3, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32"},
    {.atype = 6, .btype = 6, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32"},
    {.atype = 6, .btype = 5, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32"},
    {.atype = 5, .btype = 6, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32"},
    {.atype = 5, .btype = 5, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32"},
    {.atype = 6, .btype = 6, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -21, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16"},
    {.atype = 6, .btype = 5, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -21, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16"},
    {.atype = 5, .btype = 6, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -21, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16"},
    {.atype = 5, .btype = 5, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -21, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16"},
};

#endif
