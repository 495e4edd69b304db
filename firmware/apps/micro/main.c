/* micro: the micro accelerator (hw/rtl/micro, the iCEBreaker's) from the CPU, through its driver
 * (mma/micro.h). Probes its ID and capabilities, runs every dot product of the build-time vectors (micro_vectors.h: e4m3 codes, an
 * f32 C and the D that gen_vectors.py's exact-rational oracle computed, which ctest
 * micro_vectors_golden checks against the golden model) through the registers and compares D bit
 * for bit, then misuses the registers (a byte store, a write to the read-only ID, a B4 without
 * its A4, a D read after each: STATUS.err must name it, D must read the canonical NaN) and runs a
 * vector again, which must be right. Prints a line per failure, the cycles a product took, and
 * `micro: N passed, M failed`.
 * Exit 0 all passed, 1 a mismatch, 77 no micro accelerator in the slot. 8 KiB of RAM: the golden
 * model itself (16 KiB for the exact e4m3 dot product) does not fit beside it. The codes are
 * packed four to a word (mma_micro_dot_words): two word loads and two stores each four products. */
#include <stddef.h>

#include "board.h"
#include "micro_vectors.h"
#include "mma/hw/mma_micro_regs.h"
#include "mma/micro.h"

#define MICRO_REG(name) ((uint32_t)offsetof(mma_micro_t, name))

static volatile uint32_t *reg(uint32_t off) { return (volatile uint32_t *)(BOARD_ACCEL_BASE + off); }
static uint32_t rd(uint32_t off) { return *reg(off); }
static void wr(uint32_t off, uint32_t v) { *reg(off) = v; }
static unsigned err_of(uint32_t status)
{
    return (status & MMA_MICRO__STATUS__ERR_bm) >> MMA_MICRO__STATUS__ERR_bp;
}

static const mma_port *port;
static mma_micro_info info;

/* Runs the case at p (k, C, D, the words of a, those of b) with mma_micro_dot_words; returns D
 * (0xFFFFFFFF and a line on a driver error), and the case's size in words in *len. */
static uint32_t run(const uint32_t *p, unsigned *len)
{
    const unsigned k = p[0], nw = (k + 3) / 4;
    *len = 3 + 2 * nw;
    uint32_t d = 0xFFFFFFFFu;
    const mma_status st = mma_micro_dot_words(port, &info, p + 3, p + 3 + nw, k, p[1], &d);
    if (st != MMA_OK)
        board_printf("micro: mma_micro_dot_words: status %u\n", (unsigned)st);
    return d;
}

static unsigned passed, failed;
static void expect(const char *what, unsigned n, uint32_t got, uint32_t want)
{
    if (got == want) {
        passed++;
        return;
    }
    failed++;
    board_printf("MISMATCH %s %u: 0x%08x, want 0x%08x\n", what, n, (unsigned)got, (unsigned)want);
}

int main(void)
{
    board_uart_init();
    port = board_port_mmio();
    const uint32_t id = rd(MICRO_REG(ID));
    if (mma_micro_probe(port, &info) != MMA_OK) {
        board_printf("micro: no micro accelerator (ID register reads 0x%08x)\n", (unsigned)id);
        return 77;
    }
    board_printf("micro: ID 0x%08x, version 0x%04x, A/B format %u, C/D format %u, up to %u products\n",
                 (unsigned)id, (unsigned)info.version, (unsigned)info.ab_fmt, (unsigned)info.cd_fmt,
                 (unsigned)info.kmax);
    if (info.kmax < 32) {                               /* the vectors have up to 32 products */
        board_printf("micro: fewer than 32 products a dot product\n");
        return 1;
    }
    {   /* the driver refuses more products than the unit takes, before it writes anything */
        uint32_t d = 0;
        expect("k past the limit: status", 0, mma_micro_dot_words(port, &info, micro_vectors, micro_vectors,
                                                                   info.kmax + 1u, 0, &d), MMA_ERR_SHAPE);
    }
    const uint32_t *p = micro_vectors;
    unsigned products = 0, len = 0;
    const uint64_t t0 = board_ticks();
    for (unsigned n = 0; n < MICRO_VECTOR_CASES; n++) {
        const uint32_t d = run(p, &len);
        expect("vector", n, d, p[2]);
        products += p[0];   /* (mma_micro_dot_words checks STATUS: an error or a wrong count fails the vector) */
        p += len;
    }
    const uint64_t t1 = board_ticks();
    board_printf("micro: %u vectors, %u products, %u cycles (the CPU's stores and loads included)\n",
                 MICRO_VECTOR_CASES, products, (unsigned)(t1 - t0));
    {   /* throughput: one dot product of up to 256 products (the table's bytes as codes) */
        _Static_assert(sizeof micro_vectors >= 2 * 256, "the table is too short for the throughput run");
        const unsigned k = info.kmax < 256u ? (unsigned)info.kmax : 256u;
        uint32_t d = 0;
        const uint64_t s0 = board_ticks();
        const mma_status st = mma_micro_dot_words(port, &info, micro_vectors, micro_vectors + 64, k, 0, &d);
        const uint64_t s1 = board_ticks();
        expect("long dot product: status", 0, st, MMA_OK);
        board_printf("micro: one dot product of %u products in %u cycles\n", k, (unsigned)(s1 - s0));
    }
    /* misuse: a byte store to AB (strobes not all set), a write to the read-only ID, B4 without A4 */
    wr(MICRO_REG(C), 0);
    *(volatile uint8_t *)(BOARD_ACCEL_BASE + MICRO_REG(AB)) = 0x38u;
    expect("byte store: STATUS.err", 0, err_of(rd(MICRO_REG(STATUS))), MMA_MICRO__STATUS__ERR__STRB);
    expect("byte store: D", 0, rd(MICRO_REG(D)), 0x7FFFFFFFu);
    wr(MICRO_REG(C), 0);
    wr(MICRO_REG(ID), 0);
    expect("read-only write: STATUS.err", 0, err_of(rd(MICRO_REG(STATUS))), MMA_MICRO__STATUS__ERR__ADDR);
    expect("read-only write: D", 0, rd(MICRO_REG(D)), 0x7FFFFFFFu);
    expect("read-only write: ID", 0, rd(MICRO_REG(ID)), MMA_MICRO__ID__VALUE_reset);
    wr(MICRO_REG(C), 0);
    wr(MICRO_REG(B4), 0x38383838u);                     /* no A4 since C */
    expect("B4 without A4: STATUS.err", 0, err_of(rd(MICRO_REG(STATUS))), MMA_MICRO__STATUS__ERR__ORDER);
    expect("B4 without A4: D", 0, rd(MICRO_REG(D)), 0x7FFFFFFFu);
    expect("after misuse: vector", 0, run(micro_vectors, &len), micro_vectors[2]);
    expect("after misuse: STATUS.err", 0, err_of(rd(MICRO_REG(STATUS))), MMA_MICRO__STATUS__ERR__NONE);
    board_printf("micro: %u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
