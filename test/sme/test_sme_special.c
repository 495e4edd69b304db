/*
 * Arm FP8 instructions (mma/sme.h): hand-computed special cases and API validation.
 * Every expected value below is worked out by hand from the Arm pseudocode (FP8DotAddFP
 * J1.3.3.173, FP8Unpack J1.3.3.180, FMOPA seed 002 / C9.2.114, FDOT C8.2.184..187) and
 * FPMR (C5.2.9); no library internals are used. Hosted C, no MPFR needed.
 */
#include <stdio.h>
#include <string.h>

#include "mma/sme.h"

static unsigned g_checks = 0, g_fail = 0;

#define CHECK_EQ(got, want, what)                                                                          \
    do {                                                                                                   \
        ++g_checks;                                                                                        \
        const unsigned long long g_ = (unsigned long long)(got), w_ = (unsigned long long)(want);          \
        if (g_ != w_) {                                                                                    \
            ++g_fail;                                                                                      \
            printf("FAIL %s:%d %s: got 0x%llx want 0x%llx\n", __FILE__, __LINE__, (what), g_, w_);         \
        }                                                                                                  \
    } while (0)

/* FPMR value from its fields. */
static uint64_t fpmr_of(unsigned f8s1, unsigned f8s2, unsigned osm, unsigned lscale)
{
    return (uint64_t)f8s1 | ((uint64_t)f8s2 << 3) | ((uint64_t)osm << 14) | ((uint64_t)lscale << 16);
}

#define E5 MMA_FPMR_FMT_E5M2
#define E4 MMA_FPMR_FMT_E4M3

/* Codes used below (worked out by hand). */
enum {
    E4_P1 = 0x38,     /* E4M3 +1.0: 0 0111 000 */
    E4_N1 = 0xB8,     /* -1.0 */
    E4_P2 = 0x40,     /* 2.0 */
    E4_P16 = 0x58,    /* 16 = 2^4: exponent field 11 */
    E4_P8 = 0x50,     /* 8 */
    E4_MINSUB = 0x01, /* 2^-9 */
    E4_NAN = 0x7F,    /* S.1111.111: the only E4M3 NaN, signalling for Arm */
    E5_P1 = 0x3C,     /* E5M2 +1.0: 0 01111 00 */
    E5_N1 = 0xBC,
    E5_P2 = 0x40,
    E5_MAX = 0x7B,    /* 57344 */
    E5_INF = 0x7C,
    E5_NINF = 0xFC,
    E5_SNAN = 0x7D,   /* quiet bit (fraction MSB) clear */
    E5_QNAN = 0x7E,
    E5_MINSUB = 0x01, /* 2^-16 */
};

static uint64_t dot(uint64_t fpmr, uint32_t flags, mma_format dt, uint64_t c, uint8_t a0, uint8_t a1, uint8_t b0,
                    uint8_t b1)
{
    const uint8_t a[2] = {a0, a1}, b[2] = {b0, b1};
    uint64_t out = 0xDEADu;
    const mma_status st = mma_fp8_dot_add(fpmr, flags, dt, c, a, b, 2, &out);
    if (st != MMA_OK) {
        printf("dot: status %d\n", (int)st);
        return 0xBADBADu;
    }
    return out;
}

