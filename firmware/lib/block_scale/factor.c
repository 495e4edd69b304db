/* Block scale stage (NUMERICS 6): two scale codes -> the factor they apply to every product of their block. */
#include "mma/stage.h"

#include "block_scale_int.h"

mma_status mma_block_scale(mma_format stype, uint64_t scale_a, uint64_t scale_b, mma_scale_factor *out)
{
    if (out == NULL) {
        return MMA_ERR_NULL;
    }
    if (stype != MMA_FMT_UE8M0 && stype != MMA_FMT_UE4M3) {
        return MMA_ERR_FORMAT;
    }
    mma_value sa, sb;
    mma_status st = mma_decode(stype, scale_a, &sa);
    if (st == MMA_OK) {
        st = mma_decode(stype, scale_b, &sb);
    }
    if (st != MMA_OK) {
        return st;
    }
    out->nan = (uint8_t)(sa.cls == MMA_CLASS_NAN || sb.cls == MMA_CLASS_NAN);
    out->zero = (uint8_t)(!out->nan && (sa.cls == MMA_CLASS_ZERO || sb.cls == MMA_CLASS_ZERO));
    out->sig = 1;
    out->exp = 0;
    out->e_shift = 0;
    if (!out->nan && !out->zero) {
        /* ue8m0: sig 1; ue4m3: up to 4 significant bits each (15 x 15 = 225 at most) */
        out->sig = (uint16_t)(sa.sig * sb.sig);
        out->exp = sa.exp + sb.exp;
        out->e_shift = (sa.exp + mma_msb64(sa.sig)) + (sb.exp + mma_msb64(sb.sig));
    }
    return MMA_OK;
}

uint64_t mmai_scale_unit(mma_format stype)
{
    return stype == MMA_FMT_UE8M0 ? 0x7Fu : 0x38u; /* ue8m0: 2^0; ue4m3: 1.0 */
}
