/*
 * MX (OCP MX v1.0) and NVFP4 block quantisation against an independent computation in double:
 * scale from frexp of amax, elements by brute force over every code of the element format (nearest
 * value, ties to the even code, saturation to +-max), written here from NUMERICS 1-2.
 */
#include <math.h>

#include "sparse_test.h"

/* Element formats by the NUMERICS table (independent of the library). */
typedef struct efmt {
    mma_format f;
    int ebits, mbits, bias, emax_elem, nan_code; /* nan_code < 0: no NaN */
} efmt;

static const efmt fmts[5] = {
    {MMA_FMT_E4M3, 4, 3, 7, 8, 0x7F},
    {MMA_FMT_E5M2, 5, 2, 15, 15, 0x7F},
    {MMA_FMT_E3M2, 3, 2, 3, 4, -1},
    {MMA_FMT_E2M3, 2, 3, 1, 2, -1},
    {MMA_FMT_E2M1, 2, 1, 1, 2, -1},
};

/* Value of a finite code (NaN for NaN/Inf codes). */
static double evalue(const efmt *e, unsigned code)
{
    const unsigned mmask = (1u << e->mbits) - 1, emask = (1u << e->ebits) - 1;
    const unsigned M = code & mmask, E = (code >> e->mbits) & emask, S = (code >> (e->mbits + e->ebits)) & 1;
    if (e->f == MMA_FMT_E5M2 && E == emask) {
        return NAN;
    }
    if (e->f == MMA_FMT_E4M3 && E == emask && M == mmask) {
        return NAN;
    }
    const double v = E == 0 ? ldexp((double)M, 1 - e->bias - e->mbits)
                            : ldexp((double)((1u << e->mbits) + M), (int)E - e->bias - e->mbits);
    return S ? -v : v;
}

static unsigned max_code(const efmt *e, int neg)
{
    const unsigned total = 1u << (1 + e->ebits + e->mbits);
    unsigned best = 0;
    double bv = 0;
    for (unsigned c = 0; c < total / 2; ++c) {
        const double v = evalue(e, c);
        if (!isnan(v) && v > bv) {
            bv = v;
            best = c;
        }
    }
    return neg ? best | (total / 2) : best;
}

/* Nearest code to y (exact double), ties to the even code, saturating; a zero result keeps y's sign. */
static unsigned nearest(const efmt *e, double y, double unit)
{
    const unsigned total = 1u << (1 + e->ebits + e->mbits);
    unsigned best = 0;
    double bd = INFINITY;
    for (unsigned c = 0; c < total; ++c) {
        const double v = evalue(e, c) * unit;
        if (isnan(v)) {
            continue;
        }
        const double dist = fabs(y - v);
        if (dist < bd || (dist == bd && (c & 1) == 0 && (best & 1) == 1)) {
            bd = dist;
            best = c;
        }
    }
    if (evalue(e, best) == 0) {
        best = signbit(y) ? total / 2 : 0;
    }
    return best;
}

static double f32val(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return (double)f;
}

static uint32_t f32bits(double v)
{
    const float f = (float)v; /* callers pass values exact in f32 */
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}

static uint32_t rand_f32(int mode)
{
    const uint32_t sign = rndn(2) ? 0x80000000u : 0;
    switch (rndn(mode == 2 ? 12 : 10)) {
    case 0: return sign;                                               /* zero */
    case 1: return sign | (uint32_t)(rnd() & 0x7FFFFF);                 /* subnormal */
    case 2: return sign | ((uint32_t)(1 + rndn(254)) << 23) | (uint32_t)(rnd() & 0x7FFFFF); /* anywhere */
    case 10: return sign | 0x7F800000u;                                /* Inf */
    case 11: return 0x7FC00000u | (uint32_t)(rnd() & 0x3FFFFF);         /* NaN */
    default: {
        const int base = mode == 1 ? 0 : 127; /* mode 1: tiny blocks near the ue8m0 clamp */
        const int e = base + (mode == 1 ? (int)rndn(40) : (int)rndn(24) - 12);
        return sign | ((uint32_t)(e < 1 ? 1 : e) << 23) | (uint32_t)(rnd() & 0x7FFFFF);
    }
    }
}

