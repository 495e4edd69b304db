/* Fast GEMM path for block-FMA profiles: operands decoded once per block, same step semantics. */
#include "gemm_fast.h"

#define ZERO_E (-(1 << 20)) /* term exponent of a zero element: never the maximum */

/* A decoded element: signed significand and term exponent (e = exp + p). */
typedef struct fast_elem {
    int32_t m;
    int32_t e;
} fast_elem;

/* Decodes one code; returns false for NaN/Inf (the caller then takes the generic path). */
static bool fast_decode(mma_format fmt, unsigned p, uint64_t code, fast_elem *out, mma_status *st)
{
    mma_value v;
    *st = mma_decode(fmt, code, &v);
    if (*st != MMA_OK || v.cls == MMA_CLASS_NAN || v.cls == MMA_CLASS_INF) {
        return false;
    }
    if (v.cls == MMA_CLASS_ZERO) {
        out->m = 0;
        out->e = ZERO_E;
        return true;
    }
    out->m = v.sign ? -(int32_t)v.sig : (int32_t)v.sig;
    out->e = v.exp + (int32_t)p;
    return true;
}

bool mmai_gemm_fast_eligible(const mma_instr *ins, const mma_profile *prof)
{
    const mma_format_info *ia = mma_format_get((mma_format)ins->atype);
    const mma_format_info *ib = mma_format_get((mma_format)ins->btype);
    return prof->algo == MMA_ACC_BLOCK_FMA && ia != NULL && ib != NULL && ia->kind == MMA_KIND_FLOAT &&
           ib->kind == MMA_KIND_FLOAT && ia->frac_bits <= 10 && ib->frac_bits <= 10 &&
           (int)prof->frac_bits >= (int)ia->frac_bits + (int)ib->frac_bits && ins->k <= MMAI_FAST_MAX_K &&
           (ins->dtype == MMA_FMT_F32 || ins->dtype == MMA_FMT_F16) && prof->flush_subnormal_in == 0 &&
           prof->zero_product_term == 0;
}

typedef struct fast_step_ctx {
    const mma_profile *prof;
    mma_format dtype;
    const fast_elem *a; /* k-ordered */
    const fast_elem *b; /* k-ordered, stride 1 */
    unsigned shift0;    /* F - fa - fb */
} fast_step_ctx;

static mma_status fast_step(const void *vctx, size_t pos, size_t cnt, bool have_acc, uint64_t acc, uint64_t *out)
{
    const fast_step_ctx *x = (const fast_step_ctx *)vctx;
    const fast_elem *a = x->a + pos;
    const fast_elem *b = x->b + pos;
    if (have_acc) {
        mma_value cv;
        mma_status st = mma_decode(x->dtype, acc, &cv);
        if (st != MMA_OK) {
            return st;
        }
        if (cv.cls == MMA_CLASS_NAN || cv.cls == MMA_CLASS_INF) {
            /* products are finite here: NaN stays (canonical) NaN, Inf stays Inf */
            *out = cv.cls == MMA_CLASS_NAN ? mma_format_get(x->dtype)->canonical_nan : acc;
            return MMA_OK;
        }
    }
    int32_t e_max = ZERO_E;
    for (size_t i = 0; i < cnt; ++i) {
        const int32_t e = (a[i].m != 0 && b[i].m != 0) ? a[i].e + b[i].e : ZERO_E;
        e_max = e > e_max ? e : e_max;
    }
    mma_value cv;
    if (have_acc && mma_decode(x->dtype, acc, &cv) != MMA_OK) {
        return MMA_ERR_CODE;
    }
    mma_bfma_frame fr;
    mma_status st = mmai_bfma_frame(x->prof, x->dtype, e_max != ZERO_E, e_max, have_acc ? &cv : NULL, &fr);
    if (st != MMA_OK) {
        return st;
    }
    int64_t S = mmai_bfma_c_term(x->prof, &fr, have_acc ? &cv : NULL);
    if (e_max != ZERO_E) {
        for (size_t i = 0; i < cnt; ++i) {
            const int64_t m = (int64_t)a[i].m * b[i].m;
            if (m == 0) {
                continue;
            }
            const int32_t sh = fr.E - (a[i].e + b[i].e);
            const uint64_t um = (uint64_t)(m < 0 ? -m : m) << x->shift0;
            const int64_t t = sh >= 64 ? 0 : (int64_t)(um >> (unsigned)sh);
            S += m < 0 ? -t : t;
        }
    }
    return mma_bfma_round(x->prof, x->dtype, &fr, S, out);
}

