/*
 * Warp-level execution: gathers every operand from the lanes' registers through the fragment maps,
 * runs the matrix-level instruction (mma_run / mma_sparse_run) and scatters D back to registers.
 */
#include "mma/block_scale.h"
#include "mma/mma.h"
#include "mma/sparse.h"
#include "mma/warp.h"

/* The maps and matrix sizes of one instruction. */
typedef struct warp_geom {
    mma_frag_layout la, lb, lc, ld, le, lsa, lsb;
    bool sparse, scaled, wgmma;
    size_t a_words, b_words, bq_words, c_words, meta_vals, meta_words, sa_words, sb_words;
} warp_geom;

static size_t words_of(const mma_frag_layout *l)
{
    return (size_t)l->rows * l->cols;
}

static mma_status geometry(const mma_instr *ins, const mma_frag_select *sel, warp_geom *g)
{
    mma_status st;
    g->sparse = ins->sparsity != MMA_SPARSE_NONE;
    g->scaled = ins->block_scale != 0u;
    g->wgmma = ins->family == MMA_FAMILY_WGMMA;
    st = mma_frag_layout_of(ins, MMA_OPERAND_A, sel, &g->la);
    if (st == MMA_OK && !g->wgmma) {
        st = mma_frag_layout_of(ins, MMA_OPERAND_B, sel, &g->lb);
    }
    if (st == MMA_OK) {
        st = mma_frag_layout_of(ins, MMA_OPERAND_C, sel, &g->lc);
    }
    if (st == MMA_OK) {
        st = mma_frag_layout_of(ins, MMA_OPERAND_D, sel, &g->ld);
    }
    if (st == MMA_OK && g->sparse) {
        st = mma_frag_layout_of(ins, MMA_OPERAND_E, sel, &g->le);
    }
    if (st == MMA_OK && g->scaled) {
        st = mma_frag_layout_of(ins, MMA_OPERAND_SFA, sel, &g->lsa);
        if (st == MMA_OK) {
            st = mma_frag_layout_of(ins, MMA_OPERAND_SFB, sel, &g->lsb);
        }
    }
    if (st != MMA_OK) {
        return st;
    }
    g->a_words = words_of(&g->la);
    g->b_words = g->wgmma ? 0u : words_of(&g->lb);
    g->bq_words = g->la.nmat > 1u ? (size_t)ins->k * ins->n : 0u;
    g->c_words = words_of(&g->lc);
    g->meta_vals = g->sparse ? words_of(&g->le) : 0u;
    g->meta_words = (g->meta_vals + 7u) / 8u;
    g->sa_words = g->scaled ? words_of(&g->lsa) : 0u;
    g->sb_words = g->scaled ? words_of(&g->lsb) : 0u;
    return MMA_OK;
}

static size_t total_words(const warp_geom *g)
{
    return g->a_words + g->b_words + g->bq_words + 2u * g->c_words + g->meta_vals + g->meta_words + g->sa_words +
           g->sb_words;
}

mma_status mma_warp_workspace(const mma_instr *ins, size_t *words)
{
    warp_geom g;
    if (ins == NULL || words == NULL) {
        return MMA_ERR_NULL;
    }
    mma_status st = geometry(ins, NULL, &g);
    if (st != MMA_OK) {
        return st;
    }
    *words = total_words(&g);
    return MMA_OK;
}

static mma_status fail(mma_warp_diag *diag, mma_status st, mma_operand op, int32_t lane, int32_t index,
                       uint64_t value, const char *reason)
{
    if (diag != NULL) {
        diag->operand = (uint8_t)op;
        diag->lane = lane;
        diag->index = index;
        diag->row = 0;
        diag->col = 0;
        diag->value = value;
        diag->reason = reason != NULL ? reason : mma_status_message(st);
    }
    return st;
}

