/* mmacore: element formats (one table), exact decode, and one-rounding encode. */
#ifndef MMA_FORMAT_H
#define MMA_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Element formats. The order is part of the ABI (used as table index). */
typedef enum mma_format {
    MMA_FMT_F64 = 0,
    MMA_FMT_F32,
    MMA_FMT_TF32,   /* 1.8.10 held in a 32-bit f32 pattern; the low 13 bits are ignored on decode */
    MMA_FMT_F16,
    MMA_FMT_BF16,
    MMA_FMT_E5M2,
    MMA_FMT_E4M3,
    MMA_FMT_E3M2,
    MMA_FMT_E2M3,
    MMA_FMT_E2M1,
    MMA_FMT_UE8M0,
    MMA_FMT_UE4M3,  /* 7 significant bits in an 8-bit container; bit 7 ignored on decode */
    MMA_FMT_S32,
    MMA_FMT_S8,
    MMA_FMT_U8,
    MMA_FMT_S4,
    MMA_FMT_U4,
    MMA_FMT_B1,
    MMA_FMT_COUNT
} mma_format;

/* How a format's element is interpreted. */
typedef enum mma_format_kind {
    MMA_KIND_FLOAT = 0,
    MMA_KIND_SIGNED_INT,
    MMA_KIND_UNSIGNED_INT,
    MMA_KIND_BIT
} mma_format_kind;

/* How a float format encodes NaN. */
typedef enum mma_nan_style {
    MMA_NAN_NONE = 0,   /* no NaN codes (e3m2, e2m3, e2m1) */
    MMA_NAN_IEEE,       /* exponent all ones, fraction non-zero */
    MMA_NAN_ALL_ONES    /* only exponent and fraction all ones (e4m3 S.1111.111, ue8m0 0xFF, ue4m3 0x7F) */
} mma_nan_style;

/* One row of the format table (NUMERICS section 1). */
typedef struct mma_format_info {
    const char *name;        /* PTX spelling without the dot, e.g. "e4m3" */
    uint8_t kind;            /* mma_format_kind */
    uint8_t storage_bits;    /* bits of one code as held in memory (tf32: 32, ue4m3: 8) */
    uint8_t value_bits;      /* significant bits of a code (tf32: 19, ue4m3: 7) */
    uint8_t has_sign;        /* 1 if the format has a sign bit */
    uint8_t exp_bits;        /* exponent field width (floats only) */
    uint8_t frac_bits;       /* fraction field width p (floats only) */
    uint8_t has_inf;         /* 1 if exponent all ones with zero fraction is +-Inf */
    uint8_t nan_style;       /* mma_nan_style */
    int16_t bias;            /* exponent bias */
    int16_t emin;            /* unbiased exponent of the smallest normal (subnormals pinned here) */
    int16_t emax;            /* unbiased exponent of the largest finite value */
    uint8_t frac_shift;      /* position of the fraction field's LSB in the code (tf32: 13, else 0) */
    uint64_t max_frac;       /* fraction field of the largest finite value */
    uint8_t has_zero;        /* 0 only for ue8m0 */
    uint8_t has_subnormals;  /* 0 only for ue8m0 */
    uint64_t canonical_nan;  /* code of the canonical NaN (0 if the format has none) */
} mma_format_info;

/* Returns the table row of a format, or NULL if the value is not a valid mma_format. */
const mma_format_info *mma_format_get(mma_format fmt);

/* Looks a format up by its PTX name ("f16", "e4m3", "s8", ...); returns MMA_ERR_FORMAT if unknown. */
mma_status mma_format_from_name(const char *name, size_t len, mma_format *out);

/* Returns true if the format is a floating-point format (has sign/exponent/fraction fields). */
bool mma_format_is_float(mma_format fmt);

/* Class of a decoded value. */
typedef enum mma_class {
    MMA_CLASS_ZERO = 0,
    MMA_CLASS_FINITE,
    MMA_CLASS_INF,
    MMA_CLASS_NAN
} mma_class;

/*
 * An exact value: (-1)^sign * sig * 2^exp, plus an optional "sticky" marker meaning
 * "strictly more than this by less than one unit of the last bit of sig" (used only as
 * encode input). Decode of a float code gives sig = 2^p + fraction with exp = e - p for
 * normals, and sig = fraction with exp = emin - p for subnormals (never renormalised), so
 * the term exponent of NUMERICS section 3 is exp + p.
 */