static void test_dot_values(void)
{
    const mma_format H = MMA_FMT_F16, S = MMA_FMT_F32;
    const uint64_t e44 = fpmr_of(E4, E4, 0, 0), e55 = fpmr_of(E5, E5, 0, 0);
    /* Plain values: 1 + 1*1 + 1*1 = 3 (f16 0x4200), f32 3.0 = 0x40400000. */
    CHECK_EQ(dot(e44, 0, H, 0x3C00, E4_P1, E4_P1, E4_P1, E4_P1), 0x4200, "1+1+1 f16");
    CHECK_EQ(dot(e44, 0, S, 0x3F800000, E4_P1, E4_P1, E4_P1, E4_P1), 0x40400000, "1+1+1 f32");
    /* F8S1 decodes op1, F8S2 op2: 0x3C is 1.0 in E5M2, 1.5 in E4M3; 0x40 is 2.0 in both. */
    CHECK_EQ(dot(fpmr_of(E5, E4, 0, 0), 0, H, 0, 0x3C, 0, 0x40, 0), 0x4000, "E5M2 x E4M3 = 1*2");
    CHECK_EQ(dot(fpmr_of(E4, E5, 0, 0), 0, H, 0, 0x3C, 0, 0x40, 0), 0x4200, "E4M3 x E5M2 = 1.5*2");

    /* Any NaN -> default NaN (f16 0x7E00, f32 0x7FC00000), whatever its sign or payload. */
    CHECK_EQ(dot(e44, 0, H, 0x7D00, 0, 0, 0, 0), 0x7E00, "sNaN addend");
    CHECK_EQ(dot(e44, 0, H, 0xFE01, E4_P1, 0, E4_P1, 0), 0x7E00, "negative qNaN addend");
    CHECK_EQ(dot(e44, 0, S, 0xFFA00000, 0, 0, 0, 0), 0x7FC00000, "f32 sNaN addend");
    CHECK_EQ(dot(e44, 0, H, 0x3C00, E4_NAN, 0, E4_P1, 0), 0x7E00, "E4M3 0x7F");
    CHECK_EQ(dot(e44, 0, H, 0x3C00, E4_P1, 0, 0xFF, 0), 0x7E00, "E4M3 0xFF");
    CHECK_EQ(dot(e44, 0, S, 0, 0, 0, 0, E4_NAN), 0x7FC00000, "E4M3 NaN x 0 f32");
    CHECK_EQ(dot(e55, 0, H, 0, E5_SNAN, 0, E5_P1, 0), 0x7E00, "E5M2 sNaN");
    CHECK_EQ(dot(e55, 0, H, 0, E5_QNAN, 0, E5_P1, 0), 0x7E00, "E5M2 qNaN");
    CHECK_EQ(dot(e55, 0, H, 0, 0xFF, 0, E5_P1, 0), 0x7E00, "E5M2 -qNaN");
    CHECK_EQ(dot(e55, 0, H, 0x7C00, E5_QNAN, 0, E5_INF, 0), 0x7E00, "NaN beats Inf");
    /* FPCR.AH = 1 (FEAT_AFP): FPDefaultNaN carries sign = AH. */
    CHECK_EQ(dot(e44, MMA_SME_FPCR_AH, H, 0x3C00, E4_NAN, 0, E4_P1, 0), 0xFE00, "AH default NaN f16");
    CHECK_EQ(dot(e44, MMA_SME_FPCR_AH, S, 0, E4_NAN, 0, E4_P1, 0), 0xFFC00000, "AH default NaN f32");
    CHECK_EQ(dot(e44, MMA_SME_FPCR_AH, H, 0x3C00, E4_P1, 0, E4_P1, 0), 0x4000, "AH, no NaN: 1+1");

    /* Invalid operations -> default NaN. */
    CHECK_EQ(dot(e55, 0, H, 0, 0x00, E5_P1, E5_INF, E5_P1), 0x7E00, "+0 x Inf");
    CHECK_EQ(dot(e55, 0, H, 0, E5_NINF, 0, 0x80, 0), 0x7E00, "-Inf x -0");
    CHECK_EQ(dot(e55, 0, S, 0x3F800000, E5_INF, E5_NINF, E5_P1, E5_P1), 0x7FC00000, "Inf - Inf products");
    CHECK_EQ(dot(e55, 0, H, 0x7C00, E5_N1, 0, E5_INF, 0), 0x7E00, "addend +Inf, product -Inf");
    CHECK_EQ(dot(e55, 0, H, 0xFC00, E5_INF, 0, E5_INF, 0), 0x7E00, "addend -Inf, product +Inf");
    /* Other infinities. */
    CHECK_EQ(dot(e55, 0, H, 0x7C00, E5_MAX, 0, E5_N1, 0), 0x7C00, "+Inf addend + finite");
    CHECK_EQ(dot(e55, 0, H, 0x3C00, E5_INF, E5_INF, E5_N1, E5_N1), 0xFC00, "2 x (Inf * -1)");
    CHECK_EQ(dot(e55, 0, S, 0xFF800000, E5_INF, 0, E5_NINF, 0), 0xFF800000, "-Inf + Inf*-Inf");
    CHECK_EQ(dot(e55, 0, S, 0, E5_INF, 0, E5_INF, 0), 0x7F800000, "Inf*Inf f32");
    CHECK_EQ(dot(fpmr_of(E5, E5, 1, 0), 0, H, 0, E5_INF, 0, E5_P1, 0), 0x7C00, "OSM does not touch Inf inputs");

    /* Exact zeros: the sign survives only if C and every product are zeros of the same sign. */
    CHECK_EQ(dot(e44, 0, H, 0x8000, 0x80, 0x80, E4_P1, E4_P1), 0x8000, "-0 + -0 + -0");
    CHECK_EQ(dot(e44, 0, H, 0x0000, 0x80, 0x80, E4_P1, E4_P1), 0x0000, "+0 + -0 + -0");
    CHECK_EQ(dot(e44, 0, H, 0x8000, 0x80, 0x00, E4_P1, E4_P1), 0x0000, "-0 + -0 + +0");
    CHECK_EQ(dot(e44, 0, H, 0x8000, 0x80, 0x80, E4_N1, E4_N1), 0x0000, "-0 + (-0*-1) twice = +0 terms");
    CHECK_EQ(dot(e44, 0, H, 0x0000, 0x00, 0x00, E4_N1, 0x00), 0x0000, "+0 + (+0*-1) + (+0*+0) -> mixed -> +0");
    CHECK_EQ(dot(e44, 0, S, 0x80000000, 0x00, 0x80, E4_N1, E4_P1), 0x80000000, "f32 -0 + (+0*-1) + (-0*1)");
    CHECK_EQ(dot(e44, 0, H, 0x3C00, E4_N1, 0, E4_P1, 0), 0x0000, "1 - 1 = +0");
    CHECK_EQ(dot(e44, 0, H, 0xBC00, E4_P1, 0x80, E4_P1, E4_P1), 0x0000, "-1 + 1 + -0 = +0");
    CHECK_EQ(dot(e44, 0, S, 0xC0000000, E4_P1, E4_P1, E4_P1, E4_P1), 0x00000000, "-2 + 1 + 1 = +0 f32");
    /* A non-zero exact value that rounds to zero keeps its own sign: -2^-18 * 2^-15 -> -0 in f16. */
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 15), 0, H, 0x0000, 0x81, 0, E4_MINSUB, 0), 0x8000, "+0 + tiny negative -> -0");
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 15), 0, H, 0x8000, E4_MINSUB, 0, E4_MINSUB, 0), 0x0000, "-0 + tiny positive -> +0");

    /* Subnormals are never flushed. */
    CHECK_EQ(dot(e44, 0, H, 0, E4_MINSUB, 0, E4_MINSUB, 0), 0x0040, "2^-9 * 2^-9 = 2^-18 = 64 * 2^-24");
    CHECK_EQ(dot(e55, 0, S, 0, E5_MINSUB, 0, E5_MINSUB, 0), 0x2F800000, "2^-16 * 2^-16 = 2^-32 f32");
    CHECK_EQ(dot(e55, 0, H, 0, E5_MINSUB, 0, E5_MINSUB, 0), 0x0000, "2^-32 underflows to +0 in f16");
    CHECK_EQ(dot(e44, 0, H, 0x0001, 0, 0, 0, 0), 0x0001, "subnormal addend + zeros kept");
    CHECK_EQ(dot(e44, 0, S, 0x00000001, E4_MINSUB, 0, 0, 0), 0x00000001, "f32 min subnormal addend kept");
    CHECK_EQ(dot(e44, 0, H, 0x0001, 0x81, 0, E4_MINSUB, 0), 0x8000 | 0x003F, "2^-24 - 2^-18 = -63 * 2^-24");

    /* Overflow: FPMR.OSM = 0 -> Inf, 1 -> max normal. 57344^2 = 3.29e9. */
    CHECK_EQ(dot(fpmr_of(E5, E5, 0, 0), 0, H, 0, E5_MAX, 0, E5_MAX, 0), 0x7C00, "overflow OSM=0");
    CHECK_EQ(dot(fpmr_of(E5, E5, 1, 0), 0, H, 0, E5_MAX, 0, E5_MAX, 0), 0x7BFF, "overflow OSM=1");
    CHECK_EQ(dot(fpmr_of(E5, E5, 0, 0), 0, H, 0, 0xFB, 0, E5_MAX, 0), 0xFC00, "negative overflow OSM=0");
    CHECK_EQ(dot(fpmr_of(E5, E5, 1, 0), 0, H, 0, 0xFB, 0, E5_MAX, 0), 0xFBFF, "negative overflow OSM=1");
    /* f32: FLT_MAX + 57344^2 stays FLT_MAX (the sum is far below half an ulp, 2^103), OSM or not. */
    CHECK_EQ(dot(fpmr_of(E5, E5, 0, 0), 0, S, 0x7F7FFFFF, E5_MAX, E5_MAX, E5_MAX, E5_MAX), 0x7F7FFFFF, "f32 FLT_MAX + 2*57344^2");
    CHECK_EQ(dot(fpmr_of(E5, E5, 1, 0), 0, S, 0xFF7FFFFF, 0xFB, 0, E5_MAX, 0), 0xFF7FFFFF, "f32 -FLT_MAX - 57344^2, OSM");
    /* 65504 + 16 = 65520: the tie rounds to even 65536 = overflow; 65504 + 8 rounds back down. */
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 0), 0, H, 0x7BFF, E4_P16, 0, E4_P1, 0), 0x7C00, "65520 ties to Inf");
    CHECK_EQ(dot(fpmr_of(E4, E4, 1, 0), 0, H, 0x7BFF, E4_P16, 0, E4_P1, 0), 0x7BFF, "65520 OSM -> max");
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 0), 0, H, 0x7BFF, E4_P8, 0, E4_P1, 0), 0x7BFF, "65512 -> 65504");
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 0), 0, H, 0x7BFF, E4_P16, 0x81, E4_P1, E4_MINSUB), 0x7BFF,
             "65504 + 16 - 2^-18: just below the tie -> 65504");
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 0), 0, H, 0x7BFF, E4_P16, E4_MINSUB, E4_P1, E4_MINSUB), 0x7C00,
             "65504 + 16 + 2^-18: just above the tie -> Inf");
    /* Ties to even in the normal range: 1 + 2^-11 -> 1; (1 + 2^-10) + 2^-11 -> 1 + 2^-9. 2^-11 = 2^-6 * 2^-5. */
    CHECK_EQ(dot(e44, 0, H, 0x3C00, 0x08, 0, 0x10, 0), 0x3C00, "1 + half ulp -> 1 (even)");
    CHECK_EQ(dot(e44, 0, H, 0x3C01, 0x08, 0, 0x10, 0), 0x3C02, "odd + half ulp -> up (even)");
    CHECK_EQ(dot(e44, 0, H, 0x3C00, 0x08, E4_MINSUB, 0x10, E4_MINSUB), 0x3C01, "1 + half ulp + tiny -> up");
    /* No intermediate rounding: 2048 + 1 + 1 in f16 (ulp 2 above 2048) -> exact 2050, not 2048 + 1 -> 2048 twice. */
    CHECK_EQ(dot(e44, 0, H, 0x6800, E4_P1, E4_P1, E4_P1, E4_P1), 0x6801, "2048 + 1 + 1 = 2050, one rounding");
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 1), 0, H, 0x7BFF, E4_P16, E4_P16, E4_P1, E4_P1), 0x7C00,
             "65504 + (16+16)*2^-1 = 65520 -> Inf");
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 2), 0, H, 0x7BFF, E4_P16, E4_P16, E4_P1, E4_P1), 0x7BFF,
             "65504 + 32*2^-2 = 65512 -> 65504");

    /* LSCALE: f16 results use FPMR[19:16], f32 results FPMR[22:16]. */
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 0x11), 0, H, 0, E4_P1, 0, E4_P1, 0), 0x3800, "f16 LSCALE 0x11 -> 2^-1");
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 0x70), 0, H, 0, E4_P1, 0, E4_P1, 0), 0x3C00, "f16 LSCALE 0x70 -> 2^0");
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 0x0F), 0, H, 0, E4_P1, 0, E4_P1, 0), 0x0200, "f16 LSCALE 15 -> 2^-15");
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 0x11), 0, S, 0, E4_P1, 0, E4_P1, 0), 0x37000000, "f32 LSCALE 0x11 -> 2^-17");
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 0x7F), 0, S, 0, E4_P1, 0, E4_P1, 0), 0x00400000, "f32 LSCALE 127 -> 2^-127");
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 0x11), 0, H, 0x3C00, E4_P2, 0, E4_P1, 0), 0x4000, "LSCALE scales products, not C");
    /* LSCALE2 / NSCALE / OSC / F8D do not take part. */
    CHECK_EQ(dot(fpmr_of(E4, E4, 0, 0) | (0x3Full << 32) | (0x81ull << 24) | (1u << 15) | (5u << 6), 0, H, 0,
                 E4_P1, 0, E4_P1, 0),
             0x3C00, "LSCALE2/NSCALE/OSC/F8D ignored");

    /* f32 8-way (the N = 2M form of FP8DotAddFP). */
    {
        const uint8_t a[8] = {E4_P1, E4_P1, E4_P1, E4_P1, E4_P1, E4_P1, E4_P1, E4_P1};
        uint64_t out = 0;
        CHECK_EQ(mma_fp8_dot_add(e44, 0, S, 0, a, a, 8, &out), MMA_OK, "8-way status");
        CHECK_EQ(out, 0x41000000, "8-way: 8.0");
    }
}

