/*
 * test_exact_mpfr: the `exact` and `seq_fma` profiles against MPFR.
 *
 * Random dot products d = c + sum_{i<k} a_i b_i (k = 4..64) over every float input format, with
 * wide exponent spread, cancellation and near-overflow/underflow mixes. Inputs are decoded here
 * (own decoder, not the library's), the exact sum is formed by MPFR at a precision wide enough to
 * hold it exactly, and rounded once to f32/f16/f64 with MPFR (mpfr_set + mpfr_check_range +
 * mpfr_subnormalize with the emulated exponent range) in RNE/RZ/RU/RD; RNA is decided here from
 * the RZ and away-from-zero neighbours and the exact midpoint. The library's mma_dot under the
 * `exact` preset (profile.round_mode set) must give the same bits.
 * seq_fma: acc = round(acc + a_i b_i) per step, each step rounded the same way.
 *
 * Only finite inputs are generated (specials are covered by test_profile_corners and
 * run_random_vs_reference.py). Sign of an exact zero: IEEE 754 sum rules (zeros of one sign keep
 * it; otherwise +0, or -0 when rounding toward -Inf).
 *
 * Exit status: 0 pass, 1 mismatch, 77 skipped (built without MPFR).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mma/mmacore.h"

#ifdef MMA_MODEL_NO_MPFR
int main(void) {
    printf("SKIP: built without MPFR\n");
    return 77;
}
#else
#include <gmp.h>
#include <mpfr.h>

/* ------------------------------------------------------------------ formats (NUMERICS section 1) */

typedef struct fmtdesc {
    const char *name;
    mma_format id;
    int ebits, mbits, bias, width, shift;
    int ieee_specials; /* exponent all ones is Inf/NaN */
    int e4m3_nan;      /* only S.1111.111 is NaN */
} fmtdesc;

static const fmtdesc FMTS[] = {
    {"f16", MMA_FMT_F16, 5, 10, 15, 16, 0, 1, 0},     {"bf16", MMA_FMT_BF16, 8, 7, 127, 16, 0, 1, 0},
    {"tf32", MMA_FMT_TF32, 8, 10, 127, 32, 13, 1, 0}, {"e4m3", MMA_FMT_E4M3, 4, 3, 7, 8, 0, 0, 1},
    {"e5m2", MMA_FMT_E5M2, 5, 2, 15, 8, 0, 1, 0},     {"e3m2", MMA_FMT_E3M2, 3, 2, 3, 6, 0, 0, 0},
    {"e2m3", MMA_FMT_E2M3, 2, 3, 1, 6, 0, 0, 0},      {"e2m1", MMA_FMT_E2M1, 2, 1, 1, 4, 0, 0, 0},
    {"f32", MMA_FMT_F32, 8, 23, 127, 32, 0, 1, 0},    {"f64", MMA_FMT_F64, 11, 52, 1023, 64, 0, 1, 0},
};
enum { NFMT = sizeof FMTS / sizeof FMTS[0] };

static const fmtdesc *fmt_by_id(mma_format id) {
    for (int i = 0; i < NFMT; i++)
        if (FMTS[i].id == id) return &FMTS[i];
    return NULL;
}

static int max_bexp(const fmtdesc *f) { return (1 << f->ebits) - 1 - (f->ieee_specials ? 1 : 0); }

static uint64_t max_frac_at(const fmtdesc *f, int bexp) {
    uint64_t m = (1ULL << f->mbits) - 1;
    if (f->e4m3_nan && bexp == (1 << f->ebits) - 1) m -= 1;
    return m;
}

