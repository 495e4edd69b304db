/*
 * test_profile_corners: hand-built cases that separate the accumulation profiles
 * (NUMERICS.md section 3, integer/b1 rules of section 4, PTX .f64 rounding modifiers).
 *
 * Every expected value below was worked out by hand from the spec text; the reasoning is in
 * the comment above each case. Nothing here is computed by the library under test except the
 * value being checked. Notation: for the block-FMA step, E is the step exponent after the
 * min_E clamp, and a term of value v becomes t = floor(|v| * 2^(F - E)) (sign applied after).
 *
 * Codes used (hand-encoded):
 *   f16: 1.0 = 0x3C00, 1.5 = 0x3E00, 2.5 = 0x4100, 2^-10 = 0x1400, 2^-12 = 0x0C00,
 *        2^-13 = 0x0800, -2^-13 = 0x8800, 1.5*2^-11 = 0x1200 (= 3*2^-12),
 *        1.25*2^-10 = 0x1500 (= 5*2^-12), subnormals 0x0001 = 2^-24, 0x0008 = 2^-21,
 *        0x0200 = 2^-15, +Inf 0x7C00, -Inf 0xFC00, NaN 0x7E00, -0 0x8000
 *   bf16 (bexp << 7 | frac): 2^-75 = 0x1A00, 1.5*2^-75 = 0x1A40, 1.9921875*2^-75 = 0x1A7F,
 *        2^-74 = 0x1A80, 2^-70 = 0x1C80, 2^-78 = 0x1880, 2^-79 = 0x1800,
 *        2^52 = 0x5980, 2^51 = 0x5900
 *   e4m3 (bias 7): 1.0 = 0x38, 16 = 0x58, -16 = 0xD8, 2^-9 = 0x01, 3*2^-9 = 0x03, NaN 0x7F
 *   f32: 1.0 = 0x3F800000, -1.0 = 0xBF800000, 128 = 0x43000000, 2-2^-23 = 0x3FFFFFFF,
 *        max = 0x7F7FFFFF (2^128 - 2^104), 1+2^-13 = 0x3F800400
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mma/mmacore.h"

static int g_checks;
static int g_failures;

static void expect_u64(const char *name, mma_status st, uint64_t got, uint64_t want) {
    g_checks++;
    if (st != MMA_OK) {
        g_failures++;
        printf("FAIL %s: status %d\n", name, (int)st);
    } else if (got != want) {
        g_failures++;
        printf("FAIL %s: got 0x%llx, expected 0x%llx\n", name, (unsigned long long)got,
               (unsigned long long)want);
    }
}

static mma_profile preset(mma_preset p, mma_family fam, mma_format at, mma_format dt) {
    mma_profile prof;
    memset(&prof, 0, sizeof prof);
    mma_status st = mma_preset_profile(p, fam, at, dt, &prof);
    g_checks++;
    if (st != MMA_OK) {
        g_failures++;
        printf("FAIL mma_preset_profile(%d,%d,%d,%d): status %d\n", (int)p, (int)fam, (int)at, (int)dt,
               (int)st);
    }
    return prof;
}

#define KMAX 64

/*
 * d = c + sum a[i]*b[i] over k elements; only the first n entries of a/b are given, the rest of
 * the k are zero (as the instruction's zero-padded tail).
 */
static void check_dot(const char *name, const mma_profile *prof, mma_format at, mma_format dt, size_t k,
                      const uint64_t *a, const uint64_t *b, size_t n, uint64_t c, uint64_t want) {
    uint64_t A[KMAX] = {0}, B[KMAX] = {0};
    for (size_t i = 0; i < n; i++) {
        A[i] = a[i];
        B[i] = b[i];
    }
    uint64_t d = 0;
    mma_status st = mma_dot(prof, at, A, 1, at, B, 1, k, dt, c, dt, &d);
    expect_u64(name, st, d, want);
}

/* Sparse variant: element positions given explicitly. */
static void check_dot_at(const char *name, const mma_profile *prof, mma_format at, mma_format dt, size_t k,
                         const size_t *pos, const uint64_t *a, const uint64_t *b, size_t n, uint64_t c,
                         uint64_t want) {
    uint64_t A[KMAX] = {0}, B[KMAX] = {0};
    for (size_t i = 0; i < n; i++) {
        A[pos[i]] = a[i];
        B[pos[i]] = b[i];
    }
    uint64_t d = 0;
    mma_status st = mma_dot(prof, at, A, 1, at, B, 1, k, dt, c, dt, &d);
    expect_u64(name, st, d, want);
}

static mma_profile exact_mode(mma_format at, mma_format dt, mma_round r) {
    mma_profile p = preset(MMA_PRESET_EXACT, MMA_FAMILY_MMA, at, dt);
    p.round_mode = (uint8_t)r;
    return p;
}

/* ------------------------------------------------------------------------------------------ */

static void alignment_and_truncation(void) {
    const mma_profile amp = preset(MMA_PRESET_AMPERE, MMA_FAMILY_WMMA, MMA_FMT_F16, MMA_FMT_F32);
    const mma_profile ex = exact_mode(MMA_FMT_F16, MMA_FMT_F32, MMA_RND_RNE);
    const mma_profile seq = preset(MMA_PRESET_SEQ_FMA, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32);

    /*
     * Alignment loss. c = 1.0, three products 2^-12 * 2^-13 = 2^-25 (term exponent -25).
     * Ampere (G8, F24, min_E -132): E = max(0, -25) = 0, t_c = 2^24, each product
     * t = floor(2^-25 * 2^24) = floor(0.5) = 0 -> S = 2^24 -> 1.0 -> 0x3F800000.
     * Exact: 1 + 3*2^-25 = 1 + 0.75 ulp(1) (ulp = 2^-23) -> RNE up -> 1 + 2^-23 = 0x3F800001.
     */
    {
        const uint64_t a[] = {0x0C00, 0x0C00, 0x0C00}, b[] = {0x0800, 0x0800, 0x0800};
        check_dot("align ampere", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 3, 0x3F800000, 0x3F800000);
        check_dot("align exact", &ex, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 3, 0x3F800000, 0x3F800001);
    }
    /*
     * Lost bits add up only with guard/sticky bits: four products 2^-25 with c = 1.0.
     * Ampere: every t = 0 -> 1.0 = 0x3F800000. Exact: 1 + 4*2^-25 = 1 + 2^-23 = 0x3F800001.
     * seq_fma (RNE per step, f32): 1 + 2^-25 is 0.25 ulp -> 1.0 at every step -> 0x3F800000.
     */
    {
        const uint64_t a[] = {0x0C00, 0x0C00, 0x0C00, 0x0C00}, b[] = {0x0800, 0x0800, 0x0800, 0x0800};
        check_dot("no-guard ampere", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 4, 0x3F800000, 0x3F800000);
        check_dot("no-guard exact", &ex, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 4, 0x3F800000, 0x3F800001);
        check_dot("no-guard seq_fma", &seq, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 4, 0x3F800000, 0x3F800000);
    }
    /*
     * A negative term is truncated toward zero (magnitude floor, sign after), not toward -Inf.
     * c = 1.0, product -2^-13 * 2^-13 = -2^-26. Ampere: E = 0, t = floor(2^-26 * 2^24) = 0
     * -> 1.0 = 0x3F800000. A datapath with sticky bit and final RZ (= exact with RZ) gives
     * 1 - 2^-26 -> toward zero -> 1 - 2^-24 = 0x3F7FFFFF (largest f32 below 1).
     */
    {
        const uint64_t a[] = {0x8800}, b[] = {0x0800};
        const mma_profile exrz = exact_mode(MMA_FMT_F16, MMA_FMT_F32, MMA_RND_RZ);
        check_dot("neg-trunc ampere", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x3F800000, 0x3F800000);
        check_dot("neg-trunc exact rz", &exrz, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x3F800000, 0x3F7FFFFF);
    }
    /*
     * RZ vs RNE at the output. c = 1.0, product 1.5*2^-11 * 2^-12 = 3*2^-24 (term exponent -23).
     * Ampere: E = 0, t_p = 3 (exact), S = 2^24 + 3 -> 1 + 1.5 ulp -> RZ to 24 bits -> 1 + 2^-23
     * = 0x3F800001. Exact RNE: 1.5 ulp is a tie between 1+2^-23 (odd) and 1+2^-22 (even)
     * -> 0x3F800002. The same block-FMA profile with f32_round = RNE also gives 0x3F800002.
     */
    {
        const uint64_t a[] = {0x1200}, b[] = {0x0C00};
        mma_profile amp_rne = amp;
        amp_rne.f32_round = MMA_RND_RNE;
        check_dot("rz-vs-rne ampere", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x3F800000, 0x3F800001);
        check_dot("rz-vs-rne exact", &ex, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x3F800000, 0x3F800002);
        check_dot("rz-vs-rne ampere f32_round=rne", &amp_rne, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x3F800000,
                  0x3F800002);
    }
    /*
     * Carry-out across a binade. c = 2 - 2^-23 (0x3FFFFFFF), product 5*2^-12 * 2^-12 = 5*2^-24
     * (term exponent -22). Ampere: E = 0, t_c = 2^25 - 2, t_p = 5, S = 2^25 + 3 (26 bits):
     * value 2 + 3*2^-24; in [2,4) the ulp is 2^-22 = 4*2^-24 -> RZ drops 3/4 ulp -> 2.0 = 0x40000000.
     * Exact RNE: 0.75 ulp -> up -> 2 + 2^-22 = 0x40000001.
     */
    {
        const uint64_t a[] = {0x1500}, b[] = {0x0C00};
        check_dot("carry ampere", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x3FFFFFFF, 0x40000000);
        check_dot("carry exact", &ex, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x3FFFFFFF, 0x40000001);
    }
}

