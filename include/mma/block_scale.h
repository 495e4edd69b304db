/* mmacore: block scaling (.kind::mxf8f6f4, .kind::mxf4, .kind::mxf4nvf4): geometry, selectors, NaN scales,
   profiles, MX quantisation. */
#ifndef MMA_BLOCK_SCALE_H
#define MMA_BLOCK_SCALE_H

#include <stddef.h>
#include <stdint.h>

#include "mma/format.h"
#include "mma/instr.h"
#include "mma/mma.h"
#include "mma/profile.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * D = (A x scale_A)(B x scale_B) + C (PTX ISA 9.7.14.3; NUMERICS section 6). scale_A is M x vec and
 * scale_B is vec x N with vec = 1, 2 or 4 (.scale_vec::1X/2X/4X, Table 35), for the dense and the
 * sparse forms alike; each scale covers block_k = K / vec consecutive k of the dense K:
 *   mxf8f6f4 m16n8k32 1X: 32;  mxf4/mxf4nvf4 m16n8k64 2X: 32, 4X: 16;
 *   sparse mxf8f6f4 m16n8k64 1X: 64;  sparse mxf4* m16n8k128 2X: 64, 4X: 32
 * i.e. always 32 (2X/1X) or 16 (4X) stored elements of A (tcgen05 9.7.16.10.7.2.1: "one scale factor
 * per row ... block size as 32", for K=32 and the sparse K=64).
 *
 * Accumulation (mma_run with a profile from mma_instr_profile / mma_block_scale_preset_profile):
 *  - MMA_ACC_BLOCK_FMA, .kind::mxf8f6f4: the NUMERICS block-FMA model on the products, whose term
 *    exponents and weights include both scale exponents (G products per step, F bits, ...).
 *  - MMA_ACC_BLOCK_FMA, .kind::mxf4 / .kind::mxf4nvf4: profile.group = g products (natural k order)
 *    are summed exactly into one group; the group sum is multiplied exactly by its two scales
 *    (ue8m0: 2^(code-127); ue4m3: 4-bit significand x power of two); the group's term exponent is
 *    profile.group_align's (profile.h): 1 (rtx_blackwell, MMA-Sim's sm_120 model) the sum of the two
 *    scale exponents, the significand kept unnormalised so F counts from that point, an all-zero
 *    group taking part (at unit scales C is truncated below 2^-F); 0 floor(log2 |group value|), an
 *    all-zero group dropped. A scale's exponent is floor(log2 scale): ue8m0 code - 127, ue4m3 its
 *    normalised exponent (subnormal 0x01 = 2^-9 counts as -9; MMA-Sim pins subnormal scales at -6
 *    instead - no data decides); a zero ue4m3 scale has none and its group takes no part. Then all
 *    K/g groups and C go through ONE block-FMA step with F = profile.frac_bits (the NUMERICS step
 *    1-8 rules: specials, min_E, truncation, RZ/overflow of the result; profile.zero_product_term
 *    has no effect here). g must divide block_k, K/g must be <= 64 and k_order must be natural
 *    (else MMA_ERR_PROFILE_PARAM).
 *  - MMA_ACC_EXACT: exact sum of all scaled products and C, one rounding in profile.round_mode.
 *  - MMA_ACC_SEQ_FMA: k-serial fused multiply-add of the scaled products, one rounding per k.
 *  - MMA_ACC_ARM_FP8: MMA_ERR_PROFILE (Arm FP8 has no block scaling).
 * A NaN scale (ue8m0 0xFF, ue4m3 0x7F/0xFF) makes every product (group) it scales NaN, whatever the
 * element, so the outputs of that row (scale_A) or column (scale_B) are the canonical NaN 0x7FFFFFFF.
 * A zero ue4m3 scale makes its products zero (an Inf element x 0 scale is NaN).
 */

/* Which scale matrix. */
typedef enum mma_scale_operand {
    MMA_SCALE_A = 0,
    MMA_SCALE_B
} mma_scale_operand;

/* Scale geometry of a block-scaled instruction. */
typedef struct mma_scale_shape {
    uint8_t vec;      /* scales per row of A / column of B: 1, 2 or 4 (PTX defaults applied) */
    uint8_t stype;    /* mma_format of the scales: MMA_FMT_UE8M0 or MMA_FMT_UE4M3 */
    uint16_t block_k; /* dense k covered by one scale: K / vec */
} mma_scale_shape;

/* Fills the scale geometry of a valid block-scaled instruction (MMA_ERR_INSTRUCTION if it has no .block_scale). */
mma_status mma_block_scale_shape(const mma_instr *ins, mma_scale_shape *out);

