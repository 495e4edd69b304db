/* mmacore: the accumulation profile (one parameterised model) and named presets. */
#ifndef MMA_PROFILE_H
#define MMA_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mma/format.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which accumulation algorithm a profile selects. */
typedef enum mma_acc_algo {
    MMA_ACC_BLOCK_FMA = 0, /* NVIDIA-style block FMA: G products per step, F bits, truncation (NUMERICS 3) */
    MMA_ACC_EXACT,         /* exact (Kulisch) sum of all products and C, one rounding in round_mode */
    MMA_ACC_SEQ_FMA,       /* k-serial fused multiply-add, one rounding per product in round_mode */
    MMA_ACC_ARM_FP8        /* Arm FP8DotAddFP: c + 2^-lscale * sum, exact, one RNE rounding, Arm NaN rules */
} mma_acc_algo;

/* Order in which k indices enter the steps. */
typedef enum mma_k_order {
    MMA_KORDER_NATURAL = 0,  /* k = 0, 1, 2, ... */
    MMA_KORDER_PAIR_SPLIT    /* all k with k%4 in {0,1} first, then k%4 in {2,3} */
} mma_k_order;

/* Where the accumulator input C enters. */
typedef enum mma_c_mode {
    MMA_C_JOINT = 0,  /* C is a term of the first step */
    MMA_C_SEPARATE,   /* steps start from +0; d = round_RNE(steps + C) as one IEEE addition at the end */
    MMA_C_UNUSED      /* C is ignored (D = A*B), e.g. wgmma with scale-d = 0 */
} mma_c_mode;

/* Sentinel for "no min_E clamp". */
#define MMA_MIN_E_NONE (-32768)

/* Largest G (products per block-FMA step) and F (fraction bits) a profile may have; every buffer sized by them. */
#define MMA_PROFILE_GROUP_MAX 64u
#define MMA_PROFILE_FRAC_BITS_MAX 40u

/*
 * The parameters of the accumulation model. For MMA_ACC_BLOCK_FMA every field is used
 * (NUMERICS section 3 steps 1-9); the other algorithms use round_mode (and arm_* for ARM_FP8).
 *
 * Two rules no real-GPU data available to the project decides; a golden model lets the user pick:
 *
 * zero_product_term - do zero products take part in E (NUMERICS 3 step 5)?
 *   0 (default, every preset): a zero product takes no part: E = max over the non-zero products
 *     (and C), as NUMERICS 3 step 3 says ("zero products take no part").
 *   1 (MMA-Sim): a zero product takes part in E with the exponent the product would have if its
 *     zero operand had exponent -126, whatever that operand's format: e = -126 + e_b for 0 x b
 *     (e_b = b's exponent, pinned at e_min if subnormal; -252 for 0 x 0; plus both block scale
 *     exponents when scaled). It adds nothing to S but can raise E and so truncate C and the other
 *     products: bf16 0 x 2^127 enters at E = 1, so with F = 25 everything below 2^-24 is lost.
 *   Inside a .kind::mxf4* group the products are summed exactly, so the field has no effect there;
 *   whether a zero GROUP takes part is group_align's.
 *
 * group_align - the term exponent of a .kind::mxf4 / .kind::mxf4nvf4 group (block_scale.h):
 *   0: floor(log2 |group value|) - the group sum times its two scales, normalised; an all-zero
 *     group is a zero term that takes no part (the rule before issue 12, kept as a profile value).
 *   1 (rtx_blackwell, MMA-Sim's validated sm_120 model): the sum of the two scale exponents
 *     e_sa + e_sb, where a scale's exponent is floor(log2 scale) (ue8m0: code - 127; ue4m3: its
 *     normalised exponent, so the subnormal 2^-9 counts as -9); the group significand stays
 *     unnormalised (its value may reach ~2^11 x 2^e), F counts from that point, and an
 *     all-zero group still takes part: at unit scales E >= 0 and C is truncated below 2^-F.
 *     A group whose scale is zero (ue4m3 0x00) has no exponent and takes no part.
 *
 * Signs and NaNs the data does not verify either (documented, not parameters): a block-FMA step
 * whose exact S is 0 gives +0, but a non-zero S that truncates to zero in the output format keeps
 * its sign (-0 for a negative S, as IEEE rounding does); a NaN result is the canonical NaN of the
 * output (f32 0x7FFFFFFF, f16 0x7FFF; f64 0x7FFFFFFFFFFFFFFF, whose payload no data verifies).
 */