static void exact_round_modes(void) {
    /*
     * One rounding in every mode. f16 inputs -> f32.
     * (1) c = 1.0, p = 3*2^-24 (0x1200 * 0x0C00): 1 + 1.5 ulp.
     *     RNE -> tie, even is 1+2 ulp: 0x3F800002; RNA -> away: 0x3F800002; RU: 0x3F800002;
     *     RD, RZ: 0x3F800001.
     * (2) c = 1.0, p = 2^-24 (0x0C00 * 0x0C00): 1 + 0.5 ulp.
     *     RNE -> tie, even is 1.0: 0x3F800000; RNA -> 0x3F800001; RU -> 0x3F800001; RD, RZ -> 0x3F800000.
     * (3) c = -1.0, p = -3*2^-24 (0x9200 * 0x0C00): -(1 + 1.5 ulp).
     *     RNE, RNA -> 0xBF800002; RU (toward +Inf) and RZ -> 0xBF800001; RD -> 0xBF800002.
     */
    static const struct {
        mma_round r;
        uint64_t want1, want2, want3;
        const char *name;
    } modes[] = {
        {MMA_RND_RNE, 0x3F800002, 0x3F800000, 0xBF800002, "rne"},
        {MMA_RND_RZ, 0x3F800001, 0x3F800000, 0xBF800001, "rz"},
        {MMA_RND_RU, 0x3F800002, 0x3F800001, 0xBF800001, "ru"},
        {MMA_RND_RD, 0x3F800001, 0x3F800000, 0xBF800002, "rd"},
        {MMA_RND_RNA, 0x3F800002, 0x3F800001, 0xBF800002, "rna"},
    };
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        const mma_profile p = exact_mode(MMA_FMT_F16, MMA_FMT_F32, modes[i].r);
        char name[64];
        const uint64_t a1[] = {0x1200}, a2[] = {0x0C00}, a3[] = {0x9200}, b[] = {0x0C00};
        snprintf(name, sizeof name, "exact %s 1+1.5ulp", modes[i].name);
        check_dot(name, &p, MMA_FMT_F16, MMA_FMT_F32, 16, a1, b, 1, 0x3F800000, modes[i].want1);
        snprintf(name, sizeof name, "exact %s 1+0.5ulp", modes[i].name);
        check_dot(name, &p, MMA_FMT_F16, MMA_FMT_F32, 16, a2, b, 1, 0x3F800000, modes[i].want2);
        snprintf(name, sizeof name, "exact %s -(1+1.5ulp)", modes[i].name);
        check_dot(name, &p, MMA_FMT_F16, MMA_FMT_F32, 16, a3, b, 1, 0xBF800000, modes[i].want3);
    }
}

static void subnormals(void) {
    /*
     * f16 subnormal output, RNE. Ampere f16 -> f16 (G8, F24, min_E_f16 -20), c = +0.
     * (1) 2^-24 (0x0001, exponent pinned at -14) * 1.5 (0x3E00, exponent 0): value 1.5*2^-24,
     *     term exponent -14 -> E = -14, t = 1.5*2^-24*2^38 = 1.5*2^14 exact.
     *     1.5 units of 2^-24 is a tie between 1 and 2 -> even -> 2 -> 0x0002.
     * (2) same with 2.5 (0x4100): 2.5 units -> tie between 2 and 3 -> even -> 0x0002.
     * (3) 2^-24 * 1.25 (0x3D00): 1.25 units, below the tie -> 1 -> 0x0001.
     */
    const mma_profile amp16 = preset(MMA_PRESET_AMPERE, MMA_FAMILY_WMMA, MMA_FMT_F16, MMA_FMT_F16);
    {
        const uint64_t a[] = {0x0001}, b1[] = {0x3E00}, b2[] = {0x4100}, b3[] = {0x3D00};
        check_dot("f16 subnormal out 1.5", &amp16, MMA_FMT_F16, MMA_FMT_F16, 16, a, b1, 1, 0x0000, 0x0002);
        check_dot("f16 subnormal out 2.5", &amp16, MMA_FMT_F16, MMA_FMT_F16, 16, a, b2, 1, 0x0000, 0x0002);
        check_dot("f16 subnormal out 1.25", &amp16, MMA_FMT_F16, MMA_FMT_F16, 16, a, b3, 1, 0x0000, 0x0001);
    }
    /*
     * f32 result below 2^-126 keeps the bits >= 2^-149, truncated. Ampere bf16 -> f32, c = 0.
     * p1 = 2^-70 * 2^-70 = 2^-140 (term exponent -140); p2 = 1.5*2^-75 * 2^-74 = 1.5*2^-149
     * (term exponent -149). E = max(-140, -149, min_E -132) = -132, lsb 2^-156:
     * t1 = 2^16, t2 = floor(1.5 * 2^7) = 192, both exact. Value = 2^-140 + 1.5*2^-149
     * = 513.5 * 2^-149 -> keep bits >= 2^-149 (truncate) -> 513 = 0x00000201.
     * Exact RNE: 513.5 is a tie -> even 514 -> 0x00000202.
     */
    {
        const mma_profile ampb = preset(MMA_PRESET_AMPERE, MMA_FAMILY_WMMA, MMA_FMT_BF16, MMA_FMT_F32);
        const mma_profile ex = exact_mode(MMA_FMT_BF16, MMA_FMT_F32, MMA_RND_RNE);
        const uint64_t a[] = {0x1C80, 0x1A40}, b[] = {0x1C80, 0x1A80};
        check_dot("f32 subnormal out ampere", &ampb, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b, 2, 0, 0x00000201);
        check_dot("f32 subnormal out exact", &ex, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b, 2, 0, 0x00000202);
    }
}

