/*
 * Block-scaled MMA (dense and sparse) against independent re-implementations with MPFR:
 *  - exact:   the exact sum of all scaled products and C (MPFR, 4096 bits), rounded once RNE to f32;
 *  - seq_fma: k-serial C + scaled product, rounded RNE to f32 after every k;
 *  - rtx_blackwell (NUMERICS presets table, issue 12): mxf8f6f4 = block-FMA steps of 32 scaled
 *    products, F = 25; mxf4/mxf4nvf4 = exact groups of 16 products x their two scales, term exponent
 *    floor(log2 scale_a) + floor(log2 scale_b) with the group value unnormalised and all-zero groups
 *    taking part (group_align 1; a zero-scale group takes none), all groups + C in one step with
 *    F = 35; both: E = max(term exponents, C's, -133), terms truncated to F bits, RZ to 24 bits,
 *    >= 2^128 -> Inf;
 *  - group_align 0: the group term exponent floor(log2 |group|), all-zero groups dropped;
 *  - hand-built profiles with other G / F / group sizes, to catch hard-wired constants.
 * The element/scale decoder, the sparse expansion, the scale geometry and the selector rules are
 * written here from the PTX text, not taken from the library. Also: NaN scales, the strict NaN
 * check, selector and geometry tables, preset acceptance.
 */
#include <mpfr.h>

#include "sparse_test.h"

#define PREC 4096

enum { CZ = 0, CFIN, CINF, CNAN };

/* ---------------------------------------------------------------- independent decoding */

/* Decodes a code into an exact MPFR value; *e = the term exponent (floor(log2) for normals, e_min for
   subnormals; floor(log2) for scales); returns the class. */
static int tdec(mma_format f, uint64_t code, mpfr_t out, long *e, int *sign)
{
    int ebits, mbits, bias, has_sign = 1, style; /* style: 0 no specials, 1 IEEE, 2 e4m3 S.1111.111 */
    *sign = 0;
    *e = 0;
    switch (f) {
    case MMA_FMT_E4M3: ebits = 4, mbits = 3, bias = 7, style = 2; break;
    case MMA_FMT_E5M2: ebits = 5, mbits = 2, bias = 15, style = 1; break;
    case MMA_FMT_E3M2: ebits = 3, mbits = 2, bias = 3, style = 0; break;
    case MMA_FMT_E2M3: ebits = 2, mbits = 3, bias = 1, style = 0; break;
    case MMA_FMT_E2M1: ebits = 2, mbits = 1, bias = 1, style = 0; break;
    case MMA_FMT_F32: ebits = 8, mbits = 23, bias = 127, style = 1; break;
    case MMA_FMT_UE4M3: /* bit 7 ignored; 0x7F NaN */
        code &= 0x7F;
        ebits = 4, mbits = 3, bias = 7, style = 2, has_sign = 0;
        break;
    case MMA_FMT_UE8M0:
        if (code == 0xFF) {
            mpfr_set_nan(out);
            return CNAN;
        }
        mpfr_set_ui_2exp(out, 1, (long)code - 127, MPFR_RNDN);
        *e = (long)code - 127;
        return CFIN;
    default:
        fprintf(stderr, "tdec: format %d\n", (int)f);
        exit(2);
    }
    const uint64_t M = code & ((1ull << mbits) - 1);
    const uint64_t E = (code >> mbits) & ((1ull << ebits) - 1);
    *sign = has_sign ? (int)((code >> (mbits + ebits)) & 1) : 0;
    if (style == 1 && E == (1ull << ebits) - 1) {
        if (M == 0) {
            mpfr_set_inf(out, *sign ? -1 : 1);
            return CINF;
        }
        mpfr_set_nan(out);
        return CNAN;
    }
    if (style == 2 && E == (1ull << ebits) - 1 && M == (1ull << mbits) - 1) {
        mpfr_set_nan(out);
        return CNAN;
    }
    if (E == 0 && M == 0) {
        mpfr_set_zero(out, *sign ? -1 : 1);
        *e = 1 - bias;
        return CZ;
    }
    if (E == 0) {
        mpfr_set_ui_2exp(out, (unsigned long)M, 1 - bias - mbits, MPFR_RNDN);
        *e = 1 - bias;
    } else {
        mpfr_set_ui_2exp(out, (unsigned long)((1ull << mbits) + M), (long)E - bias - mbits, MPFR_RNDN);
        *e = (long)E - bias;
    }
    if (*sign) {
        mpfr_neg(out, out, MPFR_RNDN);
    }
    return CFIN;
}

/* Rounds an exact value to f32 bits: RNE or RZ to 24 bits, subnormals at 2^-149, >= 2^128 -> Inf. */
static uint32_t to_f32(mpfr_t x, mpfr_rnd_t rnd)
{
    static mpfr_t t;
    static int init;
    if (!init) {
        mpfr_init2(t, PREC);
        init = 1;
    }
    if (mpfr_nan_p(x)) {
        return 0x7FFFFFFFu;
    }
    const uint32_t sgn = mpfr_signbit(x) ? 0x80000000u : 0u;
    if (mpfr_inf_p(x)) {
        return sgn | 0x7F800000u;
    }
    if (mpfr_zero_p(x)) {
        return sgn;
    }
    long e = mpfr_get_exp(x) - 1; /* floor(log2 |x|) */
    const long q = (e > -126 ? e : -126) - 23;
    mpfr_mul_2si(t, x, -q, MPFR_RNDN);
    mpfr_rint(t, t, rnd); /* RNDN: ties to even */
    if (mpfr_zero_p(t)) {
        return sgn;
    }
    mpfr_mul_2si(t, t, q, MPFR_RNDN);
    if (mpfr_get_exp(t) - 1 >= 128) {
        return sgn | 0x7F800000u;
    }
    const float fv = (float)mpfr_get_d(t, MPFR_RNDN); /* exact: an f32 value */
    uint32_t bits;
    memcpy(&bits, &fv, sizeof bits);
    return bits;
}

