/* The micro accelerator's driver: probe and one dot product through its registers (mma/micro.h). */
#include "mma/micro.h"

#include "mma/format.h"
#include "mma/hw/mma_micro_regs.h"

#define REG(name) ((uint32_t)offsetof(mma_micro_t, name))
#define FIELD(v, reg, f) (((v) & MMA_MICRO__##reg##__##f##_bm) >> MMA_MICRO__##reg##__##f##_bp)

enum {
    MICRO_ID = MMA_MICRO__ID__VALUE_reset,                 /* 'MMAU', from the register map */
    MICRO_MAJOR = MMA_MICRO__VERSION__VALUE_reset >> 8,    /* the map's major version this driver is built for */
    MICRO_MINOR = MMA_MICRO__VERSION__VALUE_reset & 0xFF   /* and the oldest minor one it takes (A4, B4) */
};

/* Four codes from memory as one register word, code i in byte i. */
static uint32_t codes4(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

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
    if ((version >> 8) != MICRO_MAJOR || (version & 0xFF) < MICRO_MINOR || FIELD(caps, CAPS, AB_FMT) != MMA_FMT_E4M3 ||
        FIELD(caps, CAPS, CD_FMT) != MMA_FMT_F32 || kmax_log2 > 15) {
        return MMA_ERR_DEVICE;
    }
    info->version = version;
    info->ab_fmt = (uint8_t)MMA_FMT_E4M3;
    info->cd_fmt = (uint8_t)MMA_FMT_F32;
    info->kmax = 1u << kmax_log2;
    return MMA_OK;
}

/* Checks mma_micro_dot's arguments and, if they are good, starts the dot product (writes C). */
static mma_status begin(const mma_port *port, const mma_micro_info *info, const void *a, const void *b, size_t k,
                        uint32_t c, const uint32_t *d)
{
    if (!port || !info || !d || (k && (!a || !b))) {
        return MMA_ERR_NULL;
    }
    if (k > info->kmax) {
        return MMA_ERR_SHAPE;
    }
    port->write32(port->ctx, REG(C), c);   /* a new dot product: no products, no error */
    return MMA_OK;
}

/* Feeds the last n < 4 products a[j] * b[j]: two through AB, one through AB1. */
static void feed_tail(const mma_port *port, const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i = 0;
    if (n >= 2) {
        port->write32(port->ctx, REG(AB), (uint32_t)a[0] | (uint32_t)b[0] << 8 | (uint32_t)a[1] << 16 | (uint32_t)b[1] << 24);
        i = 2;
    }
    if (i < n) {
        port->write32(port->ctx, REG(AB1), (uint32_t)a[i] | (uint32_t)b[i] << 8);
    }
}

/* Reads D (the bus waits for the rounding) and STATUS; *d = D unless the unit refused an access or
 * counted other than k products. */
static mma_status finish(const mma_port *port, size_t k, uint32_t *d)
{
    const uint32_t v = port->read32(port->ctx, REG(D));
    const uint32_t status = port->read32(port->ctx, REG(STATUS));
    if (FIELD(status, STATUS, ERR) != MMA_MICRO__STATUS__ERR__NONE || FIELD(status, STATUS, COUNT) != k) {
        return MMA_ERR_DEVICE;
    }
    *d = v;
    return MMA_OK;
}

mma_status mma_micro_dot(const mma_port *port, const mma_micro_info *info, const uint8_t *a, const uint8_t *b,
                         size_t k, uint32_t c, uint32_t *d)
{
    const mma_status st = begin(port, info, a, b, k, c, d);
    if (st != MMA_OK) {
        return st;
    }
    void (*const write32)(void *, uint32_t, uint32_t) = port->write32;   /* loaded once, not per call */
    void *const ctx = port->ctx;
    size_t i = 0;
    for (; i + 4 <= k; i += 4) {   /* products i .. i + 3: codes j in byte j of A4 and B4 */
        write32(ctx, REG(A4), codes4(a + i));
        write32(ctx, REG(B4), codes4(b + i));
    }
    if (i < k) {
        feed_tail(port, a + i, b + i, k - i);
    }
    return finish(port, k, d);
}

mma_status mma_micro_dot_words(const mma_port *port, const mma_micro_info *info, const uint32_t *a,
                               const uint32_t *b, size_t k, uint32_t c, uint32_t *d)
{
    const mma_status st = begin(port, info, a, b, k, c, d);
    if (st != MMA_OK) {
        return st;
    }
    void (*const write32)(void *, uint32_t, uint32_t) = port->write32;   /* loaded once, not per call */
    void *const ctx = port->ctx;
    size_t w = 0;
    for (; 4 * w + 4 <= k; w++) {   /* products 4w .. 4w + 3: the words as they are */
        write32(ctx, REG(A4), a[w]);
        write32(ctx, REG(B4), b[w]);
    }
    if (4 * w < k) {
        uint8_t ta[3], tb[3];
        for (size_t j = 0; j < k - 4 * w; j++) {
            ta[j] = (uint8_t)(a[w] >> 8 * j);
            tb[j] = (uint8_t)(b[w] >> 8 * j);
        }
        feed_tail(port, ta, tb, k - 4 * w);
    }
    return finish(port, k, d);
}