static void test_fpmr(void)
{
    mma_fpmr f;
    const uint64_t v = 1u | (0u << 3) | (3u << 6) | (1u << 14) | (1u << 15) | (0x55ull << 16) | (0xFDull << 24) |
                       (0x2Aull << 32) | (1u << 9) | (1ull << 63);
    CHECK_EQ(mma_fpmr_decode(v, &f), MMA_OK, "decode");
    CHECK_EQ(f.f8s1, 1, "f8s1");
    CHECK_EQ(f.f8s2, 0, "f8s2");
    CHECK_EQ(f.f8d, 3, "f8d");
    CHECK_EQ(f.osm, 1, "osm");
    CHECK_EQ(f.osc, 1, "osc");
    CHECK_EQ(f.lscale, 0x55, "lscale");
    CHECK_EQ((long long)f.nscale, -3, "nscale signed");
    CHECK_EQ(f.lscale2, 0x2A, "lscale2");
    CHECK_EQ(f.res0, (1u << 9) | (1ull << 63), "res0");
    uint64_t back = 0;
    CHECK_EQ(mma_fpmr_encode(&f, &back), MMA_OK, "encode");
    CHECK_EQ(back, v, "round trip");
    mma_fpmr bad = f;
    bad.f8s1 = 8;
    CHECK_EQ(mma_fpmr_encode(&bad, &back), MMA_ERR_FPMR, "encode f8s1 8");
    bad = f;
    bad.lscale = 128;
    CHECK_EQ(mma_fpmr_encode(&bad, &back), MMA_ERR_FPMR, "encode lscale 128");
    bad = f;
    bad.lscale2 = 64;
    CHECK_EQ(mma_fpmr_encode(&bad, &back), MMA_ERR_FPMR, "encode lscale2 64");
    bad = f;
    bad.osm = 2;
    CHECK_EQ(mma_fpmr_encode(&bad, &back), MMA_ERR_FPMR, "encode osm 2");
    bad = f;
    bad.res0 = 1u << 16;
    CHECK_EQ(mma_fpmr_encode(&bad, &back), MMA_ERR_FPMR, "encode res0 outside mask");
    CHECK_EQ(mma_fpmr_decode(v, NULL), MMA_ERR_NULL, "decode NULL");
    CHECK_EQ(mma_fpmr_encode(NULL, &back), MMA_ERR_NULL, "encode NULL");

    mma_format fmt = MMA_FMT_COUNT;
    CHECK_EQ(mma_fpmr_fp8_format(0, &fmt), MMA_OK, "format 0");
    CHECK_EQ(fmt, MMA_FMT_E5M2, "000 = E5M2");
    CHECK_EQ(mma_fpmr_fp8_format(1, &fmt), MMA_OK, "format 1");
    CHECK_EQ(fmt, MMA_FMT_E4M3, "001 = E4M3");
    for (unsigned r = 2; r < 8; ++r) {
        CHECK_EQ(mma_fpmr_fp8_format(r, &fmt), MMA_ERR_FPMR, "reserved format value");
    }

    /* Default mode accepts everything; strict mode rejects reserved values and RES0 bits. */
    const uint64_t clean = fpmr_of(E4, E5, 1, 0x7F) | (0xFFull << 24) | (0x3Full << 32) | (1u << 15) | (1u << 6);
    CHECK_EQ(mma_fpmr_check(clean, 0), MMA_OK, "clean default");
    CHECK_EQ(mma_fpmr_check(clean, MMA_SME_STRICT_FPMR), MMA_OK, "clean strict");
    const uint64_t reserved[] = {fpmr_of(2, 0, 0, 0), fpmr_of(7, 1, 0, 0), fpmr_of(0, 3, 0, 0), fpmr_of(1, 4, 0, 0),
                                 2u << 6,           7u << 6,           1u << 9,           1u << 13,
                                 1u << 23,          1ull << 38,        1ull << 63};
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; ++i) {
        CHECK_EQ(mma_fpmr_check(reserved[i], 0), MMA_OK, "reserved value, default mode");
        CHECK_EQ(mma_fpmr_check(reserved[i], MMA_SME_STRICT_FPMR), MMA_ERR_FPMR, "reserved value, strict");
        CHECK_EQ(mma_fpmr_check(reserved[i], MMA_SME_STRICT_FPMR | MMA_SME_FPCR_AH), MMA_ERR_FPMR,
                 "reserved value, strict + AH");
    }
    CHECK_EQ(mma_fpmr_check(0, 0x4u), MMA_ERR_PROFILE_PARAM, "unknown option bit");
    CHECK_EQ(mma_fpmr_check(0, 0x80000000u), MMA_ERR_PROFILE_PARAM, "unknown option bit 31");
}

