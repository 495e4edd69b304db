/* The accelerator driver: probe, job submission, completion, errors, soft reset (mma/driver.h). */
#include "mma/driver.h"

#include <stddef.h>

#include "mma/hw/mma_accel_regs.h"

#define REG(name) ((uint32_t)offsetof(mma_accel_t, name))
#define FIELD(v, reg, f) (((v) & MMA_ACCEL__##reg##__##f##_bm) >> MMA_ACCEL__##reg##__##f##_bp)

enum {
    ACCEL_ID = MMA_ACCEL__ID__VALUE_reset,              /* 'MMAC', from the register map */
    ACCEL_MAJOR = MMA_ACCEL__VERSION__VALUE_reset >> 8, /* the register map's major version, which this driver is built for */
    DEFAULT_TIMEOUT = 1u << 30,
    DEFAULT_POLL = 64u
};

static uint32_t rd(const mma_accel *dev, uint32_t off)
{
    return dev->port->read32(dev->port->ctx, off);
}

static void wr(const mma_accel *dev, uint32_t off, uint32_t v)
{
    dev->port->write32(dev->port->ctx, off, v);
}

/* Waits until STATUS.busy is clear or the timeout passes; the last status read in *status. */
static mma_status wait_idle(const mma_accel *dev, uint32_t *status)
{
    const mma_port *p = dev->port;
    const uint64_t t0 = p->now(p->ctx);
    for (;;) {
        *status = rd(dev, REG(STATUS));
        if ((*status & MMA_ACCEL__STATUS__BUSY_bm) == 0u) {
            return MMA_OK;
        }
        if (p->now(p->ctx) - t0 > dev->timeout) {
            return MMA_ERR_TIMEOUT;
        }
        p->wait(p->ctx, dev->poll);
    }
}

mma_status mma_accel_probe(mma_accel *dev, const mma_port *port)
{
    if (dev == NULL || port == NULL || port->read32 == NULL || port->write32 == NULL || port->wait == NULL ||
        port->barrier == NULL || port->now == NULL || port->bus_addr == NULL) {
        return MMA_ERR_NULL;
    }
    dev->port = port;
    dev->cfg = NULL;
    dev->caps = (mma_accel_caps){0};   /* what was read before a refusal, zero past it */
    dev->timeout = DEFAULT_TIMEOUT;
    dev->poll = DEFAULT_POLL;
    if (rd(dev, REG(ID)) != ACCEL_ID) {
        return MMA_ERR_DEVICE;
    }
    mma_accel_caps *c = &dev->caps;
    c->version = rd(dev, REG(VERSION));
    if ((c->version >> 8) != ACCEL_MAJOR) {
        return MMA_ERR_DEVICE;
    }
    const uint32_t c0 = rd(dev, REG(CAPS0)), c1 = rd(dev, REG(CAPS1)), c2 = rd(dev, REG(CAPS2)),
                   c3 = rd(dev, REG(CAPS3));
    c->tm = (uint8_t)FIELD(c0, CAPS0, TM);
    c->tn = (uint8_t)FIELD(c0, CAPS0, TN);
    c->w_bytes = (uint8_t)FIELD(c0, CAPS0, W_BYTES);
    c->p = (uint8_t)FIELD(c0, CAPS0, P);
    c->cfg_id = (uint8_t)FIELD(c1, CAPS1, CFG_ID);
    c->nmodes = (uint8_t)FIELD(c1, CAPS1, NMODES);
    c->bus_bytes = (uint8_t)FIELD(c1, CAPS1, BUS_BYTES);
    c->features = (uint8_t)FIELD(c1, CAPS1, FEATURES);
    c->mb = (uint16_t)FIELD(c2, CAPS2, MB);
    c->nb = (uint16_t)FIELD(c2, CAPS2, NB);
    c->kpass_bytes = (uint16_t)FIELD(c3, CAPS3, KPASS_BYTES);
    if (c->cfg_id >= MMA_HW_CONFIG_COUNT || c->bus_bytes == 0u) {
        return MMA_ERR_DEVICE;
    }
    const mma_hw_config *cfg = &mma_hw_configs[c->cfg_id];
    /* the array may be smaller than the configuration's (hw/syn/area.sh and the board flows'
       --array): the DPUs, the step and the modes are the configuration's, only fewer of them */
    const bool array_ok = c->tm >= 1u && c->tm <= cfg->tm && c->tn >= 1u && c->tn <= cfg->tn;
    if (!array_ok || cfg->w != c->w_bytes || cfg->nmodes != c->nmodes) {
        return MMA_ERR_DEVICE;
    }
    dev->cfg = cfg;
    /* a job left running by an earlier owner: stop it; a finished one: acknowledge it */
    uint32_t st = rd(dev, REG(STATUS));
    if ((st & MMA_ACCEL__STATUS__BUSY_bm) != 0u) {
        return mma_accel_reset(dev);
    }
    wr(dev, REG(CTRL), MMA_ACCEL__CTRL__ACK_bm);
    wr(dev, REG(IRQ_STATUS), MMA_ACCEL__IRQ_STATUS__DONE_bm | MMA_ACCEL__IRQ_STATUS__ERROR_bm);
    return MMA_OK;
}

