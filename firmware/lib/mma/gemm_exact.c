/*
 * GEMM fast path of the `exact` profile for float operands of at most 8 bits (e4m3, e3m2, e2m3,
 * e2m1; not e5m2, whose range needs 32 bits): each element becomes a fixed-point integer, its
 * significand shifted by its LSB weight above the format's smallest subnormal, so the products of
 * a scale block of a chunk (the whole chunk when unscaled) are summed exactly in int64. Per chunk,
 * the exact accumulator then takes C, each block's sum times its ue8m0 factor and rounds once:
 * exact_run's value and rounding (accumulate.c), with one wide addition a block instead of one a
 * product. A chunk whose products are all zero takes the zero-sign rule from the codes. A tile with
 * a NaN or Inf element, a NaN scale or a code outside its format goes to the general path
 * (mmai_gemm_exact_applies is false), which gives those their rules and errors.
 */
#include "gemm_fast.h"

#if MMA_CFG_ACC_EXACT

/* How the elements of one operand become fixed-point integers. */
typedef struct fix_fmt {
    const mma_format_info *info;
    const mmai_dec8 *table; /* decode table (MMA_FAST_TABLES) or NULL */
    int32_t lsb0;           /* LSB weight of the smallest subnormal: the fixed point's unit */
} fix_fmt;

/* Bits of the largest finite magnitude of a float format in units of its smallest subnormal. */
static int32_t fix_bits(const mma_format_info *f)
{
    return (int32_t)f->emax - (int32_t)f->emin + (int32_t)f->frac_bits + 1;
}

/* A format whose elements fit a signed 32-bit fixed-point integer. */
static bool fix_format(const mma_format_info *f)
{
    return f != NULL && f->kind == MMA_KIND_FLOAT && f->storage_bits <= 8 && f->has_subnormals &&
           fix_bits(f) <= 31;
}

/* Bits of k (ceil(log2(k + 1))): a sum of k products needs this many more than one product. */
static int32_t count_bits(size_t k)
{
    int32_t b = 0;
    while (k != 0) {
        ++b;
        k >>= 1;
    }
    return b;
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
    /* a chunk's sum of products stays below 2^62 */
    return fix_bits(ia) + fix_bits(ib) + count_bits(ins->k) <= 62;
}

static fix_fmt make_fix(mma_format fmt)
{
    const mma_format_info *info = mma_format_get(fmt);
    const fix_fmt f = {info, mmai_decode8_table(fmt), (int32_t)info->emin - (int32_t)info->frac_bits};
    return f;
}

/* The decoded value of a code: false for a code outside the format (then *v is not set). */
static MMAI_HOT_INLINE bool fix_decode(const fix_fmt *f, uint64_t code, mma_value *v)
{
    if ((code >> f->info->storage_bits) != 0) {
        return false;
    }
    if (f->table != NULL) {
        const mmai_dec8 *d = &f->table[(size_t)code];
        v->cls = d->cls;
        v->sign = d->sign;
        v->sig = d->sig;
        v->exp = d->lsb;
        return true;
    }
    return mmai_decode_float(f->info, code, v) == MMA_OK;
}

/* The fixed-point integer of a valid finite code (zero for either zero). */
static MMAI_HOT_INLINE int32_t fix_value(const fix_fmt *f, uint64_t code)
{
    mma_value v = {MMA_CLASS_ZERO, 0, 0, 0, 0, 0};
    (void)fix_decode(f, code, &v);
    if (v.sig == 0) {
        return 0;
    }
    const int32_t mag = (int32_t)((uint32_t)v.sig << (unsigned)(v.exp - f->lsb0));
    return v.sign ? -mag : mag;
}

/* The sign bit of a valid code's value. */
static unsigned fix_sign(const fix_fmt *f, uint64_t code)
{
    mma_value v = {MMA_CLASS_ZERO, 0, 0, 0, 0, 0};
    (void)fix_decode(f, code, &v);
    return v.sign;
}

