/*
 * mmacore: the datapath stages one by one - the contract each RTL stage module is proven against.
 *
 * Every stage of NUMERICS (../shared/spec/NUMERICS.md) is one function here, with plain structs
 * between stages whose fields are what an RTL port carries. The Verilog module of a stage has the
 * same name as its C function (hw/rtl/stage/<name>.v) and its Verilator harness calls that
 * function (docs/DATAPATH.md has the table). The whole-instruction functions (mma_dot, mma_run,
 * mma_gemm) are built from these stages; there is no second copy of any of them.
 *
 *   code --mma_decode--> mma_value                                   (format.h, NUMERICS 1, 3.2)
 *   metadata --mma_sparse_select--> k positions, validity             (NUMERICS 5)
 *   scale codes --mma_block_scale--> mma_scale_factor                 (NUMERICS 6)
 *   2 values (+ scale factor) --mma_multiply--> mma_product           (NUMERICS 3.3)
 *   g products + scale factor --mma_group_sum--> one term             (.kind::mxf4*, group_align)
 *   G products + C --mma_bfma_align--> mma_bfma_frame (specials, E)   (NUMERICS 3.1, 3.4, 3.5)
 *   frame + terms --mma_bfma_sum--> S (exact integer sum)             (NUMERICS 3.6, 3.7)
 *   frame + S --mma_bfma_round--> step result code                    (NUMERICS 3.8)
 *   (mode, sign, lsb, round, sticky) --mma_round_decide--> increment  (NUMERICS 2)
 *   mma_value --mma_encode--> code (f32, f16, bf16, FP8..., s32)      (format.h, NUMERICS 2, 4)
 */
#ifndef MMA_STAGE_H
#define MMA_STAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mma/accumulate.h"
#include "mma/format.h"
#include "mma/profile.h"
#include "mma/sparse.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ sparse select (NUMERICS 5) */

/* What one metadata value selects: the dense positions of the stored values of one chunk. */
typedef struct mma_sparse_sel {
    uint8_t valid;   /* 1 if the value is valid for the layout's pattern and variant */
    uint8_t kept;    /* stored elements per chunk (2, 1, or 4 for 4:8 pairs) */
    uint8_t pos[4];  /* pos[s]: dense position (0 .. chunk-1) of stored element s; 0 where !valid */
} mma_sparse_sel;

/*
 * Sparse select stage: one 4-bit metadata value of a chunk -> the dense position of each stored
 * element (for 4:8 pairs, both elements of each selected pair). An invalid value returns
 * MMA_ERR_METADATA with out->valid = 0 (the RTL flags it and computes nothing).
 */
mma_status mma_sparse_select(const mma_sparse_layout *layout, uint8_t meta, mma_sparse_sel *out);

/* ------------------------------------------------------------------ block scale (NUMERICS 6) */

/*
 * What a pair of block scales (one of A's row, one of B's column) applies to every product of its
 * block: value x sig x 2^exp, where sig = sig_a * sig_b (1 for ue8m0, <= 15 * 15 for ue4m3) and
 * exp = the sum of the two scales' exponents of their least significant significand bits. nan: a
 * scale is NaN (every product of the block becomes NaN); zero: a scale is zero (ue4m3 0x00; the
 * products become zero, sig = 1, exp = e_shift = 0). e_shift = floor(log2 scale_a) + floor(log2
 * scale_b): what the term exponent of a scaled product moves by (NUMERICS 3.3).
 */
typedef struct mma_scale_factor {
    uint8_t nan;
    uint8_t zero;
    uint16_t sig;      /* sig_a * sig_b */
    int32_t exp;       /* weight of sig's least significant bit: lsb_a + lsb_b */
    int32_t e_shift;   /* floor(log2 scale_a) + floor(log2 scale_b): added to the term exponent */
} mma_scale_factor;

/* Block scale stage: decodes the two scale codes of type stype (ue8m0 or ue4m3) into the factor they apply. */
mma_status mma_block_scale(mma_format stype, uint64_t scale_a, uint64_t scale_b, mma_scale_factor *out);

/* ------------------------------------------------------------------ product (NUMERICS 3.3) */

/*
 * Product stage: the exact, unnormalised product of two decoded elements, times a block scale
 * factor (NULL: unscaled). Specials: NaN x any or a NaN scale -> NaN; Inf x 0 (or Inf x zero scale)
 * -> NaN; Inf -> Inf; a zero operand or zero scale -> ZERO, whose term exponent e is still formed
 * (a zero operand counts as exponent -126, as MMA-Sim does) for profiles that let zero products
 * take part (mma_profile.zero_product_term). mma_product_make is this stage without a scale.
 */
mma_status mma_multiply(mma_format fa, const mma_value *a, mma_format fb, const mma_value *b,
                        const mma_scale_factor *scale, mma_product *out);

/* ------------------------------------------------------------------ group sum (.kind::mxf4*) */

