/*
 * Row engine: one row of D of one instruction from a dense row of A - the C twin of a row of DPUs.
 * Dense, integer, sparse (after expansion) and block-scaled instructions all come through here; the
 * arithmetic is the stage functions of stage.h (decode, block scale, multiply, group sum, block-FMA).
 */
#include "mma_int.h"

/* One output element of a block-scaled instruction: a row of A, a (gathered) column of B, their factors. */
typedef struct scaled_dot {
    const mma_profile *prof;
    mma_format at, bt;
    const uint64_t *a;            /* k codes */
    const uint64_t *b;            /* k codes */
    size_t k, block_k;
    const mma_scale_factor *f;    /* f[t / block_k] scales product t */
} scaled_dot;

/* The product a[t] * b[t], times the scale factor f (NULL: unscaled). */
static mma_status element_product(const scaled_dot *x, size_t t, const mma_scale_factor *f, mma_product *out)
{
    const bool flush = x->prof->flush_subnormal_in != 0;
    mma_value va, vb;
    mma_status st = mmai_decode_operand(x->at, x->a[t], flush, &va);
    if (st == MMA_OK) {
        st = mmai_decode_operand(x->bt, x->b[t], flush, &vb);
    }
    return st != MMA_OK ? st : mma_multiply(x->at, &va, x->bt, &vb, f, out);
}

/* Callback of the per-product datapaths: the scaled product at position pos of the profile's k order. */
static mma_status fetch_scaled(const void *ctx, size_t pos, mma_product *out)
{
    const scaled_dot *x = (const scaled_dot *)ctx;
    const size_t t = mmai_k_index(x->prof->k_order, pos, x->k);
    return element_product(x, t, &x->f[t / x->block_k], out);
}

/* The .kind::mxf4* step over groups [pos, pos + cnt): group terms (group stage), then one block-FMA step. */
typedef struct group_ctx {
    const scaled_dot *x;
    const mma_profile *step; /* the profile with group = number of groups */
} group_ctx;

static mma_status group_step(const void *vctx, size_t pos, size_t cnt, bool have_acc, uint64_t acc, uint64_t *out)
{
    const group_ctx *cx = (const group_ctx *)vctx;
    const scaled_dot *x = cx->x;
    const size_t g = x->prof->group;
    mma_product terms[MMA_PROFILE_GROUP_MAX];
    mma_product prods[MMA_PROFILE_GROUP_MAX];
    for (size_t i = 0; i < cnt; ++i) {
        const size_t t0 = (pos + i) * g;
        for (size_t t = 0; t < g; ++t) {
            mma_status st = element_product(x, t0 + t, NULL, &prods[t]);
            if (st != MMA_OK) {
                return st;
            }
        }
        mma_status st = mma_group_sum(x->prof, prods, g, &x->f[t0 / x->block_k], &terms[i]);
        if (st != MMA_OK) {
            return st;
        }
    }
    return mma_bfma_step(cx->step, MMA_FMT_F32, terms, cnt, have_acc, acc, out);
}

/* The .kind::mxf4* datapath of one output: exact groups, scaled, fused with C in one block-FMA step. */
static mma_status groups_dot(const scaled_dot *x, mma_format ctype, uint64_t c, uint64_t *d)
{
    const mma_profile *prof = x->prof;
    const size_t g = prof->group;
    if (prof->k_order != MMA_KORDER_NATURAL || g == 0 || x->block_k % g != 0 || x->k % g != 0 ||
        x->k / g > MMA_PROFILE_GROUP_MAX) {
        return MMA_ERR_PROFILE_PARAM;
    }
    const size_t ngroups = x->k / g;
    mma_profile step = *prof;
    step.group = (uint16_t)ngroups; /* one step over all groups */
    step.zero_product_term = 0;     /* which groups take part is the group stage's (group_align) */
    uint64_t c_d = 0;
    if (prof->c_mode != MMA_C_UNUSED) {
        mma_status st = mmai_c_to_dtype(ctype, c, MMA_FMT_F32, &c_d);
        if (st != MMA_OK) {
            return st;
        }
    }
    const group_ctx cx = {x, &step};
    return mmai_block_fma_run(&step, group_step, &cx, ngroups, c_d, MMA_FMT_F32, d);
}

