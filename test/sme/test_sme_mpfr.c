/*
 * Arm FP8 instructions (mma/sme.h) against an independent MPFR evaluation of
 * c + 2^-LSCALE * sum a_i b_i (sme_ref.h): random operands at every vector length 128..2048,
 * E5M2 / E4M3 / mixed / reserved F8S1 and F8S2, random LSCALE (with junk in the unused bits),
 * OSM, FPCR.AH, random predicates, cancellation-heavy addends.
 * Usage: test_sme_mpfr [seed] [scale]  (scale multiplies the number of random trials).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mma/sme.h"
#include "sme_ref.h"

static unsigned long long g_checks = 0, g_fail = 0;

/* How often each kind of expected result occurred (coverage report). */
enum { K_NAN, K_NEG_NAN, K_INF, K_MAXN, K_PZERO, K_NZERO, K_SUB, K_NORMAL, K_COUNT };
static const char *const k_names[K_COUNT] = {"default-NaN", "negative default-NaN", "Inf", "max-normal",
                                              "+0", "-0", "subnormal", "normal"};
static unsigned long long g_kind[2][K_COUNT];
static unsigned long long g_unchanged;

static void classify(uint32_t want, int M)
{
    const uint32_t sign = M == 16 ? 0x8000u : 0x80000000u;
    const uint32_t mag = want & ~sign;
    const uint32_t inf = M == 16 ? 0x7C00u : 0x7F800000u, maxn = M == 16 ? 0x7BFFu : 0x7F7FFFFFu;
    const uint32_t minnorm = M == 16 ? 0x0400u : 0x00800000u;
    int k;
    if (mag > inf) {
        k = (want & sign) ? K_NEG_NAN : K_NAN;
    } else if (mag == inf) {
        k = K_INF;
    } else if (mag == maxn) {
        k = K_MAXN;
    } else if (mag == 0) {
        k = (want & sign) ? K_NZERO : K_PZERO;
    } else {
        k = mag < minnorm ? K_SUB : K_NORMAL;
    }
    ++g_kind[M == 16 ? 0 : 1][k];
}

/* xorshift64* */
static uint64_t g_rng = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    g_rng ^= g_rng >> 12;
    g_rng ^= g_rng << 25;
    g_rng ^= g_rng >> 27;
    return g_rng * 0x2545F4914F6CDD1Dull;
}
static unsigned rndn(unsigned n) { return (unsigned)(rnd() % n); }
static int chance(unsigned percent) { return rndn(100) < percent; }

static void check(int M, uint32_t got, uint32_t want, const char *what, uint64_t fpmr, unsigned flags, size_t where)
{
    ++g_checks;
    classify(want, M);
    if (got != want) {
        if (++g_fail <= 20) {
            printf("FAIL %s: fpmr=0x%llx flags=%u element %zu: got 0x%08x want 0x%08x\n", what,
                   (unsigned long long)fpmr, flags, where, got, want);
        }
    }
}

static int is_special_fp8(unsigned code, unsigned fmt)
{
    if (fmt == 1u) {
        return (code & 0x7Fu) == 0x7Fu;
    }
    if (fmt == 0u) {
        return ((code >> 2) & 31u) == 31u;
    }
    return 0;
}

/* An FP8 code: mostly finite, sometimes a signed zero, sometimes any code (NaN, Inf). */
static uint8_t gen_fp8(unsigned fmt, unsigned special_pct)
{
    if (chance(5)) {
        return chance(50) ? 0x00u : 0x80u;
    }
    if (chance(special_pct)) {
        return (uint8_t)rndn(256);
    }
    unsigned c;
    do {
        c = rndn(256);
    } while (is_special_fp8(c, fmt));
    return (uint8_t)c;
}

