/*
 * Oracle (b): mma_encode of exact values (sign, 64-bit significand, exponent, sticky) to f64, f32,
 * tf32, f16, bf16, e5m2, e4m3, e3m2, e2m3, e2m1, ue8m0 and ue4m3, in RNE/RZ/RU/RD/RNA, with and
 * without SATFINITE and RELU, against GNU MPFR.
 *
 * Reference rounding: mpfr_set to the target precision p+1, then (with the exponent range of the
 * format: emin = exponent of the smallest subnormal + 1) mpfr_check_range + mpfr_subnormalize.
 * The exponent range is left unbounded above so that overflow is decided here, per format:
 *   rounded |y| > max finite  ->  SATFINITE: +-max;  no Inf and no NaN (e3m2/e2m3/e2m1): +-max;
 *   otherwise the IEEE 754 rule by mode (RNE/RNA: Inf; RZ: max; RU: +Inf / -max; RD: +max / -Inf)
 *   where "Inf" is the canonical NaN for formats with NaN but no Inf (e4m3, ue8m0, ue4m3).
 * RNA (MPFR has no such mode for mpfr_set): RNDN unless x is exactly the midpoint of its RZ and
 * RA (away) roundings, then RA.
 * A sticky input is the open interval (sig, sig + 1) * 2^exp; MPFR gets its midpoint, which
 * rounds like every point of the interval once sig reaches below the target quantum (else
 * mma_encode must answer MMA_ERR_ROUNDING).
 * Cases: every code neighbourhood of the small formats and boundary/random codes of the wide ones
 * (exact, +1 unit, half-ulp -1/0/+1 units, ulp - 1 unit, random, each also with a sticky tail),
 * plus random significands of 1..64 bits over the whole exponent range and beyond.
 */
#include <stdint.h>
#include <stdio.h>

#include <mpfr.h>

#include "oracle_common.h"

typedef struct exact {
    int sign;
    uint64_t sig;
    int32_t exp;
    int sticky;
} exact;

static mpfr_t g_x, g_y, g_z, g_mid, g_tmp;

/* x exactly: (2 sig + sticky) * 2^(exp - 1), 65 significant bits at most. */
static void exact_to_mpfr(mpfr_t x, const exact *e)
{
    mpfr_set_ui(x, (unsigned long)(e->sig >> 32), MPFR_RNDN);
    mpfr_mul_2ui(x, x, 32, MPFR_RNDN);
    mpfr_add_ui(x, x, (unsigned long)(e->sig & 0xFFFFFFFFu), MPFR_RNDN);
    mpfr_mul_2ui(x, x, 1, MPFR_RNDN);
    mpfr_add_ui(x, x, (unsigned long)e->sticky, MPFR_RNDN);
    mpfr_mul_2si(x, x, (long)e->exp - 1, MPFR_RNDN);
    if (e->sign) {
        mpfr_neg(x, x, MPFR_RNDN);
    }
}

/* y = x rounded to the format's precision with its subnormals (no upper exponent bound). */
static void round_to_format(mpfr_t y, const mpfr_t x, const ref_fmt *f, mpfr_rnd_t rnd)
{
    mpfr_exp_t old_emin = mpfr_get_emin();
    int t = mpfr_set(y, x, rnd);
    /* MPFR's exponent of y in [0.5, 1) * 2^E: the smallest positive value is 2^(emin_m - 1). */
    long emin_m = f->no_zero ? ref_emin(f) + 1 : ref_emin(f) - f->mbits + 1;
    mpfr_set_emin(emin_m);
    t = mpfr_check_range(y, t, rnd);
    if (!f->no_zero) {
        t = mpfr_subnormalize(y, t, rnd);
    }
    (void)t;
    mpfr_set_emin(old_emin);
}

static void round_rna(mpfr_t y, const mpfr_t x, const ref_fmt *f)
{
    round_to_format(g_z, x, f, MPFR_RNDZ);
    round_to_format(y, x, f, MPFR_RNDA);
    if (mpfr_equal_p(g_z, y)) {
        return;
    }
    mpfr_add(g_mid, g_z, y, MPFR_RNDN); /* exact at 200 bits */
    mpfr_div_2ui(g_mid, g_mid, 1, MPFR_RNDN);
    if (!mpfr_equal_p(g_mid, x)) {
        round_to_format(y, x, f, MPFR_RNDN);
    }
}

