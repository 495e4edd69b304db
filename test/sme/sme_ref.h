/*
 * Test-side reference of Arm FP8DotAddFP (Arm ARM J1.3.3.173) written from the pseudocode, with
 * MPFR for the exact value and the single rounding (mpfr_check_range + mpfr_subnormalize).
 * It shares no code with the library: FP8/f16/f32 unpack, special values and bit packing are
 * all done here. Hosted C, MPFR + GMP.
 */
#ifndef SME_REF_H
#define SME_REF_H

#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { RT_ZERO, RT_FINITE, RT_INF, RT_SNAN, RT_QNAN };

/* An unpacked value: (-1)^sign * m * 2^e for RT_FINITE. */
typedef struct ref_val {
    int type;
    int sign;
    long m;
    long e;
} ref_val;

/* FP8Unpack (J1.3.3.180): fmt 0 = E5M2, 1 = E4M3, anything else = FP8Type_UNSUPPORTED (SNaN). */
static ref_val ref_fp8_unpack(unsigned code, unsigned fmt)
{
    ref_val v = {RT_ZERO, (int)((code >> 7) & 1u), 0, 0};
    if (fmt == 1u) {
        const unsigned ex = (code >> 3) & 15u, fr = code & 7u;
        if (ex == 0) {
            if (fr != 0) {
                v.type = RT_FINITE; v.m = (long)fr; v.e = -6 - 3;
            }
        } else if (ex == 15u && fr == 7u) {
            v.type = RT_SNAN;
        } else {
            v.type = RT_FINITE; v.m = (long)(8u + fr); v.e = (long)ex - 7 - 3;
        }
    } else if (fmt == 0u) {
        const unsigned ex = (code >> 2) & 31u, fr = code & 3u;
        if (ex == 0) {
            if (fr != 0) {
                v.type = RT_FINITE; v.m = (long)fr; v.e = -14 - 2;
            }
        } else if (ex == 31u) {
            v.type = fr == 0 ? RT_INF : ((fr & 2u) ? RT_QNAN : RT_SNAN);
        } else {
            v.type = RT_FINITE; v.m = (long)(4u + fr); v.e = (long)ex - 15 - 2;
        }
    } else {
        v.type = RT_SNAN;
    }
    return v;
}

/* FPUnpack of an f16 (M = 16) or f32 (M = 32) code, no flushing. */
static ref_val ref_ieee_unpack(uint32_t bits, int M)
{
    const int ebits = M == 16 ? 5 : 8, fbits = M == 16 ? 10 : 23, bias = M == 16 ? 15 : 127;
    const uint32_t fr = bits & ((1u << fbits) - 1u);
    const uint32_t ex = (bits >> fbits) & ((1u << ebits) - 1u);
    ref_val v = {RT_ZERO, (int)((bits >> (M - 1)) & 1u), 0, 0};
    if (ex == 0) {
        if (fr != 0) {
            v.type = RT_FINITE; v.m = (long)fr; v.e = 1 - bias - fbits;
        }
    } else if (ex == (1u << ebits) - 1u) {
        v.type = fr == 0 ? RT_INF : ((fr >> (fbits - 1)) ? RT_QNAN : RT_SNAN);
    } else {
        v.type = RT_FINITE; v.m = (long)(fr | (1u << fbits)); v.e = (long)ex - bias - fbits;
    }
    return v;
}

static uint32_t ref_default_nan(int M, int ah) { return M == 16 ? (ah ? 0xFE00u : 0x7E00u) : (ah ? 0xFFC00000u : 0x7FC00000u); }
static uint32_t ref_inf(int M, int s) { return M == 16 ? (s ? 0xFC00u : 0x7C00u) : (s ? 0xFF800000u : 0x7F800000u); }
static uint32_t ref_zero(int M, int s) { return s ? (M == 16 ? 0x8000u : 0x80000000u) : 0u; }
static uint32_t ref_max_normal(int M, int s) { return M == 16 ? (s ? 0xFBFFu : 0x7BFFu) : (s ? 0xFF7FFFFFu : 0x7F7FFFFFu); }

/* Adds (-1)^s * m * 2^e to acc exactly (aborts if MPFR had to round: precision too small). */
static void ref_add_term(mpfr_t acc, int s, long m, long e)
{
    mpfr_t t;
    mpfr_init2(t, 64);
    mpfr_set_si_2exp(t, s ? -m : m, e, MPFR_RNDN);
    if (mpfr_add(acc, acc, t, MPFR_RNDN) != 0) {
        fprintf(stderr, "ref: inexact exact sum\n");
        abort();
    }
    mpfr_clear(t);
}

/*
 * FPRound_FP8 of a non-zero exact value to f16/f32 (RNE, no flushing, OSM): round to the
 * precision, then to the format's exponent range with subnormals, then pack the bits by hand.
 */
