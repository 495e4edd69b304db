/*
 * Helpers shared by the hosted oracle tests: an independent description of each float format
 * (written from NUMERICS.md section 1, not read from the library's table), a fixed-seed PRNG and
 * a failure counter. Hosted code: doubles and libc are fine here, never in the library.
 */
#ifndef MMA_ORACLE_COMMON_H
#define MMA_ORACLE_COMMON_H

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "mma/format.h"
#include "mma/status.h"

enum ref_nan { REF_NAN_NONE, REF_NAN_IEEE, REF_NAN_ALLONES };

/* One float format as NUMERICS.md section 1 describes it. */
typedef struct ref_fmt {
    const char *name;
    mma_format fmt;
    int storage_bits;   /* bits of a code in memory */
    int shift;          /* LSB position of the fraction field (tf32: 13) */
    int has_sign;
    int ebits, mbits, bias;
    int has_inf;
    int nan;            /* enum ref_nan */
    int max_efield;     /* exponent field of the largest finite value */
    uint64_t max_frac;  /* fraction field of the largest finite value */
    int no_zero;        /* ue8m0: no zero, no subnormals; code 0 is 2^-127 */
    int ignored_msb;    /* ue4m3: bit 7 ignored on decode */
} ref_fmt;

static const ref_fmt REF_FORMATS[] = {
    {"f64", MMA_FMT_F64, 64, 0, 1, 11, 52, 1023, 1, REF_NAN_IEEE, 2046, 0xFFFFFFFFFFFFFull, 0, 0},
    {"f32", MMA_FMT_F32, 32, 0, 1, 8, 23, 127, 1, REF_NAN_IEEE, 254, 0x7FFFFF, 0, 0},
    {"tf32", MMA_FMT_TF32, 32, 13, 1, 8, 10, 127, 1, REF_NAN_IEEE, 254, 0x3FF, 0, 0},
    {"f16", MMA_FMT_F16, 16, 0, 1, 5, 10, 15, 1, REF_NAN_IEEE, 30, 0x3FF, 0, 0},
    {"bf16", MMA_FMT_BF16, 16, 0, 1, 8, 7, 127, 1, REF_NAN_IEEE, 254, 0x7F, 0, 0},
    {"e5m2", MMA_FMT_E5M2, 8, 0, 1, 5, 2, 15, 1, REF_NAN_IEEE, 30, 3, 0, 0},
    {"e4m3", MMA_FMT_E4M3, 8, 0, 1, 4, 3, 7, 0, REF_NAN_ALLONES, 15, 6, 0, 0},
    {"e3m2", MMA_FMT_E3M2, 6, 0, 1, 3, 2, 3, 0, REF_NAN_NONE, 7, 3, 0, 0},
    {"e2m3", MMA_FMT_E2M3, 6, 0, 1, 2, 3, 1, 0, REF_NAN_NONE, 3, 7, 0, 0},
    {"e2m1", MMA_FMT_E2M1, 4, 0, 1, 2, 1, 1, 0, REF_NAN_NONE, 3, 1, 0, 0},
    {"ue8m0", MMA_FMT_UE8M0, 8, 0, 0, 8, 0, 127, 0, REF_NAN_ALLONES, 254, 0, 1, 0},
    {"ue4m3", MMA_FMT_UE4M3, 8, 0, 0, 4, 3, 7, 0, REF_NAN_ALLONES, 15, 6, 0, 1},
};
#define REF_FORMAT_COUNT (sizeof REF_FORMATS / sizeof REF_FORMATS[0])

static inline const ref_fmt *ref_get(mma_format f)
{
    for (size_t i = 0; i < REF_FORMAT_COUNT; ++i) {
        if (REF_FORMATS[i].fmt == f) {
            return &REF_FORMATS[i];
        }
    }
    return NULL;
}

static inline int ref_emin(const ref_fmt *f) { return f->no_zero ? -f->bias : 1 - f->bias; }
static inline int ref_emax(const ref_fmt *f) { return f->max_efield - f->bias; }

