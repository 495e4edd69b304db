/*
 * GEMM narrow path: block-FMA GEMMs of 8-bit float operands (e4m3, e5m2, e3m2, e2m3, e2m1) to f32 on
 * 32-bit cores, the same bits as the row engine in 32-bit arithmetic. An element is decoded once per
 * block into a significand m (A's shifted left by L = F - pa - pb) and a word w = sign << 31 |
 * (term exponent + BIAS); a product's aligned, truncated term (NUMERICS 3 step 6) is then
 * (ma * mb) >> (E - ea - eb), one multiply and one shift, and the shift count and the sign of the
 * product both come out of wa + wb. The accumulator travels as its f32 code; each step's frame,
 * C term and common rounding (f32 truncated to 24 bits, normal range) are inline, everything rarer
 * goes to the align / round stages (mma_bfma_round) and the separate-C add stage.
 */
#include "gemm_fast.h"

#if MMAI_BFMA_PER_TERM /* 32-bit targets only (64-bit hosts have the vector kernel) */

#define MAX_CHUNKS (MMAI_FAST_ROWK / MMAI_FAST_MIN_K)
#define BIAS 64         /* biased term exponent of a nonzero element: e + BIAS in [44, 84] (|e| <= 20) */
#define E_LIMIT 20      /* |term exponent| of the formats this path takes */
#define HAVE_SUM (2 * (BIAS - E_LIMIT)) /* two nonzero elements' biased sum is at least this; with a zero, less */

/* A decoded row of A or column of B over a run of chunks (positions in the profile's k order). */
typedef struct narrow_vec {
    uint32_t *w;      /* sign << 31 | (term exponent + BIAS); 0 for a zero element */
    uint32_t *m;      /* significand; A's shifted left by L */
    uint8_t *e;       /* term exponent + BIAS; 0 for a zero element */
    uint8_t *special; /* per chunk: 1 if a NaN or Inf is among its elements */
} narrow_vec;

/* How the elements of one operand are decoded. */
typedef struct narrow_fmt {
    const mma_format_info *info;
    const mmai_dec8 *table; /* decode table (MMA_FAST_TABLES) or NULL */
    uint32_t p;
    unsigned shift;          /* A: L, B: 0 */
    bool flush;              /* profile.flush_subnormal_in */
} narrow_fmt;

/* What every output of a tile shares. */
typedef struct narrow_job {
    const mma_gemm_desc *g;
    const mma_profile *eff;   /* chunk 0 of the GEMM */
    const mma_profile *later; /* chunks after it (C unused -> joint) */
    size_t kc, ch0, nch;      /* instruction k; the run's first chunk and its length */
    int32_t emin;             /* smallest exponent of a nonzero product: e_min of A + e_min of B */
} narrow_job;

int32_t mmai_gemm_narrow_shift(const mma_instr *ins, const mma_profile *prof)
{
    const mma_format_info *ia = mma_format_get((mma_format)ins->atype);
    const mma_format_info *ib = mma_format_get((mma_format)ins->btype);
    if (ia == NULL || ib == NULL || ins->dtype != MMA_FMT_F32) {
        return -1;
    }
    const mma_format_info *f[2] = {ia, ib};
    for (unsigned i = 0; i < 2u; ++i) {
        if (f[i]->kind != MMA_KIND_FLOAT || f[i]->frac_bits > 3u || f[i]->storage_bits > 8u ||
            f[i]->emin < -E_LIMIT || f[i]->emax > E_LIMIT) {
            return -1;
        }
    }
    const int32_t shift = (int32_t)prof->frac_bits - (int32_t)ia->frac_bits - (int32_t)ib->frac_bits;
    if (prof->frac_bits > 29u || shift < 0) {
        return -1;
    }
    const uint64_t m_max = (((uint64_t)2 << ia->frac_bits) - 1u) * (((uint64_t)2 << ib->frac_bits) - 1u);
    return (uint64_t)prof->group * (m_max << (unsigned)shift) < ((uint64_t)1 << 32) ? shift : -1;
}

/* ------------------------------------------------------------------ decode */

#if defined(__GNUC__)
#define NARROW_NOINLINE __attribute__((noinline))
#else
#define NARROW_NOINLINE
#endif

/*
 * Decodes one code into *w, *m, *e (an element of a narrow_vec); *special is set for NaN/Inf.
 * MMA_ERR_CODE for bits beyond the format's width.
 */
