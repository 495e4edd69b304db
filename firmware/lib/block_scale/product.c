/* Block-scaled product stage: element products and their exact multiplication by the two block scales. */
#include "block_scale_int.h"

/* Decodes an element code; a subnormal reads as zero when the profile flushes subnormal inputs. */
static mma_status element(mma_format fmt, uint64_t code, bool flush, mma_value *v)
{
    mma_status st = mma_decode(fmt, code, v);
    if (st == MMA_OK && flush && v->cls == MMA_CLASS_FINITE &&
        v->sig < ((uint64_t)1 << mma_format_get(fmt)->frac_bits)) {
        v->cls = MMA_CLASS_ZERO;
        v->sig = 0;
    }
    return st;
}

mma_status mma_bs_product(const mma_bs_dot *x, size_t t, mma_product *out)
{
    const bool flush = x->prof->flush_subnormal_in != 0;
    mma_value va, vb;
    mma_status st = element(x->atype, x->a[t], flush, &va);
    if (st == MMA_OK) {
        st = element(x->btype, x->b[t * x->b_stride], flush, &vb);
    }
    if (st != MMA_OK) {
        return st;
    }
    return mma_product_make(x->atype, &va, x->btype, &vb, out);
}

void mma_bs_scale(mma_product *p, const mma_value *sa, const mma_value *sb)
{
    if (sa->cls == MMA_CLASS_NAN || sb->cls == MMA_CLASS_NAN) {
        p->cls = MMA_CLASS_NAN;
        return;
    }
    if (p->cls == MMA_CLASS_NAN) {
        return;
    }
    if (sa->cls == MMA_CLASS_ZERO || sb->cls == MMA_CLASS_ZERO) {
        p->cls = (uint8_t)(p->cls == MMA_CLASS_INF ? MMA_CLASS_NAN : MMA_CLASS_ZERO);
        p->m = 0;
        return;
    }
    if (p->cls != MMA_CLASS_FINITE) {
        return; /* a zero stays zero, an Inf stays Inf (scales are positive and finite here) */
    }
    const int32_t ma = mma_msb64(sa->sig), mb = mma_msb64(sb->sig);
    /* scale exponents are within +-130 and p came from decode: the range check cannot fail */
    (void)mma_product_scale(p, (sa->exp + ma) + (sb->exp + mb)); /* term exponent += floor(log2) of each scale */
    p->m *= sa->sig * sb->sig;                              /* ue8m0: 1; ue4m3: up to 15 each */
    p->lsb -= ma + mb;
}