/* ---------------------------------------------------------------- the reference datapaths */

typedef struct term {
    int cls, sign;
    long e;
    mpfr_t v; /* signed exact value (finite terms) */
} term;

static term prods[128], groups[128];
static mpfr_t tmp1, tmp2, tmp3, tmp4, tmp5, acc_v, sum_v;

static void ref_init(void)
{
    for (int i = 0; i < 128; ++i) {
        mpfr_init2(prods[i].v, PREC);
        mpfr_init2(groups[i].v, PREC);
    }
    mpfr_inits2(PREC, tmp1, tmp2, tmp3, tmp4, tmp5, acc_v, sum_v, (mpfr_ptr)0);
}

typedef enum { R_EXACT, R_SEQ, R_BFMA, R_GROUPS } ref_algo;

typedef struct ref_cfg {
    ref_algo algo;
    int G;       /* R_BFMA: products per step */
    int g;       /* R_GROUPS: products per exact group */
    int F;       /* fraction bits */
    long min_e;  /* E clamp */
    int flush;   /* subnormal elements read as zero */
    int galign;  /* R_GROUPS: 1 = group aligned at its scale exponents (profile.group_align) */
} ref_cfg;

/* A finite non-zero decoded element below 2^e_min (tdec's e for a subnormal is e_min). */
static int subnormal(mpfr_t v, long e)
{
    mpfr_set_ui_2exp(tmp5, 1, e, MPFR_RNDN);
    return !mpfr_zero_p(v) && mpfr_cmpabs(v, tmp5) < 0;
}

typedef struct ref_in {
    mma_format at, bt, st;
    const uint64_t *a;  /* dense row, K codes */
    const uint64_t *b;  /* column: b[t * n] */
    size_t n, K, block_k;
    const uint64_t *sa, *sb; /* vec codes of the row / column (sb strided by n) */
} ref_in;

/* Scaled product t: class, sign, exact value, term exponent ea + eb + floor(log2 sa) + floor(log2 sb). */
static void make_product(const ref_cfg *cfg, const ref_in *in, size_t t, term *p)
{
    long ea, eb, esa, esb;
    int sga, sgb, s1, s2;
    const size_t blk = t / in->block_k;
    int ca = tdec(in->at, in->a[t], tmp1, &ea, &sga);
    int cb = tdec(in->bt, in->b[t * in->n], tmp2, &eb, &sgb);
    if (cfg->flush) {
        ca = ca == CFIN && subnormal(tmp1, ea) ? CZ : ca;
        cb = cb == CFIN && subnormal(tmp2, eb) ? CZ : cb;
    }
    const int cs = tdec(in->st, in->sa[blk], tmp3, &esa, &s1);
    const int ct = tdec(in->st, in->sb[blk * in->n], tmp4, &esb, &s2);
    p->sign = sga ^ sgb;
    if (ca == CNAN || cb == CNAN || cs == CNAN || ct == CNAN) {
        p->cls = CNAN;
    } else if (ca == CINF || cb == CINF) {
        p->cls = (ca == CZ || cb == CZ || cs == CZ || ct == CZ) ? CNAN : CINF;
    } else if (ca == CZ || cb == CZ || cs == CZ || ct == CZ) {
        p->cls = CZ;
        mpfr_set_zero(p->v, p->sign ? -1 : 1);
    } else {
        p->cls = CFIN;
        mpfr_mul(p->v, tmp1, tmp2, MPFR_RNDN);
        mpfr_mul(p->v, p->v, tmp3, MPFR_RNDN);
        mpfr_mul(p->v, p->v, tmp4, MPFR_RNDN);
        p->e = ea + eb + (mpfr_get_exp(tmp3) - 1) + (mpfr_get_exp(tmp4) - 1);
    }
}

