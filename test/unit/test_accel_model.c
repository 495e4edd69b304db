/*
 * mma_accel_mode_model: every mode of every accelerator configuration resolves to an instruction and
 * a profile, the profile's C mode is the one the generated mode table gives the RTL, a mode with C
 * unused computes D = A*B where its C-joint twin computes D = A*B + C, and bad input is refused.
 */
#include <stdio.h>
#include <string.h>

#include "mma/accel_model.h"
#include "mma/mmacore.h"

#include "unit_check.h"

/* D (f32) of a 1 x 1 x k GEMM in mode md: A = B = 1.0 everywhere, C = 1.0. */
static uint64_t one_output(const mma_hw_config *cfg, const mma_hw_mode *md)
{
    mma_instr ins;
    mma_profile prof;
    uint64_t a[64], b[64], c = 0x3F800000u, d = 0;
    uint64_t one_a = 0, one_b = 0;
    if (mma_accel_mode_model(cfg, md, &ins, &prof) != MMA_OK ||
        mma_convert(MMA_FMT_F32, 0x3F800000u, (mma_format)md->atype, MMA_RND_RNE, 0, &one_a) != MMA_OK ||
        mma_convert(MMA_FMT_F32, 0x3F800000u, (mma_format)md->btype, MMA_RND_RNE, 0, &one_b) != MMA_OK) {
        return ~0ull;
    }
    for (unsigned i = 0; i < 64; i++) {
        a[i] = one_a;
        b[i] = one_b;
    }
    mma_gemm_desc g;
    memset(&g, 0, sizeof g);
    g.ins = &ins;
    g.prof = &prof;
    g.m = g.n = 1;
    g.k = md->kc;
    g.a = a;
    g.lda = md->kc;
    g.b = b;
    g.ldb = 1;
    g.c = &c;
    g.ldc = 1;
    g.d = &d;
    g.ldd = 1;
    return mma_gemm(&g) == MMA_OK ? d : ~0ull;
}

int main(void)
{
    unsigned modes = 0, unused = 0;
    for (size_t ci = 0; ci < MMA_HW_CONFIG_COUNT; ci++) {
        const mma_hw_config *cfg = &mma_hw_configs[ci];
        for (unsigned i = 0; i < cfg->nmodes; i++) {
            const mma_hw_mode *md = &cfg->modes[i];
            mma_instr ins;
            mma_profile prof;
            const mma_status st = mma_accel_mode_model(cfg, md, &ins, &prof);
            modes++;
            CHECK(st == MMA_OK, "%s mode %u (%s): %s", cfg->name, i, md->instr, mma_status_name(st));
            if (st != MMA_OK) {
                continue;
            }
            CHECK(ins.k == md->kc, "%s mode %u: instruction k %u, mode table %u", cfg->name, i, (unsigned)ins.k,
                  (unsigned)md->kc);
            if (!md->integer) {
                CHECK((unsigned)prof.c_mode == md->cmode, "%s mode %u (%s): profile C mode %u, mode table %u", cfg->name,
                      i, md->instr, (unsigned)prof.c_mode, (unsigned)md->cmode);
            }
            if (md->cmode != (uint8_t)MMA_C_UNUSED) {
                continue;
            }
            /* the twin: the same instruction with C joined; 1 x 1 x k of ones plus C = 1 */
            unused++;
            const mma_hw_mode *twin = NULL;
            for (unsigned j = 0; j < cfg->nmodes; j++) {
                if (j != i && strcmp(cfg->modes[j].instr, md->instr) == 0) {
                    twin = &cfg->modes[j];
                }
            }
            CHECK(twin != NULL && twin->cmode == (uint8_t)MMA_C_JOINT, "%s mode %u (%s): no C-joint twin", cfg->name, i,
                  md->instr);
            const uint64_t d_unused = one_output(cfg, md); /* k ones: 2^log2(k), k a power of two */
            CHECK(d_unused == 0x3F800000u + ((uint64_t)md->kc_log2 << 23),
                  "%s mode %u: D = A*B of %u ones is 0x%llx", cfg->name, i, (unsigned)md->kc, (unsigned long long)d_unused);
            if (twin != NULL) {
                const uint64_t d_joint = one_output(cfg, twin);
                CHECK(d_joint != d_unused && d_joint != ~0ull, "%s mode %u: C joint 0x%llx, C unused 0x%llx", cfg->name, i,
                      (unsigned long long)d_joint, (unsigned long long)d_unused);
            }
        }
    }
    CHECK(unused >= 4, "only %u modes with C unused (hopper's wgmma FP8 -> f32 should have 4)", unused);

    /* bad input */
    const mma_hw_config *cfg = &mma_hw_configs[0];
    mma_instr ins;
    mma_profile prof;
    CHECK(mma_accel_mode_model(NULL, &cfg->modes[0], &ins, &prof) == MMA_ERR_NULL, "NULL configuration accepted");
    CHECK(mma_accel_mode_model(cfg, NULL, &ins, &prof) == MMA_ERR_NULL, "NULL mode accepted");
    CHECK(mma_accel_mode_model(cfg, &cfg->modes[0], NULL, &prof) == MMA_ERR_NULL, "NULL instruction accepted");
    CHECK(mma_accel_mode_model(cfg, &cfg->modes[0], &ins, NULL) == MMA_ERR_NULL, "NULL profile accepted");
    mma_hw_mode bad = cfg->modes[0];
    bad.instr = "mma.sync.aligned.m16n8k16.row.col.f32.nosuch.nosuch.f32";
    CHECK(mma_accel_mode_model(cfg, &bad, &ins, &prof) != MMA_OK, "a mode with an invalid instruction accepted");
    mma_hw_config badcfg = *cfg;
    badcfg.preset = "nosuch";
    CHECK(mma_accel_mode_model(&badcfg, &cfg->modes[0], &ins, &prof) == MMA_ERR_PROFILE, "an unknown preset accepted");

    printf("accel_model: %u modes of %u configurations, %d checks, %u with C unused: %s\n", modes,
           (unsigned)MMA_HW_CONFIG_COUNT, checks, unused, failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
