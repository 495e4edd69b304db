/* The element-format table (NUMERICS section 1): the one place each format is described. */
#include "mma/format.h"

#include "format_int.h"

/* name, kind, storage, value bits, sign, exp, frac, inf, nan style, bias, emin, emax, frac_shift,
   max_frac, has_zero, has_subnormals, canonical NaN */
static const mma_format_info format_table[MMA_FMT_COUNT] = {
    [MMA_FMT_F64] = {"f64", MMA_KIND_FLOAT, 64, 64, 1, 11, 52, 1, MMA_NAN_IEEE, 1023, -1022, 1023, 0,
                     0xFFFFFFFFFFFFFull, 1, 1, 0x7FFFFFFFFFFFFFFFull},
    [MMA_FMT_F32] = {"f32", MMA_KIND_FLOAT, 32, 32, 1, 8, 23, 1, MMA_NAN_IEEE, 127, -126, 127, 0, 0x7FFFFF, 1, 1,
                     0x7FFFFFFF},
    [MMA_FMT_TF32] = {"tf32", MMA_KIND_FLOAT, 32, 19, 1, 8, 10, 1, MMA_NAN_IEEE, 127, -126, 127, 13, 0x3FF, 1, 1,
                      0x7FFFE000},
    [MMA_FMT_F16] = {"f16", MMA_KIND_FLOAT, 16, 16, 1, 5, 10, 1, MMA_NAN_IEEE, 15, -14, 15, 0, 0x3FF, 1, 1, 0x7FFF},
    [MMA_FMT_BF16] = {"bf16", MMA_KIND_FLOAT, 16, 16, 1, 8, 7, 1, MMA_NAN_IEEE, 127, -126, 127, 0, 0x7F, 1, 1,
                      0x7FFF},
    [MMA_FMT_E5M2] = {"e5m2", MMA_KIND_FLOAT, 8, 8, 1, 5, 2, 1, MMA_NAN_IEEE, 15, -14, 15, 0, 0x3, 1, 1, 0x7F},
    [MMA_FMT_E4M3] = {"e4m3", MMA_KIND_FLOAT, 8, 8, 1, 4, 3, 0, MMA_NAN_ALL_ONES, 7, -6, 8, 0, 0x6, 1, 1, 0x7F},
    [MMA_FMT_E3M2] = {"e3m2", MMA_KIND_FLOAT, 6, 6, 1, 3, 2, 0, MMA_NAN_NONE, 3, -2, 4, 0, 0x3, 1, 1, 0},
    [MMA_FMT_E2M3] = {"e2m3", MMA_KIND_FLOAT, 6, 6, 1, 2, 3, 0, MMA_NAN_NONE, 1, 0, 2, 0, 0x7, 1, 1, 0},
    [MMA_FMT_E2M1] = {"e2m1", MMA_KIND_FLOAT, 4, 4, 1, 2, 1, 0, MMA_NAN_NONE, 1, 0, 2, 0, 0x1, 1, 1, 0},
    [MMA_FMT_UE8M0] = {"ue8m0", MMA_KIND_FLOAT, 8, 8, 0, 8, 0, 0, MMA_NAN_ALL_ONES, 127, -127, 127, 0, 0, 0, 0,
                       0xFF},
    [MMA_FMT_UE4M3] = {"ue4m3", MMA_KIND_FLOAT, 8, 7, 0, 4, 3, 0, MMA_NAN_ALL_ONES, 7, -6, 8, 0, 0x6, 1, 1, 0x7F},
    [MMA_FMT_S32] = {"s32", MMA_KIND_SIGNED_INT, 32, 32, 1, 0, 0, 0, MMA_NAN_NONE, 0, 0, 0, 0, 0, 1, 0, 0},
    [MMA_FMT_S8] = {"s8", MMA_KIND_SIGNED_INT, 8, 8, 1, 0, 0, 0, MMA_NAN_NONE, 0, 0, 0, 0, 0, 1, 0, 0},
    [MMA_FMT_U8] = {"u8", MMA_KIND_UNSIGNED_INT, 8, 8, 0, 0, 0, 0, MMA_NAN_NONE, 0, 0, 0, 0, 0, 1, 0, 0},
    [MMA_FMT_S4] = {"s4", MMA_KIND_SIGNED_INT, 4, 4, 1, 0, 0, 0, MMA_NAN_NONE, 0, 0, 0, 0, 0, 1, 0, 0},
    [MMA_FMT_U4] = {"u4", MMA_KIND_UNSIGNED_INT, 4, 4, 0, 0, 0, 0, MMA_NAN_NONE, 0, 0, 0, 0, 0, 1, 0, 0},
    [MMA_FMT_B1] = {"b1", MMA_KIND_BIT, 1, 1, 0, 0, 0, 0, MMA_NAN_NONE, 0, 0, 0, 0, 0, 1, 0, 0},
};

/* The 13-bit-fraction f32 step accumulator of FP8 tensor cores ("e8m13"), held in an f32 code. */
const mma_format_info mmai_e8m13_info = {"e8m13", MMA_KIND_FLOAT, 32, 22, 1, 8, 13, 1, MMA_NAN_IEEE, 127, -126,
                                        127, 10, 0x1FFF, 1, 1, 0x7FFFFFFF};

const mma_format_info *mma_format_get(mma_format fmt)
{
    if ((unsigned)fmt >= (unsigned)MMA_FMT_COUNT) {
        return NULL;
    }
    return &format_table[fmt];
}

bool mma_format_is_float(mma_format fmt)
{
    const mma_format_info *info = mma_format_get(fmt);
    return info != NULL && info->kind == MMA_KIND_FLOAT;
}

bool mmai_name_equals(const char *text, size_t len, const char *name)
{
    size_t i = 0;
    while (i < len && name[i] != '\0' && name[i] == text[i]) {
        ++i;
    }
    return i == len && name[i] == '\0';
}

mma_status mma_format_from_name(const char *name, size_t len, mma_format *out)
{
    if (name == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    for (unsigned f = 0; f < (unsigned)MMA_FMT_COUNT; ++f) {
        if (mmai_name_equals(name, len, format_table[f].name)) {
            *out = (mma_format)f;
            return MMA_OK;
        }
    }
    return MMA_ERR_FORMAT;
}

int mma_msb64(uint64_t x)
{
    if (x == 0) {
        return -1;
    }
#if defined(__GNUC__)
    return 63 - __builtin_clzll(x);
#else
    int n = 0;
    if (x >> 32) { n += 32; x >>= 32; }
    if (x >> 16) { n += 16; x >>= 16; }
    if (x >> 8) { n += 8; x >>= 8; }
    if (x >> 4) { n += 4; x >>= 4; }
    if (x >> 2) { n += 2; x >>= 2; }
    if (x >> 1) { n += 1; }
    return n;
#endif
}