/* One block-FMA step (NUMERICS 3 steps 1-8) over n terms and an f32 accumulator (have_acc). */
static uint32_t bfma_step(const ref_cfg *cfg, term *t, int n, int have_acc, uint32_t acc)
{
    int nan = 0, pinf = 0, ninf = 0, any = 0;
    long E = 0;
    long ea = 0;
    int sa = 0;
    int ca = CZ;
    if (have_acc) {
        ca = tdec(MMA_FMT_F32, acc, acc_v, &ea, &sa);
        nan |= ca == CNAN;
        pinf |= ca == CINF && !sa;
        ninf |= ca == CINF && sa;
    }
    for (int i = 0; i < n; ++i) {
        nan |= t[i].cls == CNAN;
        pinf |= t[i].cls == CINF && !t[i].sign;
        ninf |= t[i].cls == CINF && t[i].sign;
    }
    if (nan || (pinf && ninf)) {
        return 0x7FFFFFFFu;
    }
    if (pinf || ninf) {
        return ninf ? 0xFF800000u : 0x7F800000u;
    }
    for (int i = 0; i < n; ++i) {
        if (t[i].cls == CFIN && (!any || t[i].e > E)) {
            E = t[i].e;
            any = 1;
        }
    }
    if (ca == CFIN) {
        long ec = mpfr_get_exp(acc_v) - 1;
        ec = ec < -126 ? -126 : ec;
        if (!any || ec > E) {
            E = ec;
        }
        any = 1;
    }
    if (!any) {
        return 0;
    }
    if (E < cfg->min_e) {
        E = cfg->min_e;
    }
    mpfr_set_zero(sum_v, 1);
    for (int i = 0; i <= n; ++i) {
        mpfr_ptr v = i < n ? t[i].v : acc_v;
        if ((i < n && t[i].cls != CFIN) || (i == n && ca != CFIN)) {
            continue;
        }
        mpfr_abs(tmp1, v, MPFR_RNDN);
        mpfr_mul_2si(tmp1, tmp1, cfg->F - E, MPFR_RNDN);
        mpfr_trunc(tmp1, tmp1);
        if (mpfr_signbit(v)) {
            mpfr_sub(sum_v, sum_v, tmp1, MPFR_RNDN);
        } else {
            mpfr_add(sum_v, sum_v, tmp1, MPFR_RNDN);
        }
    }
    if (mpfr_zero_p(sum_v)) {
        return 0;
    }
    mpfr_mul_2si(sum_v, sum_v, E - cfg->F, MPFR_RNDN);
    return to_f32(sum_v, MPFR_RNDZ);
}

/* The reference output for one element. */
static uint32_t ref_dot(const ref_cfg *cfg, const ref_in *in, uint32_t c)
{
    for (size_t t = 0; t < in->K; ++t) {
        make_product(cfg, in, t, &prods[t]);
    }
    if (cfg->algo == R_EXACT) {
        long e;
        int s;
        int nan = 0, pinf = 0, ninf = 0;
        const int cc = tdec(MMA_FMT_F32, c, acc_v, &e, &s);
        nan = cc == CNAN;
        pinf = cc == CINF && !s;
        ninf = cc == CINF && s;
        mpfr_set(sum_v, acc_v, MPFR_RNDN);
        for (size_t t = 0; t < in->K; ++t) {
            nan |= prods[t].cls == CNAN;
            pinf |= prods[t].cls == CINF && !prods[t].sign;
            ninf |= prods[t].cls == CINF && prods[t].sign;
            if (prods[t].cls == CFIN || prods[t].cls == CZ) {
                mpfr_add(sum_v, sum_v, prods[t].v, MPFR_RNDN); /* exact at 4096 bits; IEEE signed zeros */
            }
        }
        if (nan || (pinf && ninf)) {
            return 0x7FFFFFFFu;
        }
        if (pinf || ninf) {
            return ninf ? 0xFF800000u : 0x7F800000u;
        }
        return to_f32(sum_v, MPFR_RNDN);
    }
    if (cfg->algo == R_SEQ) {
        uint32_t acc = c;
        for (size_t t = 0; t < in->K; ++t) {
            long e;
            int s;
            const int ca = tdec(MMA_FMT_F32, acc, acc_v, &e, &s);
            if (ca == CNAN || prods[t].cls == CNAN) {
                acc = 0x7FFFFFFFu;
                continue;
            }
            if (prods[t].cls == CINF) {
                mpfr_set_inf(tmp2, prods[t].sign ? -1 : 1);
            } else {
                mpfr_set(tmp2, prods[t].v, MPFR_RNDN);
            }
            mpfr_add(sum_v, acc_v, tmp2, MPFR_RNDN); /* exact; Inf - Inf gives NaN */
            acc = to_f32(sum_v, MPFR_RNDN);
        }
        return acc;
    }
    if (cfg->algo == R_BFMA) {
        uint32_t acc = c;
        for (size_t t0 = 0; t0 < in->K; t0 += (size_t)cfg->G) {
            acc = bfma_step(cfg, &prods[t0], cfg->G, 1, acc);
        }
        return acc;
    }
    /* R_GROUPS */
    const int ng = (int)(in->K / (size_t)cfg->g);
    for (int gi = 0; gi < ng; ++gi) {
        term *G = &groups[gi];
        const size_t k0 = (size_t)gi * (size_t)cfg->g;
        long e;
        int s1, s2;
        mpfr_set_zero(G->v, 1);
        int nan = 0;
        for (size_t t = k0; t < k0 + (size_t)cfg->g; ++t) {
            /* unscaled element product (e2m1: always finite) */
            long ea, eb;
            int sga, sgb;
            int ca = tdec(in->at, in->a[t], tmp1, &ea, &sga);
            int cb = tdec(in->bt, in->b[t * in->n], tmp2, &eb, &sgb);
            if (cfg->flush) {
                ca = ca == CFIN && subnormal(tmp1, ea) ? CZ : ca;
                cb = cb == CFIN && subnormal(tmp2, eb) ? CZ : cb;
            }
            if (ca == CNAN || cb == CNAN) {
                nan = 1;
            }
            if (ca == CFIN && cb == CFIN) {
                mpfr_mul(tmp1, tmp1, tmp2, MPFR_RNDN);
                mpfr_add(G->v, G->v, tmp1, MPFR_RNDN);
            }
        }
        const size_t blk = k0 / in->block_k;
        const int cs = tdec(in->st, in->sa[blk], tmp3, &e, &s1);
        const int ct = tdec(in->st, in->sb[blk * in->n], tmp4, &e, &s2);
        if (nan || cs == CNAN || ct == CNAN) {
            G->cls = CNAN;
            continue;
        }
        if (cfg->galign && cs != CZ && ct != CZ) {
            /* at the scales' floor(log2) exponents, value unnormalised, an all-zero group included */
            mpfr_mul(G->v, G->v, tmp3, MPFR_RNDN);
            mpfr_mul(G->v, G->v, tmp4, MPFR_RNDN);
            G->cls = CFIN;
            G->sign = mpfr_signbit(G->v) ? 1 : 0;
            G->e = (mpfr_get_exp(tmp3) - 1) + (mpfr_get_exp(tmp4) - 1);
            continue;
        }
        mpfr_mul(G->v, G->v, tmp3, MPFR_RNDN);
        mpfr_mul(G->v, G->v, tmp4, MPFR_RNDN);
        if (mpfr_zero_p(G->v)) {
            G->cls = CZ;
            continue;
        }
        G->cls = CFIN;
        G->sign = mpfr_signbit(G->v) ? 1 : 0;
        G->e = mpfr_get_exp(G->v) - 1; /* floor(log2 |group|) */
    }
    return bfma_step(cfg, groups, ng, 1, c);
}

