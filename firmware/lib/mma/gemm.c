/* Generic GEMM: K cut into chunks of the instruction's k, each chunk's D feeding the next chunk's C. */
#include "../sparse/sparse_int.h"
#include "gemm_fast.h"
#include "mma_int.h"

/* Checks the optional operands of a sparse or block-scaled GEMM before anything is computed. */
static mma_status check_operands(const mma_gemm_desc *g, const mma_sparse_layout *layout,
                                 const mma_scale_shape *shape, size_t nblk)
{
    const mma_instr *ins = g->ins;
    mma_status st = MMA_OK;
    if (ins->sparsity != MMA_SPARSE_NONE) {
        const size_t chunks = g->k / layout->chunk;
        if (g->k % layout->chunk != 0) {
            return MMA_ERR_SHAPE;
        }
        if (g->m != 0 && chunks != 0 && g->meta == NULL) {
            return MMA_ERR_NULL;
        }
        if (g->ldm < chunks || g->lda < g->k / 2u) {
            return MMA_ERR_BUFFER;
        }
        for (size_t i = 0; chunks != 0 && i < g->m && st == MMA_OK; ++i) {
            mma_sparse_diag diag;
            st = mma_sparse_meta_validate(layout, 1, g->k, &g->meta[i * g->ldm], &diag);
        }
    } else if (g->lda < g->k) {
        return MMA_ERR_BUFFER;
    }
    if (st == MMA_OK && ins->block_scale) {
        if ((g->m != 0 && nblk != 0 && g->scale_a == NULL) || (g->n != 0 && nblk != 0 && g->scale_b == NULL)) {
            return MMA_ERR_NULL;
        }
        if (g->ldsa < nblk || g->ldsb < g->n) {
            return MMA_ERR_BUFFER;
        }
        st = mmai_scale_scan((mma_format)shape->stype, g->scale_a, g->m, nblk, g->ldsa, MMA_SCALE_A, false, NULL);
        if (st == MMA_OK) {
            st = mmai_scale_scan((mma_format)shape->stype, g->scale_b, nblk, g->n, g->ldsb, MMA_SCALE_B, false, NULL);
        }
    }
    return st;
}

/* Dense codes of row i of A for the chunk starting at k0 with cnt valid k (the rest zero). */
static void chunk_row(const mma_gemm_desc *g, const mma_sparse_layout *layout, size_t i, size_t k0, size_t cnt,
                      uint64_t *arow)
{
    const size_t kc = g->ins->k;
    if (g->ins->sparsity != MMA_SPARSE_NONE) {
        if (cnt != 0) { /* an empty K has no metadata to read (meta may be NULL) */
            mmai_sparse_expand_row(layout, cnt, &g->a[i * g->lda + k0 / 2u], &g->meta[i * g->ldm + k0 / layout->chunk],
                                   arow);
        }
    } else {
        for (size_t t = 0; t < cnt; ++t) {
            arow[t] = g->a[i * g->lda + k0 + t];
        }
    }
    for (size_t t = cnt; t < kc; ++t) {
        arow[t] = 0u;
    }
}

/* What validation of a GEMM finds out: everything the paths need. */
typedef struct gemm_plan {
    mma_sparse_layout layout;
    mma_scale_shape shape;
    size_t nblk;       /* scale blocks along K */
    bool integer;
    mma_profile eff;   /* effective profile (floating point only) */
} gemm_plan;

/* Checks the descriptor and every optional operand before anything is computed. */
static mma_status validate(const mma_gemm_desc *g, gemm_plan *p)
{
    if (g == NULL || g->ins == NULL || g->d == NULL || (g->m != 0 && g->n != 0 && g->c == NULL) ||
        (g->m != 0 && g->k != 0 && g->a == NULL) || (g->k != 0 && g->n != 0 && g->b == NULL)) {
        return MMA_ERR_NULL;
    }
    const mma_instr *ins = g->ins;
    mma_status st = mma_instr_validate(ins, NULL);
    if (st != MMA_OK) {
        return st;
    }
    const size_t kc = ins->k;
    if (kc == 0 || kc > MMAI_ROW_MAX_K || g->ldb < g->n || g->ldc < g->n || g->ldd < g->n) {
        return MMA_ERR_BUFFER;
    }
    const mma_sparse_layout no_layout = {0, 0, 1, 1};
    const mma_scale_shape no_shape = {1, 0, 1};
    p->layout = no_layout;
    p->shape = no_shape;
    if (ins->sparsity != MMA_SPARSE_NONE) {
        st = mma_sparse_layout_of(ins, &p->layout);
    }
    if (st == MMA_OK && ins->block_scale) {
        st = mma_block_scale_shape(ins, &p->shape);
    }
    p->nblk = (g->k + p->shape.block_k - 1u) / p->shape.block_k;
    if (st == MMA_OK) {
        st = check_operands(g, &p->layout, &p->shape, p->nblk);
    }
    p->integer = mma_instr_is_integer(ins);
    if (st == MMA_OK && !p->integer) {
        st = mmai_effective_profile(ins, g->prof, &p->eff);
    }
    return st;
}

