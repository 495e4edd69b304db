/* selftest: the golden model on the soft core against real tensor-core outputs, then the accelerator.
 *
 * 1. Software path: the first tests of each real-GPU data set (../shared/vectors/gpu, built into
 *    the image by gpu_vectors.cmake): the instruction that produced it (mma_gpu_data_instr), the
 *    preset of that GPU, mma_dot; every D must match the GPU's bits.
 * 2. mma_gemm against a chain of mma_dot calls (the same GEMM two ways) for e4m3 on blackwell.
 * 3. Accelerator: probed through its ID register. Absent: exit 77 (APP_EXIT_NO_ACCEL) once the
 *    software checks passed. Present: found through the driver, its mode table compared with the
 *    golden model's, then small jobs in several modes of its configuration (f16, bf16, tf32, FP8
 *    e4m3/e5m2, FP4, integer, 2:4 sparse, MX block-scaled; those it has) with random operands in
 *    RAM, every D bit compared with mma_gemm on the CPU, and one job with a misaligned address
 *    that must be refused with MMA_ERR_ALIGN. A summary line counts jobs and cycles. Then one
 *    small job in every mode of the mode table (modes.c), and, in the selftest_faults image
 *    (SELFTEST_FAULTS=1: firmware has no argv), the fault classes of faults.c.
 * Exit: 0 all passed, 1 a check failed, 77 software passed and no accelerator. */
#include "accel_check.h"
#include "app.h"
#include "gpu_vectors.h"
#include "selftest.h"
#include "mma/accumulate.h"
#include "mma/convert.h"
#include "mma/instr.h"
#include "mma/mma.h"
#include "mma/profile.h"

#define KMAX 64u

static unsigned failures;

static void fail(const char *what, unsigned a, unsigned b, unsigned c)
{
    failures++;
    if (failures <= 10u) {
        board_printf("  FAIL %s (%u, 0x%08x, 0x%08x)\n", what, a, b, c);
    }
}

static bool preset_of_gpu(const char *name, mma_preset *out, const mma_gpu **gpu)
{
    if (mma_gpu_from_name(name, app_strlen(name), gpu) != MMA_OK) {
        return false;
    }
    *out = (mma_preset)(*gpu)->preset;
    return true;
}

static void check_gpu_set(const gpu_set *s)
{
    static uint64_t a[KMAX], b[KMAX];
    char text[96];
    mma_preset preset;
    const mma_gpu *gpu;
    mma_instr ins;
    mma_profile prof;
    const mma_format out = s->out[2] == '1' ? MMA_FMT_F16 : MMA_FMT_F32;   /* "fp16" / "fp32" */

    if (!preset_of_gpu(s->gpu, &preset, &gpu) ||
        mma_gpu_data_model(gpu, preset, s->fmt, out, text, sizeof text, &ins, &prof) != MMA_OK || ins.k > KMAX ||
        s->k > ins.k) {
        fail("set setup", 0u, 0u, 0u);
        return;
    }
    unsigned pass = 0;
    uint64_t t0 = board_ticks();
    for (uint32_t t = 0; t < s->lines; ++t) {
        const uint32_t *ab = s->ab + (size_t)t * 2u * s->k;
        for (uint32_t i = 0; i < ins.k; ++i) {
            uint64_t ca = 0, cb = 0;
            if (i < s->k && (mma_convert(MMA_FMT_F32, ab[i], s->fmt, MMA_RND_RNE, 0u, &ca) != MMA_OK ||
                             mma_convert(MMA_FMT_F32, ab[s->k + i], s->fmt, MMA_RND_RNE, 0u, &cb) != MMA_OK)) {
                fail("operand conversion", t, ab[i], ab[s->k + i]);
            }
            a[i] = ca;
            b[i] = cb;
        }
        uint64_t c = s->cd[2u * t], d = 0, got = 0;
        mma_status st = MMA_OK;
        if (out == MMA_FMT_F16) {
            st = mma_convert(MMA_FMT_F32, c, MMA_FMT_F16, MMA_RND_RNE, 0u, &c);
        }
        if (st == MMA_OK) {
            st = mma_dot(&prof, s->fmt, a, 1u, s->fmt, b, 1u, ins.k, out, c, out, &d);
        }
        if (st == MMA_OK && out == MMA_FMT_F16) {
            st = mma_convert(MMA_FMT_F16, d, MMA_FMT_F32, MMA_RND_RNE, 0u, &got);
        } else {
            got = d;
        }
        if (st != MMA_OK || (uint32_t)got != s->cd[2u * t + 1u]) {
            fail(s->folder, t, (unsigned)got, s->cd[2u * t + 1u]);
        } else {
            pass++;
        }
    }
    uint64_t t1 = board_ticks();
    board_printf("  %-5s %-5s -> %-4s %-10s %2u/%2u bit-exact (%u ticks per dot)\n", s->gpu, s->folder, s->out,
                 mma_preset_name(preset), pass, (unsigned)s->lines,
                 s->lines ? (unsigned)((t1 - t0) / s->lines) : 0u);
}