/* ---------------------------------------------------------------- data */

static uint64_t rand_elem(mma_format f, int specials)
{
    const unsigned bits = mma_format_get(f)->storage_bits;
    for (;;) {
        const uint64_t c = rnd() & ((1ull << bits) - 1);
        mma_value v;
        mma_decode(f, c, &v);
        if ((v.cls != MMA_CLASS_NAN && v.cls != MMA_CLASS_INF) || (specials && rndn(3) == 0)) {
            return c;
        }
    }
}

/* Scale codes: mostly near 1.0, sometimes anywhere, NaN only when asked. */
static uint64_t rand_scale(mma_format st, int nan_ok)
{
    if (st == MMA_FMT_UE8M0) {
        const unsigned r = rndn(10);
        uint64_t c = r < 7 ? 127 + rndn(41) - 20 : (r < 9 ? rndn(255) : (rndn(2) ? rndn(8) : 247 + rndn(8)));
        if (nan_ok && rndn(12) == 0) {
            c = 0xFF;
        }
        return c;
    }
    uint64_t c = rndn(0x7F); /* 0x00..0x7E: zero, subnormals, normals */
    if (rndn(4) == 0) {
        c |= 0x80; /* the ignored sign bit */
    }
    if (nan_ok && rndn(12) == 0) {
        c = rndn(2) ? 0x7F : 0xFF;
    }
    return c;
}

static uint32_t rand_c(int specials)
{
    const unsigned r = rndn(20);
    uint32_t sign = rndn(2) ? 0x80000000u : 0;
    if (r == 0) {
        return sign;
    }
    if (r == 1) {
        return sign | (uint32_t)(rnd() & 0x7FFFFF); /* subnormal */
    }
    if (specials && r == 2) {
        return rndn(2) ? (sign | 0x7F800000u) : 0x7FC00001u;
    }
    if (r == 3) {
        return sign | ((uint32_t)(1 + rndn(254)) << 23) | (uint32_t)(rnd() & 0x7FFFFF); /* anywhere */
    }
    return sign | ((uint32_t)(127 + rndn(40) - 20) << 23) | (uint32_t)(rnd() & 0x7FFFFF);
}

/* ---------------------------------------------------------------- one instruction x one profile */

static uint64_t A[16 * 128], AP[16 * 64], B[128 * 8], C[16 * 8], D[16 * 8], SA[16 * 4], SB[4 * 8], AROW[16][128];
static uint8_t META[16 * 32];
static long outputs_compared;

/* Table 35 and the PTX defaults, written here: scales per row of A. */
static unsigned vec_of(const mma_instr *ins)
{
    if (ins->scale_vec) {
        return ins->scale_vec;
    }
    return ins->kind == MMA_KINDQ_MXF8F6F4 ? 1 : 2;
}

