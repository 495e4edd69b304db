/* mmacore: the PTX cvt family to and from the narrow formats (packings, .relu, .satfinite, .rs). */
#ifndef MMA_CONVERT_H
#define MMA_CONVERT_H

#include <stddef.h>
#include <stdint.h>

#include "mma/format.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Instruction types of cvt (PTX ISA 9.7.9.21) as they appear in ".dtype.atype".
 * Scalars: f32, f16, bf16, tf32. Packed: the first operand (a) always goes to the HIGH part of
 * d; e2m3/e3m2 elements sit in 8-bit lanes with the 2 MSBs zero; e2m1x2 is one byte (a in
 * bits 7:4), e2m1x4 is 16 bits (a in bits 15:12).
 */
typedef enum mma_cvt_type {
    MMA_CVT_F32 = 0,
    MMA_CVT_F16,
    MMA_CVT_BF16,
    MMA_CVT_TF32,     /* f32 pattern with the low 13 bits zero */
    MMA_CVT_F16X2,
    MMA_CVT_BF16X2,
    MMA_CVT_E4M3X2,
    MMA_CVT_E5M2X2,
    MMA_CVT_E2M1X2,
    MMA_CVT_E2M3X2,
    MMA_CVT_E3M2X2,
    MMA_CVT_UE8M0X2,
    MMA_CVT_E4M3X4,
    MMA_CVT_E5M2X4,
    MMA_CVT_E2M1X4,
    MMA_CVT_E2M3X4,
    MMA_CVT_E3M2X4,
    MMA_CVT_TYPE_COUNT
} mma_cvt_type;

/*
 * The rounding modifier of cvt is an mma_round (format.h): .rn = MMA_RND_RNE, .rz = MMA_RND_RZ,
 * .rm = MMA_RND_RD, .rp = MMA_RND_RU, .rna = MMA_RND_RNA (tf32 only), .rs = MMA_RND_RS (stochastic:
 * rbits added to the discarded bits, a carry rounds away from zero); MMA_RND_NONE (no modifier) is
 * always rejected. The modifiers are the encode flags: MMA_ENC_RELU (.relu: negative results
 * become +0, NaN the canonical NaN) and MMA_ENC_SATFINITE (.satfinite: |x| > MAX_NORM and +-Inf
 * give +-MAX_NORM, NaN per the destination).
 */

/*
 * One cvt instruction: "cvt.<rnd>{.relu}{.satfinite}.<dtype>.<atype>".
 *
 * Forms accepted (anything else: MMA_ERR_FORMAT_PAIR for the type pair, MMA_ERR_ROUNDING for the
 * rounding or a modifier):
 *   f16.f32, bf16.f32            rn|rz {.relu}{.satfinite}; rm|rp without modifiers
 *   f16x2.f32, bf16x2.f32        rn|rz|rs {.relu}{.satfinite}          (a, b [, rbits])
 *   tf32.f32                     rna {.satfinite}; rn|rz {.relu}{.satfinite}
 *   e4m3x2|e5m2x2 .f32|.f16x2    rn .satfinite {.relu}                 (.satfinite mandatory)
 *   e2m1x2|e2m3x2|e3m2x2 .f32    rn .satfinite {.relu}
 *   ue8m0x2 .f32|.bf16x2         rz|rp {.satfinite}                    (no .relu: not in the syntax)
 *   f16x2 .e4m3x2|.e5m2x2|.e2m1x2|.e2m3x2|.e3m2x2   rn {.relu}
 *   bf16x2.ue8m0x2               rn
 *   e4m3x4|e5m2x4|e2m1x4|e2m3x4|e3m2x4 .f32         rs .satfinite {.relu}  (a, b, e, f, rbits)
 */
typedef struct mma_cvt_desc {
    uint8_t dtype;  /* mma_cvt_type of d */
    uint8_t atype;  /* mma_cvt_type of the source operand(s) */
    uint8_t rnd;    /* mma_round (MMA_RND_RNE .. MMA_RND_RNA, MMA_RND_RS) */
    uint8_t mods;   /* MMA_ENC_RELU | MMA_ENC_SATFINITE */
} mma_cvt_desc;

/* Checks that a cvt descriptor is one of the forms above (MMA_ERR_FORMAT, _FORMAT_PAIR or _ROUNDING if not). */
mma_status mma_cvt_validate(const mma_cvt_desc *desc);

/* Returns how many source registers a valid descriptor takes (1, 2 or 4), or 0 if it is invalid. */
unsigned mma_cvt_operand_count(const mma_cvt_desc *desc);

/*
 * Executes one cvt: src[0..n-1] are the operands in PTX order (a, b, e, f; f32 operands as bit
 * patterns, packed operands in their low bits, higher bits ignored as for a wider PTX register),
 * rbits is used only by .rs, *d receives the destination bits zero-extended to 32 bits.
 * MMA_ERR_BUFFER if nsrc differs from mma_cvt_operand_count; MMA_ERR_CODE if a packed e2m3/e3m2
 * source lane has its 2 padding MSBs set.
 *
 * NaN: canonical NaN of the destination (f16/bf16 0x7FFF, tf32 0x7FFFE000, e4m3/e5m2 0x7F,
 * ue8m0 0xFF); e2m1/e2m3/e3m2 give +MAX_NORM (.satfinite is mandatory there).
 * ue8m0: the sign is ignored (|x| is rounded), 0 and values below 2^-127 give 0x00 (2^-127, the
 * format has no zero); overflow gives 0xFF (NaN) or 0xFE with .satfinite; +-Inf likewise.
 * .rs: k random bits per element are added to the k bits just below the kept LSB of |x| (the
 * target's ulp at x, subnormal ulp included); a carry out rounds away from zero, else toward zero.
 * f16x2 uses rbits[28:16] for a and rbits[12:0] for b (k = 13), bf16x2 rbits[31:16] and
 * rbits[15:0] (k = 16). The x4 figures are not in the reference text; this model follows the text
 * and one published hardware measurement: e4m3x4/e5m2x4/e2m3x4/e3m2x4 give a bitrev16(rbits[31:16]),
 * b rbits[31:16], e bitrev16(rbits[15:0]), f rbits[15:0] (k = 16); e2m1x4 gives a rbits[31:24],
 * b rbits[15:8], e rbits[23:16], f rbits[7:0] (k = 8).
 */
mma_status mma_cvt(const mma_cvt_desc *desc, const uint32_t *src, size_t nsrc, uint32_t rbits, uint32_t *d);

/* Returns the tf32 operand mma reads from an f32 pattern: the low 13 bits cleared (decode equals mma_decode(MMA_FMT_TF32)). */
uint32_t mma_cvt_tf32_trunc(uint32_t f32_bits);

/* Looks a cvt type up by its PTX name without the dot ("e2m1x2", "f16x2", ...); MMA_ERR_FORMAT if unknown. */
mma_status mma_cvt_type_from_name(const char *name, size_t len, mma_cvt_type *out);

/* Returns the PTX name of a cvt type without the dot, or NULL if the value is not a valid mma_cvt_type. */
const char *mma_cvt_type_name(mma_cvt_type type);

#ifdef __cplusplus
}
#endif
#endif /* MMA_CONVERT_H */
