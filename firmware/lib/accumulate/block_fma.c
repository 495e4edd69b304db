/*
 * Block-FMA step stages (NUMERICS 3 steps 1-8): align (specials, E), sum (shift, truncate, add), round;
 * and the same steps over operand vectors decoded once (mmai_bfma_chunks, the GEMM fast path). Both use
 * the one frame (frame_core), C term (c_term_core) and rounding (round_core) of this file.
 */
#include "mma/stage.h"

#include "accumulate_int.h"

/* Forced inlining in the kernel's per-G instances (MMA_FAST_TABLES builds; elsewhere a hint, for size). */
#if defined(__GNUC__) && MMA_FAST_TABLES
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

/*
 * floor(m * 2^shift) for a non-negative integer m (the result fits: |term| < 2^(F+2)), as a left and
 * a right shift so that the sign of shift, which the data decides, is no branch.
 */
static inline int64_t aligned(uint64_t m, int32_t shift)
{
    const unsigned l = shift > 0 ? (unsigned)shift : 0u;
    const unsigned r = shift < 0 ? (unsigned)(-(int64_t)shift < 63 ? -shift : 63) : 0u;
    return (int64_t)(((m << l) >> r) >> (shift <= -64 ? 1u : 0u));
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
        E = (!any || ec > E) ? ec : E;
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
    const int64_t s = -(int64_t)(c->sign & 1u); /* 0 or -1: the sign without a branch */
    return (t ^ s) - s;
}

/* The format a step result is rounded to: f16, f32, or the 14-bit "e8m13" f32 of some FP8 datapaths. */
static inline const mma_format_info *step_row(const mma_profile *prof, mma_format dtype, const mma_format_info *dinfo)
{
    return (dtype != MMA_FMT_F16 && prof->f32_sig_bits == 14) ? &mmai_e8m13_info : dinfo;
}

/* The rounding mode of a step result. */
static inline mma_round step_mode(const mma_profile *prof, mma_format dtype)
{
    return (mma_round)(dtype == MMA_FMT_F16 ? prof->f16_round : prof->f32_round);
}

/*
 * Step 8 (and the specials outcome): S * 2^(E - F) normalised once and rounded to the step format
 * (the encode stage's rounding: its normal-range case inline, mmai_round_normal, else mmai_encode_info).
 * *value (may be NULL) receives the result decoded as dtype: the next step's accumulator.
 */