static MMAI_HOT_INLINE mma_status narrow_elem(const narrow_fmt *f, uint64_t code, uint32_t *w, uint32_t *m, uint8_t *e,
                                              uint8_t *special)
{
    unsigned cls = 0, sign = 0;
    uint32_t sig = 0;
    int32_t lsb = 0;
    if ((uint32_t)(code >> 32) != 0 || ((uint32_t)code >> f->info->storage_bits) != 0) {
        return MMA_ERR_CODE;
    }
    if (f->table != NULL) {
        const mmai_dec8 *d = &f->table[(uint32_t)code];
        cls = d->cls;
        sign = d->sign;
        sig = d->sig;
        lsb = d->lsb;
    } else {
        mma_value x;
        mma_status st = mmai_decode_float(f->info, code, &x);
        if (st != MMA_OK) {
            return st;
        }
        cls = x.cls;
        sign = x.sign;
        sig = (uint32_t)x.sig;
        lsb = x.exp;
    }
    if (cls == MMA_CLASS_FINITE && !(f->flush && sig < ((uint32_t)1 << f->p))) {
        const uint32_t eb = (uint32_t)(lsb + (int32_t)f->p + BIAS);
        *m = sig << f->shift;
        *e = (uint8_t)eb;
        *w = ((uint32_t)sign << 31) | eb;
        return MMA_OK;
    }
    if (cls == MMA_CLASS_NAN || cls == MMA_CLASS_INF) {
        *special = 1;
    }
    *m = 0; /* zero (or flushed subnormal): takes no part */
    *e = 0;
    *w = 0;
    return MMA_OK;
}

/* Clears the per-chunk NaN/Inf flags of a vector before its elements are decoded. */
static void narrow_reset(const narrow_vec *v, size_t nch)
{
    for (size_t c = 0; c < nch && c < MAX_CHUNKS; ++c) {
        v->special[c] = 0;
    }
}

/* Decodes the run of row i of A: position c * kc + pos is k = (ch0 + c) * kc + perm[pos], code 0 at and past K. */
static NARROW_NOINLINE mma_status decode_row(const narrow_fmt *fp, const narrow_job *x, const uint8_t *perm, size_t i,
                                             const narrow_vec *v)
{
    const narrow_fmt f = *fp;
    const mma_gemm_desc *g = x->g;
    const uint64_t *row = &g->a[i * g->lda];
    const size_t kc = x->kc, kmax = g->k;
    uint32_t *w = v->w, *m = v->m;
    uint8_t *e = v->e;
    narrow_reset(v, x->nch);
    for (size_t c = 0; c < x->nch; ++c) {
        const size_t k0 = (x->ch0 + c) * kc;
        for (size_t pos = 0; pos < kc; ++pos) {
            const size_t k = k0 + perm[pos];
            mma_status st = narrow_elem(&f, k < kmax ? row[k] : 0u, w++, m++, e++, &v->special[c]);
            if (st != MMA_OK) {
                return st;
            }
        }
    }
    return MMA_OK;
}

/*
 * Decodes the run of columns [jb, jb + nb) of B, row by row of B (contiguous codes), into the block
 * whose column jj is cols[0] shifted by jj * MMAI_FAST_ROWK elements and jj * MAX_CHUNKS flags.
 */
static NARROW_NOINLINE mma_status decode_cols(const narrow_fmt *fp, const narrow_job *x, const uint8_t *perm, size_t jb,
                                              size_t nb, const narrow_vec *cols)
{
    const narrow_fmt f = *fp;
    const mma_gemm_desc *g = x->g;
    const size_t kc = x->kc;
    for (size_t jj = 0; jj < nb; ++jj) {
        narrow_reset(&cols[jj], x->nch);
    }
    for (size_t c = 0; c < x->nch; ++c) {
        const size_t k0 = (x->ch0 + c) * kc;
        for (size_t pos = 0; pos < kc; ++pos) {
            const size_t k = k0 + perm[pos], t = c * kc + pos;
            const uint64_t *row = k < g->k ? &g->b[k * g->ldb + jb] : NULL;
            uint32_t *w = cols[0].w + t, *m = cols[0].m + t;
            uint8_t *e = cols[0].e + t, *special = cols[0].special + c;
            for (size_t jj = 0; jj < nb; ++jj) {
                mma_status st = narrow_elem(&f, row != NULL ? row[jj] : 0u, w, m, e, special);
                if (st != MMA_OK) {
                    return st;
                }
                w += MMAI_FAST_ROWK;
                m += MMAI_FAST_ROWK;
                e += MMAI_FAST_ROWK;
                special += MAX_CHUNKS;
            }
        }
    }
    return MMA_OK;
}