static void specials(void) {
    const mma_profile amp = preset(MMA_PRESET_AMPERE, MMA_FAMILY_WMMA, MMA_FMT_F16, MMA_FMT_F32);
    const mma_profile amp16 = preset(MMA_PRESET_AMPERE, MMA_FAMILY_WMMA, MMA_FMT_F16, MMA_FMT_F16);
    /* 0 x Inf -> canonical NaN 0x7FFFFFFF (step 1), even with finite other terms. */
    {
        const uint64_t a[] = {0x0000, 0x3C00}, b[] = {0x7C00, 0x3C00};
        check_dot("0 x inf", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 2, 0x3F800000, 0x7FFFFFFF);
    }
    /* +Inf and -Inf products together -> NaN; also when they sit in different steps (k 0 and 8). */
    {
        const uint64_t a[] = {0x7C00, 0x3C00}, b[] = {0x3C00, 0xFC00};
        check_dot("+inf + -inf", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 2, 0, 0x7FFFFFFF);
        const size_t pos[] = {0, 8};
        check_dot_at("+inf + -inf across steps", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, pos, a, b, 2, 0,
                     0x7FFFFFFF);
    }
    /* +Inf C with a -Inf product -> NaN. */
    {
        const uint64_t a[] = {0xFC00}, b[] = {0x3C00};
        check_dot("inf C + -inf", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x7F800000, 0x7FFFFFFF);
    }
    /* Inf with finite terms -> that Inf. */
    {
        const uint64_t a[] = {0x7C00, 0x3C00}, b[] = {0x3C00, 0x3C00};
        check_dot("inf + finite", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 2, 0x3F800000, 0x7F800000);
        const uint64_t an[] = {0xFC00, 0x3C00};
        check_dot("-inf + finite", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, an, b, 2, 0x3F800000, 0xFF800000);
    }
    /* NaN input (even times zero) -> canonical NaN; f16 output canonical NaN is 0x7FFF. */
    {
        const uint64_t a[] = {0x7E00}, b[] = {0x0000};
        check_dot("nan x 0", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x3F800000, 0x7FFFFFFF);
        check_dot("nan f16 out", &amp16, MMA_FMT_F16, MMA_FMT_F16, 16, a, b, 1, 0x3C00, 0x7FFF);
        const uint64_t a2[] = {0x7C00}, b2[] = {0x8000};
        check_dot("inf x -0 f16 out", &amp16, MMA_FMT_F16, MMA_FMT_F16, 16, a2, b2, 1, 0x3C00, 0x7FFF);
    }
    /*
     * Overflow: block-FMA step gives Inf for a value >= 2^128 although it truncates (RZ).
     * Ampere bf16 -> f32: c = max = 2^128 - 2^104 (term exponent 127), p = 2^52 * 2^52 = 2^104.
     * E = 127, lsb 2^(127-24) = 2^103: t_c = 2^25 - 2, t_p = 2, S = 2^25 -> 2^128 -> +Inf
     * 0x7F800000. Exact with RZ: IEEE overflow toward zero -> max finite 0x7F7FFFFF.
     * Half an ulp: p = 2^52 * 2^51 = 2^103 -> t_p = 1, S = 2^25 - 1 -> RZ to 24 bits -> max
     * 0x7F7FFFFF. Exact RNE: max + half ulp is a tie, max's significand is odd -> 2^128 -> Inf.
     */
    {
        const mma_profile ampb = preset(MMA_PRESET_AMPERE, MMA_FAMILY_WMMA, MMA_FMT_BF16, MMA_FMT_F32);
        const mma_profile exrz = exact_mode(MMA_FMT_BF16, MMA_FMT_F32, MMA_RND_RZ);
        const mma_profile exrn = exact_mode(MMA_FMT_BF16, MMA_FMT_F32, MMA_RND_RNE);
        const uint64_t a[] = {0x5980}, b1[] = {0x5980}, b2[] = {0x5900};
        check_dot("overflow ampere", &ampb, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b1, 1, 0x7F7FFFFF, 0x7F800000);
        check_dot("overflow exact rz", &exrz, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b1, 1, 0x7F7FFFFF, 0x7F7FFFFF);
        check_dot("half-ulp ampere", &ampb, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b2, 1, 0x7F7FFFFF, 0x7F7FFFFF);
        check_dot("half-ulp exact rne", &exrn, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b2, 1, 0x7F7FFFFF, 0x7F800000);
    }
    /* Arm FP8: any NaN -> the Arm default NaN (FPDefaultNaN: 0x7FC00000 / 0x7E00); e4m3 0x7F is NaN. */
    {
        const mma_profile arm = preset(MMA_PRESET_ARM_FP8, MMA_FAMILY_MMA, MMA_FMT_E4M3, MMA_FMT_F32);
        const mma_profile arm16 = preset(MMA_PRESET_ARM_FP8, MMA_FAMILY_MMA, MMA_FMT_E4M3, MMA_FMT_F16);
        const uint64_t a[] = {0x7F}, b[] = {0x38};
        check_dot("arm nan f32", &arm, MMA_FMT_E4M3, MMA_FMT_F32, 4, a, b, 1, 0x3F800000, 0x7FC00000);
        check_dot("arm nan f16", &arm16, MMA_FMT_E4M3, MMA_FMT_F16, 4, a, b, 1, 0x3C00, 0x7E00);
    }
}

static void zeros(void) {
    const mma_profile amp = preset(MMA_PRESET_AMPERE, MMA_FAMILY_WMMA, MMA_FMT_F16, MMA_FMT_F32);
    const mma_profile amp16 = preset(MMA_PRESET_AMPERE, MMA_FAMILY_WMMA, MMA_FMT_F16, MMA_FMT_F16);
    /* Exact cancellation: c = -1, p = 1*1 -> S = 0 -> +0. */
    {
        const uint64_t a[] = {0x3C00}, b[] = {0x3C00};
        check_dot("cancel -> +0", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0xBF800000, 0x00000000);
        /* Exact with RD: IEEE x + (-x) = -0 in roundTowardNegative. */
        const mma_profile exrd = exact_mode(MMA_FMT_F16, MMA_FMT_F32, MMA_RND_RD);
        check_dot("cancel exact rd -> -0", &exrd, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0xBF800000, 0x80000000);
    }
    /* -0 inputs: c = -0, p = (-0)*1 = -0. Block FMA: no terms -> +0 (f32 and f16).
     * Exact and seq_fma follow IEEE: with k = 1, (-0) + (-0) = -0; with k = 16 the zero-padded
     * tail adds +0 products and (-0) + (+0) = +0 in RNE. */
    {
        const uint64_t a[] = {0x8000}, b[] = {0x3C00};
        const mma_profile ex = exact_mode(MMA_FMT_F16, MMA_FMT_F32, MMA_RND_RNE);
        const mma_profile seq = preset(MMA_PRESET_SEQ_FMA, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32);
        check_dot("-0 ampere f32", &amp, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x80000000, 0x00000000);
        check_dot("-0 ampere f16", &amp16, MMA_FMT_F16, MMA_FMT_F16, 16, a, b, 1, 0x8000, 0x0000);
        check_dot("-0 exact k1", &ex, MMA_FMT_F16, MMA_FMT_F32, 1, a, b, 1, 0x80000000, 0x80000000);
        check_dot("-0 seq_fma k1", &seq, MMA_FMT_F16, MMA_FMT_F32, 1, a, b, 1, 0x80000000, 0x80000000);
        check_dot("-0 exact k16", &ex, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x80000000, 0x00000000);
        check_dot("-0 seq_fma k16", &seq, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x80000000, 0x00000000);
        const mma_profile exrd = exact_mode(MMA_FMT_F16, MMA_FMT_F32, MMA_RND_RD);
        check_dot("-0 exact rd k16", &exrd, MMA_FMT_F16, MMA_FMT_F32, 16, a, b, 1, 0x80000000, 0x80000000);
    }
}

static void order_and_c_mode(void) {
    const mma_profile bw = preset(MMA_PRESET_BLACKWELL, MMA_FAMILY_MMA, MMA_FMT_E4M3, MMA_FMT_F32);
    /*
     * pair_split visible. Blackwell mma.sync e4m3 -> f32: G16, F25, pair_split, C separate, k = 32.
     * k=0: 16*16 = 256 (term exponent 8); k=2: 2^-9 * 2^-9 = 2^-18 (both subnormal, term exponent
     * -12); k=16: -16*16 = -256. c = +0.
     * pair_split: step 1 = k%4 in {0,1} = {0,1,4,5,...,16,17,...}: 256 - 256 -> S = 0 -> +0.
     *   step 2 = {2,3,6,7,...}: 2^-18 alone, E = -12, exact -> 2^-18 = 0x36800000;
     *   end: RNE(2^-18 + 0) = 0x36800000.
     * natural: step 1 = k 0..15: E = 8, t(2^-18) = floor(2^-18 * 2^17) = 0 -> 256;
     *   step 2 = k 16..31: 256 - 256 -> +0. Result 0x00000000.
     */
    {
        const size_t pos[] = {0, 2, 16};
        const uint64_t a[] = {0x58, 0x01, 0xD8}, b[] = {0x58, 0x01, 0x58};
        mma_profile nat = bw;
        nat.k_order = MMA_KORDER_NATURAL;
        check_dot_at("pair_split blackwell", &bw, MMA_FMT_E4M3, MMA_FMT_F32, 32, pos, a, b, 3, 0, 0x36800000);
        check_dot_at("pair_split -> natural", &nat, MMA_FMT_E4M3, MMA_FMT_F32, 32, pos, a, b, 3, 0, 0x00000000);
    }
    /*
     * separate vs joint C. c = 128 (0x43000000), k=0: 3*2^-9 * 2^-9 = 3*2^-18.
     * separate: steps give 3*2^-18 exactly; end RNE(128 + 3*2^-18): ulp(128) = 2^-16 = 4*2^-18,
     *   0.75 ulp -> up -> 128 + 2^-16 = 0x43000001.
     * joint: step 1 E = 7 (C), t_p = floor(3*2^-18 * 2^18) = 3, S = 2^25 + 3 -> RZ 24 bits -> 128;
     *   step 2 keeps 128 -> 0x43000000.
     */
    {
        const uint64_t a[] = {0x03}, b[] = {0x01};
        mma_profile joint = bw;
        joint.c_mode = MMA_C_JOINT;
        check_dot("separate C blackwell", &bw, MMA_FMT_E4M3, MMA_FMT_F32, 32, a, b, 1, 0x43000000, 0x43000001);
        check_dot("separate -> joint C", &joint, MMA_FMT_E4M3, MMA_FMT_F32, 32, a, b, 1, 0x43000000, 0x43000000);
        /* C unused: D = A*B = 3*2^-18 = 1.5*2^-17 -> bexp 110 (0x6E), frac 0x400000 -> 0x37400000. */
        mma_profile unused = bw;
        unused.c_mode = MMA_C_UNUSED;
        check_dot("C unused", &unused, MMA_FMT_E4M3, MMA_FMT_F32, 32, a, b, 1, 0x43000000, 0x37400000);
    }
}