/* An f16 / f32 addend: mostly finite with a narrowed exponent, some zeros, Infs, NaNs, subnormals. */
static uint32_t gen_addend(int M, unsigned special_pct)
{
    const unsigned r = rndn(100);
    if (r < 5) {
        return chance(50) ? 0u : (M == 16 ? 0x8000u : 0x80000000u);
    }
    if (r < 5 + special_pct) {
        return M == 16 ? (uint32_t)rndn(0x10000u) : (uint32_t)rnd();
    }
    if (M == 16) {
        const uint32_t s = chance(50) ? 0x8000u : 0u;
        const uint32_t e = r < 15 ? 0u : rndn(31); /* some subnormals, no Inf/NaN */
        return s | (e << 10) | rndn(1024);
    }
    const uint32_t s = chance(50) ? 0x80000000u : 0u;
    uint32_t e;
    if (r < 15) {
        e = 0;
    } else if (r < 80) {
        e = 127u - 40u + rndn(80); /* around the products' range */
    } else {
        e = rndn(255);
    }
    return s | (e << 23) | (uint32_t)(rnd() & 0x7FFFFFu);
}

/* FPMR with random formats (sometimes reserved), OSM, LSCALE and, sometimes, junk in unread fields. */
static uint64_t gen_fpmr(int allow_reserved)
{
    uint64_t f = 0;
    unsigned f8s1 = rndn(2), f8s2 = rndn(2);
    if (allow_reserved && chance(4)) {
        f8s1 = 2u + rndn(6);
    }
    if (allow_reserved && chance(4)) {
        f8s2 = 2u + rndn(6);
    }
    f |= (uint64_t)f8s1 | ((uint64_t)f8s2 << 3);
    f |= (uint64_t)rndn(2) << 14; /* OSM */
    const unsigned ls = chance(50) ? rndn(16) : rndn(128);
    f |= (uint64_t)ls << 16;
    if (chance(20)) { /* fields FMOPA/FDOT do not read, and RES0 bits: ignored in the default mode */
        f |= ((uint64_t)rndn(8) << 6) | ((uint64_t)rndn(2) << 15) | ((uint64_t)rndn(256) << 24) |
             ((uint64_t)rndn(64) << 32) | (rnd() & MMA_FPMR_RES0_MASK);
    }
    return f;
}

/* mma_fp8_dot_add on random single elements, with addends built to cancel the first product. */
static void test_dot_add(unsigned n)
{
    for (unsigned t = 0; t < n; ++t) {
        const int M = chance(50) ? 16 : 32;
        static const unsigned ways16[] = {1, 2, 4}, ways32[] = {1, 2, 4, 8};
        const unsigned E = M == 16 ? ways16[rndn(3)] : ways32[rndn(4)];
        const uint64_t fpmr = gen_fpmr(1);
        const unsigned flags = chance(10) ? MMA_SME_FPCR_AH : 0u;
        uint8_t a[8], b[8];
        for (unsigned i = 0; i < E; ++i) {
            a[i] = gen_fp8((unsigned)(fpmr & 7u), 3);
            b[i] = gen_fp8((unsigned)((fpmr >> 3) & 7u), 3);
        }
        uint32_t c = gen_addend(M, 3);
        if (chance(30)) {
            /* c = -round(a0*b0*2^-L): the sum cancels down to the other products and the rounding error. */
            const uint32_t p0 = ref_fp8_dot_add(M, 0, a, b, 1, fpmr & ~(uint64_t)(1u << 14), 0);
            c = p0 ^ (M == 16 ? 0x8000u : 0x80000000u);
        }
        uint64_t got = 0;
        const mma_status st = mma_fp8_dot_add(fpmr, flags, M == 16 ? MMA_FMT_F16 : MMA_FMT_F32, c, a, b, E, &got);
        if (st != MMA_OK) {
            printf("FAIL dot_add status %d\n", (int)st);
            ++g_fail;
            continue;
        }
        check(M, (uint32_t)got, ref_fp8_dot_add(M, c, a, b, (int)E, fpmr, (flags & MMA_SME_FPCR_AH) != 0), "dot_add",
              fpmr, flags, t);
    }
}

