/*
 * GEMM fast paths: the semantics of the row engine (mma_gemm's general path) computed from operands
 * decoded once per block. B is decoded once per GEMM (a block of MMAI_FAST_BLOCK / k columns of one K
 * chunk at a time), a chunk of a row of A once per block of columns.
 *  - block-FMA profiles: each element becomes (significand, term exponent, sign) in the profile's k
 *    order, on one grid per vector where it fits (mmai_bfma_vec); mmai_bfma_dot runs the steps.
 *  - s8/u8/s4/u4: exact int32 dot products of int16 operands, then C and .satfinite or wrap per chunk.
 * An output whose row or column chunk holds a NaN or Inf is computed by mma_dot on the codes.
 */
#include "gemm_fast.h"

#define MAX_COLS (MMAI_FAST_BLOCK / MMAI_FAST_MIN_K)

bool mmai_gemm_fast_eligible(const mma_instr *ins, const mma_profile *prof)
{
    const mma_format_info *ia = mma_format_get((mma_format)ins->atype);
    const mma_format_info *ib = mma_format_get((mma_format)ins->btype);
    if (ia == NULL || ib == NULL || ins->k > MMAI_FAST_MAX_K || ins->k < 1u || ins->sparsity != MMA_SPARSE_NONE ||
        ins->block_scale) {
        return false;
    }
    if (prof == NULL) {
        const bool ia_int = ia->kind == MMA_KIND_SIGNED_INT || ia->kind == MMA_KIND_UNSIGNED_INT;
        const bool ib_int = ib->kind == MMA_KIND_SIGNED_INT || ib->kind == MMA_KIND_UNSIGNED_INT;
        return ia_int && ib_int && ia->storage_bits <= 8 && ib->storage_bits <= 8 && ins->dtype == MMA_FMT_S32;
    }
    return prof->algo == MMA_ACC_BLOCK_FMA && ia->kind == MMA_KIND_FLOAT && ib->kind == MMA_KIND_FLOAT &&
           ia->frac_bits <= 10 && ib->frac_bits <= 10 && (ins->dtype == MMA_FMT_F32 || ins->dtype == MMA_FMT_F16) &&
           prof->zero_product_term == 0 && prof->group >= 1u;
}

/* ------------------------------------------------------------------ block-FMA inputs */

/* How the elements of one operand are decoded. */
typedef struct fast_fmt {
    const mma_format_info *info;
    const mmai_dec8 *table; /* decode table (MMA_FAST_TABLES) or NULL */
    int32_t p;
    bool flush;             /* profile.flush_subnormal_in */
} fast_fmt;

/* Storage of decoded vectors (see mmai_bfma_vec). */
typedef struct vec_store {
    uint32_t *m;
    uint32_t *neg;
    int16_t *e;
} vec_store;

/* Decodes one code into element t of a vector; *special is set for NaN/Inf. */
static mma_status decode_elem(const fast_fmt *f, uint64_t code, const vec_store *v, size_t t, bool *special)
{
    mma_value x;
    if (f->table != NULL) {
        if ((code >> f->info->storage_bits) != 0) {
            return MMA_ERR_CODE;
        }
        const mmai_dec8 *d = &f->table[code];
        x.cls = d->cls;
        x.sign = d->sign;
        x.exp = d->lsb;
        x.sig = d->sig;
    } else {
        mma_status st = mmai_decode_float(f->info, code, &x);
        if (st != MMA_OK) {
            return st;
        }
    }
    if (x.cls == MMA_CLASS_NAN || x.cls == MMA_CLASS_INF) {
        *special = true;
    }
    if (x.cls != MMA_CLASS_FINITE || (f->flush && x.sig < ((uint64_t)1 << (unsigned)f->p))) {
        v->m[t] = 0; /* zero (or flushed subnormal): takes no part */
        v->e[t] = MMAI_BFMA_ZERO_E;
        v->neg[t] = 0;
        return MMA_OK;
    }
    v->m[t] = (uint32_t)x.sig;
    v->e[t] = (int16_t)(x.exp + f->p); /* |term exponent| < 300 for these formats */
    v->neg[t] = x.sign ? 0xFFFFFFFFu : 0u;
    return MMA_OK;
}

