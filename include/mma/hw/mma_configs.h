/* GENERATED from hw/config/<name>.json by hw/gen/gen_hw.py; do not edit */
/* Every accelerator configuration, by id. */
#ifndef MMA_HW_CONFIGS_H
#define MMA_HW_CONFIGS_H

#include "mma/hw/mma_cfg_default.h"
#include "mma/hw/mma_cfg_volta.h"
#include "mma/hw/mma_cfg_ampere.h"
#include "mma/hw/mma_cfg_ada.h"
#include "mma/hw/mma_cfg_hopper.h"
#include "mma/hw/mma_cfg_blackwell.h"
#include "mma/hw/mma_cfg_turing.h"
#include "mma/hw/mma_cfg_fp8.h"

#define MMA_HW_CONFIG_COUNT 8

typedef struct mma_hw_config {
    const char *name;
    const char *preset;
    const char *gpu;      /* GPU whose data sets this configuration reproduces, or 0 */
    unsigned tm, tn, w;   /* DPU rows, columns, bytes per step */
    unsigned nmodes;
    const mma_hw_mode *modes;
} mma_hw_config;

static const mma_hw_config mma_hw_configs[MMA_HW_CONFIG_COUNT] = {
    {"default", "rtx_blackwell", 0, MMA_CFG_DEFAULT_TM, MMA_CFG_DEFAULT_TN, MMA_CFG_DEFAULT_W, 111, mma_cfg_default_modes},
    {"volta", "volta", "V100", MMA_CFG_VOLTA_TM, MMA_CFG_VOLTA_TN, MMA_CFG_VOLTA_W, 2, mma_cfg_volta_modes},
    {"ampere", "ampere", "A100", MMA_CFG_AMPERE_TM, MMA_CFG_AMPERE_TN, MMA_CFG_AMPERE_W, 4, mma_cfg_ampere_modes},
    {"ada", "ada", "Ada", MMA_CFG_ADA_TM, MMA_CFG_ADA_TN, MMA_CFG_ADA_W, 12, mma_cfg_ada_modes},
    {"hopper", "hopper", "H100", MMA_CFG_HOPPER_TM, MMA_CFG_HOPPER_TN, MMA_CFG_HOPPER_W, 16, mma_cfg_hopper_modes},
    {"blackwell", "blackwell", "B200", MMA_CFG_BLACKWELL_TM, MMA_CFG_BLACKWELL_TN, MMA_CFG_BLACKWELL_W, 12, mma_cfg_blackwell_modes},
    {"turing", "turing", "T4", MMA_CFG_TURING_TM, MMA_CFG_TURING_TN, MMA_CFG_TURING_W, 2, mma_cfg_turing_modes},
    {"fp8", "exact", 0, MMA_CFG_FP8_TM, MMA_CFG_FP8_TN, MMA_CFG_FP8_W, 2, mma_cfg_fp8_modes},
};

#endif
