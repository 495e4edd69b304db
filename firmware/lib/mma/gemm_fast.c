/*
 * GEMM fast paths: the semantics of the row engine (mma_gemm's general path) computed from operands
 * decoded once per block. D is cut into blocks of MMAI_FAST_COLS columns and K into runs of
 * MMAI_FAST_ROWK / k chunks (instructions): each block of B is decoded once per GEMM, each run of a
 * row of A once per block of columns.
 *  - block-FMA profiles: each element becomes (significand, term exponent, sign) in the profile's k
 *    order, per chunk on one grid where it fits (mmai_bfma_vec); mmai_bfma_chunks runs the steps of
 *    all the run's chunks for one output, so D is read and written once per run.
 *  - s8/u8/s4/u4: exact int32 dot products of int16 operands, then C and .satfinite or wrap per chunk.
 * A chunk whose row of A or column of B holds a NaN or Inf is computed by the row engine on its
 * codes (mmai_fast_special_chunk).
 */
#include "gemm_fast.h"

#define MAX_CHUNKS (MMAI_FAST_ROWK / MMAI_FAST_MIN_K) /* chunks per run at most */

/*
 * A block-scaled instruction the float path takes: one ue8m0 scale per instruction k (.kind::mxf8f6f4,
 * scale_vec::1X), which moves the term exponents of a whole chunk of one operand by the same amount.
 */
static bool one_ue8m0_per_chunk(const mma_instr *ins)
{
    mma_scale_shape shape;
    return mma_block_scale_shape(ins, &shape) == MMA_OK && shape.vec == 1u && shape.stype == MMA_FMT_UE8M0 &&
           shape.block_k == ins->k;
}