/* Code of a finite non-zero value y (already on the format's grid, within range). */
static uint64_t code_of(const ref_fmt *f, const mpfr_t y)
{
    int sign = mpfr_sgn(y) < 0;
    mpfr_abs(g_tmp, y, MPFR_RNDN);
    long e = (long)mpfr_get_exp(g_tmp) - 1; /* |y| in [2^e, 2^(e+1)) */
    uint64_t efield, frac;
    if (!f->no_zero && e < ref_emin(f)) {
        mpfr_mul_2si(g_tmp, g_tmp, -(long)(ref_emin(f) - f->mbits), MPFR_RNDN);
        efield = 0;
        frac = (uint64_t)mpfr_get_ui(g_tmp, MPFR_RNDN);
    } else {
        mpfr_mul_2si(g_tmp, g_tmp, -(e - f->mbits), MPFR_RNDN);
        efield = (uint64_t)(e + f->bias);
        frac = (uint64_t)mpfr_get_ui(g_tmp, MPFR_RNDN) - ((uint64_t)1 << f->mbits);
    }
    if (!mpfr_integer_p(g_tmp)) {
        fprintf(stderr, "oracle bug: %s value not on the grid\n", f->name);
        abort();
    }
    return ref_pack(f, sign, efield, frac);
}

static int overflow_to_inf(mma_round mode, int sign)
{
    switch (mode) {
    case MMA_RND_RZ: return 0;
    case MMA_RND_RU: return !sign;
    case MMA_RND_RD: return sign;
    default: return 1;
    }
}

/* The reference result of encode(x) for one mode, for every flag set (index = flags & 3). */
typedef struct expect {
    mma_status st[4];
    uint64_t code[4];
    int inexact; /* without flags */
} expect;

static void reference(const ref_fmt *f, const exact *x, mma_round mode, expect *out)
{
    static const mpfr_rnd_t rnds[] = {[MMA_RND_RNE] = MPFR_RNDN, [MMA_RND_RZ] = MPFR_RNDZ, [MMA_RND_RU] = MPFR_RNDU,
                                      [MMA_RND_RD] = MPFR_RNDD};
    int quantum_ok = 1;
    out->inexact = 0;
    if (x->sticky) {
        /* Target quantum at x: 2^(max(E, emin) - p); the sticky tail must lie below it. */
        long q;
        if (x->sig == 0) {
            q = (long)ref_emin(f) - f->mbits;
        } else {
            long e_val = (long)x->exp + (63 - __builtin_clzll(x->sig));
            q = (e_val > ref_emin(f) ? e_val : ref_emin(f)) - f->mbits;
        }
        quantum_ok = q > (long)x->exp;
    }
    int valid = !(x->sign && !f->has_sign) && quantum_ok;
    if (valid) {
        exact_to_mpfr(g_x, x);
        if (mode == MMA_RND_RNA) {
            round_rna(g_y, g_x, f);
        } else {
            round_to_format(g_y, g_x, f, rnds[mode]);
        }
        out->inexact = !mpfr_equal_p(g_x, g_y);
    }
    for (unsigned flags = 0; flags < 4; ++flags) {
        const int relu = (flags & MMA_ENC_RELU) != 0;
        const int sat = (flags & MMA_ENC_SATFINITE) != 0;
        out->st[flags] = MMA_OK;
        if (relu && x->sign) {
            out->code[flags] = ref_zero_code(f, 0);
            continue;
        }
        if (x->sign && !f->has_sign) {
            out->st[flags] = MMA_ERR_UNREPRESENTABLE;
            continue;
        }
        if (!quantum_ok) {
            out->st[flags] = MMA_ERR_ROUNDING;
            continue;
        }
        if (mpfr_zero_p(g_y)) {
            out->code[flags] = ref_zero_code(f, x->sign); /* ue8m0: no zero, code 0 is 2^-127 */
            continue;
        }
        mpfr_set_ui(g_tmp, (unsigned long)(f->max_frac | ((uint64_t)1 << f->mbits)), MPFR_RNDN);
        mpfr_mul_2si(g_tmp, g_tmp, (long)ref_emax(f) - f->mbits, MPFR_RNDN);
        if (mpfr_cmpabs(g_y, g_tmp) > 0) {
            if (sat || (!f->has_inf && f->nan == REF_NAN_NONE) || !overflow_to_inf(mode, x->sign)) {
                out->code[flags] = ref_max_code(f, x->sign);
            } else {
                out->code[flags] = f->has_inf ? ref_inf_code(f, x->sign) : ref_nan_code(f);
            }
            if (flags == 0) {
                out->inexact = 1;
            }
            continue;
        }
        out->code[flags] = code_of(f, g_y);
    }
}