mma_status mma_accel_check_modes(const mma_accel *dev, unsigned *bad_mode)
{
    if (dev == NULL || dev->cfg == NULL) {
        return MMA_ERR_NULL;
    }
    for (unsigned i = 0; i < dev->cfg->nmodes; ++i) {
        uint32_t w[4];
        wr(dev, REG(MODE_SEL), i);
        /* the row shows one cycle after the write; a register read takes longer than that */
        w[0] = rd(dev, REG(MODE_DESC0));
        w[1] = rd(dev, REG(MODE_DESC1));
        w[2] = rd(dev, REG(MODE_DESC2));
        w[3] = rd(dev, REG(MODE_DESC3));
        mma_hw_mode hw;
        mma_hw_mode_unpack(w, &hw);
        if (!mma_hw_mode_same(&hw, &dev->cfg->modes[i])) {
            if (bad_mode != NULL) {
                *bad_mode = i;
            }
            return MMA_ERR_DEVICE;
        }
    }
    return MMA_OK;
}

const mma_hw_mode *mma_accel_mode(const mma_accel *dev, unsigned mode)
{
    if (dev == NULL || dev->cfg == NULL || mode >= dev->cfg->nmodes) {
        return NULL;
    }
    return &dev->cfg->modes[mode];
}

bool mma_accel_busy(const mma_accel *dev)
{
    return (rd(dev, REG(STATUS)) & MMA_ACCEL__STATUS__BUSY_bm) != 0u;
}

mma_status mma_accel_submit_bus(mma_accel *dev, const mma_accel_bus_job *job)
{
    if (dev == NULL || dev->port == NULL || job == NULL) {
        return MMA_ERR_NULL;
    }
    /* busy, or holding an error nobody has read (mma_accel_wait acknowledges it): no new job */
    const uint32_t st = rd(dev, REG(STATUS));
    if ((st & (MMA_ACCEL__STATUS__BUSY_bm | MMA_ACCEL__STATUS__ERROR_bm)) != 0u) {
        return MMA_ERR_BUSY;
    }
    wr(dev, REG(JOB_MODE), (uint32_t)job->mode | (job->ordered ? MMA_ACCEL__JOB_MODE__ORDERED_bm : 0u));
    wr(dev, REG(JOB_M), job->m);
    wr(dev, REG(JOB_N), job->n);
    wr(dev, REG(JOB_K), job->k);
    wr(dev, REG(A_ADDR), job->a);
    wr(dev, REG(A_STRIDE), job->a_stride);
    wr(dev, REG(B_ADDR), job->b);
    wr(dev, REG(B_STRIDE), job->b_stride);
    wr(dev, REG(C_ADDR), job->c);
    wr(dev, REG(C_STRIDE), job->c_stride);
    wr(dev, REG(D_ADDR), job->d);
    wr(dev, REG(D_STRIDE), job->d_stride);
    wr(dev, REG(META_ADDR), job->meta);
    wr(dev, REG(META_STRIDE), job->meta_stride);
    wr(dev, REG(SA_ADDR), job->sa);
    wr(dev, REG(SA_STRIDE), job->sa_stride);
    wr(dev, REG(SB_ADDR), job->sb);
    wr(dev, REG(SB_STRIDE), job->sb_stride);
    wr(dev, REG(IRQ_STATUS), MMA_ACCEL__IRQ_STATUS__DONE_bm | MMA_ACCEL__IRQ_STATUS__ERROR_bm);
    dev->port->barrier(dev->port->ctx); /* the operands are in memory before the DMA reads them */
    wr(dev, REG(CTRL), MMA_ACCEL__CTRL__START_bm);
    return MMA_OK;
}

/* The bus address of an operand (0 for an unused NULL one). */
static bool to_bus(const mma_accel *dev, const void *p, uint32_t *addr)
{
    *addr = 0u;
    return p == NULL || dev->port->bus_addr(dev->port->ctx, p, addr);
}

