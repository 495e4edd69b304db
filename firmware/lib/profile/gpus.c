/* The one table of GPUs: names, generations, and which tensor-core datapaths each generation has. */
#include "mma/profile.h"

#include "../common/common_int.h"

/* GPU names of the published data sets and of the presets, in generation order. */
static const mma_gpu gpus[] = {
    {"V100", MMA_PRESET_VOLTA, 70},     {"T4", MMA_PRESET_TURING, 75},   {"A100", MMA_PRESET_AMPERE, 80},
    {"A2", MMA_PRESET_AMPERE, 86},      {"A30", MMA_PRESET_AMPERE, 80},  {"Ada", MMA_PRESET_ADA, 89},
    {"L40S", MMA_PRESET_ADA, 89},       {"H100", MMA_PRESET_HOPPER, 90}, {"H200", MMA_PRESET_HOPPER, 90},
    {"B200", MMA_PRESET_BLACKWELL, 100}, {"sm_120", MMA_PRESET_RTX_BLACKWELL, 120},
};

const mma_gpu *mma_gpu_get(size_t index)
{
    return index < sizeof gpus / sizeof gpus[0] ? &gpus[index] : NULL;
}

mma_status mma_gpu_from_name(const char *name, size_t len, const mma_gpu **out)
{
    if (name == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    for (size_t i = 0; i < sizeof gpus / sizeof gpus[0]; ++i) {
        if (mmai_name_equals(name, len, gpus[i].name)) {
            *out = &gpus[i];
            return MMA_OK;
        }
    }
    return MMA_ERR_PROFILE;
}

uint32_t mma_preset_features(mma_preset preset)
{
    const uint32_t ampere = MMA_GPU_F16 | MMA_GPU_BF16_TF32 | MMA_GPU_SPARSE;
    switch (preset) {
    case MMA_PRESET_VOLTA:
    case MMA_PRESET_TURING:
        return MMA_GPU_F16;
    case MMA_PRESET_AMPERE:
        return ampere;
    case MMA_PRESET_ADA:
        return ampere | MMA_GPU_FP8;
    case MMA_PRESET_HOPPER:
        return ampere | MMA_GPU_FP8 | MMA_GPU_WGMMA;
    case MMA_PRESET_BLACKWELL:
        return ampere | MMA_GPU_FP8;
    case MMA_PRESET_RTX_BLACKWELL:
        return ampere | MMA_GPU_FP8 | MMA_GPU_F8F6F4;
    default:
        return 0u;
    }
}

/* Appends text to buf at *at; false if it does not fit. */
static bool put(char *buf, size_t size, size_t *at, const char *text)
{
    while (*text != '\0') {
        if (*at + 1u >= size) {
            return false;
        }
        buf[(*at)++] = *text++;
    }
    buf[*at] = '\0';
    return true;
}

mma_status mma_gpu_data_instr(const mma_gpu *gpu, mma_format in, mma_format out, char *buf, size_t size,
                              bool *c_unused)
{
    if (gpu == NULL || buf == NULL || c_unused == NULL) {
        return MMA_ERR_NULL;
    }
    if (size == 0) {
        return MMA_ERR_BUFFER;
    }
    buf[0] = '\0';
    *c_unused = false;
    const uint32_t f = mma_preset_features((mma_preset)gpu->preset);
    const char *o = out == MMA_FMT_F16 ? "f16" : "f32";
    const mma_format_info *info = mma_format_get(in);
    size_t at = 0;
    bool ok = true;
    if (out != MMA_FMT_F32 && out != MMA_FMT_F16) {
        return MMA_ERR_FORMAT_PAIR;
    }
    switch (in) {
    case MMA_FMT_F16:
        ok = put(buf, size, &at, "wmma.mma.sync.aligned.row.col.m16n16k16.") && put(buf, size, &at, o) &&
             put(buf, size, &at, ".") && put(buf, size, &at, o);
        break;
    case MMA_FMT_BF16:
    case MMA_FMT_TF32:
        if ((f & MMA_GPU_BF16_TF32) == 0) {
            return MMA_ERR_PROFILE;
        }
        if (out != MMA_FMT_F32) {
            return MMA_ERR_FORMAT_PAIR; /* bf16 and tf32 wmma write f32 only */
        }
        ok = put(buf, size, &at, in == MMA_FMT_BF16 ? "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32"
                                                     : "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32");
        break;
    case MMA_FMT_E4M3:
    case MMA_FMT_E5M2:
        if ((f & MMA_GPU_FP8) == 0) {
            return MMA_ERR_PROFILE;
        }
        if ((f & MMA_GPU_WGMMA) != 0 && out == MMA_FMT_F32) {
            /* wgmma m64nNk32 run as D = A*B: the C file was not used */
            ok = put(buf, size, &at, "wgmma.mma_async.sync.aligned.m64n8k32.f32.") && put(buf, size, &at, info->name) &&
                 put(buf, size, &at, ".") && put(buf, size, &at, info->name);
            *c_unused = true;
        } else {
            ok = put(buf, size, &at, "mma.sync.aligned.m16n8k32.row.col.") && put(buf, size, &at, o) &&
                 put(buf, size, &at, ".") && put(buf, size, &at, info->name) && put(buf, size, &at, ".") &&
                 put(buf, size, &at, info->name) && put(buf, size, &at, ".") && put(buf, size, &at, o);
        }
        break;
    default:
        return MMA_ERR_FORMAT;
    }
    return ok ? MMA_OK : MMA_ERR_BUFFER;
}
