/*
 * Oracle (a): every code of every float format with at most 16 storage bits (f16, bf16, e5m2,
 * e4m3, e3m2, e2m3, e2m1, ue8m0, ue4m3) and all 2^19 significant tf32 patterns:
 *   - mma_decode agrees with the textbook formula of oracle_common.h (class, sign, value, and the
 *     documented un-normalised (sig, exp) form);
 *   - re-encoding a non-NaN code in every rounding mode, with and without SATFINITE/RELU, gives
 *     the code back (or the documented saturated / relu result);
 *   - widening to f32 with mma_convert matches the double computed here;
 *   - the special-value rules of mma_encode (NaN, Inf, zero with every flag) per the header.
 * The library's format table is also compared against the independent table.
 */
#include <string.h>

#include "oracle_common.h"

static uint32_t f32_bits_of(double d)
{
    float f = (float)d; /* exact: every value checked here is an f32 value */
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static void check_table(void)
{
    for (size_t i = 0; i < REF_FORMAT_COUNT; ++i) {
        const ref_fmt *r = &REF_FORMATS[i];
        const mma_format_info *t = mma_format_get(r->fmt);
        CHECK(t != NULL, "%s: no table row", r->name);
        if (t == NULL) {
            continue;
        }
        CHECK(t->storage_bits == r->storage_bits && t->exp_bits == r->ebits && t->frac_bits == r->mbits &&
                  t->bias == r->bias && t->has_inf == r->has_inf && t->frac_shift == r->shift &&
                  t->has_sign == r->has_sign && t->max_frac == r->max_frac &&
                  t->emax == ref_emax(r) && t->emin == ref_emin(r) && t->has_zero == !r->no_zero,
              "%s: table row differs from NUMERICS section 1", r->name);
        CHECK(strcmp(t->name, r->name) == 0, "%s: name %s", r->name, t->name);
        if (r->nan != REF_NAN_NONE) {
            CHECK(t->canonical_nan == ref_nan_code(r), "%s: canonical NaN %#" PRIx64, r->name, t->canonical_nan);
        }
    }
}

/* Expected code of encode(decode(code)) under flags for a non-NaN code. */
static uint64_t expected_reencode(const ref_fmt *f, uint64_t code, int cls, int sign, unsigned flags)
{
    uint64_t base = code;
    if (f->ignored_msb) {
        base &= 0x7F;
    }
    if ((flags & MMA_ENC_RELU) && sign) {
        return ref_zero_code(f, 0);
    }
    if ((flags & MMA_ENC_SATFINITE) && cls == REF_INF) {
        return ref_max_code(f, sign);
    }
    return base;
}

static void check_format(const ref_fmt *f, int value_bits)
{
    const uint64_t n = (uint64_t)1 << value_bits;
    static const unsigned flag_sets[] = {0, MMA_ENC_SATFINITE, MMA_ENC_RELU, MMA_ENC_SATFINITE | MMA_ENC_RELU};
    long nan_codes = 0;
    for (uint64_t i = 0; i < n; ++i) {
        const uint64_t code = i << f->shift;
        int sign;
        double val;
        int cls = ref_decode(f, code, &sign, &val);
        mma_value v;
        mma_status st = mma_decode(f->fmt, code, &v);
        CHECK(st == MMA_OK, "%s %#" PRIx64 ": decode status %d", f->name, code, (int)st);
        if (st != MMA_OK) {
            continue;
        }
        CHECK(v.cls == cls, "%s %#" PRIx64 ": class %d, want %d", f->name, code, v.cls, cls);
        CHECK(v.sticky == 0, "%s %#" PRIx64 ": sticky set by decode", f->name, code);
        if (cls == REF_NAN) {
            ++nan_codes;
            continue;
        }
        CHECK(v.sign == sign, "%s %#" PRIx64 ": sign %d, want %d", f->name, code, v.sign, sign);
        if (cls == REF_FINITE) {
            double got = ldexp((double)v.sig, v.exp);
            CHECK(got == fabs(val), "%s %#" PRIx64 ": value %.17g, want %.17g", f->name, code, got, fabs(val));
            /* Documented form: normals sig = 2^p + frac, subnormals exp = emin - p (never renormalised). */
            int ef = (int)(((code >> f->shift) >> f->mbits) & (((uint64_t)1 << f->ebits) - 1u));
            if (ef == 0 && !f->no_zero) {
                CHECK(v.exp == ref_emin(f) - f->mbits && v.sig < ((uint64_t)1 << f->mbits),
                      "%s %#" PRIx64 ": subnormal form sig=%" PRIu64 " exp=%d", f->name, code, v.sig, v.exp);
            } else {
                CHECK(v.sig >> f->mbits == 1u, "%s %#" PRIx64 ": normal form sig=%" PRIu64, f->name, code, v.sig);
            }
        } else {
            CHECK(v.sig == 0, "%s %#" PRIx64 ": sig %" PRIu64 " for zero/inf", f->name, code, v.sig);
        }
        for (int m = 0; m < MMA_RND_COUNT; ++m) {
            for (size_t k = 0; k < sizeof flag_sets / sizeof flag_sets[0]; ++k) {
                uint64_t got = ~(uint64_t)0;
                st = mma_encode(f->fmt, &v, (mma_round)m, flag_sets[k], &got);
                uint64_t want = expected_reencode(f, code, cls, sign, flag_sets[k]);
                CHECK(st == MMA_OK && got == want, "%s %#" PRIx64 " %s flags %u: status %d code %#" PRIx64
                      ", want %#" PRIx64, f->name, code, REF_MODE_NAMES[m], flag_sets[k], (int)st, got, want);
            }
        }
        /* Widening to f32 is exact. */
        uint64_t w = 0;
        st = mma_convert(f->fmt, code, MMA_FMT_F32, MMA_RND_RZ, 0, &w);
        CHECK(st == MMA_OK && w == f32_bits_of(val), "%s %#" PRIx64 " -> f32: %#" PRIx64 ", want %#x", f->name,
              code, w, f32_bits_of(val));
    }
    /* NaN count per the table: IEEE 2*(2^m-1), all-ones 2 (1 unsigned), none 0. */
    long want_nans = f->nan == REF_NAN_IEEE ? 2L * (((long)1 << f->mbits) - 1)
                     : f->nan == REF_NAN_ALLONES ? (f->has_sign ? 2 : (f->ignored_msb ? 2 : 1))
                                                 : 0;
    CHECK(nan_codes == want_nans, "%s: %ld NaN codes, want %ld", f->name, nan_codes, want_nans);
    /* A code wider than the storage is rejected. */
    if (f->storage_bits < 64) {
        mma_value v;
        CHECK(mma_decode(f->fmt, (uint64_t)1 << f->storage_bits, &v) == MMA_ERR_CODE, "%s: wide code accepted",
              f->name);
    }
}

/* tf32: the 13 low bits of the 32-bit pattern are ignored on decode. */
static void check_tf32_low_bits(void)
{
    uint64_t s = 0x7F32u;
    for (int i = 0; i < 200000; ++i) {
        uint32_t pat = (uint32_t)rng_next(&s);
        mma_value a, b;
        mma_status sa = mma_decode(MMA_FMT_TF32, pat, &a);
        mma_status sb = mma_decode(MMA_FMT_TF32, pat & 0xFFFFE000u, &b);
        CHECK(sa == MMA_OK && sb == MMA_OK && a.cls == b.cls && a.sign == b.sign && a.sig == b.sig &&
                  a.exp == b.exp,
              "tf32 %#x: low bits not ignored", pat);
    }
}

/* Special inputs (NaN, +-Inf, +-0) with every flag combination, per the mma_encode header. */
static void check_specials(void)
{
    for (size_t i = 0; i < REF_FORMAT_COUNT; ++i) {
        const ref_fmt *f = &REF_FORMATS[i];
        for (unsigned flags = 0; flags < 8; ++flags) {
            const int sat = (flags & MMA_ENC_SATFINITE) != 0;
            const int relu = (flags & MMA_ENC_RELU) != 0;
            const int ocp = (flags & MMA_ENC_OCP_SAT) != 0;
            for (int m = 0; m < MMA_RND_COUNT; ++m) {
                mma_value v = {0};
                uint64_t got = 0;
                mma_status st;
                /* NaN */
                v.cls = MMA_CLASS_NAN;
                for (int sg = 0; sg < 2; ++sg) {
                    v.sign = (uint8_t)sg;
                    st = mma_encode(f->fmt, &v, (mma_round)m, flags, &got);
                    if (f->nan != REF_NAN_NONE) {
                        CHECK(st == MMA_OK && got == ref_nan_code(f), "%s NaN flags %u: %d %#" PRIx64, f->name,
                              flags, (int)st, got);
                    } else if (sat || ocp) {
                        CHECK(st == MMA_OK && got == ref_max_code(f, 0), "%s NaN flags %u: %d %#" PRIx64,
                              f->name, flags, (int)st, got);
                    } else {
                        CHECK(st == MMA_ERR_UNREPRESENTABLE, "%s NaN flags %u: status %d", f->name, flags, (int)st);
                    }
                }
                /* +-Inf */
                v.cls = MMA_CLASS_INF;
                for (int sg = 0; sg < 2; ++sg) {
                    v.sign = (uint8_t)sg;
                    st = mma_encode(f->fmt, &v, (mma_round)m, flags, &got);
                    if (sg && relu) {
                        CHECK(st == MMA_OK && got == ref_zero_code(f, 0), "%s -Inf relu flags %u", f->name, flags);
                    } else if (sg && !f->has_sign) {
                        CHECK(st == MMA_ERR_UNREPRESENTABLE, "%s -Inf flags %u: status %d", f->name, flags,
                              (int)st);
                    } else if (sat) {
                        CHECK(st == MMA_OK && got == ref_max_code(f, sg), "%s %cInf sat: %#" PRIx64, f->name,
                              sg ? '-' : '+', got);
                    } else if (f->has_inf) {
                        CHECK(st == MMA_OK && got == ref_inf_code(f, sg), "%s %cInf: %#" PRIx64, f->name,
                              sg ? '-' : '+', got);
                    } else if (f->nan != REF_NAN_NONE) {
                        CHECK(st == MMA_OK && got == ref_nan_code(f), "%s %cInf -> NaN: %#" PRIx64, f->name,
                              sg ? '-' : '+', got);
                    } else if (ocp) {
                        CHECK(st == MMA_OK && got == ref_max_code(f, sg), "%s %cInf ocp: %#" PRIx64, f->name,
                              sg ? '-' : '+', got);
                    } else {
                        CHECK(st == MMA_ERR_UNREPRESENTABLE, "%s %cInf flags %u: status %d", f->name,
                              sg ? '-' : '+', flags, (int)st);
                    }
                }
                /* +-0: signed zero kept (relu gives +0); ue8m0 has no zero and gives its smallest code 0. */
                v.cls = MMA_CLASS_ZERO;
                for (int sg = 0; sg < 2; ++sg) {
                    v.sign = (uint8_t)sg;
                    st = mma_encode(f->fmt, &v, (mma_round)m, flags, &got);
                    uint64_t want = ref_zero_code(f, (relu || !f->has_sign) ? 0 : sg);
                    CHECK(st == MMA_OK && got == want, "%s %c0 flags %u: %d %#" PRIx64, f->name, sg ? '-' : '+',
                          flags, (int)st, got);
                }
            }
        }
    }
}

int main(void)
{
    check_table();
    for (size_t i = 0; i < REF_FORMAT_COUNT; ++i) {
        const ref_fmt *f = &REF_FORMATS[i];
        if (f->fmt == MMA_FMT_TF32) {
            check_format(f, 19);
        } else if (f->storage_bits <= 16) {
            check_format(f, f->storage_bits);
        }
    }
    check_tf32_low_bits();
    check_specials();
    return oracle_finish("oracle_exhaustive");
}
