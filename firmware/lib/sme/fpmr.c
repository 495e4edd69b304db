/* FPMR, the Floating-point Mode Register (Arm ARM C5.2.9): field decode, encode and checks. */
#include "mma/sme.h"

#include "sme_int.h"

mma_status mma_fpmr_decode(uint64_t fpmr, mma_fpmr *out)
{
    if (out == NULL) {
        return MMA_ERR_NULL;
    }
    out->f8s1 = (uint8_t)((fpmr >> MMA_FPMR_F8S1_SHIFT) & 0x7u);
    out->f8s2 = (uint8_t)((fpmr >> MMA_FPMR_F8S2_SHIFT) & 0x7u);
    out->f8d = (uint8_t)((fpmr >> MMA_FPMR_F8D_SHIFT) & 0x7u);
    out->osm = (uint8_t)((fpmr >> MMA_FPMR_OSM_SHIFT) & 0x1u);
    out->osc = (uint8_t)((fpmr >> MMA_FPMR_OSC_SHIFT) & 0x1u);
    out->lscale = (uint8_t)((fpmr >> MMA_FPMR_LSCALE_SHIFT) & 0x7Fu);
    /* NSCALE is a signed 8-bit field: two's complement without an implementation-defined cast. */
    const unsigned ns = (unsigned)((fpmr >> MMA_FPMR_NSCALE_SHIFT) & 0xFFu);
    out->nscale = (int8_t)(ns >= 128u ? (int)ns - 256 : (int)ns);
    out->lscale2 = (uint8_t)((fpmr >> MMA_FPMR_LSCALE2_SHIFT) & 0x3Fu);
    out->res0 = fpmr & MMA_FPMR_RES0_MASK;
    return MMA_OK;
}

mma_status mma_fpmr_encode(const mma_fpmr *fields, uint64_t *fpmr)
{
    if (fields == NULL || fpmr == NULL) {
        return MMA_ERR_NULL;
    }
    const mma_fpmr *f = fields;
    if (f->f8s1 > 7u || f->f8s2 > 7u || f->f8d > 7u || f->osm > 1u || f->osc > 1u || f->lscale > 127u ||
        f->lscale2 > 63u || (f->res0 & ~MMA_FPMR_RES0_MASK) != 0) {
        return MMA_ERR_FPMR;
    }
    const uint64_t ns = (uint64_t)(uint8_t)f->nscale;
    *fpmr = ((uint64_t)f->f8s1 << MMA_FPMR_F8S1_SHIFT) | ((uint64_t)f->f8s2 << MMA_FPMR_F8S2_SHIFT) |
            ((uint64_t)f->f8d << MMA_FPMR_F8D_SHIFT) | ((uint64_t)f->osm << MMA_FPMR_OSM_SHIFT) |
            ((uint64_t)f->osc << MMA_FPMR_OSC_SHIFT) | ((uint64_t)f->lscale << MMA_FPMR_LSCALE_SHIFT) |
            (ns << MMA_FPMR_NSCALE_SHIFT) | ((uint64_t)f->lscale2 << MMA_FPMR_LSCALE2_SHIFT) | f->res0;
    return MMA_OK;
}

mma_status mma_fpmr_fp8_format(unsigned field, mma_format *out)
{
    if (out == NULL) {
        return MMA_ERR_NULL;
    }
    /* FP8DecodeType (J1.3.3.171): '000' E5M2, '001' E4M3, otherwise FP8Type_UNSUPPORTED. */
    switch (field) {
    case MMA_FPMR_FMT_E5M2:
        *out = MMA_FMT_E5M2;
        return MMA_OK;
    case MMA_FPMR_FMT_E4M3:
        *out = MMA_FMT_E4M3;
        return MMA_OK;
    default:
        return MMA_ERR_FPMR;
    }
}

mma_status mma_fpmr_check(uint64_t fpmr, uint32_t flags)
{
    if ((flags & ~(uint32_t)MMA_SME_FLAGS_ALL) != 0) {
        return MMA_ERR_PROFILE_PARAM;
    }
    if ((flags & MMA_SME_STRICT_FPMR) == 0) {
        return MMA_OK; /* NUMERICS 3: reserved formats read as NaN inputs; RES0 and F8D are not read */
    }
    mma_fpmr f;
    (void)mma_fpmr_decode(fpmr, &f);
    if (f.f8s1 > MMA_FPMR_FMT_E4M3 || f.f8s2 > MMA_FPMR_FMT_E4M3 || f.f8d > MMA_FPMR_FMT_E4M3 || f.res0 != 0) {
        return MMA_ERR_FPMR;
    }
    return MMA_OK;
}