static void test_dot_errors(void)
{
    const uint8_t a[8] = {E4_P1, E4_P1, E4_P1, E4_P1, E4_P1, E4_P1, E4_P1, E4_P1};
    const uint64_t e44 = fpmr_of(E4, E4, 0, 0);
    uint64_t out = 0x1234;
    CHECK_EQ(mma_fp8_dot_add(e44, 0, MMA_FMT_F16, 0, a, a, 8, &out), MMA_ERR_SHAPE, "f16 8-way");
    CHECK_EQ(mma_fp8_dot_add(e44, 0, MMA_FMT_F16, 0, a, a, 3, &out), MMA_ERR_SHAPE, "3-way");
    CHECK_EQ(mma_fp8_dot_add(e44, 0, MMA_FMT_F32, 0, a, a, 0, &out), MMA_ERR_SHAPE, "0-way");
    CHECK_EQ(mma_fp8_dot_add(e44, 0, MMA_FMT_F32, 0, a, a, 16, &out), MMA_ERR_SHAPE, "f32 16-way");
    CHECK_EQ(mma_fp8_dot_add(e44, 0, MMA_FMT_BF16, 0, a, a, 2, &out), MMA_ERR_FORMAT, "bf16 result");
    CHECK_EQ(mma_fp8_dot_add(e44, 0, MMA_FMT_E4M3, 0, a, a, 2, &out), MMA_ERR_FORMAT, "e4m3 result");
    CHECK_EQ(mma_fp8_dot_add(e44, 0, MMA_FMT_F16, 0x10000, a, a, 2, &out), MMA_ERR_CODE, "f16 addend > 16 bits");
    CHECK_EQ(mma_fp8_dot_add(e44, 0, MMA_FMT_F32, 0x100000000ull, a, a, 2, &out), MMA_ERR_CODE, "f32 addend > 32 bits");
    CHECK_EQ(mma_fp8_dot_add(e44, 0, MMA_FMT_F16, 0, NULL, a, 2, &out), MMA_ERR_NULL, "NULL op1");
    CHECK_EQ(mma_fp8_dot_add(e44, 0, MMA_FMT_F16, 0, a, NULL, 2, &out), MMA_ERR_NULL, "NULL op2");
    CHECK_EQ(mma_fp8_dot_add(e44, 0, MMA_FMT_F16, 0, a, a, 2, NULL), MMA_ERR_NULL, "NULL out");
    CHECK_EQ(mma_fp8_dot_add(e44, 8u, MMA_FMT_F16, 0, a, a, 2, &out), MMA_ERR_PROFILE_PARAM, "unknown flag");
    CHECK_EQ(out, 0x1234, "nothing written on error");
    /* Reserved F8S1 / F8S2: every element reads as a signalling NaN (default) or MMA_ERR_FPMR (strict). */
    CHECK_EQ(mma_fp8_dot_add(fpmr_of(2, E4, 0, 0), 0, MMA_FMT_F16, 0, a, a, 2, &out), MMA_OK, "reserved F8S1");
    CHECK_EQ(out, 0x7E00, "reserved F8S1 -> default NaN");
    const uint8_t z[2] = {0, 0};
    CHECK_EQ(mma_fp8_dot_add(fpmr_of(E4, 6, 0, 0), 0, MMA_FMT_F32, 0x3F800000, z, z, 2, &out), MMA_OK, "reserved F8S2");
    CHECK_EQ(out, 0x7FC00000, "reserved F8S2, zero codes -> default NaN");
    out = 0x1234;
    CHECK_EQ(mma_fp8_dot_add(fpmr_of(E4, 6, 0, 0), MMA_SME_STRICT_FPMR, MMA_FMT_F32, 0, z, z, 2, &out), MMA_ERR_FPMR,
             "reserved F8S2 strict");
    CHECK_EQ(out, 0x1234, "strict: nothing written");
    CHECK_EQ(mma_fp8_dot_add(e44 | (1u << 9), 0, MMA_FMT_F16, 0, a, a, 2, &out), MMA_OK, "RES0 default");
    CHECK_EQ(out, 0x4000, "RES0 ignored: 1 + 1");
    CHECK_EQ(mma_fp8_dot_add(e44 | (1u << 9), MMA_SME_STRICT_FPMR, MMA_FMT_F16, 0, a, a, 2, &out), MMA_ERR_FPMR,
             "RES0 strict");
}