/* ------------------------------------------------------------------ one step */

/* Largest biased exponent sum ea + eb of cnt products (below HAVE_SUM if every product is zero). */
static inline uint32_t narrow_emax(const uint8_t *ea, const uint8_t *eb, size_t cnt)
{
    uint32_t m = 0;
    const uint8_t *const end4 = ea + (cnt & ~(size_t)3);
    while (ea != end4) {
        const uint32_t s0 = (uint32_t)ea[0] + eb[0], s1 = (uint32_t)ea[1] + eb[1];
        const uint32_t s2 = (uint32_t)ea[2] + eb[2], s3 = (uint32_t)ea[3] + eb[3];
        m = s0 > m ? s0 : m;
        m = s1 > m ? s1 : m;
        m = s2 > m ? s2 : m;
        m = s3 > m ? s3 : m;
        ea += 4;
        eb += 4;
    }
    for (size_t t = 0; t < (cnt & 3u); ++t) {
        const uint32_t s = (uint32_t)ea[t] + eb[t];
        m = s > m ? s : m;
    }
    return m;
}

/* One product: its aligned magnitude into all, and into n if the product is negative (narrow_terms). */
#define NARROW_TERM(t)                                                    \
    do {                                                                  \
        const uint32_t w_ = wa[t] + wb[t];                                \
        const uint32_t v_ = (ma[t] * mb[t]) >> ((eb - w_) & 31u);        \
        all += v_;                                                        \
        n += v_ & (uint32_t)((int32_t)w_ >> 31);                          \
    } while (0)

/*
 * The aligned, truncated magnitudes of cnt products summed, and in *neg the negative ones' (both
 * below 2^32: mmai_gemm_narrow_shift). eb = E + 2 BIAS: wa + wb = (sa ^ sb) << 31 | (ea + eb + 2 BIAS),
 * so eb - (wa + wb) is the product's shift E - ea - eb modulo 32, which is the shift itself when no
 * product is more than 31 below E (!clamp); otherwise the shift is clamped at 31, leaving 0 of any
 * term (ma * mb < 2^(F+2) <= 2^31). A zero element (m = 0) adds 0.
 */
static uint32_t narrow_terms(const uint32_t *wa, const uint32_t *ma, const uint32_t *wb, const uint32_t *mb,
                             size_t cnt, uint32_t eb, bool clamp, uint32_t *neg)
{
    uint32_t all = 0, n = 0;
    if (!clamp) {
        const uint32_t *const end4 = wa + (cnt & ~(size_t)3);
        while (wa != end4) { /* four at a time, the pointers stepped once */
            NARROW_TERM(0);
            NARROW_TERM(1);
            NARROW_TERM(2);
            NARROW_TERM(3);
            wa += 4;
            ma += 4;
            wb += 4;
            mb += 4;
        }
        for (size_t t = 0; t < (cnt & 3u); ++t) {
            NARROW_TERM(t);
        }
    } else {
        for (size_t t = 0; t < cnt; ++t) {
            const uint32_t w = wa[t] + wb[t];
            const uint32_t sh = eb - (w & 0x7FFFFFFFu); /* >= 0: E is at least every sum's exponent */
            const uint32_t v = (ma[t] * mb[t]) >> (sh < 31u ? sh : 31u);
            all += v;
            n += v & (uint32_t)((int32_t)w >> 31);
        }
    }
    *neg = n;
    return all;
}
#undef NARROW_TERM

/* Position of the most significant set bit of x != 0. */
static inline int msb32(uint32_t x)
{
#if defined(__GNUC__)
    return 31 - __builtin_clz(x);
#else
    int n = 0;
    while ((x >> 1) != 0) {
        x >>= 1;
        ++n;
    }
    return n;
#endif
}

/*
 * Step 8 for f32: S * 2^(E - F) rounded to the step format. The case of every NVIDIA preset's
 * datapath (truncated to 24 bits, a normal result of |S| < 2^32) inline; the rest by mma_bfma_round.
 */
