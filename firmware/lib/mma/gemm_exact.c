/*
 * GEMM fast path of the `exact` profile for float operands of at most 8 bits (e5m2, e4m3, e3m2,
 * e2m3, e2m1): each element becomes a fixed-point integer, its significand shifted by its LSB
 * weight above the format's smallest subnormal, so the products of a scale block of a chunk (the
 * whole chunk when unscaled) are summed exactly in int64. Per chunk, the exact accumulator then
 * takes C, each block's sum times its ue8m0 factor and rounds once: exact_run's value and rounding
 * (accumulate.c), with one wide addition a block instead of one a product. A pair of formats whose
 * products could pass 2^62 (e5m2's values need 32 bits) keeps each integer as v = h * 2^16 + l and
 * sums the three partial products (h h, h l + l h, l l) apart. Beside each integer an element
 * keeps its sign, zero, NaN and Inf flags: a chunk with a NaN (or a block with a NaN scale) is
 * NaN, a chunk with an Inf takes mma_multiply's rules term by term (Inf x 0 is NaN), and a chunk
 * whose products are all zero takes the zero-sign rule, all without leaving the path.
 */
#include "gemm_fast.h"

#if MMA_CFG_ACC_EXACT

/* How the elements of one operand become fixed-point integers. */
typedef struct fix_fmt {
    const mma_format_info *info;
    const mmai_dec8 *table; /* decode table (MMA_FAST_TABLES) or NULL */
    int32_t lsb0;           /* LSB weight of the smallest subnormal: the fixed point's unit */
    unsigned split;         /* 0: the integer in one word; FIX_SPLIT: its high and low parts */
} fix_fmt;

/* Bits of the largest finite magnitude of a float format in units of its smallest subnormal. */
static int32_t fix_bits(const mma_format_info *f)
{
    return (int32_t)f->emax - (int32_t)f->emin + (int32_t)f->frac_bits + 1;
}

/* A format whose elements fit a signed 48-bit fixed-point integer (split in two words past 31 bits). */
static bool fix_format(const mma_format_info *f)
{
    return f != NULL && f->kind == MMA_KIND_FLOAT && f->storage_bits <= 8 && f->has_subnormals && fix_bits(f) <= 47;
}

bool mmai_gemm_exact_eligible(const mma_instr *ins, const mma_profile *prof, const mma_scale_shape *shape)
{
    const mma_format_info *ia = mma_format_get((mma_format)ins->atype);
    const mma_format_info *ib = mma_format_get((mma_format)ins->btype);
    if (prof == NULL || prof->algo != MMA_ACC_EXACT || prof->flush_subnormal_in != 0 ||
        ins->sparsity != MMA_SPARSE_NONE || ins->k < 1u || ins->k > MMAI_FAST_MAX_K || !fix_format(ia) ||
        !fix_format(ib) || !mma_format_is_float((mma_format)ins->dtype)) {
        return false;
    }
    if (ins->block_scale &&
        (shape == NULL || shape->stype != MMA_FMT_UE8M0 || shape->block_k == 0 || ins->k % shape->block_k != 0)) {
        return false;
    }
    return true;
}

/* v = h * 2^16 + l, 0 <= l < 2^16: |h| < 2^31, and h h, h l, l l of k <= 64 terms sum below 2^56 */
#define FIX_SPLIT 16u

/* True if the sum of k products of two formats' integers (k needs msb + 1 bits) may pass 2^62: the split form. */
static bool fix_split(const mma_format_info *ia, const mma_format_info *ib, size_t k)
{
    return fix_bits(ia) > 31 || fix_bits(ib) > 31 || fix_bits(ia) + fix_bits(ib) + mma_msb64(k) + 1 > 62;
}

static fix_fmt make_fix(mma_format fmt, unsigned split)
{
    const mma_format_info *info = mma_format_get(fmt);
    const fix_fmt f = {info, mmai_decode8_table(fmt), (int32_t)info->emin - (int32_t)info->frac_bits, split};
    return f;
}

/* An element's sign and class beside its fixed-point integer. */
#define FIX_NEG 1u  /* the sign bit (of zeros too) */
#define FIX_ZERO 2u /* a zero */
#define FIX_NAN 4u
#define FIX_INF 8u

