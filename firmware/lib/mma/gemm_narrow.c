/*
 * GEMM narrow path: block-FMA GEMMs of 8-bit float operands (e4m3, e5m2, e3m2, e2m3, e2m1) to f32 on
 * 32-bit cores, the same bits as the row engine in 32-bit arithmetic. An element is decoded once per
 * block into a significand m (A's shifted left by L = F - pa - pb) and its code's word w =
 * MMAI_NARROW_WORD(sign, significand, term exponent); a product's aligned, truncated term (NUMERICS 3 step 6) is then
 * (ma * mb) >> (E - ea - eb), one multiply and one shift, and the shift count and the sign of the
 * product both come out of wa + wb. The accumulator travels as its f32 code; each step's frame,
 * C term and common rounding (f32 truncated to 24 bits, normal range) are inline, everything rarer
 * goes to the align / round stages (mma_bfma_round) and the separate-C add stage.
 */
#include "gemm_fast.h"

#if MMAI_BFMA_PER_TERM /* 32-bit targets only (64-bit hosts have the vector kernel) */

#define MAX_CHUNKS (MMAI_FAST_ROWK / MMAI_FAST_MIN_K)
#define BIAS MMAI_NARROW_BIAS /* biased term exponent of a nonzero element: e + BIAS in [44, 84] (|e| <= 20) */
#define E_LIMIT MMAI_NARROW_E_LIMIT
#define HAVE_SUM (2 * (BIAS - E_LIMIT)) /* two nonzero elements' biased sum is at least this; with a zero, less */

/* A decoded row of A or column of B over a run of chunks (positions in the profile's k order). */
typedef struct narrow_vec {
    uint32_t *w;      /* the element's decode-table entry (narrow_fmt): sign, significand, biased exponent */
    uint32_t *m;      /* significand; A's shifted left by L */
    uint8_t *special; /* per chunk: 1 if a NaN or Inf is among its elements */
} narrow_vec;

/* The biased exponent of element t of w: its low byte (read as a byte where the byte order allows). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define EXP_OF(w, t) ((uint32_t)((const uint8_t *)(w))[4u * (t)])
#else
#define EXP_OF(w, t) ((w)[t] & 0xFFu)
#endif

/*
 * How the elements of one operand are decoded: the word of every code of the format (get_table:
 * MMAI_NARROW_WORD of a finite nonzero code, MMAI_NARROW_SPECIAL for NaN and Inf, 0 for a zero or a
 * flushed subnormal).
 */
typedef struct narrow_fmt {
    const uint32_t *table;
    unsigned bits;           /* storage bits: a code has no others */
    unsigned shift;          /* A: L, B: 0 */
} narrow_fmt;

/* What every output of a tile shares. */
typedef struct narrow_job {
    const mma_gemm_desc *g;
    const mma_profile *eff;   /* chunk 0 of the GEMM */
    const mma_profile *later; /* chunks after it (C unused -> joint) */
    size_t kc, ch0, nch;      /* instruction k; the run's first chunk and its length */
    const struct narrow_par *par;
} narrow_job;

