/*
 * GEMM fast path of the `exact` profile for float operands of at most 8 bits (e4m3, e3m2, e2m3,
 * e2m1; not e5m2, whose range needs 32 bits): each element becomes a fixed-point integer, its
 * significand shifted by its LSB weight above the format's smallest subnormal, so the products of
 * a scale block of a chunk (the whole chunk when unscaled) are summed exactly in int64. Per chunk,
 * the exact accumulator then takes C, each block's sum times its ue8m0 factor and rounds once:
 * exact_run's value and rounding (accumulate.c), with one wide addition a block instead of one a
 * product. Beside each integer an element keeps its sign and a NaN flag, so a chunk with a NaN
 * element (or a block with a NaN scale) is NaN and a chunk whose products are all zero takes the
 * zero-sign rule, without leaving the path. These formats have no infinities (e4m3 has NaN only).
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

/* A format without infinities whose elements fit a signed 32-bit fixed-point integer. */
static bool fix_format(const mma_format_info *f)
{
    return f != NULL && f->kind == MMA_KIND_FLOAT && f->storage_bits <= 8 && f->has_subnormals && !f->has_inf &&
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

/* An element's sign and class beside its fixed-point integer (these formats have no infinities). */
#define FIX_NEG 1u /* the sign bit (of zeros too) */
#define FIX_NAN 2u

/* Decodes a code: its fixed-point integer (0 for zeros and NaN) and FIX_* flags; false if invalid. */
static MMAI_HOT_INLINE bool fix_decode(const fix_fmt *f, uint64_t code, int32_t *val, uint8_t *flags)
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
    *flags = (uint8_t)((v.sign ? FIX_NEG : 0u) | (v.cls == MMA_CLASS_NAN ? FIX_NAN : 0u));
    *val = 0;
    if (v.cls == MMA_CLASS_FINITE) {
        const int32_t mag = (int32_t)((uint32_t)v.sig << (unsigned)(v.exp - f->lsb0));
        *val = v.sign ? -mag : mag;
    }
    return true;
}

/* One operand's elements of a run of chunks: integers, flags and, per chunk, whether a NaN is in it. */
typedef struct fix_vec {
    int32_t *val;
    uint8_t *flags;
    uint8_t *nan; /* per chunk: a NaN among its elements */
} fix_vec;

/*
 * Decodes n codes at a stride into elements [t0, t0 + n) of v (code 0, +0, where codes is NULL:
 * the zero padding past K), marking chunk t / kc for a NaN.
 */
static bool fix_decode_run(const fix_fmt *f, const uint64_t *codes, size_t stride, size_t t0, size_t n, size_t kc,
                           const fix_vec *v)
{
    for (size_t t = t0; t < t0 + n; ++t) {
        if (!fix_decode(f, codes != NULL ? codes[(t - t0) * stride] : 0u, &v->val[t], &v->flags[t])) {
            return false;
        }
        v->nan[t / kc] |= (uint8_t)(v->flags[t] & FIX_NAN);
    }
    return true;
}

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

/* A NaN product (mma_multiply: a NaN operand or a NaN scale) into the sum. */
static mma_status add_nan(mmai_exact_sum *s)
{
    const mma_product p = {MMA_CLASS_NAN, 0, 0, 0, 0, 0, 0};
    return mmai_exact_sum_add_product(s, &p);
}

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

/*
 * Chunk ch of output (i, j) from its elements (kc each; nan: a NaN among them, which makes the chunk's
 * sum NaN whatever its other products are, as exact_run's special tracking does): *acc is
 * C (chunk 0) or the previous chunk's D, then this chunk's D.
 */