/* mma_gemm (chunks of the instruction's k, D of one chunk the C of the next) == chained mma_dot. */
static void check_gemm_vs_dot(void)
{
    enum { M = 4, N = 4, K = 96 };
    static uint64_t A[M * K], B[K * N], C[M * N], D[M * N], col[K];
    static const char text[] = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32";
    mma_instr ins;
    mma_profile prof;
    uint32_t rng = 12345u;
    if (mma_instr_parse(text, sizeof text - 1u, &ins, NULL) != MMA_OK ||
        mma_instr_profile(MMA_PRESET_BLACKWELL, &ins, &prof) != MMA_OK) {
        fail("gemm setup", 0u, 0u, 0u);
        return;
    }
    for (unsigned i = 0; i < M * K; ++i) {
        A[i] = app_rand_code(&rng, MMA_FMT_E4M3);
    }
    for (unsigned i = 0; i < K * N; ++i) {
        B[i] = app_rand_code(&rng, MMA_FMT_E4M3);
    }
    for (unsigned i = 0; i < M * N; ++i) {
        C[i] = app_rand_code(&rng, MMA_FMT_BF16) << 16;   /* an f32 with a short significand */
    }
    mma_gemm_desc g = app_gemm_desc(&ins, &prof, M, N, K, A, B, C, D);
    mma_status st = mma_gemm(&g);
    if (st != MMA_OK) {
        fail("mma_gemm status", (unsigned)st, 0u, 0u);
        return;
    }
    unsigned bad = 0;
    for (unsigned i = 0; i < M; ++i) {
        for (unsigned j = 0; j < N; ++j) {
            uint64_t acc = C[i * N + j];
            for (unsigned k0 = 0; k0 < K; k0 += ins.k) {
                for (unsigned k = 0; k < ins.k; ++k) {
                    col[k] = B[(k0 + k) * N + j];
                }
                if (mma_dot(&prof, MMA_FMT_E4M3, &A[i * K + k0], 1u, MMA_FMT_E4M3, col, 1u, ins.k, MMA_FMT_F32, acc,
                            MMA_FMT_F32, &acc) != MMA_OK) {
                    bad++;
                }
            }
            if (acc != D[i * N + j]) {
                fail("mma_gemm != chained mma_dot", i * N + j, (unsigned)D[i * N + j], (unsigned)acc);
                bad++;
            }
        }
    }
    board_printf("  mma_gemm == chained mma_dot, e4m3 blackwell %ux%ux%u: %s (D crc32 0x%08x)\n", M, N, K,
                 bad ? "FAILED" : "ok", (unsigned)app_crc32(0u, D, M * N));
}

/* The accelerator jobs: formats (found in the configuration's mode table; a configuration without
 * them skips the job) and a small shape - the golden model takes 500 to 4000 CPU cycles a MAC.
 * Shapes off the tile and K off the chunk on purpose; the misaligned job sits in the middle so
 * the jobs after it show the accelerator recovered. */
typedef struct selftest_job {
    mma_format a, b, d;
    bool sparse;
    mma_format stype;   /* MMA_FMT_F64 (0): no block scale */
    unsigned m, n, k;
    bool misaligned;
} selftest_job;

