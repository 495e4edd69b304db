/* Internal interface of the Arm FP8 instructions (sme_*.c; not installed). */
#ifndef MMA_SME_INTERNAL_H
#define MMA_SME_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "mma/format.h"
#include "mma/profile.h"
#include "mma/sme.h"
#include "mma/status.h"

/* Marks an FP8 source stream whose FPMR format field holds a reserved value (FP8Type_UNSUPPORTED). */
#define MMAI_SME_FMT_RESERVED ((uint8_t)MMA_FMT_COUNT)

/* Everything one FP8DotAddFP needs, resolved once per instruction from FPMR and the options. */
typedef struct mmai_sme_env {
    mma_profile prof;     /* the arm_fp8 profile with FPMR.LSCALE and FPMR.OSM filled in */
    uint8_t dtype;        /* mma_format of the addend and result: F16 or F32 */
    uint8_t fmt1;         /* mma_format of op1 (FPMR.F8S1), or MMAI_SME_FMT_RESERVED */
    uint8_t fmt2;         /* mma_format of op2 (FPMR.F8S2), or MMAI_SME_FMT_RESERVED */
    uint8_t neg_nan;      /* 1: FPCR.AH = 1, the default NaN has its sign bit set */
} mmai_sme_env;

/* Checks the options and FPMR (strictly under MMA_SME_STRICT_FPMR) and resolves them for dtype F16 or F32. */
mma_status mmai_sme_env_init(uint64_t fpmr, uint32_t flags, mma_format dtype, mmai_sme_env *env);

/* One FP8DotAddFP: *out = round(addend + 2^-LSCALE * sum_{i<ways} op1[i] * op2[i]) (inputs already checked). */
mma_status mmai_sme_env_dot(const mmai_sme_env *env, uint64_t addend, const uint8_t *op1, const uint8_t *op2,
                           size_t ways, uint64_t *out);

/* Checks that n predicate elements are each 0 or 1; MMA_ERR_PREDICATE otherwise. */
mma_status mmai_sme_pred_check(const uint8_t *pred, size_t n);

#endif /* MMA_SME_INTERNAL_H */
