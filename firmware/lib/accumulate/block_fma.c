/*
 * Block-FMA step stages (NUMERICS 3 steps 1-8): align (specials, E), sum (shift, truncate, add), round;
 * and the same steps over operand vectors decoded once (mmai_bfma_dot, the GEMM fast path). Both use
 * the one frame (frame_core), C term (c_term_core) and rounding (round_core) of this file.
 */
#include "mma/stage.h"

#include "accumulate_int.h"

/* Forced inlining for the per-G instances of the kernel (a hint only where the compiler has no attribute). */
#if defined(__GNUC__)
#define MMAI_INLINE inline __attribute__((always_inline))
#else
#define MMAI_INLINE inline
#endif

/* Exponent of the accumulator term c (NUMERICS 3 step 4). */
static inline int32_t c_exponent(const mma_profile *prof, mma_format dtype, const mma_value *c)
{
    const int32_t e = c->exp + (int32_t)mmai_msb64(c->sig); /* floor(log2|c|) */
    if (dtype == MMA_FMT_F16) {
        return (prof->f16_c_pinned && e < -14) ? -14 : e;
    }
    return e < -126 ? -126 : e;
}

/* floor(m * 2^shift) for a non-negative integer m. */
static inline int64_t aligned(uint64_t m, int32_t shift)
{
    if (shift >= 0) {
        return (int64_t)(m << (unsigned)shift);
    }
    if (shift <= -64) {
        return 0;
    }
    return (int64_t)(m >> (unsigned)(-shift));
}

static bool is_step_format(mma_format dtype)
{
    return dtype == MMA_FMT_F32 || dtype == MMA_FMT_F16;
}

/* Steps 4-5 without the specials: C folded into E (finite C; a zero C under zero_c_term), then min_E. */
static inline void frame_core(const mma_profile *prof, mma_format dtype, bool have_products, int32_t e_products,
                              const mma_value *c, mma_bfma_frame *out)
{
    bool any = have_products;
    int32_t E = e_products;
    const bool c_term = c != NULL && c->cls == MMA_CLASS_FINITE;
    const bool zero_term = c != NULL && c->cls == MMA_CLASS_ZERO && prof->zero_c_term;
    if (c_term || zero_term) {
        /* zero_c_term (MMA-Sim): a zero C still takes part with exponent -126 */
        const int32_t ec = c_term ? c_exponent(prof, dtype, c) : -126;
        if (!any || ec > E) {
            E = ec;
        }
        any = true;
    }
    out->special = MMA_BFMA_FINITE;
    out->any = any ? 1u : 0u;
    out->c_term = c_term ? 1u : 0u;
    out->pad = 0;
    out->E = 0;
    if (any) {
        const int32_t min_e = dtype == MMA_FMT_F16 ? (int32_t)prof->min_e_f16 : (int32_t)prof->min_e_f32;
        out->E = (min_e != MMA_MIN_E_NONE && E < min_e) ? min_e : E;
    }
}

/* Step 6 for C: its aligned, truncated, signed term at weight 2^(E-F). */
static inline int64_t c_term_core(const mma_profile *prof, const mma_bfma_frame *frame, const mma_value *c)
{
    if (!frame->c_term || c == NULL) {
        return 0;
    }
    const int64_t t = aligned(c->sig, c->exp + (int32_t)prof->frac_bits - frame->E);
    return c->sign ? -t : t;
}

/*
 * Step 8 (and the specials outcome): S * 2^(E - F) normalised once and rounded to the step format
 * (the encode stage's rounding: its normal-range case inline, mmai_round_normal, else mmai_encode_info).
 */
static inline mma_status round_core(const mma_profile *prof, mma_format dtype, const mma_format_info *dinfo,
                                    const mma_bfma_frame *frame, int64_t S, uint64_t *code)
{
    switch ((mma_bfma_special)frame->special) {
    case MMA_BFMA_FINITE:
        break;
    case MMA_BFMA_NAN:
        *code = dinfo->canonical_nan;
        return MMA_OK;
    case MMA_BFMA_PINF:
    case MMA_BFMA_NINF:
        *code = mmai_code_inf(dinfo, frame->special == MMA_BFMA_NINF ? 1u : 0u);
        return MMA_OK;
    default:
        return MMA_ERR_CODE;
    }
    if (!frame->any || S == 0) {
        *code = mmai_code_zero(dinfo, 0);
        return MMA_OK;
    }
    /* Step 8: normalise |S| * 2^(E-F) once and round to the step format. */
    const unsigned sign = S < 0 ? 1u : 0u;
    const uint64_t mag = S < 0 ? (uint64_t)0 - (uint64_t)S : (uint64_t)S;
    const int32_t lsb = frame->E - (int32_t)prof->frac_bits;
    const int32_t top = lsb + mmai_msb64(mag);
    if (top > dinfo->emax) {
        *code = mmai_code_inf(dinfo, sign); /* |S| * 2^(E-F) >= 2^(emax+1): overflow to Inf */
        return MMA_OK;
    }
    const bool f16 = dtype == MMA_FMT_F16;
    const mma_format_info *step = (!f16 && prof->f32_sig_bits == 14) ? &mmai_e8m13_info : dinfo;
    const mma_round mode = (mma_round)(f16 ? prof->f16_round : prof->f32_round);
    if (mmai_round_normal(step, sign, mag, lsb, mode, code, NULL)) {
        return MMA_OK;
    }
    const mma_value sum = {MMA_CLASS_FINITE, (uint8_t)sign, 0, 0, lsb, mag};
    return mmai_encode_info(step, &sum, mode, 0, code, NULL);
}

