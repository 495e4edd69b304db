/* Size configuration "FP8/MX dot": the FP8 dot product plus the MX (OCP microscaling) form - the
 * block scale stage (ue8m0 / ue4m3 scale pairs), the product stage with a scale factor and the
 * accumulation of the scaled products under the block-scaled preset profile - without the
 * instruction parser/validator, sparsity, fragment maps, warp or SME code. */
#include "board.h"
#include "mma/accumulate.h"
#include "mma/block_scale.h"
#include "mma/profile.h"
#include "mma/stage.h"

static uint64_t a[32], b[32];
static mma_product p[32];

int main(void)
{
    mma_profile prof, mx;
    uint64_t d = 0, e = 0;
    volatile int fmt = MMA_FMT_E4M3;
    volatile uint64_t sa = 127u, sb = 127u;
    board_uart_init();
    if (mma_preset_profile(MMA_PRESET_BLACKWELL, MMA_FAMILY_MMA, (mma_format)fmt, MMA_FMT_F32, &prof) != MMA_OK ||
        mma_block_scale_preset_profile(MMA_PRESET_RTX_BLACKWELL, MMA_KINDQ_MXF8F6F4, &mx) != MMA_OK) {
        return 1;
    }
    mma_status st = mma_dot(&prof, (mma_format)fmt, a, 1u, (mma_format)fmt, b, 1u, 32u, MMA_FMT_F32, 0u, MMA_FMT_F32, &d);
    /* MX: D = C + sum (a_k x b_k) x 2^(sa-127) x 2^(sb-127) over one 32-element block */
    mma_scale_factor sf;
    st |= mma_block_scale(MMA_FMT_UE8M0, sa, sb, &sf);
    for (unsigned k = 0; k < 32u; ++k) {
        mma_value va, vb;
        st |= mma_decode((mma_format)fmt, a[k], &va);
        st |= mma_decode((mma_format)fmt, b[k], &vb);
        st |= mma_multiply((mma_format)fmt, &va, (mma_format)fmt, &vb, &sf, &p[k]);
    }
    st |= mma_accumulate(&mx, p, 32u, MMA_FMT_F32, 0u, MMA_FMT_F32, &e);
    board_printf("%u %u %u\n", (unsigned)st, (unsigned)d, (unsigned)e);
    return 0;
}