mma_status mmai_gemm_fast(const mma_gemm_desc *g, const mma_profile *prof)
{
    const mma_instr *ins = g->ins;
    const mma_format at = (mma_format)ins->atype, bt = (mma_format)ins->btype, dt = (mma_format)ins->dtype;
    const unsigned pa = mma_format_get(at)->frac_bits, pb = mma_format_get(bt)->frac_bits;
    const size_t kc = ins->k;
    fast_elem bdec[MMAI_FAST_COLS][MMAI_FAST_MAX_K];
    fast_elem adec[MMAI_FAST_MAX_K];
    uint64_t acode[MMAI_FAST_MAX_K], bcode[MMAI_FAST_MAX_K];
    bool bfast[MMAI_FAST_COLS];
    fast_step_ctx x = {prof, dt, adec, NULL, prof->frac_bits - pa - pb};
    mma_status st = MMA_OK;

    for (size_t j0 = 0; j0 < g->n; j0 += MMAI_FAST_COLS) {
        const size_t jn = (g->n - j0) < MMAI_FAST_COLS ? (g->n - j0) : MMAI_FAST_COLS;
        for (size_t k0 = 0; k0 < g->k || k0 == 0; k0 += kc) {
            const size_t cnt = (g->k - k0) < kc ? (g->k - k0) : kc;
            for (size_t jj = 0; jj < jn; ++jj) {
                bfast[jj] = true;
                for (size_t pos = 0; pos < kc; ++pos) {
                    const size_t t = mmai_k_index(prof->k_order, pos, kc);
                    const uint64_t code = t < cnt ? g->b[(k0 + t) * g->ldb + j0 + jj] : 0u;
                    bfast[jj] = fast_decode(bt, pb, code, &bdec[jj][pos], &st) && bfast[jj];
                    if (st != MMA_OK) {
                        return st;
                    }
                }
            }
            for (size_t i = 0; i < g->m; ++i) {
                bool afast = true;
                for (size_t pos = 0; pos < kc; ++pos) {
                    const size_t t = mmai_k_index(prof->k_order, pos, kc);
                    const uint64_t code = t < cnt ? g->a[i * g->lda + k0 + t] : 0u;
                    afast = fast_decode(at, pa, code, &adec[pos], &st) && afast;
                    if (st != MMA_OK) {
                        return st;
                    }
                }
                for (size_t jj = 0; jj < jn; ++jj) {
                    const size_t j = j0 + jj;
                    const mma_format ct = k0 == 0 ? (mma_format)ins->ctype : dt;
                    const uint64_t cin = k0 == 0 ? g->c[i * g->ldc + j] : g->d[i * g->ldd + j];
                    uint64_t dout = 0;
                    if (afast && bfast[jj]) {
                        uint64_t c_d = 0;
                        if (prof->c_mode == MMA_C_UNUSED) {
                            c_d = mmai_code_zero(mma_format_get(dt), 0);
                        } else {
                            st = mmai_c_to_dtype(ct, cin, dt, &c_d);
                        }
                        if (st == MMA_OK) {
                            x.b = bdec[jj];
                            st = mmai_block_fma_run(prof, fast_step, &x, kc, c_d, dt, &dout);
                        }
                    } else {
                        /* NaN/Inf operands: the generic path on the original (k-natural) codes. */
                        for (size_t t = 0; t < kc; ++t) {
                            acode[t] = t < cnt ? g->a[i * g->lda + k0 + t] : 0u;
                            bcode[t] = t < cnt ? g->b[(k0 + t) * g->ldb + j] : 0u;
                        }
                        st = mma_dot(prof, at, acode, 1, bt, bcode, 1, kc, ct, cin, dt, &dout);
                    }
                    if (st != MMA_OK) {
                        return st;
                    }
                    g->d[i * g->ldd + j] = dout;
                }
            }
            if (cnt < kc) {
                break;
            }
        }
    }
    return MMA_OK;
}