static long g_cases;

static void check_value(const ref_fmt *f, const exact *x)
{
    mma_value v = {0};
    v.cls = (x->sig == 0 && !x->sticky) ? MMA_CLASS_ZERO : MMA_CLASS_FINITE;
    v.sign = (uint8_t)x->sign;
    v.sticky = (uint8_t)x->sticky;
    v.sig = x->sig;
    v.exp = x->exp;
    if (v.cls == MMA_CLASS_ZERO) {
        return; /* zeros are covered by oracle_exhaustive */
    }
    ++g_cases;
    for (int m = 0; m < MMA_RND_COUNT; ++m) {
        expect e;
        reference(f, x, (mma_round)m, &e);
        for (unsigned flags = 0; flags < 4; ++flags) {
            uint64_t got = ~(uint64_t)0;
            mma_status st = mma_encode(f->fmt, &v, (mma_round)m, flags, &got);
            CHECK(st == e.st[flags] && (st != MMA_OK || got == e.code[flags]),
                  "%s %s flags %u: x = %c%#" PRIx64 "*2^%d%s: got status %d code %#" PRIx64
                  ", want status %d code %#" PRIx64,
                  f->name, REF_MODE_NAMES[m], flags, x->sign ? '-' : '+', x->sig, x->exp,
                  x->sticky ? "+sticky" : "", (int)st, got, (int)e.st[flags], e.code[flags]);
        }
        if (e.st[0] == MMA_OK) {
            bool inx = mma_encode_is_inexact(f->fmt, &v, (mma_round)m);
            CHECK(inx == (e.inexact != 0), "%s %s: x = %#" PRIx64 "*2^%d%s: inexact %d, want %d", f->name,
                  REF_MODE_NAMES[m], x->sig, x->exp, x->sticky ? "+sticky" : "", inx, e.inexact);
        }
    }
}

/* Cases around one positive grid value K * 2^ulp_exp (K = 0 gives the range below the smallest step). */
static void check_around(const ref_fmt *f, uint64_t K, int ulp_exp, uint64_t *rng)
{
    const int F = 61 - f->mbits; /* fraction bits below the ulp kept in the 64-bit significand */
    const uint64_t full = (uint64_t)1 << F, half = full >> 1;
    const uint64_t offs[] = {0, 1, half - 1, half, half + 1, full - 1, rng_below(rng, full), rng_below(rng, full)};
    for (size_t i = 0; i < sizeof offs / sizeof offs[0]; ++i) {
        for (int sticky = 0; sticky < 2; ++sticky) {
            if (sticky && offs[i] == full - 1) {
                continue; /* would reach the next grid value */
            }
            for (int sign = 0; sign < 2; ++sign) {
                exact x = {sign, (K << F) + offs[i], ulp_exp - F, sticky};
                if (!sticky && x.sig != 0 && (rng_next(rng) & 1)) {
                    int tz = __builtin_ctzll(x.sig); /* same value, shorter significand */
                    x.sig >>= tz;
                    x.exp += tz;
                }
                check_value(f, &x);
            }
        }
    }
}

/* Grid coordinates (K, ulp exponent) of a positive finite code. */
static void grid_of(const ref_fmt *f, uint64_t code, uint64_t *K, int *ulp_exp)
{
    uint64_t c = code >> f->shift;
    uint64_t frac = c & (((uint64_t)1 << f->mbits) - 1u);
    int ef = (int)((c >> f->mbits) & (((uint64_t)1 << f->ebits) - 1u));
    if (f->no_zero) {
        *K = 1;
        *ulp_exp = ef - f->bias;
    } else if (ef == 0) {
        *K = frac;
        *ulp_exp = ref_emin(f) - f->mbits;
    } else {
        *K = frac | ((uint64_t)1 << f->mbits);
        *ulp_exp = ef - f->bias - f->mbits;
    }
}