static void run_case(const char *text, const mma_profile *prof, const ref_cfg *cfg, int reps, int specials)
{
    const mma_instr ins = t_parse(text);
    const size_t M = 16, N = 8, K = ins.k, vec = vec_of(&ins), bk = K / vec;
    const int sparse = ins.sparsity != MMA_SPARSE_NONE;
    const unsigned chunk = t_chunk(&ins), chunks = (unsigned)K / chunk, kept = chunk / 2;
    const mma_format at = (mma_format)ins.atype, bt = (mma_format)ins.btype, st = (mma_format)ins.stype;
    for (int rep = 0; rep < reps; ++rep) {
        for (size_t i = 0; i < M; ++i) {
            if (sparse) {
                for (unsigned c = 0; c < chunks; ++c) {
                    META[i * chunks + c] = t_rand_meta(&ins);
                    for (unsigned s = 0; s < kept; ++s) {
                        AP[i * (K / 2) + c * kept + s] = rand_elem(at, specials);
                    }
                    t_expand_chunk(chunk, META[i * chunks + c], &AP[i * (K / 2) + c * kept], &AROW[i][c * chunk]);
                }
            } else {
                for (size_t t = 0; t < K; ++t) {
                    AROW[i][t] = A[i * K + t] = rand_elem(at, specials);
                }
            }
            for (size_t s = 0; s < vec; ++s) {
                SA[i * vec + s] = rand_scale(st, specials);
            }
        }
        for (size_t t = 0; t < K * N; ++t) {
            B[t] = rand_elem(bt, specials);
        }
        for (size_t t = 0; t < vec * N; ++t) {
            SB[t] = rand_scale(st, specials);
        }
        for (size_t t = 0; t < M * N; ++t) {
            C[t] = rand_c(specials);
        }
        mma_operands ops = {sparse ? AP : A, B, C, D, sparse ? META : NULL, SA, SB};
        const mma_status rs = mma_run(&ins, prof, &ops);
        CHECK(rs == MMA_OK, "%s (%s): %s", text, prof->name ? prof->name : "custom", mma_status_name(rs));
        if (rs != MMA_OK) {
            return;
        }
        for (size_t i = 0; i < M; ++i) {
            for (size_t j = 0; j < N; ++j) {
                const ref_in in = {at, bt, st, AROW[i], &B[j], N, K, bk, &SA[i * vec], &SB[j]};
                const uint32_t want = ref_dot(cfg, &in, (uint32_t)C[i * N + j]);
                ++outputs_compared;
                CHECK(D[i * N + j] == want, "%s (%s) D[%zu][%zu] = 0x%08llx, reference 0x%08x (C 0x%08llx)", text,
                      prof->name ? prof->name : "custom", i, j, (unsigned long long)D[i * N + j], want,
                      (unsigned long long)C[i * N + j]);
            }
        }
    }
}

static const char *const mx_types[5] = {"e4m3", "e5m2", "e3m2", "e2m3", "e2m1"};

/* Every block-scaled instruction with every preset: the reference of that preset. */
static void test_presets(void)
{
    static char text[256];
    const char *forms[64];
    int nf = 0;
    static char buf[64][200];
    for (int x = 0; x < 5; ++x) {
        for (int y = 0; y < 5; ++y) {
            snprintf(buf[nf], sizeof buf[nf],
                     "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale%s.f32.%s.%s.f32.ue8m0",
                     (x + y) % 2 ? ".scale_vec::1X" : "", mx_types[x], mx_types[y]);
            forms[nf] = buf[nf];
            ++nf;
            snprintf(buf[nf], sizeof buf[nf],
                     "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X."
                     "f32.%s.%s.f32.ue8m0",
                     mx_types[x], mx_types[y]);
            forms[nf] = buf[nf];
            ++nf;
        }
    }
    const char *const fp4[] = {
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1."
        "e2m1.f32.ue8m0",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1."
        "e2m1.f32.ue8m0",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1."
        "e2m1.f32.ue4m3",
    };
    for (size_t i = 0; i < sizeof fp4 / sizeof fp4[0]; ++i) {
        forms[nf++] = fp4[i];
    }
    for (int f = 0; f < nf; ++f) {
        const mma_instr ins = t_parse(forms[f]);
        const int fp4form = ins.kind != MMA_KINDQ_MXF8F6F4;
        for (unsigned p = 0; p < MMA_PRESET_COUNT; ++p) {
            mma_profile prof;
            const mma_status ps = mma_instr_profile((mma_preset)p, &ins, &prof);
            const int want = p == MMA_PRESET_RTX_BLACKWELL || p == MMA_PRESET_EXACT || p == MMA_PRESET_SEQ_FMA;
            CHECK(want ? ps == MMA_OK : ps == MMA_ERR_PROFILE, "%s preset %s -> %s", forms[f],
                  mma_preset_name((mma_preset)p), mma_status_name(ps));
            if (ps != MMA_OK) {
                continue;
            }
            ref_cfg cfg = {R_EXACT, 0, 0, 0, -133, 0, 0};
            if (p == MMA_PRESET_SEQ_FMA) {
                cfg.algo = R_SEQ;
            } else if (p == MMA_PRESET_RTX_BLACKWELL) {
                cfg.algo = fp4form ? R_GROUPS : R_BFMA;
                cfg.G = 32;
                cfg.g = 16;
                cfg.F = fp4form ? 35 : 25;
                cfg.galign = fp4form;
                CHECK(prof.group_align == (fp4form ? 1 : 0), "%s: rtx_blackwell group_align %u", forms[f],
                      prof.group_align);
            }
            const int reps = fp4form ? 10 : 3;
            run_case(forms[f], &prof, &cfg, reps, 0);
            run_case(forms[f], &prof, &cfg, reps, 1);
            if (p == MMA_PRESET_RTX_BLACKWELL && fp4form) {
                /* the rule before issue 12, kept as profile value 0 */
                mma_profile p0 = prof;
                p0.group_align = 0;
                cfg.galign = 0;
                run_case(forms[f], &p0, &cfg, reps, 0);
                run_case(forms[f], &p0, &cfg, reps, 1);
            }
        }
    }
    (void)text;
}

