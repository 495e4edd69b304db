/* Instruction-level accumulation: k order, steps of G, C placement, dispatch per algorithm. */
#include "mma/accumulate.h"
#include "mma/stage.h"

#include "accumulate_int.h"

/* The build switches MMA_CFG_ACC_EXACT, MMA_CFG_ACC_SEQ_FMA, MMA_CFG_ARM_FP8: accumulate_int.h. */

/* C and D of a floating-point MMA are f32, f16 or f64 (the accumulator formats of PTX). */
static bool is_accumulator_format(mma_format f)
{
    return f == MMA_FMT_F32 || f == MMA_FMT_F16 || f == MMA_FMT_F64;
}

/* Rounds C (in ctype) to the accumulator format dtype once, RNE (f32 C for f16 output). */
mma_status mmai_c_to_dtype(mma_format ctype, uint64_t c, mma_format dtype, uint64_t *out)
{
    mma_value v;
    mma_status st = mma_decode(ctype, c, &v);
    if (st != MMA_OK) {
        return st;
    }
    if (ctype == dtype) {
        *out = c;
        return MMA_OK;
    }
    return mma_encode(dtype, &v, MMA_RND_RNE, 0, out);
}

/* Generic block step: fetches the step's products, then runs the align, sum and round stages. */
typedef struct fetch_step_ctx {
    const mma_profile *prof;
    mmai_product_fetch fetch;
    const void *ctx;
    mma_format dtype;
} fetch_step_ctx;

static mma_status fetch_step(const void *vctx, size_t pos, size_t cnt, bool have_acc, uint64_t acc, uint64_t *out)
{
    const fetch_step_ctx *x = (const fetch_step_ctx *)vctx;
    mma_product buf[MMA_PROFILE_GROUP_MAX];
    for (size_t i = 0; i < cnt; ++i) {
        mma_status st = x->fetch(x->ctx, pos + i, &buf[i]);
        if (st != MMA_OK) {
            return st;
        }
    }
    return mma_bfma_step(x->prof, x->dtype, buf, cnt, have_acc, acc, out);
}

mma_status mmai_block_fma_run(const mma_profile *prof, mmai_block_step_fn step, const void *ctx, size_t n, uint64_t c_d,
                             mma_format dtype, uint64_t *d)
{
    const size_t g = prof->group;
    bool have_acc = prof->c_mode == MMA_C_JOINT;
    uint64_t acc = have_acc ? c_d : 0u;
    size_t pos = 0;
    do {
        const size_t cnt = (n - pos) < g ? (n - pos) : g;
        mma_status st = step(ctx, pos, cnt, have_acc, acc, &acc);
        if (st != MMA_OK) {
            return st;
        }
        have_acc = true;
        pos += cnt;
    } while (pos < n);
    if (prof->c_mode == MMA_C_SEPARATE) {
        return mma_ieee_add(dtype, acc, c_d, MMA_RND_RNE, d);
    }
    *d = acc;
    return MMA_OK;
}

#if MMA_CFG_ACC_EXACT
static mma_status exact_run(const mma_profile *prof, mmai_product_fetch fetch, const void *ctx, size_t n,
                            uint64_t c_d, mma_format dtype, uint64_t *d)
{
    const mma_format_info *info = mma_format_get(dtype);
    mmai_exact_sum s;
    mmai_exact_sum_init(&s);
    mma_status st = MMA_OK;
    if (prof->c_mode != MMA_C_UNUSED) {
        mma_value cv;
        st = mma_decode(dtype, c_d, &cv);
        if (st == MMA_OK) {
            st = mmai_exact_sum_add_value(&s, &cv);
        }
    }
    for (size_t i = 0; i < n && st == MMA_OK; ++i) {
        mma_product p;
        st = fetch(ctx, i, &p);
        if (st == MMA_OK) {
            st = mmai_exact_sum_add_product(&s, &p);
        }
    }
    if (st != MMA_OK) {
        return st;
    }
    return mmai_exact_sum_round(&s, info, (mma_round)prof->round_mode, 0, info->canonical_nan, d);
}
#endif

#if MMA_CFG_ACC_SEQ_FMA
static mma_status seq_fma_run(const mma_profile *prof, mmai_product_fetch fetch, const void *ctx, size_t n,
                              uint64_t c_d, mma_format dtype, uint64_t *d)
{
    const mma_format_info *info = mma_format_get(dtype);
    uint64_t acc = prof->c_mode == MMA_C_UNUSED ? mmai_code_zero(info, 0) : c_d;
    for (size_t i = 0; i < n; ++i) {
        mma_product p;
        mma_value av;
        mmai_exact_sum s;
        mma_status st = fetch(ctx, i, &p);
        if (st == MMA_OK) {
            st = mma_decode(dtype, acc, &av);
        }
        if (st != MMA_OK) {
            return st;
        }
        mmai_exact_sum_init(&s);
        (void)mmai_exact_sum_add_product(&s, &p);
        st = mmai_exact_sum_add_value(&s, &av);
        if (st == MMA_OK) {
            st = mmai_exact_sum_round(&s, info, (mma_round)prof->round_mode, 0, info->canonical_nan, &acc);
        }
        if (st != MMA_OK) {
            return st;
        }
    }
    *d = acc;
    return MMA_OK;
}
#endif