static uint32_t ref_round(const mpfr_t x, int M, int osm)
{
    const int prec = M == 16 ? 11 : 24;
    const mpfr_exp_t emin = M == 16 ? -23 : -148, emax = M == 16 ? 16 : 128;
    mpfr_t r;
    mpfr_init2(r, prec);
    int t = mpfr_set(r, x, MPFR_RNDN);
    const mpfr_exp_t old_min = mpfr_get_emin(), old_max = mpfr_get_emax();
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    t = mpfr_check_range(r, t, MPFR_RNDN);
    t = mpfr_subnormalize(r, t, MPFR_RNDN);
    (void)t;
    mpfr_set_emin(old_min);
    mpfr_set_emax(old_max);
    const int s = mpfr_signbit(r) ? 1 : 0;
    uint32_t out;
    if (mpfr_inf_p(r)) {
        out = osm ? ref_max_normal(M, s) : ref_inf(M, s);
    } else if (mpfr_zero_p(r)) {
        out = ref_zero(M, s);
    } else {
        const int fbits = M == 16 ? 10 : 23, bias = M == 16 ? 15 : 127;
        const long E = (long)mpfr_get_exp(r) - 1; /* |r| in [2^E, 2^(E+1)) */
        mpfr_t a;
        mpfr_init2(a, 64);
        mpfr_abs(a, r, MPFR_RNDN);
        uint32_t field;
        if (E >= 1 - bias) {
            mpfr_mul_2si(a, a, fbits - E, MPFR_RNDN); /* integer in [2^fbits, 2^(fbits+1)) */
            const uint32_t sig = (uint32_t)mpfr_get_ui(a, MPFR_RNDN);
            field = ((uint32_t)(E + bias) << fbits) | (sig - (1u << fbits));
        } else {
            mpfr_mul_2si(a, a, fbits + bias - 1, MPFR_RNDN); /* subnormal: integer < 2^fbits */
            field = (uint32_t)mpfr_get_ui(a, MPFR_RNDN);
        }
        mpfr_clear(a);
        out = field | ref_zero(M, s);
    }
    mpfr_clear(r);
    return out;
}

/*
 * FP8DotAddFP(addend, op1, op2, E, FPCR, FPMR) for an f16 (M = 16) or f32 (M = 32) addend,
 * following the pseudocode step by step. ah = FPCR.AH (FEAT_AFP) for the default NaN's sign.
 */
static uint32_t ref_fp8_dot_add(int M, uint32_t addend, const uint8_t *op1, const uint8_t *op2, int E,
                                uint64_t fpmr, int ah)
{
    const unsigned f1 = (unsigned)(fpmr & 7u), f2 = (unsigned)((fpmr >> 3) & 7u);
    const ref_val A = ref_ieee_unpack(addend, M);
    ref_val v1[8], v2[8];
    int any_nan = A.type == RT_SNAN || A.type == RT_QNAN;
    for (int i = 0; i < E; ++i) {
        v1[i] = ref_fp8_unpack(op1[i], f1);
        v2[i] = ref_fp8_unpack(op2[i], f2);
        any_nan = any_nan || v1[i].type >= RT_SNAN || v2[i].type >= RT_SNAN;
    }
    if (any_nan) {
        return ref_default_nan(M, ah);
    }
    int signP[8], infP[8], zeroP[8];
    for (int i = 0; i < E; ++i) {
        signP[i] = v1[i].sign ^ v2[i].sign;
        infP[i] = v1[i].type == RT_INF || v2[i].type == RT_INF;
        zeroP[i] = v1[i].type == RT_ZERO || v2[i].type == RT_ZERO;
    }
    const int infA = A.type == RT_INF, zeroA = A.type == RT_ZERO;
    int posInf = infA && !A.sign, negInf = infA && A.sign, zeroR = zeroA, invalid = 0;
    for (int i = 0; i < E; ++i) {
        posInf = posInf || (infP[i] && !signP[i]);
        negInf = negInf || (infP[i] && signP[i]);
        zeroR = zeroR && zeroP[i] && (A.sign == signP[i]);
        invalid = invalid || (v1[i].type == RT_INF && v2[i].type == RT_ZERO) ||
                  (v1[i].type == RT_ZERO && v2[i].type == RT_INF) || (infA && infP[i] && A.sign != signP[i]);
        for (int j = i + 1; j < E; ++j) {
            invalid = invalid || (infP[i] && infP[j] && signP[i] != signP[j]);
        }
    }
    if (invalid) {
        return ref_default_nan(M, ah);
    }
    if (posInf) {
        return ref_inf(M, 0);
    }
    if (negInf) {
        return ref_inf(M, 1);
    }
    if (zeroR) {
        return ref_zero(M, A.sign);
    }
    const long dscale = M == 32 ? (long)((fpmr >> 16) & 0x7Fu) : (long)((fpmr >> 16) & 0xFu);
    mpfr_t acc;
    mpfr_init2(acc, 640);
    mpfr_set_zero(acc, 1);
    if (A.type == RT_FINITE) {
        ref_add_term(acc, A.sign, A.m, A.e);
    }
    for (int i = 0; i < E; ++i) {
        if (v1[i].type == RT_FINITE && v2[i].type == RT_FINITE) {
            ref_add_term(acc, signP[i], v1[i].m * v2[i].m, v1[i].e + v2[i].e - dscale);
        }
    }
    uint32_t out;
    if (mpfr_zero_p(acc)) {
        out = ref_zero(M, 0); /* the sign of an exact zero is '0' under RNE */
    } else {
        out = ref_round(acc, M, (int)((fpmr >> 14) & 1u));
    }
    mpfr_clear(acc);
    return out;
}

#endif /* SME_REF_H */