static void e8m13_and_min_e(void) {
    /*
     * e8m13: Ada mma e4m3 -> f32 (G16, F13, 14 significant bits, min_E -132), k = 32.
     * c = 1 + 2^-13 (0x3F800400); k=16: 1.0 * 1.0 (in step 2).
     * step 1: C alone, E = 0, t_c = 2^13 + 1 -> 1 + 2^-13 (14 bits, kept) -> 0x3F800400.
     * step 2: E = 0, S = 2^13 + 1 + 2^13 = 2^14 + 1 -> value 2 + 2^-13; 14 significant bits in
     *   [2,4) is an lsb of 2^-12 -> truncated -> 2.0 = 0x40000000.
     * With f32_sig_bits = 24 the step keeps 2 + 2^-13 = 2*(1 + 2^-14): frac 2^-14*2^23 = 0x200
     *   -> 0x40000200.
     */
    {
        const mma_profile ada = preset(MMA_PRESET_ADA, MMA_FAMILY_MMA, MMA_FMT_E4M3, MMA_FMT_F32);
        mma_profile ada24 = ada;
        ada24.f32_sig_bits = 24;
        const size_t pos[] = {16};
        const uint64_t a[] = {0x38}, b[] = {0x38};
        check_dot_at("e8m13 ada", &ada, MMA_FMT_E4M3, MMA_FMT_F32, 32, pos, a, b, 1, 0x3F800400, 0x40000000);
        check_dot_at("e8m13 -> 24 bits", &ada24, MMA_FMT_E4M3, MMA_FMT_F32, 32, pos, a, b, 1, 0x3F800400,
                     0x40000200);
        /*
         * Below 2^-126 an e8m13 result keeps bits >= 2^-139: c = 2^-139 (0x00000400), no products:
         * E = max(-126, -132) = -126, t = 2^-139 * 2^(13+126) = 1 -> 2^-139 = 0x00000400.
         * c = 0x000003FF (1023 * 2^-149 < 2^-139): t = 0 -> +0.
         */
        check_dot("e8m13 subnormal kept", &ada, MMA_FMT_E4M3, MMA_FMT_F32, 32, a, b, 0, 0x00000400, 0x00000400);
        check_dot("e8m13 subnormal dropped", &ada, MMA_FMT_E4M3, MMA_FMT_F32, 32, a, b, 0, 0x000003FF, 0x00000000);
    }
    /*
     * min_E clamp, f16 output. c = +0; p1 = 2^-15 (0x0200, subnormal, exponent pinned -14) *
     * 2^-10 (0x1400) = 2^-25 with term exponent -24; p2 = 2^-24 (0x0001, pinned -14) * 2^-21
     * (0x0008, pinned -14) = 2^-45 with term exponent -28. Unclamped E = -24.
     * Ampere (F24, min_E_f16 -20): E = -20, lsb 2^-44: t1 = 2^19, t2 = floor(0.5) = 0
     *   -> 2^-25 = half of the f16 subnormal step 2^-24: a tie -> even -> +0 = 0x0000.
     * min_E -21 (F24): lsb 2^-45, t2 = 1 -> 2^-25 + 2^-45 > tie -> 0x0001.
     * No clamp: E = -24, lsb 2^-48, t2 = 8 -> 0x0001.
     * Hopper (F25, min_E_f16 -21): lsb 2^-46, t2 = 2 -> 0x0001.
     * Volta (G4, F23, min_E_f16 -19): lsb 2^-42 -> t2 = 0 -> 0x0000. Turing = Ampere -> 0x0000.
     */
    {
        const uint64_t a[] = {0x0200, 0x0001}, b[] = {0x1400, 0x0008};
        const mma_profile amp16 = preset(MMA_PRESET_AMPERE, MMA_FAMILY_WMMA, MMA_FMT_F16, MMA_FMT_F16);
        mma_profile m21 = amp16, none = amp16;
        m21.min_e_f16 = -21;
        none.min_e_f16 = MMA_MIN_E_NONE;
        const mma_profile hop16 = preset(MMA_PRESET_HOPPER, MMA_FAMILY_WMMA, MMA_FMT_F16, MMA_FMT_F16);
        const mma_profile vol16 = preset(MMA_PRESET_VOLTA, MMA_FAMILY_WMMA, MMA_FMT_F16, MMA_FMT_F16);
        const mma_profile tur16 = preset(MMA_PRESET_TURING, MMA_FAMILY_WMMA, MMA_FMT_F16, MMA_FMT_F16);
        check_dot("min_E f16 ampere", &amp16, MMA_FMT_F16, MMA_FMT_F16, 16, a, b, 2, 0, 0x0000);
        check_dot("min_E f16 -21", &m21, MMA_FMT_F16, MMA_FMT_F16, 16, a, b, 2, 0, 0x0001);
        check_dot("min_E f16 none", &none, MMA_FMT_F16, MMA_FMT_F16, 16, a, b, 2, 0, 0x0001);
        check_dot("min_E f16 hopper", &hop16, MMA_FMT_F16, MMA_FMT_F16, 16, a, b, 2, 0, 0x0001);
        check_dot("min_E f16 volta", &vol16, MMA_FMT_F16, MMA_FMT_F16, 16, a, b, 2, 0, 0x0000);
        check_dot("min_E f16 turing", &tur16, MMA_FMT_F16, MMA_FMT_F16, 16, a, b, 2, 0, 0x0000);
    }
    /*
     * min_E clamp, f32 output, -132 vs -133. bf16 -> f32, c = 0.
     * p1 = 1.9921875*2^-75 (0x1A7F) * 2^-75 (0x1A00) = 255*2^-157 (term exponent -150);
     * p2 = 2^-78 (0x1880) * 2^-79 (0x1800) = 2^-157 (term exponent -157). Exact sum = 256*2^-157
     * = 2^-149.
     * Ampere (F24, min_E -132): lsb 2^-156: t1 = floor(127.5) = 127, t2 = floor(0.5) = 0
     *   -> 127*2^-156 < 2^-149 -> truncated to +0 = 0x00000000.
     * Ampere with min_E -133: lsb 2^-157: 255 + 1 = 256 -> 2^-149 = 0x00000001.
     * Hopper (F25, min_E -133): lsb 2^-158: 510 + 2 = 512 -> 0x00000001.
     */
    {
        const uint64_t a[] = {0x1A7F, 0x1880}, b[] = {0x1A00, 0x1800};
        const mma_profile ampb = preset(MMA_PRESET_AMPERE, MMA_FAMILY_WMMA, MMA_FMT_BF16, MMA_FMT_F32);
        mma_profile m133 = ampb;
        m133.min_e_f32 = -133;
        const mma_profile hopb = preset(MMA_PRESET_HOPPER, MMA_FAMILY_WMMA, MMA_FMT_BF16, MMA_FMT_F32);
        check_dot("min_E f32 ampere", &ampb, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b, 2, 0, 0x00000000);
        check_dot("min_E f32 -133", &m133, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b, 2, 0, 0x00000001);
        check_dot("min_E f32 hopper", &hopb, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b, 2, 0, 0x00000001);
    }
    /*
     * NUMERICS example: A100 bf16 -> f32, C = 0, a = 3 x 1.5*2^-75, b = 3 x 2^-75.
     * Each product 1.5*2^-150, term exponent -150.
     * Default (zero C dropped, E clamped to -132): lsb 2^-156, t = floor(1.5*2^6) = 96 each,
     *   S = 288 -> 288*2^-156 = 2.25*2^-149 -> truncated -> 2 = 0x00000002.
     * MMA-Sim rule (zero C a term at exponent -126, no clamp): E = -126, lsb 2^-150,
     *   t = floor(1.5) = 1 each, S = 3 -> 1.5*2^-149 -> 1 = 0x00000001.
     */
    {
        const uint64_t a[] = {0x1A40, 0x1A40, 0x1A40}, b[] = {0x1A00, 0x1A00, 0x1A00};
        const mma_profile ampb = preset(MMA_PRESET_AMPERE, MMA_FAMILY_WMMA, MMA_FMT_BF16, MMA_FMT_F32);
        mma_profile sim = ampb;
        sim.zero_c_term = 1;
        sim.min_e_f32 = MMA_MIN_E_NONE;
        check_dot("NUMERICS example default", &ampb, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b, 3, 0, 0x00000002);
        check_dot("NUMERICS example MMA-Sim", &sim, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b, 3, 0, 0x00000001);
    }
}

