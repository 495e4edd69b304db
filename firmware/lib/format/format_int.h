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

#endif /* MMA_FORMAT_INT_H */
