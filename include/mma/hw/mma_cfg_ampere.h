/* GENERATED from hw/config/ampere.json and the ampere preset by hw/gen/gen_hw.py; do not edit */
/* Configuration "ampere": A100 (sm_80): f16, bf16 (8 products per step) and tf32 (4), F = 24 */
#ifndef MMA_HW_CFG_AMPERE_H
#define MMA_HW_CFG_AMPERE_H

#include "mma/hw/mma_mode.h"

#define MMA_CFG_AMPERE_ID 2
#define MMA_CFG_AMPERE_TM 2
#define MMA_CFG_AMPERE_TN 2
#define MMA_CFG_AMPERE_W 16
#define MMA_CFG_AMPERE_NL 16
#define MMA_CFG_AMPERE_DPU_EXACT 0
#define MMA_CFG_AMPERE_HAS_PACKED 0
#define MMA_CFG_AMPERE_HAS_SPARSE 0
#define MMA_CFG_AMPERE_HAS_SCALE 0
#define MMA_CFG_AMPERE_SCALE_BYTES 1
#define MMA_CFG_AMPERE_HAS_GROUP 0
#define MMA_CFG_AMPERE_HAS_INT 0
#define MMA_CFG_AMPERE_HAS_SEP 0
#define MMA_CFG_AMPERE_HAS_PAIR 0
#define MMA_CFG_AMPERE_HAS_F16 1
#define MMA_CFG_AMPERE_F_MAIN 24
#define MMA_CFG_AMPERE_F_GRP 1
#define MMA_CFG_AMPERE_NMODES 4
#define MMA_CFG_AMPERE_LANE_FMTS 0x0000001cu
#define MMA_CFG_AMPERE_PRESET "ampere"
#define MMA_CFG_AMPERE_GPU "A100"

/* The mode table (one row per instruction of hw/config/ampere.json). */
static const mma_hw_mode mma_cfg_ampere_modes[4] = {
    {.atype = 3, .btype = 3, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 8, .f = 24, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -132, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 8, .act_lanes = 8, .steps = 2, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 1, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32"},
    {.atype = 3, .btype = 3, .ctype = 3, .dtype = 3, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 8, .f = 24, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -20, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 8, .act_lanes = 8, .steps = 2, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 1, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16"},
    {.atype = 4, .btype = 4, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 16, .g = 8, .f = 24, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -132, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 8, .act_lanes = 8, .steps = 2, .elem_bytes = 2, .kc_log2 = 4, .steps_log2 = 1, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32"},
    {.atype = 2, .btype = 2, .ctype = 1, .dtype = 1, .sparse = 0, .stype = 0, .block_k = 0, .satfinite = 0, .integer = 0, .packed = 0, .kc = 8, .g = 4, .f = 24, .e8m13 = 0, .f32_round = 1, .f16_round = 0, .min_e = -132, .min_e_none = 0, .korder = 0, .cmode = 0, .zero_c_term = 0, .f16_c_pinned = 0, .zero_product_term = 0, .group = 0, .group_align = 0, .lanes = 4, .act_lanes = 4, .steps = 2, .elem_bytes = 4, .kc_log2 = 3, .steps_log2 = 1, .block_k_log2 = 0, .instr = "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32"},
};

#endif