static const selftest_job accel_jobs[] = {
    {MMA_FMT_E4M3, MMA_FMT_E4M3, MMA_FMT_F32, false, MMA_FMT_F64, 8, 4, 64, false},
    {MMA_FMT_F16, MMA_FMT_F16, MMA_FMT_F32, false, MMA_FMT_F64, 5, 3, 40, false},
    {MMA_FMT_BF16, MMA_FMT_BF16, MMA_FMT_F32, false, MMA_FMT_F64, 8, 4, 32, false},
    {MMA_FMT_F16, MMA_FMT_F16, MMA_FMT_F16, false, MMA_FMT_F64, 4, 4, 16, false},
    {MMA_FMT_TF32, MMA_FMT_TF32, MMA_FMT_F32, false, MMA_FMT_F64, 4, 3, 12, false},
    {MMA_FMT_E5M2, MMA_FMT_E4M3, MMA_FMT_F16, false, MMA_FMT_F64, 3, 4, 32, false},
    {MMA_FMT_E4M3, MMA_FMT_E4M3, MMA_FMT_F32, false, MMA_FMT_F64, 2, 2, 32, true},
    {MMA_FMT_E2M1, MMA_FMT_E2M1, MMA_FMT_F32, false, MMA_FMT_F64, 4, 2, 32, false},
    {MMA_FMT_S8, MMA_FMT_S8, MMA_FMT_S32, false, MMA_FMT_F64, 6, 4, 48, false},
    {MMA_FMT_S4, MMA_FMT_S4, MMA_FMT_S32, false, MMA_FMT_F64, 4, 4, 64, false},
    {MMA_FMT_E4M3, MMA_FMT_E4M3, MMA_FMT_F32, true, MMA_FMT_F64, 4, 2, 64, false},
    {MMA_FMT_F16, MMA_FMT_F16, MMA_FMT_F32, true, MMA_FMT_F64, 4, 2, 32, false},
    {MMA_FMT_E4M3, MMA_FMT_E4M3, MMA_FMT_F32, false, MMA_FMT_UE8M0, 4, 2, 64, false},
    {MMA_FMT_E2M1, MMA_FMT_E2M1, MMA_FMT_F32, false, MMA_FMT_UE4M3, 2, 2, 64, false},
};

/* The accelerator checks; returns the number of failures. */
static unsigned check_accelerator(void)
{
    static mma_accel dev;
    accel_tally t = {0};
    if (accel_open(&dev, "selftest") != MMA_OK) {
        accel_tally_fail(&t);
        accel_tally_print(&t, "selftest");
        return t.failed;
    }
    for (unsigned i = 0; i < sizeof accel_jobs / sizeof accel_jobs[0]; ++i) {
        const selftest_job *j = &accel_jobs[i];
        const int mode = accel_find_mode(dev.cfg, j->a, j->b, j->d, j->sparse, j->stype);
        if (mode < 0) {
            board_printf("  (no mode %s x %s -> %s%s in configuration %s: skipped)\n", mma_format_get(j->a)->name,
                         mma_format_get(j->b)->name, mma_format_get(j->d)->name, j->sparse ? " sparse" : "",
                         dev.cfg->name);
            continue;
        }
        const accel_job_spec spec = {(unsigned)mode, j->m, j->n, j->k, 0x9E3779B9u ^ (i * 2654435761u)};
        if (j->misaligned) {
            accel_tally_misaligned(&t, &dev, dev.cfg, &spec);
        } else {
            accel_tally_job(&t, &dev, dev.cfg, &spec);
        }
    }
    accel_tally_print(&t, "selftest");
    unsigned failed = t.failed + selftest_modes(&dev);
#if SELFTEST_FAULTS
    failed += selftest_faults(&dev);
#endif
    return failed;
}

int main(void)
{
    board_uart_init();
    board_printf("selftest: golden model on the soft core\n");
    if (GPU_SET_COUNT == 0u) {
        board_printf("  no real-GPU data sets were built in (../shared/vectors/gpu missing at build time)\n");
    }
    /* a pointer bound: with no data set built in, `i < GPU_SET_COUNT` is `i < 0u`, which
       -Wtype-limits (an error here) rejects */
    for (const gpu_set *set = gpu_sets; set < gpu_sets + GPU_SET_COUNT; ++set) {
        check_gpu_set(set);
    }
    check_gemm_vs_dot();
    if (failures != 0u) {
        board_printf("selftest: FAILED (%u checks)\n", failures);
        return APP_EXIT_FAIL;
    }
    board_printf("selftest: software path passed\n");
    if (!board_accel_present()) {
        board_printf("selftest: accelerator absent (ID register reads 0x%08x): exit %d\n",
                     (unsigned)board_port_mmio()->read32(NULL, 0u), APP_EXIT_NO_ACCEL);
        return APP_EXIT_NO_ACCEL;
    }
    if (check_accelerator() != 0u) {
        board_printf("selftest: FAILED (accelerator)\n");
        return APP_EXIT_FAIL;
    }
    board_printf("selftest: software path and accelerator passed\n");
    return APP_EXIT_PASS;
}
