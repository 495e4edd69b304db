/* gemm: a tiled MX FP8 GEMM on the accelerator, against the golden model's software path on the
 * same core.
 *
 * D (64 x 64) = A (64 x 64) x B (64 x 64) + C in the configuration's kind::mxf8f6f4 block_scale
 * scale_vec::1X mode with e4m3 A and B, f32 C and D and one ue8m0 scale per 32 elements of K (found
 * in the mode table by these fields; the default configuration's when the slot is empty). The whole
 * job is one driver job (the accelerator tiles it over its DPUs and buffers). The golden model
 * (mma_gemm under the configuration's preset) then computes a sample of output tiles from the same
 * operands in RAM; their D elements are compared bit for bit, and its cycles per MAC, scaled to the
 * whole job, give the speed-up: (software cycles per MAC x MACs) / accelerator cycles submit..ack.
 * Exit: 0 every sampled element equal, 1 a failure, 77 software path done and no accelerator. */
#include "accel_check.h"
#include "app.h"
#include "gemm.h"

enum { SEED = 2026 };

/* the sampled tiles of D (row, column of their first element): two opposite corners */
static const unsigned tiles[][2] = {{0u, 0u}, {GEMM_M - GEMM_TILE, GEMM_N - GEMM_TILE}};
#define NTILES (sizeof tiles / sizeof tiles[0])

/* The first dense mode with these formats and one scale per 32 elements (scale_vec::1X). */
static int find_mx_mode(const mma_hw_config *cfg)
{
    for (unsigned i = 0; i < cfg->nmodes; ++i) {
        const mma_hw_mode *md = &cfg->modes[i];
        if (md->atype == MMA_FMT_E4M3 && md->btype == MMA_FMT_E4M3 && md->dtype == MMA_FMT_F32 &&
            md->stype == MMA_FMT_UE8M0 && md->block_k == 32u && !md->sparse && !md->satfinite) {
            return (int)i;
        }
    }
    return -1;
}

/* num / den with one decimal, as text. */
static void tenths(char *buf, unsigned size, uint64_t num, uint64_t den)
{
    if (den == 0u) {
        board_snprintf(buf, size, "-");
        return;
    }
    const uint64_t t = (num * 10u + den / 2u) / den;
    board_snprintf(buf, size, "%lu.%lu", (unsigned long)(t / 10u), (unsigned long)(t % 10u));
}

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
    const int mode = find_mx_mode(cfg);
    mma_accel_job job;
    if (mode < 0 || !gemm_operands_make(&cfg->modes[mode], (unsigned)mode, SEED, &job)) {
        board_printf("gemm: configuration %s has no mxf8f6f4 scale_vec::1X e4m3 x e4m3 -> f32 ue8m0 mode\n",
                     cfg->name);
        return APP_EXIT_FAIL;
    }
    const mma_hw_mode *md = &cfg->modes[mode];
    const uint64_t macs = (uint64_t)GEMM_M * GEMM_N * GEMM_K;
    board_printf("gemm: %ux%ux%u, mode %d of %s (preset %s): %s\n", GEMM_M, GEMM_N, GEMM_K, mode, cfg->name,
                 cfg->preset, md->instr);

    bool ok = true;
    uint64_t hw_ticks = 0u;
    if (present) {
        mma_accel_counters c0, c1;
        mma_accel_error err = {MMA_OK, 0u, false, 0u};
        mma_accel_counters_read(&dev, &c0);
        const uint64_t t0 = board_ticks();
        const mma_status st = mma_accel_run(&dev, &job, &err);
        hw_ticks = board_ticks() - t0;
        mma_accel_counters_read(&dev, &c1);
        const uint64_t busy = c1.busy - c0.busy, hw_macs = c1.macs - c0.macs;
        if (st != MMA_OK) {
            board_printf("gemm: accelerator: %s (ERR_INFO 0x%08x): FAILED\n", mma_status_name(st), (unsigned)err.info);
            if (st == MMA_ERR_TIMEOUT) {
                (void)mma_accel_reset(&dev);
            }
            return APP_EXIT_FAIL;
        }
        char per_busy[16], per_job[16];
        tenths(per_busy, sizeof per_busy, macs, busy);
        tenths(per_job, sizeof per_job, macs, hw_ticks);
        board_printf("gemm: accelerator: %lu cycles submit..ack, busy %lu, %lu MACs counted (%lu expected), "
                     "%lu bytes read, %lu written\n",
                     (unsigned long)hw_ticks, (unsigned long)busy, (unsigned long)hw_macs, (unsigned long)macs,
                     (unsigned long)(c1.rd_bytes - c0.rd_bytes), (unsigned long)(c1.wr_bytes - c0.wr_bytes));
        board_printf("gemm: MACs per cycle: %s busy, %s submit..ack\n", per_busy, per_job);
        const unsigned unwritten = gemm_operands_unwritten();
        if (unwritten != 0u) {
            board_printf("gemm: %u D elements not written: FAILED\n", unwritten);
            ok = false;
        }
    }

    uint64_t sw_ticks = 0u;
    unsigned bad = 0u;
    for (unsigned s = 0; s < NTILES; ++s) {
        gemm_sample smp;
        const bool tile_ok = gemm_sample_tile(cfg, md, tiles[s][0], tiles[s][1], present, &smp);
        board_printf("  tile D[%u..%u][%u..%u]: golden model %s, %lu cycles (%lu a MAC), D crc32 0x%08x%s\n",
                     tiles[s][0], tiles[s][0] + GEMM_TILE - 1u, tiles[s][1], tiles[s][1] + GEMM_TILE - 1u,
                     mma_status_name(smp.status), (unsigned long)smp.ticks,
                     (unsigned long)(smp.ticks / ((uint64_t)GEMM_TILE * GEMM_TILE * GEMM_K)), (unsigned)smp.crc,
                     !present ? "" : tile_ok ? ", bit-exact" : ", FAILED");
        sw_ticks += smp.ticks;
        bad += smp.mismatches;
        if (!tile_ok) {
            ok = false;
        }
    }
    const uint64_t sample_macs = (uint64_t)NTILES * GEMM_TILE * GEMM_TILE * GEMM_K;
    const uint64_t sw_job = sw_ticks * (macs / sample_macs);   /* the whole job in software, scaled */
    board_printf("gemm: software path: %lu cycles for %lu sampled MACs (%lu a MAC): about %lu cycles for the job\n",
                 (unsigned long)sw_ticks, (unsigned long)sample_macs, (unsigned long)(sw_ticks / sample_macs),
                 (unsigned long)sw_job);
    if (!present) {
        board_printf("gemm: accelerator absent: exit %d\n", APP_EXIT_NO_ACCEL);
        return ok ? APP_EXIT_NO_ACCEL : APP_EXIT_FAIL;
    }
    board_printf("speed-up: %lux\n", (unsigned long)((sw_job + hw_ticks / 2u) / hw_ticks));
    board_printf("gemm: %u of %u sampled D elements differ: %s\n", bad, (unsigned)(NTILES * GEMM_TILE * GEMM_TILE),
                 ok ? "passed" : "FAILED");
    return ok ? APP_EXIT_PASS : APP_EXIT_FAIL;
}
