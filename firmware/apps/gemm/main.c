/* gemm: one GEMM job on the software path (and, once the driver exists, on the accelerator).
 * D (16 x 8) = A (16 x 64) x B (64 x 8) + C in e4m3 with f32 accumulation, preset blackwell, the
 * instruction mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32: exactly the accelerator's job
 * semantics (mma_gemm). Prints the software path's time and the CRC-32 of D; with an accelerator
 * the lead's driver will run the same job there and compare D bit for bit.
 * Exit: 0 passed, 1 failed, 77 software path done and no accelerator (APP_EXIT_NO_ACCEL). */
#include "app.h"
#include "mma/instr.h"
#include "mma/mma.h"
#include "mma/profile.h"

enum { M = 16, N = 8, K = 64 };

static uint64_t A[M * K], B[K * N], C[M * N], D[M * N];

int main(void)
{
    static const char text[] = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32";
    mma_instr ins;
    mma_profile prof;
    uint32_t rng = 2026u;

    board_uart_init();
    if (mma_instr_parse(text, sizeof text - 1u, &ins, NULL) != MMA_OK ||
        mma_instr_profile(MMA_PRESET_BLACKWELL, &ins, &prof) != MMA_OK) {
        board_printf("gemm: setup failed\n");
        return APP_EXIT_FAIL;
    }
    for (unsigned i = 0; i < M * K; ++i) {
        A[i] = app_rand_code(&rng, MMA_FMT_E4M3);
    }
    for (unsigned i = 0; i < K * N; ++i) {
        B[i] = app_rand_code(&rng, MMA_FMT_E4M3);
    }
    for (unsigned i = 0; i < M * N; ++i) {
        C[i] = app_rand_code(&rng, MMA_FMT_BF16) << 16;
    }
    mma_gemm_desc g = {0};
    g.ins = &ins;
    g.prof = &prof;
    g.m = M;
    g.n = N;
    g.k = K;
    g.a = A;
    g.lda = K;
    g.b = B;
    g.ldb = N;
    g.c = C;
    g.ldc = N;
    g.d = D;
    g.ldd = N;
    uint64_t t0 = board_ticks();
    mma_status st = mma_gemm(&g);
    uint64_t t1 = board_ticks();
    if (st != MMA_OK) {
        board_printf("gemm: mma_gemm failed: %s\n", mma_status_name(st));
        return APP_EXIT_FAIL;
    }
    const unsigned macs = M * N * K;
    board_printf("gemm: %ux%ux%u e4m3 -> f32, blackwell, software path: %u ticks (%u per MAC), D crc32 0x%08x\n", M,
                 N, K, (unsigned)(t1 - t0), (unsigned)((t1 - t0) / macs), (unsigned)app_crc32(0u, D, M * N));
    if (!board_accel_present()) {
        board_printf("gemm: accelerator absent: exit %d\n", APP_EXIT_NO_ACCEL);
        return APP_EXIT_NO_ACCEL;
    }
    board_printf("gemm: accelerator present; the accelerator run comes with the driver\n");
    return APP_EXIT_PASS;
}
