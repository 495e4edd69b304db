/* Fault classes from the firmware (selftest_faults.elf, SELFTEST_FAULTS=1; selftest.h): invalid jobs
 * the accelerator must refuse before touching memory, a bus error, a soft reset while a job runs, a
 * second submit while one runs and a submit while an error is not yet acknowledged. After each, a
 * normal job must pass bit for bit: the accelerator is back in working order every time. */
#include "selftest.h"

#include <stddef.h>

#include "board.h"
#include "mma/hw/mma_accel_regs.h"

#define REG_OFF(name) ((uint32_t)offsetof(mma_accel_t, name))

extern const uint8_t __ram_start[];   /* board/rv32/link.ld: the bottom of the RAM */

/* A job long enough to be caught running (about half a million MACs): M x N x K e4m3 with A and
 * B^T read from the bottom of the RAM (the firmware image: any byte is an e4m3 code), C and D here. */
enum { LONG_M = 16, LONG_N = 8, LONG_K = 4096 };
static uint32_t long_c[LONG_M][LONG_N] __attribute__((aligned(32)));
static uint32_t long_d[LONG_M][LONG_N] __attribute__((aligned(32)));

typedef struct faults_ctx {
    mma_accel *dev;
    int mode;                /* the dense e4m3 -> f32 mode (or 0) of the normal jobs */
    unsigned classes, passed, failed, jobs;
    accel_tally normal;      /* the normal jobs */
} faults_ctx;

/* The normal job after a fault (fresh operands every time): true if bit-exact. */
static bool normal_job(faults_ctx *f)
{
    const accel_job_spec spec = {(unsigned)f->mode, 4u, 4u, 32u, 0x51ED270Bu + f->jobs++ * 0x9E3779B9u};
    board_printf("    then");
    return accel_tally_job(&f->normal, f->dev, f->dev->cfg, &spec);
}

/* The small job of the normal checks laid out and described, to be altered by a fault. */
static bool prepare(faults_ctx *f, mma_accel_job *job)
{
    const accel_job_spec spec = {(unsigned)f->mode, 4u, 4u, 32u, 0x2545F491u + f->jobs * 0x9E3779B9u};
    return accel_job_prepare(f->dev->cfg, &spec, job);
}

/* The same job by bus addresses (for addresses no pointer can give). */
static void to_bus(const mma_accel_job *j, mma_accel_bus_job *b)
{
    const mma_port *p = board_port_mmio();
    mma_accel_bus_job r = {j->mode, j->ordered, j->m, j->n, j->k, 0, j->a_stride, 0, j->b_stride, 0, j->c_stride,
                           0, j->d_stride, 0, j->meta_stride, 0, j->sa_stride, 0, j->sb_stride};
    (void)p->bus_addr(p->ctx, j->a, &r.a);
    (void)p->bus_addr(p->ctx, j->bt, &r.b);
    (void)p->bus_addr(p->ctx, j->c, &r.c);
    (void)p->bus_addr(p->ctx, j->d, &r.d);
    *b = r;
}

static mma_accel_job long_job(const faults_ctx *f)
{
    mma_accel_job j = {0};
    j.mode = (uint8_t)f->mode;
    j.ordered = true;
    j.m = LONG_M;
    j.n = LONG_N;
    j.k = LONG_K;
    j.a = __ram_start;
    j.a_stride = LONG_K;
    j.bt = __ram_start;
    j.b_stride = LONG_K;
    j.c = long_c;
    j.c_stride = sizeof long_c[0];
    j.d = long_d;
    j.d_stride = sizeof long_d[0];
    return j;
}

/* One class: its verdict printed, then the normal job; counted. */
static void verdict(faults_ctx *f, const char *name, bool ok, const char *detail)
{
    f->classes++;
    board_printf("  fault %u: %-40s %s%s\n", f->classes, name, detail, ok ? ": ok" : ": FAILED");
    const bool after = normal_job(f);
    if (ok && after) {
        f->passed++;
    } else {
        f->failed++;
    }
}

