/* The micro accelerator's driver: probe and one dot product through its registers (mma/micro.h). */
#include "mma/micro.h"

#include "mma/format.h"
#include "mma/hw/mma_micro_regs.h"

#define REG(name) ((uint32_t)offsetof(mma_micro_t, name))
#define FIELD(v, reg, f) (((v) & MMA_MICRO__##reg##__##f##_bm) >> MMA_MICRO__##reg##__##f##_bp)

enum {
    MICRO_ID = MMA_MICRO__ID__VALUE_reset,              /* 'MMAU', from the register map */
    MICRO_MAJOR = MMA_MICRO__VERSION__VALUE_reset >> 8  /* the map's major version this driver is built for */
};

mma_status mma_micro_probe(const mma_port *port, mma_micro_info *info)
{
    if (!port || !info) {
        return MMA_ERR_NULL;
    }
    if (port->read32(port->ctx, REG(ID)) != MICRO_ID) {
        return MMA_ERR_DEVICE;
    }
    const uint32_t version = port->read32(port->ctx, REG(VERSION));
    const uint32_t caps = port->read32(port->ctx, REG(CAPS));
    const uint32_t kmax_log2 = FIELD(caps, CAPS, KMAX_LOG2);
    if ((version >> 8) != MICRO_MAJOR || FIELD(caps, CAPS, AB_FMT) != MMA_FMT_E4M3 ||
        FIELD(caps, CAPS, CD_FMT) != MMA_FMT_F32 || kmax_log2 > 15) {
        return MMA_ERR_DEVICE;
    }
    info->version = version;
    info->ab_fmt = (uint8_t)MMA_FMT_E4M3;
    info->cd_fmt = (uint8_t)MMA_FMT_F32;
    info->kmax = 1u << kmax_log2;
    return MMA_OK;
}

mma_status mma_micro_dot(const mma_port *port, const mma_micro_info *info, const uint8_t *a, const uint8_t *b,
                         size_t k, uint32_t c, uint32_t *d)
{
    if (!port || !info || !d || (k && (!a || !b))) {
        return MMA_ERR_NULL;
    }
    if (k > info->kmax) {
        return MMA_ERR_SHAPE;
    }
    port->write32(port->ctx, REG(C), c);   /* a new dot product: no products, no error */
    size_t i = 0;
    for (; i + 1 < k; i += 2) {
        port->write32(port->ctx, REG(AB),
                      (uint32_t)a[i] | (uint32_t)b[i] << 8 | (uint32_t)a[i + 1] << 16 | (uint32_t)b[i + 1] << 24);
    }
    if (i < k) {
        port->write32(port->ctx, REG(AB1), (uint32_t)a[i] | (uint32_t)b[i] << 8);
    }
    const uint32_t v = port->read32(port->ctx, REG(D));   /* the bus waits for the rounding */
    const uint32_t status = port->read32(port->ctx, REG(STATUS));
    if (FIELD(status, STATUS, ERR) != MMA_MICRO__STATUS__ERR__NONE || FIELD(status, STATUS, COUNT) != k) {
        return MMA_ERR_DEVICE;
    }
    *d = v;
    return MMA_OK;
}
