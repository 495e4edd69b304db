/*
 * mma_gpu_data_model against the table of ../shared/vectors/gpu/README.md (written out below, not
 * taken from the library): for every GPU, input and output of the published collection, the
 * instruction family and k, C joint / separate / unused, and a profile equal to the one the preset
 * gives that instruction; D = A*B (no C) exactly where the data ran so; every other pair refused with
 * an empty instruction text; bad arguments refused.
 */
#include <stdio.h>
#include <string.h>

#include "mma/mmacore.h"

#include "unit_check.h"

/* One row of the README's table, split per input and output. */
typedef struct row {
    const char *gpus;   /* space-separated */
    mma_format in, out;
    const char *instr;  /* instruction text starts with this ... */
    const char *shape;  /* ... and contains this */
    uint8_t c;          /* how the data used C */
} row;

static const row readme[] = {
    {"V100", MMA_FMT_F16, MMA_FMT_F32, "wmma.", ".m16n16k16.", MMA_C_JOINT},
    {"V100", MMA_FMT_F16, MMA_FMT_F16, "wmma.", ".m16n16k16.", MMA_C_JOINT},
    {"A100 A2 Ada L40S H100 H200 B200", MMA_FMT_F16, MMA_FMT_F32, "wmma.", ".m16n16k16.", MMA_C_JOINT},
    {"A100 A2 Ada L40S H100 H200 B200", MMA_FMT_F16, MMA_FMT_F16, "wmma.", ".m16n16k16.", MMA_C_JOINT},
    {"A100 A2 Ada L40S H100 H200 B200", MMA_FMT_BF16, MMA_FMT_F32, "wmma.", ".m16n16k16.", MMA_C_JOINT},
    {"A100 A2 Ada L40S H100 H200 B200", MMA_FMT_TF32, MMA_FMT_F32, "wmma.", ".m16n16k8.", MMA_C_JOINT},
    {"Ada L40S", MMA_FMT_E4M3, MMA_FMT_F32, "mma.sync.", ".m16n8k32.", MMA_C_JOINT},
    {"Ada L40S", MMA_FMT_E4M3, MMA_FMT_F16, "mma.sync.", ".m16n8k32.", MMA_C_JOINT},
    {"Ada L40S", MMA_FMT_E5M2, MMA_FMT_F32, "mma.sync.", ".m16n8k32.", MMA_C_JOINT},
    {"Ada L40S", MMA_FMT_E5M2, MMA_FMT_F16, "mma.sync.", ".m16n8k32.", MMA_C_JOINT},
    {"H100 H200", MMA_FMT_E4M3, MMA_FMT_F32, "wgmma.", "k32.", MMA_C_UNUSED},
    {"H100 H200", MMA_FMT_E5M2, MMA_FMT_F32, "wgmma.", "k32.", MMA_C_UNUSED},
    {"H100 H200", MMA_FMT_E4M3, MMA_FMT_F16, "mma.sync.", ".m16n8k32.", MMA_C_SEPARATE},
    {"H100 H200", MMA_FMT_E5M2, MMA_FMT_F16, "mma.sync.", ".m16n8k32.", MMA_C_SEPARATE},
    {"B200", MMA_FMT_E4M3, MMA_FMT_F32, "mma.sync.", ".m16n8k32.", MMA_C_SEPARATE},
    {"B200", MMA_FMT_E5M2, MMA_FMT_F32, "mma.sync.", ".m16n8k32.", MMA_C_SEPARATE},
    {"B200", MMA_FMT_E4M3, MMA_FMT_F16, "mma.sync.", ".m16n8k32.", MMA_C_SEPARATE},
    {"B200", MMA_FMT_E5M2, MMA_FMT_F16, "mma.sync.", ".m16n8k32.", MMA_C_SEPARATE},
};