/* Hand-built profiles: the parameters are used, not hard-wired. */
static void test_custom_profiles(void)
{
    const char *mx8 = "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e2m1.f32.ue8m0";
    const char *sp8 = "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.f32.e5m2."
                      "e3m2.f32.ue8m0";
    const char *nv4 = "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32."
                      "ue4m3";
    const char *sp4 = "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1."
                      "f32.ue8m0";
    mma_profile p;
    const mma_instr i8 = t_parse(mx8), i4 = t_parse(nv4);
    (void)mma_instr_profile(MMA_PRESET_RTX_BLACKWELL, &i8, &p);
    p.name = NULL;
    p.group = 16;
    p.frac_bits = 30;
    p.min_e_f32 = -140;
    ref_cfg c8 = {R_BFMA, 16, 0, 30, -140, 0, 0};
    run_case(mx8, &p, &c8, 6, 1);
    run_case(sp8, &p, &c8, 6, 1);
    p.group = 8;
    p.frac_bits = 12;
    p.min_e_f32 = MMA_MIN_E_NONE;
    ref_cfg c8b = {R_BFMA, 8, 0, 12, -100000, 0, 0};
    run_case(mx8, &p, &c8b, 6, 1);

    (void)mma_instr_profile(MMA_PRESET_RTX_BLACKWELL, &i4, &p);
    p.name = NULL;
    p.group = 8;
    p.frac_bits = 30;
    for (int ga = 0; ga < 2; ++ga) {
        p.group_align = (uint8_t)ga;
        p.group = 8;
        p.frac_bits = 30;
        ref_cfg c4 = {R_GROUPS, 0, 8, 30, -133, 0, ga};
        run_case(nv4, &p, &c4, 8, 1);
        run_case(sp4, &p, &c4, 8, 1);
        p.group = 32;
        p.frac_bits = 40;
        ref_cfg c4b = {R_GROUPS, 0, 32, 40, -133, 0, ga};
        run_case(sp4, &p, &c4b, 8, 1);
        p.group = 2;
        p.frac_bits = 20;
        ref_cfg c4c = {R_GROUPS, 0, 2, 20, -133, 0, ga};
        run_case(nv4, &p, &c4c, 8, 1);
        /* zero_product_term does not reach inside the exact groups */
        p.zero_product_term = 1;
        run_case(nv4, &p, &c4c, 8, 1);
        p.zero_product_term = 0;
    }
    p.group_align = 1;

    /* Subnormal inputs flushed (a profile parameter no NVIDIA preset sets), both datapaths and exact. */
    p.group = 16;
    p.frac_bits = 35;
    p.flush_subnormal_in = 1;
    ref_cfg c4f = {R_GROUPS, 0, 16, 35, -133, 1, 1};
    run_case(nv4, &p, &c4f, 8, 1);
    run_case(sp4, &p, &c4f, 8, 1);
    mma_profile pf;
    (void)mma_instr_profile(MMA_PRESET_RTX_BLACKWELL, &i8, &pf);
    pf.flush_subnormal_in = 1;
    ref_cfg c8f = {R_BFMA, 32, 0, 25, -133, 1, 0};
    run_case(mx8, &pf, &c8f, 8, 1);
    run_case(sp8, &pf, &c8f, 8, 1);
    (void)mma_instr_profile(MMA_PRESET_EXACT, &i8, &pf);
    pf.flush_subnormal_in = 1;
    ref_cfg cef = {R_EXACT, 0, 0, 0, 0, 1, 0};
    run_case(mx8, &pf, &cef, 8, 1);
    p.flush_subnormal_in = 0;

    /* Parameters the group datapath cannot honour. */
    static uint64_t z[16 * 128];
    const uint64_t one[16 * 4] = {0};
    mma_operands ops = {z, z, z, D, NULL, one, one};
    uint64_t s38[64];
    for (int i = 0; i < 64; ++i) {
        s38[i] = 0x38;
    }
    ops.scale_a = s38;
    ops.scale_b = s38;
    p.group = 12; /* does not divide the 16-k block */
    CHECK(mma_run(&i4, &p, &ops) == MMA_ERR_PROFILE_PARAM, "group 12");
    p.group = 1; /* 64 groups: at the limit, fine */
    CHECK(mma_run(&i4, &p, &ops) == MMA_OK, "group 1 on k64");
    p.group = 16;
    p.k_order = MMA_KORDER_PAIR_SPLIT;
    CHECK(mma_run(&i4, &p, &ops) == MMA_ERR_PROFILE_PARAM, "pair_split groups");
    p.k_order = MMA_KORDER_NATURAL;
    p.algo = MMA_ACC_ARM_FP8;
    CHECK(mma_run(&i4, &p, &ops) == MMA_ERR_PROFILE, "arm_fp8 has no block scaling");
    const mma_instr is4 = t_parse(sp4);
    mma_profile q;
    (void)mma_instr_profile(MMA_PRESET_RTX_BLACKWELL, &is4, &q);
    q.group = 1; /* 128 groups: over the one-step limit */
    static uint8_t meta[16 * 16];
    memset(meta, 0x4, sizeof meta);
    mma_operands sops = {z, z, z, D, meta, SA, SB};
    for (int i = 0; i < 64; ++i) {
        SA[i] = SB[i % 32] = 127;
    }
    CHECK(mma_run(&is4, &q, &sops) == MMA_ERR_PROFILE_PARAM, "128 groups");
}

