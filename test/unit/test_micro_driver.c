/* unit_micro_driver: the micro accelerator's driver (mma/micro.h) against a register file in memory
 * that records every access: mma_micro_probe accepts the unit's ID, version and capabilities and
 * refuses each contradiction (MMA_ERR_DEVICE); mma_micro_dot writes C, the products four to a pair
 * of words (A4, B4), then two to a word (AB) and an odd last one (AB1), in that order and with the
 * register map's byte layout, reads D then STATUS,
 * refuses NULL arguments and a k past the limit without an access, and reports STATUS.err or a
 * wrong product count as MMA_ERR_DEVICE with *d untouched. The bit-exact results are the RTL's
 * (rtl_micro drives the Verilated unit through this driver). Prints "micro driver: N checks, M failed". */
#include <stddef.h>
#include <stdio.h>

#include "mma/format.h"
#include "mma/hw/mma_micro_regs.h"
#include "mma/micro.h"

#define REG(name) ((uint32_t)offsetof(mma_micro_t, name))

typedef struct fake {
    uint32_t id, version, caps, d, status;
    unsigned n;                /* accesses recorded */
    uint32_t off[64], val[64];
    char kind[64];             /* 'r' or 'w' */
} fake;

static uint32_t f_read(void *ctx, uint32_t off)
{
    fake *f = ctx;
    uint32_t v = off == REG(ID) ? f->id : off == REG(VERSION) ? f->version : off == REG(CAPS) ? f->caps
               : off == REG(D) ? f->d : off == REG(STATUS) ? f->status : 0u;
    if (f->n < 64) { f->off[f->n] = off; f->val[f->n] = v; f->kind[f->n] = 'r'; }
    f->n++;
    return v;
}
static void f_write(void *ctx, uint32_t off, uint32_t v)
{
    fake *f = ctx;
    if (f->n < 64) { f->off[f->n] = off; f->val[f->n] = v; f->kind[f->n] = 'w'; }
    f->n++;
}
static void f_wait(void *ctx, uint32_t t) { (void)ctx; (void)t; }
static void f_barrier(void *ctx) { (void)ctx; }
static uint64_t f_now(void *ctx) { (void)ctx; return 0; }
static bool f_bus_addr(void *ctx, const void *p, uint32_t *a) { (void)ctx; (void)p; (void)a; return false; }

static unsigned checks, failed;
static void expect(int ok, const char *what)
{
    checks++;
    if (!ok) {
        failed++;
        printf("FAILED: %s\n", what);
    }
}

static uint32_t caps_of(unsigned ab, unsigned cd, unsigned kmax_log2)
{
    return ab << MMA_MICRO__CAPS__AB_FMT_bp | cd << MMA_MICRO__CAPS__CD_FMT_bp | kmax_log2 << MMA_MICRO__CAPS__KMAX_LOG2_bp;
}

static void good(fake *f)
{
    *f = (fake){.id = MMA_MICRO__ID__VALUE_reset, .version = MMA_MICRO__VERSION__VALUE_reset,
                .caps = caps_of(MMA_FMT_E4M3, MMA_FMT_F32, 8)};
}