mma_status mmai_accumulate_fetch(const mma_profile *prof, mmai_product_fetch fetch, const void *ctx, size_t n,
                                mma_format ctype, uint64_t c, mma_format dtype, uint64_t *d)
{
    if (prof == NULL || fetch == NULL || d == NULL) {
        return MMA_ERR_NULL;
    }
    mma_status st = mma_profile_validate(prof);
    if (st != MMA_OK) {
        return st;
    }
    if (!is_accumulator_format(ctype) || !is_accumulator_format(dtype)) {
        return MMA_ERR_FORMAT_PAIR;
    }
    uint64_t c_d = 0;
    if (prof->c_mode == MMA_C_UNUSED) {
        c_d = mmai_code_zero(mma_format_get(dtype), 0);
    } else {
        st = mmai_c_to_dtype(ctype, c, dtype, &c_d);
        if (st != MMA_OK) {
            return st;
        }
    }
    switch ((mma_acc_algo)prof->algo) {
    case MMA_ACC_BLOCK_FMA:
        if (dtype != MMA_FMT_F32 && dtype != MMA_FMT_F16) {
            return MMA_ERR_FORMAT_PAIR;
        }
        {
            fetch_step_ctx x = {prof, fetch, ctx, dtype};
            return mmai_block_fma_run(prof, fetch_step, &x, n, c_d, dtype, d);
        }
    case MMA_ACC_EXACT:
#if MMA_CFG_ACC_EXACT
        return exact_run(prof, fetch, ctx, n, c_d, dtype, d);
#else
        return MMA_ERR_PROFILE;   /* switched off in this build */
#endif
    case MMA_ACC_SEQ_FMA:
#if MMA_CFG_ACC_SEQ_FMA
        return seq_fma_run(prof, fetch, ctx, n, c_d, dtype, d);
#else
        return MMA_ERR_PROFILE;
#endif
    case MMA_ACC_ARM_FP8:
#if MMA_CFG_ARM_FP8
        return mmai_arm_fp8_dot(prof, fetch, ctx, n, dtype, c_d, d);
#else
        return MMA_ERR_PROFILE;
#endif
    default:
        return MMA_ERR_PROFILE_PARAM;
    }
}

/* Fetch from a caller's product array already in k order. */
static mma_status fetch_array(const void *ctx, size_t pos, mma_product *out)
{
    const mma_product *p = &((const mma_product *)ctx)[pos];
    out->cls = p->cls;
    out->sign = p->sign;
    out->signaling = p->signaling;
    out->pad = 0;
    out->e = p->e;
    out->lsb = p->lsb;
    out->m = p->m;
    return mma_product_check(out); /* caller-built products must keep the documented invariants */
}

mma_status mma_accumulate(const mma_profile *prof, const mma_product *products, size_t n, mma_format ctype,
                          uint64_t c, mma_format dtype, uint64_t *d)
{
    if (products == NULL && n != 0) {
        return MMA_ERR_NULL;
    }
    return mmai_accumulate_fetch(prof, fetch_array, products, n, ctype, c, dtype, d);
}

mma_status mmai_decode_operand(mma_format fmt, uint64_t code, bool flush, mma_value *out)
{
    mma_status st = mma_decode(fmt, code, out);
    if (st == MMA_OK && flush && out->cls == MMA_CLASS_FINITE &&
        out->sig < ((uint64_t)1 << mma_format_get(fmt)->frac_bits)) {
        out->cls = MMA_CLASS_ZERO; /* a subnormal input read as zero (same sign) */
        out->sig = 0;
    }
    return st;
}

/* Position in the profile's k order -> k index. */
size_t mmai_k_index(uint8_t order, size_t pos, size_t k)
{
    if (order != MMA_KORDER_PAIR_SPLIT || (k % 4u) != 0) {
        return pos;
    }
    const size_t half = k / 2u;
    const size_t j = pos < half ? pos : pos - half;
    return (j / 2u) * 4u + (j % 2u) + (pos < half ? 0u : 2u);
}

typedef struct dot_ctx {
    mma_format atype, btype;
    const uint64_t *a, *b;
    size_t a_stride, b_stride, k;
    uint8_t order;
    uint8_t flush;
} dot_ctx;

static mma_status fetch_codes(const void *vctx, size_t pos, mma_product *out)
{
    const dot_ctx *x = (const dot_ctx *)vctx;
    const size_t i = mmai_k_index(x->order, pos, x->k);
    mma_value va, vb;
    mma_status st = mmai_decode_operand(x->atype, x->a[i * x->a_stride], x->flush, &va);
    if (st == MMA_OK) {
        st = mmai_decode_operand(x->btype, x->b[i * x->b_stride], x->flush, &vb);
    }
    return st != MMA_OK ? st : mma_multiply(x->atype, &va, x->btype, &vb, NULL, out);
}