bool mmai_gemm_fast_eligible(const mma_instr *ins, const mma_profile *prof)
{
    const mma_format_info *ia = mma_format_get((mma_format)ins->atype);
    const mma_format_info *ib = mma_format_get((mma_format)ins->btype);
    if (ia == NULL || ib == NULL || ins->k > MMAI_FAST_MAX_K || ins->k < MMAI_FAST_MIN_K ||
        ins->sparsity != MMA_SPARSE_NONE || (ins->block_scale && (prof == NULL || !one_ue8m0_per_chunk(ins)))) {
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

/* Storage of one decoded vector (see mmai_bfma_vec) and its per-chunk grid and specials. */
typedef struct vec_store {
    uint32_t *m;
    uint16_t *m16;
    int16_t *s16;
    uint32_t *neg;
    int16_t *e;
    int32_t *ref;
    uint8_t *scaled;
    uint8_t *special;  /* per chunk: 1 if a NaN or Inf is among its elements */
} vec_store;

/*
 * Element t of a vector from a decoded value's fields (a finite significand is below 2^11 in these
 * formats); *special is set for NaN/Inf. 32-bit work only, for 32-bit cores.
 */
static MMAI_HOT_INLINE void put_elem(const fast_fmt *f, const vec_store *v, size_t t, unsigned cls, unsigned sign, uint32_t sig,
                            int32_t lsb, uint8_t *special)
{
    if (cls == MMA_CLASS_FINITE && !(f->flush && sig < ((uint32_t)1 << (unsigned)f->p))) {
        v->m[t] = sig;
        v->e[t] = (int16_t)(lsb + f->p); /* |term exponent| < 300 for these formats */
        v->neg[t] = sign ? 0xFFFFFFFFu : 0u;
        return;
    }
    if (cls == MMA_CLASS_NAN || cls == MMA_CLASS_INF) {
        *special = 1;
    }
    v->m[t] = 0; /* zero (or flushed subnormal): takes no part */
    v->e[t] = MMAI_BFMA_ZERO_E;
    v->neg[t] = 0;
}

/*
 * Decodes one code into element t of a vector (the 8-bit formats by their table); *special is set
 * for NaN/Inf. Inline in the decode loops of builds with the tables (the per-element call was a
 * fifth of a small GEMM's instructions on rv32).
 */
static MMAI_HOT_INLINE mma_status decode_elem(const fast_fmt *f, uint64_t code, const vec_store *v, size_t t,
                                              uint8_t *special)
{
    if (f->table != NULL) {
        if ((code >> f->info->storage_bits) != 0) {
            return MMA_ERR_CODE;
        }
        const mmai_dec8 *d = &f->table[(size_t)code];
        put_elem(f, v, t, d->cls, d->sign, d->sig, d->lsb, special);
        return MMA_OK;
    }
    mma_value x;
    mma_status st = mmai_decode_float(f->info, code, &x);
    if (st == MMA_OK) {
        put_elem(f, v, t, x.cls, x.sign, (uint32_t)x.sig, x.exp, special);
    }
    return st;
}

/*
 * Puts the significands of chunk ch (kc elements) on one grid, its smallest LSB weight, when they fit
 * 32 bits (MMAI_BFMA_SCALED), and copies them to m16 (and signed to s16) when they are below 2^15
 * (MMAI_BFMA_SCALED16). A chunk left unscaled (exponents too far apart; on 32-bit targets,
 * MMAI_BFMA_PER_TERM, too far apart for 15 bits) keeps its raw significands and signed copies in s16.
 */
static void chunk_scale(const vec_store *v, size_t ch, size_t kc, int32_t p)
{
    uint32_t *m = v->m + ch * kc;
    uint16_t *m16 = v->m16 + ch * kc;
    int16_t *s16 = v->s16 + ch * kc;
    const uint32_t *neg = v->neg + ch * kc;
    const int16_t *e = v->e + ch * kc;
    int32_t lo = 0, hi = 0;
    bool any = false;
    for (size_t t = 0; t < kc; ++t) {
        if (m[t] != 0) {
            const int32_t g = e[t] - p;
            lo = (!any || g < lo) ? g : lo;
            hi = (!any || g > hi) ? g : hi;
            any = true;
        }
    }
#if MMAI_BFMA_PER_TERM
    /* 32-bit targets: a grid only where it surely fits 15 bits (16-bit products, no 64-bit arithmetic) */
    const bool grid = !any || hi - lo + p + 1 <= 15;
#else
    const bool grid = !any || hi - lo + p + 1 <= 32;
#endif
    v->ref[ch] = lo;
    if (!grid) {
        v->scaled[ch] = 0;
        for (size_t t = 0; t < kc; ++t) {
            s16[t] = (int16_t)(neg[t] != 0 ? -(int32_t)m[t] : (int32_t)m[t]); /* raw: below 2^11 */
        }
        return;
    }
    uint32_t all = 0;
    for (size_t t = 0; t < kc; ++t) {
        if (m[t] != 0) {
            m[t] <<= (unsigned)(e[t] - p - lo);
        }
        all |= m[t];
    }
    v->scaled[ch] = (uint8_t)(all <= 0x7FFFu ? MMAI_BFMA_SCALED16 : MMAI_BFMA_SCALED);
    if (all <= 0x7FFFu) {
        for (size_t t = 0; t < kc; ++t) {
            m16[t] = (uint16_t)m[t];
            s16[t] = (int16_t)(neg[t] != 0 ? -(int32_t)m[t] : (int32_t)m[t]);
        }
    }
}

/*
 * A ue8m0 scale on chunk ch of a vector (block-scaled instructions, one scale per chunk): its exponent
 * code - 127 joins the term exponent of every nonzero element (NUMERICS 3 step 3: e = ea + eb + the
 * scale exponents), before chunk_scale puts the chunk on its grid. A NaN scale (0xFF) makes the chunk
 * special: the general path computes it with its scales.
 */
static void chunk_ue8m0(const vec_store *v, size_t ch, size_t kc, uint64_t code)
{
    if (code == 0xFFu) {
        v->special[ch] = 1;
        return;
    }
    const int16_t d = (int16_t)((int32_t)code - 127);
    uint32_t *m = v->m + ch * kc;
    int16_t *e = v->e + ch * kc;
    for (size_t t = 0; t < kc; ++t) {
        if (m[t] != 0) {
            e[t] = (int16_t)(e[t] + d); /* |e| < 300 */
        }
    }
}

/* Where a run of chunks starts and how long it is. */
typedef struct run_geom {
    size_t ch0;   /* first chunk of the run (chunk c covers k in [c * kc, c * kc + kc)) */
    size_t nch;   /* chunks in the run */
    size_t kc;
    const uint8_t *perm; /* position in k order -> k within the chunk */
} run_geom;

/*
 * Decodes the run of row i of A into a vector: element c * kc + pos is the code of k = (ch0 + c) * kc
 * + perm[pos], or code 0 at and past K (the zero padding of the last chunk).
 */
static mma_status decode_a(const fast_fmt *f, const mma_gemm_desc *g, size_t i, const run_geom *r,
                           const vec_store *v)
{
    const uint64_t *row = &g->a[i * g->lda];
    for (size_t c = 0; c < r->nch; ++c) {
        const size_t k0 = (r->ch0 + c) * r->kc;
        v->special[c] = 0;
        for (size_t pos = 0; pos < r->kc; ++pos) {
            const size_t k = k0 + r->perm[pos];
            mma_status st = decode_elem(f, k < g->k ? row[k] : 0u, v, c * r->kc + pos, &v->special[c]);
            if (st != MMA_OK) {
                return st;
            }
        }
        if (g->ins->block_scale && k0 < g->k) { /* past K (K = 0): no scale, a unit one (mma.h) */
            chunk_ue8m0(v, c, r->kc, g->scale_a[i * g->ldsa + r->ch0 + c]);
        }
        chunk_scale(v, c, r->kc, f->p);
    }
    return MMA_OK;
}

/* The vector of column jj of a decoded block of B (columns at a stride of MMAI_FAST_ROWK elements). */
static vec_store column_of(const vec_store *blk, size_t jj)
{
    const vec_store v = {blk->m + jj * MMAI_FAST_ROWK,   blk->m16 + jj * MMAI_FAST_ROWK, blk->s16 + jj * MMAI_FAST_ROWK,
                         blk->neg + jj * MMAI_FAST_ROWK, blk->e + jj * MMAI_FAST_ROWK,
                         blk->ref + jj * MAX_CHUNKS,     blk->scaled + jj * MAX_CHUNKS,
                         blk->special + jj * MAX_CHUNKS};
    return v;
}

/* Decodes the run of columns [jb, jb + nb) of B, row by row (contiguous codes); then each chunk's grid. */
static mma_status decode_b(const fast_fmt *f, const mma_gemm_desc *g, size_t jb, size_t nb, const run_geom *r,
                           const vec_store *blk)
{
    for (size_t jj = 0; jj < nb; ++jj) {
        for (size_t c = 0; c < r->nch; ++c) {
            blk->special[jj * MAX_CHUNKS + c] = 0;
        }
    }
    for (size_t c = 0; c < r->nch; ++c) {
        const size_t k0 = (r->ch0 + c) * r->kc;
        for (size_t pos = 0; pos < r->kc; ++pos) {
            const size_t k = k0 + r->perm[pos];
            const uint64_t *row = k < g->k ? &g->b[k * g->ldb + jb] : NULL;
            for (size_t jj = 0; jj < nb; ++jj) {
                const vec_store v = column_of(blk, jj);
                mma_status st = decode_elem(f, row != NULL ? row[jj] : 0u, &v, c * r->kc + pos, &v.special[c]);
                if (st != MMA_OK) {
                    return st;
                }
            }
        }
    }
    for (size_t jj = 0; jj < nb; ++jj) {
        const vec_store v = column_of(blk, jj);
        for (size_t c = 0; c < r->nch; ++c) {
            if (g->ins->block_scale && (r->ch0 + c) * r->kc < g->k) { /* past K: a unit scale */
                chunk_ue8m0(&v, c, r->kc, g->scale_b[(r->ch0 + c) * g->ldsb + jb + jj]);
            }
            chunk_scale(&v, c, r->kc, f->p);
        }
    }
    return MMA_OK;
}

static fast_fmt make_fmt(mma_format fmt, const mma_profile *prof)
{
    const mma_format_info *info = mma_format_get(fmt);
    const fast_fmt f = {info, mmai_decode8_table(fmt), (int32_t)info->frac_bits, prof->flush_subnormal_in != 0};
    return f;
}

/* Asks for the codes [p, p + n) to be brought into the cache (the next row of A while this one is computed). */
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

/* What every output of a tile shares. */
typedef struct float_job {
    const mma_gemm_desc *g;
    const mma_profile *eff;   /* chunk 0 of the GEMM */
    const mma_profile *later; /* chunks after it: C unused becomes "accumulate into D" */
    run_geom r;
} float_job;

mma_status mmai_fast_special_chunk(const mma_gemm_desc *g, const mma_profile *eff, const mma_profile *later, size_t i,
                                   size_t j, size_t ch, uint64_t *acc)
{
    /* the row engine on this chunk and one column, as general_tile (gemm.c) runs it: k-natural codes,
       and for a block-scaled GEMM the chunk's two scales (one a chunk: mmai_gemm_fast_eligible) */
    const mma_instr *ins = g->ins;
    const size_t k0 = ch * ins->k;
    const bool in_k = k0 < g->k; /* else K = 0: no B rows, a unit scale (mma.h) */
    uint64_t acode[MMAI_FAST_MAX_K];
    for (size_t t = 0; t < ins->k; ++t) {
        acode[t] = k0 + t < g->k ? g->a[i * g->lda + k0 + t] : 0u;
    }
    mma_scale_shape shape;
    mma_status st = ins->block_scale ? mma_block_scale_shape(ins, &shape) : MMA_OK;
    const bool scaled = ins->block_scale && in_k;
    const mmai_row_ctx x = {ins, ch == 0 ? eff : later, ins->block_scale ? &shape : NULL, 1,
                            in_k ? &g->b[k0 * g->ldb + j] : NULL, g->ldb,
                            in_k ? (g->k - k0 < ins->k ? g->k - k0 : ins->k) : 0u,
                            scaled ? &g->scale_b[ch * g->ldsb + j] : NULL, g->ldsb, scaled ? 1u : 0u};
    const uint64_t c_in = *acc, unit = mmai_scale_unit(MMA_FMT_UE8M0);
    const uint64_t *sa = !ins->block_scale ? NULL : scaled ? &g->scale_a[i * g->ldsa + ch] : &unit;
    if (st == MMA_OK) {
        st = mmai_row(&x, acode, sa, ch == 0 ? (mma_format)ins->ctype : (mma_format)ins->dtype, &c_in, acc);
    }
    return st;
}

/* Chunk c of the run with a NaN or Inf operand (or a NaN scale): the general path, the row engine. */
static mma_status special_chunk(const float_job *x, size_t i, size_t j, size_t c, uint64_t *acc)
{
    return mmai_fast_special_chunk(x->g, x->eff, x->later, i, j, x->r.ch0 + c, acc);
}

mma_status mmai_fast_first_c(const mma_instr *ins, const mma_profile *first, bool gemm_first, uint64_t acc,
                             uint64_t *c_d)
{
    *c_d = acc; /* D of the previous chunk, or C */
    if (gemm_first && first->c_mode == MMA_C_UNUSED) {
        *c_d = mmai_code_zero(mma_format_get((mma_format)ins->dtype), 0);
    } else if (gemm_first && ins->ctype != ins->dtype) {
        return mmai_c_to_dtype((mma_format)ins->ctype, acc, (mma_format)ins->dtype, c_d);
    }
    return MMA_OK;
}

/* Chunk 0's C of an output in dtype (the kernel's decode checks a code already in dtype). */
static mma_status first_c(const float_job *x, const mma_profile *first, bool gemm_first, uint64_t acc, uint64_t *c_d)
{
    return mmai_fast_first_c(x->g->ins, first, gemm_first, acc, c_d);
}

/* The kernel's view of chunks [c, ...) of a decoded vector. */
static mmai_bfma_vec kernel_vec(const vec_store *v, size_t c, size_t kc, mma_format fmt)
{
    const mmai_bfma_vec k = {v->m + c * kc,     v->m16 + c * kc, v->s16 + c * kc,
                             v->neg + c * kc,   v->e + c * kc,   v->ref + c,
                             v->scaled + c,     (uint8_t)mma_format_get(fmt)->frac_bits};
    return k;
}

/* One output over the run: maximal stretches of special-free chunks through the kernel, the others by
 * the row engine. */
static mma_status run_output(const float_job *x, size_t i, size_t j, const vec_store *av, const vec_store *bv,
                             uint64_t *acc)
{
    const mma_instr *ins = x->g->ins;
    const size_t kc = x->r.kc;
    size_t c = 0;
    while (c < x->r.nch) {
        if (av->special[c] || bv->special[c]) {
            mma_status st = special_chunk(x, i, j, c, acc);
            if (st != MMA_OK) {
                return st;
            }
            ++c;
            continue;
        }
        size_t c2 = c + 1;
        while (c2 < x->r.nch && !av->special[c2] && !bv->special[c2]) {
            ++c2;
        }
        const bool gemm_first = x->r.ch0 + c == 0;
        const mma_profile *first = gemm_first ? x->eff : x->later;
        uint64_t c_d = 0;
        mma_status st = first_c(x, first, gemm_first, *acc, &c_d);
        const mmai_bfma_vec a = kernel_vec(av, c, kc, (mma_format)ins->atype);
        const mmai_bfma_vec b = kernel_vec(bv, c, kc, (mma_format)ins->btype);
        if (st == MMA_OK) {
            st = mmai_bfma_chunks(first, x->later, (mma_format)ins->dtype, &a, &b, 1, kc, c2 - c, &c_d, acc);
        }
        if (st != MMA_OK) {
            return st;
        }
        c = c2;
    }
    return MMA_OK;
}

/* Outputs jj0 .. jj0 + n - 1 of row i over the run, side by side in the kernel when no chunk has a NaN or Inf. */
static mma_status run_outputs(const float_job *x, size_t i, size_t jb, size_t jj0, size_t n, const vec_store *av,
                              const vec_store *bblk)
{
    const mma_gemm_desc *g = x->g;
    const mma_instr *ins = g->ins;
    bool special = false;
    for (size_t c = 0; c < x->r.nch; ++c) {
        special = special || av->special[c] != 0;
        for (size_t l = 0; l < n; ++l) {
            special = special || column_of(bblk, jj0 + l).special[c] != 0;
        }
    }
    uint64_t acc[MMAI_BFMA_LANES], c_d[MMAI_BFMA_LANES];
    const bool gemm_first = x->r.ch0 == 0;
    mma_status st = MMA_OK;
    for (size_t l = 0; l < n; ++l) {
        const size_t j = jb + jj0 + l;
        acc[l] = gemm_first ? g->c[i * g->ldc + j] : g->d[i * g->ldd + j];
    }
    if (special) {
        for (size_t l = 0; l < n && st == MMA_OK; ++l) {
            const vec_store bv = column_of(bblk, jj0 + l);
            st = run_output(x, i, jb + jj0 + l, av, &bv, &acc[l]);
        }
    } else {
        const mma_profile *first = gemm_first ? x->eff : x->later;
        mmai_bfma_vec b[MMAI_BFMA_LANES];
        for (size_t l = 0; l < n && st == MMA_OK; ++l) {
            const vec_store bv = column_of(bblk, jj0 + l);
            b[l] = kernel_vec(&bv, 0, x->r.kc, (mma_format)ins->btype);
            st = first_c(x, first, gemm_first, acc[l], &c_d[l]);
        }
        const mmai_bfma_vec a = kernel_vec(av, 0, x->r.kc, (mma_format)ins->atype);
        if (st == MMA_OK) {
            st = mmai_bfma_chunks(first, x->later, (mma_format)ins->dtype, &a, b, n, x->r.kc, x->r.nch, c_d, acc);
        }
    }
    for (size_t l = 0; l < n; ++l) {
        g->d[i * g->ldd + jb + jj0 + l] = acc[l];
    }
    return st;
}

static mma_status float_tile(const mma_gemm_desc *g, const mma_profile *eff, size_t i0, size_t i1, size_t j0,
                             size_t j1)
{
    const mma_instr *ins = g->ins;
    const size_t kc = ins->k;
    const size_t run_max = MMAI_FAST_ROWK / kc; /* chunks per run */
    const size_t nchunks = g->k == 0 ? 1u : (g->k + kc - 1u) / kc;
    const fast_fmt fa = make_fmt((mma_format)ins->atype, eff), fb = make_fmt((mma_format)ins->btype, eff);
    /* a run of B: MMAI_FAST_COLS columns of MMAI_FAST_ROWK elements; of A: one row of MMAI_FAST_ROWK */
    uint32_t bm[MMAI_FAST_COLS * MMAI_FAST_ROWK], bneg[MMAI_FAST_COLS * MMAI_FAST_ROWK];
    uint16_t bm16[MMAI_FAST_COLS * MMAI_FAST_ROWK], am16[MMAI_FAST_ROWK];
    int16_t bs16[MMAI_FAST_COLS * MMAI_FAST_ROWK], as16[MMAI_FAST_ROWK];
    int16_t be[MMAI_FAST_COLS * MMAI_FAST_ROWK];
    int32_t bref[MMAI_FAST_COLS * MAX_CHUNKS];
    uint8_t bscaled[MMAI_FAST_COLS * MAX_CHUNKS], bspecial[MMAI_FAST_COLS * MAX_CHUNKS];
    uint32_t am[MMAI_FAST_ROWK], aneg[MMAI_FAST_ROWK];
    int16_t ae[MMAI_FAST_ROWK];
    int32_t aref[MAX_CHUNKS];
    uint8_t ascaled[MAX_CHUNKS], aspecial[MAX_CHUNKS];
    uint8_t perm[MMAI_FAST_MAX_K];
    const vec_store av = {am, am16, as16, aneg, ae, aref, ascaled, aspecial};
    const vec_store bblk = {bm, bm16, bs16, bneg, be, bref, bscaled, bspecial};
    mma_profile later = *eff;
    if (later.c_mode == MMA_C_UNUSED) {
        later.c_mode = MMA_C_JOINT;
    }
    for (size_t pos = 0; pos < kc; ++pos) {
        perm[pos] = (uint8_t)mmai_k_index(eff->k_order, pos, kc);
    }
    float_job x = {g, eff, &later, {0, 0, kc, perm}};
    for (size_t jb = j0; jb < j1; jb += MMAI_FAST_COLS) {
        const size_t nb = (j1 - jb) < MMAI_FAST_COLS ? (j1 - jb) : MMAI_FAST_COLS;
        for (size_t ch0 = 0; ch0 < nchunks; ch0 += run_max) {
            x.r.ch0 = ch0;
            x.r.nch = (nchunks - ch0) < run_max ? (nchunks - ch0) : run_max;
            mma_status st = decode_b(&fb, g, jb, nb, &x.r, &bblk);
            for (size_t i = i0; i < i1 && st == MMA_OK; ++i) {
                const size_t kbeg = ch0 * kc, kend = (ch0 + x.r.nch) * kc < g->k ? (ch0 + x.r.nch) * kc : g->k;
                if (i + 1 < i1 && kend > kbeg) {
                    prefetch_codes(&g->a[(i + 1) * g->lda + kbeg], kend - kbeg);
                }
                st = decode_a(&fa, g, i, &x.r, &av);
                for (size_t jj = 0; jj < nb && st == MMA_OK; jj += MMAI_BFMA_LANES) {
                    st = run_outputs(&x, i, jb, jj, (nb - jj) < MMAI_BFMA_LANES ? (nb - jj) : MMAI_BFMA_LANES, &av,
                                     &bblk);
                }
            }
            if (st != MMA_OK) {
                return st;
            }
        }
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

/* The s32 of an exact value: .satfinite clamps to the int32 range, otherwise it wraps modulo 2^32. */
static inline int64_t s32_of(int64_t v, bool sat)
{
    if (sat) {
        return v > INT32_MAX ? INT32_MAX : (v < INT32_MIN ? INT32_MIN : v);
    }
    const uint64_t w = (uint64_t)v & 0xFFFFFFFFu;
    return (int64_t)w - (w >= 0x80000000u ? ((int64_t)1 << 32) : 0);
}

static mma_status int_tile(const mma_gemm_desc *g, size_t i0, size_t i1, size_t j0, size_t j1)
{
    const mma_instr *ins = g->ins;
    const mma_format_info *ia = mma_format_get((mma_format)ins->atype);
    const mma_format_info *ib = mma_format_get((mma_format)ins->btype);
    const size_t kc = ins->k;
    const size_t run_max = MMAI_FAST_ROWK / kc;
    const size_t nchunks = g->k == 0 ? 1u : (g->k + kc - 1u) / kc;
    const bool sat = ins->satfinite != 0;
    int16_t bv[MMAI_FAST_COLS * MMAI_FAST_ROWK] = {0}, av[MMAI_FAST_ROWK] = {0};
    for (size_t jb = j0; jb < j1; jb += MMAI_FAST_COLS) {
        const size_t nb = (j1 - jb) < MMAI_FAST_COLS ? (j1 - jb) : MMAI_FAST_COLS;
        for (size_t ch0 = 0; ch0 < nchunks; ch0 += run_max) {
            const size_t nch = (nchunks - ch0) < run_max ? (nchunks - ch0) : run_max;
            const size_t kbeg = ch0 * kc, klen = nch * kc; /* positions [kbeg, kbeg + klen) of K, zero past K */
            for (size_t t = 0; t < klen; ++t) {
                const uint64_t *row = kbeg + t < g->k ? &g->b[(kbeg + t) * g->ldb + jb] : NULL;
                for (size_t jj = 0; jj < nb; ++jj) {
                    bv[jj * MMAI_FAST_ROWK + t] = 0;
                    if (row != NULL && !int_value(ib, row[jj], &bv[jj * MMAI_FAST_ROWK + t])) {
                        return MMA_ERR_CODE;
                    }
                }
            }
            for (size_t i = i0; i < i1; ++i) {
                for (size_t t = 0; t < klen; ++t) {
                    av[t] = 0;
                    if (kbeg + t < g->k && !int_value(ia, g->a[i * g->lda + kbeg + t], &av[t])) {
                        return MMA_ERR_CODE;
                    }
                }
                const uint64_t *crow = ch0 == 0 ? &g->c[i * g->ldc] : &g->d[i * g->ldd];
                uint64_t *drow = &g->d[i * g->ldd];
                for (size_t jj = 0; jj < nb; ++jj) {
                    const uint64_t c = crow[jb + jj];
                    if (c > 0xFFFFFFFFu) {
                        return MMA_ERR_CODE;
                    }
                    /* each chunk: C (s32) + its exact sum, then .satfinite clamps or the s32 wraps */
                    int64_t s = (int64_t)c - (c >= 0x80000000u ? ((int64_t)1 << 32) : 0);
                    for (size_t ch = 0; ch < nch; ++ch) {
                        s = s32_of(s + int_dot_k(&av[ch * kc], &bv[jj * MMAI_FAST_ROWK + ch * kc], kc), sat);
                    }
                    drow[jb + jj] = (uint64_t)s & 0xFFFFFFFFu;
                }
            }
        }
    }
    return MMA_OK;
}

mma_status mmai_gemm_fast_tile(const mma_gemm_desc *g, const mma_profile *prof, size_t i0, size_t i1, size_t j0,
                               size_t j1)
{
    if (i0 >= i1 || j0 >= j1) {
        return MMA_OK;
    }
    if (prof == NULL) {
        return int_tile(g, i0, i1, j0, j1);
    }
#if MMAI_BFMA_PER_TERM
    const int32_t shift = mmai_gemm_narrow_shift(g->ins, prof);
    if (shift >= 0) {
        return mmai_gemm_narrow_tile(g, prof, (unsigned)shift, i0, i1, j0, j1);
    }
#endif
    return float_tile(g, prof, i0, i1, j0, j1);
}