static mma_status exact_chunk(const exact_job *x, size_t i, size_t j, size_t ch, const int32_t *a, const uint8_t *af,
                              const int32_t *b, const uint8_t *bf, bool nan, uint64_t *acc)
{
    const mma_instr *ins = x->g->ins;
    const bool gemm_first = ch == 0;
    const mma_profile *prof = gemm_first ? x->eff : x->later;
    const size_t nq = x->kc / x->block_k;
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
        st = add_nan(&s);
    }
    bool any = nan; /* a product that is not zero */
    for (size_t q = 0; q < nq && st == MMA_OK && !nan; ++q) {
        mma_scale_factor f;
        st = block_factor(x, i, j, ch * nq + q, &f);
        if (st == MMA_OK && f.nan) { /* a NaN scale makes each product of its block NaN */
            st = add_nan(&s);
            any = true;
        } else if (st == MMA_OK) {
            int64_t sum = 0;
            uint64_t nonzero = 0;
            for (size_t t = q * x->block_k; t < (q + 1u) * x->block_k; ++t) {
                /* a[t], b[t]: decoded for every t of the run before the run's outputs (fix_decode_run) */
                const int64_t p = (int64_t)a[t] * (int64_t)b[t]; // NOLINT(clang-analyzer-core.UndefinedBinaryOperatorResult)
                sum += p;
                nonzero |= (uint64_t)p;
            }
            if (nonzero != 0) {
                any = true;
                st = mmai_exact_sum_add_fixed(&s, sum, x->lsb + f.exp); /* ue8m0: significand 1, never zero */
            }
        }
    }
    if (st == MMA_OK && !any) {
        st = zero_products(af, bf, x->kc, &s);
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
    const fix_fmt fa = make_fix((mma_format)ins->atype), fb = make_fix((mma_format)ins->btype);
    const exact_job x = {g, eff, &later, mma_format_get((mma_format)ins->dtype), kc,
                         ins->block_scale ? shape->block_k : kc, nblk, fa.lsb0 + fb.lsb0};
    /* a run of B: MMAI_FAST_COLS columns of MMAI_FAST_ROWK elements; of A: one row of MMAI_FAST_ROWK */
    /* not cleared: a run's elements [0, klen) are decoded before any is read (40 KB of stores a tile) */
    int32_t bval[MMAI_FAST_COLS * MMAI_FAST_ROWK], aval[MMAI_FAST_ROWK];
    uint8_t bflags[MMAI_FAST_COLS * MMAI_FAST_ROWK], aflags[MMAI_FAST_ROWK];
    uint8_t bnan[MMAI_FAST_COLS * MAX_CHUNKS], anan[MAX_CHUNKS];
    const fix_vec av = {aval, aflags, anan};
    for (size_t jb = j0; jb < j1; jb += MMAI_FAST_COLS) {
        const size_t nb = (j1 - jb) < MMAI_FAST_COLS ? (j1 - jb) : MMAI_FAST_COLS;
        for (size_t ch0 = 0; ch0 < nchunks; ch0 += run_max) {
            const size_t nch = (nchunks - ch0) < run_max ? (nchunks - ch0) : run_max;
            const size_t kbeg = ch0 * kc, klen = nch * kc; /* positions [kbeg, kbeg + klen) of K, zero past K */
            const size_t kin = g->k > kbeg ? (g->k - kbeg < klen ? g->k - kbeg : klen) : 0u;
            for (size_t c = 0; c < sizeof bnan; ++c) {
                bnan[c] = 0;
            }
            for (size_t jj = 0; jj < nb; ++jj) {
                const fix_vec bv = {&bval[jj * MMAI_FAST_ROWK], &bflags[jj * MMAI_FAST_ROWK], &bnan[jj * MAX_CHUNKS]};
                if (!fix_decode_run(&fb, kin != 0 ? &g->b[kbeg * g->ldb + jb + jj] : NULL, g->ldb, 0, kin, kc, &bv) ||
                    !fix_decode_run(&fb, NULL, 0, kin, klen - kin, kc, &bv)) {
                    return MMA_ERR_CODE;
                }
            }
            for (size_t i = i0; i < i1; ++i) {
                for (size_t c = 0; c < sizeof anan; ++c) {
                    anan[c] = 0;
                }
                if (!fix_decode_run(&fa, kin != 0 ? &g->a[i * g->lda + kbeg] : NULL, 1, 0, kin, kc, &av) ||
                    !fix_decode_run(&fa, NULL, 0, kin, klen - kin, kc, &av)) {
                    return MMA_ERR_CODE;
                }
                for (size_t jj = 0; jj < nb; ++jj) {
                    const size_t j = jb + jj, bo = jj * MMAI_FAST_ROWK;
                    uint64_t acc = ch0 == 0 ? g->c[i * g->ldc + j] : g->d[i * g->ldd + j];
                    for (size_t ch = 0; ch < nch; ++ch) {
                        const bool nan = anan[ch] != 0 || bnan[jj * MAX_CHUNKS + ch] != 0;
                        mma_status st = exact_chunk(&x, i, j, ch0 + ch, &aval[ch * kc], &aflags[ch * kc],
                                                    &bval[bo + ch * kc], &bflags[bo + ch * kc], nan, &acc);
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