static void exact_f64(void) {
    /*
     * The exact profile is an exact sum whatever the input format: with f64 inputs the products
     * have 106-bit significands and exponents far outside the f64 range, and still take part exactly.
     * f64 codes: 2^-30 = 0x3E10000000000000 (bexp 993), 2^600 = 0x6570000000000000 (bexp 1623),
     * 2^550 = 0x6250000000000000, 2^549 = 0x6240000000000000; the sign is bit 63.
     * (1) c = -1.0, products 2^-30*2^-30 - 2^-30*2^-30 = 0 exactly -> -1.0 = 0xBFF0000000000000
     *     in every rounding mode (nothing inexact anywhere).
     * (2) c = +1.0, products +2^1200 - 2^1200 (each beyond the f64 range) -> exactly 1.0 in every
     *     mode = 0x3FF0000000000000.
     * (3) c = +0, products -2^1100 (-2^550 * 2^550) + 2^1099 (2^550 * 2^549) = -2^1099: overflow.
     *     IEEE: RNE, RNA, RD -> -Inf 0xFFF0000000000000; RZ, RU -> -max 0xFFEFFFFFFFFFFFFF.
     */
    static const struct {
        mma_round r;
        uint64_t want3;
        const char *name;
    } modes[] = {
        {MMA_RND_RNE, 0xFFF0000000000000ULL, "rne"}, {MMA_RND_RZ, 0xFFEFFFFFFFFFFFFFULL, "rz"},
        {MMA_RND_RU, 0xFFEFFFFFFFFFFFFFULL, "ru"},   {MMA_RND_RD, 0xFFF0000000000000ULL, "rd"},
        {MMA_RND_RNA, 0xFFF0000000000000ULL, "rna"},
    };
    const uint64_t a1[] = {0x3E10000000000000ULL, 0x3E10000000000000ULL},
                   b1[] = {0x3E10000000000000ULL, 0xBE10000000000000ULL};
    const uint64_t a2[] = {0x6570000000000000ULL, 0x6570000000000000ULL},
                   b2[] = {0x6570000000000000ULL, 0xE570000000000000ULL};
    const uint64_t a3[] = {0xE250000000000000ULL, 0x6250000000000000ULL},
                   b3[] = {0x6250000000000000ULL, 0x6240000000000000ULL};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        const mma_profile p = exact_mode(MMA_FMT_F64, MMA_FMT_F64, modes[i].r);
        char name[64];
        snprintf(name, sizeof name, "exact f64 %s small cancel", modes[i].name);
        check_dot(name, &p, MMA_FMT_F64, MMA_FMT_F64, 2, a1, b1, 2, 0xBFF0000000000000ULL, 0xBFF0000000000000ULL);
        snprintf(name, sizeof name, "exact f64 %s huge cancel", modes[i].name);
        check_dot(name, &p, MMA_FMT_F64, MMA_FMT_F64, 2, a2, b2, 2, 0x3FF0000000000000ULL, 0x3FF0000000000000ULL);
        snprintf(name, sizeof name, "exact f64 %s huge overflow", modes[i].name);
        check_dot(name, &p, MMA_FMT_F64, MMA_FMT_F64, 2, a3, b3, 2, 0, modes[i].want3);
    }
}

/* ------------------------------------------------------------------ whole instructions (mma_run) */

static int parse(const char *text, mma_instr *ins) {
    mma_diag diag;
    mma_status st = mma_instr_parse(text, strlen(text), ins, &diag);
    g_checks++;
    if (st != MMA_OK) {
        g_failures++;
        printf("FAIL parse %s: status %d (%s)\n", text, (int)st, diag.reason ? diag.reason : "");
        return -1;
    }
    return 0;
}

static uint64_t s32code(int64_t v) { return (uint64_t)(uint32_t)(int32_t)v; }

static void integer_and_b1(void) {
    static uint64_t A[16 * 256], B[256 * 8], C[16 * 8], D[16 * 8];
    mma_instr ins;
    mma_profile prof = preset(MMA_PRESET_AMPERE, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32); /* ignored */

    /*
     * s8: m16n8k32. Row 0 of A = 127 (0x7F) x 32, column 0 of B = 127, C[0][0] = INT32_MAX - 10:
     *   sum = 32 * 16129 = 516128 = 0x7E020; exact result 2147483637 + 516128 > INT32_MAX.
     *   .satfinite -> 0x7FFFFFFF; wrap -> 0x7FFFFFF5 + 0x7E020 = 0x8007E015.
     * Row 1 of A = -128 (0x80), column 1 of B = 127, C[1][1] = INT32_MIN + 5:
     *   sum = -128*127*32 = -520192 = -0x7F000. satfinite -> 0x80000000;
     *   wrap -> 0x80000005 - 0x7F000 = 0x7FF81005.
     * D[0][1] = C[0][1] + row0 . col1 = 0 + 32 * 127 * 127 = 516128 = 0x0007E020 (both modes).
     */
    for (int sat = 0; sat < 2; sat++) {
        const char *text = sat ? "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32"
                               : "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32";
        if (parse(text, &ins)) continue;
        memset(A, 0, sizeof A);
        memset(B, 0, sizeof B);
        memset(C, 0, sizeof C);
        for (int k = 0; k < 32; k++) {
            A[0 * 32 + k] = 0x7F;
            A[1 * 32 + k] = 0x80;
            B[k * 8 + 0] = 0x7F;
            B[k * 8 + 1] = 0x7F;
        }
        C[0 * 8 + 0] = s32code(2147483647LL - 10);
        C[1 * 8 + 1] = s32code(-2147483647LL - 1 + 5);
        const mma_operands ops = {.a = A, .b = B, .c = C, .d = D};
        mma_status st = mma_run(&ins, &prof, &ops);
        expect_u64(sat ? "s8 satfinite +" : "s8 wrap +", st, D[0], sat ? 0x7FFFFFFF : 0x8007E015);
        expect_u64(sat ? "s8 satfinite -" : "s8 wrap -", st, D[1 * 8 + 1], sat ? 0x80000000 : 0x7FF81005);
        expect_u64("s8 in range", st, D[0 * 8 + 1], 0x0007E020);
    }
    /*
     * u4 x s4: m16n8k64. Row 0 of A = 15 (u4 0xF) x 64. Column 0 of B = -8 (s4 0x8), column 1 = 7.
     * C[0][0] = 100: 100 + 64*15*(-8) = 100 - 7680 = -7580 = 0xFFFFE264.
     * C[0][1] = 0: 64*15*7 = 6720 = 0x1A40. Row 2 of A = 0xF too but B column 2 is 0 -> C[2][2] = 5.
     */
    if (parse("mma.sync.aligned.m16n8k64.row.col.s32.u4.s4.s32", &ins) == 0) {
        memset(A, 0, sizeof A);
        memset(B, 0, sizeof B);
        memset(C, 0, sizeof C);
        for (int k = 0; k < 64; k++) {
            A[0 * 64 + k] = 0xF;
            A[2 * 64 + k] = 0xF;
            B[k * 8 + 0] = 0x8;
            B[k * 8 + 1] = 0x7;
        }
        C[0] = 100;
        C[2 * 8 + 2] = 5;
        const mma_operands ops = {.a = A, .b = B, .c = C, .d = D};
        mma_status st = mma_run(&ins, &prof, &ops);
        expect_u64("u4.s4 negative", st, D[0], 0xFFFFE264);
        expect_u64("u4.s4 positive", st, D[1], 0x1A40);
        expect_u64("u4.s4 zero column", st, D[2 * 8 + 2], 5);
    }
    /*
     * b1: m16n8k256. Row 0 of A: bit k set for k < 100. Column 0 of B: bit k set for 50 <= k < 150.
     * AND: overlap 50..99 -> 50; XOR: 0..49 and 100..149 -> 100. C[0][0] = 7.
     *   and.popc -> 57, xor.popc -> 107.
     */
    for (int x = 0; x < 2; x++) {
        if (parse(x ? "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc"
                    : "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc",
                  &ins))
            continue;
        memset(A, 0, sizeof A);
        memset(B, 0, sizeof B);
        memset(C, 0, sizeof C);
        for (int k = 0; k < 256; k++) {
            A[k] = k < 100;
            B[k * 8] = k >= 50 && k < 150;
        }
        C[0] = 7;
        const mma_operands ops = {.a = A, .b = B, .c = C, .d = D};
        mma_status st = mma_run(&ins, &prof, &ops);
        expect_u64(x ? "b1 xor.popc" : "b1 and.popc", st, D[0], x ? 107 : 57);
    }
}

