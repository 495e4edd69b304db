/* GENERATED from hw/config/hopper.json and the hopper preset by hw/gen/gen_hw.py; do not edit */
/* Configuration "hopper": H100 / H200 (sm_90a): f16/bf16 16 products per step, tf32 8, F = 25; FP8 -> f32 as wgmma (32 products, F = 13, e8m13), with C and, as the published FP8 data ran it (scale-d = 0), without; FP8 -> f16 as mma.sync (2 x 16 pair_split, C added separately) */
#ifndef MMA_HW_CFG_HOPPER_H
#define MMA_HW_CFG_HOPPER_H

#include "mma/hw/mma_mode.h"

#define MMA_CFG_HOPPER_ID 4
#define MMA_CFG_HOPPER_TM 2
#define MMA_CFG_HOPPER_TN 2
#define MMA_CFG_HOPPER_W 32
#define MMA_CFG_HOPPER_NL 32
#define MMA_CFG_HOPPER_DPU_EXACT 0
#define MMA_CFG_HOPPER_HAS_PACKED 0
#define MMA_CFG_HOPPER_HAS_SPARSE 0
#define MMA_CFG_HOPPER_HAS_SCALE 0
#define MMA_CFG_HOPPER_SCALE_BYTES 1
#define MMA_CFG_HOPPER_HAS_GROUP 0
#define MMA_CFG_HOPPER_HAS_INT 0
#define MMA_CFG_HOPPER_HAS_SEP 1
#define MMA_CFG_HOPPER_HAS_PAIR 1
#define MMA_CFG_HOPPER_HAS_F16 1
#define MMA_CFG_HOPPER_F_MAIN 25
#define MMA_CFG_HOPPER_F_GRP 1
#define MMA_CFG_HOPPER_NMODES 16
#define MMA_CFG_HOPPER_LANE_FMTS 0x0000007cu
#define MMA_CFG_HOPPER_PRESET "hopper"
#define MMA_CFG_HOPPER_GPU "H100"

/* The mode table (one row per instruction of hw/config/hopper.json, then one per "c_unused" instruction with C unused). */
static const mma_hw_mode mma_cfg_hopper_modes[16] = {
    {.atype = 3, .btype = 3, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 1, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32"},
    {.atype = 3, .btype = 3, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -21, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 1, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16"},
    {.atype = 4, .btype = 4, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 16, .act_lanes = 16, .steps = 1, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32"},
    {.atype = 2, .btype = 2, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 8, .g = 8, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 8, .act_lanes = 8, .steps = 1, .elem_bytes = 4, .kc_log2 = 3, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32"},
    {.atype = 6, .btype = 6, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 32, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 32, .steps = 1, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3"},
    {.atype = 6, .btype = 5, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 32, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 32, .steps = 1, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e5m2"},
    {.atype = 5, .btype = 6, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 32, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 32, .steps = 1, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e4m3"},
    {.atype = 5, .btype = 5, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 32, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 32, .steps = 1, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e5m2"},
    {.atype = 6, .btype = 6, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -21, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16"},
    {.atype = 6, .btype = 5, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -21, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16"},
    {.atype = 5, .btype = 6, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -21, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16"},
    {.atype = 5, .btype = 5, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 16, .f = 25, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -21, .min_e_none = 0, .korder = 1, .cmode = 1, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 16, .steps = 2, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 1, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16"},
    {.atype = 6, .btype = 6, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 32, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 2, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 32, .steps = 1, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3"},
    {.atype = 6, .btype = 5, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 32, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 2, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 32, .steps = 1, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e5m2"},
    {.atype = 5, .btype = 6, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 32, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 2, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 32, .steps = 1, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e4m3"},
    {.atype = 5, .btype = 5, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 32, .f = 13, .e8m13 = 1, .f32_round = 1, .f16_round = 0, .min_e = -133, .min_e_none = 0, .korder = 0, .cmode = 2, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 32, .steps = 1, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 0, .block_k_log2 = 0, .instr = "wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e5m2"},
};

#endif
