/*
 * mmacore: Arm FP8 matrix and vector instructions - the FPMR register, SME2 FMOPA (widening,
 * 2-way FP8 -> FP16 and 4-way FP8 -> FP32, seed 002 and Arm ARM C9.2.113 / C9.2.114) and
 * SVE2 / streaming-SVE FDOT (2-way FP8 -> FP16 and 4-way FP8 -> FP32, vectors and indexed,
 * Arm ARM C8.2.184..C8.2.187). Every element is one FP8DotAddFP (Arm ARM J1.3.3.173):
 * d = round_RNE(c + 2^-LSCALE * sum a_i b_i), exact inside, one rounding (NUMERICS 3 `arm_fp8`).
 *
 * Register images are plain arrays, element j of an array is element j of the register
 * (Elem[reg, j, esize], bits [esize*j + esize-1 : esize*j]):
 *   Zn, Zm   : VL/8 FP8 codes, one per uint8_t. Zn is read in the format FPMR.F8S1, Zm in FPMR.F8S2.
 *   Pn, Pm   : VL/8 predicate elements, one per uint8_t, each 0 (inactive) or 1 (active).
 *              pn[j] is P<j> = ActivePredicateElement(Pn, j, 8): it governs Zn byte j (and pm[j]
 *              governs Zm byte j). mma_sme_pred_unpack turns a packed P-register image into this form.
 *   ZA tile  : row-major, za[row * dim + col] = Elem[ZAtile, row*dim + col, esize]; f16 codes
 *              (dim = VL/16) or f32 codes (dim = VL/32).
 *   Zda      : VL/16 f16 codes or VL/32 f32 codes.
 * VL is the streaming vector length SVL for FMOPA (and for FDOT in streaming mode): a power of
 * two from 128 to 2048 bits; anything else is MMA_ERR_PREDICATE.
 *
 * On any error nothing is written.
 */
#ifndef MMA_SME_H
#define MMA_SME_H

#include <stddef.h>
#include <stdint.h>

#include "mma/format.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ FPMR (Arm ARM C5.2.9) */

#define MMA_FPMR_F8S1_SHIFT 0u     /* [2:0]   first FP8 source format (F8S1) */
#define MMA_FPMR_F8S2_SHIFT 3u     /* [5:3]   second FP8 source format (F8S2) */
#define MMA_FPMR_F8D_SHIFT 6u      /* [8:6]   FP8 convert destination format (not read by FMOPA/FDOT) */
#define MMA_FPMR_OSM_SHIFT 14u     /* [14]    overflow saturation of FP8 multiplies (read by FMOPA/FDOT) */
#define MMA_FPMR_OSC_SHIFT 15u     /* [15]    overflow saturation of FP8 converts (not read) */
#define MMA_FPMR_LSCALE_SHIFT 16u  /* [22:16] downscale of FP8 products (f32 results use all 7 bits, f16 results [19:16]) */
#define MMA_FPMR_NSCALE_SHIFT 24u  /* [31:24] signed scale of converts to FP8 (not read) */
#define MMA_FPMR_LSCALE2_SHIFT 32u /* [37:32] downscale of the second FP8 convert stream (not read) */
#define MMA_FPMR_RES0_MASK 0xFFFFFFC000803E00ull /* RES0 bits: [63:38], [23], [13:9] */

/* Values of the 3-bit format fields F8S1, F8S2, F8D; 2..7 are reserved. */
#define MMA_FPMR_FMT_E5M2 0u
#define MMA_FPMR_FMT_E4M3 1u

/* The fields of an FPMR value (raw, unvalidated: a reserved format value is kept as is). */
typedef struct mma_fpmr {
    uint8_t f8s1;    /* 0..7 */
    uint8_t f8s2;    /* 0..7 */
    uint8_t f8d;     /* 0..7 */
    uint8_t osm;     /* 0..1 */
    uint8_t osc;     /* 0..1 */
    uint8_t lscale;  /* 0..127 */
    int8_t nscale;   /* -128..127 */
    uint8_t lscale2; /* 0..63 */
    uint64_t res0;   /* the RES0 bits of the value (a subset of MMA_FPMR_RES0_MASK) */
} mma_fpmr;