/* The seed 002 / C9.2.114 Operation pseudocode, element by element, on the reference dot product. */
static uint32_t ref_fmopa_elem(int M, int ways, uint32_t c, const uint8_t *zn, const uint8_t *zm, const uint8_t *pn,
                               const uint8_t *pm, size_t row, size_t col, uint64_t fpmr, int ah)
{
    uint8_t rowop[4] = {0, 0, 0, 0}, colop[4] = {0, 0, 0, 0};
    int any = 0;
    for (int i = 0; i < ways; ++i) {
        const size_t r = (size_t)ways * row + (size_t)i, k = (size_t)ways * col + (size_t)i;
        any = any || (pn[r] && pm[k]);
        if (pn[r]) {
            rowop[i] = zn[r];
        }
        if (pm[k]) {
            colop[i] = zm[k];
        }
    }
    if (!any) {
        ++g_unchanged;
        return c;
    }
    return ref_fp8_dot_add(M, c, rowop, colop, ways, fpmr, ah);
}

static void gen_pred(uint8_t *p, size_t n)
{
    const unsigned mode = rndn(4);
    for (size_t j = 0; j < n; ++j) {
        p[j] = (uint8_t)(mode == 0 ? 1u : (mode == 1 ? (chance(30) ? 1u : 0u) : (chance(80) ? 1u : 0u)));
    }
}

static void test_fmopa(unsigned vl, int M, unsigned trials)
{
    const int ways = M == 16 ? 2 : 4;
    const size_t nbytes = vl / 8u, dim = nbytes / (size_t)ways;
    uint8_t zn[256], zm[256], pn[256], pm[256];
    uint16_t *za16 = malloc(dim * dim * sizeof *za16), *ref16 = malloc(dim * dim * sizeof *ref16);
    uint32_t *za32 = malloc(dim * dim * sizeof *za32), *ref32 = malloc(dim * dim * sizeof *ref32);
    for (unsigned t = 0; t < trials; ++t) {
        const uint64_t fpmr = gen_fpmr(1);
        const unsigned flags = chance(10) ? MMA_SME_FPCR_AH : 0u;
        const unsigned sp = chance(30) ? 4u : 0u; /* some trials free of NaN/Inf inputs */
        for (size_t j = 0; j < nbytes; ++j) {
            zn[j] = gen_fp8((unsigned)(fpmr & 7u), sp);
            zm[j] = gen_fp8((unsigned)((fpmr >> 3) & 7u), sp);
        }
        gen_pred(pn, nbytes);
        gen_pred(pm, nbytes);
        for (size_t e = 0; e < dim * dim; ++e) {
            const uint32_t c = gen_addend(M, sp);
            if (M == 16) {
                za16[e] = ref16[e] = (uint16_t)c;
            } else {
                za32[e] = ref32[e] = c;
            }
        }
        const mma_sme_cfg cfg = {vl, flags, fpmr};
        const mma_sme_fmopa_src src = {zn, nbytes, zm, nbytes, pn, nbytes, pm, nbytes};
        const mma_status st = M == 16 ? mma_sme_fmopa_f16(&cfg, &src, za16, dim * dim)
                                      : mma_sme_fmopa_f32(&cfg, &src, za32, dim * dim);
        if (st != MMA_OK) {
            printf("FAIL fmopa status %d\n", (int)st);
            ++g_fail;
            continue;
        }
        for (size_t row = 0; row < dim; ++row) {
            for (size_t col = 0; col < dim; ++col) {
                const size_t e = row * dim + col;
                const uint32_t c = M == 16 ? ref16[e] : ref32[e];
                const uint32_t want = ref_fmopa_elem(M, ways, c, zn, zm, pn, pm, row, col, fpmr,
                                                     (flags & MMA_SME_FPCR_AH) != 0);
                check(M, M == 16 ? za16[e] : za32[e], want, M == 16 ? "fmopa_f16" : "fmopa_f32", fpmr, flags, e);
            }
        }
    }
    free(za16);
    free(ref16);
    free(za32);
    free(ref32);
}