/*
 * Decodes a code: its fixed-point integer (0 for zeros, NaN and Inf) as *hi (split: the high part,
 * and the low one in *lo; else all of it, *lo 0) and FIX_* flags; false for an invalid code.
 */
static MMAI_HOT_INLINE bool fix_decode(const fix_fmt *f, uint64_t code, int32_t *hi, uint16_t *lo, uint8_t *flags)
{
    mma_value v = {MMA_CLASS_ZERO, 0, 0, 0, 0, 0};
    if ((code >> f->info->storage_bits) != 0) {
        return false;
    }
    if (f->table != NULL) {
        const mmai_dec8 *d = &f->table[(size_t)code];
        v.cls = d->cls;
        v.sign = d->sign;
        v.sig = d->sig;
        v.exp = d->lsb;
    } else if (mmai_decode_float(f->info, code, &v) != MMA_OK) {
        return false;
    }
    *flags = (uint8_t)((v.sign ? FIX_NEG : 0u) | (v.cls == MMA_CLASS_ZERO ? FIX_ZERO : 0u) |
                       (v.cls == MMA_CLASS_NAN ? FIX_NAN : 0u) | (v.cls == MMA_CLASS_INF ? FIX_INF : 0u));
    int64_t val = 0;
    if (v.cls == MMA_CLASS_FINITE) {
        const int64_t mag = (int64_t)(v.sig << (unsigned)(v.exp - f->lsb0)); /* below 2^47 */
        val = v.sign ? -mag : mag;
    }
    *lo = 0;
    if (f->split != 0) {
        *lo = (uint16_t)((uint64_t)val & 0xFFFFu);
        val = (val - (int64_t)*lo) / 65536; /* exact: the floor of val / 2^16 */
    }
    *hi = (int32_t)val;
    return true;
}

/* One operand's elements of a run of chunks: integers, flags and, per chunk, the flags of its NaN and Inf. */
typedef struct fix_vec {
    int32_t *hi;
    uint16_t *lo;
    uint8_t *flags;
    uint8_t *special; /* per chunk: FIX_NAN, FIX_INF of its elements */
} fix_vec;

/*
 * Decodes n codes at a stride into elements [t0, t0 + n) of v (code 0, +0, where codes is NULL:
 * the zero padding past K), noting chunk t / kc's NaN and Inf.
 */
static bool fix_decode_run(const fix_fmt *f, const uint64_t *codes, size_t stride, size_t t0, size_t n, size_t kc,
                           const fix_vec *v)
{
    for (size_t t = t0; t < t0 + n; ++t) {
        if (!fix_decode(f, codes != NULL ? codes[(t - t0) * stride] : 0u, &v->hi[t], &v->lo[t], &v->flags[t])) {
            return false;
        }
        v->special[t / kc] |= (uint8_t)(v->flags[t] & (FIX_NAN | FIX_INF));
    }
    return true;
}

/* A chunk's elements of one operand (kc each from the chunk's first). */
typedef struct fix_elems {
    const int32_t *hi;
    const uint16_t *lo;
    const uint8_t *flags;
} fix_elems;

/* What every output of a tile shares. */
typedef struct exact_job {
    const mma_gemm_desc *g;
    const mma_profile *eff;   /* chunk 0 of the GEMM */
    const mma_profile *later; /* chunks after it: C unused becomes "accumulate into D" */
    const mma_format_info *dinfo;
    size_t kc;                /* the instruction's k */
    size_t block_k;           /* k a scale covers (kc when unscaled) */
    size_t nblk;              /* scale blocks along K */
    int32_t lsb;              /* LSB weight of a product of two fixed-point integers */
    unsigned split;           /* FIX_SPLIT: the integers in two parts */
} exact_job;

/* The ue8m0 factor of block q for output (i, j): blocks past K, and unscaled GEMMs, have unit scales. */
static mma_status block_factor(const exact_job *x, size_t i, size_t j, size_t q, mma_scale_factor *f)
{
    const mma_gemm_desc *g = x->g;
    const mma_scale_factor unit = {0, 0, 1, 0, 0};
    *f = unit;
    if (!g->ins->block_scale || q >= x->nblk) {
        return MMA_OK;
    }
    return mma_block_scale(MMA_FMT_UE8M0, g->scale_a[i * g->ldsa + q], g->scale_b[q * g->ldsb + j], f);
}

