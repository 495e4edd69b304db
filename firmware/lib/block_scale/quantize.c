/* Block quantisation for block-scaled MMA: OCP MX v1.0 (ue8m0 scale) and NVFP4 (ue4m3 scale, e2m1). */
#include "mma/block_scale.h"

/* emax_elem of OCP MX v1.0 (NUMERICS 2): the exponent of the element format's largest normal. */
static int emax_elem(mma_format elem)
{
    switch (elem) {
    case MMA_FMT_E4M3: return 8;
    case MMA_FMT_E5M2: return 15;
    case MMA_FMT_E3M2: return 4;
    case MMA_FMT_E2M3:
    case MMA_FMT_E2M1: return 2;
    default: return -1;
    }
}

/* Exponent of the leading bit of a finite non-zero value: floor(log2 |v|). */
static int32_t top_exp(const mma_value *v)
{
    return v->exp + (int32_t)mma_msb64(v->sig);
}

/*
 * |a| > |b| for finite non-zero values of one format: decode never renormalises, so equal leading
 * exponents mean equal exp (both normal, or both subnormal) and the significands decide.
 */
static bool abs_greater(const mma_value *a, const mma_value *b)
{
    const int32_t ta = top_exp(a), tb = top_exp(b);
    return ta != tb ? ta > tb : a->sig > b->sig;
}

/* Scans a block: the largest finite magnitude (cls ZERO if none) and whether a NaN or Inf is present. */
static mma_status scan(mma_format src, const uint64_t *x, size_t n, mma_value *amax, bool *special)
{
    amax->cls = MMA_CLASS_ZERO;
    amax->sig = 0;
    amax->exp = 0;
    amax->sign = 0;
    amax->sticky = 0;
    amax->signaling = 0;
    *special = false;
    for (size_t i = 0; i < n; ++i) {
        mma_value v;
        mma_status st = mma_decode(src, x[i], &v);
        if (st != MMA_OK) {
            return st;
        }
        if (v.cls == MMA_CLASS_NAN || v.cls == MMA_CLASS_INF) {
            *special = true;
        } else if (v.cls == MMA_CLASS_FINITE && (amax->cls == MMA_CLASS_ZERO || abs_greater(&v, amax))) {
            *amax = v;
            amax->sign = 0;
        }
    }
    return MMA_OK;
}

static mma_status check_args(mma_format src, const uint64_t *x, size_t n, const uint64_t *scale, const uint64_t *out)
{
    if (x == NULL || scale == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    if (n == 0) {
        return MMA_ERR_BUFFER;
    }
    if (!mma_format_is_float(src) || src == MMA_FMT_UE8M0 || src == MMA_FMT_UE4M3) {
        return MMA_ERR_FORMAT;
    }
    return MMA_OK;
}

mma_status mma_mx_quantize(mma_format src, const uint64_t *x, size_t n, mma_format elem, uint64_t *scale,
                           uint64_t *out)
{
    mma_status st = check_args(src, x, n, scale, out);
    if (st != MMA_OK) {
        return st;
    }
    const int emax = emax_elem(elem);
    if (emax < 0) {
        return MMA_ERR_FORMAT;
    }
    mma_value amax;
    bool special;
    st = scan(src, x, n, &amax, &special);
    if (st != MMA_OK) {
        return st;
    }
    /* X = 2^(floor(log2 amax) - emax_elem), exponent clamped to ue8m0's [-127, 127]; all-zero: 2^-127. */
    int32_t shared = amax.cls == MMA_CLASS_ZERO ? -127 : top_exp(&amax) - emax;
    shared = shared < -127 ? -127 : (shared > 127 ? 127 : shared);
    for (size_t i = 0; i < n && st == MMA_OK; ++i) {
        mma_value v;
        (void)mma_decode(src, x[i], &v); /* decoded once already: cannot fail */
        v.exp -= shared;                 /* x / X, exact */
        st = mma_encode(elem, &v, MMA_RND_RNE, MMA_ENC_SATFINITE, &out[i]);
    }
    *scale = special ? 0xFFu : (uint64_t)(shared + 127);
    return st;
}

/* q = v / d for a finite non-zero v and 1 <= d < 16, as a value with >= 58 significant bits and a sticky tail. */
static mma_value divide_small(const mma_value *v, uint64_t d)
{
    const unsigned sh = (unsigned)(62 - mma_msb64(v->sig));
    const uint64_t num = v->sig << sh;
    uint64_t q = 0, r = 0;
    for (int bit = 63; bit >= 0; --bit) { /* long division: no 64-bit divide helper on 32-bit targets */
        r = (r << 1) | ((num >> (unsigned)bit) & 1u);
        if (r >= d) {
            r -= d;
            q |= (uint64_t)1 << (unsigned)bit;
        }
    }
    mma_value out = *v;
    out.sig = q;
    out.exp = v->exp - (int32_t)sh;
    out.sticky = (uint8_t)(r != 0 ? 1u : 0u);
    return out;
}

#define UE4M3_ONE 0x38u      /* 1.0 */
#define UE4M3_MIN_SUB 0x01u  /* 2^-9 */
#define UE4M3_NAN 0x7Fu

mma_status mma_nvfp4_quantize(mma_format src, const uint64_t *x, size_t n, uint64_t *scale, uint64_t *out)
{
    mma_status st = check_args(src, x, n, scale, out);
    if (st != MMA_OK) {
        return st;
    }
    mma_value amax;
    bool special;
    st = scan(src, x, n, &amax, &special);
    if (st != MMA_OK) {
        return st;
    }
    /* s = RNE_satfinite(amax / 6) in ue4m3; 1.0 for an all-zero block; never 0 for a non-zero block. */
    uint64_t s_code = UE4M3_ONE;
    if (amax.cls == MMA_CLASS_FINITE) {
        mma_value s = divide_small(&amax, 3);
        s.exp -= 1;
        st = mma_encode(MMA_FMT_UE4M3, &s, MMA_RND_RNE, MMA_ENC_SATFINITE, &s_code);
        if (st != MMA_OK) {
            return st;
        }
        if (s_code == 0u) {
            s_code = UE4M3_MIN_SUB;
        }
    }
    mma_value s;
    (void)mma_decode(MMA_FMT_UE4M3, s_code, &s);
    for (size_t i = 0; i < n && st == MMA_OK; ++i) {
        mma_value v;
        (void)mma_decode(src, x[i], &v);
        if (v.cls == MMA_CLASS_FINITE) {
            v = divide_small(&v, s.sig); /* x / s: one rounding below, on the exact quotient + sticky */
            v.exp -= s.exp;
        }
        st = mma_encode(MMA_FMT_E2M1, &v, MMA_RND_RNE, MMA_ENC_SATFINITE, &out[i]);
    }
    *scale = special ? UE4M3_NAN : s_code;
    return st;
}
