/* Internal interface of the accumulation stages: exact sums, step runner, k order, Arm FP8 (not installed). */
#ifndef MMA_ACCUMULATE_INT_H
#define MMA_ACCUMULATE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mma/accumulate.h"
#include "mma/format.h"
#include "mma/profile.h"
#include "mma/stage.h"
#include "mma/status.h"

#include "../format/format_int.h"

/*
 * Build switches (all 1 by default): a firmware that only runs block-FMA (GPU) profiles may build
 * the library with -DMMA_CFG_ACC_EXACT=0 -DMMA_CFG_ACC_SEQ_FMA=0 -DMMA_CFG_ARM_FP8=0, and the code of
 * those algorithms (accumulate.c; the exact GEMM path, mma/gemm_exact.c) is not linked; a profile
 * that selects one of them then returns MMA_ERR_PROFILE.
 * The enabled algorithms compute exactly the same bits either way.
 */
#ifndef MMA_CFG_ACC_EXACT
#define MMA_CFG_ACC_EXACT 1
#endif
#ifndef MMA_CFG_ACC_SEQ_FMA
#define MMA_CFG_ACC_SEQ_FMA 1
#endif
#ifndef MMA_CFG_ARM_FP8
#define MMA_CFG_ARM_FP8 1
#endif

/* Arm default NaN of an f16 or f32 result (FPDefaultNaN, FPCR.AH = 0): the one place of these codes. */
#define MMAI_ARM_DEFAULT_NAN_F16 0x7E00u
#define MMAI_ARM_DEFAULT_NAN_F32 0x7FC00000u

/*
 * Exact (Kulisch) accumulator wide enough for any f64 product and 2^64 additions: a
 * two's-complement integer of MMAI_WIDE_WORDS 32-bit words whose bit 0 weighs 2^MMAI_WIDE_BASE.
 */
#define MMAI_WIDE_WORDS 136
#define MMAI_WIDE_BASE (-2176)
typedef struct mmai_wide {
    uint32_t w[MMAI_WIDE_WORDS];
    uint16_t lo;   /* lowest word ever touched since clear */
    uint16_t hi;   /* highest word ever touched since clear (excluding sign fill) */
    uint8_t neg_any; /* a borrow reached the top: words above hi may be non-zero */
} mmai_wide;

/* Sets the accumulator to zero. */
void mmai_wide_clear(mmai_wide *acc);

/* Adds (-1)^sign * (hi_part * 2^64 + lo_part) * 2^lsb exactly; MMA_ERR_OVERFLOW_RANGE if out of range. */
mma_status mmai_wide_add(mmai_wide *acc, unsigned sign, uint64_t hi_part, uint64_t lo_part, int32_t lsb);

/* Reads the accumulator as an exact value with a 64-bit significand and sticky bit (ZERO if it is 0). */
void mmai_wide_value(const mmai_wide *acc, mma_value *out);

/* 64 x 64 -> 128 bit unsigned multiply with 32-bit limbs (no __int128: runs on rv32). */
void mmai_mul64x64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo);


/*
 * Exact sum of products and addends with IEEE-style special handling, rounded once:
 * the engine behind the exact, seq_fma and arm_fp8 profiles and the final "+ C" of separate C.
 */
typedef struct mmai_exact_sum {
    mmai_wide acc;
    uint8_t nan;        /* a NaN took part (or 0 x Inf) */
    uint8_t snan;       /* a signalling NaN took part */
    uint8_t pinf, ninf; /* +Inf / -Inf took part */
    uint8_t zeros;      /* 0: no term yet, 1: only +0 terms, 2: only -0 terms, 3: mixed or non-zero */
} mmai_exact_sum;

/* Starts an empty exact sum. */
void mmai_exact_sum_init(mmai_exact_sum *s);

/* Adds one decoded value (an addend such as C) to the exact sum. */
mma_status mmai_exact_sum_add_value(mmai_exact_sum *s, const mma_value *v);

/* Adds the exact product a * b * 2^scale_exp of two decoded values (any widths, f64 included). */
mma_status mmai_exact_sum_add_mul(mmai_exact_sum *s, const mma_value *a, const mma_value *b, int32_t scale_exp);

/* Adds a formed product (mma_product) to the exact sum. */
mma_status mmai_exact_sum_add_product(mmai_exact_sum *s, const mma_product *p);

/*
 * Adds v * 2^lsb, the exact sum of a run of finite products at least one of which is nonzero (v may
 * be 0 after cancellation: the sum then counts as a nonzero term for the sign of a zero result).
 */