/* A NaN or Inf product (mma_multiply: a NaN operand or scale, Inf x 0; Inf x nonzero) into the sum. */
static mma_status add_special(mmai_exact_sum *s, uint8_t cls, unsigned sign)
{
    const mma_product p = {cls, (uint8_t)sign, 0, 0, 0, 0, 0};
    return mmai_exact_sum_add_product(s, &p);
}

/* Sums of the finite products of a block: one (whole integers) or three (split) partial sums. */
typedef struct fix_sums {
    int64_t s2, s1, s0; /* split: h h, h l + l h, l l; else s0 alone */
    bool nonzero;       /* a product that is not zero */
} fix_sums;

/* The zeros of a chunk all of whose products are zero: their signs into the sum. */
static mma_status zero_products(const uint8_t *af, const uint8_t *bf, size_t kc, mmai_exact_sum *s)
{
    unsigned seen = 0; /* bit 0: a +0 product, bit 1: a -0 product */
    for (size_t t = 0; t < kc; ++t) {
        seen |= ((af[t] ^ bf[t]) & FIX_NEG) != 0 ? 2u : 1u;
    }
    mma_status st = MMA_OK;
    for (unsigned sign = 0; sign < 2 && st == MMA_OK; ++sign) {
        if (seen & (1u << sign)) {
            const mma_value z = {MMA_CLASS_ZERO, (uint8_t)sign, 0, 0, 0, 0};
            st = mmai_exact_sum_add_value(s, &z);
        }
    }
    return st;
}

/* Block [t0, t1) of a chunk of finite elements into the sums: the loops the compiler vectorises. */
static void block_terms(const exact_job *x, const fix_elems *a, const fix_elems *b, size_t t0, size_t t1, fix_sums *r)
{
    const int32_t *ah = a->hi, *bh = b->hi;
    if (x->split == 0) {
        int64_t s0 = 0;
        uint64_t nonzero = 0;
        for (size_t t = t0; t < t1; ++t) {
            /* ah, bh: decoded for every t of the run before the run's outputs (fix_decode_run) */
            const int64_t p = (int64_t)ah[t] * (int64_t)bh[t]; // NOLINT(clang-analyzer-core.UndefinedBinaryOperatorResult)
            s0 += p;
            nonzero |= (uint64_t)p;
        }
        r->s0 = s0;
        r->nonzero = nonzero != 0;
        return;
    }
    const uint16_t *al = a->lo, *bl = b->lo;
    const uint8_t *af = a->flags, *bf = b->flags;
    int64_t s2 = 0, s1 = 0, s0 = 0;
    unsigned nonzero = 0;
    for (size_t t = t0; t < t1; ++t) {
        const int64_t h = ah[t], k = bh[t], l = al[t], m = bl[t]; // NOLINT(clang-analyzer-core.uninitialized.Assign)
        s2 += h * k;
        s1 += h * m + l * k;
        s0 += l * m;
        nonzero |= ((af[t] | bf[t]) & FIX_ZERO) ^ FIX_ZERO; /* FIX_ZERO unless one of them is zero */
    }
    r->s2 = s2;
    r->s1 = s1;
    r->s0 = s0;
    r->nonzero = nonzero != 0;
}

/*
 * The Inf products of elements [t0, t1) of a chunk that holds an Inf (and no NaN): Inf x 0 is NaN,
 * Inf x nonzero or Inf is Inf of the product's sign. The finite products do not matter: an Inf
 * element's product is Inf or NaN, and either decides the rounded sum.
 */
static mma_status special_terms(const fix_elems *a, const fix_elems *b, size_t t0, size_t t1, mmai_exact_sum *s)
{
    mma_status st = MMA_OK;
    for (size_t t = t0; t < t1 && st == MMA_OK; ++t) {
        const unsigned fa = a->flags[t], fb = b->flags[t];
        if (((fa & FIX_INF) != 0 && (fb & FIX_ZERO) != 0) || ((fb & FIX_INF) != 0 && (fa & FIX_ZERO) != 0)) {
            st = add_special(s, MMA_CLASS_NAN, 0);
        } else if (((fa | fb) & FIX_INF) != 0) {
            st = add_special(s, MMA_CLASS_INF, (fa ^ fb) & FIX_NEG);
        }
    }
    return st;
}