static void f64_modes(void) {
    /*
     * mma.m8n8k4 .f64 with .rn/.rz/.rm/.rp: a chain of f64 FMAs, each rounded in the mode.
     * Row 0: C = +1.0, k=0 product 2^-30 * 2^-30 = 2^-60 -> 1 + 2^-60 (ulp(1) = 2^-52):
     *   rn, rz, rm -> 1.0 = 0x3FF0000000000000; rp -> 1 + 2^-52 = 0x3FF0000000000001.
     * Row 1: C = -1.0, same product -> -1 + 2^-60 = -(1 - 2^-60); below 1 the ulp is 2^-53:
     *   rn, rm -> -1.0 = 0xBFF0000000000000; rz, rp -> -(1 - 2^-53) = 0xBFEFFFFFFFFFFFFF.
     * Row 2: C = +1.0, four products 2^-53 (2^-26 * 2^-27) -> every FMA sees 1 + 2^-53, a tie (rn)
     *   -> 1.0 each time -> 0x3FF0000000000000 under rn (exact sum 1 + 2^-51 would differ);
     *   rp -> 1 + 2^-52 after the first, then 1 + 2^-52 + 2^-53 -> up -> ... 4 ulps: 1 + 4*2^-52
     *   = 0x3FF0000000000004; rz, rm -> 1.0.
     */
    static const struct {
        const char *text;
        uint64_t r0, r1, r2;
    } cases[] = {
        {"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64", 0x3FF0000000000000ULL, 0xBFF0000000000000ULL,
         0x3FF0000000000000ULL},
        {"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64.rn", 0x3FF0000000000000ULL, 0xBFF0000000000000ULL,
         0x3FF0000000000000ULL},
        {"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64.rz", 0x3FF0000000000000ULL, 0xBFEFFFFFFFFFFFFFULL,
         0x3FF0000000000000ULL},
        {"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64.rm", 0x3FF0000000000000ULL, 0xBFF0000000000000ULL,
         0x3FF0000000000000ULL},
        {"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64.rp", 0x3FF0000000000001ULL, 0xBFEFFFFFFFFFFFFFULL,
         0x3FF0000000000004ULL},
    };
    const uint64_t one = 0x3FF0000000000000ULL, mone = 0xBFF0000000000000ULL;
    const uint64_t p30 = (uint64_t)(1023 - 30) << 52, p26 = (uint64_t)(1023 - 26) << 52,
                   p27 = (uint64_t)(1023 - 27) << 52;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mma_instr ins;
        if (parse(cases[i].text, &ins)) continue;
        mma_profile prof;
        mma_status st = mma_instr_profile(MMA_PRESET_AMPERE, &ins, &prof);
        uint64_t A[8 * 4] = {0}, B[4 * 8] = {0}, C[8 * 8] = {0}, D[8 * 8] = {0};
        A[0 * 4 + 0] = p30;
        A[1 * 4 + 0] = p30;
        for (int k = 0; k < 4; k++) A[2 * 4 + k] = p26;
        B[0 * 8 + 0] = p30; /* column 0: rows 0 and 1 */
        B[0 * 8 + 1] = p30; /* column 1 */
        for (int k = 0; k < 4; k++) B[k * 8 + 2] = p27;
        C[0 * 8 + 0] = one;
        C[1 * 8 + 1] = mone;
        C[2 * 8 + 2] = one;
        const mma_operands ops = {.a = A, .b = B, .c = C, .d = D};
        if (st == MMA_OK) st = mma_run(&ins, &prof, &ops);
        char name[96];
        snprintf(name, sizeof name, "%s row0", cases[i].text + 32);
        expect_u64(name, st, D[0], cases[i].r0);
        snprintf(name, sizeof name, "%s row1", cases[i].text + 32);
        expect_u64(name, st, D[1 * 8 + 1], cases[i].r1);
        snprintf(name, sizeof name, "%s row2", cases[i].text + 32);
        expect_u64(name, st, D[2 * 8 + 2], cases[i].r2);
    }
}

/* ------------------------------------------------------------------ issue 12: sm_120 and the open rules */

/* The profile of a preset for an instruction (mma_instr_profile), counted as a check. */
static mma_profile instr_preset(const char *text, mma_preset preset) {
    mma_instr ins;
    mma_profile prof;
    memset(&prof, 0, sizeof prof);
    if (parse(text, &ins) == 0) {
        mma_status st = mma_instr_profile(preset, &ins, &prof);
        g_checks++;
        if (st != MMA_OK) {
            g_failures++;
            printf("FAIL mma_instr_profile(%s, %s): status %d\n", mma_preset_name(preset), text, (int)st);
        }
    }
    return prof;
}

/*
 * D[0][0] of one whole instruction (mma_run): row 0 of A = a[0..n), column 0 of B = b[0..n) (k = 0..n-1),
 * every other element 0 (code 0), C[0][0] = c, other C 0. Block-scaled forms: every scale_A code is sa
 * and every scale_B code sb.
 */
static void check_run(const char *name, const char *text, const mma_profile *prof, const uint64_t *a,
                      const uint64_t *b, size_t n, uint64_t c, uint64_t sa, uint64_t sb, uint64_t want) {
    static uint64_t A[16 * 128], B[128 * 8], C[16 * 8], D[16 * 8], SA[16 * 4], SB[4 * 8];
    mma_instr ins;
    if (parse(text, &ins)) return;
    memset(A, 0, sizeof A);
    memset(B, 0, sizeof B);
    memset(C, 0, sizeof C);
    for (size_t i = 0; i < 16 * 4; i++) SA[i] = sa;
    for (size_t i = 0; i < 4 * 8; i++) SB[i] = sb;
    for (size_t k = 0; k < n; k++) {
        A[k] = a[k];
        B[k * ins.n] = b[k];
    }
    C[0] = c;
    const mma_operands ops = {A, B, C, D, NULL, ins.block_scale ? SA : NULL, ins.block_scale ? SB : NULL};
    mma_status st = mma_run(&ins, prof, &ops);
    expect_u64(name, st, D[0], want);
}

/*
 * Defect 1: operand order. sm_120 kind::f8f6f4 with A = 8.0 (e4m3 0x50 = 2^3) and B = 1.0 (e2m1 0x2)
 * at k = 0, zeros elsewhere, C = 0x4d12bc27 (1.1710...*2^27, ulp 2^4). The sm_120 unit (one step with
 * C joined, F = 25, RZ): E = max(27, 3) = 27, lsb 2^2; C = 24-bit significand x 4 units, the product
 * 8 = 2 units; S = 4 sig + 2 -> RZ to 24 bits -> sig -> 0x4d12bc27, whichever operand is A. (The old
 * A-type rule gave e4m3.e2m1 the split path with C added last in RNE: 8 is half C's ulp, a tie to
 * even -> 0x4d12bc28; exact RNE also gives that tie -> 0x4d12bc28.)
 * Own case, e5m2 x e3m2 both ways: k0 2^15 (e5m2 0x78) x 2 (e3m2 0x10) = 2^16; k1 2^-4 (e5m2 0x2C) x
 * 2^-4 (e3m2 subnormal 0x01) = 2^-8; k2 -2^15 (0xF8) x 2 = -2^16; C = 0. One step: E = 16, lsb 2^-9,
 * t = 2^25, 2, -2^25 -> S = 2 -> 2^-8 = 0x3B800000 (f32) / 0x1C00 (f16). The old split path (A = e5m2)
 * rounded k0 + k1 to 24 bits in step 1 (2^-8 lost) and gave +0; with f16 output its step 1 (2^16)
 * overflowed to +Inf 0x7C00.
 */