static inline mma_status narrow_round(const mma_profile *prof, const mma_bfma_frame *fr, int64_t S, uint32_t *acc)
{
    const uint64_t mag = S < 0 ? (uint64_t)0 - (uint64_t)S : (uint64_t)S;
    if (S == 0) {
        *acc = 0; /* an exact zero sum: +0 */
        return MMA_OK;
    }
    if (prof->f32_sig_bits == 24u && prof->f32_round == MMA_RND_RZ && (mag >> 32) == 0) {
        const int msb = msb32((uint32_t)mag);
        const int32_t top = fr->E - (int32_t)prof->frac_bits + msb;
        if (top >= -126 && top <= 127) {
            const uint32_t sig = msb >= 23 ? (uint32_t)mag >> (unsigned)(msb - 23) : (uint32_t)mag << (unsigned)(23 - msb);
            *acc = (S < 0 ? 0x80000000u : 0u) | ((uint32_t)(top + 127) << 23) | (sig & 0x7FFFFFu);
            return MMA_OK;
        }
    }
    uint64_t code = 0;
    mma_status st = mma_bfma_round(prof, MMA_FMT_F32, fr, S, &code);
    *acc = (uint32_t)code;
    return st;
}

/*
 * One block-FMA step over positions [pos, pos + cnt) of chunk c of a and b, from the accumulator
 * *acc (an f32 code) if have_acc: NUMERICS 3 steps 1-8 as mma_bfma_align / sum / round do them.
 */
static mma_status narrow_step(const mma_profile *prof, int32_t emin, const narrow_vec *a, const narrow_vec *b,
                              size_t pos, size_t cnt, bool have_acc, uint32_t *acc)
{
    const uint32_t cc = *acc, cexp = (cc >> 23) & 0xFFu, cfrac = cc & 0x7FFFFFu;
    mma_bfma_frame fr = {MMA_BFMA_FINITE, 1, 0, 0, 0};
    if (have_acc && cexp == 0xFFu) {
        /* finite products: a NaN accumulator gives the canonical NaN, an Inf stays that Inf */
        fr.special = (uint8_t)(cfrac != 0 ? MMA_BFMA_NAN : ((cc >> 31) != 0 ? MMA_BFMA_NINF : MMA_BFMA_PINF));
        fr.any = 0;
        uint64_t code = 0;
        mma_status st = mma_bfma_round(prof, MMA_FMT_F32, &fr, 0, &code);
        *acc = (uint32_t)code;
        return st;
    }
    const uint32_t esum = narrow_emax(a->e + pos, b->e + pos, cnt);
    const bool have = esum >= (uint32_t)HAVE_SUM;
    const bool c_term = have_acc && (cc & 0x7FFFFFFFu) != 0;
    int32_t E = (int32_t)esum - 2 * BIAS;
    if (c_term || (have_acc && prof->zero_c_term)) {
        /* C's exponent floor(log2|c|), at least -126; a zero C under zero_c_term: -126 */
        const int32_t ec = c_term ? (int32_t)(cexp != 0 ? cexp : 1u) - 127 : -126;
        E = (!have || ec > E) ? ec : E;
    } else if (!have) {
        *acc = 0; /* no term: +0 */
        return MMA_OK;
    }
    if (prof->min_e_f32 != MMA_MIN_E_NONE && E < prof->min_e_f32) {
        E = prof->min_e_f32;
    }
    const int32_t F = (int32_t)prof->frac_bits;
    int64_t S = 0;
    if (c_term) {
        /* C's term: its 24-bit significand at weight 2^(exp + F - E), exp = max(field, 1) - 150 */
        const uint32_t sig = cfrac | (cexp != 0 ? 0x800000u : 0u);
        const int32_t sh = (int32_t)(cexp != 0 ? cexp : 1u) - 150 + F - E; /* <= F - 23 */
        const uint32_t t = sh >= 0 ? sig << (unsigned)sh : (sh > -32 ? sig >> (unsigned)(-sh) : 0u);
        S = (cc >> 31) != 0 ? -(int64_t)t : (int64_t)t;
    }
    if (have) {
        uint32_t neg = 0;
        const uint32_t all = narrow_terms(a->w + pos, a->m + pos, b->w + pos, b->m + pos, cnt,
                                          (uint32_t)(E + 2 * BIAS), E - emin > 31, &neg);
        S += (int64_t)all - 2 * (int64_t)neg;
    }
    fr.c_term = c_term ? 1u : 0u;
    fr.E = E;
    return narrow_round(prof, &fr, S, acc);
}

/* ------------------------------------------------------------------ outputs */