int32_t mmai_gemm_narrow_shift(const mma_instr *ins, const mma_profile *prof)
{
    const mma_format_info *ia = mma_format_get((mma_format)ins->atype);
    const mma_format_info *ib = mma_format_get((mma_format)ins->btype);
    if (ia == NULL || ib == NULL || ins->dtype != MMA_FMT_F32 || ins->block_scale) {
        return -1; /* a scale's exponent would leave the biased exponent's byte */
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

/* Column jj of a block of B: the block's arrays at jj * MMAI_FAST_ROWK elements and jj * MAX_CHUNKS flags. */
static narrow_vec column_of(const narrow_vec *blk, size_t jj)
{
    const narrow_vec v = {blk->w + jj * MMAI_FAST_ROWK, blk->m + jj * MMAI_FAST_ROWK, blk->special + jj * MAX_CHUNKS};
    return v;
}

/*
 * The decode table of format fmt: the library's constant one (mmai_narrow8_table), or one built in
 * *table (2^bits entries) where there is none (MMA_FAST_TABLES = 0) or subnormals are flushed
 * (profile.flush_subnormal_in).
 */
static mma_status get_table(mma_format fmt, bool flush, uint32_t *table, const uint32_t **out)
{
    const uint32_t *words = mmai_narrow8_table(fmt); /* MMA_FAST_TABLES builds */
    if (words != NULL && !flush) {
        *out = words;
        return MMA_OK;
    }
    const mma_format_info *info = mma_format_get(fmt);
    const uint32_t p = info->frac_bits, n = 1u << info->storage_bits;
    const uint32_t sig_min = flush ? 1u << p : 1u; /* a smaller significand takes no part */
    for (uint32_t code = 0; code < n; ++code) {
        uint32_t entry = 0; /* zero, or a flushed subnormal */
        if (words != NULL) {
            entry = words[code];
            if (entry != MMAI_NARROW_SPECIAL && ((entry >> 8) & 0xFFu) < sig_min) {
                entry = 0;
            }
        } else {
            mma_value x;
            mma_status st = mmai_decode_float(info, code, &x);
            if (st != MMA_OK) {
                return st;
            }
            if (x.cls == MMA_CLASS_FINITE && x.sig >= sig_min) {
                entry = MMAI_NARROW_WORD(x.sign, x.sig, x.exp + (int32_t)p);
            } else if (x.cls == MMA_CLASS_NAN || x.cls == MMA_CLASS_INF) {
                entry = MMAI_NARROW_SPECIAL;
            }
        }
        table[code] = entry;
    }
    *out = table;
    return MMA_OK;
}

/*
 * Decodes one code into *w, *m (an element of a narrow_vec) and ORs its table entry into *seen
 * (MMAI_NARROW_SPECIAL tells a NaN or Inf). MMA_ERR_CODE for bits beyond the format's width.
 */
static MMAI_HOT_INLINE mma_status narrow_elem(const narrow_fmt *f, uint64_t code, uint32_t *w, uint32_t *m,
                                              uint32_t *seen)
{
    const uint32_t lo = (uint32_t)code;
    if (((uint32_t)(code >> 32) | (lo >> f->bits)) != 0) {
        return MMA_ERR_CODE;
    }
    const uint32_t entry = f->table[lo];
    *w = entry;
    *m = ((entry >> 8) & 0xFFu) << f->shift;
    *seen |= entry;
    return MMA_OK;
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
    for (size_t c = 0; c < x->nch; ++c) {
        const size_t k0 = (x->ch0 + c) * kc;
        uint32_t seen = 0;
        mma_status st = MMA_OK;
        if (k0 + kc <= kmax) { /* the whole chunk inside K */
            const uint64_t *codes = row + k0;
            for (size_t pos = 0; pos < kc && st == MMA_OK; ++pos) {
                st = narrow_elem(&f, codes[perm[pos]], w++, m++, &seen);
            }
        } else {
            for (size_t pos = 0; pos < kc && st == MMA_OK; ++pos) {
                const size_t k = k0 + perm[pos];
                st = narrow_elem(&f, k < kmax ? row[k] : 0u, w++, m++, &seen);
            }
        }
        if (st != MMA_OK) {
            return st;
        }
        v->special[c] = (seen & MMAI_NARROW_SPECIAL) != 0 ? 1u : 0u;
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
    for (size_t c = 0; c < x->nch; ++c) {
        const size_t k0 = (x->ch0 + c) * kc;
        uint32_t seen[MMAI_FAST_COLS] = {0};
        for (size_t pos = 0; pos < kc; ++pos) {
            const size_t k = k0 + perm[pos], t = c * kc + pos;
            const uint64_t *row = k < g->k ? &g->b[k * g->ldb + jb] : NULL;
            uint32_t *w = cols[0].w + t, *m = cols[0].m + t;
            for (size_t jj = 0; jj < nb; ++jj) {
                mma_status st = narrow_elem(&f, row != NULL ? row[jj] : 0u, w, m, &seen[jj]);
                if (st != MMA_OK) {
                    return st;
                }
                w += MMAI_FAST_ROWK;
                m += MMAI_FAST_ROWK;
            }
        }
        for (size_t jj = 0; jj < nb; ++jj) {
            cols[jj].special[c] = (seen[jj] & MMAI_NARROW_SPECIAL) != 0 ? 1u : 0u;
        }
    }
    return MMA_OK;
}

/* ------------------------------------------------------------------ one step */

/* Largest biased exponent sum ea + eb of cnt products (below HAVE_SUM if every product is zero). */
static MMAI_HOT_INLINE uint32_t narrow_emax(const uint32_t *wa, const uint32_t *wb, size_t cnt)
{
    uint32_t m = 0;
    const uint32_t *const end4 = wa + (cnt & ~(size_t)3);
    while (wa != end4) {
        const uint32_t s0 = EXP_OF(wa, 0) + EXP_OF(wb, 0), s1 = EXP_OF(wa, 1) + EXP_OF(wb, 1);
        const uint32_t s2 = EXP_OF(wa, 2) + EXP_OF(wb, 2), s3 = EXP_OF(wa, 3) + EXP_OF(wb, 3);
        m = s0 > m ? s0 : m;
        m = s1 > m ? s1 : m;
        m = s2 > m ? s2 : m;
        m = s3 > m ? s3 : m;
        wa += 4;
        wb += 4;
    }
    for (size_t t = 0; t < (cnt & 3u); ++t) {
        const uint32_t s = EXP_OF(wa, t) + EXP_OF(wb, t);
        m = s > m ? s : m;
    }
    return m;
}

/* All ones if bit 31 of x is set, else 0: one arithmetic shift where the compiler documents it. */
static inline uint32_t sign_mask(uint32_t x)
{
#if defined(__GNUC__)
    /* GCC and Clang define >> of a negative int as arithmetic (implementation-defined in C11) */
    return (uint32_t)((int32_t)x >> 31); // cppcheck-suppress shiftTooManyBitsSigned ; GCC/Clang document it
#else
    return 0u - (x >> 31);
#endif
}

/* One product: its aligned magnitude into all, and into n if the product is negative (narrow_terms). */
#define NARROW_TERM(t)                                                    \
    do {                                                                  \
        const uint32_t w_ = wa[t] + wb[t];                                \
        const uint32_t v_ = (ma[t] * mb[t]) >> ((eb - w_) & 31u);        \
        all += v_;                                                        \
        n += v_ & sign_mask(w_);                                          \
    } while (0)

/*
 * The aligned, truncated magnitudes of cnt products summed, and in *neg the negative ones' (both
 * below 2^32: mmai_gemm_narrow_shift). eb = E + 2 BIAS: the low byte of wa + wb is ea + eb + 2 BIAS
 * (below 2^8; the significand bits from bit 8 up do not reach bit 31) and bit 31 is sa ^ sb, so
 * eb - (wa + wb) is the product's shift E - ea - eb modulo 32, which is the shift itself when no
 * product is more than 31 below E (!clamp); otherwise the shift is clamped at 31, leaving 0 of any
 * term (ma * mb < 2^(F+2) <= 2^31). A zero element (m = 0) adds 0.
 */
static MMAI_HOT_INLINE uint32_t narrow_terms(const uint32_t *wa, const uint32_t *ma, const uint32_t *wb,
                                             const uint32_t *mb, size_t cnt, uint32_t eb, bool clamp, uint32_t *neg)
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
            const uint32_t sh = eb - (w & 0xFFu); /* >= 0: E is at least every sum's exponent */
            const uint32_t v = (ma[t] * mb[t]) >> (sh < 31u ? sh : 31u);
            all += v;
            n += v & sign_mask(w);
        }
    }
    *neg = n;
    return all;
}
#undef NARROW_TERM