mma_status mmai_bfma_frame(const mma_profile *prof, mma_format dtype, bool have_products, int32_t e_products,
                           const mma_value *c, mma_bfma_frame *out)
{
    frame_core(prof, dtype, have_products, e_products, c, out);
    return MMA_OK;
}

int64_t mmai_bfma_c_term(const mma_profile *prof, const mma_bfma_frame *frame, const mma_value *c)
{
    return c_term_core(prof, frame, c);
}

mma_status mma_bfma_align(const mma_profile *prof, mma_format dtype, const mma_product *terms, size_t n,
                          const mma_value *c, mma_bfma_frame *out)
{
    if (prof == NULL || out == NULL || (terms == NULL && n != 0)) {
        return MMA_ERR_NULL;
    }
    if (!is_step_format(dtype)) {
        return MMA_ERR_FORMAT;
    }
    /* Step 1: specials. */
    bool nan = false, pinf = false, ninf = false;
    if (c != NULL) {
        nan = c->cls == MMA_CLASS_NAN;
        pinf = c->cls == MMA_CLASS_INF && !c->sign;
        ninf = c->cls == MMA_CLASS_INF && c->sign;
    }
    for (size_t i = 0; i < n; ++i) {
        nan = nan || terms[i].cls == MMA_CLASS_NAN;
        pinf = pinf || (terms[i].cls == MMA_CLASS_INF && !terms[i].sign);
        ninf = ninf || (terms[i].cls == MMA_CLASS_INF && terms[i].sign);
    }
    if (nan || pinf || ninf) {
        out->special = (uint8_t)((nan || (pinf && ninf)) ? MMA_BFMA_NAN : (pinf ? MMA_BFMA_PINF : MMA_BFMA_NINF));
        out->any = 0;
        out->c_term = 0;
        out->pad = 0;
        out->E = 0;
        return MMA_OK;
    }
    /* Step 5: E = largest term exponent (zero products only under zero_product_term), then min_E. */
    bool any = false;
    int32_t e_max = 0;
    for (size_t i = 0; i < n; ++i) {
        const bool takes_part = terms[i].cls == MMA_CLASS_FINITE ||
                                (terms[i].cls == MMA_CLASS_ZERO && prof->zero_product_term);
        if (takes_part && (!any || terms[i].e > e_max)) {
            e_max = terms[i].e;
            any = true;
        }
    }
    frame_core(prof, dtype, any, e_max, c, out);
    return MMA_OK;
}

mma_status mma_bfma_sum(const mma_profile *prof, const mma_bfma_frame *frame, const mma_product *terms, size_t n,
                        const mma_value *c, int64_t *S)
{
    if (prof == NULL || frame == NULL || S == NULL || (terms == NULL && n != 0)) {
        return MMA_ERR_NULL;
    }
    *S = 0;
    if (frame->special != MMA_BFMA_FINITE || !frame->any) {
        return MMA_OK;
    }
    /* Steps 6-7: align to E, truncate to F fraction bits, exact integer sum. */
    int64_t sum = c_term_core(prof, frame, c);
    for (size_t i = 0; i < n; ++i) {
        if (terms[i].cls == MMA_CLASS_FINITE) {
            const int64_t t = aligned(terms[i].m, terms[i].lsb + (int32_t)prof->frac_bits - frame->E);
            sum += terms[i].sign ? -t : t;
        }
    }
    *S = sum;
    return MMA_OK;
}

mma_status mma_bfma_round(const mma_profile *prof, mma_format dtype, const mma_bfma_frame *frame, int64_t S,
                          uint64_t *code)
{
    if (prof == NULL || frame == NULL || code == NULL) {
        return MMA_ERR_NULL;
    }
    if (!is_step_format(dtype)) {
        return MMA_ERR_FORMAT;
    }
    return round_core(prof, dtype, mma_format_get(dtype), frame, S, code);
}