/* Gathers one operand; a padding error is reported with the lane, element, position and register word. */
static mma_status gather(const mma_frag_layout *l, mma_operand op, const uint32_t *regs, uint64_t *m,
                         mma_warp_diag *diag)
{
    uint32_t lane = 0, index = 0;
    mma_status st = mma_frag_gather(l, regs, m, &lane, &index);
    if (st == MMA_ERR_CODE) {
        bool held;
        uint32_t row = 0, col = 0;
        const uint32_t reg = l->per_reg != 0u ? index / l->per_reg : 2u * index;
        (void)fail(diag, st, op, (int32_t)lane, (int32_t)index, regs[(size_t)lane * l->regs + reg],
                   l->container == MMA_FRAG_BITS_5_2
                       ? "e2m1 in an 8-bit container (.kind::f8f6f4/mxf8f6f4): bits [7:6] and [1:0] must be zero"
                       : "e3m2/e2m3 in an 8-bit container (.kind::f8f6f4/mxf8f6f4): bits [7:6] must be zero");
        if (diag != NULL && mma_frag_coord(l, lane, index, &held, &row, &col) == MMA_OK && held) {
            diag->row = row;
            diag->col = col;
        }
    }
    return st;
}

/* Checks the selectors first, so that their errors carry the library's reason. */
static mma_status check_selectors(const mma_instr *ins, const mma_frag_select *sel, mma_warp_diag *diag)
{
    const char *reason = NULL;
    mma_status st;
    if (ins->sparsity != MMA_SPARSE_NONE) {
        st = mma_sparse_selector_decode(ins, sel->sparsity, NULL, &reason);
        if (st != MMA_OK) {
            return fail(diag, st, MMA_OPERAND_E, -1, -1, sel->sparsity, reason);
        }
    }
    if (ins->block_scale != 0u) {
        st = mma_scale_selector_decode(ins, MMA_SCALE_A, sel->byte_id_a, sel->thread_id_a, NULL, &reason);
        if (st != MMA_OK) {
            return fail(diag, st, MMA_OPERAND_SFA, -1, -1, ((uint64_t)sel->byte_id_a << 32) | sel->thread_id_a,
                        reason);
        }
        st = mma_scale_selector_decode(ins, MMA_SCALE_B, sel->byte_id_b, sel->thread_id_b, NULL, &reason);
        if (st != MMA_OK) {
            return fail(diag, st, MMA_OPERAND_SFB, -1, -1, ((uint64_t)sel->byte_id_b << 32) | sel->thread_id_b,
                        reason);
        }
    }
    return MMA_OK;
}

