/* gemm: one GEMM job on the software path and, when the SoC has one, on the accelerator.
 * D (16 x 8) = A (16 x 64) x B (64 x 8) + C in e4m3 with f32 accumulation: the dense e4m3 x e4m3
 * -> f32 mode of the accelerator's configuration (the default configuration's when the slot is
 * empty: kind::f8f6f4 under the rtx_blackwell preset), i.e. exactly the accelerator's job semantics
 * (mma_gemm). Prints the software path's time and the CRC-32 of D; with an accelerator (found and
 * its mode table checked through the driver) the same operands go through it from RAM, D is
 * compared bit for bit, and the summary line sets its cycles against the software path's.
 * Exit: 0 passed, 1 failed, 77 software path done and no accelerator (APP_EXIT_NO_ACCEL). */
#include "accel_check.h"
#include "app.h"

enum { M = 16, N = 8, K = 64, SEED = 2026 };

int main(void)
{
    static mma_accel dev;
    accel_tally t = {0};
    board_uart_init();
    const bool present = board_accel_present();
    const mma_hw_config *cfg = &mma_hw_configs[MMA_CFG_DEFAULT_ID];
    if (present) {
        if (accel_open(&dev, "gemm") != MMA_OK) {
            accel_tally_fail(&t);
            accel_tally_print(&t, "gemm");
            return APP_EXIT_FAIL;
        }
        cfg = dev.cfg;
    }
    const int mode = accel_find_mode(cfg, MMA_FMT_E4M3, MMA_FMT_E4M3, MMA_FMT_F32, false, MMA_FMT_F64);
    if (mode < 0) {
        board_printf("gemm: configuration %s has no dense e4m3 -> f32 mode\n", cfg->name);
        return APP_EXIT_FAIL;
    }
    const accel_job_spec spec = {(unsigned)mode, M, N, K, SEED};
    const unsigned macs = M * N * K;
    if (!present) {
        accel_job_result r;
        if (!accel_job_run(NULL, cfg, &spec, &r)) {
            board_printf("gemm: mma_gemm failed: %s\n", mma_status_name(r.sw_status));
            return APP_EXIT_FAIL;
        }
        board_printf("gemm: %ux%ux%u e4m3 -> f32, %s (%s), software path: %u ticks (%u per MAC), D crc32 0x%08x\n", M,
                     N, K, cfg->name, cfg->preset, (unsigned)r.sw_ticks, (unsigned)(r.sw_ticks / macs),
                     (unsigned)r.crc);
        board_printf("gemm: accelerator absent: exit %d\n", APP_EXIT_NO_ACCEL);
        return APP_EXIT_NO_ACCEL;
    }
    const bool ok = accel_tally_job(&t, &dev, cfg, &spec);
    accel_tally_print(&t, "gemm");
    if (ok) {
        board_printf("gemm: %ux%ux%u e4m3 -> f32 on the accelerator: %u cycles a job (%u MACs a cycle busy), "
                     "software path %u cycles a MAC\n",
                     M, N, K, (unsigned)t.hw_ticks,
                     t.hw_busy ? (unsigned)(macs / t.hw_busy) : 0u, (unsigned)(t.sw_ticks / macs));
    }
    return ok ? APP_EXIT_PASS : APP_EXIT_FAIL;
}