/*
 * a + b rounded RNE for two normal f32 codes whose sum is normal or cancels exactly; false (writing
 * nothing) otherwise. Significands carry 6 guard bits and a sticky bit, enough for one rounding: a
 * sum lands at bit 29 or 30, a difference with bits shifted out at bit 28 or 29.
 */
static bool add_f32_normal(uint32_t a, uint32_t b, uint32_t *out)
{
    if ((a & 0x7FFFFFFFu) < (b & 0x7FFFFFFFu)) {
        const uint32_t t = a;
        a = b;
        b = t;
    }
    const uint32_t ea = (a >> 23) & 0xFFu, eb = (b >> 23) & 0xFFu;
    if (ea - 1u >= 254u || eb - 1u >= 254u) {
        return false; /* zero, subnormal, Inf or NaN */
    }
    const uint32_t d = ea - eb;
    if (d > 25u) {
        *out = a; /* |b| < 2^(ea - 25): below a quarter of a's ulp */
        return true;
    }
    const uint32_t ma = ((a & 0x7FFFFFu) | 0x800000u) << 6;
    const uint32_t mb6 = ((b & 0x7FFFFFu) | 0x800000u) << 6;
    const uint32_t mb = mb6 >> d, sticky = (mb << d) != mb6 ? 1u : 0u;
    uint32_t s = ((a ^ b) >> 31) != 0 ? ma - mb - sticky : ma + mb; /* floor of the exact value */
    if (s == 0) {
        *out = 0; /* exact cancellation: +0 */
        return true;
    }
    s |= sticky;
    const int msb = msb32(s);
    int32_t e = (int32_t)ea + msb - 29;
    uint32_t keep = 0;
    if (msb > 23) {
        const unsigned r = (unsigned)msb - 23u;
        const uint32_t rem = s & ((1u << r) - 1u), half = 1u << (r - 1u);
        keep = (s >> r) + ((rem > half || (rem == half && ((s >> r) & 1u) != 0)) ? 1u : 0u);
        if (keep == 0x1000000u) {
            keep >>= 1;
            ++e;
        }
    } else {
        keep = s << (23u - (unsigned)msb); /* no bits shifted out: exact */
    }
    if (e <= 0 || e >= 255) {
        return false; /* subnormal or overflowing result */
    }
    *out = (a & 0x80000000u) | ((uint32_t)e << 23) | (keep & 0x7FFFFFu);
    return true;
}

/* d = round_RNE(steps + C) in f32 (the separate-C add stage), its common cases inline. */
static mma_status add_c(uint32_t steps, uint32_t c, uint32_t *d)
{
    if (add_f32_normal(steps, c, d)) {
        return MMA_OK;
    }
    const mma_format_info *f32 = mma_format_get(MMA_FMT_F32);
    mma_value vs, vc;
    uint64_t code = 0;
    mma_status st = mmai_decode_float(f32, steps, &vs);
    if (st == MMA_OK) {
        st = mmai_decode_float(f32, c, &vc);
    }
    if (st == MMA_OK && !mmai_ieee_add_direct(f32, &vs, steps, &vc, c, MMA_RND_RNE, &code, NULL)) {
        st = mma_ieee_add(MMA_FMT_F32, steps, c, MMA_RND_RNE, &code);
    }
    *d = (uint32_t)code;
    return st;
}

/* Output (i, j) over the run's chunks: *acc is C (or the previous run's D) on entry, D on return. */
static mma_status narrow_output(const narrow_job *x, size_t i, size_t j, const narrow_vec *a, const narrow_vec *b,
                                uint64_t *acc)
{
    for (size_t c = 0; c < x->nch; ++c) {
        const size_t ch = x->ch0 + c;
        const mma_profile *prof = ch == 0 ? x->eff : x->later;
        mma_status st = MMA_OK;
        if (a->special[c] || b->special[c]) {
            st = mmai_fast_special_chunk(x->g, x->eff, x->later, i, j, ch, acc);
            if (st != MMA_OK) {
                return st;
            }
            continue;
        }
        uint64_t c_d = *acc;
        st = mmai_fast_first_c(x->g->ins, prof, ch == 0, *acc, &c_d);
        if (st == MMA_OK && (c_d >> 32) != 0) {
            st = MMA_ERR_CODE; /* not an f32 code */
        }
        const uint32_t cin = (uint32_t)c_d;
        bool have_acc = prof->c_mode == MMA_C_JOINT;
        uint32_t r = cin;
        for (size_t pos = 0; pos < x->kc && st == MMA_OK; pos += prof->group) {
            const size_t cnt = (x->kc - pos) < prof->group ? (x->kc - pos) : prof->group;
            st = narrow_step(prof, x->emin, a, b, c * x->kc + pos, cnt, have_acc, &r);
            have_acc = true;
        }
        if (st == MMA_OK && prof->c_mode == MMA_C_SEPARATE) {
            st = add_c(r, cin, &r);
        }
        if (st != MMA_OK) {
            return st;
        }
        *acc = r;
    }
    return MMA_OK;
}