/* Options of the FP8 instructions (bit flags). */
#define MMA_SME_STRICT_FPMR 0x1u /* a reserved F8S1/F8S2/F8D value or a set RES0 bit is MMA_ERR_FPMR */
#define MMA_SME_FPCR_AH 0x2u     /* FPCR.AH = 1 on a FEAT_AFP core: the default NaN is negative */
#define MMA_SME_FLAGS_ALL 0x3u

/*
 * Without MMA_SME_STRICT_FPMR (the default, NUMERICS 3): a reserved F8S1/F8S2 value makes every
 * element read in that format a signalling NaN (FP8Unpack of FP8Type_UNSUPPORTED; inactive FMOPA
 * elements too, as they read as the code 0x00), so each computed result is the default NaN while
 * FMOPA elements without an active pair stay unchanged; F8D and the RES0 bits are ignored (FMOPA and
 * FDOT do not read them). With MMA_SME_STRICT_FPMR all of these are MMA_ERR_FPMR and nothing is written.
 * FPMR.OSM saturates only f16 results in practice: an f32 sum of at most 8 FP8 products (< 2^36) can
 * never carry FLT_MAX over the overflow threshold.
 * The default NaN is f16 0x7E00 / f32 0x7FC00000 (FPDefaultNaN with FPCR.AH = 0), or
 * 0xFE00 / 0xFFC00000 under MMA_SME_FPCR_AH. Unknown option bits are MMA_ERR_PROFILE_PARAM.
 */

/* Splits a 64-bit FPMR value into its fields (never fails for a non-NULL out). */
mma_status mma_fpmr_decode(uint64_t fpmr, mma_fpmr *out);

/* Packs fields into an FPMR value; MMA_ERR_FPMR if a field exceeds its width or res0 leaves the RES0 mask. */
mma_status mma_fpmr_encode(const mma_fpmr *fields, uint64_t *fpmr);

/* Maps a 3-bit FP8 format field to MMA_FMT_E5M2 / MMA_FMT_E4M3; MMA_ERR_FPMR for a reserved value. */
mma_status mma_fpmr_fp8_format(unsigned field, mma_format *out);

/* Checks an FPMR value and option flags for the FP8 multiply instructions (strict checks only under MMA_SME_STRICT_FPMR). */
mma_status mma_fpmr_check(uint64_t fpmr, uint32_t flags);

/* ------------------------------------------------------------------ vector length, predicates */

/* Checks a (streaming) vector length in bits: a power of two 128..2048, else MMA_ERR_PREDICATE. */
mma_status mma_sme_vl_check(uint32_t vl_bits);

/*
 * Unpacks a P-register image (VL/64 bytes, predicate bit j in byte j/8, bit j%8) into VL/8
 * byte-element flags 0/1 (the form the instructions take); MMA_ERR_BUFFER if either array is short.
 */
mma_status mma_sme_pred_unpack(uint32_t vl_bits, const uint8_t *preg, size_t preg_len, uint8_t *elems,
                               size_t elems_len);

/* ------------------------------------------------------------------ the instructions */

/* The architectural state an FP8 instruction reads besides its registers. */
typedef struct mma_sme_cfg {
    uint32_t vl_bits; /* SVL (FMOPA, streaming FDOT) or VL (FDOT) in bits */
    uint32_t flags;   /* MMA_SME_* options */
    uint64_t fpmr;    /* FPMR value */
} mma_sme_cfg;

/*
 * FP8DotAddFP of one element, *out = round(addend + 2^-LSCALE * sum_{i<ways} op1[i] * op2[i]), for dtype
 * F16 (ways 1, 2 or 4) or F32 (ways 1, 2, 4 or 8); other dtypes are MMA_ERR_FORMAT, other ways MMA_ERR_SHAPE.
 */