static void sm120_operand_order(void) {
    const char *t1 = "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e2m1.f32";
    const char *t2 = "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e4m3.f32";
    const mma_profile p1 = instr_preset(t1, MMA_PRESET_RTX_BLACKWELL), p2 = instr_preset(t2, MMA_PRESET_RTX_BLACKWELL);
    const mma_profile x1 = instr_preset(t1, MMA_PRESET_EXACT);
    const uint64_t e4m3_8[] = {0x50}, e2m1_1[] = {0x2};
    check_run("sm120 e4m3.e2m1 (issue)", t1, &p1, e4m3_8, e2m1_1, 1, 0x4d12bc27, 0, 0, 0x4d12bc27);
    check_run("sm120 e2m1.e4m3 (issue)", t2, &p2, e2m1_1, e4m3_8, 1, 0x4d12bc27, 0, 0, 0x4d12bc27);
    check_run("exact e4m3.e2m1 tie", t1, &x1, e4m3_8, e2m1_1, 1, 0x4d12bc27, 0, 0, 0x4d12bc28);

    const uint64_t e5m2[] = {0x78, 0x2C, 0xF8}, e3m2[] = {0x10, 0x01, 0x10};
    static const struct {
        const char *text;
        int a_is_e5m2;
        uint64_t want;
    } mixed[] = {
        {"mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e5m2.e3m2.f32", 1, 0x3B800000},
        {"mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e5m2.f32", 0, 0x3B800000},
        {"mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.e5m2.e3m2.f16", 1, 0x1C00},
        {"mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.e3m2.e5m2.f16", 0, 0x1C00},
    };
    for (size_t i = 0; i < sizeof mixed / sizeof mixed[0]; i++) {
        const mma_profile p = instr_preset(mixed[i].text, MMA_PRESET_RTX_BLACKWELL);
        check_run(mixed[i].text + 33, mixed[i].text, &p, mixed[i].a_is_e5m2 ? e5m2 : e3m2,
                  mixed[i].a_is_e5m2 ? e3m2 : e5m2, 3, 0, 0, 0, mixed[i].want);
    }
}

/*
 * Defect 2: sm_120 plain FP8 mma.sync is the same one-step unit (not 2 x 16 pair_split + C last).
 * (a) k32 f32, e4m3: 256 (0x78) x 256 = 2^16 at k0, 2^-4 (0x18) x 2^-4 = 2^-8 at k1, -256 (0xF8) x 256
 *     at k2, C = 0: as above 2^-8 = 0x3B800000 (old: k0, k1 in pair_split step 1 -> 2^16 -> +0).
 * (b) k16 f32: 8.0 (0x50) x 1.0 (0x38), C = 0x4d12bc27: C joined and truncated -> 0x4d12bc27 (old:
 *     C added last in RNE -> 0x4d12bc28).
 * (c) k16 f16 output whose products alone overflow f16: -256 (0xF8) x 448 (0x7E) = -114688, C = 65504
 *     (0x7BFF). One step: E = max(16, 15) = 16, lsb 2^-9, all exact, S = -49184 = -1537 x 2^5 (11 bits)
 *     -> RNE exact -> 0xFA01 (= the exact result). Old: the step without C overflowed to -Inf 0xFC00.
 * (d) k32 f16 output rounds RNE: e5m2 2^-5 (0x28) x e4m3 2^-6 (0x08) = 2^-11 and e5m2 2^-9 (0x18) x
 *     e4m3 2^-9 (0x01) = 2^-18, C = 1.0 (0x3C00): E = 0, lsb 2^-25, S = 1 + 2^-11 + 2^-18: more than
 *     half an f16 ulp (2^-10) -> up -> 0x3C01 (truncation would give 0x3C00); both operand orders.
 */
static void sm120_fp8(void) {
    {
        const char *t = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32";
        const mma_profile p = instr_preset(t, MMA_PRESET_RTX_BLACKWELL);
        const uint64_t a[] = {0x78, 0x18, 0xF8}, b[] = {0x78, 0x18, 0x78};
        check_run("sm120 fp8 k32 one step", t, &p, a, b, 3, 0, 0, 0, 0x3B800000);
    }
    {
        const char *t = "mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32";
        const mma_profile p = instr_preset(t, MMA_PRESET_RTX_BLACKWELL);
        const uint64_t a[] = {0x50}, b[] = {0x38};
        check_run("sm120 fp8 k16 C joined", t, &p, a, b, 1, 0x4d12bc27, 0, 0, 0x4d12bc27);
    }
    {
        const char *t = "mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e4m3.f16";
        const mma_profile p = instr_preset(t, MMA_PRESET_RTX_BLACKWELL);
        const uint64_t a[] = {0xF8}, b[] = {0x7E};
        check_run("sm120 fp8 k16 f16 no partial overflow", t, &p, a, b, 1, 0x7BFF, 0, 0, 0xFA01);
    }
    {
        const char *t1 = "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16";
        const char *t2 = "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16";
        const mma_profile p1 = instr_preset(t1, MMA_PRESET_RTX_BLACKWELL), p2 = instr_preset(t2, MMA_PRESET_RTX_BLACKWELL);
        const uint64_t e5m2[] = {0x28, 0x18}, e4m3[] = {0x08, 0x01};
        check_run("sm120 fp8 f16 RNE e5m2.e4m3", t1, &p1, e5m2, e4m3, 2, 0x3C00, 0, 0, 0x3C01);
        check_run("sm120 fp8 f16 RNE e4m3.e5m2", t2, &p2, e4m3, e5m2, 2, 0x3C00, 0, 0, 0x3C01);
    }
}

/*
 * Defect 3: sm_120 .kind::mxf4* groups aligned at their scale exponents (group_align = 1, rtx_blackwell)
 * vs floor(log2 |group|) with zero groups dropped (group_align = 0). m16n8k64: 4 groups of 16.
 * (a) issue: A = B = 0, unit scales (ue8m0 0x7F), C = 0xaeadcfea = -1.0101...b x 2^-34. Rule 1: four
 *     zero groups at e = 0 take part, E = 0, F = 35: C keeps bits >= 2^-35 -> -1.0b x 2^-34 = 0xae800000.
 *     Rule 0: only C -> 0xaeadcfea.
 * (b) unnormalised group: k0..15 6 x 6 (0x7 x 0x7) = +576, k16..31 -6 x 6 (0xF x 0x7) = -576, C =
 *     0x30800001 = 2^-30 (1 + 2^-23), unit scales. Rule 1: every group e = 0, E = 0, lsb 2^-35: +-576
 *     cancel, C loses 2^-53 -> 2^-30 = 0x30800000. Rule 0: groups at floor(log2 576) = 9, E = 9, lsb
 *     2^-26: C (< 2^-26) truncates to 0 -> S = 0 -> +0. Exact: 0x30800001.
 * (c) scale exponents: block 0 (k0..31) scale_A 2^3 (0x82), scale_B 2^-1 (0x7E); block 1 the same codes.
 *     k0 0.5 x 0.5 (0x1 x 0x1) = 0.25 -> x 2^2 = +1; k16 -0.5 x 0.5 (0x9 x 0x1) -> -1; C = 0x2F400000 =
 *     1.5 x 2^-33. Rule 1: every group at e = 3 - 1 = 2, E = 2, lsb 2^-33: C -> 2^-33 = 0x2F000000.
 *     Rule 0: groups at floor(log2 1) = 0, E = 0, lsb 2^-35: C exact -> 0x2F400000.
 * (d) ue4m3 scale exponent = floor(log2 scale): mxf4nvf4 4X ue4m3, every scale_A 2^-9 (subnormal 0x01),
 *     scale_B 1.0 (0x38), A = B = 0, C = 0x2A600000 = 1.75 x 2^-43. Rule 1: groups at -9 + 0 = -9, E =
 *     -9, lsb 2^-44: C -> 1.5 x 2^-43 = 0x2A400000 (MMA-Sim's pinned -6 would keep nothing). Rule 0:
 *     0x2A600000.
 * (e) a zero ue4m3 scale (0x00) has no exponent: its group takes no part. Every scale_A 0x00, C =
 *     0xaeadcfea -> only C -> 0xaeadcfea under rule 1 as well.
 */
