/* Random operand codes of the accelerator checks (accel_check.h): element codes of any format of a
 * mode table and block-scale codes, drawn so that sums stay finite. */
#include "accel_check.h"

#include "app.h"

uint64_t accel_code(uint32_t *rng, mma_format fmt)
{
    const mma_format_info *fi = mma_format_get(fmt);
    for (;;) {
        uint64_t code = app_rand(rng);
        if (fi->storage_bits < 32u) {
            code &= (1u << fi->storage_bits) - 1u;
        }
        if (fmt == MMA_FMT_TF32) {
            code &= 0xFFFFE000u;
        }
        if (fi->kind != MMA_KIND_FLOAT) {
            return code;
        }
        if (fi->exp_bits >= 8u) {
            const unsigned sh = fi->frac_bits + fi->frac_shift;
            const uint64_t e = (uint64_t)(fi->bias - 24 + (int)(app_rand(rng) % 48u));
            code = (code & ~((uint64_t)0xFFu << sh)) | (e << sh);
        }
        mma_value v;
        if (mma_decode(fmt, code, &v) == MMA_OK && v.cls != MMA_CLASS_NAN && v.cls != MMA_CLASS_INF) {
            return code;
        }
    }
}

uint64_t accel_scale(uint32_t *rng, mma_format stype)
{
    if (stype == MMA_FMT_UE8M0) {
        return 127u - 12u + app_rand(rng) % 24u;
    }
    return 0x38u - 16u + app_rand(rng) % 32u;
}