/* A block's sums times 2^(lsb + e) into the exact sum (three parts when split). */
static mma_status add_sums(const exact_job *x, const fix_sums *r, int32_t e, mmai_exact_sum *s)
{
    const int32_t lsb = x->lsb + e;
    mma_status st = mmai_exact_sum_add_fixed(s, r->s0, lsb);
    if (st == MMA_OK && x->split != 0) {
        st = mmai_exact_sum_add_fixed(s, r->s1, lsb + (int32_t)x->split);
    }
    if (st == MMA_OK && x->split != 0) {
        st = mmai_exact_sum_add_fixed(s, r->s2, lsb + 2 * (int32_t)x->split);
    }
    return st;
}

/*
 * Chunk ch of output (i, j) from its elements a, b (kc each; special: FIX_NAN / FIX_INF among them:
 * a NaN makes the chunk's sum NaN whatever its other products are, as exact_run's special tracking
 * does): *acc is C (chunk 0) or the previous chunk's D, then this chunk's D.
 */
static mma_status exact_chunk(const exact_job *x, size_t i, size_t j, size_t ch, const fix_elems *a,
                              const fix_elems *b, unsigned special, uint64_t *acc)
{
    const mma_instr *ins = x->g->ins;
    const bool gemm_first = ch == 0;
    const mma_profile *prof = gemm_first ? x->eff : x->later;
    const size_t nq = x->kc / x->block_k;
    const bool nan = (special & FIX_NAN) != 0;
    mmai_exact_sum s;
    mmai_exact_sum_init(&s);
    mma_status st = MMA_OK;
    if (prof->c_mode != MMA_C_UNUSED) {
        uint64_t c_d = 0;
        mma_value cv;
        st = mmai_fast_first_c(ins, prof, gemm_first, *acc, &c_d);
        if (st == MMA_OK) {
            st = mma_decode((mma_format)ins->dtype, c_d, &cv);
        }
        if (st == MMA_OK) {
            st = mmai_exact_sum_add_value(&s, &cv);
        }
    }
    if (st == MMA_OK && nan) {
        st = add_special(&s, MMA_CLASS_NAN, 0);
    }
    bool any = false; /* a nonzero finite product (the zero-sign rule is moot once a NaN or Inf is in) */
    for (size_t q = 0; q < nq && st == MMA_OK && !nan; ++q) {
        const size_t t0 = q * x->block_k, t1 = t0 + x->block_k;
        mma_scale_factor f;
        fix_sums r = {0, 0, 0, false};
        st = block_factor(x, i, j, ch * nq + q, &f);
        if (st == MMA_OK && f.nan) { /* a NaN scale makes each product of its block NaN */
            st = add_special(&s, MMA_CLASS_NAN, 0);
            continue;
        }
        if (st == MMA_OK && special != 0) {
            st = special_terms(a, b, t0, t1, &s);
        } else if (st == MMA_OK) {
            block_terms(x, a, b, t0, t1, &r);
        }
        if (st == MMA_OK && r.nonzero) {
            any = true;
            st = add_sums(x, &r, f.exp, &s); /* ue8m0: significand 1, never zero */
        }
    }
    if (st == MMA_OK && !any) {
        st = zero_products(a->flags, b->flags, x->kc, &s);
    }
    if (st != MMA_OK) {
        return st;
    }
    return mmai_exact_sum_round(&s, x->dinfo, (mma_round)prof->round_mode, 0, x->dinfo->canonical_nan, acc);
}

#define MAX_CHUNKS (MMAI_FAST_ROWK / MMAI_FAST_MIN_K) /* chunks per run at most */