mma_status mma_accel_submit(mma_accel *dev, const mma_accel_job *job)
{
    if (dev == NULL || dev->port == NULL || job == NULL) {
        return MMA_ERR_NULL;
    }
    mma_accel_bus_job b = {job->mode, job->ordered, job->m, job->n, job->k, 0, job->a_stride, 0, job->b_stride,
                           0, job->c_stride, 0, job->d_stride, 0, job->meta_stride, 0, job->sa_stride, 0,
                           job->sb_stride};
    if (!to_bus(dev, job->a, &b.a) || !to_bus(dev, job->bt, &b.b) || !to_bus(dev, job->c, &b.c) ||
        !to_bus(dev, job->d, &b.d) || !to_bus(dev, job->meta, &b.meta) || !to_bus(dev, job->scale_a, &b.sa) ||
        !to_bus(dev, job->scale_bt, &b.sb)) {
        return MMA_ERR_RANGE;
    }
    return mma_accel_submit_bus(dev, &b);
}

mma_status mma_accel_wait(mma_accel *dev, mma_accel_error *err)
{
    if (dev == NULL || dev->port == NULL) {
        return MMA_ERR_NULL;
    }
    uint32_t st;
    if (wait_idle(dev, &st) != MMA_OK) {
        return MMA_ERR_TIMEOUT;
    }
    dev->port->barrier(dev->port->ctx); /* D is read after the accelerator wrote it */
    mma_accel_error e = {MMA_OK, 0u, false, 0u};
    if ((st & MMA_ACCEL__STATUS__ERROR_bm) != 0u) {
        const uint32_t i2 = rd(dev, REG(ERR_INFO2));
        e.cause = (mma_status)FIELD(rd(dev, REG(ERR_CAUSE)), ERR_CAUSE, CAUSE);
        e.info = rd(dev, REG(ERR_INFO));
        e.write = FIELD(i2, ERR_INFO2, WRITE) != 0u;
        e.resp = (uint8_t)FIELD(i2, ERR_INFO2, RESP);
        if (e.cause == MMA_OK) {
            e.cause = MMA_ERR_DEVICE; /* an error without a cause: the hardware contradicts its map */
        }
    } else if ((st & MMA_ACCEL__STATUS__DONE_bm) == 0u) {
        e.cause = MMA_ERR_ABORTED; /* idle, neither done nor failed: a soft reset ended the job */
    }
    wr(dev, REG(CTRL), MMA_ACCEL__CTRL__ACK_bm);
    wr(dev, REG(IRQ_STATUS), MMA_ACCEL__IRQ_STATUS__DONE_bm | MMA_ACCEL__IRQ_STATUS__ERROR_bm);
    if (err != NULL) {
        *err = e;
    }
    return e.cause;
}

mma_status mma_accel_run(mma_accel *dev, const mma_accel_job *job, mma_accel_error *err)
{
    const mma_status st = mma_accel_submit(dev, job);
    if (st != MMA_OK) {
        if (err != NULL) {
            err->cause = st;
            err->info = 0u;
            err->write = false;
            err->resp = 0u;
        }
        return st;
    }
    return mma_accel_wait(dev, err);
}

mma_status mma_accel_reset(mma_accel *dev)
{
    if (dev == NULL || dev->port == NULL) {
        return MMA_ERR_NULL;
    }
    wr(dev, REG(CTRL), MMA_ACCEL__CTRL__SOFT_RESET_bm);
    uint32_t st;
    const mma_status s = wait_idle(dev, &st);
    wr(dev, REG(IRQ_STATUS), MMA_ACCEL__IRQ_STATUS__DONE_bm | MMA_ACCEL__IRQ_STATUS__ERROR_bm);
    return s;
}

void mma_accel_counters_read(const mma_accel *dev, mma_accel_counters *c)
{
    if (dev == NULL || c == NULL) {
        return;
    }
    /* reading LO latches HI: LO then HI of a pair is one value */
#define PAIR(lo, hi) ((uint64_t)rd(dev, REG(lo)) | ((uint64_t)rd(dev, REG(hi)) << 32))
    c->cycles = PAIR(CYCLES_LO, CYCLES_HI);
    c->busy = PAIR(BUSY_LO, BUSY_HI);
    c->macs = PAIR(MACS_LO, MACS_HI);
    c->rd_bytes = PAIR(RD_BYTES_LO, RD_BYTES_HI);
    c->wr_bytes = PAIR(WR_BYTES_LO, WR_BYTES_HI);
    c->stall = PAIR(STALL_LO, STALL_HI);
#undef PAIR
    c->jobs = rd(dev, REG(JOBS));
}