/* ---------------------------------------------------------------- NaN scales, strict check */

static void test_nan_scales(void)
{
    const char *forms[] = {
        "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
    };
    for (size_t f = 0; f < 3; ++f) {
        const mma_instr ins = t_parse(forms[f]);
        const size_t K = ins.k, vec = vec_of(&ins), N = 8;
        const int sparse = ins.sparsity != MMA_SPARSE_NONE;
        const uint64_t one = ins.stype == MMA_FMT_UE8M0 ? 127 : 0x38;
        const uint64_t nans[2] = {ins.stype == MMA_FMT_UE8M0 ? 0xFFu : 0x7Fu, ins.stype == MMA_FMT_UE8M0 ? 0xFFu : 0xFFu};
        for (unsigned p = 0; p < MMA_PRESET_COUNT; ++p) {
            mma_profile prof;
            if (mma_instr_profile((mma_preset)p, &ins, &prof) != MMA_OK) {
                continue;
            }
            for (int which = 0; which < 2; ++which) {
                for (int rep = 0; rep < 4; ++rep) {
                    for (size_t t = 0; t < 16 * K; ++t) {
                        A[t] = rndn(3) == 0 ? 0 : rand_elem((mma_format)ins.atype, 0);
                    }
                    for (size_t t = 0; t < 16 * K / 2; ++t) {
                        AP[t] = A[t];
                    }
                    memset(META, 0x4, sizeof META);
                    for (size_t t = 0; t < K * N; ++t) {
                        B[t] = rand_elem((mma_format)ins.btype, 0);
                    }
                    for (size_t t = 0; t < 16 * N; ++t) {
                        C[t] = 0x3F800000u;
                    }
                    for (size_t t = 0; t < 16 * vec; ++t) {
                        SA[t] = one;
                    }
                    for (size_t t = 0; t < vec * N; ++t) {
                        SB[t] = one;
                    }
                    const size_t r = rndn(16), j = rndn(8), blk = rndn((unsigned)vec);
                    const uint64_t nanv = nans[rndn(2)];
                    if (which == 0) {
                        SA[r * vec + blk] = nanv;
                    } else {
                        SB[blk * N + j] = nanv;
                    }
                    mma_operands ops = {sparse ? AP : A, B, C, D, sparse ? META : NULL, SA, SB};
                    CHECK(mma_run(&ins, &prof, &ops) == MMA_OK, "run with NaN scale");
                    for (size_t i = 0; i < 16; ++i) {
                        for (size_t jj = 0; jj < N; ++jj) {
                            const int affected = which == 0 ? i == r : jj == j;
                            CHECK(affected ? D[i * N + jj] == 0x7FFFFFFFu : D[i * N + jj] != 0x7FFFFFFFu,
                                  "%s %s NaN scale_%c: D[%zu][%zu] = 0x%llx", forms[f], mma_preset_name((mma_preset)p),
                                  which ? 'B' : 'A', i, jj, (unsigned long long)D[i * N + jj]);
                        }
                    }
                    /* the strict check names it */
                    mma_scale_diag dg;
                    memset(&dg, 0, sizeof dg);
                    CHECK(mma_block_scale_find_nan(&ins, &ops, &dg) == MMA_ERR_SCALE_NAN &&
                              dg.operand == (which ? MMA_SCALE_B : MMA_SCALE_A) &&
                              dg.row == (which ? blk : r) && dg.col == (which ? j : blk) && dg.value == nanv &&
                              dg.reason != NULL,
                          "%s find_nan diag op %u row %u col %u", forms[f], dg.operand, dg.row, dg.col);
                    if (which == 0) {
                        SA[r * vec + blk] = one;
                    } else {
                        SB[blk * N + j] = one;
                    }
                    CHECK(mma_block_scale_find_nan(&ins, &ops, &dg) == MMA_OK, "no NaN left");
                    /* a code wider than 8 bits: error before anything is written */
                    SB[vec * N - 1] = 0x100;
                    for (size_t t = 0; t < 16 * N; ++t) {
                        D[t] = 0xABCD;
                    }
                    CHECK(mma_run(&ins, &prof, &ops) == MMA_ERR_CODE && D[0] == 0xABCD && D[16 * N - 1] == 0xABCD,
                          "wide scale code");
                    CHECK(mma_block_scale_find_nan(&ins, &ops, &dg) == MMA_ERR_CODE && dg.operand == MMA_SCALE_B,
                          "find_nan code");
                    ops.scale_b = NULL;
                    CHECK(mma_run(&ins, &prof, &ops) == MMA_ERR_NULL, "missing scale_B");
                }
            }
        }
    }
}

/* ---------------------------------------------------------------- geometry and selectors (PTX text) */