static MMAI_INLINE mma_status round_core(const mma_profile *prof, const mma_format_info *dinfo,
                                         const mma_format_info *step, mma_round mode, const mma_bfma_frame *frame,
                                         int64_t S, uint64_t *code, mma_value *value)
{
    switch ((mma_bfma_special)frame->special) {
    case MMA_BFMA_FINITE:
        break;
    case MMA_BFMA_NAN:
        *code = dinfo->canonical_nan;
        return value != NULL ? mmai_decode_float(dinfo, *code, value) : MMA_OK;
    case MMA_BFMA_PINF:
    case MMA_BFMA_NINF:
        *code = mmai_code_inf(dinfo, frame->special == MMA_BFMA_NINF ? 1u : 0u);
        return value != NULL ? mmai_decode_float(dinfo, *code, value) : MMA_OK;
    default:
        return MMA_ERR_CODE;
    }
    if (!frame->any || S == 0) {
        *code = mmai_code_zero(dinfo, 0);
        return value != NULL ? mmai_decode_float(dinfo, *code, value) : MMA_OK;
    }
    /* Step 8: normalise |S| * 2^(E-F) once and round to the step format. */
    const unsigned sign = S < 0 ? 1u : 0u;
    const uint64_t mag = S < 0 ? (uint64_t)0 - (uint64_t)S : (uint64_t)S;
    const int32_t lsb = frame->E - (int32_t)prof->frac_bits;
    const int32_t top = lsb + mmai_msb64(mag);
    mma_status st = MMA_OK;
    if (top > dinfo->emax) {
        *code = mmai_code_inf(dinfo, sign); /* |S| * 2^(E-F) >= 2^(emax+1): overflow to Inf */
    } else {
        if (mmai_round_normal(step, sign, mag, lsb, mode, code, NULL, value)) {
            return MMA_OK;
        }
        const mma_value sum = {MMA_CLASS_FINITE, (uint8_t)sign, 0, 0, lsb, mag};
        st = mmai_encode_info(step, &sum, mode, 0, code, NULL);
    }
    return (st == MMA_OK && value != NULL) ? mmai_decode_float(dinfo, *code, value) : st;
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
    const mma_format_info *dinfo = mma_format_get(dtype);
    return round_core(prof, dinfo, step_row(prof, dtype, dinfo), step_mode(prof, dtype), frame, S, code, NULL);
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
 * the only special input is a NaN or Inf accumulator. The accumulator travels as its code and its
 * decoded value (what round_core produced), so a step does not decode the previous step's result.
 */
typedef struct vec_ctx {
    mma_format dtype;
    const mma_format_info *dinfo;
    const mmai_bfma_vec *a, *b;
} vec_ctx;

/*
 * The f32 table row as constants: the instance of the kernel for f32 steps truncated to 24 bits (every
 * NVIDIA preset's f32 datapath) is compiled with it, so that its rounding folds to shifts and masks.
 * mmai_bfma_chunks uses that instance only if this row equals the format table's f32 row.
 */
static const mma_format_info f32_row = {"f32", MMA_KIND_FLOAT, 32, 32, 1, 8, 23, 1, MMA_NAN_IEEE, 127, -126, 127, 0,
                                        0x7FFFFF, 1, 1, 0x7FFFFFFF};

static bool same_row(const mma_format_info *x, const mma_format_info *y)
{
    return x->kind == y->kind && x->storage_bits == y->storage_bits && x->value_bits == y->value_bits &&
           x->has_sign == y->has_sign && x->exp_bits == y->exp_bits && x->frac_bits == y->frac_bits &&
           x->has_inf == y->has_inf && x->nan_style == y->nan_style && x->bias == y->bias && x->emin == y->emin &&
           x->emax == y->emax && x->frac_shift == y->frac_shift && x->max_frac == y->max_frac &&
           x->has_zero == y->has_zero && x->has_subnormals == y->has_subnormals &&
           x->canonical_nan == y->canonical_nan;
}

/* The accumulator between steps: its code and that code decoded (valid when `known`). */
typedef struct acc_state {
    uint64_t code;
    mma_value v;
    bool known;
} acc_state;

/* Keeps a short constant-count loop a loop, so that it is vectorised rather than fully unrolled. */
#if defined(__GNUC__) && !defined(__clang__)
#define MMAI_VECTOR_LOOP _Pragma("GCC unroll 1")
#else
#define MMAI_VECTOR_LOOP
#endif

/* Largest term exponent ea + eb of the step's products (zeros give less than MMAI_BFMA_ZERO_E / 2). */
static MMAI_INLINE int32_t step_emax(const int16_t *ea, const int16_t *eb, size_t cnt)
{
#if MMAI_BFMA_PER_TERM
    int32_t m = 2 * MMAI_BFMA_ZERO_E; /* 32-bit targets: no 16-bit lanes, no sign extensions */
    for (size_t t = 0; t < cnt; ++t) {
        const int32_t e = (int32_t)ea[t] + (int32_t)eb[t];
        m = e > m ? e : m;
    }
#else
    int16_t m = (int16_t)(2 * MMAI_BFMA_ZERO_E);
    MMAI_VECTOR_LOOP
    for (size_t t = 0; t < cnt; ++t) {
        const int16_t e = (int16_t)(ea[t] + eb[t]); /* |sum| <= 32000: exact */
        if (e > m) {
            m = e;
        }
    }
#endif
    return m;
}

/*
 * Aligned products of two scaled vectors: |P_t| = ma_t * mb_t * 2^(ra + rb), so every term is
 * floor(ma_t * mb_t * 2^-sh) with one shift sh = E - F - ra - rb for the whole step, done as a left
 * shift by max(-sh, 0) and a right shift by max(sh, 0) (no branch on the sign of sh). A term is below
 * 2^(F+2) (|P| < 2^(e+2) <= 2^(E+2)), so the left shift cannot overflow.
 */
static MMAI_INLINE int64_t step_sum_uniform(const uint32_t *ma, const uint32_t *na, const uint32_t *mb,
                                            const uint32_t *nb, size_t cnt, int32_t sh)
{
    if (sh >= 64) {
        return 0;
    }
    const unsigned l = sh < 0 ? (unsigned)(-sh) & 63u : 0u, r = sh > 0 ? (unsigned)sh : 0u;
    uint64_t s = 0;
    MMAI_VECTOR_LOOP
    for (size_t t = 0; t < cnt; ++t) {
        const uint64_t x = (((uint64_t)ma[t] * mb[t]) << l) >> r;
        const uint64_t n = (uint64_t)(int64_t)(int32_t)(na[t] ^ nb[t]); /* 0 or all ones */
        s += (x ^ n) - n;
    }
    return (int64_t)s; /* |sum| < 2^63: two's complement */
}

/*
 * step_sum_uniform for significands below 2^16 in 32-bit lanes (twice as many per vector): each term
 * is below 2^(F+2) and their sum below 2^31 when F + 2 + log2(cnt) <= 31 (the caller's check), so a
 * product (< 2^32), its shifted value and the sum all fit 32 bits.
 */
static MMAI_INLINE int64_t step_sum_narrow(const uint16_t *ma, const uint32_t *na, const uint16_t *mb,
                                           const uint32_t *nb, size_t cnt, int32_t sh)
{
    if (sh >= 32) {
        return 0;
    }
    const unsigned l = sh < 0 ? (unsigned)(-sh) & 31u : 0u, r = sh > 0 ? (unsigned)sh : 0u;
    uint32_t s = 0;
    MMAI_VECTOR_LOOP
    for (size_t t = 0; t < cnt; ++t) {
        const uint32_t x = (((uint32_t)ma[t] * mb[t]) << l) >> r;
        const uint32_t n = na[t] ^ nb[t]; /* 0 or all ones */
        s += (x ^ n) - n;
    }
    return (int64_t)s - ((s >> 31) != 0 ? ((int64_t)1 << 32) : 0); /* |sum| < 2^31: two's complement */
}

/*
 * The products of a step when none is truncated (sh <= 0, the grid is finer than every product):
 * the terms are exact, so their sum is the signed dot product of the 16-bit significands, shifted
 * once. |sum| < 2^(F + 2 + log2 cnt) <= 2^31 (the narrow condition).
 */
static MMAI_INLINE int64_t step_sum_exact16(const int16_t *sa, const int16_t *sb, size_t cnt, int32_t sh)
{
    int32_t s = 0;
    MMAI_VECTOR_LOOP
    for (size_t t = 0; t < cnt; ++t) {
        s += (int32_t)sa[t] * (int32_t)sb[t];
    }
    return (int64_t)s * ((int64_t)1 << ((unsigned)(-sh) & 31u));
}

/* Grid exponent of element t (chunk ch): the chunk's common one, or the element's own LSB weight. */
static inline int32_t grid_of(const mmai_bfma_vec *v, size_t ch, size_t t)
{
    return v->scaled[ch] ? v->ref[ch] : (int32_t)v->e[t] - (int32_t)v->p;
}

/* Aligned products with a shift per term (a chunk whose exponents span too much to be scaled). */
static int64_t step_sum_each(const vec_ctx *x, size_t ch, size_t pos, size_t cnt, int32_t F, int32_t E)
{
    uint64_t s = 0;
    for (size_t t = pos; t < pos + cnt; ++t) {
        const uint64_t prod = (uint64_t)x->a->m[t] * x->b->m[t];
        const int32_t sh = E - F - grid_of(x->a, ch, t) - grid_of(x->b, ch, t);
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

/*
 * step_sum_each for unscaled chunks in 32-bit arithmetic, the narrow case: the raw significands are
 * below 2^11 (s16, signed), an aligned term is below 2^(F+2) <= 2^31 and the step's sum below 2^31.
 * base = E - F + pa + pb: the product of element t is shifted right by base - ea[t] - eb[t]. Where
 * that is <= 0 the term is exact (a left shift of the signed product); otherwise its magnitude is
 * truncated, then signed. A zero element (0, MMAI_BFMA_ZERO_E) adds 0.
 */
static MMAI_INLINE int64_t step_sum_each32(const vec_ctx *x, size_t pos, size_t cnt, int32_t base)
{
    const int16_t *sa = x->a->s16 + pos, *sb = x->b->s16 + pos;
    const int16_t *ea = x->a->e + pos, *eb = x->b->e + pos;
    uint32_t s = 0;
    for (size_t t = 0; t < cnt; ++t) {
        const int32_t sh = base - (int32_t)ea[t] - (int32_t)eb[t];
        const int32_t prod = (int32_t)sa[t] * (int32_t)sb[t]; /* |prod| < 2^22 */
        if (sh <= 0) {
            s += (uint32_t)prod << ((unsigned)(-sh) & 31u);
        } else if (sh < 32) {
            const uint32_t n = prod < 0 ? 0xFFFFFFFFu : 0u;
            s += ((((uint32_t)prod ^ n) - n) >> (unsigned)sh ^ n) - n;
        }
    }
    return (int64_t)s - ((s >> 31) != 0 ? ((int64_t)1 << 32) : 0); /* |sum| < 2^31: two's complement */
}

/*
 * One step over positions [pos, pos + cnt) of chunk ch with the accumulator (have_acc: acc->v is
 * known) or without; cnt is a constant in the instances.
 */
static MMAI_INLINE mma_status vec_step(const vec_ctx *x, const mma_profile *prof, size_t ch, size_t pos, size_t cnt,
                                       bool have_acc, acc_state *acc, mma_format dtype, const mma_format_info *dinfo,
                                       const mma_format_info *step, mma_round mode, bool narrow)
{
    const mma_value *cv = have_acc ? &acc->v : NULL;
    if (cv != NULL && (cv->cls == MMA_CLASS_NAN || cv->cls == MMA_CLASS_INF)) {
        /* finite products: a NaN accumulator gives the canonical NaN, an Inf stays that Inf */
        const mma_bfma_frame fr = {(uint8_t)(cv->cls == MMA_CLASS_NAN ? MMA_BFMA_NAN
                                                                       : (cv->sign ? MMA_BFMA_NINF : MMA_BFMA_PINF)),
                                   0, 0, 0, 0};
        return round_core(prof, dinfo, step, mode, &fr, 0, &acc->code, &acc->v);
    }
    const int32_t F = (int32_t)prof->frac_bits;
    const int32_t emax = step_emax(x->a->e + pos, x->b->e + pos, cnt);
    const bool have = emax > MMAI_BFMA_ZERO_E / 2;
    mma_bfma_frame fr;
    frame_core(prof, dtype, have, emax, cv, &fr);
    int64_t S = c_term_core(prof, &fr, cv);
    if (have) {
        const uint8_t sa = x->a->scaled[ch], sb = x->b->scaled[ch];
        const int32_t sh = fr.E - F - x->a->ref[ch] - x->b->ref[ch];
        if (narrow && sa == MMAI_BFMA_SCALED16 && sb == MMAI_BFMA_SCALED16) {
            if (sh <= 0) {
                S += step_sum_exact16(x->a->s16 + pos, x->b->s16 + pos, cnt, sh);
            } else {
                S += step_sum_narrow(x->a->m16 + pos, x->a->neg + pos, x->b->m16 + pos, x->b->neg + pos, cnt, sh);
            }
        } else if (sa != 0 && sb != 0) {
            S += step_sum_uniform(x->a->m + pos, x->a->neg + pos, x->b->m + pos, x->b->neg + pos, cnt, sh);
        } else if (narrow && sa == 0 && sb == 0) {
            S += step_sum_each32(x, pos, cnt, fr.E - F + (int32_t)x->a->p + (int32_t)x->b->p);
        } else {
            S += step_sum_each(x, ch, pos, cnt, F, fr.E);
        }
    }
    acc->known = true;
    return round_core(prof, dinfo, step, mode, &fr, S, &acc->code, &acc->v);
}

/* What the lanes of one kernel call share, and each lane's column of B and accumulator. */
typedef struct lanes {
    vec_ctx x[MMAI_BFMA_LANES];
    acc_state acc[MMAI_BFMA_LANES];
    size_t n;
    bool f32rz;  /* f32 steps truncated to 24 bits with the table's f32 row: the constant instance */
} lanes;

/*
 * One step of every lane: the lanes' steps are independent and run one after the other, so that
 * their dependency chains overlap.
 */
static MMAI_INLINE mma_status lanes_step(lanes *ln, const mma_profile *prof, size_t ch, size_t pos, size_t cnt,
                                         bool have_acc, mma_format dtype, const mma_format_info *dinfo,
                                         const mma_format_info *step, mma_round mode, bool narrow)
{
    for (size_t l = 0; l < ln->n; ++l) {
        mma_status st = vec_step(&ln->x[l], prof, ch, pos, cnt, have_acc, &ln->acc[l], dtype, dinfo, step, mode,
                                 narrow);
        if (st != MMA_OK) {
            return st;
        }
    }
    return MMA_OK;
}

/*
 * lanes_step with G as a constant where it is one of the presets' (the loops then need no remainder),
 * and with the f32 row and RZ as constants for f32 steps truncated to 24 bits (ln->f32rz).
 */
static mma_status lanes_step_g(lanes *ln, const mma_profile *prof, size_t ch, size_t pos, size_t cnt, bool have_acc,
                               bool narrow)
{
    const mma_format dtype = ln->x[0].dtype;
    const mma_format_info *dinfo = ln->x[0].dinfo;
#if MMA_FAST_TABLES
    if (ln->f32rz) {
        switch (cnt) {
        case 4:
            return lanes_step(ln, prof, ch, pos, 4, have_acc, MMA_FMT_F32, &f32_row, &f32_row, MMA_RND_RZ, narrow);
        case 8:
            return lanes_step(ln, prof, ch, pos, 8, have_acc, MMA_FMT_F32, &f32_row, &f32_row, MMA_RND_RZ, narrow);
        case 16:
            return lanes_step(ln, prof, ch, pos, 16, have_acc, MMA_FMT_F32, &f32_row, &f32_row, MMA_RND_RZ, narrow);
        case 32:
            return lanes_step(ln, prof, ch, pos, 32, have_acc, MMA_FMT_F32, &f32_row, &f32_row, MMA_RND_RZ, narrow);
        default:
            break;
        }
    }
    const mma_format_info *step = step_row(prof, dtype, dinfo);
    const mma_round mode = step_mode(prof, dtype);
    switch (cnt) {
    case 4:
        return lanes_step(ln, prof, ch, pos, 4, have_acc, dtype, dinfo, step, mode, narrow);
    case 8:
        return lanes_step(ln, prof, ch, pos, 8, have_acc, dtype, dinfo, step, mode, narrow);
    case 16:
        return lanes_step(ln, prof, ch, pos, 16, have_acc, dtype, dinfo, step, mode, narrow);
    case 32:
        return lanes_step(ln, prof, ch, pos, 32, have_acc, dtype, dinfo, step, mode, narrow);
    default:
        break;
    }
#endif
    return lanes_step(ln, prof, ch, pos, cnt, have_acc, dtype, dinfo, step_row(prof, dtype, dinfo),
                      step_mode(prof, dtype), narrow);
}

/*
 * The steps of chunk ch (positions [ch * kc, ch * kc + kc), G each) for every lane, from each lane's
 * accumulator or from nothing.
 */
static mma_status chunk_steps(lanes *ln, const mma_profile *prof, size_t ch, size_t kc, bool have_acc)
{
    const size_t g = prof->group;
    /* 32-bit product lanes: every term < 2^(F+2), and G of them < 2^31 */
    unsigned lg = 0;
    while (((size_t)1 << lg) < g) {
        ++lg;
    }
    const bool narrow = (unsigned)prof->frac_bits + 2u + lg <= 31u;
    size_t pos = 0;
    do {
        const size_t cnt = (kc - pos) < g ? (kc - pos) : g;
        mma_status st = lanes_step_g(ln, prof, ch, ch * kc + pos, cnt, have_acc, narrow);
        if (st != MMA_OK) {
            return st;
        }
        have_acc = true;
        pos += cnt;
    } while (pos < kc);
    return MMA_OK;
}

mma_status mmai_bfma_chunks(const mma_profile *first, const mma_profile *later, mma_format dtype,
                            const mmai_bfma_vec *a, const mmai_bfma_vec *b, size_t nb, size_t kc, size_t nchunks,
                            const uint64_t *c_d, uint64_t *d)
{
    if (!is_step_format(dtype) || first->group == 0 || later->group == 0 || kc == 0 || nb == 0 ||
        nb > MMAI_BFMA_LANES) {
        return MMA_ERR_FORMAT_PAIR;
    }
    lanes ln;
    ln.n = nb;
    ln.f32rz = dtype == MMA_FMT_F32 && first->f32_sig_bits == 24 && first->f32_round == MMA_RND_RZ &&
               later->f32_sig_bits == 24 && later->f32_round == MMA_RND_RZ && same_row(mma_format_get(dtype), &f32_row);
    for (size_t l = 0; l < nb; ++l) {
        const vec_ctx x = {dtype, mma_format_get(dtype), a, &b[l]};
        ln.x[l] = x;
        ln.acc[l].code = c_d[l];
        ln.acc[l].known = false;
    }
    const mma_format_info *dinfo = ln.x[0].dinfo;
    for (size_t ch = 0; ch < nchunks; ++ch) {
        /* one instruction: the step sequence and C placement of mmai_block_fma_run */
        const mma_profile *prof = ch == 0 ? first : later;
        mma_status st = MMA_OK;
        if (prof->c_mode == MMA_C_JOINT) {
            for (size_t l = 0; l < nb && st == MMA_OK; ++l) {
                if (!ln.acc[l].known) {
                    st = mmai_decode_float(dinfo, ln.acc[l].code, &ln.acc[l].v);
                    ln.acc[l].known = true;
                }
            }
            if (st == MMA_OK) {
                st = chunk_steps(&ln, prof, ch, kc, true);
            }
        } else if (prof->c_mode == MMA_C_SEPARATE) {
            acc_state c[MMAI_BFMA_LANES];
            for (size_t l = 0; l < nb && st == MMA_OK; ++l) {
                if (!ln.acc[l].known) {
                    st = mmai_decode_float(dinfo, ln.acc[l].code, &ln.acc[l].v);
                    ln.acc[l].known = true;
                }
                c[l] = ln.acc[l];
            }
            if (st == MMA_OK) {
                st = chunk_steps(&ln, prof, ch, kc, false);
            }
            for (size_t l = 0; l < nb && st == MMA_OK; ++l) {
                acc_state *s = &ln.acc[l];
                /* d = round_RNE(steps + C): mma_ieee_add, its direct cases inline */
                if (!mmai_ieee_add_direct(dinfo, &s->v, s->code, &c[l].v, c[l].code, MMA_RND_RNE, &s->code, &s->v)) {
                    st = mma_ieee_add(dtype, s->code, c[l].code, MMA_RND_RNE, &s->code);
                    s->known = false;
                }
            }
        } else {
            st = chunk_steps(&ln, prof, ch, kc, false);
        }
        if (st != MMA_OK) {
            return st;
        }
    }
    for (size_t l = 0; l < nb; ++l) {
        d[l] = ln.acc[l].code;
    }
    return MMA_OK;
}