static narrow_fmt make_fmt(mma_format fmt, const mma_profile *prof, unsigned shift)
{
    const mma_format_info *info = mma_format_get(fmt);
    const narrow_fmt f = {info, mmai_decode8_table(fmt), info->frac_bits, shift, prof->flush_subnormal_in != 0};
    return f;
}

mma_status mmai_gemm_narrow_tile(const mma_gemm_desc *g, const mma_profile *prof, unsigned shift, size_t i0, size_t i1,
                                 size_t j0, size_t j1)
{
    const mma_instr *ins = g->ins;
    const size_t kc = ins->k;
    const size_t run_max = MMAI_FAST_ROWK / kc; /* chunks per run */
    const size_t nchunks = g->k == 0 ? 1u : (g->k + kc - 1u) / kc;
    const narrow_fmt fa = make_fmt((mma_format)ins->atype, prof, shift);
    const narrow_fmt fb = make_fmt((mma_format)ins->btype, prof, 0);
    uint32_t bw[MMAI_FAST_COLS * MMAI_FAST_ROWK], bm[MMAI_FAST_COLS * MMAI_FAST_ROWK];
    uint8_t be[MMAI_FAST_COLS * MMAI_FAST_ROWK], bspecial[MMAI_FAST_COLS * MAX_CHUNKS];
    uint32_t aw[MMAI_FAST_ROWK], am[MMAI_FAST_ROWK];
    uint8_t ae[MMAI_FAST_ROWK], aspecial[MAX_CHUNKS], perm[MMAI_FAST_MAX_K];
    const narrow_vec av = {aw, am, ae, aspecial};
    narrow_vec cols[MMAI_FAST_COLS];
    for (size_t jj = 0; jj < MMAI_FAST_COLS; ++jj) {
        const size_t o = jj * MMAI_FAST_ROWK, oc = jj * MAX_CHUNKS;
        const narrow_vec v = {bw + o, bm + o, be + o, bspecial + oc};
        cols[jj] = v;
    }
    mma_profile later = *prof;
    if (later.c_mode == MMA_C_UNUSED) {
        later.c_mode = MMA_C_JOINT;
    }
    for (size_t pos = 0; pos < kc; ++pos) {
        perm[pos] = (uint8_t)mmai_k_index(prof->k_order, pos, kc);
    }
    narrow_job x = {g, prof, &later, kc, 0, 0, fa.info->emin + fb.info->emin};
    for (size_t jb = j0; jb < j1; jb += MMAI_FAST_COLS) {
        const size_t nb = (j1 - jb) < MMAI_FAST_COLS ? (j1 - jb) : MMAI_FAST_COLS;
        for (size_t ch0 = 0; ch0 < nchunks; ch0 += run_max) {
            x.ch0 = ch0;
            x.nch = (nchunks - ch0) < run_max ? (nchunks - ch0) : run_max;
            mma_status st = decode_cols(&fb, &x, perm, jb, nb, cols);
            for (size_t i = i0; i < i1 && st == MMA_OK; ++i) {
                st = decode_row(&fa, &x, perm, i, &av);
                for (size_t jj = 0; jj < nb && st == MMA_OK; ++jj) {
                    const size_t j = jb + jj;
                    uint64_t acc = ch0 == 0 ? g->c[i * g->ldc + j] : g->d[i * g->ldd + j];
                    st = narrow_output(&x, i, j, &av, &cols[jj], &acc);
                    g->d[i * g->ldd + j] = acc;
                }
            }
            if (st != MMA_OK) {
                return st;
            }
        }
    }
    return MMA_OK;
}

#else

int32_t mmai_gemm_narrow_shift(const mma_instr *ins, const mma_profile *prof)
{
    (void)ins;
    (void)prof;
    return -1; /* never on 64-bit hosts: mmai_gemm_narrow_tile is not compiled */
}

#endif /* MMAI_BFMA_PER_TERM */
