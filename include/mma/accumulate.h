/* mmacore: the product and accumulation stages (one output element at a time). */
#ifndef MMA_ACCUMULATE_H
#define MMA_ACCUMULATE_H

#include <stddef.h>
#include <stdint.h>

#include "mma/format.h"
#include "mma/profile.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * An exact, unnormalised product a*b (NUMERICS section 3 step 3):
 * value = (-1)^sign * m * 2^lsb, term exponent e = ea + eb (+ scale exponents), so that
 * m * 2^lsb lies in [0, 4) * 2^e. cls follows the special-value rules of the inputs.
 */
typedef struct mma_product {
    uint8_t cls;        /* mma_class: ZERO, FINITE, INF or NAN (0 x Inf gives NAN) */
    uint8_t sign;
    uint8_t signaling;  /* 1 if a signalling NaN took part (Arm rules) */
    uint8_t pad;
    int32_t e;          /* term exponent used for alignment */
    int32_t lsb;        /* weight of m's least significant bit */
    uint64_t m;         /* exact integer significand product */
} mma_product;

/* Forms the exact product of two decoded float values of the given formats. */
mma_status mma_product_make(mma_format fa, const mma_value *a, mma_format fb, const mma_value *b,
                            mma_product *out);

/* Largest |exponent| a value or product may carry through the datapath (far beyond any format). */
#define MMA_EXP_LIMIT (1 << 24)

/* Adds a scale exponent (block scaling) to a product's term exponent and weight; MMA_ERR_OVERFLOW_RANGE past MMA_EXP_LIMIT. */
mma_status mma_product_scale(mma_product *p, int32_t scale_exp);

/* Checks that a product satisfies its documented invariants (class, sign, m * 2^lsb < 4 * 2^e, exponent range). */
mma_status mma_product_check(const mma_product *p);

/*
 * Accumulates n products (already in the instruction's k order) and C with a profile:
 * d = C + sum products, computed by the profile's algorithm, step structure and roundings.
 * ctype/dtype are F32 or F16 (F64 for SEQ_FMA/EXACT on f64); c and *d are codes of those formats.
 */
mma_status mma_accumulate(const mma_profile *prof, const mma_product *products, size_t n, mma_format ctype,
                          uint64_t c, mma_format dtype, uint64_t *d);

/*
 * One output element from codes: d = C + sum_{i<k} a[i*a_stride] * b[i*b_stride], with the
 * profile's k order applied to the k products (k = the instruction's k, tail zero-padded by caller).
 */
mma_status mma_dot(const mma_profile *prof, mma_format atype, const uint64_t *a, size_t a_stride,
                   mma_format btype, const uint64_t *b, size_t b_stride, size_t k, mma_format ctype,
                   uint64_t c, mma_format dtype, uint64_t *d);

#ifdef __cplusplus
}
#endif
#endif /* MMA_ACCUMULATE_H */