static void test_selectors_and_shape(void)
{
    const struct {
        const char *text;
        unsigned vec;
    } forms[] = {
        {"mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0", 1},
        {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0", 2},
        {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0", 2},
        {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3", 4},
        {"mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e3m2."
         "e2m1.f32.ue8m0",
         1},
        {"mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0", 2},
        {"mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1."
         "e2m1.f32.ue8m0",
         4},
    };
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; ++f) {
        mma_instr ins = t_parse(forms[f].text);
        mma_scale_shape sh;
        CHECK(mma_block_scale_shape(&ins, &sh) == MMA_OK && sh.vec == forms[f].vec && sh.block_k == ins.k / sh.vec &&
                  sh.stype == ins.stype,
              "%s shape vec %u block %u", forms[f].text, sh.vec, sh.block_k);
        if (ins.kind != MMA_KINDQ_MXF4NVF4) {
            mma_instr bare = ins;
            bare.scale_vec = 0; /* hand-built without the qualifier: PTX default */
            CHECK(mma_block_scale_shape(&bare, &sh) == MMA_OK && sh.vec == forms[f].vec, "default vec");
        }
        /* Table 37: byte-id 1X 0..3, 2X {0,2}, 4X 0; thread-id-a {0,1}; thread-id-b 0..3. */
        for (unsigned which = 0; which < 3; ++which) {
            for (uint32_t tid = 0; tid < 6; ++tid) {
                for (uint32_t bid = 0; bid < 6; ++bid) {
                    const unsigned vec = forms[f].vec;
                    const int bid_ok = vec == 1 ? bid <= 3 : vec == 2 ? (bid == 0 || bid == 2) : bid == 0;
                    const int tid_ok = which == 0 ? tid <= 1 : which == 1 ? tid <= 3 : 0;
                    mma_scale_select sel = {0, 0, 0};
                    const char *why = NULL;
                    const mma_status st =
                        mma_scale_selector_decode(&ins, (mma_scale_operand)which, bid, tid, &sel, &why);
                    if (bid_ok && tid_ok) {
                        const unsigned mask = which == 0 ? (tid == 0 ? 0x3u : 0xCu) : 1u << tid;
                        CHECK(st == MMA_OK && sel.quad_mask == mask && sel.first_byte == bid && sel.nbytes == vec,
                              "%s sel %u b%u t%u -> %s mask 0x%x", forms[f].text, which, bid, tid, mma_status_name(st),
                              sel.quad_mask);
                    } else {
                        CHECK(st == MMA_ERR_SCALE_SELECTOR && why != NULL, "%s sel %u b%u t%u -> %s", forms[f].text,
                              which, bid, tid, mma_status_name(st));
                        if (!tid_ok && which < 2) {
                            CHECK(strstr(why, which == 0 ? "thread-id-a must be 0" : "thread-id-b must be 0, 1, 2 or 3"),
                                  "reason %s", why);
                        } else if (!bid_ok && which < 2) {
                            CHECK(strstr(why, vec == 1 ? "0, 1, 2 or 3" : vec == 2 ? "0 (low byte pair) or 2" : "must be 0"),
                                  "reason %s", why);
                        }
                    }
                }
            }
        }
        CHECK(mma_scale_selector_decode(&ins, MMA_SCALE_A, 0, 0, NULL, NULL) == MMA_OK, "NULL out");
        CHECK(mma_scale_selector_decode(&ins, MMA_SCALE_B, 0xFFFF, 0, NULL, NULL) == MMA_ERR_SCALE_SELECTOR, "u16");
    }
    const mma_instr dense = t_parse("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32");
    mma_scale_shape sh;
    CHECK(mma_block_scale_shape(&dense, &sh) == MMA_ERR_INSTRUCTION, "no block scale");
    CHECK(mma_scale_selector_decode(&dense, MMA_SCALE_A, 0, 0, NULL, NULL) == MMA_ERR_INSTRUCTION, "no block scale");
    mma_profile p;
    CHECK(mma_block_scale_preset_profile(MMA_PRESET_RTX_BLACKWELL, MMA_KINDQ_F8F6F4, &p) == MMA_ERR_INSTRUCTION,
          "kind f8f6f4");
    CHECK(mma_block_scale_preset_profile(MMA_PRESET_RTX_BLACKWELL, MMA_KINDQ_MXF4, NULL) == MMA_ERR_NULL, "NULL");
    CHECK(mma_block_scale_preset_profile(MMA_PRESET_COUNT, MMA_KINDQ_MXF4, &p) == MMA_ERR_PROFILE, "preset range");
    CHECK(mma_block_scale_preset_profile(MMA_PRESET_RTX_BLACKWELL, MMA_KINDQ_MXF4NVF4, &p) == MMA_OK &&
              p.algo == MMA_ACC_BLOCK_FMA && p.group == 16 && p.frac_bits == 35 && p.min_e_f32 == -133 &&
              p.f32_round == MMA_RND_RZ && p.c_mode == MMA_C_JOINT && mma_profile_validate(&p) == MMA_OK,
          "mxf4nvf4 profile");
    CHECK(mma_block_scale_preset_profile(MMA_PRESET_RTX_BLACKWELL, MMA_KINDQ_MXF8F6F4, &p) == MMA_OK &&
              p.group == 32 && p.frac_bits == 25 && p.min_e_f32 == -133,
          "mxf8f6f4 profile");
}

int main(void)
{
    ref_init();
    test_selectors_and_shape();
    test_nan_scales();
    test_custom_profiles();
    test_presets();
    printf("block_scale: %ld outputs compared with the references\n", outputs_compared);
    return t_finish("sparse_block_scale");
}
