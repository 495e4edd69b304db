/* Internal interface of the format stages: table rows, decode/encode against a row (not installed). */
#ifndef MMA_FORMAT_INT_H
#define MMA_FORMAT_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "mma/format.h"

#include "../common/common_int.h"

/* Table row of the 13-bit-fraction f32 step accumulator ("e8m13"). */
extern const mma_format_info mmai_e8m13_info;

/* Decodes a code against an explicit table row (used for e8m13 and the public formats). */
mma_status mmai_decode_info(const mma_format_info *info, uint64_t code, mma_value *out);

/* Encodes against an explicit table row; *inexact (may be NULL) tells whether rounding lost bits. */
mma_status mmai_encode_info(const mma_format_info *info, const mma_value *v, mma_round mode, unsigned flags,
                           uint64_t *code, bool *inexact);

/* Code of +-Inf (or +-max finite if the format has no Inf) of a float format. */
uint64_t mmai_code_inf(const mma_format_info *info, unsigned sign);

/* Code of a signed zero of a float format. */
uint64_t mmai_code_zero(const mma_format_info *info, unsigned sign);

/* One entry of a decode table: the mma_value of a code of a float format of at most 8 bits. */
typedef struct mmai_dec8 {
    int16_t lsb;  /* weight exponent of sig's LSB (mma_value.exp) */
    uint8_t sig;  /* integer significand (0 unless FINITE) */
    uint8_t cls;  /* mma_class */
    uint8_t sign;
} mmai_dec8;

/*
 * The decode table (2^storage_bits entries, indexed by code) of e5m2, e4m3, e3m2, e2m3 or e2m1, or
 * NULL for another format or when the library is built with MMA_FAST_TABLES = 0 (decode8.c).
 */
const mmai_dec8 *mmai_decode8_table(mma_format fmt);

#endif /* MMA_FORMAT_INT_H */