/* Puts a vector's significands on one grid (its smallest LSB weight) when they all fit in 32 bits. */
static void vec_scale(const vec_store *v, size_t k, int32_t p, int32_t *ref, uint8_t *scaled)
{
    int32_t lo = 0, hi = 0;
    bool any = false;
    for (size_t t = 0; t < k; ++t) {
        if (v->m[t] != 0) {
            const int32_t g = v->e[t] - p;
            lo = (!any || g < lo) ? g : lo;
            hi = (!any || g > hi) ? g : hi;
            any = true;
        }
    }
    *ref = lo;
    *scaled = 1;
    if (!any) {
        return;
    }
    if (hi - lo + p + 1 > 32) {
        *scaled = 0; /* exponents too far apart: a shift per term */
        return;
    }
    for (size_t t = 0; t < k; ++t) {
        if (v->m[t] != 0) {
            v->m[t] <<= (unsigned)(v->e[t] - p - lo);
        }
    }
}

/*
 * Decodes kc codes into a vector (a row chunk of A): element pos is the code at base[at + perm[pos] *
 * stride], or code 0 past cnt (the zero padding of the last chunk); *special tells whether one is NaN/Inf.
 */
static mma_status decode_vec(const fast_fmt *f, const uint64_t *base, size_t at, size_t stride, size_t cnt,
                             const uint8_t *perm, size_t kc, const vec_store *v, int32_t *ref, uint8_t *scaled,
                             uint8_t *special)
{
    bool sp = false;
    for (size_t pos = 0; pos < kc; ++pos) {
        const size_t t = perm[pos];
        mma_status st = decode_elem(f, t < cnt ? base[at + t * stride] : 0u, v, pos, &sp);
        if (st != MMA_OK) {
            return st;
        }
    }
    *special = sp ? 1u : 0u;
    vec_scale(v, kc, f->p, ref, scaled);
    return MMA_OK;
}

/*
 * Decodes the block of B of one chunk: columns [jb, jb + nb), vector jj at offset jj * kc of the
 * store, read row by row (contiguous codes); then each column's grid.
 */
static mma_status decode_block(const fast_fmt *f, const mma_gemm_desc *g, size_t k0, size_t cnt, size_t jb,
                               size_t nb, const uint8_t *perm, size_t kc, const vec_store *blk, int32_t *ref,
                               uint8_t *scaled, uint8_t *special)
{
    for (size_t jj = 0; jj < nb; ++jj) {
        special[jj] = 0;
    }
    for (size_t pos = 0; pos < kc; ++pos) {
        const size_t t = perm[pos];
        const uint64_t *row = t < cnt ? &g->b[(k0 + t) * g->ldb + jb] : NULL;
        for (size_t jj = 0; jj < nb; ++jj) {
            const vec_store v = {blk->m + jj * kc, blk->neg + jj * kc, blk->e + jj * kc};
            bool sp = false;
            mma_status st = decode_elem(f, row != NULL ? row[jj] : 0u, &v, pos, &sp);
            if (st != MMA_OK) {
                return st;
            }
            special[jj] = (uint8_t)(special[jj] | (sp ? 1u : 0u));
        }
    }
    for (size_t jj = 0; jj < nb; ++jj) {
        const vec_store v = {blk->m + jj * kc, blk->neg + jj * kc, blk->e + jj * kc};
        vec_scale(&v, kc, f->p, &ref[jj], &scaled[jj]);
    }
    return MMA_OK;
}

static fast_fmt make_fmt(mma_format fmt, const mma_profile *prof)
{
    const mma_format_info *info = mma_format_get(fmt);
    const fast_fmt f = {info, mmai_decode8_table(fmt), (int32_t)info->frac_bits, prof->flush_subnormal_in != 0};
    return f;
}

/* Asks for n codes from p to be brought into the cache (the next row of A while this one is computed). */
static inline void prefetch_codes(const uint64_t *p, size_t n)
{
#if defined(__GNUC__)
    for (size_t t = 0; t < n; t += 8) {
        __builtin_prefetch(p + t);
    }
    __builtin_prefetch(p + n - 1);
#else
    (void)p;
    (void)n;
#endif
}

/* One output chunk with a NaN or Inf operand: the general path (mma_dot on the k-natural codes). */
static mma_status special_output(const mma_gemm_desc *g, const mma_profile *prof, size_t i, size_t j, size_t k0,
                                 size_t cnt, mma_format ct, uint64_t cin, uint64_t *dout)
{
    const mma_instr *ins = g->ins;
    uint64_t acode[MMAI_FAST_MAX_K], bcode[MMAI_FAST_MAX_K];
    for (size_t t = 0; t < ins->k; ++t) {
        acode[t] = t < cnt ? g->a[i * g->lda + k0 + t] : 0u;
        bcode[t] = t < cnt ? g->b[(k0 + t) * g->ldb + j] : 0u;
    }
    return mma_dot(prof, (mma_format)ins->atype, acode, 1, (mma_format)ins->btype, bcode, 1, ins->k, ct, cin,
                   (mma_format)ins->dtype, dout);
}