/* f32 D of one dot product of k ones (A = B = 1.0) plus C = 1.0 under prof. */
static uint64_t ones(const mma_profile *prof, mma_format in, mma_format out, unsigned k)
{
    uint64_t a[64], one = 0, c = 0, d = 0, d32 = 0;
    if (k > 64 || mma_convert(MMA_FMT_F32, 0x3F800000u, in, MMA_RND_RNE, 0, &one) != MMA_OK ||
        mma_convert(MMA_FMT_F32, 0x3F800000u, out, MMA_RND_RNE, 0, &c) != MMA_OK) {
        return ~0ull;
    }
    for (unsigned i = 0; i < k; i++) {
        a[i] = one;
    }
    if (mma_dot(prof, in, a, 1, in, a, 1, k, out, c, out, &d) != MMA_OK ||
        mma_convert(out, d, MMA_FMT_F32, MMA_RND_RNE, 0, &d32) != MMA_OK) {
        return ~0ull;
    }
    return d32;
}

/* Checks one (GPU, row): text, profile, C usage. */
static void check_row(const mma_gpu *gpu, const row *r)
{
    char text[160];
    mma_instr ins, again;
    mma_profile prof, direct;
    const char *fmt = mma_format_get(r->in)->name, *out = mma_format_get(r->out)->name;
    const mma_status st = mma_gpu_data_model(gpu, (mma_preset)gpu->preset, r->in, r->out, text, sizeof text, &ins, &prof);
    CHECK(st == MMA_OK, "%s %s -> %s: %s", gpu->name, fmt, out, mma_status_message(st));
    if (st != MMA_OK) {
        return;
    }
    CHECK(strncmp(text, r->instr, strlen(r->instr)) == 0 && strstr(text, r->shape) != NULL,
          "%s %s -> %s: %s, the README says %s...%s", gpu->name, fmt, out, text, r->instr, r->shape);
    CHECK(ins.atype == r->in && ins.btype == r->in && ins.dtype == r->out, "%s %s -> %s: types of %s", gpu->name,
          fmt, out, text);
    CHECK(prof.c_mode == r->c, "%s %s -> %s: C mode %d, the README says %d", gpu->name, fmt, out, (int)prof.c_mode,
          (int)r->c);
    /* the same profile as the preset gives the instruction, but for C */
    CHECK(mma_instr_parse(text, strlen(text), &again, NULL) == MMA_OK &&
              mma_instr_profile((mma_preset)gpu->preset, &again, &direct) == MMA_OK,
          "%s: %s does not resolve", gpu->name, text);
    direct.c_mode = prof.c_mode;
    CHECK(mma_profile_same(&direct, &prof), "%s %s -> %s: profile differs from the preset's", gpu->name, fmt, out);
    /* k ones + C = 1: D = k without C, k + 1 with it (exact in every format here, k <= 32) */
    const uint64_t d = ones(&prof, r->in, r->out, ins.k);
    const uint64_t want = r->c == MMA_C_UNUSED ? 0x42000000u /* 32 */ : (ins.k == 8 ? 0x41100000u : ins.k == 16 ? 0x41880000u : 0x42040000u);
    CHECK(d == want, "%s %s -> %s: D of %u ones + C 1 = 0x%08llx, want 0x%08llx", gpu->name, fmt, out,
          (unsigned)ins.k, (unsigned long long)d, (unsigned long long)want);
}

/* True if the README's table lists (GPU, in, out); checks it when it does. */
static int listed(const mma_gpu *gpu, mma_format in, mma_format out)
{
    int n = 0;
    for (size_t i = 0; i < sizeof readme / sizeof readme[0]; i++) {
        const row *r = &readme[i];
        const char *p = strstr(r->gpus, gpu->name);
        const size_t len = strlen(gpu->name);
        if (r->in == in && r->out == out && p != NULL && (p == r->gpus || p[-1] == ' ') &&
            (p[len] == ' ' || p[len] == '\0')) {
            check_row(gpu, r);
            n++;
        }
    }
    return n;
}

