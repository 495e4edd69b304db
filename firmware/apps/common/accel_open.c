/* The accelerator found through the driver and its mode table compared with the golden model's
 * configuration table (accel_check.h). */
#include "accel_check.h"

#include "app.h"
#include "board.h"

mma_status accel_open(mma_accel *dev, const char *app)
{
    mma_status st = mma_accel_probe(dev, board_port_mmio());
    if (st != MMA_OK) {
        /* what the hardware reported (a bitstream built for another configuration, array or register
           map shows here; the probe's rules: mma/driver.h) */
        const mma_accel_caps *c = &dev->caps;
        board_printf("%s: accelerator probe failed: %s (read: register map %u.%u, configuration %u of the table's %u, "
                     "%ux%u DPUs of %u bytes, %u modes, %u-byte beats)\n",
                     app, mma_status_name(st), (unsigned)(c->version >> 8), (unsigned)(c->version & 0xFFu), c->cfg_id,
                     (unsigned)MMA_HW_CONFIG_COUNT, c->tm, c->tn, c->w_bytes, c->nmodes, c->bus_bytes);
        return st;
    }
    const mma_accel_caps *c = &dev->caps;
    board_printf("%s: accelerator \"%s\" (preset %s), register map %u.%u: %ux%u DPUs of %u bytes, %u slots, "
                 "%u modes, %u-byte DMA beats, blocks %ux%u, features 0x%02x\n",
                 app, dev->cfg->name, dev->cfg->preset, (unsigned)(c->version >> 8), (unsigned)(c->version & 0xFFu),
                 c->tm, c->tn, c->w_bytes, c->p, c->nmodes, c->bus_bytes, c->mb, c->nb, c->features);
    unsigned bad = 0;
    st = mma_accel_check_modes(dev, &bad);
    if (st != MMA_OK) {
        board_printf("%s: mode table: row %u differs from the golden model's (%s)\n", app, bad,
                     bad < dev->cfg->nmodes ? dev->cfg->modes[bad].instr : "?");
        return st;
    }
    board_printf("%s: mode table: all %u rows equal the golden model's\n", app, dev->cfg->nmodes);
    dev->timeout = ACCEL_JOB_TIMEOUT;
    return MMA_OK;
}

int accel_find_mode(const mma_hw_config *cfg, mma_format a, mma_format b, mma_format d, bool sparse,
                    mma_format stype)
{
    for (unsigned i = 0; i < cfg->nmodes; ++i) {
        const mma_hw_mode *md = &cfg->modes[i];
        if (md->atype == a && md->btype == b && md->dtype == d && (md->sparse != 0) == sparse &&
            md->stype == (uint8_t)stype && !md->satfinite) {
            return (int)i;
        }
    }
    return -1;
}

void accel_mode_name(const mma_hw_mode *md, char *buf, unsigned size)
{
    const mma_format_info *a = mma_format_get((mma_format)md->atype), *b = mma_format_get((mma_format)md->btype),
                          *d = mma_format_get((mma_format)md->dtype);
    const mma_format_info *s = md->stype ? mma_format_get((mma_format)md->stype) : NULL;
    board_snprintf(buf, size, "%s x %s -> %s%s%s%s%s%s", a ? a->name : "?", b ? b->name : "?", d ? d->name : "?",
                   md->sparse ? ", 2:4 sparse" : "", s ? ", " : "", s ? s->name : "", s ? " scales" : "",
                   md->cmode == (uint8_t)MMA_C_UNUSED ? ", C unused" : "");
}