static mma_status float_tile(const mma_gemm_desc *g, const mma_profile *eff, size_t i0, size_t i1, size_t j0,
                             size_t j1)
{
    const mma_instr *ins = g->ins;
    const mma_format dt = (mma_format)ins->dtype;
    const size_t kc = ins->k;
    const size_t nb_max = MMAI_FAST_BLOCK / kc;
    const fast_fmt fa = make_fmt((mma_format)ins->atype, eff), fb = make_fmt((mma_format)ins->btype, eff);
    uint32_t bm[MMAI_FAST_BLOCK], am[MMAI_FAST_MAX_K];
    uint32_t bneg[MMAI_FAST_BLOCK], aneg[MMAI_FAST_MAX_K];
    int16_t be[MMAI_FAST_BLOCK], ae[MMAI_FAST_MAX_K];
    int32_t bref[MAX_COLS];
    uint8_t bscaled[MAX_COLS], bspecial[MAX_COLS];
    uint8_t perm[MMAI_FAST_MAX_K];
    const vec_store av = {am, aneg, ae};
    const vec_store bblk = {bm, bneg, be};
    mma_profile later = *eff; /* chunks after the first: C unused becomes "accumulate into D" */
    if (later.c_mode == MMA_C_UNUSED) {
        later.c_mode = MMA_C_JOINT;
    }
    for (size_t pos = 0; pos < kc; ++pos) {
        perm[pos] = (uint8_t)mmai_k_index(eff->k_order, pos, kc);
    }
    for (size_t jb = j0; jb < j1; jb += nb_max) {
        const size_t nb = (j1 - jb) < nb_max ? (j1 - jb) : nb_max;
        size_t k0 = 0;
        do {
            const size_t cnt = (g->k - k0) < kc ? (g->k - k0) : kc;
            const mma_profile *prof = k0 == 0 ? eff : &later;
            const mma_format ct = k0 == 0 ? (mma_format)ins->ctype : dt;
            mma_status st = decode_block(&fb, g, k0, cnt, jb, nb, perm, kc, &bblk, bref, bscaled, bspecial);
            if (st != MMA_OK) {
                return st;
            }
            for (size_t i = i0; i < i1; ++i) {
                int32_t aref = 0;
                uint8_t ascaled = 0, aspecial = 0;
                if (i + 1 < i1 && cnt != 0) {
                    prefetch_codes(&g->a[(i + 1) * g->lda + k0], cnt);
                }
                st = decode_vec(&fa, g->a, i * g->lda + k0, 1, cnt, perm, kc, &av, &aref, &ascaled, &aspecial);
                const mmai_bfma_vec a = {am, aneg, ae, aref, (uint8_t)fa.p, ascaled};
                for (size_t jj = 0; jj < nb && st == MMA_OK; ++jj) {
                    const size_t j = jb + jj;
                    const uint64_t cin = k0 == 0 ? g->c[i * g->ldc + j] : g->d[i * g->ldd + j];
                    uint64_t dout = 0;
                    if (aspecial || bspecial[jj]) {
                        st = special_output(g, prof, i, j, k0, cnt, ct, cin, &dout);
                    } else {
                        uint64_t c_d = cin; /* same format: the kernel's decode checks the code */
                        if (prof->c_mode == MMA_C_UNUSED) {
                            c_d = mmai_code_zero(mma_format_get(dt), 0);
                        } else if (ct != dt) {
                            st = mmai_c_to_dtype(ct, cin, dt, &c_d);
                        }
                        const mmai_bfma_vec b = {&bm[jj * kc], &bneg[jj * kc], &be[jj * kc], bref[jj],
                                                 (uint8_t)fb.p, bscaled[jj]};
                        if (st == MMA_OK) {
                            st = mmai_bfma_dot(prof, dt, &a, &b, kc, c_d, &dout);
                        }
                    }
                    g->d[i * g->ldd + j] = dout;
                }
                if (st != MMA_OK) {
                    return st;
                }
            }
            k0 += cnt;
        } while (k0 < g->k);
    }
    return MMA_OK;
}