/* The general path (the row engine) over rows [i0, i1) and columns [j0, j1) of D. */
static mma_status general_tile(const mma_gemm_desc *g, const gemm_plan *p, size_t i0, size_t i1, size_t j0, size_t j1)
{
    const mma_instr *ins = g->ins;
    const size_t kc = ins->k;
    const bool integer = p->integer;
    const mma_scale_shape *shape = &p->shape;
    mma_profile later = p->eff; /* chunks after the first: C unused becomes "accumulate into D" */
    if (!integer && later.c_mode == MMA_C_UNUSED) {
        later.c_mode = MMA_C_JOINT;
    }
    uint64_t arow[MMAI_ROW_MAX_K];
    uint64_t sa[4];
    mma_status st = MMA_OK;
    size_t k0 = 0;
    if (i0 >= i1 || j0 >= j1) {
        return MMA_OK;
    }
    do {
        const size_t cnt = (g->k - k0) < kc ? (g->k - k0) : kc;
        const size_t blk0 = k0 / shape->block_k;
        mmai_row_ctx x = {ins, integer ? NULL : (k0 == 0 ? &p->eff : &later), ins->block_scale ? shape : NULL,
                          j1 - j0, cnt != 0 ? g->b + (k0 * g->ldb + j0) : NULL, g->ldb, cnt, NULL, g->ldsb, 0};
        if (ins->block_scale) {
            x.sb_rows = p->nblk - blk0 < shape->vec ? p->nblk - blk0 : shape->vec;
            x.scale_b = x.sb_rows != 0 ? g->scale_b + (blk0 * g->ldsb + j0) : NULL;
        }
        const mma_format ctype = k0 == 0 ? (mma_format)ins->ctype : (mma_format)ins->dtype;
        for (size_t i = i0; i < i1 && st == MMA_OK; ++i) {
            chunk_row(g, &p->layout, i, k0, cnt, arow);
            for (size_t s = 0; ins->block_scale && s < shape->vec; ++s) {
                sa[s] = s < x.sb_rows ? g->scale_a[i * g->ldsa + blk0 + s] : mmai_scale_unit((mma_format)shape->stype);
            }
            st = mmai_row(&x, arow, sa, ctype, k0 == 0 ? &g->c[i * g->ldc + j0] : &g->d[i * g->ldd + j0],
                          &g->d[i * g->ldd + j0]);
        }
        k0 += cnt;
    } while (st == MMA_OK && k0 < g->k);
    return st;
}

/* A validated tile: the fast path where it applies (fast), else the row engine. */
static mma_status tile(const mma_gemm_desc *g, size_t i0, size_t i1, size_t j0, size_t j1, bool fast)
{
    gemm_plan p;
    mma_status st = validate(g, &p);
    if (st != MMA_OK) {
        return st;
    }
    if (i0 > i1 || i1 > g->m || j0 > j1 || j1 > g->n) {
        return MMA_ERR_BUFFER;
    }
#if MMA_CFG_ACC_EXACT
    if (fast && !p.integer && mmai_gemm_exact_eligible(g->ins, &p.eff, g->ins->block_scale ? &p.shape : NULL)) {
        return mmai_gemm_exact_tile(g, &p.eff, &p.shape, p.nblk, i0, i1, j0, j1);
    }
#endif
    if (fast && mmai_gemm_fast_eligible(g->ins, p.integer ? NULL : &p.eff)) {
        return mmai_gemm_fast_tile(g, p.integer ? NULL : &p.eff, i0, i1, j0, j1);
    }
    return general_tile(g, &p, i0, i1, j0, j1);
}

mma_status mma_gemm_tile(const mma_gemm_desc *g, size_t i0, size_t i1, size_t j0, size_t j1)
{
    return tile(g, i0, i1, j0, j1, true);
}

mma_status mma_gemm(const mma_gemm_desc *g)
{
    return g == NULL ? MMA_ERR_NULL : tile(g, 0, g->m, 0, g->n, true);
}

mma_status mmai_gemm_general(const mma_gemm_desc *g)
{
    return g == NULL ? MMA_ERR_NULL : tile(g, 0, g->m, 0, g->n, false);
}