mma_status mma_bfma_step(const mma_profile *prof, mma_format dtype, const mma_product *terms, size_t n, bool have_c,
                         uint64_t c, uint64_t *code)
{
    mma_value cv;
    mma_bfma_frame frame;
    int64_t S = 0;
    if (prof == NULL || code == NULL) {
        return MMA_ERR_NULL;
    }
    if (!is_step_format(dtype)) {
        return MMA_ERR_FORMAT;
    }
    if (have_c) {
        mma_status st = mma_decode(dtype, c, &cv);
        if (st != MMA_OK) {
            return st;
        }
    }
    mma_status st = mma_bfma_align(prof, dtype, terms, n, have_c ? &cv : NULL, &frame);
    if (st == MMA_OK) {
        st = mma_bfma_sum(prof, &frame, terms, n, have_c ? &cv : NULL, &S);
    }
    if (st == MMA_OK) {
        st = mma_bfma_round(prof, dtype, &frame, S, code);
    }
    return st;
}

/* ------------------------------------------------------------------ kernel over decoded operand vectors */

/*
 * The same steps as mma_bfma_step over operands decoded once (mmai_bfma_vec): the step's products
 * are formed from the vectors, E is their largest term exponent (frame_core), each product is
 * aligned and truncated exactly as mma_bfma_sum does (floor(|P| * 2^(F - E)), sign after), and the
 * result goes through round_core. Every element is finite here (the caller keeps NaN/Inf away), so
 * the only special input is a NaN or Inf accumulator.
 */
typedef struct vec_ctx {
    const mma_profile *prof;
    mma_format dtype;
    const mma_format_info *dinfo;
    const mmai_bfma_vec *a, *b;
    int32_t F;
    bool uniform; /* both vectors scaled: one shift per step */
} vec_ctx;

/* Keeps a short constant-count loop a loop, so that it is vectorised rather than fully unrolled. */
#if defined(__GNUC__) && !defined(__clang__)
#define MMAI_VECTOR_LOOP _Pragma("GCC unroll 1")
#else
#define MMAI_VECTOR_LOOP
#endif

/* Largest term exponent ea + eb of the step's products (zeros give less than MMAI_BFMA_ZERO_E / 2). */
static MMAI_INLINE int32_t step_emax(const int16_t *ea, const int16_t *eb, size_t cnt)
{
    int16_t m = (int16_t)(2 * MMAI_BFMA_ZERO_E);
    MMAI_VECTOR_LOOP
    for (size_t t = 0; t < cnt; ++t) {
        const int16_t e = (int16_t)(ea[t] + eb[t]); /* |sum| <= 32000: exact */
        if (e > m) {
            m = e;
        }
    }
    return m;
}

/*
 * Aligned products of two scaled vectors: |P_t| = ma_t * mb_t * 2^(ra + rb), so every term is
 * floor(ma_t * mb_t * 2^-sh) with one shift sh = E - F - ra - rb for the whole step. A term is below
 * 2^(F+2) (|P| < 2^(e+2) <= 2^(E+2)), so the left shift (sh < 0) cannot overflow.
 */
static MMAI_INLINE int64_t step_sum_uniform(const uint32_t *ma, const uint32_t *na, const uint32_t *mb,
                                            const uint32_t *nb, size_t cnt, int32_t sh)
{
    uint64_t s = 0;
    if (sh >= 64) {
        return 0;
    }
    if (sh >= 0) {
        const unsigned r = (unsigned)sh;
        MMAI_VECTOR_LOOP
        for (size_t t = 0; t < cnt; ++t) {
            const uint64_t x = ((uint64_t)ma[t] * mb[t]) >> r;
            const uint64_t n = (uint64_t)(int64_t)(int32_t)(na[t] ^ nb[t]); /* 0 or all ones */
            s += (x ^ n) - n;
        }
    } else {
        const unsigned l = (unsigned)(-sh) & 63u;
        MMAI_VECTOR_LOOP
        for (size_t t = 0; t < cnt; ++t) {
            const uint64_t x = ((uint64_t)ma[t] * mb[t]) << l;
            const uint64_t n = (uint64_t)(int64_t)(int32_t)(na[t] ^ nb[t]);
            s += (x ^ n) - n;
        }
    }
    return (int64_t)s; /* |sum| < 2^63: two's complement */
}