static void test_mx(void)
{
    uint64_t x[32], out[32], scale;
    for (int f = 0; f < 5; ++f) {
        const efmt *e = &fmts[f];
        for (int rep = 0; rep < 4000; ++rep) {
            const size_t n = rep % 10 == 0 ? 1 + rndn(32) : 32;
            const int mode = rep % 3;
            for (size_t i = 0; i < n; ++i) {
                x[i] = rand_f32(mode);
            }
            if (rep % 4 == 2) {
                /* ties: x[0] = +-max x 2^s fixes the scale at 2^s, the others are midpoints of adjacent codes */
                const int sh = (int)rndn(60) - 30;
                x[0] = f32bits(ldexp(evalue(e, max_code(e, 0)), sh) * (rndn(2) ? -1 : 1));
                for (size_t i = 1; i < n; ++i) {
                    const unsigned c = rndn(max_code(e, 0)); /* c and c + 1 are finite, same sign */
                    const double mid = (evalue(e, c) + evalue(e, c + 1)) / 2;
                    x[i] = f32bits(ldexp(mid, sh) * (rndn(2) ? -1 : 1));
                }
            }
            if (rep % 50 == 1) {
                for (size_t i = 0; i < n; ++i) {
                    x[i] = rndn(2) ? 0x80000000u : 0; /* all zeros */
                }
            }
            const mma_status st = mma_mx_quantize(MMA_FMT_F32, x, n, e->f, &scale, out);
            CHECK(st == MMA_OK, "mx %s: %s", mma_format_get(e->f)->name, mma_status_name(st));
            /* reference scale */
            double amax = 0;
            int special = 0;
            for (size_t i = 0; i < n; ++i) {
                const double v = f32val((uint32_t)x[i]);
                if (isnan(v) || isinf(v)) {
                    special = 1;
                } else if (fabs(v) > amax) {
                    amax = fabs(v);
                }
            }
            int shared = -127;
            if (amax > 0) {
                int ex;
                (void)frexp(amax, &ex); /* amax = m * 2^ex, m in [0.5, 1): floor(log2) = ex - 1 */
                shared = ex - 1 - e->emax_elem;
                shared = shared < -127 ? -127 : (shared > 127 ? 127 : shared);
            }
            const uint64_t want_scale = special ? 0xFFu : (uint64_t)(shared + 127);
            CHECK(scale == want_scale, "mx %s scale 0x%llx want 0x%llx (amax %a)", mma_format_get(e->f)->name,
                  (unsigned long long)scale, (unsigned long long)want_scale, amax);
            for (size_t i = 0; i < n; ++i) {
                const double v = f32val((uint32_t)x[i]);
                unsigned want;
                if (isnan(v)) {
                    want = e->nan_code >= 0 ? (unsigned)e->nan_code : max_code(e, 0);
                } else if (isinf(v)) {
                    want = max_code(e, v < 0);
                } else {
                    want = nearest(e, ldexp(v, -shared), 1.0);
                }
                CHECK(out[i] == want, "mx %s x=%a (scale 2^%d): 0x%llx want 0x%x", mma_format_get(e->f)->name, v,
                      shared, (unsigned long long)out[i], want);
            }
        }
    }
    /* The NUMERICS examples: e4m3 448 and e2m1 5.0 -> 4, 5.5 -> 6 (with a scale of 1). */
    const uint64_t ex1[2] = {0x43E00000u /* 448 */, 0x43E80000u /* 464 */};
    CHECK(mma_mx_quantize(MMA_FMT_F32, ex1, 2, MMA_FMT_E4M3, &scale, out) == MMA_OK && scale == 127 &&
              out[0] == 0x7E && out[1] == 0x7E,
          "e4m3 448/464: scale 0x%llx codes 0x%llx 0x%llx", (unsigned long long)scale, (unsigned long long)out[0],
          (unsigned long long)out[1]);
    const uint64_t ex2[3] = {0x40A00000u /* 5 */, 0x40B00000u /* 5.5 */, 0x40800000u /* 4 */};
    CHECK(mma_mx_quantize(MMA_FMT_F32, ex2, 3, MMA_FMT_E2M1, &scale, out) == MMA_OK && scale == 127 &&
              out[0] == 0x6 && out[1] == 0x7 && out[2] == 0x6,
          "e2m1 5/5.5/4");
    /* bf16 and f16 sources are accepted; bad arguments are not. */
    const uint64_t h[2] = {0x3C00 /* 1.0 f16 */, 0xBC00};
    CHECK(mma_mx_quantize(MMA_FMT_F16, h, 2, MMA_FMT_E2M1, &scale, out) == MMA_OK && scale == 127 - 2 &&
              out[0] == 0x6 && out[1] == 0xE,
          "f16 source: 0x%llx", (unsigned long long)scale);
    CHECK(mma_mx_quantize(MMA_FMT_F32, ex1, 0, MMA_FMT_E4M3, &scale, out) == MMA_ERR_BUFFER, "n = 0");
    CHECK(mma_mx_quantize(MMA_FMT_F32, ex1, 2, MMA_FMT_F16, &scale, out) == MMA_ERR_FORMAT, "element f16");
    CHECK(mma_mx_quantize(MMA_FMT_S8, ex1, 2, MMA_FMT_E4M3, &scale, out) == MMA_ERR_FORMAT, "source s8");
    CHECK(mma_mx_quantize(MMA_FMT_F32, NULL, 2, MMA_FMT_E4M3, &scale, out) == MMA_ERR_NULL, "NULL");
    const uint64_t wide[1] = {0x100000000ull};
    CHECK(mma_mx_quantize(MMA_FMT_F32, wide, 1, MMA_FMT_E4M3, &scale, out) == MMA_ERR_CODE, "wide code");
}

