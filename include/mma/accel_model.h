/* mmacore: what the accelerator computes in one mode, as the golden model's instruction and profile. */
#ifndef MMA_ACCEL_MODEL_H
#define MMA_ACCEL_MODEL_H

#include "mma/hw/mma_configs.h"
#include "mma/instr.h"
#include "mma/profile.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A job of mode md of configuration cfg (mma/driver.h) computes mma_gemm with the instruction and
 * profile below: the mode's instruction under the configuration's preset, and C unused (D = A*B
 * over the whole K, as wgmma with scale-d = 0) when the mode table says so (cmode).
 */

/* Parses md's instruction into *ins and resolves its profile under cfg's preset into *prof, C mode included. */
mma_status mma_accel_mode_model(const mma_hw_config *cfg, const mma_hw_mode *md, mma_instr *ins, mma_profile *prof);

#ifdef __cplusplus
}
#endif

#endif /* MMA_ACCEL_MODEL_H */
