/* The golden model's instruction and profile of an accelerator mode (mma/accel_model.h). */
#include "mma/accel_model.h"

#include <stddef.h>

#include "../common/common_int.h"

mma_status mma_accel_mode_model(const mma_hw_config *cfg, const mma_hw_mode *md, mma_instr *ins, mma_profile *prof)
{
    if (cfg == NULL || md == NULL || ins == NULL || prof == NULL || cfg->preset == NULL || md->instr == NULL) {
        return MMA_ERR_NULL;
    }
    mma_preset preset;
    mma_status st = mma_instr_parse(md->instr, mmai_text_len(md->instr), ins, NULL);
    if (st == MMA_OK) {
        st = mma_preset_from_name(cfg->preset, mmai_text_len(cfg->preset), &preset);
    }
    if (st == MMA_OK) {
        st = mma_instr_profile(preset, ins, prof);
    }
    if (st == MMA_OK && md->cmode == (uint8_t)MMA_C_UNUSED) {
        prof->c_mode = MMA_C_UNUSED; /* the mode runs its instruction as D = A*B (wgmma scale-d = 0) */
    }
    return st;
}