/* ------------------------------------------------------------------ integer */

/* Value of an s8/u8/s4/u4 code; false if bits beyond the format's width are set. */
static bool int_value(const mma_format_info *info, uint64_t code, int16_t *out)
{
    const unsigned bits = info->storage_bits;
    if ((code >> bits) != 0) {
        return false;
    }
    const int32_t v = (int32_t)code;
    const bool neg = info->kind == MMA_KIND_SIGNED_INT && ((code >> (bits - 1u)) & 1u) != 0;
    *out = (int16_t)(neg ? v - (1 << bits) : v);
    return true;
}

/* Exact dot product of k int16 values (|sum| < 2^31 for k <= 64 and 8-bit operands). */
static inline int32_t int_dot(const int16_t *a, const int16_t *b, size_t k)
{
    int32_t s = 0;
    for (size_t t = 0; t < k; ++t) {
        s += (int32_t)a[t] * (int32_t)b[t];
    }
    return s;
}

/* int_dot with k as a constant for the instructions' k (the loop then vectorises without a remainder). */
static int32_t int_dot_k(const int16_t *a, const int16_t *b, size_t k)
{
#if MMA_FAST_TABLES
    switch (k) {
    case 16:
        return int_dot(a, b, 16);
    case 32:
        return int_dot(a, b, 32);
    case 64:
        return int_dot(a, b, 64);
    default:
        break;
    }
#endif
    return int_dot(a, b, k);
}

static mma_status int_tile(const mma_gemm_desc *g, size_t i0, size_t i1, size_t j0, size_t j1)
{
    const mma_instr *ins = g->ins;
    const mma_format_info *ia = mma_format_get((mma_format)ins->atype);
    const mma_format_info *ib = mma_format_get((mma_format)ins->btype);
    const size_t kc = ins->k;
    const size_t nb_max = MMAI_FAST_BLOCK / kc;
    const bool sat = ins->satfinite != 0;
    int16_t bv[MMAI_FAST_BLOCK], av[MMAI_FAST_MAX_K];
    for (size_t jb = j0; jb < j1; jb += nb_max) {
        const size_t nb = (j1 - jb) < nb_max ? (j1 - jb) : nb_max;
        size_t k0 = 0;
        do {
            const size_t cnt = (g->k - k0) < kc ? (g->k - k0) : kc;
            for (size_t jj = 0; jj < nb; ++jj) {
                for (size_t t = 0; t < kc; ++t) {
                    bv[jj * kc + t] = 0;
                    if (t < cnt && !int_value(ib, g->b[(k0 + t) * g->ldb + jb + jj], &bv[jj * kc + t])) {
                        return MMA_ERR_CODE;
                    }
                }
            }
            for (size_t i = i0; i < i1; ++i) {
                for (size_t t = 0; t < kc; ++t) {
                    av[t] = 0;
                    if (t < cnt && !int_value(ia, g->a[i * g->lda + k0 + t], &av[t])) {
                        return MMA_ERR_CODE;
                    }
                }
                const uint64_t *crow = k0 == 0 ? &g->c[i * g->ldc] : &g->d[i * g->ldd];
                uint64_t *drow = &g->d[i * g->ldd];
                for (size_t jj = 0; jj < nb; ++jj) {
                    const uint64_t c = crow[jb + jj];
                    if (c > 0xFFFFFFFFu) {
                        return MMA_ERR_CODE;
                    }
                    /* C (s32) + the exact chunk sum, then .satfinite clamps or the s32 wraps */
                    int64_t s = (int64_t)c - (c >= 0x80000000u ? ((int64_t)1 << 32) : 0) + int_dot_k(av, &bv[jj * kc], kc);
                    if (sat) {
                        s = s > INT32_MAX ? INT32_MAX : (s < INT32_MIN ? INT32_MIN : s);
                    }
                    drow[jb + jj] = (uint64_t)s & 0xFFFFFFFFu;
                }
            }
            k0 += cnt;
        } while (k0 < g->k);
    }
    return MMA_OK;
}

mma_status mmai_gemm_fast_tile(const mma_gemm_desc *g, const mma_profile *prof, size_t i0, size_t i1, size_t j0,
                               size_t j1)
{
    if (i0 >= i1 || j0 >= j1) {
        return MMA_OK;
    }
    return prof == NULL ? int_tile(g, i0, i1, j0, j1) : float_tile(g, prof, i0, i1, j0, j1);
}