/* Code from fields (sign ignored for unsigned formats). */
static inline uint64_t ref_pack(const ref_fmt *f, int sign, uint64_t efield, uint64_t frac)
{
    uint64_t c = ((efield << f->mbits) | frac) << f->shift;
    if (f->has_sign && sign) {
        c |= (uint64_t)1 << (f->shift + f->mbits + f->ebits);
    }
    return c;
}
static inline uint64_t ref_max_code(const ref_fmt *f, int sign) { return ref_pack(f, sign, (uint64_t)f->max_efield, f->max_frac); }
static inline uint64_t ref_zero_code(const ref_fmt *f, int sign) { return ref_pack(f, sign, 0, 0); }
static inline uint64_t ref_inf_code(const ref_fmt *f, int sign)
{
    return ref_pack(f, sign, ((uint64_t)1 << f->ebits) - 1u, 0);
}
/* The canonical NaN of the project: positive, all fraction bits set (0x7FFF, 0x7F, 0xFF, 0x7FFFE000). */
static inline uint64_t ref_nan_code(const ref_fmt *f)
{
    return ref_pack(f, 0, ((uint64_t)1 << f->ebits) - 1u, ((uint64_t)1 << f->mbits) - 1u);
}

enum ref_class { REF_ZERO, REF_FINITE, REF_INF, REF_NAN };

/*
 * Decodes a code with the textbook formula into (class, sign, value as a double). The double is
 * exact for every format up to f32/tf32 (at most 24 significant bits, exponents within double).
 */
static inline int ref_decode(const ref_fmt *f, uint64_t code, int *sign, double *val)
{
    uint64_t c = code >> f->shift;
    if (f->ignored_msb) {
        c &= 0x7F;
    }
    uint64_t frac = c & (((uint64_t)1 << f->mbits) - 1u);
    uint64_t ef = (c >> f->mbits) & (((uint64_t)1 << f->ebits) - 1u);
    uint64_t eall = ((uint64_t)1 << f->ebits) - 1u;
    *sign = f->has_sign ? (int)((c >> (f->mbits + f->ebits)) & 1u) : 0;
    *val = 0.0;
    if (f->nan == REF_NAN_IEEE && ef == eall && frac != 0) {
        return REF_NAN;
    }
    if (f->nan == REF_NAN_ALLONES && ef == eall && frac == (((uint64_t)1 << f->mbits) - 1u)) {
        return REF_NAN;
    }
    if (f->has_inf && ef == eall && frac == 0) {
        *val = *sign ? -INFINITY : INFINITY;
        return REF_INF;
    }
    double mag;
    if (f->no_zero) {
        mag = ldexp(1.0, (int)ef - f->bias);
    } else if (ef == 0) {
        mag = ldexp((double)frac, 1 - f->bias - f->mbits);
    } else {
        mag = ldexp((double)(frac | ((uint64_t)1 << f->mbits)), (int)ef - f->bias - f->mbits);
    }
    *val = *sign ? -mag : mag;
    return mag == 0.0 ? REF_ZERO : REF_FINITE;
}

/* splitmix64: fixed-seed PRNG so every run checks the same cases. */
static inline uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static inline uint64_t rng_below(uint64_t *s, uint64_t n) { return n ? rng_next(s) % n : 0; }

static const char *const REF_MODE_NAMES[MMA_RND_COUNT] = {
    [MMA_RND_RNE] = "rne", [MMA_RND_RZ] = "rz", [MMA_RND_RU] = "ru", [MMA_RND_RD] = "rd", [MMA_RND_RNA] = "rna"};

/* Failure reporting: print the first few, count all. */
static long g_failures;
static long g_checks;
#define ORACLE_MAX_PRINT 40
#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        ++g_checks;                                                            \
        if (!(cond)) {                                                         \
            if (g_failures < ORACLE_MAX_PRINT) {                               \
                fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);           \
                fprintf(stderr, __VA_ARGS__);                                  \
                fputc('\n', stderr);                                           \
            }                                                                  \
            ++g_failures;                                                      \
        }                                                                      \
    } while (0)

static inline int oracle_finish(const char *name)
{
    printf("%s: %ld checks, %ld failures\n", name, g_checks, g_failures);
    return g_failures == 0 ? 0 : 1;
}

#endif /* MMA_ORACLE_COMMON_H */
