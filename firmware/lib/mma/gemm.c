/* Generic GEMM: K cut into chunks of the instruction's k, each chunk's D feeding the next chunk's C. */
#include "gemm_fast.h"
#include "mma_int.h"

#define GEMM_MAX_CHUNK 256u

mma_status mma_gemm(const mma_gemm_desc *g)
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
    if (ins->sparsity != MMA_SPARSE_NONE || ins->block_scale) {
        return MMA_ERR_INSTRUCTION;
    }
    if (ins->k == 0 || ins->k > GEMM_MAX_CHUNK || g->lda < g->k || g->ldb < g->n || g->ldc < g->n ||
        g->ldd < g->n) {
        return MMA_ERR_BUFFER;
    }
    const bool integer = mma_instr_is_integer(ins);
    mma_profile eff;
    if (!integer) {
        st = mma_effective_profile(ins, g->prof, &eff);
        if (st != MMA_OK) {
            return st;
        }
    }
    if (!integer && mma_gemm_fast_eligible(ins, &eff)) {
        return mma_gemm_fast(g, &eff);
    }
    const size_t kc = ins->k;
    uint64_t arow[GEMM_MAX_CHUNK];
    uint64_t bcol[GEMM_MAX_CHUNK];
    for (size_t i = 0; i < g->m; ++i) {
        for (size_t j = 0; j < g->n; ++j) {
            uint64_t acc = g->c[i * g->ldc + j];
            mma_format ctype = (mma_format)ins->ctype;
            size_t k0 = 0;
            do {
                const size_t cnt = (g->k - k0) < kc ? (g->k - k0) : kc;
                for (size_t t = 0; t < kc; ++t) {
                    arow[t] = t < cnt ? g->a[i * g->lda + k0 + t] : 0u;
                    bcol[t] = t < cnt ? g->b[(k0 + t) * g->ldb + j] : 0u;
                }
                if (integer) {
                    st = mma_int_dot(ins, arow, 1, bcol, 1, kc, acc, &acc);
                } else {
                    st = mma_dot(&eff, (mma_format)ins->atype, arow, 1, (mma_format)ins->btype, bcol, 1, kc, ctype,
                                 acc, (mma_format)ins->dtype, &acc);
                }
                if (st != MMA_OK) {
                    return st;
                }
                ctype = (mma_format)ins->dtype;
                k0 += cnt;
            } while (k0 < g->k);
            g->d[i * g->ldd + j] = acc;
        }
    }
    return MMA_OK;
}