/* What a valid {byte-id, thread-id} selector picks (PTX 9.7.14.3, Figures 43-45). */
typedef struct mma_scale_select {
    uint8_t quad_mask;  /* bit t set: the thread %laneid % 4 == t of every quad supplies scale factors */
    uint8_t first_byte; /* first byte of scale-a-data / scale-b-data used */
    uint8_t nbytes;     /* consecutive bytes used from first_byte: vec (1, 2 or 4) */
} mma_scale_select;

/*
 * Validates a scale selector for a block-scaled instruction (PTX 9.7.14.3 Table 37, NUMERICS 6):
 * thread-id-a in {0 (lanes %4 = 0,1), 1 (lanes %4 = 2,3)}; thread-id-b in 0..3 (lane %4 = thread-id-b);
 * byte-id 0..3 for 1X, 0 or 2 for 2X, 0 for 4X. On success fills *out (may be NULL); on error returns
 * MMA_ERR_SCALE_SELECTOR and *reason (may be NULL) lists the allowed values.
 */
mma_status mma_scale_selector_decode(const mma_instr *ins, mma_scale_operand which, uint32_t byte_id,
                                     uint32_t thread_id, mma_scale_select *out, const char **reason);

/* Where a scale is NaN (or its code invalid): the position in scale_A (M x vec) or scale_B (vec x N). */
typedef struct mma_scale_diag {
    uint8_t operand;     /* mma_scale_operand */
    uint32_t row;        /* scale_A: row of A (= row of D affected); scale_B: block index */
    uint32_t col;        /* scale_A: block index; scale_B: column of B (= column of D affected) */
    uint64_t value;      /* the scale code */
    const char *reason;  /* static, human-readable */
} mma_scale_diag;

/*
 * Strict NaN check: scans scale_A then scale_B (row-major) of ops; returns MMA_ERR_SCALE_NAN at the
 * first NaN scale (MMA_ERR_CODE for a code wider than 8 bits) with diag (may be NULL) filled, else
 * MMA_OK. Call it before mma_run to be told instead of getting NaN outputs.
 */
mma_status mma_block_scale_find_nan(const mma_instr *ins, const mma_operands *ops, mma_scale_diag *diag);

/*
 * Resolves a preset to the profile of its block-scaled mma.sync datapath for a .kind (mxf8f6f4,
 * mxf4, mxf4nvf4): rtx_blackwell (sm_120a, the only PTX target of mma .block_scale): mxf8f6f4
 * G = 32, F = 25; mxf4/mxf4nvf4 exact groups of 16 aligned at their scale exponents
 * (group_align = 1), F = 35; natural order, joint C, f32 RZ 24 bits, min_E -133. exact and seq_fma: their single-rounding algorithms (RNE). Every other preset:
 * MMA_ERR_PROFILE (B200's block scaling is tcgen05.mma, not mma.sync; older GPUs have none).
 */
mma_status mma_block_scale_preset_profile(mma_preset preset, mma_kind kind, mma_profile *out);

/*
 * OCP MX v1.0 quantisation of one block: n values (codes of the float format src, usually f32) ->
 * one ue8m0 scale X and n element codes of elem (e4m3, e5m2, e3m2, e2m3 or e2m1).
 * X = 2^(floor(log2(amax)) - emax_elem), emax_elem = 8, 15, 4, 2, 2; the exponent is clamped to the
 * ue8m0 range [-127, 127] (an all-zero block gets 2^-127, code 0x00); elements = x / X rounded RNE
 * with saturation to +-max finite (mma_encode, MMA_ENC_SATFINITE); zeros keep their sign; subnormal
 * inputs are not flushed. NaN or Inf anywhere in the block: X = NaN (0xFF), and the elements are still
 * quantised against the scale of the finite values (Inf -> +-max, NaN -> the element NaN, or +max for
 * formats without NaN). The OCP block size is 32; any n >= 1 is accepted.
 */
mma_status mma_mx_quantize(mma_format src, const uint64_t *x, size_t n, mma_format elem, uint64_t *scale,
                           uint64_t *out);

/*
 * NVFP4 quantisation of one block (NVIDIA's recipe; usually n = 16): values already divided by the
 * fp32 per-tensor scale (which is outside the instruction) -> one ue4m3 scale s and n e2m1 codes.
 * s = amax / 6 rounded RNE to ue4m3 with saturation (amax/6 > 448 -> 448); amax = 0 gives s = 1.0
 * (0x38); a non-zero amax whose amax/6 rounds to zero gives the smallest scale 2^-9 (0x01) instead
 * of a zero scale that would erase the block. Elements = x / s (the decoded s) rounded once RNE with
 * saturation to +-6. NaN or Inf in the block: s = NaN (0x7F), elements as for mma_mx_quantize.
 */
mma_status mma_nvfp4_quantize(mma_format src, const uint64_t *x, size_t n, uint64_t *scale, uint64_t *out);

#ifdef __cplusplus
}
#endif
#endif /* MMA_BLOCK_SCALE_H */
