/* unit_driver_probe: mma_accel_probe against a register file in memory (no RTL), for every
   configuration of the generated table: the capabilities a built accelerator of that configuration
   reports are accepted, with its own array and with every smaller one (the board flows' --array);
   each way the capabilities can contradict the table is refused with MMA_ERR_DEVICE. The expected
   outcomes follow from the table (mma/hw/mma_configs.h) and the register map, not from the driver. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "mma/driver.h"
#include "mma/hw/mma_accel_regs.h"
#include "mma/hw/mma_configs.h"

#define NREG (sizeof(mma_accel_t) / 4u)
#define OFF(name) (offsetof(mma_accel_t, name) / 4u)
#define PUT(reg, f, v) (((uint32_t)(v) << MMA_ACCEL__##reg##__##f##_bp) & MMA_ACCEL__##reg##__##f##_bm)

typedef struct fake {
    uint32_t r[NREG];
    unsigned writes;
} fake;

static uint32_t fake_read(void *ctx, uint32_t off)
{
    const fake *f = ctx;
    return off / 4u < NREG ? f->r[off / 4u] : 0u;
}
static void fake_write(void *ctx, uint32_t off, uint32_t v)
{
    fake *f = ctx;
    (void)off;
    (void)v;
    f->writes++;
}
static void fake_wait(void *ctx, uint32_t ticks)
{
    (void)ctx;
    (void)ticks;
}
static void fake_barrier(void *ctx)
{
    (void)ctx;
}
static uint64_t fake_now(void *ctx)
{
    (void)ctx;
    return 0;
}
static bool fake_bus(void *ctx, const void *p, uint32_t *a)
{
    (void)ctx;
    (void)p;
    *a = 0;
    return true;
}

/* The identification, version and capabilities of an idle accelerator of configuration id with a
   tm x tn array. */
static void device(fake *f, unsigned id, unsigned tm, unsigned tn)
{
    const mma_hw_config *c = &mma_hw_configs[id];
    memset(f, 0, sizeof *f);
    f->r[OFF(ID)] = MMA_ACCEL__ID__VALUE_reset;
    f->r[OFF(VERSION)] = MMA_ACCEL__VERSION__VALUE_reset;
    f->r[OFF(CAPS0)] = PUT(CAPS0, TM, tm) | PUT(CAPS0, TN, tn) | PUT(CAPS0, W_BYTES, c->w) | PUT(CAPS0, P, 4);
    f->r[OFF(CAPS1)] = PUT(CAPS1, CFG_ID, id) | PUT(CAPS1, NMODES, c->nmodes) | PUT(CAPS1, BUS_BYTES, 32);
    f->r[OFF(CAPS2)] = PUT(CAPS2, MB, 64) | PUT(CAPS2, NB, 64);
    f->r[OFF(CAPS3)] = PUT(CAPS3, KPASS_BYTES, 256);
}

static int fails, checks;

static mma_accel dev;   /* the last probe's, for what it read */

static void expect(const char *what, unsigned id, fake *f, mma_status want)
{
    const mma_port port = {f, fake_read, fake_write, fake_wait, fake_barrier, fake_now, fake_bus};
    const mma_status got = mma_accel_probe(&dev, &port);   /* dev.cfg: the driver's copy of the table */
    checks++;
    if (got != want || (want == MMA_OK && strcmp(dev.cfg->name, mma_hw_configs[id].name) != 0)) {
        fails++;
        printf("FAIL %s, configuration %s: %s, want %s\n", what, mma_hw_configs[id].name, mma_status_name(got),
               mma_status_name(want));
    }
}

int main(void)
{
    for (unsigned id = 0; id < MMA_HW_CONFIG_COUNT; id++) {
        const mma_hw_config *c = &mma_hw_configs[id];
        fake f;
        for (unsigned tm = 1; tm <= c->tm; tm++) {
            for (unsigned tn = 1; tn <= c->tn; tn++) {
                device(&f, id, tm, tn);
                expect("an array within the table's", id, &f, MMA_OK);
            }
        }
        device(&f, id, c->tm + 1u, c->tn);
        expect("one DPU row more than the table", id, &f, MMA_ERR_DEVICE);
        checks++;
        if (dev.caps.tm != c->tm + 1u || dev.caps.tn != c->tn || dev.caps.cfg_id != id || dev.cfg != NULL) {
            fails++;   /* a refused probe leaves what it read, for the caller's message, and no table row */
            printf("FAIL a refused probe's capabilities, configuration %s: %ux%u, configuration %u\n", c->name,
                   dev.caps.tm, dev.caps.tn, dev.caps.cfg_id);
        }
        device(&f, id, c->tm, c->tn + 1u);
        expect("one DPU column more than the table", id, &f, MMA_ERR_DEVICE);
        device(&f, id, 0, c->tn);
        expect("no DPU rows", id, &f, MMA_ERR_DEVICE);
        device(&f, id, c->tm, 0);
        expect("no DPU columns", id, &f, MMA_ERR_DEVICE);
        device(&f, id, c->tm, c->tn);
        f.r[OFF(CAPS0)] = (f.r[OFF(CAPS0)] & ~MMA_ACCEL__CAPS0__W_BYTES_bm) | PUT(CAPS0, W_BYTES, c->w * 2u);
        expect("another step width", id, &f, MMA_ERR_DEVICE);
        device(&f, id, c->tm, c->tn);
        f.r[OFF(CAPS1)] = (f.r[OFF(CAPS1)] & ~MMA_ACCEL__CAPS1__NMODES_bm) | PUT(CAPS1, NMODES, c->nmodes + 1u);
        expect("one mode more", id, &f, MMA_ERR_DEVICE);
        device(&f, id, c->tm, c->tn);
        f.r[OFF(CAPS1)] &= ~MMA_ACCEL__CAPS1__BUS_BYTES_bm;
        expect("no bus width", id, &f, MMA_ERR_DEVICE);
        device(&f, id, c->tm, c->tn);
        f.r[OFF(ID)] ^= 1u;
        expect("another identification", id, &f, MMA_ERR_DEVICE);
        device(&f, id, c->tm, c->tn);
        f.r[OFF(VERSION)] += 0x100u;
        expect("the next major version", id, &f, MMA_ERR_DEVICE);
        device(&f, id, c->tm, c->tn);
        f.r[OFF(VERSION)] += 0x1u;
        expect("the next minor version", id, &f, MMA_OK);
    }
    fake f;
    device(&f, 0, 1, 1);
    f.r[OFF(CAPS1)] = (f.r[OFF(CAPS1)] & ~MMA_ACCEL__CAPS1__CFG_ID_bm) | PUT(CAPS1, CFG_ID, MMA_HW_CONFIG_COUNT);
    expect("a configuration the table does not have", 0, &f, MMA_ERR_DEVICE);
    printf("unit_driver_probe: %d checks, %d failed\n", checks, fails);
    return fails != 0;
}
