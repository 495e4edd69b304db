/*
 * SVE2 / streaming-SVE FDOT with FP8 sources (unpredicated), Arm ARM C8.2.184..C8.2.187:
 *   for e < VL/(8*ways): Zda[e] = FP8DotAddFP(Zda[e], Zn[ways*e .. ways*e+ways-1], Zm[ways*s .. ways*s+ways-1])
 * with s = e for the vectors forms and s = e - (e MOD eltspersegment) + index for the indexed forms
 * (eltspersegment = 128 / (8*ways): 8 pairs or 4 quads per 128-bit segment).
 */
#include "mma/sme.h"

#include "sme_int.h"

/* Selects the vectors (non-indexed) form in the shared loops. */
#define FDOT_VECTORS (-1L)

static mma_status fdot_check(const mma_sme_cfg *cfg, const uint8_t *zn, size_t zn_len, const uint8_t *zm,
                             size_t zm_len, long index, const void *zda, size_t zda_len, mma_format dtype,
                             size_t ways, mmai_sme_env *env, size_t *elements)
{
    if (cfg == NULL || zn == NULL || zm == NULL || zda == NULL) {
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
    /* The immediate: i3h:i3l = 0..7 (2-way, C8.2.187) or i2 = 0..3 (4-way, C8.2.185). */
    if (index != FDOT_VECTORS && (index < 0 || index >= (long)(16u / ways))) {
        return MMA_ERR_INSTRUCTION;
    }
    const size_t nbytes = (size_t)cfg->vl_bits / 8u;
    *elements = nbytes / ways;
    if (zn_len < nbytes || zm_len < nbytes || zda_len < *elements) {
        return MMA_ERR_BUFFER;
    }
    return MMA_OK;
}

/* The Zm group that element e reads. */
static size_t zm_group(size_t e, long index, size_t ways)
{
    if (index == FDOT_VECTORS) {
        return e;
    }
    const size_t per_segment = 16u / ways;
    return e - (e % per_segment) + (size_t)index;
}

static mma_status fdot_f16(const mma_sme_cfg *cfg, const uint8_t *zn, size_t zn_len, const uint8_t *zm, size_t zm_len,
                           long index, uint16_t *zda, size_t zda_len)
{
    mmai_sme_env env;
    size_t elements = 0;
    mma_status st = fdot_check(cfg, zn, zn_len, zm, zm_len, index, zda, zda_len, MMA_FMT_F16, 2u, &env, &elements);
    for (size_t e = 0; e < elements && st == MMA_OK; ++e) {
        uint64_t d = 0;
        st = mmai_sme_env_dot(&env, zda[e], zn + 2u * e, zm + 2u * zm_group(e, index, 2u), 2u, &d);
        if (st == MMA_OK) {
            zda[e] = (uint16_t)d;
        }
    }
    return st;
}

static mma_status fdot_f32(const mma_sme_cfg *cfg, const uint8_t *zn, size_t zn_len, const uint8_t *zm, size_t zm_len,
                           long index, uint32_t *zda, size_t zda_len)
{
    mmai_sme_env env;
    size_t elements = 0;
    mma_status st = fdot_check(cfg, zn, zn_len, zm, zm_len, index, zda, zda_len, MMA_FMT_F32, 4u, &env, &elements);
    for (size_t e = 0; e < elements && st == MMA_OK; ++e) {
        uint64_t d = 0;
        st = mmai_sme_env_dot(&env, zda[e], zn + 4u * e, zm + 4u * zm_group(e, index, 4u), 4u, &d);
        if (st == MMA_OK) {
            zda[e] = (uint32_t)d;
        }
    }
    return st;
}

mma_status mma_sme_fdot_f16(const mma_sme_cfg *cfg, const uint8_t *zn, size_t zn_len, const uint8_t *zm,
                            size_t zm_len, uint16_t *zda, size_t zda_len)
{
    return fdot_f16(cfg, zn, zn_len, zm, zm_len, FDOT_VECTORS, zda, zda_len);
}

mma_status mma_sme_fdot_f16_indexed(const mma_sme_cfg *cfg, const uint8_t *zn, size_t zn_len, const uint8_t *zm,
                                    size_t zm_len, unsigned index, uint16_t *zda, size_t zda_len)
{
    const long idx = index <= 7u ? (long)index : 8L; /* 8: out of range, reported by fdot_check */
    return fdot_f16(cfg, zn, zn_len, zm, zm_len, idx, zda, zda_len);
}

mma_status mma_sme_fdot_f32(const mma_sme_cfg *cfg, const uint8_t *zn, size_t zn_len, const uint8_t *zm,
                            size_t zm_len, uint32_t *zda, size_t zda_len)
{
    return fdot_f32(cfg, zn, zn_len, zm, zm_len, FDOT_VECTORS, zda, zda_len);
}

mma_status mma_sme_fdot_f32_indexed(const mma_sme_cfg *cfg, const uint8_t *zn, size_t zn_len, const uint8_t *zm,
                                    size_t zm_len, unsigned index, uint32_t *zda, size_t zda_len)
{
    const long idx = index <= 3u ? (long)index : 4L; /* 4: out of range, reported by fdot_check */
    return fdot_f32(cfg, zn, zn_len, zm, zm_len, idx, zda, zda_len);
}