static void test_vl_pred(void)
{
    for (uint32_t vl = 128; vl <= 2048; vl *= 2) {
        CHECK_EQ(mma_sme_vl_check(vl), MMA_OK, "power-of-two VL");
    }
    const uint32_t bad[] = {0, 64, 127, 129, 192, 384, 640, 1536, 4096, 0x80000000u};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        CHECK_EQ(mma_sme_vl_check(bad[i]), MMA_ERR_PREDICATE, "bad VL");
    }
    const uint8_t preg[4] = {0xA5, 0x01, 0xFF, 0x00};
    uint8_t el[32];
    memset(el, 7, sizeof el);
    CHECK_EQ(mma_sme_pred_unpack(128, preg, 2, el, 16), MMA_OK, "unpack");
    const uint8_t want[16] = {1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0};
    for (int j = 0; j < 16; ++j) {
        CHECK_EQ(el[j], want[j], "unpack bit j = byte j/8 bit j%8");
    }
    CHECK_EQ(el[16], 7, "unpack writes VL/8 elements only");
    CHECK_EQ(mma_sme_pred_unpack(256, preg, 3, el, 32), MMA_ERR_BUFFER, "short P image");
    CHECK_EQ(mma_sme_pred_unpack(256, preg, 4, el, 31), MMA_ERR_BUFFER, "short element array");
    CHECK_EQ(mma_sme_pred_unpack(96, preg, 4, el, 32), MMA_ERR_PREDICATE, "bad VL");
    CHECK_EQ(mma_sme_pred_unpack(128, NULL, 4, el, 32), MMA_ERR_NULL, "NULL P image");
}

/* Exact small integers (worked-out formulas; n must fit the format's significand). */
static uint8_t e4m3_int(unsigned n)
{
    if (n == 0) {
        return 0;
    }
    unsigned k = 0;
    while ((n >> (k + 1)) != 0) {
        ++k;
    }
    const unsigned frac = k <= 3 ? ((n << (3 - k)) & 7u) : ((n >> (k - 3)) & 7u);
    return (uint8_t)(((k + 7u) << 3) | frac);
}

static uint32_t ieee_int(unsigned n, int M)
{
    if (n == 0) {
        return 0;
    }
    unsigned k = 0;
    while ((n >> (k + 1)) != 0) {
        ++k;
    }
    const unsigned fb = M == 16 ? 10u : 23u, bias = M == 16 ? 15u : 127u;
    return ((k + bias) << fb) | ((n << (fb - k)) & ((1u << fb) - 1u));
}

