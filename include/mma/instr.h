/* mmacore: MMA instruction descriptors, the PTX-syntax parser, and the catalogue of valid ones. */
#ifndef MMA_INSTR_H
#define MMA_INSTR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mma/format.h"
#include "mma/profile.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mma_bitop {
    MMA_BITOP_NONE = 0,
    MMA_BITOP_XOR,  /* .xor.popc */
    MMA_BITOP_AND   /* .and.popc */
} mma_bitop;

/* The .kind qualifier. */
typedef enum mma_kind {
    MMA_KINDQ_NONE = 0,
    MMA_KINDQ_F8F6F4,
    MMA_KINDQ_MXF8F6F4,
    MMA_KINDQ_MXF4,
    MMA_KINDQ_MXF4NVF4
} mma_kind;

typedef enum mma_sparsity {
    MMA_SPARSE_NONE = 0,
    MMA_SPARSE_SP,               /* mma.sp */
    MMA_SPARSE_SP_ORDERED        /* mma.sp::ordered_metadata */
} mma_sparsity;

typedef enum mma_layout {
    MMA_LAYOUT_ROW = 0,
    MMA_LAYOUT_COL
} mma_layout;

/* A fully decoded instruction. Produced by mma_instr_parse or built by hand and checked by mma_instr_validate. */
typedef struct mma_instr {
    uint8_t family;      /* mma_family */
    uint8_t m;           /* 8, 16 or 64 */
    uint16_t n;          /* 8 (mma) or 8..256 (wgmma) */
    uint16_t k;          /* dense K of the instruction */
    uint8_t atype, btype, ctype, dtype; /* mma_format */
    uint8_t alayout, blayout;           /* mma_layout (wgmma/mma: row/col) */
    uint8_t satfinite;   /* integer .satfinite */
    uint8_t bitop;       /* mma_bitop for b1 */
    uint8_t f64_round;   /* mma_round for .f64 (.rn default, .rz, .rm, .rp) */
    uint8_t kind;        /* mma_kind */
    uint8_t sparsity;    /* mma_sparsity */
    uint8_t block_scale; /* 1 if .block_scale */
    uint8_t scale_vec;   /* 0 = not given, else 1, 2 or 4 (scale_vec::1X/2X/4X) */
    uint8_t stype;       /* mma_format of the scale (UE8M0 or UE4M3) if block_scale */
} mma_instr;

/* Where and why a parse failed: offset and length of the offending token plus a static reason. */
typedef struct mma_diag {
    size_t pos;          /* byte offset of the offending token in the text */
    size_t len;          /* its length */
    const char *reason;  /* static, human-readable reason (never NULL after a failed call) */
} mma_diag;

/* Parses one instruction in PTX syntax (e.g. "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32") and validates it. */
mma_status mma_instr_parse(const char *text, size_t len, mma_instr *out, mma_diag *diag);

/* Checks that an instruction descriptor is one that exists in the PTX ISA (seeds and reference); diag may be NULL. */
mma_status mma_instr_validate(const mma_instr *ins, mma_diag *diag);

/* Writes the canonical PTX spelling of an instruction into buf (NUL-terminated); MMA_ERR_BUFFER if it does not fit. */
mma_status mma_instr_format(const mma_instr *ins, char *buf, size_t size);

/* Resolves the accumulation profile of a preset for this instruction (family, input and output types). */
mma_status mma_instr_profile(mma_preset preset, const mma_instr *ins, mma_profile *out);

/*
 * Resolves what one published GPU data set computes (format in, output out): writes the instruction
 * that produced it into buf (mma_gpu_data_instr; buf stays "" if the GPU has none), parses it into
 * *ins and resolves its profile under preset into *prof, with C unused when the data ran as D = A*B.
 */
mma_status mma_gpu_data_model(const mma_gpu *gpu, mma_preset preset, mma_format in, mma_format out, char *buf,
                              size_t size, mma_instr *ins, mma_profile *prof);

/* Returns true if the instruction's A and B are integers or bits (s8/u8/s4/u4/b1: exact sums that ignore any profile). */
bool mma_instr_is_integer(const mma_instr *ins);

/* Enumerates the valid dense instructions: writes the index-th one to *out; MMA_ERR_BUFFER when index is past the end. */
mma_status mma_instr_catalog(size_t index, mma_instr *out);

#ifdef __cplusplus
}
#endif
#endif /* MMA_INSTR_H */
