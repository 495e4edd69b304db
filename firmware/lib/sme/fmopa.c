/*
 * SME2 FMOPA (widening) FP8 sum of outer products into a ZA tile: 2-way FP8 -> FP16 (seed 002,
 * Arm ARM C9.2.113) and 4-way FP8 -> FP32 (C9.2.114). Per the Operation pseudocode, with
 * ways = 2 (dim = VL/16) or 4 (dim = VL/32), for each ZA element (row, col):
 *   prow[i] = P_n<ways*row + i>, pcol[i] = P_m<ways*col + i>        (ActivePredicateElement(mask, e, 8))
 *   any_active = OR_i (prow[i] AND pcol[i])
 *   if any_active: rowop[i] = prow[i] ? Zn[ways*row + i] : +0, colop[i] = pcol[i] ? Zm[ways*col + i] : +0,
 *                  ZA[row*dim + col] = FP8DotAddFP(ZA[row*dim + col], rowop, colop, FPCR, FPMR)
 *   else ZA[row*dim + col] is left unchanged.
 */
#include "mma/sme.h"

#include "sme_int.h"

/* Validates everything an FMOPA reads, so that the tile update that follows cannot fail half-way. */
static mma_status fmopa_check(const mma_sme_cfg *cfg, const mma_sme_fmopa_src *src, const void *za, size_t za_len,
                              mma_format dtype, size_t ways, mmai_sme_env *env, size_t *dim)
{
    if (cfg == NULL || src == NULL || za == NULL || src->zn == NULL || src->zm == NULL || src->pn == NULL ||
        src->pm == NULL) {
        return MMA_ERR_NULL;
    }
    mma_status st = mmai_sme_env_init(cfg->fpmr, cfg->flags, dtype, env);
    if (st != MMA_OK) {
        return st;
    }
    st = mma_sme_vl_check(cfg->vl_bits);
    if (st != MMA_OK) {
        return st;
    }
    const size_t nbytes = (size_t)cfg->vl_bits / 8u;
    *dim = nbytes / ways;
    if (src->zn_len < nbytes || src->zm_len < nbytes || src->pn_len < nbytes || src->pm_len < nbytes ||
        za_len < *dim * *dim) {
        return MMA_ERR_BUFFER;
    }
    st = mmai_sme_pred_check(src->pn, nbytes);
    if (st == MMA_OK) {
        st = mmai_sme_pred_check(src->pm, nbytes);
    }
    return st;
}

/* Gathers the operands of ZA element (row, col); returns false if no pair/quad is active. */
static bool gather(const mma_sme_fmopa_src *src, size_t ways, size_t row, size_t col, uint8_t *rowop,
                   uint8_t *colop)
{
    bool any_active = false;
    for (size_t i = 0; i < ways; ++i) {
        const size_t r = ways * row + i, c = ways * col + i;
        const bool prow = src->pn[r] != 0, pcol = src->pm[c] != 0;
        any_active = any_active || (prow && pcol);
        rowop[i] = prow ? src->zn[r] : 0x00u; /* an Inactive element reads as +0.0 (0x00 in E5M2 and E4M3) */
        colop[i] = pcol ? src->zm[c] : 0x00u;
    }
    return any_active;
}

mma_status mma_sme_fmopa_f16(const mma_sme_cfg *cfg, const mma_sme_fmopa_src *src, uint16_t *za, size_t za_len)
{
    mmai_sme_env env;
    size_t dim = 0;
    mma_status st = fmopa_check(cfg, src, za, za_len, MMA_FMT_F16, 2u, &env, &dim);
    for (size_t row = 0; row < dim && st == MMA_OK; ++row) {
        for (size_t col = 0; col < dim && st == MMA_OK; ++col) {
            uint8_t rowop[2], colop[2];
            if (gather(src, 2u, row, col, rowop, colop)) {
                uint64_t d = 0;
                st = mmai_sme_env_dot(&env, za[row * dim + col], rowop, colop, 2u, &d);
                if (st == MMA_OK) {
                    za[row * dim + col] = (uint16_t)d;
                }
            }
        }
    }
    return st;
}

mma_status mma_sme_fmopa_f32(const mma_sme_cfg *cfg, const mma_sme_fmopa_src *src, uint32_t *za, size_t za_len)
{
    mmai_sme_env env;
    size_t dim = 0;
    mma_status st = fmopa_check(cfg, src, za, za_len, MMA_FMT_F32, 4u, &env, &dim);
    for (size_t row = 0; row < dim && st == MMA_OK; ++row) {
        for (size_t col = 0; col < dim && st == MMA_OK; ++col) {
            uint8_t rowop[4], colop[4];
            if (gather(src, 4u, row, col, rowop, colop)) {
                uint64_t d = 0;
                st = mmai_sme_env_dot(&env, za[row * dim + col], rowop, colop, 4u, &d);
                if (st == MMA_OK) {
                    za[row * dim + col] = (uint32_t)d;
                }
            }
        }
    }
    return st;
}
