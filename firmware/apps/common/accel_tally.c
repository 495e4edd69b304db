/* The accelerator checks of an app counted and printed: one line per job, one summary
 * (accel_check.h). */
#include "accel_check.h"

#include <stddef.h>

#include "board.h"
#include "mma/hw/mma_accel_regs.h"

/* A x.y ratio of two cycle counts as text ("0" when the divisor is 0). */
static void ratio(char *buf, unsigned size, uint64_t num, uint64_t den)
{
    if (den == 0u) {
        board_snprintf(buf, size, "-");
        return;
    }
    const uint64_t tenths = (num * 10u + den / 2u) / den;
    board_snprintf(buf, size, "%lu.%lu", (unsigned long)(tenths / 10u), (unsigned long)(tenths % 10u));
}

static void job_head(const mma_hw_config *cfg, const accel_job_spec *s, unsigned index)
{
    char name[64];
    if (s->mode < cfg->nmodes) {
        accel_mode_name(&cfg->modes[s->mode], name, sizeof name);
    } else {
        board_snprintf(name, sizeof name, "(no such mode)");
    }
    board_printf("  job %2u: mode %3u %-28s %2ux%ux%-3u ", index, s->mode, name, s->m, s->n, s->k);
}

bool accel_tally_job(accel_tally *t, mma_accel *dev, const mma_hw_config *cfg, const accel_job_spec *spec)
{
    accel_job_result r;
    t->jobs++;
    job_head(cfg, spec, t->jobs);
    const bool ok = accel_job_run(dev, cfg, spec, &r);
    if (ok) {
        char x[16];
        ratio(x, sizeof x, r.sw_ticks, r.hw_ticks);
        board_printf("ok: accelerator %lu cycles (busy %lu), software %lu (x%s)\n", (unsigned long)r.hw_ticks,
                     (unsigned long)r.hw_busy, (unsigned long)r.sw_ticks, x);
        t->passed++;
    } else {
        board_printf("FAILED: golden model %s, accelerator %s, %u D mismatches\n", mma_status_name(r.sw_status),
                     mma_status_name(r.hw_status), r.mismatches);
        t->failed++;
    }
    if (r.sw_status == MMA_OK && r.hw_status == MMA_OK) {   /* both computed: their cycles count */
        t->sw_ticks += r.sw_ticks;
        t->hw_ticks += r.hw_ticks;
        t->hw_busy += r.hw_busy;
    }
    return ok;
}

bool accel_tally_misaligned(accel_tally *t, mma_accel *dev, const mma_hw_config *cfg, const accel_job_spec *spec)
{
    bool info_ok = false;
    t->jobs++;
    job_head(cfg, spec, t->jobs);
    const mma_status st = accel_job_misaligned(dev, cfg, spec, &info_ok);
    const bool ok = st == MMA_ERR_ALIGN && info_ok && !mma_accel_busy(dev);
    board_printf("A misaligned by 4: %s%s (expected MMA_ERR_ALIGN at A_ADDR 0x%02x, nothing written)\n",
                 mma_status_name(st), ok ? ", ok" : ", FAILED", (unsigned)offsetof(mma_accel_t, A_ADDR));
    if (ok) {
        t->passed++;
    } else {
        t->failed++;
    }
    return ok;
}

void accel_tally_fail(accel_tally *t)
{
    t->failed++;
}

void accel_tally_print(const accel_tally *t, const char *app)
{
    char x[16];
    ratio(x, sizeof x, t->sw_ticks, t->hw_ticks);
    board_printf("%s: accelerator: %u jobs, %u passed, %u failed; accelerator %lu cycles (busy %lu), "
                 "software %lu cycles for the same jobs (x%s)\n",
                 app, t->jobs, t->passed, t->failed, (unsigned long)t->hw_ticks, (unsigned long)t->hw_busy,
                 (unsigned long)t->sw_ticks, x);
}