mma_status mmai_gemm_exact_tile(const mma_gemm_desc *g, const mma_profile *eff, const mma_scale_shape *shape,
                                size_t nblk, size_t i0, size_t i1, size_t j0, size_t j1)
{
    const mma_instr *ins = g->ins;
    const size_t kc = ins->k;
    const size_t run_max = MMAI_FAST_ROWK / kc; /* chunks per run */
    const size_t nchunks = g->k == 0 ? 1u : (g->k + kc - 1u) / kc;
    mma_profile later = *eff;
    if (later.c_mode == MMA_C_UNUSED) {
        later.c_mode = MMA_C_JOINT;
    }
    const unsigned split =
        fix_split(mma_format_get((mma_format)ins->atype), mma_format_get((mma_format)ins->btype), kc) ? FIX_SPLIT : 0u;
    const fix_fmt fa = make_fix((mma_format)ins->atype, split), fb = make_fix((mma_format)ins->btype, split);
    const exact_job x = {g, eff, &later, mma_format_get((mma_format)ins->dtype), kc,
                         ins->block_scale ? shape->block_k : kc, nblk, fa.lsb0 + fb.lsb0, split};
    /* a run of B: MMAI_FAST_COLS columns of MMAI_FAST_ROWK elements; of A: one row of MMAI_FAST_ROWK */
    /* not cleared: a run's elements [0, klen) are decoded before any is read (56 KB of stores a tile) */
    int32_t bhi[MMAI_FAST_COLS * MMAI_FAST_ROWK], ahi[MMAI_FAST_ROWK];
    uint16_t blo[MMAI_FAST_COLS * MMAI_FAST_ROWK], alo[MMAI_FAST_ROWK];
    uint8_t bflags[MMAI_FAST_COLS * MMAI_FAST_ROWK], aflags[MMAI_FAST_ROWK];
    uint8_t bspecial[MMAI_FAST_COLS * MAX_CHUNKS], aspecial[MAX_CHUNKS];
    const fix_vec av = {ahi, alo, aflags, aspecial};
    for (size_t jb = j0; jb < j1; jb += MMAI_FAST_COLS) {
        const size_t nb = (j1 - jb) < MMAI_FAST_COLS ? (j1 - jb) : MMAI_FAST_COLS;
        for (size_t ch0 = 0; ch0 < nchunks; ch0 += run_max) {
            const size_t nch = (nchunks - ch0) < run_max ? (nchunks - ch0) : run_max;
            const size_t kbeg = ch0 * kc, klen = nch * kc; /* positions [kbeg, kbeg + klen) of K, zero past K */
            const size_t kin = g->k > kbeg ? (g->k - kbeg < klen ? g->k - kbeg : klen) : 0u;
            for (size_t c = 0; c < sizeof bspecial; ++c) {
                bspecial[c] = 0;
            }
            for (size_t jj = 0; jj < nb; ++jj) {
                const size_t bo = jj * MMAI_FAST_ROWK;
                const fix_vec bv = {&bhi[bo], &blo[bo], &bflags[bo], &bspecial[jj * MAX_CHUNKS]};
                if (!fix_decode_run(&fb, kin != 0 ? &g->b[kbeg * g->ldb + jb + jj] : NULL, g->ldb, 0, kin, kc, &bv) ||
                    !fix_decode_run(&fb, NULL, 0, kin, klen - kin, kc, &bv)) {
                    return MMA_ERR_CODE;
                }
            }
            for (size_t i = i0; i < i1; ++i) {
                for (size_t c = 0; c < sizeof aspecial; ++c) {
                    aspecial[c] = 0;
                }
                if (!fix_decode_run(&fa, kin != 0 ? &g->a[i * g->lda + kbeg] : NULL, 1, 0, kin, kc, &av) ||
                    !fix_decode_run(&fa, NULL, 0, kin, klen - kin, kc, &av)) {
                    return MMA_ERR_CODE;
                }
                for (size_t jj = 0; jj < nb; ++jj) {
                    const size_t j = jb + jj, bo = jj * MMAI_FAST_ROWK;
                    uint64_t acc = ch0 == 0 ? g->c[i * g->ldc + j] : g->d[i * g->ldd + j];
                    for (size_t ch = 0; ch < nch; ++ch) {
                        const fix_elems ae = {&ahi[ch * kc], &alo[ch * kc], &aflags[ch * kc]};
                        const fix_elems be = {&bhi[bo + ch * kc], &blo[bo + ch * kc], &bflags[bo + ch * kc]};
                        const unsigned special = (unsigned)aspecial[ch] | bspecial[jj * MAX_CHUNKS + ch];
                        mma_status st = exact_chunk(&x, i, j, ch0 + ch, &ae, &be, special, &acc);
                        if (st != MMA_OK) {
                            return st;
                        }
                    }
                    g->d[i * g->ldd + j] = acc;
                }
            }
        }
    }
    return MMA_OK;
}

#endif /* MMA_CFG_ACC_EXACT */
