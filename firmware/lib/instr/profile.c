/* Resolves a preset to the profile of the datapath that runs a given instruction. */
#include "mma/instr.h"

#include "mma/block_scale.h"


bool mma_instr_is_integer(const mma_instr *ins)
{
    const mma_format_info *info = ins != NULL ? mma_format_get((mma_format)ins->atype) : NULL;
    return info != NULL && info->kind != MMA_KIND_FLOAT;
}

mma_status mma_instr_profile(mma_preset preset, const mma_instr *ins, mma_profile *out)
{
    if (ins == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    mma_status st = mma_instr_validate(ins, NULL);
    if (st != MMA_OK) {
        return st;
    }
    if (mma_instr_is_integer(ins)) {
        /* Integer and b1 sums are exact on every generation; the profile is not consulted. */
        return mma_preset_profile(MMA_PRESET_EXACT, MMA_FAMILY_MMA, MMA_FMT_F32, MMA_FMT_F32, out);
    }
    if (ins->block_scale) {
        return mma_block_scale_preset_profile(preset, (mma_kind)ins->kind, out);
    }
    if (ins->sparsity != MMA_SPARSE_NONE && (preset == MMA_PRESET_VOLTA || preset == MMA_PRESET_TURING)) {
        return MMA_ERR_PROFILE; /* mma.sp requires sm_80 or higher */
    }
    if (ins->kind == MMA_KINDQ_F8F6F4 && preset != MMA_PRESET_RTX_BLACKWELL && preset != MMA_PRESET_EXACT &&
        preset != MMA_PRESET_SEQ_FMA) {
        return MMA_ERR_PROFILE; /* .kind::f8f6f4 (dense and sparse) requires sm_120a */
    }
    st = mma_preset_profile(preset, (mma_family)ins->family, (mma_format)ins->atype, (mma_format)ins->dtype, out);
    if (st == MMA_OK && ins->atype == MMA_FMT_F64) {
        out->round_mode = ins->f64_round;
    }
    return st;
}