typedef struct mma_value {
    uint8_t cls;        /* mma_class */
    uint8_t sign;       /* 1 = negative (also for -0, -Inf) */
    uint8_t sticky;     /* 1 = non-zero bits below sig (inexact tail); 0 from decode */
    uint8_t signaling;  /* 1 = NaN is signalling (IEEE quiet bit clear; e4m3 for Arm) */
    int32_t exp;        /* weight of sig's least significant bit */
    uint64_t sig;       /* integer significand; 0 iff cls is ZERO/INF/NAN */
} mma_value;

/* Decodes one element code of any format exactly; MMA_ERR_CODE if bits outside the storage width are set. */
mma_status mma_decode(mma_format fmt, uint64_t code, mma_value *out);

/*
 * Rounding modes: the one enumeration of the project, numbered as the RISC-V frm field (and
 * cvfpu's roundmode_e) so that the accelerator's registers, the RTL and the driver use the same
 * codes without translation. Modes 0-4 are the modes of encode; RS exists only for cvt .rs.
 */
typedef enum mma_round {
    MMA_RND_RNE = 0,  /* RNE: to nearest, ties to even (.rn) */
    MMA_RND_RZ = 1,   /* RTZ: toward zero (.rz) */
    MMA_RND_RD = 2,   /* RDN: toward -Inf (.rm / .rd) */
    MMA_RND_RU = 3,   /* RUP: toward +Inf (.rp / .ru) */
    MMA_RND_RNA = 4,  /* RMM: to nearest, ties away from zero (.rna) */
    MMA_RND_COUNT = 5,/* number of encode modes (0 .. 4) */
    MMA_RND_RS = 5,   /* cvt .rs only: stochastic (random bits added below the kept LSB) */
    MMA_RND_NONE = 7  /* no rounding modifier written (RISC-V frm 7 = "dynamic"); never valid for encode */
} mma_round;

/* Returns the short name of a rounding mode ("rne", "rz", "rd", "ru", "rna", "rs"), or NULL. */
const char *mma_round_name(mma_round mode);

/*
 * Encode flags, the one flag set of encode and cvt (mma_cvt_desc.mods takes the same bits).
 */
#define MMA_ENC_SATFINITE 0x1u /* finite overflow and +-Inf go to +-max finite; NaN per PTX cvt (.satfinite) */
#define MMA_ENC_RELU      0x2u /* negative results (incl. -0) become +0; NaN becomes canonical NaN (.relu) */
#define MMA_ENC_OCP_SAT   0x4u /* formats without Inf and NaN (e3m2, e2m3, e2m1): +-Inf/NaN give +-max instead of an error */

/*
 * Encode stage: rounds an exact value once to a float format (or s32) with the given mode and
 * flags, writing its code. s32: rounded to an integer in mode, then clamped to the int32 range with
 * MMA_ENC_SATFINITE (NaN -> 0, +-Inf -> the bound) or wrapped modulo 2^32 without it (NaN/Inf:
 * MMA_ERR_UNREPRESENTABLE); no other flag applies.
 * Overflow without satfinite: Inf where the format has one, else NaN (e4m3, ue8m0), else max finite.
 * NaN input gives the canonical NaN (or +max finite for formats without NaN under satfinite).
 * Negative values into an unsigned format, and NaN/Inf into a format with neither (without
 * SATFINITE or OCP_SAT), return MMA_ERR_UNREPRESENTABLE. A sticky value needs sig to reach at
 * least 2 bits below the target precision, else MMA_ERR_ROUNDING. A value with an invalid class, or
 * sign, sticky or signaling other than 0 / 1, is MMA_ERR_CODE.
 */
mma_status mma_encode(mma_format fmt, const mma_value *v, mma_round mode, unsigned flags, uint64_t *code);

/* Returns true if the rounding of v to fmt under mode was inexact (for tests and status flags). */
bool mma_encode_is_inexact(mma_format fmt, const mma_value *v, mma_round mode);

/* Converts one code between float formats with a single rounding (decode + encode). */
mma_status mma_convert(mma_format from, uint64_t code, mma_format to, mma_round mode, unsigned flags,
                       uint64_t *out);

/* Returns the position (0-based) of the most significant set bit of x, or -1 if x is 0. */
int mma_msb64(uint64_t x);

#ifdef __cplusplus
}
#endif
#endif /* MMA_FORMAT_H */