typedef struct mma_profile {
    uint8_t algo;           /* mma_acc_algo */
    uint8_t k_order;        /* mma_k_order */
    uint8_t c_mode;         /* mma_c_mode */
    uint8_t round_mode;     /* mma_round: final rounding for EXACT / SEQ_FMA (BLOCK_FMA: unused) */
    uint16_t group;         /* G: products per block-FMA step (1..MMA_PROFILE_GROUP_MAX) */
    uint8_t frac_bits;      /* F: fraction bits kept after alignment (1..MMA_PROFILE_FRAC_BITS_MAX) */
    uint8_t f32_sig_bits;   /* significant bits of an f32 step result: 24, or 14 for "e8m13" */
    uint8_t f32_round;      /* mma_round of each f32 step result: RZ on every NVIDIA preset */
    uint8_t f16_round;      /* mma_round of each f16 step result: RNE on every NVIDIA preset */
    int16_t min_e_f32;      /* E = max(E, min_e) for f32 output, or MMA_MIN_E_NONE */
    int16_t min_e_f16;      /* same for f16 output */
    uint8_t zero_c_term;    /* 0 (default): a zero C takes no part; 1: zero C is a term at exponent -126 (MMA-Sim) */
    uint8_t f16_c_pinned;   /* 0 (default): a subnormal f16 C uses its true exponent; 1: pinned at -14 (MMA-Sim) */
    uint8_t zero_product_term; /* zero products and E (NUMERICS 3 steps 3 and 5), see above */
    uint8_t group_align;    /* .kind::mxf4* group term exponent, see above */
    uint8_t flush_subnormal_in; /* 1: subnormal inputs read as zero (no NVIDIA preset does this) */
    uint8_t arm_lscale;     /* ARM_FP8: FPMR.LSCALE (7 bits for f32 results, 4 bits for f16) */
    uint8_t arm_osm;        /* ARM_FP8: FPMR.OSM, 1 = overflow saturates to max normal */
    const char *name;       /* preset name, or NULL for a hand-built profile */
} mma_profile;

/* Named presets. */
typedef enum mma_preset {
    MMA_PRESET_VOLTA = 0,
    MMA_PRESET_TURING,
    MMA_PRESET_AMPERE,       /* A100, A2, A30 */
    MMA_PRESET_ADA,          /* Ada, L40S */
    MMA_PRESET_HOPPER,       /* H100, H200 */
    MMA_PRESET_BLACKWELL,    /* B200 (sm_100) */
    MMA_PRESET_RTX_BLACKWELL,/* sm_120 */
    MMA_PRESET_EXACT,
    MMA_PRESET_SEQ_FMA,
    MMA_PRESET_ARM_FP8,
    MMA_PRESET_COUNT
} mma_preset;

/* The instruction family a preset resolves a profile for (datapaths differ per family). */
typedef enum mma_family {
    MMA_FAMILY_MMA = 0,  /* mma.sync / mma.sp */
    MMA_FAMILY_WMMA,     /* wmma.mma (the Khattak-Mikaitis data) */
    MMA_FAMILY_WGMMA     /* wgmma.mma_async */
} mma_family;

/*
 * Which tensor-core datapaths a GPU generation has (the one table of them: profile/gpus.c). A
 * preset refuses (MMA_ERR_PROFILE) an instruction whose feature its generation lacks.
 */