/*
 * Group stage of the .kind::mxf4 / .kind::mxf4nvf4 datapath (NUMERICS 3 presets table): g unscaled
 * products (finite or zero: only e2m1 reaches it) summed exactly, times the block's scale factor,
 * give one term for the block-FMA step. A NaN scale gives a NaN term, a zero scale (ue4m3 0x00) a
 * ZERO term that takes no part. Where the term is aligned is prof->group_align (profile.h):
 *   0: e = floor(log2 |group value|) (significand normalised); an all-zero group is a ZERO term
 *      that takes no part;
 *   1: e = scale->e_shift = floor(log2 scale_a) + floor(log2 scale_b), the significand m * 2^lsb as
 *      summed (unnormalised: it may exceed 4 * 2^e), and an all-zero group is a FINITE term with
 *      m = 0 that still takes part in E (the one place a FINITE term may have m = 0).
 * MMA_ERR_FORMAT for an Inf/NaN product.
 */
mma_status mma_group_sum(const mma_profile *prof, const mma_product *products, size_t g,
                         const mma_scale_factor *scale, mma_product *term);

/* ------------------------------------------------------------------ block-FMA step (NUMERICS 3) */

/* Outcome of step 1 (specials). */
typedef enum mma_bfma_special {
    MMA_BFMA_FINITE = 0, /* no special input: the step computes */
    MMA_BFMA_NAN,        /* NaN, 0 x Inf, or +Inf and -Inf together: canonical NaN */
    MMA_BFMA_PINF,       /* +Inf */
    MMA_BFMA_NINF        /* -Inf */
} mma_bfma_special;

/* What the align stage hands to sum and round: the specials outcome and the alignment exponent. */
typedef struct mma_bfma_frame {
    uint8_t special;   /* mma_bfma_special */
    uint8_t any;       /* 1 if at least one term takes part (else the step gives +0) */
    uint8_t c_term;    /* 1 if C takes part as a finite term */
    uint8_t pad;
    int32_t E;         /* alignment exponent: max term exponent, then max(E, min_E) */
} mma_bfma_frame;

/*
 * Block-FMA align stage (NUMERICS 3 steps 1, 4, 5): specials of the n terms and of C, then
 * E = the largest term exponent (ZERO terms take no part unless prof->zero_product_term, then with
 * their e as mma_multiply formed it; C's exponent is max(floor(log2|c|), -126), or the f16 rule),
 * clamped at the output's min_E. c is the decoded accumulator (dtype, after C -> dtype rounding)
 * or NULL when this step has no C.
 */
mma_status mma_bfma_align(const mma_profile *prof, mma_format dtype, const mma_product *terms, size_t n,
                          const mma_value *c, mma_bfma_frame *out);

/*
 * Block-FMA sum stage (NUMERICS 3 steps 6-7): every finite term (and C when frame->c_term) shifted
 * to F = prof->frac_bits fraction bits below 2^E, truncated toward zero, signed, summed exactly.
 * *S is the sum at weight 2^(E - F); 0 when the frame is special or has no term.
 */
mma_status mma_bfma_sum(const mma_profile *prof, const mma_bfma_frame *frame, const mma_product *terms, size_t n,
                        const mma_value *c, int64_t *S);

/*
 * Block-FMA round stage (NUMERICS 3 step 8): the special outcome, or S * 2^(E - F) normalised once
 * and rounded to the step format of dtype (f32: prof->f32_sig_bits significant bits in
 * prof->f32_round; f16: 11 bits in prof->f16_round), overflow to +-Inf, S = 0 -> +0.
 */
mma_status mma_bfma_round(const mma_profile *prof, mma_format dtype, const mma_bfma_frame *frame, int64_t S,
                          uint64_t *code);

/* One whole block-FMA step: align, sum and round of n terms and the accumulator code c (have_c). */
mma_status mma_bfma_step(const mma_profile *prof, mma_format dtype, const mma_product *terms, size_t n, bool have_c,
                         uint64_t c, uint64_t *code);

/* ------------------------------------------------------------------ rounding decision (NUMERICS 2) */

/*
 * Rounding decision stage: whether a magnitude truncated to its kept bits must be incremented by
 * one unit, given the rounding mode, the sign, the kept LSB, the first dropped bit (round) and the
 * OR of all lower dropped bits (sticky). Returns 0 or 1 (and 0 for an invalid mode).
 */
unsigned mma_round_decide(mma_round mode, unsigned sign, unsigned lsb, unsigned round, unsigned sticky);

/* ------------------------------------------------------------------ accumulator add (NUMERICS 3.9) */

/*
 * Separate-C add stage: one IEEE addition a + b of two codes of fmt (f32 or f16) rounded once in
 * mode (NUMERICS 3 step 9, "separate": d = round(steps + C)); NaN -> canonical NaN, Inf - Inf -> NaN,
 * an exact zero sum is +0 unless both are -0 (or mode is RD).
 */
mma_status mma_ieee_add(mma_format fmt, uint64_t a, uint64_t b, mma_round mode, uint64_t *code);

#ifdef __cplusplus
}
#endif
#endif /* MMA_STAGE_H */