#if MMA_CFG_ACC_SEQ_FMA
/* f64 (and any width) k-serial fused multiply-add directly on decoded values. */
static mma_status dot_wide_seq_fma(const mma_profile *prof, const dot_ctx *x, mma_format dtype, uint64_t c_d,
                                   uint64_t *d)
{
    const mma_format_info *info = mma_format_get(dtype);
    uint64_t acc = c_d;
    for (size_t pos = 0; pos < x->k; ++pos) {
        const size_t i = mmai_k_index(x->order, pos, x->k);
        mma_value va, vb, vc;
        mma_status st = mma_decode(x->atype, x->a[i * x->a_stride], &va);
        if (st == MMA_OK) {
            st = mma_decode(x->btype, x->b[i * x->b_stride], &vb);
        }
        if (st == MMA_OK) {
            st = mma_decode(dtype, acc, &vc);
        }
        if (st != MMA_OK) {
            return st;
        }
        mmai_exact_sum s;
        mmai_exact_sum_init(&s);
        st = mmai_exact_sum_add_mul(&s, &va, &vb, 0);
        if (st == MMA_OK) {
            st = mmai_exact_sum_add_value(&s, &vc);
        }
        if (st == MMA_OK) {
            st = mmai_exact_sum_round(&s, info, (mma_round)prof->round_mode, 0, info->canonical_nan, &acc);
        }
        if (st != MMA_OK) {
            return st;
        }
    }
    *d = acc;
    return MMA_OK;
}

#endif

#if MMA_CFG_ACC_EXACT
/* f64 (any width) exact sum of all products and C with one rounding. */
static mma_status dot_wide_exact(const mma_profile *prof, const dot_ctx *x, mma_format ctype, uint64_t c,
                                 mma_format dtype, uint64_t *d)
{
    const mma_format_info *info = mma_format_get(dtype);
    mmai_exact_sum s;
    mma_value v;
    mma_status st = mma_profile_validate(prof);
    if (st != MMA_OK) {
        return st;
    }
    if (!mma_format_is_float(ctype) || info == NULL || info->kind != MMA_KIND_FLOAT) {
        return MMA_ERR_FORMAT;
    }
    mmai_exact_sum_init(&s);
    if (prof->c_mode != MMA_C_UNUSED) {
        st = mma_decode(ctype, c, &v);
        if (st == MMA_OK) {
            st = mmai_exact_sum_add_value(&s, &v);
        }
    }
    for (size_t i = 0; i < x->k && st == MMA_OK; ++i) {
        mma_value va, vb;
        st = mma_decode(x->atype, x->a[i * x->a_stride], &va);
        if (st == MMA_OK) {
            st = mma_decode(x->btype, x->b[i * x->b_stride], &vb);
        }
        if (st == MMA_OK) {
            st = mmai_exact_sum_add_mul(&s, &va, &vb, 0);
        }
    }
    if (st != MMA_OK) {
        return st;
    }
    return mmai_exact_sum_round(&s, info, (mma_round)prof->round_mode, 0, info->canonical_nan, d);
}
#endif

mma_status mma_dot(const mma_profile *prof, mma_format atype, const uint64_t *a, size_t a_stride,
                   mma_format btype, const uint64_t *b, size_t b_stride, size_t k, mma_format ctype,
                   uint64_t c, mma_format dtype, uint64_t *d)
{
    if (prof == NULL || d == NULL || ((a == NULL || b == NULL) && k != 0)) {
        return MMA_ERR_NULL;
    }
    if (!mma_format_is_float(atype) || !mma_format_is_float(btype)) {
        return MMA_ERR_FORMAT;
    }
    dot_ctx x = {atype, btype, a, b, a_stride, b_stride, k, prof->k_order, prof->flush_subnormal_in};
    if (atype == MMA_FMT_F64 || btype == MMA_FMT_F64) {
        if (!is_accumulator_format(ctype) || !is_accumulator_format(dtype)) {
            return MMA_ERR_FORMAT_PAIR;
        }
#if MMA_CFG_ACC_EXACT
        if (prof->algo == MMA_ACC_EXACT) {
            return dot_wide_exact(prof, &x, ctype, c, dtype, d);
        }
#endif
#if MMA_CFG_ACC_SEQ_FMA
        if (prof->algo == MMA_ACC_SEQ_FMA) {
            mma_status st = mma_profile_validate(prof);
            uint64_t c_d = 0;
            if (st == MMA_OK) {
                st = mmai_c_to_dtype(ctype, c, dtype, &c_d);
            }
            return st != MMA_OK ? st : dot_wide_seq_fma(prof, &x, dtype, c_d, d);
        }
#endif
        return MMA_ERR_PROFILE;
    }
    return mmai_accumulate_fetch(prof, fetch_codes, &x, k, ctype, c, dtype, d);
}