static void test_fmopa(void)
{
    uint8_t zn[256], zm[256], pn[256], pm[256];
    static uint16_t za16[128 * 128 + 1];
    static uint32_t za32[64 * 64 + 1];
    const uint64_t e44 = fpmr_of(E4, E4, 0, 0);

    /* Orientation (VL 128, 8x8 f16 tile): Zn pair of row r = (r+1, 1), Zm pair of column c = (c, 2):
     * ZA[r][c] = 1 + (r+1)*c + 1*2. */
    for (unsigned j = 0; j < 16; ++j) {
        zn[j] = e4m3_int(j % 2 == 0 ? j / 2 + 1 : 1);
        zm[j] = e4m3_int(j % 2 == 0 ? j / 2 : 2);
        pn[j] = pm[j] = 1;
    }
    for (unsigned e = 0; e < 64; ++e) {
        za16[e] = 0x3C00;
    }
    za16[64] = 0xBEEF;
    mma_sme_cfg cfg = {128, 0, e44};
    mma_sme_fmopa_src src = {zn, 16, zm, 16, pn, 16, pm, 16};
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, za16, 64), MMA_OK, "fmopa f16");
    for (unsigned r = 0; r < 8; ++r) {
        for (unsigned c = 0; c < 8; ++c) {
            CHECK_EQ(za16[r * 8 + c], ieee_int(1 + (r + 1) * c + 2, 16), "fmopa f16 ZA[r][c] = 1 + (r+1)c + 2");
        }
    }
    CHECK_EQ(za16[64], 0xBEEF, "no write past the tile");

    /* 4-way (VL 128, 4x4 f32 tile): Zn quad of row r = (r+1, 1, 2, 0), Zm quad of column c = (c, 1, 1, 5):
     * ZA[r][c] = 0.5 + (r+1)c + 1 + 2 + 0 (C = 0.5 = 0x3F000000). */
    for (unsigned j = 0; j < 16; ++j) {
        static const unsigned rowq[4] = {0, 1, 2, 0}, colq[4] = {0, 1, 1, 5};
        zn[j] = e4m3_int(j % 4 == 0 ? j / 4 + 1 : rowq[j % 4]);
        zm[j] = e4m3_int(j % 4 == 0 ? j / 4 : colq[j % 4]);
    }
    for (unsigned e = 0; e < 16; ++e) {
        za32[e] = 0x3F000000;
    }
    za32[16] = 0xCAFEBABE;
    CHECK_EQ(mma_sme_fmopa_f32(&cfg, &src, za32, 16), MMA_OK, "fmopa f32");
    for (unsigned r = 0; r < 4; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            /* (r+1)c + 3 + 0.5: add the 0.5 by hand: one more fraction bit below the integer. */
            const unsigned n2 = 2 * ((r + 1) * c + 3) + 1; /* twice the value, an odd integer */
            CHECK_EQ(za32[r * 4 + c], ieee_int(n2, 32) - (1u << 23), "fmopa f32 ZA[r][c] = 0.5 + (r+1)c + 3");
        }
    }
    CHECK_EQ(za32[16], 0xCAFEBABE, "no write past the f32 tile");

    /* Predicates (seed 002): the element is updated iff some i has Pn<2r+i> = Pm<2c+i> = 1. */
    cfg.fpmr = fpmr_of(E4, E5, 0, 0); /* Zm in E5M2 so that it can hold an Inf */
    memset(pn, 0, 16);
    memset(pm, 0, 16);
    for (unsigned e = 0; e < 64; ++e) {
        za16[e] = 0x4000; /* 2.0 */
    }
    for (unsigned j = 0; j < 16; ++j) {
        zn[j] = E4_NAN; /* inactive elements are never read */
        zm[j] = 0xFF;
    }
    /* row 0: Pn = (1, 0); column 0: Pm = (0, 1) -> no common i: unchanged although both sides have an active element. */
    pn[0] = 1; zn[0] = E4_P1;
    pm[1] = 1; zm[1] = E5_P1;
    /* row 1: Pn = (1, 0); column 1: Pm = (1, 1), Zm pair (1, Inf) -> rowop = (1, +0): +0 * Inf = NaN. */
    pn[2] = 1; zn[2] = E4_P1;
    pm[2] = 1; pm[3] = 1; zm[2] = E5_P1; zm[3] = E5_INF;
    /* row 2: Pn = (1, 0), Zn = (-0, 1); column 2: Pm = (1, 1), Zm = (1, -1); C = -0:
     * products (-0)(1) = -0 and (+0)(-1) = -0 -> -0 (the inactive 1 would have given -1). */
    pn[4] = 1; zn[4] = 0x80; zn[5] = E4_P1;
    pm[4] = 1; pm[5] = 1; zm[4] = E5_P1; zm[5] = E5_N1;
    za16[2 * 8 + 2] = 0x8000;
    /* row 2 x column 3: Pm = (1, 1), Zm = (1, +1): (+0)(+1) = +0 mixed with -0 -> +0. */
    pm[6] = 1; pm[7] = 1; zm[6] = E5_P1; zm[7] = E5_P1;
    za16[2 * 8 + 3] = 0x8000;
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, za16, 64), MMA_OK, "fmopa predicates");
    CHECK_EQ(za16[0 * 8 + 0], 0x4000, "no common active pair: unchanged");
    CHECK_EQ(za16[0 * 8 + 1], 0x7E00, "row 0 x col 1: rowop (1, +0) . colop (1, Inf) -> +0 * Inf = NaN");
    CHECK_EQ(za16[0 * 8 + 2], 0x4200, "row 0 x col 2: 2 + 1*1 + (+0)(-1) = 3");
    CHECK_EQ(za16[0 * 8 + 3], 0x4200, "row 0 x col 3: 2 + 1*1 + (+0)(+1) = 3");
    CHECK_EQ(za16[1 * 8 + 0], 0x4000, "row 1 x col 0: Pn (1,0), Pm (0,1): unchanged");
    CHECK_EQ(za16[2 * 8 + 1], 0x7E00, "row 2 x col 1: inactive Zn[5] reads +0, times Inf");
    CHECK_EQ(za16[3 * 8 + 2], 0x4000, "row 3 (all inactive): unchanged");
    CHECK_EQ(za16[1 * 8 + 1], 0x7E00, "inactive +0 times active Inf = NaN");
    CHECK_EQ(za16[2 * 8 + 2], 0x8000, "-0 + -0 + (+0 * -1) = -0");
    CHECK_EQ(za16[2 * 8 + 3], 0x0000, "-0 + -0 + (+0 * +1) = +0");
    CHECK_EQ(za16[7 * 8 + 7], 0x4000, "all-inactive row: unchanged");

    /* Reserved F8S1 in the default mode: active elements -> default NaN, the others unchanged. */
    memset(pn, 0, 16);
    memset(pm, 1, 16);
    pn[0] = 1; /* row 0 only */
    for (unsigned e = 0; e < 64; ++e) {
        za16[e] = 0x3C00;
    }
    cfg.fpmr = fpmr_of(5, E4, 0, 0);
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, za16, 64), MMA_OK, "reserved F8S1 default");
    for (unsigned c = 0; c < 8; ++c) {
        CHECK_EQ(za16[c], 0x7E00, "reserved F8S1: row 0 -> default NaN");
        CHECK_EQ(za16[8 + c], 0x3C00, "reserved F8S1: inactive row unchanged");
    }
    cfg.flags = MMA_SME_STRICT_FPMR;
    for (unsigned e = 0; e < 64; ++e) {
        za16[e] = 0x3C00;
    }
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, za16, 64), MMA_ERR_FPMR, "reserved F8S1 strict");
    CHECK_EQ(za16[0], 0x3C00, "strict: tile untouched");
    cfg.flags = 0;

    /* Validation: nothing is written on any error. */
    cfg.fpmr = e44;
    memset(pn, 1, 16);
    pn[5] = 2;
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, za16, 64), MMA_ERR_PREDICATE, "predicate element 2");
    CHECK_EQ(za16[0], 0x3C00, "bad predicate: tile untouched");
    pn[5] = 1;
    pm[15] = 0xFF;
    CHECK_EQ(mma_sme_fmopa_f32(&cfg, &src, za32, 16), MMA_ERR_PREDICATE, "Pm element 0xFF");
    pm[15] = 1;
    cfg.vl_bits = 192;
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, za16, 64), MMA_ERR_PREDICATE, "SVL 192");
    cfg.vl_bits = 4096;
    CHECK_EQ(mma_sme_fmopa_f32(&cfg, &src, za32, 16), MMA_ERR_PREDICATE, "SVL 4096");
    cfg.vl_bits = 128;
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, za16, 63), MMA_ERR_BUFFER, "ZA f16 too small");
    CHECK_EQ(mma_sme_fmopa_f32(&cfg, &src, za32, 15), MMA_ERR_BUFFER, "ZA f32 too small");
    src.zn_len = 15;
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, za16, 64), MMA_ERR_BUFFER, "Zn too short");
    src.zn_len = 16;
    src.pm_len = 8;
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, za16, 64), MMA_ERR_BUFFER, "Pm too short");
    src.pm_len = 16;
    src.zm = NULL;
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, za16, 64), MMA_ERR_NULL, "NULL Zm");
    src.zm = zm;
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, NULL, 64), MMA_ERR_NULL, "NULL ZA");
    CHECK_EQ(mma_sme_fmopa_f16(NULL, &src, za16, 64), MMA_ERR_NULL, "NULL cfg");
    CHECK_EQ(mma_sme_fmopa_f32(&cfg, NULL, za32, 16), MMA_ERR_NULL, "NULL src");
    cfg.flags = 0x10;
    CHECK_EQ(mma_sme_fmopa_f16(&cfg, &src, za16, 64), MMA_ERR_PROFILE_PARAM, "unknown option");
    cfg.flags = 0;
    CHECK_EQ(za16[0], 0x3C00, "errors: tile untouched");

    /* Every SVL: all-active 1.0 x 1.0 over the whole tile, exact tile size. */
    for (uint32_t vl = 128; vl <= 2048; vl *= 2) {
        const size_t nb = vl / 8, d16 = nb / 2, d32 = nb / 4;
        memset(pn, 1, nb);
        memset(pm, 1, nb);
        memset(zn, E4_P1, nb);
        memset(zm, E4_P2, nb);
        for (size_t e = 0; e <= d16 * d16; ++e) {
            za16[e] = e < d16 * d16 ? 0x3C00 : 0xBEEF;
        }
        for (size_t e = 0; e <= d32 * d32; ++e) {
            za32[e] = e < d32 * d32 ? 0x3F800000 : 0xCAFEBABE;
        }
        mma_sme_cfg c2 = {vl, 0, e44};
        mma_sme_fmopa_src s2 = {zn, nb, zm, nb, pn, nb, pm, nb};
        CHECK_EQ(mma_sme_fmopa_f16(&c2, &s2, za16, d16 * d16), MMA_OK, "fmopa f16 at SVL");
        CHECK_EQ(mma_sme_fmopa_f32(&c2, &s2, za32, d32 * d32), MMA_OK, "fmopa f32 at SVL");
        unsigned bad16 = 0, bad32 = 0;
        for (size_t e = 0; e < d16 * d16; ++e) {
            bad16 += za16[e] != 0x4500; /* 1 + 2*2 = 5 */
        }
        for (size_t e = 0; e < d32 * d32; ++e) {
            bad32 += za32[e] != 0x41100000; /* 1 + 4*2 = 9 */
        }
        CHECK_EQ(bad16, 0, "f16 tile = 5.0 everywhere");
        CHECK_EQ(bad32, 0, "f32 tile = 9.0 everywhere");
        CHECK_EQ(za16[d16 * d16], 0xBEEF, "f16 no overrun");
        CHECK_EQ(za32[d32 * d32], 0xCAFEBABE, "f32 no overrun");
    }
}