int main(void)
{
    fake f;
    mma_port port = {&f, f_read, f_write, f_wait, f_barrier, f_now, f_bus_addr};
    mma_micro_info info;

    good(&f);
    expect(mma_micro_probe(&port, &info) == MMA_OK && info.kmax == 256 && info.ab_fmt == MMA_FMT_E4M3 &&
               info.cd_fmt == MMA_FMT_F32 && info.version == MMA_MICRO__VERSION__VALUE_reset, "probe of a good unit");
    expect(mma_micro_probe(NULL, &info) == MMA_ERR_NULL && mma_micro_probe(&port, NULL) == MMA_ERR_NULL, "probe: NULL");
    struct { const char *what; uint32_t id, version, caps; } bad[] = {
        {"probe: the array accelerator's ID", 0x4D4D4143u, 0x0101u, caps_of(MMA_FMT_E4M3, MMA_FMT_F32, 8)},
        {"probe: an empty slot", 0u, 0u, 0u},
        {"probe: version 1.0 (no A4, B4)", MMA_MICRO__ID__VALUE_reset, 0x0100u, caps_of(MMA_FMT_E4M3, MMA_FMT_F32, 8)},
        {"probe: another major version", MMA_MICRO__ID__VALUE_reset, 0x0200u, caps_of(MMA_FMT_E4M3, MMA_FMT_F32, 8)},
        {"probe: e5m2 operands", MMA_MICRO__ID__VALUE_reset, 0x0101u, caps_of(MMA_FMT_E5M2, MMA_FMT_F32, 8)},
        {"probe: f16 results", MMA_MICRO__ID__VALUE_reset, 0x0101u, caps_of(MMA_FMT_E4M3, MMA_FMT_F16, 8)},
        {"probe: 2^16 products", MMA_MICRO__ID__VALUE_reset, 0x0101u, caps_of(MMA_FMT_E4M3, MMA_FMT_F32, 16)},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        good(&f);
        f.id = bad[i].id;
        f.version = bad[i].version;
        f.caps = bad[i].caps;
        mma_micro_info out = {0};
        expect(mma_micro_probe(&port, &out) == MMA_ERR_DEVICE && out.kmax == 0, bad[i].what);
    }

    /* a dot product of three: C, AB {a0, b0, a1, b1}, AB1 {a2, b2}, then D and STATUS */
    good(&f);
    mma_micro_probe(&port, &info);
    const uint8_t a[3] = {0x11, 0x22, 0x33}, b[3] = {0x44, 0x55, 0x66};
    f.n = 0;
    f.d = 0x3F800000u;
    f.status = 3u << MMA_MICRO__STATUS__COUNT_bp;
    uint32_t d = 0;
    expect(mma_micro_dot(&port, &info, a, b, 3, 0xC0000000u, &d) == MMA_OK && d == 0x3F800000u, "dot of 3: D");
    expect(f.n == 5 && f.kind[0] == 'w' && f.off[0] == REG(C) && f.val[0] == 0xC0000000u, "dot of 3: C first");
    expect(f.kind[1] == 'w' && f.off[1] == REG(AB) && f.val[1] == 0x55224411u,
           "dot of 3: AB = {a0, b0, a1, b1}");
    expect(f.kind[2] == 'w' && f.off[2] == REG(AB1) && f.val[2] == 0x6633u, "dot of 3: AB1 = {a2, b2}");
    expect(f.kind[3] == 'r' && f.off[3] == REG(D) && f.kind[4] == 'r' && f.off[4] == REG(STATUS), "dot of 3: D, then STATUS");
    /* a dot product of seven: C, A4 {a0..a3}, B4 {b0..b3}, AB {a4, b4, a5, b5}, AB1 {a6, b6}, D, STATUS */
    const uint8_t a7[7] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07}, b7[7] = {0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87};
    f.n = 0;
    f.status = 7u << MMA_MICRO__STATUS__COUNT_bp;
    d = 0;
    expect(mma_micro_dot(&port, &info, a7, b7, 7, 0, &d) == MMA_OK && d == 0x3F800000u && f.n == 7, "dot of 7: D, 7 accesses");
    expect(f.kind[1] == 'w' && f.off[1] == REG(A4) && f.val[1] == 0x04030201u, "dot of 7: A4 = {a0, a1, a2, a3}");
    expect(f.kind[2] == 'w' && f.off[2] == REG(B4) && f.val[2] == 0x84838281u, "dot of 7: B4 = {b0, b1, b2, b3}");
    expect(f.kind[3] == 'w' && f.off[3] == REG(AB) && f.val[3] == 0x86068505u, "dot of 7: AB = {a4, b4, a5, b5}");
    expect(f.kind[4] == 'w' && f.off[4] == REG(AB1) && f.val[4] == 0x8707u, "dot of 7: AB1 = {a6, b6}");
    expect(f.off[5] == REG(D) && f.off[6] == REG(STATUS), "dot of 7: D, then STATUS");
    /* the same through mma_micro_dot_words: the words as they are, the last one's codes picked out */
    const uint32_t wa7[2] = {0x04030201u, 0xEE070605u}, wb7[2] = {0x84838281u, 0xDD878685u};
    f.n = 0;
    d = 0;
    expect(mma_micro_dot_words(&port, &info, wa7, wb7, 7, 0, &d) == MMA_OK && d == 0x3F800000u && f.n == 7,
           "words of 7: D, 7 accesses");
    expect(f.off[1] == REG(A4) && f.val[1] == 0x04030201u && f.off[2] == REG(B4) && f.val[2] == 0x84838281u,
           "words of 7: A4, B4 the first words");
    expect(f.off[3] == REG(AB) && f.val[3] == 0x86068505u && f.off[4] == REG(AB1) && f.val[4] == 0x8707u,
           "words of 7: AB, AB1 from the last word's bytes 0..2 (byte 3 ignored)");
    f.n = 0;
    expect(mma_micro_dot_words(&port, &info, wa7, wb7, 257, 0, &d) == MMA_ERR_SHAPE && f.n == 0 &&
               mma_micro_dot_words(&port, &info, NULL, wb7, 7, 0, &d) == MMA_ERR_NULL && f.n == 0,
           "words: k past the limit, NULL: no access");
    /* k = 0: C and D only, NULL operands allowed */
    f.n = 0;
    f.status = 0;
    expect(mma_micro_dot(&port, &info, NULL, NULL, 0, 0x80000000u, &d) == MMA_OK && f.n == 3, "dot of 0");
    /* refusals before any access */
    f.n = 0;
    expect(mma_micro_dot(&port, &info, a, b, 257, 0, &d) == MMA_ERR_SHAPE && f.n == 0, "k past the limit: no access");
    expect(mma_micro_dot(NULL, &info, a, b, 3, 0, &d) == MMA_ERR_NULL && mma_micro_dot(&port, NULL, a, b, 3, 0, &d) == MMA_ERR_NULL &&
               mma_micro_dot(&port, &info, a, b, 3, 0, NULL) == MMA_ERR_NULL &&
               mma_micro_dot(&port, &info, NULL, b, 3, 0, &d) == MMA_ERR_NULL && f.n == 0, "NULL arguments: no access");
    /* the unit's verdicts: STATUS.err, a count that is not k; *d untouched */
    d = 0x12345678u;
    f.status = 3u << MMA_MICRO__STATUS__COUNT_bp | MMA_MICRO__STATUS__ERR__STRB << MMA_MICRO__STATUS__ERR_bp;
    expect(mma_micro_dot(&port, &info, a, b, 3, 0, &d) == MMA_ERR_DEVICE && d == 0x12345678u, "STATUS.err: MMA_ERR_DEVICE");
    f.status = 2u << MMA_MICRO__STATUS__COUNT_bp;
    expect(mma_micro_dot(&port, &info, a, b, 3, 0, &d) == MMA_ERR_DEVICE && d == 0x12345678u, "count 2 for k 3: MMA_ERR_DEVICE");
    printf("micro driver: %u checks, %u failed\n", checks, failed);
    return failed != 0;
}