mma_status mma_warp_run(const mma_instr *ins, const mma_profile *prof, const mma_warp_operands *ops, uint64_t *work,
                        size_t work_words, mma_warp_diag *diag)
{
    warp_geom g;
    mma_status st;
    if (ins == NULL || ops == NULL || work == NULL) {
        return fail(diag, MMA_ERR_NULL, MMA_OPERAND_A, -1, -1, 0, "instruction, operands or workspace is NULL");
    }
    st = mma_instr_validate(ins, NULL);
    if (st != MMA_OK) {
        return fail(diag, st, MMA_OPERAND_A, -1, -1, 0, "invalid instruction descriptor");
    }
    if (ins->family == MMA_FAMILY_WGMMA ? ops->b_matrix == NULL : ops->b == NULL) {
        return fail(diag, MMA_ERR_NULL, MMA_OPERAND_B, -1, -1, 0,
                    ins->family == MMA_FAMILY_WGMMA ? "wgmma needs b_matrix (B is read from shared memory)"
                                                    : "B registers are NULL");
    }
    if (ops->a == NULL || ops->c == NULL || ops->d == NULL) {
        return fail(diag, MMA_ERR_NULL, ops->a == NULL ? MMA_OPERAND_A : ops->c == NULL ? MMA_OPERAND_C : MMA_OPERAND_D,
                    -1, -1, 0, "A, C or D registers are NULL");
    }
    if (ins->sparsity != MMA_SPARSE_NONE && ops->e == NULL) {
        return fail(diag, MMA_ERR_NULL, MMA_OPERAND_E, -1, -1, 0, "mma.sp needs the metadata registers e");
    }
    if (ins->block_scale != 0u && (ops->scale_a == NULL || ops->scale_b == NULL)) {
        return fail(diag, MMA_ERR_NULL, ops->scale_a == NULL ? MMA_OPERAND_SFA : MMA_OPERAND_SFB, -1, -1, 0,
                    ".block_scale needs scale-a-data and scale-b-data registers");
    }
    st = check_selectors(ins, &ops->sel, diag);
    if (st != MMA_OK) {
        return st;
    }
    st = geometry(ins, &ops->sel, &g);
    if (st != MMA_OK) {
        return fail(diag, st, MMA_OPERAND_A, -1, -1, 0, "no register fragment for this instruction");
    }
    if (work_words < total_words(&g)) {
        return fail(diag, MMA_ERR_BUFFER, MMA_OPERAND_A, -1, -1, work_words, "workspace smaller than mma_warp_workspace");
    }

    uint64_t *wa = work;
    uint64_t *wb = wa + g.a_words;
    uint64_t *wbq = wb + g.b_words;
    uint64_t *wc = wbq + g.bq_words;
    uint64_t *wd = wc + g.c_words;
    uint64_t *wm = wd + g.c_words;
    uint8_t *meta = (uint8_t *)(wm + g.meta_vals);
    uint64_t *wsa = wm + g.meta_vals + g.meta_words;
    uint64_t *wsb = wsa + g.sa_words;

    st = gather(&g.la, MMA_OPERAND_A, ops->a, wa, diag);
    if (st == MMA_OK && !g.wgmma) {
        st = gather(&g.lb, MMA_OPERAND_B, ops->b, wb, diag);
    }
    if (st == MMA_OK) {
        st = gather(&g.lc, MMA_OPERAND_C, ops->c, wc, diag);
    }
    if (st == MMA_OK && g.sparse) {
        st = gather(&g.le, MMA_OPERAND_E, ops->e, wm, diag);
        for (size_t i = 0; st == MMA_OK && i < g.meta_vals; i++) {
            meta[i] = (uint8_t)wm[i];
        }
    }
    if (st == MMA_OK && g.scaled) {
        st = gather(&g.lsa, MMA_OPERAND_SFA, ops->scale_a, wsa, diag);
        if (st == MMA_OK) {
            st = gather(&g.lsb, MMA_OPERAND_SFB, ops->scale_b, wsb, diag);
        }
    }
    if (st != MMA_OK) {
        if (st != MMA_ERR_CODE) { /* MMA_ERR_CODE was reported by gather() with its lane and element */
            (void)fail(diag, st, MMA_OPERAND_A, -1, -1, 0, "cannot read the registers");
        }
        return st;
    }

    const size_t m = ins->m, n = ins->n, k = ins->k;
    const size_t a_cols = g.sparse ? k / 2u : k;
    for (uint32_t q = 0; q < g.la.nmat; q++) {
        mma_operands o;
        o.a = wa + (size_t)q * m * a_cols;
        if (g.wgmma) {
            o.b = ops->b_matrix;
        } else if (g.la.nmat > 1u) {
            /* mma.m8n8k4 .f16: B of quad pair q is columns 8q..8q+7 of the stacked K x 32 B. */
            for (size_t r = 0; r < k; r++) {
                for (size_t c = 0; c < n; c++) {
                    wbq[r * n + c] = wb[r * g.lb.cols + (size_t)q * n + c];
                }
            }
            o.b = wbq;
        } else {
            o.b = wb;
        }
        o.c = wc + (size_t)q * m * n;
        o.d = wd + (size_t)q * m * n;
        o.meta = g.sparse ? meta : NULL;
        o.scale_a = g.scaled ? wsa : NULL;
        o.scale_b = g.scaled ? wsb : NULL;
        if (g.sparse) {
            mma_sparse_diag sd;
            sd.row = 0;
            sd.chunk = 0;
            sd.lane = MMA_SPARSE_NO_LANE;
            sd.value = 0;
            sd.count = 0;
            sd.reason = NULL;
            st = mma_sparse_run(ins, prof, &o, &sd);
            if (st == MMA_ERR_METADATA) {
                uint32_t lane = 0, index = 0;
                const bool found = mma_frag_owner(&g.le, sd.row, sd.chunk, &lane, &index) == MMA_OK;
                (void)fail(diag, st, MMA_OPERAND_E, found ? (int32_t)lane : -1, found ? (int32_t)index : -1,
                           sd.value, sd.reason);
                if (diag != NULL) {
                    diag->row = sd.row;
                    diag->col = sd.chunk;
                }
                return st;
            }
        } else {
            st = mma_run(ins, prof, &o);
        }
        if (st != MMA_OK) {
            return fail(diag, st, MMA_OPERAND_D, -1, -1, 0, NULL);
        }
    }
    st = mma_frag_scatter(&g.ld, wd, ops->d);
    if (st != MMA_OK) {
        return fail(diag, st, MMA_OPERAND_D, -1, -1, 0, "cannot write the D registers");
    }
    return MMA_OK;
}