/* False if one of n codes (at a stride) is outside its format, NaN or Inf. */
static bool codes_finite(const fix_fmt *f, const uint64_t *codes, size_t n, size_t stride)
{
    for (size_t t = 0; t < n; ++t) {
        mma_value v;
        if (!fix_decode(f, codes[t * stride], &v) || v.cls == MMA_CLASS_NAN || v.cls == MMA_CLASS_INF) {
            return false;
        }
    }
    return true;
}

/* False if one of n ue8m0 scale codes (at a stride) is the NaN code. */
static bool scales_finite(const uint64_t *codes, size_t n, size_t stride)
{
    for (size_t t = 0; t < n; ++t) {
        if (codes[t * stride] == 0xFFu) {
            return false;
        }
    }
    return true;
}

bool mmai_gemm_exact_applies(const mma_gemm_desc *g, const mma_profile *prof, const mma_scale_shape *shape,
                             size_t nblk, size_t i0, size_t i1, size_t j0, size_t j1)
{
    const mma_instr *ins = g->ins;
    if (!mmai_gemm_exact_eligible(ins, prof, ins->block_scale ? shape : NULL)) {
        return false;
    }
    const fix_fmt fa = make_fix((mma_format)ins->atype), fb = make_fix((mma_format)ins->btype);
    bool ok = true;
    for (size_t i = i0; i < i1 && ok && g->k != 0; ++i) {
        ok = codes_finite(&fa, &g->a[i * g->lda], g->k, 1);
        ok = ok && (!ins->block_scale || nblk == 0 || scales_finite(&g->scale_a[i * g->ldsa], nblk, 1));
    }
    for (size_t j = j0; j < j1 && ok && g->k != 0; ++j) {
        ok = codes_finite(&fb, &g->b[j], g->k, g->ldb);
        ok = ok && (!ins->block_scale || nblk == 0 || scales_finite(&g->scale_b[j], nblk, g->ldsb));
    }
    return ok;
}

/* What every output of a tile shares. */
typedef struct exact_job {
    const mma_gemm_desc *g;
    const mma_profile *eff;   /* chunk 0 of the GEMM */
    const mma_profile *later; /* chunks after it: C unused becomes "accumulate into D" */
    fix_fmt fa, fb;
    const mma_format_info *dinfo;
    size_t kc;                /* the instruction's k */
    size_t block_k;           /* k a scale covers (kc when unscaled) */
    size_t nblk;              /* scale blocks along K */
    int32_t lsb;              /* LSB weight of a product of two fixed-point integers */
} exact_job;

/* The exponent of the ue8m0 factor of block q for output (i, j): blocks past K have unit scales. */
static mma_status block_exp(const exact_job *x, size_t i, size_t j, size_t q, int32_t *e)
{
    const mma_gemm_desc *g = x->g;
    *e = 0;
    if (!g->ins->block_scale || q >= x->nblk) {
        return MMA_OK;
    }
    mma_scale_factor f;
    mma_status st = mma_block_scale(MMA_FMT_UE8M0, g->scale_a[i * g->ldsa + q], g->scale_b[q * g->ldsb + j], &f);
    *e = f.exp; /* ue8m0: significand 1, never zero; NaN scales do not reach this path */
    return st;
}