mma_status mmai_exact_sum_add_fixed(mmai_exact_sum *s, int64_t v, int32_t lsb);

/*
 * Rounds the exact sum once to a float format: NaN -> nan_code, Inf+-Inf -> nan_code, Inf -> Inf,
 * exact zero -> IEEE sign rule (same-signed zeros keep the sign; otherwise +0, or -0 under RD),
 * finite -> mma_encode with mode and flags.
 */
mma_status mmai_exact_sum_round(const mmai_exact_sum *s, const mma_format_info *out, mma_round mode, unsigned flags,
                               uint64_t nan_code, uint64_t *code);

/* Supplies the product at position `pos` of the instruction's k order (callback of the accumulators). */
typedef mma_status (*mmai_product_fetch)(const void *ctx, size_t pos, mma_product *out);

/* Runs a whole instruction's accumulation (all steps and the C placement) over n fetched products. */
mma_status mmai_accumulate_fetch(const mma_profile *prof, mmai_product_fetch fetch, const void *ctx, size_t n,
                                mma_format ctype, uint64_t c, mma_format dtype, uint64_t *d);

/* Term exponent of a zero element of an operand vector: below any real one (two of them still fit an int16_t). */
#define MMAI_BFMA_ZERO_E (-16000)

/*
 * A row of A or a column of B over consecutive chunks (instructions) of a GEMM, decoded once, each
 * chunk's kc elements in the profile's k order (the block-FMA kernel's operand). Element t of chunk
 * ch is (-1)^neg * m[t] * 2^g, g = ref[ch] if scaled[ch], else its own LSB weight e[t] - p; e[t] is
 * its term exponent (NUMERICS 3.2: LSB weight + p, subnormals pinned at e_min), or MMAI_BFMA_ZERO_E
 * for a zero. A scaled chunk holds its significands on one grid (m[t] = |M| << (lsb - ref) < 2^32),
 * so all products of a step align with one shift. Elements are finite (no NaN/Inf).
 */
typedef struct mmai_bfma_vec {
    const uint32_t *m;      /* significand magnitudes */
    const uint16_t *m16;    /* the same where they are below 2^15 (scaled[ch] == MMAI_BFMA_SCALED16) */
    const int16_t *s16;     /* ... and with their signs; for an unscaled chunk the raw significands, signed */
    const uint32_t *neg;    /* 0, or all ones for a negative element */
    const int16_t *e;       /* term exponents */
    const int32_t *ref;     /* per chunk: weight exponent of m's unit if scaled */
    const uint8_t *scaled;  /* per chunk: 0, MMAI_BFMA_SCALED (m[t] = |M| << (lsb - ref)) or MMAI_BFMA_SCALED16 */
    uint8_t p;              /* fraction bits of the element format */
} mmai_bfma_vec;

#define MMAI_BFMA_SCALED 1u   /* the chunk's significands are on one grid */
#define MMAI_BFMA_SCALED16 2u /* ... and below 2^15: m16 and s16 hold them */

/* Outputs (columns of B) one kernel call computes side by side. */
#define MMAI_BFMA_LANES 4u

/*
 * nchunks consecutive instructions of a GEMM for nb <= MMAI_BFMA_LANES outputs that share a row of
 * A (b[l], c_d[l], d[l]: lane l): chunk 0 with profile `first`, the rest with `later` (G per step; C
 * joint / separate / unused as mmai_block_fma_run), each chunk's D the next one's C; c_d is chunk 0's
 * C already in dtype (f32 or f16). The same bits as chained mma_dot calls on the codes. For
 * block-FMA profiles with zero_product_term = 0 (a zero product never takes part); subnormal
 * flushing is the decoder's job.
 */
mma_status mmai_bfma_chunks(const mma_profile *first, const mma_profile *later, mma_format dtype,
                            const mmai_bfma_vec *a, const mmai_bfma_vec *b, size_t nb, size_t kc, size_t nchunks,
                            const uint64_t *c_d, uint64_t *d);

/* One block-FMA step over k-order positions [pos, pos+cnt) with accumulator acc (if have_acc). */
typedef mma_status (*mmai_block_step_fn)(const void *ctx, size_t pos, size_t cnt, bool have_acc, uint64_t acc,
                                        uint64_t *out);

/* Runs the steps of one instruction (groups of G, C joint/separate/unused) with a step implementation. */
mma_status mmai_block_fma_run(const mma_profile *prof, mmai_block_step_fn step, const void *ctx, size_t n, uint64_t c_d,
                             mma_format dtype, uint64_t *d);

