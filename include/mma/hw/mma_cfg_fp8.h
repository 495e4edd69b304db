/* GENERATED from hw/config/fp8.json and the exact preset by hw/gen/gen_hw.py; do not edit */
/* Configuration "fp8": the FP8-first accelerator: e4m3 x e4m3 -> f32, plain and MX (one ue8m0 scale of A and of B per 32 K), under the exact preset (each k = 32 chunk's products and C summed without loss, one rounding) on exact DPUs (mma_dpu_exact); 128 FP8 MACs a cycle */
#ifndef MMA_HW_CFG_FP8_H
#define MMA_HW_CFG_FP8_H

#include "mma/hw/mma_mode.h"

#define MMA_CFG_FP8_ID 7
#define MMA_CFG_FP8_TM 2
#define MMA_CFG_FP8_TN 2
#define MMA_CFG_FP8_W 32
#define MMA_CFG_FP8_NL 32
#define MMA_CFG_FP8_DPU_EXACT 1
#define MMA_CFG_FP8_HAS_PACKED 0
#define MMA_CFG_FP8_HAS_SPARSE 0
#define MMA_CFG_FP8_HAS_SCALE 1
#define MMA_CFG_FP8_SCALE_BYTES 1
#define MMA_CFG_FP8_HAS_GROUP 0
#define MMA_CFG_FP8_HAS_INT 0
#define MMA_CFG_FP8_HAS_SEP 0
#define MMA_CFG_FP8_HAS_PAIR 0
#define MMA_CFG_FP8_HAS_F16 0
#define MMA_CFG_FP8_F_MAIN 1
#define MMA_CFG_FP8_F_GRP 1
#define MMA_CFG_FP8_NMODES 2
#define MMA_CFG_FP8_LANE_FMTS 0x00000040u
#define MMA_CFG_FP8_PRESET "exact"

/* The mode table (one row per instruction of hw/config/fp8.json). */
static const mma_hw_mode mma_cfg_fp8_modes[2] = {
    {.atype = 6, .btype = 6, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 32, .f = 1, .e8m13 = 0, .f32_round = 0, .f16_round = 0, .min_e = 0, .min_e_none = 1, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 32, .steps = 1, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 0, .block_k_log2 = 0, .instr = "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32"},
    {.atype = 6, .btype = 6, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 10, .block_k = 32, .satfinite = 0, .integer = 0, .packed = 0, .kc = 32, .g = 32, .f = 1, .e8m13 = 0, .f32_round = 0, .f16_round = 0, .min_e = 0, .min_e_none = 1, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 32, .act_lanes = 32, .steps = 1, .elem_bytes = 1, .kc_log2 = 5, .steps_log2 = 0, .block_k_log2 = 5, .instr = "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0"},
};

#endif