/* ------------------------------------------------------------------ random numbers */

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static uint64_t rnd64(void) {
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

static uint64_t rndbits(int n) { return n >= 64 ? rnd64() : n <= 0 ? 0 : rnd64() >> (64 - n); }

static int rndint(int lo, int hi) { /* inclusive */
    if (hi <= lo) return lo;
    return lo + (int)(rnd64() % (uint64_t)(hi - lo + 1));
}

/* ------------------------------------------------------------------ codes */

static uint64_t make_code(const fmtdesc *f, unsigned sign, int bexp, uint64_t frac) {
    uint64_t code = ((uint64_t)sign << (f->width - 1)) | ((uint64_t)bexp << (f->mbits + f->shift)) |
                    (frac << f->shift);
    if (f->shift) code |= rndbits(f->shift); /* tf32: the low 13 bits must be ignored */
    return code;
}

/* A finite code with biased exponent field bexp (0 = subnormal/zero), random fraction. */
static uint64_t finite_code(const fmtdesc *f, int bexp, unsigned sign) {
    if (bexp < 0) bexp = 0;
    if (bexp > max_bexp(f)) bexp = max_bexp(f);
    uint64_t frac = rndbits(f->mbits);
    uint64_t mf = max_frac_at(f, bexp);
    if (frac > mf) frac = mf;
    return make_code(f, sign, bexp, frac);
}

/* Exact value of a finite code into x (x must have >= 64 bits of precision). */
static void decode_value(const fmtdesc *f, uint64_t code, mpfr_t x, unsigned *sign_out) {
    unsigned sign = (unsigned)(code >> (f->width - 1)) & 1u;
    uint64_t body = code >> f->shift;
    uint64_t frac = body & ((1ULL << f->mbits) - 1);
    int bexp = (int)((body >> f->mbits) & ((1ULL << f->ebits) - 1));
    uint64_t m;
    long e;
    if (bexp == 0) {
        m = frac;
        e = 1 - f->bias - f->mbits;
    } else {
        m = (1ULL << f->mbits) | frac;
        e = bexp - f->bias - f->mbits;
    }
    mpfr_set_ui_2exp(x, (unsigned long)m, e, MPFR_RNDN); /* exact: m < 2^53 */
    if (sign) mpfr_neg(x, x, MPFR_RNDN);
    *sign_out = sign;
}

/* ------------------------------------------------------------------ output rounding with MPFR */

typedef struct outfmt {
    const fmtdesc *f;
    int prec;       /* significant bits */
    mpfr_exp_t emin, emax; /* MPFR convention: value = m * 2^e, m in [0.5, 1) */
} outfmt;

static outfmt out_of(mma_format id) {
    outfmt o;
    o.f = fmt_by_id(id);
    o.prec = o.f->mbits + 1;
    /* smallest subnormal 2^(1 - bias - mbits) = 0.5 * 2^(2 - bias - mbits) */
    o.emin = 2 - o.f->bias - o.f->mbits;
    /* largest finite < 2^(emax_unbiased + 1) */
    o.emax = (1 << o.f->ebits) - 1 - o.f->bias;
    return o;
}

static const mpfr_rnd_t MPFR_MODE[] = {[MMA_RND_RNE] = MPFR_RNDN, [MMA_RND_RZ] = MPFR_RNDZ, [MMA_RND_RU] = MPFR_RNDU,
                                       [MMA_RND_RD] = MPFR_RNDD};

/* Rounds the exact (non-zero) x to the output format with an MPFR rounding mode into r (prec o->prec). */
static void mpfr_round_to(const outfmt *o, mpfr_t r, const mpfr_t x, mpfr_rnd_t rnd) {
    int t = mpfr_set(r, x, rnd);
    mpfr_exp_t old_emin = mpfr_get_emin(), old_emax = mpfr_get_emax();
    mpfr_set_emin(o->emin);
    mpfr_set_emax(o->emax);
    t = mpfr_check_range(r, t, rnd);
    mpfr_subnormalize(r, t, rnd);
    mpfr_set_emin(old_emin);
    mpfr_set_emax(old_emax);
}

/* Encodes a value representable in the output format (or +-Inf, +-0) into its code. */
static uint64_t encode_out(const outfmt *o, const mpfr_t r) {
    const fmtdesc *f = o->f;
    uint64_t sign = mpfr_signbit(r) ? 1u : 0u;
    uint64_t s = sign << (f->width - 1);
    if (mpfr_inf_p(r)) return s | ((uint64_t)((1 << f->ebits) - 1) << f->mbits);
    if (mpfr_zero_p(r)) return s;
    /* |r| = M * 2^E exactly, M odd-or-any integer < 2^prec */
    mpz_t z;
    mpz_init(z);
    mpfr_exp_t E = mpfr_get_z_2exp(z, r);
    mpz_abs(z, z);
    /* normalise to prec bits: value = M * 2^E with M in [2^(prec-1), 2^prec) when normal */
    size_t nb = mpz_sizeinbase(z, 2);
    long vexp = (long)nb - 1 + (long)E; /* floor(log2 |r|) */
    long emin_unb = 1 - f->bias;
    long lsb = vexp < emin_unb ? emin_unb - f->mbits : vexp - f->mbits;
    if (E > lsb)
        mpz_mul_2exp(z, z, (mp_bitcnt_t)(E - lsb));
    else if (E < lsb)
        mpz_fdiv_q_2exp(z, z, (mp_bitcnt_t)(lsb - E)); /* exact: low bits are zero */
    uint64_t m = (uint64_t)mpz_get_ui(z);
    mpz_clear(z);
    if (vexp < emin_unb) return s | m; /* subnormal */
    return s | ((uint64_t)(vexp + f->bias) << f->mbits) | (m & ((1ULL << f->mbits) - 1));
}

/* Rounds exact x (any value, zero handled by the caller) in mode r (mma_round numbering). */
static uint64_t round_exact(const outfmt *o, const mpfr_t x, mma_round mode) {
    mpfr_t r;
    mpfr_init2(r, o->prec);
    uint64_t code;
    if (mode != MMA_RND_RNA) {
        mpfr_round_to(o, r, x, MPFR_MODE[mode]);
        code = encode_out(o, r);
    } else {
        /* RNA: nearest; on an exact midpoint between the RZ and away neighbours, away. */
        mpfr_t rz, ra, mid;
        mpfr_init2(rz, o->prec);
        mpfr_init2(ra, o->prec);
        mpfr_init2(mid, mpfr_get_prec(x) + 64);
        mpfr_round_to(o, r, x, MPFR_RNDN);
        mpfr_round_to(o, rz, x, MPFR_RNDZ);
        mpfr_round_to(o, ra, x, MPFR_RNDA);
        if (mpfr_inf_p(r) || mpfr_inf_p(ra) || mpfr_equal_p(rz, ra)) {
            code = encode_out(o, r);
        } else {
            mpfr_add(mid, rz, ra, MPFR_RNDN); /* exact at this precision */
            mpfr_div_2ui(mid, mid, 1, MPFR_RNDN);
            code = mpfr_cmpabs(x, mid) >= 0 ? encode_out(o, ra) : encode_out(o, rz);
        }
        mpfr_clear(rz);
        mpfr_clear(ra);
        mpfr_clear(mid);
    }
    mpfr_clear(r);
    return code;
}

static uint64_t zero_code(const outfmt *o, unsigned sign) { return (uint64_t)sign << (o->f->width - 1); }

/* Sign of an exact-zero sum (IEEE 754 6.3): zeros all of one sign keep it, else +0 (-0 under RD). */
static unsigned zero_sum_sign(int all_zero_same_sign, unsigned the_sign, mma_round mode) {
    if (all_zero_same_sign) return the_sign;
    return mode == MMA_RND_RD ? 1u : 0u;
}

/* ------------------------------------------------------------------ the test */

#define KMAX 64
#define BIGPREC 4600 /* > exponent span of f64 products (2^-2148 .. 2^2048) plus carries */

static int g_fail, g_checks, g_printed, g_run_fail_exact, g_run_fail_seq;

static void report(const char *what, const fmtdesc *af, const outfmt *o, mma_round mode, size_t k,
                   const uint64_t *a, const uint64_t *b, uint64_t c, uint64_t want, uint64_t got,
                   mma_status st) {
    g_fail++;
    if (what[0] == 'e')
        g_run_fail_exact++;
    else
        g_run_fail_seq++;
    if (g_printed++ >= 20) return;
    printf("FAIL %s %s->%s mode %d k=%zu: expected 0x%llx got 0x%llx (status %d)\n  a:", what, af->name,
           o->f->name, (int)mode, k, (unsigned long long)want, (unsigned long long)got, (int)st);
    for (size_t i = 0; i < k; i++) printf(" %llx", (unsigned long long)a[i]);
    printf("\n  b:");
    for (size_t i = 0; i < k; i++) printf(" %llx", (unsigned long long)b[i]);
    printf("\n  c: %llx\n", (unsigned long long)c);
}

/* Generates one case; returns k. */
static size_t gen_case(const fmtdesc *af, const outfmt *o, uint64_t *a, uint64_t *b, uint64_t *c,
                       mpfr_t *P, unsigned *psign) {
    size_t k = (size_t)rndint(4, KMAX);
    int scen = rndint(0, 5);
    int top = max_bexp(af);
    int centre = rndint(1, top);
    for (size_t i = 0; i < k; i++) {
        int ea, eb;
        switch (scen) {
        case 0: /* wide spread */
            ea = rndint(0, top);
            eb = rndint(0, top);
            break;
        case 1: /* narrow: carries and ties */
            ea = centre - rndint(0, 2);
            eb = centre - rndint(0, 2);
            break;
        case 2: /* tiny: subnormal inputs */
            ea = rndint(0, 2);
            eb = rndint(0, top);
            break;
        case 3: /* large: near overflow of the output */
            ea = top - rndint(0, 3);
            eb = top - rndint(0, 3);
            break;
        default: /* mixed */
            ea = rndint(0, top);
            eb = centre + rndint(-3, 3);
            break;
        }
        a[i] = rndint(0, 15) == 0 ? make_code(af, (unsigned)rndbits(1), 0, 0)
                                  : finite_code(af, ea, (unsigned)rndbits(1));
        b[i] = finite_code(af, eb, (unsigned)rndbits(1));
    }
    if (scen == 4 || scen == 1) { /* cancellation: second half negates the first half */
        for (size_t i = 0; i + k / 2 < k && i < k / 2; i++) {
            a[k / 2 + i] = a[i] ^ (1ULL << (af->width - 1));
            b[k / 2 + i] = b[i];
        }
    }
    /* products, exactly */
    for (size_t i = 0; i < k; i++) {
        mpfr_t xa, xb;
        unsigned sa, sb;
        mpfr_init2(xa, 64);
        mpfr_init2(xb, 64);
        decode_value(af, a[i], xa, &sa);
        decode_value(af, b[i], xb, &sb);
        mpfr_mul(P[i], xa, xb, MPFR_RNDN); /* exact: 128-bit precision */
        psign[i] = sa ^ sb;
        mpfr_clear(xa);
        mpfr_clear(xb);
    }
    /* C */
    int ctop = max_bexp(o->f);
    int r = rndint(0, 5);
    if (r == 0) {
        *c = zero_code(o, (unsigned)rndbits(1));
    } else if (r == 1 || scen == 4) {
        /* C = -(sum of products) rounded to nearest: near-total cancellation */
        mpfr_t s;
        mpfr_init2(s, BIGPREC);
        mpfr_set_zero(s, 1);
        for (size_t i = 0; i < k; i++) mpfr_add(s, s, P[i], MPFR_RNDN);
        mpfr_neg(s, s, MPFR_RNDN);
        *c = mpfr_zero_p(s) ? 0 : round_exact(o, s, MMA_RND_RNE);
        if ((*c & ~(1ULL << (o->f->width - 1))) >> o->f->mbits == (uint64_t)((1 << o->f->ebits) - 1))
            *c = 0; /* Inf: not a finite C */
        mpfr_clear(s);
    } else {
        *c = finite_code(o->f, rndint(0, ctop), (unsigned)rndbits(1));
    }
    return k;
}

static void run(mma_format aid, mma_format did, int ncases) {
    const fmtdesc *af = fmt_by_id(aid);
    const outfmt o = out_of(did);
    mpfr_t P[KMAX], exact, tmp, accv;
    unsigned psign[KMAX];
    for (int i = 0; i < KMAX; i++) mpfr_init2(P[i], 128);
    mpfr_init2(exact, BIGPREC);
    mpfr_init2(tmp, BIGPREC);
    mpfr_init2(accv, 64);
    mma_profile pex, pseq;
    if (mma_preset_profile(MMA_PRESET_EXACT, MMA_FAMILY_MMA, aid, did, &pex) != MMA_OK ||
        mma_preset_profile(MMA_PRESET_SEQ_FMA, MMA_FAMILY_MMA, aid, did, &pseq) != MMA_OK) {
        printf("FAIL exact/seq_fma preset rejects %s -> %s\n", af->name, o.f->name);
        g_fail++;
        return;
    }
    for (int n = 0; n < ncases; n++) {
        uint64_t a[KMAX], b[KMAX], c;
        size_t k = gen_case(af, &o, a, b, &c, P, psign);
        unsigned csign;
        mpfr_t cv;
        mpfr_init2(cv, 64);
        decode_value(o.f, c, cv, &csign);
        /* exact sum of everything */
        mpfr_set(exact, cv, MPFR_RNDN);
        int zeros_same = mpfr_zero_p(cv) ? 1 : 0;
        for (size_t i = 0; i < k; i++) {
            mpfr_add(exact, exact, P[i], MPFR_RNDN); /* exact at BIGPREC */
            if (!mpfr_zero_p(P[i]) || psign[i] != csign) zeros_same = 0;
        }
        for (int m = 0; m < MMA_RND_COUNT; m++) {
            const mma_round mode = (mma_round)m;
            /* ---- exact profile: one rounding */
            uint64_t want = mpfr_zero_p(exact) ? zero_code(&o, zero_sum_sign(zeros_same, csign, mode))
                                               : round_exact(&o, exact, mode);
            pex.round_mode = (uint8_t)mode;
            uint64_t got = 0;
            mma_status st = mma_dot(&pex, aid, a, 1, aid, b, 1, k, did, c, did, &got);
            g_checks++;
            if (st != MMA_OK || got != want) report("exact", af, &o, mode, k, a, b, c, want, got, st);

            /* ---- seq_fma: acc = round(acc + p_i), one rounding per step */
            uint64_t acc = c;
            for (size_t i = 0; i < k; i++) {
                unsigned asign;
                decode_value(o.f, acc, accv, &asign);
                mpfr_add(tmp, accv, P[i], MPFR_RNDN); /* exact */
                if (mpfr_zero_p(tmp)) {
                    int same = mpfr_zero_p(accv) && mpfr_zero_p(P[i]) && asign == psign[i];
                    acc = zero_code(&o, zero_sum_sign(same, asign, mode));
                } else {
                    acc = round_exact(&o, tmp, mode);
                }
                /* an infinite step result: later steps keep it (no opposite Inf can appear) */
                if (((acc & ~(1ULL << (o.f->width - 1))) >> o.f->mbits) == (uint64_t)((1 << o.f->ebits) - 1))
                    break;
            }
            pseq.round_mode = (uint8_t)mode;
            got = 0;
            st = mma_dot(&pseq, aid, a, 1, aid, b, 1, k, did, c, did, &got);
            g_checks++;
            if (st != MMA_OK || got != acc) report("seq_fma", af, &o, mode, k, a, b, c, acc, got, st);
        }
        mpfr_clear(cv);
    }
    if (g_run_fail_exact || g_run_fail_seq)
        printf("  %s -> %s: %d exact and %d seq_fma mismatches out of %d each\n", af->name, o.f->name,
               g_run_fail_exact, g_run_fail_seq, ncases * MMA_RND_COUNT);
    g_run_fail_exact = g_run_fail_seq = 0;
    for (int i = 0; i < KMAX; i++) mpfr_clear(P[i]);
    mpfr_clear(exact);
    mpfr_clear(tmp);
    mpfr_clear(accv);
}

int main(int argc, char **argv) {
    int ncases = argc > 1 ? atoi(argv[1]) : 300;
    if (argc > 2) rng_state = strtoull(argv[2], NULL, 0) | 1;
    static const mma_format inputs[] = {MMA_FMT_F16,  MMA_FMT_BF16, MMA_FMT_TF32, MMA_FMT_E4M3, MMA_FMT_E5M2,
                                        MMA_FMT_E3M2, MMA_FMT_E2M3, MMA_FMT_E2M1, MMA_FMT_F32};
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        run(inputs[i], MMA_FMT_F32, ncases);
        run(inputs[i], MMA_FMT_F16, ncases);
    }
    run(MMA_FMT_F64, MMA_FMT_F64, ncases);
    run(MMA_FMT_F32, MMA_FMT_F64, ncases);
    printf("%d checks (exact and seq_fma, 5 rounding modes), %d failures\n", g_checks, g_fail);
    return g_fail ? 1 : 0;
}
#endif