/* A job the accelerator must refuse with cause `want`, ERR_INFO `info`, memory untouched. */
static void refused(faults_ctx *f, const char *name, const mma_accel_job *job, const mma_accel_bus_job *bus,
                    mma_status want, uint32_t info)
{
    char detail[96];
    mma_accel_error err = {MMA_OK, 0u, false, 0u};
    mma_status st = bus != NULL ? mma_accel_submit_bus(f->dev, bus) : mma_accel_submit(f->dev, job);
    if (st == MMA_OK) {
        st = mma_accel_wait(f->dev, &err);
    }
    const bool untouched = accel_job_d_untouched(), idle = !mma_accel_busy(f->dev);
    board_snprintf(detail, sizeof detail, "%s, ERR_INFO 0x%03x%s%s", mma_status_name(st), (unsigned)err.info,
                   untouched ? "" : ", D written", idle ? "" : ", still busy");
    verdict(f, name, st == want && err.info == info && untouched && idle, detail);
}

static void fault_invalid_mode(faults_ctx *f)
{
    mma_accel_job job;
    if (!prepare(f, &job)) {
        verdict(f, "invalid mode", false, "no job");
        return;
    }
    job.mode = f->dev->cfg->nmodes;
    refused(f, "invalid mode (one past the table)", &job, NULL, MMA_ERR_FORMAT_PAIR, REG_OFF(JOB_MODE));
}

static void fault_zero_m(faults_ctx *f)
{
    mma_accel_job job;
    if (!prepare(f, &job)) {
        verdict(f, "zero M", false, "no job");
        return;
    }
    job.m = 0u;
    refused(f, "zero M", &job, NULL, MMA_ERR_SHAPE, REG_OFF(JOB_M));
}

static void fault_range(faults_ctx *f)
{
    mma_accel_job job;
    mma_accel_bus_job bus;
    if (!prepare(f, &job)) {
        verdict(f, "A past 4 GiB", false, "no job");
        return;
    }
    to_bus(&job, &bus);
    bus.a = 0xFFFFFFE0u;   /* aligned, but its rows run past the 32-bit address space */
    refused(f, "A at 0xffffffe0 (rows past 4 GiB)", NULL, &bus, MMA_ERR_RANGE, REG_OFF(A_ADDR));
}

static void fault_misaligned_stride(faults_ctx *f)
{
    mma_accel_job job;
    if (!prepare(f, &job)) {
        verdict(f, "misaligned D stride", false, "no job");
        return;
    }
    job.d_stride += 4u;
    refused(f, "D stride 4 bytes off the bus grid", &job, NULL, MMA_ERR_ALIGN, REG_OFF(D_STRIDE));
}

/* A outside the RAM: the checks pass, the first read burst gets DECERR. */
static void fault_bus(faults_ctx *f)
{
    char detail[96];
    mma_accel_job job;
    mma_accel_bus_job bus;
    if (!prepare(f, &job)) {
        verdict(f, "A outside the RAM", false, "no job");
        return;
    }
    to_bus(&job, &bus);
    bus.a = 0x90000000u;
    mma_accel_error err = {MMA_OK, 0u, false, 0u};
    mma_status st = mma_accel_submit_bus(f->dev, &bus);
    if (st == MMA_OK) {
        st = mma_accel_wait(f->dev, &err);
    }
    const bool idle = !mma_accel_busy(f->dev);
    board_snprintf(detail, sizeof detail, "%s at 0x%08x, %s, resp %u%s", mma_status_name(st), (unsigned)err.info,
                   err.write ? "write" : "read", err.resp, idle ? "" : ", still busy");
    verdict(f, "A at 0x90000000 (outside the RAM)", st == MMA_ERR_BUS && err.info >= bus.a && !err.write &&
                                                        err.resp == 3u && idle,
            detail);
}