/*
 * The cases of the separate-C add stage (mma_ieee_add: one rounding of a + b) that need no exact
 * accumulator, on decoded operands (va of code a, vb of code b): two zeros, x + 0, and finite sums
 * whose exact value fits 64 bits and rounds to a normal value or cancels. Returns false, writing
 * nothing, for the rest (NaN/Inf, exponents far apart, subnormal or overflowing results): the exact
 * path decides. *value (may be NULL) receives the result decoded.
 */
static MMAI_HOT_INLINE bool mmai_ieee_add_direct(const mma_format_info *info, const mma_value *va, uint64_t a,
                                                 const mma_value *vb, uint64_t b, mma_round mode, uint64_t *code,
                                                 mma_value *value)
{
    const mma_value zero = {MMA_CLASS_ZERO, 0, 0, 0, 0, 0};
    if (va->cls == MMA_CLASS_ZERO && vb->cls == MMA_CLASS_ZERO) {
        /* exact zero: same-signed zeros keep the sign, otherwise +0 (-0 under RD) */
        const unsigned sign = va->sign == vb->sign ? va->sign : (mode == MMA_RND_RD ? 1u : 0u);
        *code = mmai_code_zero(info, sign);
        if (value != NULL) {
            *value = zero;
            value->sign = (uint8_t)sign;
        }
        return true;
    }
    if ((va->cls == MMA_CLASS_ZERO && vb->cls == MMA_CLASS_FINITE) ||
        (vb->cls == MMA_CLASS_ZERO && va->cls == MMA_CLASS_FINITE)) {
        const bool take_b = va->cls == MMA_CLASS_ZERO;
        *code = take_b ? b : a; /* x + 0 = x exactly; a finite value has one code */
        if (value != NULL) {
            *value = take_b ? *vb : *va;
        }
        return true;
    }
    if (va->cls != MMA_CLASS_FINITE || vb->cls != MMA_CLASS_FINITE) {
        return false;
    }
    const mma_value *hi = va->exp >= vb->exp ? va : vb, *lo = va->exp >= vb->exp ? vb : va;
    const int32_t gap = hi->exp - lo->exp;
    if (gap + mmai_msb64(hi->sig) > 61) {
        /* gap > 61 - p >= p + 3 (p = fraction bits <= 29): |lo| < 2^(lo.exp + p + 1) <= ulp(hi) / 4,
         * below half an ulp even under hi's binade, so round to nearest gives hi itself; the
         * directed modes need lo's sign (the general path) */
        if ((mode != MMA_RND_RNE && mode != MMA_RND_RNA) || info->frac_bits > 29u) {
            return false;
        }
        *code = hi == va ? a : b;
        if (value != NULL) {
            *value = *hi;
        }
        return true;
    }
    const int64_t x = (int64_t)(hi->sig << (unsigned)gap), y = (int64_t)lo->sig;
    const int64_t sx = -(int64_t)(hi->sign & 1u), sy = -(int64_t)(lo->sign & 1u); /* 0 or -1: signs without branches */
    const int64_t sum = ((x ^ sx) - sx) + ((y ^ sy) - sy);
    if (sum == 0) {
        const unsigned sign = mode == MMA_RND_RD ? 1u : 0u; /* exact cancellation */
        *code = mmai_code_zero(info, sign);
        if (value != NULL) {
            *value = zero;
            value->sign = (uint8_t)sign;
        }
        return true;
    }
    return mmai_round_normal(info, sum < 0 ? 1u : 0u, sum < 0 ? (uint64_t)0 - (uint64_t)sum : (uint64_t)sum, lo->exp,
                             mode, code, NULL, value);
}

/* Rounds C (in ctype) once RNE to the accumulator format dtype (identity if equal). */
mma_status mmai_c_to_dtype(mma_format ctype, uint64_t c, mma_format dtype, uint64_t *out);

/* Decodes an operand code; a subnormal reads as zero when flush is set (profile.flush_subnormal_in). */
mma_status mmai_decode_operand(mma_format fmt, uint64_t code, bool flush, mma_value *out);

/* Maps a position in the profile's k order to the k index (pair_split: k%4 in {0,1} first). */
size_t mmai_k_index(uint8_t order, size_t pos, size_t k);

/* Arm FP8DotAddFP of a whole dot product: c + 2^-lscale * sum, exact, one rounding (NUMERICS 3 arm_fp8). */
mma_status mmai_arm_fp8_dot(const mma_profile *prof, mmai_product_fetch fetch, const void *ctx, size_t n,
                           mma_format dtype, uint64_t c, uint64_t *d);

#endif /* MMA_ACCUMULATE_INT_H */