typedef enum mma_gpu_feature {
    MMA_GPU_F16 = 1u << 0,        /* f16 mma / wmma (every generation) */
    MMA_GPU_BF16_TF32 = 1u << 1,  /* bf16 and tf32 inputs (sm_80 on) */
    MMA_GPU_SPARSE = 1u << 2,     /* mma.sp (sm_80 on) */
    MMA_GPU_FP8 = 1u << 3,        /* e4m3 / e5m2 mma.sync (sm_89 on) */
    MMA_GPU_WGMMA = 1u << 4,      /* wgmma.mma_async (sm_90a only) */
    MMA_GPU_F8F6F4 = 1u << 5      /* mma.sync .kind::f8f6f4 and .block_scale (sm_120a) */
} mma_gpu_feature;

/* One GPU the library knows by name. */
typedef struct mma_gpu {
    const char *name;   /* as in the published data sets: "V100", "A100", "Ada", "H100", ... */
    uint8_t preset;     /* mma_preset of its generation */
    uint16_t sm;        /* compute capability x 10 (80 = sm_80) */
} mma_gpu;

/* Returns the index-th known GPU (in generation order), or NULL past the end: the list a CLI prints. */
const mma_gpu *mma_gpu_get(size_t index);

/* Looks a GPU up by name (exact spelling, e.g. "L40S"); MMA_ERR_PROFILE if unknown. */
mma_status mma_gpu_from_name(const char *name, size_t len, const mma_gpu **out);

/* Returns the datapath features (mma_gpu_feature bits) of a preset's generation; 0 for non-GPU presets. */
uint32_t mma_preset_features(mma_preset preset);

/*
 * Writes the PTX instruction that produced a GPU's published data set (../shared/vectors/gpu/README:
 * wmma for f16/bf16/tf32, mma.sync m16n8k32 for FP8, wgmma m64n8k32 with C unused for Hopper FP8 ->
 * f32) for input format `in` and output `out` into buf (NUL-terminated); *c_unused tells whether
 * the data's C file was used. MMA_ERR_PROFILE if that GPU has no such instruction, MMA_ERR_BUFFER
 * if size is too small.
 */
mma_status mma_gpu_data_instr(const mma_gpu *gpu, mma_format in, mma_format out, char *buf, size_t size,
                              bool *c_unused);

/* Looks a preset up by name ("hopper", "exact", ...) or GPU name ("H100", "A100", "L40S", ...). */
mma_status mma_preset_from_name(const char *name, size_t len, mma_preset *out);

/* Returns the canonical lower-case name of a preset, or NULL if out of range. */
const char *mma_preset_name(mma_preset preset);

/*
 * Resolves a preset to the profile of the datapath that executes the given family with A of format
 * atype, B of format btype and output (D) format dtype. The datapath is a function of the operand
 * PAIR, never of the A type alone: (atype, btype) and (btype, atype) always give the same profile.
 * MMA_ERR_PROFILE if that GPU has no such datapath, MMA_ERR_FORMAT_PAIR for a pair no MMA mixes
 * (a GPU preset mixes only e4m3/e5m2, and on sm_120 any of e4m3/e5m2/e3m2/e2m3/e2m1; exact and
 * seq_fma take any two float formats). mma_instr_profile resolves a whole instruction this way.
 */
mma_status mma_preset_profile_ab(mma_preset preset, mma_family family, mma_format atype, mma_format btype,
                                 mma_format dtype, mma_profile *out);

/* mma_preset_profile_ab for an instruction whose A and B are both of format atype. */
mma_status mma_preset_profile(mma_preset preset, mma_family family, mma_format atype, mma_format dtype,
                              mma_profile *out);

/* Checks every field of a profile against its documented range. */
mma_status mma_profile_validate(const mma_profile *p);

/* True when two profiles compute the same results: every numeric field equal (the name is not compared). */
bool mma_profile_same(const mma_profile *x, const mma_profile *y);

#ifdef __cplusplus
}
#endif
#endif /* MMA_PROFILE_H */
