/* Size configuration "FP8 dot": the dot product of e4m3/e5m2 codes with a preset's profile
 * (mma_preset_profile + mma_dot), as a firmware that only needs the FP8 software path links it. */
#include "board.h"
#include "mma/accumulate.h"
#include "mma/profile.h"

static uint64_t a[32], b[32];

int main(void)
{
    mma_profile prof;
    uint64_t d = 0;
    volatile int fmt = MMA_FMT_E4M3;   /* keep both formats reachable */
    board_uart_init();
    if (mma_preset_profile(MMA_PRESET_BLACKWELL, MMA_FAMILY_MMA, (mma_format)fmt, MMA_FMT_F32, &prof) != MMA_OK) {
        return 1;
    }
    mma_status st = mma_dot(&prof, (mma_format)fmt, a, 1u, (mma_format)fmt, b, 1u, 32u, MMA_FMT_F32, 0u, MMA_FMT_F32, &d);
    board_printf("%u %u\n", (unsigned)st, (unsigned)d);
    return 0;
}