static void fault_reset_busy(faults_ctx *f)
{
    char detail[96];
    const mma_accel_job job = long_job(f);
    mma_status st = mma_accel_submit(f->dev, &job);
    const bool was_busy = st == MMA_OK && mma_accel_busy(f->dev);
    const mma_status rs = mma_accel_reset(f->dev);
    const bool idle = !mma_accel_busy(f->dev);
    const mma_status ws = mma_accel_wait(f->dev, NULL);   /* idle, neither done nor failed */
    board_snprintf(detail, sizeof detail, "submit %s, busy %s, reset %s, then %s", mma_status_name(st),
                   was_busy ? "yes" : "no", mma_status_name(rs), mma_status_name(ws));
    verdict(f, "soft reset while a job runs", was_busy && rs == MMA_OK && idle && ws == MMA_ERR_ABORTED, detail);
}

static void fault_submit_busy(faults_ctx *f)
{
    char detail[96];
    const mma_accel_job job = long_job(f);
    mma_accel_job second;
    const bool prepared = prepare(f, &second);
    mma_status st = mma_accel_submit(f->dev, &job);
    const bool was_busy = st == MMA_OK && mma_accel_busy(f->dev);
    const mma_status s2 = prepared ? mma_accel_submit(f->dev, &second) : MMA_ERR_SHAPE;
    const mma_status ws = mma_accel_wait(f->dev, NULL);
    const bool untouched = accel_job_d_untouched();
    board_snprintf(detail, sizeof detail, "second submit %s, first job %s%s", mma_status_name(s2),
                   mma_status_name(ws), untouched ? "" : ", second D written");
    verdict(f, "second submit while a job runs", st == MMA_OK && was_busy && s2 == MMA_ERR_BUSY && ws == MMA_OK &&
                                                     untouched,
            detail);
}

static void fault_unacknowledged(faults_ctx *f)
{
    char detail[96];
    mma_accel_job bad, good;
    if (!prepare(f, &bad)) {
        verdict(f, "submit with an error pending", false, "no job");
        return;
    }
    bad.mode = f->dev->cfg->nmodes;
    mma_status st = mma_accel_submit(f->dev, &bad);
    unsigned polls = 0u;   /* the refusal takes a few accelerator cycles: wait for idle */
    while (polls < 100u && mma_accel_busy(f->dev)) {
        polls++;
    }
    const bool prepared = prepare(f, &good);
    const mma_status s2 = prepared ? mma_accel_submit(f->dev, &good) : MMA_ERR_SHAPE;
    const mma_status ws = mma_accel_wait(f->dev, NULL);
    const bool untouched = accel_job_d_untouched();
    board_snprintf(detail, sizeof detail, "submit %s, then %s%s", mma_status_name(s2), mma_status_name(ws),
                   untouched ? "" : ", D written");
    verdict(f, "submit while an error is unacknowledged", st == MMA_OK && s2 == MMA_ERR_BUSY &&
                                                             ws == MMA_ERR_FORMAT_PAIR && untouched,
            detail);
}

unsigned selftest_faults(mma_accel *dev)
{
    faults_ctx f = {dev, 0, 0u, 0u, 0u, 0u, {0u, 0u, 0u, 0u, 0u, 0u}};
    f.mode = accel_find_mode(dev->cfg, MMA_FMT_E4M3, MMA_FMT_E4M3, MMA_FMT_F32, false, MMA_FMT_F64);
    if (f.mode < 0) {
        f.mode = 0;
    }
    board_printf("selftest: faults, each followed by a normal job (mode %d, 4x4x32)\n", f.mode);
    fault_invalid_mode(&f);
    fault_zero_m(&f);
    fault_range(&f);
    fault_bus(&f);
    fault_misaligned_stride(&f);
    fault_reset_busy(&f);
    fault_submit_busy(&f);
    fault_unacknowledged(&f);
    board_printf("selftest: faults: %u passed, %u failed\n", f.passed, f.failed);
    return f.failed;
}