/* Grid exponent of element t: the vector's common one, or the element's own LSB weight. */
static inline int32_t grid_of(const mmai_bfma_vec *v, size_t t)
{
    return v->scaled ? v->ref : (int32_t)v->e[t] - (int32_t)v->p;
}

/* Aligned products with a shift per term (a vector whose exponents span too much to be scaled). */
static int64_t step_sum_each(const vec_ctx *x, size_t pos, size_t cnt, int32_t E)
{
    uint64_t s = 0;
    for (size_t t = pos; t < pos + cnt; ++t) {
        const uint64_t prod = (uint64_t)x->a->m[t] * x->b->m[t];
        const int32_t sh = E - x->F - grid_of(x->a, t) - grid_of(x->b, t);
        uint64_t v = 0;
        if (prod == 0 || sh >= 64) {
            v = 0;
        } else if (sh >= 0) {
            v = prod >> (unsigned)sh;
        } else {
            v = prod << ((unsigned)(-sh) & 63u);
        }
        const uint64_t n = (uint64_t)(int64_t)(int32_t)(x->a->neg[t] ^ x->b->neg[t]);
        s += (v ^ n) - n;
    }
    return (int64_t)s;
}

/* One step over k-order positions [pos, pos + cnt) with accumulator acc (have_acc); cnt is a constant in the instances. */
static MMAI_INLINE mma_status vec_step(const vec_ctx *x, size_t pos, size_t cnt, bool have_acc, uint64_t acc,
                                       uint64_t *out)
{
    mma_value cv;
    if (have_acc) {
        mma_status st = mmai_decode_float(x->dinfo, acc, &cv);
        if (st != MMA_OK) {
            return st;
        }
        if (cv.cls == MMA_CLASS_NAN || cv.cls == MMA_CLASS_INF) {
            /* finite products: a NaN accumulator gives the canonical NaN, an Inf stays that Inf */
            mma_bfma_frame fr = {(uint8_t)(cv.cls == MMA_CLASS_NAN ? MMA_BFMA_NAN
                                                                   : (cv.sign ? MMA_BFMA_NINF : MMA_BFMA_PINF)),
                                 0, 0, 0, 0};
            return round_core(x->prof, x->dtype, x->dinfo, &fr, 0, out);
        }
    }
    const int32_t emax = step_emax(x->a->e + pos, x->b->e + pos, cnt);
    const bool have = emax > MMAI_BFMA_ZERO_E / 2;
    mma_bfma_frame fr;
    frame_core(x->prof, x->dtype, have, emax, have_acc ? &cv : NULL, &fr);
    int64_t S = c_term_core(x->prof, &fr, have_acc ? &cv : NULL);
    if (have) {
        if (x->uniform) {
            S += step_sum_uniform(x->a->m + pos, x->a->neg + pos, x->b->m + pos, x->b->neg + pos, cnt,
                                  fr.E - x->F - x->a->ref - x->b->ref);
        } else {
            S += step_sum_each(x, pos, cnt, fr.E);
        }
    }
    return round_core(x->prof, x->dtype, x->dinfo, &fr, S, out);
}

/* The step with G as a constant where it is one of the presets' (the loops then need no remainder). */
static mma_status vec_step_g(const vec_ctx *x, size_t pos, size_t cnt, bool have_acc, uint64_t acc, uint64_t *out)
{
#if MMA_FAST_TABLES
    switch (cnt) {
    case 4:
        return vec_step(x, pos, 4, have_acc, acc, out);
    case 8:
        return vec_step(x, pos, 8, have_acc, acc, out);
    case 16:
        return vec_step(x, pos, 16, have_acc, acc, out);
    case 32:
        return vec_step(x, pos, 32, have_acc, acc, out);
    default:
        break;
    }
#endif
    return vec_step(x, pos, cnt, have_acc, acc, out);
}

mma_status mmai_bfma_dot(const mma_profile *prof, mma_format dtype, const mmai_bfma_vec *a, const mmai_bfma_vec *b,
                         size_t n, uint64_t c_d, uint64_t *d)
{
    if (!is_step_format(dtype) || prof->group == 0) {
        return MMA_ERR_FORMAT_PAIR;
    }
    const vec_ctx x = {prof, dtype, mma_format_get(dtype), a, b, (int32_t)prof->frac_bits, a->scaled && b->scaled};
    /* the step sequence and C placement of mmai_block_fma_run */
    const size_t g = prof->group;
    bool have_acc = prof->c_mode == MMA_C_JOINT;
    uint64_t acc = have_acc ? c_d : 0u;
    size_t pos = 0;
    do {
        const size_t cnt = (n - pos) < g ? (n - pos) : g;
        mma_status st = vec_step_g(&x, pos, cnt, have_acc, acc, &acc);
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