static void test_fdot(void)
{
    uint8_t zn[256], zm[256];
    uint16_t zda16[129];
    uint32_t zda32[65];
    const uint64_t e44 = fpmr_of(E4, E4, 0, 0);

    /* 2-way vectors, VL 128: Zn pair e = (e, 1), Zm pair e = (1, e): Zda[e] = 1 + e + e. */
    for (unsigned e = 0; e < 8; ++e) {
        zn[2 * e] = e4m3_int(e);
        zn[2 * e + 1] = E4_P1;
        zm[2 * e] = E4_P1;
        zm[2 * e + 1] = e4m3_int(e);
        zda16[e] = 0x3C00;
    }
    zda16[8] = 0xBEEF;
    mma_sme_cfg cfg = {128, 0, e44};
    CHECK_EQ(mma_sme_fdot_f16(&cfg, zn, 16, zm, 16, zda16, 8), MMA_OK, "fdot f16");
    for (unsigned e = 0; e < 8; ++e) {
        CHECK_EQ(zda16[e], ieee_int(1 + 2 * e, 16), "fdot f16 = 1 + 2e");
    }
    CHECK_EQ(zda16[8], 0xBEEF, "fdot f16 no overrun");

    /* 2-way indexed, VL 256 (2 segments of 8 pairs): Zn pair e = (1, 0), Zm pair s = (s + 1, 15):
     * Zda[e] = s + 1 with s = e - e%8 + index. */
    for (unsigned idx = 0; idx < 8; ++idx) {
        for (unsigned e = 0; e < 16; ++e) {
            zn[2 * e] = E4_P1;
            zn[2 * e + 1] = 0;
            zm[2 * e] = e4m3_int(e + 1);
            zm[2 * e + 1] = e4m3_int(15);
            zda16[e] = 0;
        }
        cfg.vl_bits = 256;
        CHECK_EQ(mma_sme_fdot_f16_indexed(&cfg, zn, 32, zm, 32, idx, zda16, 16), MMA_OK, "fdot f16 indexed");
        for (unsigned e = 0; e < 16; ++e) {
            CHECK_EQ(zda16[e], ieee_int(e - e % 8 + idx + 1, 16), "fdot f16 indexed = s + 1");
        }
    }

    /* 4-way vectors, VL 128: Zn quad e = (e, 1, 1, 0), Zm quad e = (2, 3, 4, 15): Zda[e] = 2e + 7. */
    for (unsigned e = 0; e < 4; ++e) {
        const uint8_t q1[4] = {e4m3_int(e), E4_P1, E4_P1, 0}, q2[4] = {E4_P2, e4m3_int(3), e4m3_int(4), e4m3_int(15)};
        memcpy(zn + 4 * e, q1, 4);
        memcpy(zm + 4 * e, q2, 4);
        zda32[e] = 0;
    }
    zda32[4] = 0xCAFEBABE;
    cfg.vl_bits = 128;
    CHECK_EQ(mma_sme_fdot_f32(&cfg, zn, 16, zm, 16, zda32, 4), MMA_OK, "fdot f32");
    for (unsigned e = 0; e < 4; ++e) {
        CHECK_EQ(zda32[e], ieee_int(2 * e + 7, 32), "fdot f32 = 2e + 7");
    }
    CHECK_EQ(zda32[4], 0xCAFEBABE, "fdot f32 no overrun");

    /* 4-way indexed, VL 512 (4 segments of 4 quads): Zn quad e = (1, 0, 0, 0), Zm quad s = (s + 1, ...):
     * Zda[e] = s + 1 with s = e - e%4 + index. */
    for (unsigned idx = 0; idx < 4; ++idx) {
        for (unsigned e = 0; e < 16; ++e) {
            const uint8_t q1[4] = {E4_P1, 0, 0, 0}, q2[4] = {e4m3_int(e + 1), E4_NAN - 1, E4_P1, E4_P2};
            memcpy(zn + 4 * e, q1, 4);
            memcpy(zm + 4 * e, q2, 4);
            zda32[e] = 0;
        }
        cfg.vl_bits = 512;
        CHECK_EQ(mma_sme_fdot_f32_indexed(&cfg, zn, 64, zm, 64, idx, zda32, 16), MMA_OK, "fdot f32 indexed");
        for (unsigned e = 0; e < 16; ++e) {
            CHECK_EQ(zda32[e], ieee_int(e - e % 4 + idx + 1, 32), "fdot f32 indexed = s + 1");
        }
    }

    /* Errors. */
    cfg.vl_bits = 128;
    zda16[0] = 0x1111;
    CHECK_EQ(mma_sme_fdot_f16_indexed(&cfg, zn, 16, zm, 16, 8, zda16, 8), MMA_ERR_INSTRUCTION, "2-way index 8");
    CHECK_EQ(mma_sme_fdot_f32_indexed(&cfg, zn, 16, zm, 16, 4, zda32, 4), MMA_ERR_INSTRUCTION, "4-way index 4");
    CHECK_EQ(mma_sme_fdot_f32_indexed(&cfg, zn, 16, zm, 16, 0xFFFFFFFFu, zda32, 4), MMA_ERR_INSTRUCTION, "index ~0");
    CHECK_EQ(mma_sme_fdot_f16(&cfg, zn, 15, zm, 16, zda16, 8), MMA_ERR_BUFFER, "Zn short");
    CHECK_EQ(mma_sme_fdot_f16(&cfg, zn, 16, zm, 16, zda16, 7), MMA_ERR_BUFFER, "Zda short");
    CHECK_EQ(mma_sme_fdot_f32(&cfg, zn, 16, zm, 15, zda32, 4), MMA_ERR_BUFFER, "Zm short");
    CHECK_EQ(mma_sme_fdot_f32(&cfg, zn, 16, zm, 16, NULL, 4), MMA_ERR_NULL, "NULL Zda");
    CHECK_EQ(mma_sme_fdot_f16(&cfg, NULL, 16, zm, 16, zda16, 8), MMA_ERR_NULL, "NULL Zn");
    cfg.vl_bits = 100;
    CHECK_EQ(mma_sme_fdot_f16(&cfg, zn, 16, zm, 16, zda16, 8), MMA_ERR_PREDICATE, "VL 100");
    cfg.vl_bits = 128;
    cfg.fpmr = fpmr_of(E4, 3, 0, 0);
    cfg.flags = MMA_SME_STRICT_FPMR;
    CHECK_EQ(mma_sme_fdot_f16(&cfg, zn, 16, zm, 16, zda16, 8), MMA_ERR_FPMR, "reserved F8S2 strict");
    CHECK_EQ(zda16[0], 0x1111, "errors: Zda untouched");
    cfg.flags = 0;
    CHECK_EQ(mma_sme_fdot_f16(&cfg, zn, 16, zm, 16, zda16, 8), MMA_OK, "reserved F8S2 default");
    CHECK_EQ(zda16[0], 0x7E00, "reserved F8S2 default -> default NaN");
    CHECK_EQ(zda16[7], 0x7E00, "reserved F8S2 default -> default NaN (last)");
}

int main(void)
{
    test_dot_values();
    test_fpmr();
    test_dot_errors();
    test_vl_pred();
    test_fmopa();
    test_fdot();
    printf("%u checks, %u failures\n", g_checks, g_fail);
    return g_fail == 0 ? 0 : 1;
}