/* One output element of a block-scaled instruction, column j. */
static mma_status scaled_output(const mmai_row_ctx *x, const uint64_t *arow, const uint64_t *bcol,
                                const uint64_t *scale_a, size_t j, mma_format ctype, uint64_t c, uint64_t *d)
{
    const mma_instr *ins = x->ins;
    const mma_format stype = (mma_format)x->shape->stype;
    mma_scale_factor f[4];
    for (size_t s = 0; s < x->shape->vec; ++s) {
        const uint64_t sb = s < x->sb_rows ? x->scale_b[s * x->ldsb + j] : mmai_scale_unit(stype);
        mma_status st = mma_block_scale(stype, scale_a[s], sb, &f[s]);
        if (st != MMA_OK) {
            return st;
        }
    }
    const scaled_dot sd = {x->eff, (mma_format)ins->atype, (mma_format)ins->btype, arow, bcol, ins->k,
                           x->shape->block_k, f};
    const bool groups = x->eff->algo == MMA_ACC_BLOCK_FMA &&
                        (ins->kind == MMA_KINDQ_MXF4 || ins->kind == MMA_KINDQ_MXF4NVF4);
    if (groups) {
        return groups_dot(&sd, ctype, c, d);
    }
    return mmai_accumulate_fetch(x->eff, fetch_scaled, &sd, ins->k, ctype, c, (mma_format)ins->dtype, d);
}

mma_status mmai_row(const mmai_row_ctx *x, const uint64_t *arow, const uint64_t *scale_a, mma_format ctype,
                    const uint64_t *c_row, uint64_t *d_row)
{
    const mma_instr *ins = x->ins;
    const size_t k = ins->k;
    uint64_t bcol[MMAI_ROW_MAX_K];
    if (k > MMAI_ROW_MAX_K) {
        return MMA_ERR_SHAPE;
    }
    for (size_t j = 0; j < x->n; ++j) {
        for (size_t t = 0; t < k; ++t) {
            bcol[t] = t < x->b_rows ? x->b[t * x->ldb + j] : 0u;
        }
        mma_status st;
        if (x->eff == NULL) {
            st = mmai_int_dot(ins, arow, 1, bcol, 1, k, c_row[j], &d_row[j]);
        } else if (x->shape != NULL) {
            st = scaled_output(x, arow, bcol, scale_a, j, ctype, c_row[j], &d_row[j]);
        } else {
            st = mma_dot(x->eff, (mma_format)ins->atype, arow, 1, (mma_format)ins->btype, bcol, 1, k, ctype, c_row[j],
                         (mma_format)ins->dtype, &d_row[j]);
        }
        if (st != MMA_OK) {
            return st;
        }
    }
    return MMA_OK;
}

mma_status mmai_effective_profile(const mma_instr *ins, const mma_profile *prof, mma_profile *out)
{
    if (ins->atype == MMA_FMT_F64) {
        /* IEEE fma in k order with the instruction's rounding; only `exact` keeps one rounding. */
        const bool exact = prof != NULL && prof->algo == MMA_ACC_EXACT;
        mma_status st = mma_preset_profile(exact ? MMA_PRESET_EXACT : MMA_PRESET_SEQ_FMA, MMA_FAMILY_MMA,
                                           MMA_FMT_F64, MMA_FMT_F64, out);
        out->round_mode = ins->f64_round;
        return st;
    }
    if (prof == NULL) {
        return MMA_ERR_NULL;
    }
    *out = *prof;
    mma_status st = mma_profile_validate(out);
    if (st == MMA_OK && ins->block_scale && out->algo == MMA_ACC_ARM_FP8) {
        st = MMA_ERR_PROFILE; /* Arm FP8DotAddFP has no block scaling */
    }
    return st;
}