static void sm120_mxf4_groups(void) {
    const char *mx = "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0";
    const char *nv = "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3";
    const mma_profile r1 = instr_preset(mx, MMA_PRESET_RTX_BLACKWELL), n1 = instr_preset(nv, MMA_PRESET_RTX_BLACKWELL);
    const mma_profile ex = instr_preset(mx, MMA_PRESET_EXACT);
    mma_profile r0 = r1, n0 = n1;
    r0.group_align = 0;
    n0.group_align = 0;
    g_checks++;
    if (r1.group_align != 1 || n1.group_align != 1 || r1.frac_bits != 35 || r1.group != 16) {
        g_failures++;
        printf("FAIL rtx_blackwell mxf4 profile: group_align %u, F %u, g %u\n", r1.group_align, r1.frac_bits, r1.group);
    }
    const uint64_t none[] = {0};
    check_run("mxf4 zero groups take part (issue)", mx, &r1, none, none, 0, 0xaeadcfea, 0x7F, 0x7F, 0xae800000);
    check_run("mxf4 zero groups dropped (rule 0)", mx, &r0, none, none, 0, 0xaeadcfea, 0x7F, 0x7F, 0xaeadcfea);

    uint64_t a[32], b[32];
    for (int k = 0; k < 32; k++) {
        a[k] = k < 16 ? 0x7 : 0xF;
        b[k] = 0x7;
    }
    check_run("mxf4 unnormalised group", mx, &r1, a, b, 32, 0x30800001, 0x7F, 0x7F, 0x30800000);
    check_run("mxf4 normalised group (rule 0)", mx, &r0, a, b, 32, 0x30800001, 0x7F, 0x7F, 0x00000000);
    check_run("mxf4 unnormalised group exact", mx, &ex, a, b, 32, 0x30800001, 0x7F, 0x7F, 0x30800001);

    for (int k = 0; k < 32; k++) {
        a[k] = k == 0 ? 0x1 : (k == 16 ? 0x9 : 0x0);
        b[k] = (k == 0 || k == 16) ? 0x1 : 0x0;
    }
    check_run("mxf4 scale exponents", mx, &r1, a, b, 17, 0x2F400000, 0x82, 0x7E, 0x2F000000);
    check_run("mxf4 value exponents (rule 0)", mx, &r0, a, b, 17, 0x2F400000, 0x82, 0x7E, 0x2F400000);

    check_run("mxf4nvf4 ue4m3 subnormal scale exponent", nv, &n1, none, none, 0, 0x2A600000, 0x01, 0x38, 0x2A400000);
    check_run("mxf4nvf4 ue4m3 subnormal scale (rule 0)", nv, &n0, none, none, 0, 0x2A600000, 0x01, 0x38, 0x2A600000);
    check_run("mxf4nvf4 zero scale takes no part", nv, &n1, none, none, 0, 0xaeadcfea, 0x00, 0x38, 0xaeadcfea);
}

/*
 * zero_product_term (MMA-Sim: a zero product takes part in E, a zero operand counting as -126).
 * Hopper bf16 -> f32 (G16, F25, min_E -133):
 * (a) 0 x 2^127 (bf16 0x0000 x 0x7F00), C = 0x3A800001 = 2^-10 (1 + 2^-23). Rule 1: the zero product
 *     enters at -126 + 127 = 1, E = 1, lsb 2^-24: C loses 2^-33 -> 0x3A800000. Default: no product
 *     takes part, E = -10 -> C -> 0x3A800001. Through mma_run (row engine) and mma_dot.
 * (b) the same zero product truncates another product: (1 + 2^-7) 2^-20 (0x3581) x 1.0 (0x3F80), C = 0:
 *     rule 1: E = 1, lsb 2^-24 -> 2^-20 = 0x35800000; default: 0x35810000.
 * (c) 0 x 0 enters at -252: no effect -> 0x3A800001 under both rules.
 * (d) tf32 (G8, F25): -0 x 2^127 (0x80000000 x 0x7F000000), C = 0x3A800001: rule 1 -> 0x3A800000.
 */
static void zero_product_rule(void) {
    const char *t = "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32";
    const mma_profile hb = instr_preset(t, MMA_PRESET_HOPPER);
    mma_profile hz = hb;
    hz.zero_product_term = 1;
    const uint64_t z[] = {0x0000}, big[] = {0x7F00};
    check_run("zpt bf16 0 x 2^127 truncates C", t, &hz, z, big, 1, 0x3A800001, 0, 0, 0x3A800000);
    check_run("zpt off bf16 0 x 2^127", t, &hb, z, big, 1, 0x3A800001, 0, 0, 0x3A800001);
    check_dot("zpt bf16 0 x 2^127 (dot)", &hz, MMA_FMT_BF16, MMA_FMT_F32, 16, z, big, 1, 0x3A800001, 0x3A800000);
    const uint64_t a2[] = {0x0000, 0x3581}, b2[] = {0x7F00, 0x3F80};
    check_dot("zpt truncates a product", &hz, MMA_FMT_BF16, MMA_FMT_F32, 16, a2, b2, 2, 0, 0x35800000);
    check_dot("zpt off keeps the product", &hb, MMA_FMT_BF16, MMA_FMT_F32, 16, a2, b2, 2, 0, 0x35810000);
    check_dot("zpt 0 x 0", &hz, MMA_FMT_BF16, MMA_FMT_F32, 16, z, z, 1, 0x3A800001, 0x3A800001);
    mma_profile tz = preset(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_TF32, MMA_FMT_F32);
    tz.zero_product_term = 1;
    const uint64_t nz[] = {0x80000000}, tbig[] = {0x7F000000};
    check_dot("zpt tf32 -0 x 2^127", &tz, MMA_FMT_TF32, MMA_FMT_F32, 8, nz, tbig, 1, 0x3A800001, 0x3A800000);
}

/*
 * Signs and NaNs no data verifies (documented in profile.h):
 * (a) a negative non-zero S that truncates to zero keeps -0: Hopper bf16 -2^-75 (0x9A00) x 2^-75
 *     (0x1A00) = -2^-150, C = +0: E = max(-150, -133) = -133, lsb 2^-158, S = -256 -> -2^-150 -> RZ to
 *     the f32 grid (2^-149) -> -0 = 0x80000000.
 * (b) f64 NaN results are the canonical 0x7FFFFFFFFFFFFFFF: a NaN operand with a payload
 *     (0x7FF8000000000001) and 0 x Inf, every f64 rounding.
 */
static void zero_sign_and_f64_nan(void) {
    const mma_profile hb = preset(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_BF16, MMA_FMT_F32);
    const uint64_t a[] = {0x9A00}, b[] = {0x1A00};
    check_dot("negative S truncated to -0", &hb, MMA_FMT_BF16, MMA_FMT_F32, 16, a, b, 1, 0, 0x80000000);
    const char *t = "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64";
    const uint64_t nan[] = {0x7FF8000000000001ULL}, one[] = {0x3FF0000000000000ULL};
    const uint64_t zero[] = {0}, inf[] = {0x7FF0000000000000ULL};
    for (unsigned p = 0; p < (unsigned)MMA_PRESET_COUNT; p++) {
        if (p == MMA_PRESET_ARM_FP8) continue; /* Arm FP8 has no f64 */
        const mma_profile pf = instr_preset(t, (mma_preset)p);
        check_run("f64 NaN operand -> canonical NaN", t, &pf, nan, one, 1, 0x3FF0000000000000ULL, 0, 0,
                  0x7FFFFFFFFFFFFFFFULL);
        check_run("f64 0 x Inf -> canonical NaN", t, &pf, zero, inf, 1, 0, 0, 0, 0x7FFFFFFFFFFFFFFFULL);
    }
}

int main(void) {
    alignment_and_truncation();
    exact_round_modes();
    subnormals();
    specials();
    zeros();
    order_and_c_mode();
    e8m13_and_min_e();
    exact_f64();
    integer_and_b1();
    f64_modes();
    sm120_operand_order();
    sm120_fp8();
    sm120_mxf4_groups();
    zero_product_rule();
    zero_sign_and_f64_nan();
    printf("%d checks, %d failures\n", g_checks, g_failures);
    return g_failures ? 1 : 0;
}
