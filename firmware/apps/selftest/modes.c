/* One job in every mode of the accelerator's mode table (selftest.h): the golden model and the
 * hardware agree on every row, not only on the formats main.c picks. Shapes are small (the golden
 * model takes 500 to 4000 CPU cycles a MAC on the soft core, 8000 for sparse FP8): 2x2 (one element
 * per DPU of the default configuration's 2x2 grid) or, every other mode, 3x1 (off the grid); K is one chunk of the mode's instruction or, every third mode, three quarters of
 * one (a ragged last chunk; still a multiple of 4, as sparse modes need). */
#include "selftest.h"

#include "board.h"

unsigned selftest_modes(mma_accel *dev)
{
    const mma_hw_config *cfg = dev->cfg;
    accel_tally t = {0};
    board_printf("selftest: every mode of the table, one job each (%u modes)\n", cfg->nmodes);
    for (unsigned i = 0; i < cfg->nmodes; ++i) {
        const mma_hw_mode *md = &cfg->modes[i];
        unsigned k = md->kc;
        if (i % 3u == 2u) {
            k = k * 3u / 4u / 2u * 2u;
            if (md->sparse) {
                k = k / 4u * 4u;
            }
        }
        if (k > ACCEL_JOB_MAX_K) {
            k = ACCEL_JOB_MAX_K;
        }
        if (k == 0u) {
            k = md->sparse ? 4u : 2u;
        }
        const accel_job_spec spec = {i, i % 2u ? 3u : 2u, i % 2u ? 1u : 2u, k, 0x85EBCA6Bu ^ (i * 0xC2B2AE35u)};
        accel_tally_job(&t, dev, cfg, &spec);
    }
    board_printf("selftest: modes: %u passed, %u failed (accelerator %lu cycles, busy %lu; software %lu)\n", t.passed,
                 t.failed, (unsigned long)t.hw_ticks, (unsigned long)t.hw_busy, (unsigned long)t.sw_ticks);
    return t.failed;
}