int main(void)
{
    static const mma_format ins[] = {MMA_FMT_F16, MMA_FMT_BF16, MMA_FMT_TF32, MMA_FMT_E4M3, MMA_FMT_E5M2};
    static const mma_format outs[] = {MMA_FMT_F32, MMA_FMT_F16};
    unsigned checked = 0, refused = 0;
    for (size_t g = 0; mma_gpu_get(g) != NULL; g++) {
        const mma_gpu *gpu = mma_gpu_get(g);
        for (size_t i = 0; i < sizeof ins / sizeof ins[0]; i++) {
            for (size_t o = 0; o < 2; o++) {
                if (listed(gpu, ins[i], outs[o]) > 0) {
                    checked++;
                    continue;
                }
                /* not in the README: only the pairs no GPU of this generation ran may be refused */
                char text[160] = "x";
                mma_instr in;
                mma_profile prof;
                const mma_status st =
                    mma_gpu_data_model(gpu, (mma_preset)gpu->preset, ins[i], outs[o], text, sizeof text, &in, &prof);
                const int fp8 = ins[i] == MMA_FMT_E4M3 || ins[i] == MMA_FMT_E5M2;
                const int no_pair = (ins[i] == MMA_FMT_BF16 || ins[i] == MMA_FMT_TF32) && outs[o] == MMA_FMT_F16;
                if (st != MMA_OK) {
                    CHECK(text[0] == '\0', "%s: refused %d but wrote \"%s\"", gpu->name, (int)st, text);
                    CHECK(no_pair || (fp8 && gpu->sm < 89) || (!fp8 && gpu->sm < 80),
                          "%s %s -> %s refused (%s)", gpu->name, mma_format_get(ins[i])->name,
                          mma_format_get(outs[o])->name, mma_status_message(st));
                    refused++;
                }
            }
        }
    }
    /* the README lists 50 (GPU, input, output) data sets: V100 2, seven GPUs 4 each, Ada / L40S / H100 / H200 / B200 4 more */
    CHECK(checked == 50, "%u (GPU, input, output) pairs of the README checked, not 50", checked);

    /* a preset without a datapath for the instruction: refused, the instruction's text kept */
    const mma_gpu *h100 = NULL;
    char text[160];
    mma_instr in;
    mma_profile prof;
    CHECK(mma_gpu_from_name("H100", 4, &h100) == MMA_OK, "H100 unknown");
    mma_status st = mma_gpu_data_model(h100, MMA_PRESET_VOLTA, MMA_FMT_E4M3, MMA_FMT_F32, text, sizeof text, &in, &prof);
    CHECK(st != MMA_OK && strncmp(text, "wgmma.", 6) == 0, "volta preset on H100 FP8: %d, \"%s\"", (int)st, text);
    /* the exact preset models any of them, C usage still the data's */
    st = mma_gpu_data_model(h100, MMA_PRESET_EXACT, MMA_FMT_E4M3, MMA_FMT_F32, text, sizeof text, &in, &prof);
    CHECK(st == MMA_OK && prof.c_mode == MMA_C_UNUSED, "exact preset on H100 FP8: %d", (int)st);
    /* bad arguments */
    CHECK(mma_gpu_data_model(NULL, MMA_PRESET_EXACT, MMA_FMT_F16, MMA_FMT_F32, text, sizeof text, &in, &prof) ==
              MMA_ERR_NULL,
          "NULL gpu");
    CHECK(mma_gpu_data_model(h100, MMA_PRESET_HOPPER, MMA_FMT_F16, MMA_FMT_F32, text, sizeof text, NULL, &prof) ==
              MMA_ERR_NULL,
          "NULL ins");
    CHECK(mma_gpu_data_model(h100, MMA_PRESET_HOPPER, MMA_FMT_F16, MMA_FMT_F32, text, sizeof text, &in, NULL) ==
              MMA_ERR_NULL,
          "NULL prof");
    CHECK(mma_gpu_data_model(h100, MMA_PRESET_HOPPER, MMA_FMT_F16, MMA_FMT_F32, text, 8, &in, &prof) == MMA_ERR_BUFFER &&
              text[0] == '\0',
          "short buffer");
    CHECK(mma_gpu_data_model(h100, MMA_PRESET_HOPPER, MMA_FMT_E4M3, MMA_FMT_S32, text, sizeof text, &in, &prof) ==
              MMA_ERR_FORMAT_PAIR,
          "s32 output");

    printf("gpu data model: %u README rows checked, %u pairs refused, %d checks, %d failed\n", checked, refused, checks,
           failures);
    if (failures == 0) {
        printf("gpu data model: ok\n");
    }
    return failures != 0;
}
