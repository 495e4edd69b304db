/* Resolves a preset to the profile of the datapath that runs a given instruction. */
#include "mma/instr.h"

#include "mma/block_scale.h"

#include "../common/common_int.h"


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
    /* mma.sp needs sm_80 on, .kind::f8f6f4 sm_120a (profile/gpus.c); exact and seq_fma model any instruction */
    const uint32_t have = mma_preset_features(preset);
    const bool any = preset == MMA_PRESET_EXACT || preset == MMA_PRESET_SEQ_FMA;
    if ((preset < MMA_PRESET_EXACT && ins->sparsity != MMA_SPARSE_NONE && (have & MMA_GPU_SPARSE) == 0) ||
        (!any && ins->kind == MMA_KINDQ_F8F6F4 && (have & MMA_GPU_F8F6F4) == 0)) {
        return MMA_ERR_PROFILE;
    }
    /*
     * The datapath belongs to the instruction - family, both operand types (never A alone: swapping
     * the operands never changes D), output type. Shape: every preset's G covers the instruction's
     * K in whole steps (sm_120 FP8/FP6/FP4: G = 32 is one step for k16 and k32). Kind: plain FP8 and
     * .kind::f8f6f4 run on the same sm_120 unit.
     */
    st = mma_preset_profile_ab(preset, (mma_family)ins->family, (mma_format)ins->atype, (mma_format)ins->btype,
                               (mma_format)ins->dtype, out);
    if (st == MMA_OK && ins->atype == MMA_FMT_F64) {
        out->round_mode = ins->f64_round;
    }
    return st;
}

mma_status mma_gpu_data_model(const mma_gpu *gpu, mma_preset preset, mma_format in, mma_format out, char *buf,
                              size_t size, mma_instr *ins, mma_profile *prof)
{
    bool c_unused = false;
    if (ins == NULL || prof == NULL) {
        return MMA_ERR_NULL;
    }
    mma_status st = mma_gpu_data_instr(gpu, in, out, buf, size, &c_unused);
    if (st != MMA_OK && buf != NULL && size > 0) {
        buf[0] = '\0'; /* no instruction (or not all of its text) */
    }
    if (st == MMA_OK) {
        st = mma_instr_parse(buf, mmai_text_len(buf), ins, NULL);
    }
    if (st == MMA_OK) {
        st = mma_instr_profile(preset, ins, prof);
    }
    if (st == MMA_OK && c_unused) {
        prof->c_mode = MMA_C_UNUSED; /* vectors/gpu/README: the wgmma data sets ran as D = A*B */
    }
    return st;
}