static void test_fdot(unsigned vl, int M, unsigned trials)
{
    const unsigned ways = M == 16 ? 2u : 4u;
    const size_t nbytes = vl / 8u, elements = nbytes / ways, per_seg = 16u / ways;
    uint8_t zn[256], zm[256];
    uint32_t zda[128], ref[128];
    uint16_t zda16[128];
    for (unsigned t = 0; t < trials; ++t) {
        const uint64_t fpmr = gen_fpmr(1);
        const unsigned flags = chance(10) ? MMA_SME_FPCR_AH : 0u;
        const int indexed = chance(50);
        const unsigned index = rndn((unsigned)per_seg);
        for (size_t j = 0; j < nbytes; ++j) {
            zn[j] = gen_fp8((unsigned)(fpmr & 7u), 3);
            zm[j] = gen_fp8((unsigned)((fpmr >> 3) & 7u), 3);
        }
        for (size_t e = 0; e < elements; ++e) {
            ref[e] = zda[e] = gen_addend(M, 3);
            zda16[e] = (uint16_t)zda[e];
        }
        const mma_sme_cfg cfg = {vl, flags, fpmr};
        mma_status st;
        if (M == 16) {
            st = indexed ? mma_sme_fdot_f16_indexed(&cfg, zn, nbytes, zm, nbytes, index, zda16, elements)
                         : mma_sme_fdot_f16(&cfg, zn, nbytes, zm, nbytes, zda16, elements);
        } else {
            st = indexed ? mma_sme_fdot_f32_indexed(&cfg, zn, nbytes, zm, nbytes, index, zda, elements)
                         : mma_sme_fdot_f32(&cfg, zn, nbytes, zm, nbytes, zda, elements);
        }
        if (st != MMA_OK) {
            printf("FAIL fdot status %d\n", (int)st);
            ++g_fail;
            continue;
        }
        for (size_t e = 0; e < elements; ++e) {
            const size_t s = indexed ? e - e % per_seg + index : e;
            const uint32_t want = ref_fp8_dot_add(M, ref[e], zn + ways * e, zm + ways * s, (int)ways, fpmr,
                                                  (flags & MMA_SME_FPCR_AH) != 0);
            check(M, M == 16 ? zda16[e] : zda[e], want, indexed ? "fdot_indexed" : "fdot", fpmr, flags, e);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        g_rng = strtoull(argv[1], NULL, 0) | 1u;
    }
    const unsigned scale = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 1u;
    test_dot_add(200000u * scale);
    printf("dot_add: %llu checks\n", g_checks);
    for (unsigned vl = 128; vl <= 2048; vl *= 2) {
        const unsigned long long before = g_checks;
        const unsigned trials = (vl <= 256 ? 400u : 4096u * 4u / vl) * scale;
        test_fmopa(vl, 16, trials);
        test_fmopa(vl, 32, trials);
        test_fdot(vl, 16, 20u * trials);
        test_fdot(vl, 32, 20u * trials);
        printf("VL %4u: %llu checks\n", vl, g_checks - before);
    }
    for (int m = 0; m < 2; ++m) {
        printf("expected results, %s:", m == 0 ? "f16" : "f32");
        for (int k = 0; k < K_COUNT; ++k) {
            printf(" %s %llu%s", k_names[k], g_kind[m][k], k + 1 < K_COUNT ? "," : "\n");
        }
    }
    printf("FMOPA elements left unchanged (no active pair/quad): %llu\n", g_unchanged);
    printf("%llu checks, %llu failures\n", g_checks, g_fail);
    return g_fail == 0 ? 0 : 1;
}