/* The zeros of chunk ch of output (i, j), all of whose products are zero: their signs into the sum. */
static mma_status zero_products(const exact_job *x, size_t i, size_t j, size_t ch, mmai_exact_sum *s)
{
    const mma_gemm_desc *g = x->g;
    unsigned seen = 0; /* bit 0: a +0 product, bit 1: a -0 product */
    for (size_t t = 0; t < x->kc; ++t) {
        const size_t k = ch * x->kc + t;
        const unsigned sign = k < g->k ? fix_sign(&x->fa, g->a[i * g->lda + k]) ^ fix_sign(&x->fb, g->b[k * g->ldb + j])
                                       : 0u; /* the zero padding: +0 x +0 */
        seen |= sign ? 2u : 1u;
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

/*
 * Chunk ch of output (i, j) from its fixed-point elements a and b (kc each): *acc is C (chunk 0) or
 * the previous chunk's D, then this chunk's D.
 */
static mma_status exact_chunk(const exact_job *x, size_t i, size_t j, size_t ch, const int32_t *a, const int32_t *b,
                              uint64_t *acc)
{
    const mma_instr *ins = x->g->ins;
    const bool gemm_first = ch == 0;
    const mma_profile *prof = gemm_first ? x->eff : x->later;
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
    bool any = false;
    for (size_t q = 0; q < x->kc / x->block_k && st == MMA_OK; ++q) {
        int64_t sum = 0;
        uint64_t nonzero = 0;
        for (size_t t = q * x->block_k; t < (q + 1u) * x->block_k; ++t) {
            const int64_t p = (int64_t)a[t] * (int64_t)b[t];
            sum += p;
            nonzero |= (uint64_t)p;
        }
        if (nonzero != 0) {
            int32_t e = 0;
            any = true;
            st = block_exp(x, i, j, ch * (x->kc / x->block_k) + q, &e);
            if (st == MMA_OK) {
                st = mmai_exact_sum_add_fixed(&s, sum, x->lsb + e);
            }
        }
    }
    if (st == MMA_OK && !any) {
        st = zero_products(x, i, j, ch, &s);
    }
    if (st != MMA_OK) {
        return st;
    }
    return mmai_exact_sum_round(&s, x->dinfo, (mma_round)prof->round_mode, 0, x->dinfo->canonical_nan, acc);
}

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
    const fix_fmt fa = make_fix((mma_format)ins->atype), fb = make_fix((mma_format)ins->btype);
    const exact_job xj = {g, eff, &later, fa, fb, mma_format_get((mma_format)ins->dtype), kc,
                          ins->block_scale ? shape->block_k : kc, nblk, fa.lsb0 + fb.lsb0};
    /* a run of B: MMAI_FAST_COLS columns of MMAI_FAST_ROWK elements; of A: one row of MMAI_FAST_ROWK */
    int32_t bv[MMAI_FAST_COLS * MMAI_FAST_ROWK] = {0}, av[MMAI_FAST_ROWK] = {0};
    for (size_t jb = j0; jb < j1; jb += MMAI_FAST_COLS) {
        const size_t nb = (j1 - jb) < MMAI_FAST_COLS ? (j1 - jb) : MMAI_FAST_COLS;
        for (size_t ch0 = 0; ch0 < nchunks; ch0 += run_max) {
            const size_t nch = (nchunks - ch0) < run_max ? (nchunks - ch0) : run_max;
            const size_t kbeg = ch0 * kc, klen = nch * kc; /* positions [kbeg, kbeg + klen) of K, zero past K */
            for (size_t t = 0; t < klen; ++t) {
                const uint64_t *row = kbeg + t < g->k ? &g->b[(kbeg + t) * g->ldb + jb] : NULL;
                for (size_t jj = 0; jj < nb; ++jj) {
                    bv[jj * MMAI_FAST_ROWK + t] = row != NULL ? fix_value(&xj.fb, row[jj]) : 0;
                }
            }
            for (size_t i = i0; i < i1; ++i) {
                for (size_t t = 0; t < klen; ++t) {
                    av[t] = kbeg + t < g->k ? fix_value(&xj.fa, g->a[i * g->lda + kbeg + t]) : 0;
                }
                for (size_t jj = 0; jj < nb; ++jj) {
                    const size_t j = jb + jj;
                    uint64_t acc = ch0 == 0 ? g->c[i * g->ldc + j] : g->d[i * g->ldd + j];
                    for (size_t ch = 0; ch < nch; ++ch) {
                        mma_status st =
                            exact_chunk(&xj, i, j, ch0 + ch, &av[ch * kc], &bv[jj * MMAI_FAST_ROWK + ch * kc], &acc);
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