/* Position of the most significant set bit of x != 0. */
static inline int msb32(uint32_t x)
{
    int n = 0; /* a binary search: no clz instruction on rv32imc, and no libgcc call */
    if (x >= 0x10000u) {
        x >>= 16;
        n += 16;
    }
    if (x >= 0x100u) {
        x >>= 8;
        n += 8;
    }
    if (x >= 0x10u) {
        x >>= 4;
        n += 4;
    }
    if (x >= 0x4u) {
        x >>= 2;
        n += 2;
    }
    return n + (x >= 0x2u ? 1 : 0);
}

/* The step parameters of the tile's profile (chunks after the first differ only in C placement). */
typedef struct narrow_par {
    size_t G;                /* products per step */
    const mma_profile *prof; /* for the cases left to the round stage */
    int32_t F;
    int32_t min_e;           /* min_E of f32 steps; INT32_MIN if none */
    int32_t emin;            /* smallest exponent of a nonzero product */
    bool rz24;               /* f32 steps truncated (RZ) to 24 bits: every NVIDIA preset */
    bool zero_c;             /* profile.zero_c_term */
} narrow_par;

/* Step 8 by the round stage: S * 2^(E - F) (the frame: finite, a term, C's part) to the step format. */
static mma_status round_stage(const narrow_par *p, int32_t E, bool c_term, int64_t S, uint32_t *acc)
{
    const mma_bfma_frame fr = {MMA_BFMA_FINITE, 1, c_term ? 1u : 0u, 0, E};
    uint64_t code = 0;
    mma_status st = mma_bfma_round(p->prof, MMA_FMT_F32, &fr, S, &code);
    *acc = (uint32_t)code;
    return st;
}

/*
 * Step 8 for f32 with |S| < 2^32: S * 2^(E - F) rounded to the step format, the case of every NVIDIA
 * preset's datapath (truncated to 24 bits, a normal result) inline, the rest by the round stage.
 */