/* ue4m3 as an unsigned e4m3 (codes 0..0x7E finite). */
static const efmt ue4m3 = {MMA_FMT_UE4M3, 4, 3, 7, 8, 0x7F};

static void test_nvfp4(void)
{
    uint64_t x[32], out[32], scale;
    const efmt *e2m1 = &fmts[4];
    for (int rep = 0; rep < 20000; ++rep) {
        const size_t n = rep % 10 == 0 ? 1 + rndn(32) : 16;
        const int mode = rep % 3;
        for (size_t i = 0; i < n; ++i) {
            x[i] = rand_f32(mode);
            if (mode == 0 && rndn(3) == 0) { /* values around the ue4m3 range */
                x[i] = (x[i] & 0x80000000u) | ((uint32_t)(110 + rndn(30)) << 23) | (uint32_t)(rnd() & 0x7FFFFF);
            }
        }
        if (rep % 5 == 4) {
            /* ties at s = 1.0: amax 6, the others midpoints of adjacent e2m1 values */
            x[0] = f32bits(rndn(2) ? 6.0 : -6.0);
            for (size_t i = 1; i < n; ++i) {
                const unsigned c = rndn(7);
                x[i] = f32bits((evalue(e2m1, c) + evalue(e2m1, c + 1)) / 2 * (rndn(2) ? -1 : 1));
            }
        }
        if (rep % 97 == 3) {
            for (size_t i = 0; i < n; ++i) {
                x[i] = 0;
            }
        }
        CHECK(mma_nvfp4_quantize(MMA_FMT_F32, x, n, &scale, out) == MMA_OK, "nvfp4");
        double amax = 0;
        int special = 0;
        for (size_t i = 0; i < n; ++i) {
            const double v = f32val((uint32_t)x[i]);
            if (isnan(v) || isinf(v)) {
                special = 1;
            } else if (fabs(v) > amax) {
                amax = fabs(v);
            }
        }
        /* s = ue4m3 nearest to amax / 6 (|amax - 6 v| is exact in double), ties even, saturating. */
        unsigned s = 0x38;
        if (amax >= 6.0 * 448.0) {
            s = 0x7E; /* saturates (also keeps the distances below exact: comparable magnitudes) */
        } else if (amax > 0) {
            double bd = INFINITY;
            for (unsigned c = 0; c < 0x7F; ++c) {
                const double dist = fabs(amax - 6.0 * evalue(&ue4m3, c));
                if (dist < bd || (dist == bd && (c & 1) == 0 && (s & 1) == 1)) {
                    bd = dist;
                    s = c;
                }
            }
            if (s == 0) {
                s = 0x01;
            }
        }
        CHECK(scale == (special ? 0x7Fu : s), "nvfp4 scale 0x%llx want 0x%x (amax %a)", (unsigned long long)scale,
              special ? 0x7F : s, amax);
        const double sv = evalue(&ue4m3, s);
        for (size_t i = 0; i < n; ++i) {
            const double v = f32val((uint32_t)x[i]);
            unsigned want;
            if (isnan(v)) {
                want = 0x7; /* e2m1 has no NaN: +max */
            } else if (isinf(v)) {
                want = v < 0 ? 0xF : 0x7;
            } else if (fabs(v) >= 6.0 * sv) {
                want = v < 0 ? 0xF : 0x7; /* saturates */
            } else {
                want = nearest(e2m1, v, sv); /* compares |x - v * s|: exact for comparable magnitudes */
            }
            CHECK(out[i] == want, "nvfp4 x=%a s=%a: 0x%llx want 0x%x", v, sv, (unsigned long long)out[i], want);
        }
    }
    /* amax = 6 -> s = 1.0; amax = 2688 -> s = 448; amax/6 > 448 saturates; tiny amax -> 2^-9. */
    const uint64_t b1[2] = {0x40C00000u /* 6 */, 0xBF800000u /* -1 */};
    CHECK(mma_nvfp4_quantize(MMA_FMT_F32, b1, 2, &scale, out) == MMA_OK && scale == 0x38 && out[0] == 0x7 &&
              out[1] == 0xA,
          "amax 6");
    const uint64_t b2[1] = {0x7F000000u /* 2^127 */};
    CHECK(mma_nvfp4_quantize(MMA_FMT_F32, b2, 1, &scale, out) == MMA_OK && scale == 0x7E && out[0] == 0x7,
          "saturating scale");
    const uint64_t b3[1] = {0x00000001u /* 2^-149 */};
    CHECK(mma_nvfp4_quantize(MMA_FMT_F32, b3, 1, &scale, out) == MMA_OK && scale == 0x01 && out[0] == 0x0,
          "tiny amax");
    CHECK(mma_nvfp4_quantize(MMA_FMT_UE4M3, b1, 2, &scale, out) == MMA_ERR_FORMAT, "ue4m3 source");
}

int main(void)
{
    test_mx();
    test_nvfp4();
    return t_finish("sparse_mx_quantize");
}
