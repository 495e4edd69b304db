/* mmacore (private): what the instruction parser, validator, formatter and catalogue share. */
#ifndef MMA_INSTR_INTERNAL_H
#define MMA_INSTR_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mma/format.h"
#include "mma/instr.h"
#include "mma/status.h"

#include "../common/common_int.h"

/*
 * Which part of an instruction a validation error is about. The parser maps it back to the
 * token that spelled that part, so a diagnostic can point into the text.
 */
typedef enum mmai_ifield {
    MMA_IF_OPCODE = 0,  /* mma / wmma / wgmma (also: the instruction as a whole) */
    MMA_IF_SPARSITY,    /* .sp / .sp::ordered_metadata */
    MMA_IF_SHAPE,       /* .mMnNkK */
    MMA_IF_ALAYOUT,
    MMA_IF_BLAYOUT,
    MMA_IF_KIND,        /* .kind::... */
    MMA_IF_BLOCK_SCALE, /* .block_scale */
    MMA_IF_SCALE_VEC,   /* .scale_vec::NX */
    MMA_IF_SATFINITE,
    MMA_IF_DTYPE,
    MMA_IF_ATYPE,
    MMA_IF_BTYPE,
    MMA_IF_CTYPE,
    MMA_IF_STYPE,
    MMA_IF_BITOP,       /* .xor / .and (with .popc) */
    MMA_IF_RND,         /* .rn / .rz / .rm / .rp */
    MMA_IF_COUNT
} mmai_ifield;

/* Input-type groups: the rules of the PTX syntax tables are written per group. */
typedef enum mmai_igroup {
    MMA_G_NONE = 0, /* not an A/B type (f32, s32, ue8m0, ue4m3) */
    MMA_G_F16,
    MMA_G_BF16,
    MMA_G_TF32,
    MMA_G_F64,
    MMA_G_F8,       /* e4m3, e5m2 */
    MMA_G_F6F4,     /* e3m2, e2m3, e2m1 */
    MMA_G_I8,       /* s8, u8 */
    MMA_G_I4,       /* s4, u4 */
    MMA_G_B1
} mmai_igroup;

/* Returns the input-type group of a format (MMA_G_NONE if it cannot be an A/B type). */
mmai_igroup mmai_instr_group(unsigned fmt);

/*
 * The validation rules. On error returns the status and sets *reason (static) and *field (the
 * part of the instruction at fault); *reason and *field are untouched on success.
 */
mma_status mmai_instr_check(const mma_instr *ins, const char **reason, mmai_ifield *field);

/* Fills a descriptor with the defaults of a given family (all qualifiers absent, .rn, row/col). */
void mmai_instr_defaults(mma_instr *ins, mma_family family);

/* Copies a descriptor field by field (a struct assignment may become a memcpy call on small targets). */
void mmai_instr_copy(mma_instr *dst, const mma_instr *src);

/* Valid wgmma N for the integer and b1 types: 8, 16, 24, 32, then 48..256 step 16. */
static inline bool mmai_wgmma_int_n_ok(unsigned n)
{
    if (n == 8u || n == 16u || n == 24u || n == 32u) {
        return true;
    }
    return n >= 48u && n <= 256u && (n % 16u) == 0u;
}

/* True if the token starts with the NUL-terminated prefix. */
static inline bool mmai_tok_prefix(const char *tok, size_t len, const char *lit)
{
    size_t i = 0;
    for (; lit[i] != '\0'; i++) {
        if (i >= len || lit[i] != tok[i]) {
            return false;
        }
    }
    return true;
}

#endif /* MMA_INSTR_INTERNAL_H */