static inline mma_status narrow_round(const narrow_par *p, int32_t E, bool c_term, bool neg, uint32_t mag,
                                      uint32_t *acc)
{
    if (mag == 0) {
        *acc = 0; /* an exact zero sum: +0 */
        return MMA_OK;
    }
    if (p->rz24) {
        const int msb = msb32(mag);
        const int32_t top = E - p->F + msb;
        if (top >= -126 && top <= 127) {
            const uint32_t sig = msb >= 23 ? mag >> (unsigned)(msb - 23) : mag << (unsigned)(23 - msb);
            *acc = (neg ? 0x80000000u : 0u) | ((uint32_t)(top + 127) << 23) | (sig & 0x7FFFFFu);
            return MMA_OK;
        }
    }
    return round_stage(p, E, c_term, neg ? -(int64_t)mag : (int64_t)mag, acc);
}

/* One step's operands: cnt elements of A (wa, ma) and of B (wb, mb). */
typedef struct step_ops {
    const uint32_t *wa, *ma, *wb, *mb;
} step_ops;

/*
 * One block-FMA step over cnt products, from the accumulator *acc (an f32 code) if have_acc:
 * NUMERICS 3 steps 1-8 as mma_bfma_align / sum / round do them.
 */
static MMAI_HOT_INLINE mma_status narrow_step(const narrow_par *p, const step_ops *o, size_t cnt, bool have_acc,
                                              uint32_t *acc)
{
    const uint32_t cc = *acc, cexp = (cc >> 23) & 0xFFu;
    if (have_acc && cexp == 0xFFu) {
        /* finite products: a NaN accumulator gives the canonical NaN, an Inf stays that Inf */
        const mma_bfma_frame fr = {
            (uint8_t)((cc & 0x7FFFFFu) != 0 ? MMA_BFMA_NAN : ((cc >> 31) != 0 ? MMA_BFMA_NINF : MMA_BFMA_PINF)), 0, 0,
            0, 0};
        uint64_t code = 0;
        mma_status st = mma_bfma_round(p->prof, MMA_FMT_F32, &fr, 0, &code);
        *acc = (uint32_t)code;
        return st;
    }
    const uint32_t esum = narrow_emax(o->wa, o->wb, cnt);
    const bool have = esum >= (uint32_t)HAVE_SUM;
    const bool c_term = have_acc && (cc << 1) != 0;
    int32_t E = (int32_t)esum - 2 * BIAS;
    if (c_term || (have_acc && p->zero_c)) {
        /* C's exponent floor(log2|c|), at least -126; a zero C under zero_c_term: -126 */
        const int32_t ec = c_term ? (int32_t)(cexp != 0 ? cexp : 1u) - 127 : -126;
        E = (!have || ec > E) ? ec : E;
    } else if (!have) {
        *acc = 0; /* no term: +0 */
        return MMA_OK;
    }
    E = E < p->min_e ? p->min_e : E;
    int32_t ct = 0; /* C's term, |ct| < 2^(F+1) <= 2^30 */
    if (c_term) {
        /* its 24-bit significand at weight 2^(exp + F - E), exp = max(field, 1) - 150 */
        const uint32_t sig = (cc & 0x7FFFFFu) | (cexp != 0 ? 0x800000u : 0u);
        const int32_t sh = (int32_t)(cexp != 0 ? cexp : 1u) - 150 + p->F - E; /* <= F - 23 */
        const uint32_t t = sh >= 0 ? sig << (unsigned)sh : (sh > -32 ? sig >> (unsigned)(-sh) : 0u);
        ct = (cc >> 31) != 0 ? -(int32_t)t : (int32_t)t;
    }
    uint32_t all = 0, neg = 0;
    if (have) {
        all = narrow_terms(o->wa, o->ma, o->wb, o->mb, cnt, (uint32_t)(E + 2 * BIAS),
                           E - p->emin > 31, &neg);
    }
    if (all < 0x40000000u) { /* S in 32 bits: |all - 2 neg| <= all < 2^30 */
        const int32_t S = (int32_t)all - 2 * (int32_t)neg + ct;
        return narrow_round(p, E, c_term, S < 0, S < 0 ? 0u - (uint32_t)S : (uint32_t)S, acc);
    }
    const int64_t S = (int64_t)all - 2 * (int64_t)neg + ct;
    const uint64_t mag = S < 0 ? (uint64_t)0 - (uint64_t)S : (uint64_t)S;
    return (mag >> 32) == 0 ? narrow_round(p, E, c_term, S < 0, (uint32_t)mag, acc) : round_stage(p, E, c_term, S, acc);
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

/*
 * The steps of one chunk (kc products from position 0 of the four arrays, G a step) from the
 * accumulator c if have_acc, then as each step's result; *r receives the last step's result.
 */
static inline mma_status chunk_steps(const narrow_par *p, const uint32_t *wa, const uint32_t *ma, const uint32_t *wb,
                                      const uint32_t *mb, size_t kc, bool have_acc, uint32_t c, uint32_t *r)
{
    const size_t G = p->G;
    uint32_t acc = c;
    for (size_t pos = 0; pos < kc; pos += G) {
        const step_ops o = {wa + pos, ma + pos, wb + pos, mb + pos};
        const size_t cnt = (kc - pos) < G ? (kc - pos) : G;
        mma_status st = MMA_OK;
#if MMA_FAST_TABLES
        /* the presets' step sizes as constants: their loops then have no remainder to set up */
        if (cnt == 16u) {
            st = narrow_step(p, &o, 16u, have_acc, &acc);
        } else if (cnt == 32u) {
            st = narrow_step(p, &o, 32u, have_acc, &acc);
        } else
#endif
        {
            st = narrow_step(p, &o, cnt, have_acc, &acc);
        }
        if (st != MMA_OK) {
            return st;
        }
        have_acc = true;
    }
    *r = acc;
    return MMA_OK;
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
        if (ch == 0) {
            st = mmai_fast_first_c(x->g->ins, prof, true, *acc, &c_d);
        }
        if (st == MMA_OK && (c_d >> 32) != 0) {
            st = MMA_ERR_CODE; /* not an f32 code */
        }
        const uint32_t cin = (uint32_t)c_d;
        const size_t t0 = c * x->kc;
        uint32_t r = 0;
        if (st == MMA_OK) {
            const bool joint = prof->c_mode == MMA_C_JOINT;
            st = chunk_steps(x->par, a->w + t0, a->m + t0, b->w + t0, b->m + t0, x->kc, joint, cin, &r);
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

mma_status mmai_gemm_narrow_tile(const mma_gemm_desc *g, const mma_profile *prof, unsigned shift, size_t i0, size_t i1,
                                 size_t j0, size_t j1)
{
    const mma_instr *ins = g->ins;
    const size_t kc = ins->k;
    const size_t run_max = MMAI_FAST_ROWK / kc; /* chunks per run */
    const size_t nchunks = g->k == 0 ? 1u : (g->k + kc - 1u) / kc;
    const mma_format_info *ia = mma_format_get((mma_format)ins->atype), *ib = mma_format_get((mma_format)ins->btype);
    uint32_t ta[256], tb[256];
    const uint32_t *table_a = NULL, *table_b = NULL;
    const bool flush = prof->flush_subnormal_in != 0;
    mma_status st0 = get_table((mma_format)ins->atype, flush, ta, &table_a);
    if (st0 == MMA_OK) {
        st0 = get_table((mma_format)ins->btype, flush, tb, &table_b);
    }
    if (st0 != MMA_OK) {
        return st0;
    }
    const narrow_fmt fa = {table_a, ia->storage_bits, shift};
    const narrow_fmt fb = {table_b, ib->storage_bits, 0};
    uint32_t bw[MMAI_FAST_COLS * MMAI_FAST_ROWK], bm[MMAI_FAST_COLS * MMAI_FAST_ROWK];
    uint8_t bspecial[MMAI_FAST_COLS * MAX_CHUNKS];
    uint32_t aw[MMAI_FAST_ROWK], am[MMAI_FAST_ROWK];
    uint8_t aspecial[MAX_CHUNKS], perm[MMAI_FAST_MAX_K];
    const narrow_vec av = {aw, am, aspecial}, blk = {bw, bm, bspecial};
    narrow_vec cols[MMAI_FAST_COLS];
    for (size_t jj = 0; jj < MMAI_FAST_COLS; ++jj) {
        cols[jj] = column_of(&blk, jj);
    }
    mma_profile later = *prof;
    if (later.c_mode == MMA_C_UNUSED) {
        later.c_mode = MMA_C_JOINT;
    }
    for (size_t pos = 0; pos < kc; ++pos) {
        perm[pos] = (uint8_t)mmai_k_index(prof->k_order, pos, kc);
    }
    const narrow_par par = {prof->group,
                            prof,
                            (int32_t)prof->frac_bits,
                            prof->min_e_f32 != MMA_MIN_E_NONE ? (int32_t)prof->min_e_f32 : INT32_MIN,
                            ia->emin + ib->emin,
                            prof->f32_sig_bits == 24u && prof->f32_round == MMA_RND_RZ,
                            prof->zero_c_term != 0};
    narrow_job x = {g, prof, &later, kc, 0, 0, &par};
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