static void check_code(const ref_fmt *f, uint64_t code, uint64_t *rng)
{
    int sign;
    double val;
    int cls = ref_decode(f, code, &sign, &val);
    if (sign || cls == REF_NAN || cls == REF_INF) {
        return;
    }
    uint64_t K;
    int ulp_exp;
    grid_of(f, code, &K, &ulp_exp);
    check_around(f, K, ulp_exp, rng);
}

static void check_format(const ref_fmt *f)
{
    uint64_t rng = 0x5EED0000u + (uint64_t)f->fmt;
    const int value_bits = f->storage_bits - f->shift - (f->ignored_msb ? 1 : 0);
    if (value_bits <= 8) {
        const uint64_t npos = (uint64_t)1 << (value_bits - f->has_sign); /* sign bit clear */
        for (uint64_t c = 0; c < npos; ++c) {
            check_code(f, c << f->shift, &rng);
        }
    } else {
        const uint64_t maxc = ref_max_code(f, 0) >> f->shift;
        const uint64_t one = (uint64_t)f->bias << f->mbits;
        const uint64_t min_normal = (uint64_t)1 << f->mbits;
        const uint64_t anchors[] = {0, min_normal, one, maxc};
        for (size_t a = 0; a < sizeof anchors / sizeof anchors[0]; ++a) {
            for (int d = -3; d <= 3; ++d) {
                uint64_t c = anchors[a] + (uint64_t)(int64_t)d;
                if (c <= maxc) {
                    check_code(f, c << f->shift, &rng);
                }
            }
        }
        for (int i = 0; i < 400; ++i) {
            check_code(f, rng_below(&rng, maxc + 1) << f->shift, &rng);
        }
    }
    /* Random significands of 1..64 bits, value exponents from below the smallest subnormal to past
       the overflow threshold; one in four has a sticky tail (some too coarse: MMA_ERR_ROUNDING). */
    const int lo = ref_emin(f) - f->mbits - 4, hi = ref_emax(f) + 3;
    for (int i = 0; i < 20000; ++i) {
        exact x;
        int len = 1 + (int)rng_below(&rng, 64);
        x.sig = (rng_next(&rng) >> (64 - len)) | ((uint64_t)1 << (len - 1));
        int e_val = lo + (int)rng_below(&rng, (uint64_t)(hi - lo + 1));
        x.exp = e_val - (len - 1);
        x.sign = (int)(rng_next(&rng) & 1);
        x.sticky = (rng_next(&rng) & 3) == 0;
        check_value(f, &x);
    }
    /* Far outside every range. */
    const exact far[] = {{0, ~(uint64_t)0, 2000, 0}, {1, ~(uint64_t)0, 2000, 1}, {0, 1, -3000, 0},
                         {1, 1, -3000, 1},           {0, 0, -3000, 1},           {0, 0, 3000, 1}};
    for (size_t i = 0; i < sizeof far / sizeof far[0]; ++i) {
        check_value(f, &far[i]);
    }
}

int main(void)
{
    if (sizeof(unsigned long) < 8) {
        printf("SKIPPED: oracle_mpfr assumes a 64-bit unsigned long\n");
        return 77;
    }
    mpfr_init2(g_x, 66);
    mpfr_init2(g_mid, 200);
    mpfr_init2(g_tmp, 200);
    static const mma_format targets[] = {MMA_FMT_F64,  MMA_FMT_F32,  MMA_FMT_TF32, MMA_FMT_F16,
                                         MMA_FMT_BF16, MMA_FMT_E5M2, MMA_FMT_E4M3, MMA_FMT_E3M2,
                                         MMA_FMT_E2M3, MMA_FMT_E2M1, MMA_FMT_UE8M0, MMA_FMT_UE4M3};
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; ++i) {
        const ref_fmt *f = ref_get(targets[i]);
        mpfr_init2(g_y, f->mbits + 1);
        mpfr_init2(g_z, f->mbits + 1);
        long before = g_failures;
        check_format(f);
        printf("  %-6s %s\n", f->name, g_failures == before ? "ok" : "FAILED");
        mpfr_clear(g_y);
        mpfr_clear(g_z);
    }
    mpfr_clear(g_x);
    mpfr_clear(g_mid);
    mpfr_clear(g_tmp);
    printf("MPFR %s, %ld values x 5 modes x 4 flag sets\n", mpfr_get_version(), g_cases);
    return oracle_finish("oracle_mpfr");
}