mma_status mma_fp8_dot_add(uint64_t fpmr, uint32_t flags, mma_format dtype, uint64_t addend, const uint8_t *op1,
                           const uint8_t *op2, size_t ways, uint64_t *out);

/* The two source vectors of an outer product and their governing predicates (lengths in elements). */
typedef struct mma_sme_fmopa_src {
    const uint8_t *zn; size_t zn_len; /* >= VL/8 FP8 codes, format FPMR.F8S1 (rows) */
    const uint8_t *zm; size_t zm_len; /* >= VL/8 FP8 codes, format FPMR.F8S2 (columns) */
    const uint8_t *pn; size_t pn_len; /* >= VL/8 flags 0/1: pn[j] governs zn[j] */
    const uint8_t *pm; size_t pm_len; /* >= VL/8 flags 0/1: pm[j] governs zm[j] */
} mma_sme_fmopa_src;

/*
 * FMOPA (widening, 2-way, FP8 to FP16), seed 002 / C9.2.113, on a (VL/16)^2 f16 tile with scale
 * 2^-FPMR[19:16]: za[r*dim+c] = FP8DotAddFP(za[r*dim+c], {zn[2r], zn[2r+1]}, {zm[2c], zm[2c+1]}),
 * where an element whose predicate (pn[2r+i] resp. pm[2c+i]) is 0 reads as +0 (code 0x00), and the
 * element is left unchanged when no i in {0,1} has pn[2r+i] = pm[2c+i] = 1.
 */
mma_status mma_sme_fmopa_f16(const mma_sme_cfg *cfg, const mma_sme_fmopa_src *src, uint16_t *za, size_t za_len);

/*
 * FMOPA (widening, 4-way, FP8 to FP32), C9.2.114, on a (VL/32)^2 f32 tile with scale 2^-FPMR[22:16]:
 * as the 2-way form with the quads zn[4r+i], zm[4c+i], pn[4r+i], pm[4c+i] (i = 0..3).
 */
mma_status mma_sme_fmopa_f32(const mma_sme_cfg *cfg, const mma_sme_fmopa_src *src, uint32_t *za, size_t za_len);

/* FDOT (2-way, vectors, FP8 to FP16), C8.2.186: zda[e] = FP8DotAddFP(zda[e], zn[2e..2e+1], zm[2e..2e+1]), e < VL/16. */
mma_status mma_sme_fdot_f16(const mma_sme_cfg *cfg, const uint8_t *zn, size_t zn_len, const uint8_t *zm,
                            size_t zm_len, uint16_t *zda, size_t zda_len);

/*
 * FDOT (2-way, indexed, FP8 to FP16), C8.2.187: as mma_sme_fdot_f16 with the pair s = e - e%8 + index
 * of Zm (index 0..7 within each 128-bit segment; other index values are MMA_ERR_INSTRUCTION).
 */
mma_status mma_sme_fdot_f16_indexed(const mma_sme_cfg *cfg, const uint8_t *zn, size_t zn_len, const uint8_t *zm,
                                    size_t zm_len, unsigned index, uint16_t *zda, size_t zda_len);

/* FDOT (4-way, vectors, FP8 to FP32), C8.2.184: zda[e] = FP8DotAddFP(zda[e], zn[4e..4e+3], zm[4e..4e+3]), e < VL/32. */
mma_status mma_sme_fdot_f32(const mma_sme_cfg *cfg, const uint8_t *zn, size_t zn_len, const uint8_t *zm,
                            size_t zm_len, uint32_t *zda, size_t zda_len);

/*
 * FDOT (4-way, indexed, FP8 to FP32), C8.2.185: as mma_sme_fdot_f32 with the quad s = e - e%4 + index
 * of Zm (index 0..3; other index values are MMA_ERR_INSTRUCTION).
 */
mma_status mma_sme_fdot_f32_indexed(const mma_sme_cfg *cfg, const uint8_t *zn, size_t zn_len, const uint8_t *zm,
                                    size_t zm_len, unsigned index, uint32_t *zda, size_t zda_len);

#ifdef __cplusplus
}
#endif
#endif /* MMA_SME_H */
