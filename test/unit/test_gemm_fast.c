/*
 * unit_gemm_fast: the GEMM fast paths give the same bits as the general path.
 *
 * For every dense, unscaled instruction of the catalogue (one per datapath: family, k, types,
 * .satfinite, .bitop, .kind, f64 rounding) under every preset that has it - and under profile
 * variants of the hopper preset that move every block-FMA field (C joint/separate/unused, zero_c_term,
 * f16_c_pinned, flushing, step roundings, min_E, e8m13, k order, G and F) - it runs mma_gemm (fast
 * paths where eligible) and mmai_gemm_general (the row engine for every output, the documented
 * internal switch of mma_int.h) on the same operands and compares every bit of D and the status.
 * Operands: narrow exponent windows (the one-shift kernel), the whole finite range (shift per term),
 * special values (NaN, Inf, zeros of both signs, subnormals, max values: the element-wise fallback)
 * and extremes (overflow to Inf, integer saturation and wrap); ragged shapes and padded strides.
 * Also: mma_gemm_tile over a random 2 x 2 split equals mma_gemm; invalid codes give the same status
 * on both paths; the 8-bit decode tables equal mma_decode for every code; mma_bfma_round equals the
 * host's rounding of the exact value for f32 (mma_encode for f16 and RNA); mma_ieee_add equals host
 * float addition.
 * The exact fast path (mma/gemm_exact.c: the 8-bit and narrower floats as fixed-point integers, e5m2
 * pairs split in two parts) is checked the same way for every datapath it takes, under each final
 * rounding and C unused, with operands that are mostly zeros of one sign (the zero-sign rule), and
 * for the block-scaled family (ue8m0 scales near 1, at the ends of the range and NaN; ue4m3 on the
 * row engine on both sides).
 * The same program runs as unit_gemm_fast_per_term against the library built the 32-bit way
 * (MMAI_BFMA_PER_TERM=1: per-term shifts, and the narrow path of gemm_narrow.c for 8-bit floats).
 */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mma/mmacore.h"
#include "mma/stage.h"

#include "format/format_int.h"
#include "mma/gemm_fast.h"
#include "mma/mma_int.h"

#define MAXM 40
#define MAXN 80
#define MAXK 160
#define PAD 3

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}
static unsigned rnd_below(unsigned n)
{
    return (unsigned)(rnd() % n);
}

/* MODE_ZEROS (mostly zeros of both signs: whole chunks of zero products) is outside the loops over MODE_COUNT */
enum { MODE_NARROW, MODE_WIDE, MODE_SPECIAL, MODE_EXTREME, MODE_COUNT, MODE_ZEROS = MODE_COUNT };
static const char *const mode_names[MODE_COUNT + 1] = {"narrow", "wide", "special", "extreme", "zeros"};

typedef struct gen {
    int mode;
    int elo;        /* narrow: exponent field window [elo, elo + 3] */
    unsigned zsign; /* zeros: the sign of every zero (so a chunk's zero products may all be -0) */
} gen;

static uint64_t storage_mask(const mma_format_info *f)
{
    return f->storage_bits >= 64 ? ~0ull : ((1ull << f->storage_bits) - 1u);
}

static int value_class(mma_format fmt, uint64_t code)
{
    mma_value v;
    if (mma_decode(fmt, code, &v) != MMA_OK) {
        return -1;
    }
    return v.cls;
}

/* A code of float format fmt from sign, exponent field and fraction (tf32: random ignored low bits). */
static uint64_t float_pack(const mma_format_info *f, unsigned sign, uint64_t efield, uint64_t frac)
{
    uint64_t code = ((efield << f->frac_bits) | frac) << f->frac_shift;
    if (f->has_sign && sign) {
        code |= 1ull << (f->frac_shift + f->frac_bits + f->exp_bits);
    }
    if (f->frac_shift != 0) {
        code |= rnd() & ((1ull << f->frac_shift) - 1u);
    }
    return code & storage_mask(f);
}

static uint64_t float_code(mma_format fmt, const gen *g)
{
    const mma_format_info *f = mma_format_get(fmt);
    const uint64_t emax_field = (1ull << f->exp_bits) - 1u;
    const uint64_t fmask = (1ull << f->frac_bits) - 1u;
    for (;;) {
        uint64_t code;
        const unsigned r = rnd_below(16);
        const unsigned sign = (unsigned)(rnd() & 1u);
        switch (g->mode) {
        case MODE_NARROW:
            code = r < 2 ? float_pack(f, sign, 0, 0)
                         : float_pack(f, sign, (uint64_t)(g->elo + (int)rnd_below(4)), rnd() & fmask);
            break;
        case MODE_WIDE:
            code = r < 1 ? float_pack(f, sign, 0, 0) : (rnd() & storage_mask(f));
            break;
        case MODE_SPECIAL:
            if (r < 6) {
                code = rnd() & storage_mask(f); /* anything: NaN, Inf, subnormals, ... */
            } else if (r < 8) {
                code = float_pack(f, sign, 0, rnd() & fmask); /* zero or subnormal */
            } else if (r < 9) {
                code = float_pack(f, sign, emax_field - (f->has_inf || f->nan_style == MMA_NAN_IEEE ? 1u : 0u),
                                  f->max_frac); /* max finite */
            } else {
                code = float_pack(f, sign, (uint64_t)(g->elo + (int)rnd_below(4)), rnd() & fmask);
            }
            break;
        case MODE_ZEROS:
            code = r < 15 ? float_pack(f, g->zsign, 0, 0)
                          : float_pack(f, sign, (uint64_t)(g->elo + (int)rnd_below(4)), rnd() & fmask);
            break;
        default: /* extreme: near max finite, or subnormal */
            if (r < 10) {
                code = float_pack(f, r < 8 ? 0u : sign,
                                  emax_field - (f->has_inf || f->nan_style == MMA_NAN_IEEE ? 1u : 0u) - rnd_below(2),
                                  rnd() & fmask);
            } else {
                code = float_pack(f, sign, 0, rnd() & fmask);
            }
            break;
        }
        const int cls = value_class(fmt, code);
        if (g->mode == MODE_SPECIAL || (cls != MMA_CLASS_NAN && cls != MMA_CLASS_INF)) {
            return code;
        }
    }
}

static uint64_t int_code(mma_format fmt, const gen *g)
{
    const mma_format_info *f = mma_format_get(fmt);
    const uint64_t mask = storage_mask(f);
    if (g->mode != MODE_EXTREME) {
        return rnd() & mask;
    }
    /* extremes: the largest magnitudes of the format (s32: near INT32_MAX / INT32_MIN) */
    switch (rnd_below(4)) {
    case 0:
        return f->kind == MMA_KIND_SIGNED_INT ? (mask >> 1) - rnd_below(3) : mask - rnd_below(3);
    case 1:
        return f->kind == MMA_KIND_SIGNED_INT ? ((mask >> 1) + 1u + rnd_below(3)) & mask : rnd() & mask;
    default:
        return rnd() & mask;
    }
}

static uint64_t code_of(mma_format fmt, const gen *g)
{
    return mma_format_is_float(fmt) ? float_code(fmt, g) : int_code(fmt, g);
}

static gen make_gen(mma_format fmt, int mode)
{
    gen g = {mode, 1, (unsigned)(rnd() & 1u)};
    const mma_format_info *f = mma_format_get(fmt);
    if (mma_format_is_float(fmt)) {
        const int top = (1 << f->exp_bits) - 2; /* largest exponent field that is normal for every format */
        g.elo = 1 + (top > 4 ? (int)rnd_below((unsigned)(top - 3)) : 0);
        if (mode == MODE_NARROW && rnd_below(2) == 0) {
            /* the middle of the range: products near 1 */
            g.elo = (int)f->bias - 2 > 1 ? (int)f->bias - 2 : 1;
        }
    }
    return g;
}

static uint64_t A[MAXM * (MAXK + PAD)], B[MAXK * (MAXN + PAD)], C[MAXM * (MAXN + PAD)];
#define MAXBLK (MAXK + PAD) /* scale blocks along K (block_k >= 1) */
static uint64_t SA[MAXM * MAXBLK], SB[MAXBLK * (MAXN + PAD)];

/*
 * A scale code of stype for an operand mode: near 2^0 (narrow, wide), anything with NaN scales
 * (special), the ends of the range (extreme).
 */
static uint64_t scale_code(mma_format stype, int mode)
{
    if (stype != MMA_FMT_UE8M0) { /* ue4m3: a positive e4m3 code, NaN (0x7F) in special mode */
        const uint64_t c = mode == MODE_SPECIAL && rnd_below(8) == 0 ? 0x7Fu : 0x20u + rnd_below(0x30);
        return c;
    }
    switch (mode) {
    case MODE_SPECIAL:
        return rnd_below(6) == 0 ? 0xFFu : 100u + rnd_below(55);
    case MODE_EXTREME:
        return rnd_below(2) ? rnd_below(4) : 251u + rnd_below(4);
    default:
        return 120u + rnd_below(15);
    }
}
static uint64_t D1[MAXM * (MAXN + PAD)], D2[MAXM * (MAXN + PAD)], D3[MAXM * (MAXN + PAD)];

static long runs, outputs;

static void describe(const mma_instr *ins, const mma_profile *prof, const char *what)
{
    char text[160];
    if (mma_instr_format(ins, text, sizeof text) != MMA_OK) {
        snprintf(text, sizeof text, "?");
    }
    printf("FAIL %s: %s, profile %s (G %u F %u c_mode %u order %u), ", what, text,
           prof != NULL && prof->name != NULL ? prof->name : "custom", prof != NULL ? prof->group : 0u,
           prof != NULL ? prof->frac_bits : 0u, prof != NULL ? prof->c_mode : 0u, prof != NULL ? prof->k_order : 0u);
}

/* One GEMM on both paths (and as tiles); returns 1 on a mismatch. */
static int check(const mma_instr *ins, const mma_profile *prof, size_t m, size_t n, size_t k, int mode)
{
    const size_t lda = k + rnd_below(PAD + 1), ldb = n + rnd_below(PAD + 1);
    const size_t ldc = n + rnd_below(PAD + 1), ldd = n + rnd_below(PAD + 1);
    const gen ga = make_gen((mma_format)ins->atype, mode), gb = make_gen((mma_format)ins->btype, mode);
    const gen gc = make_gen((mma_format)ins->ctype, mode == MODE_NARROW && rnd_below(2) ? MODE_WIDE : mode);
    for (size_t i = 0; i < m * lda; ++i) A[i] = code_of((mma_format)ins->atype, &ga);
    for (size_t i = 0; i < k * ldb; ++i) B[i] = code_of((mma_format)ins->btype, &gb);
    for (size_t i = 0; i < m * ldc; ++i) C[i] = rnd_below(8) == 0 ? 0u : code_of((mma_format)ins->ctype, &gc);
    for (size_t i = 0; i < m * ldd; ++i) D1[i] = D2[i] = D3[i] = 0xDEADull;
    mma_gemm_desc g = {ins, prof, m, n, k, A, lda, B, ldb, C, ldc, D1, ldd, NULL, 0, NULL, 0, NULL, 0};
    mma_scale_shape shape;
    if (ins->block_scale && mma_block_scale_shape(ins, &shape) == MMA_OK) {
        const size_t nblk = (k + shape.block_k - 1u) / shape.block_k;
        g.ldsa = nblk + rnd_below(PAD + 1);
        g.ldsb = n + rnd_below(PAD + 1);
        for (size_t i = 0; i < m * g.ldsa; ++i) SA[i] = scale_code((mma_format)shape.stype, mode);
        for (size_t i = 0; i < nblk * g.ldsb; ++i) SB[i] = scale_code((mma_format)shape.stype, mode);
        g.scale_a = SA;
        g.scale_b = SB;
    }
    const mma_status s_fast = mma_gemm(&g);
    g.d = D2;
    const mma_status s_gen = mmai_gemm_general(&g);
    ++runs;
    if (s_fast != s_gen) {
        describe(ins, prof, "status");
        printf("%zux%zux%zu %s: fast %s, general %s\n", m, n, k, mode_names[mode], mma_status_name(s_fast),
               mma_status_name(s_gen));
        return 1;
    }
    if (s_fast != MMA_OK) {
        return 0;
    }
    int bad = 0;
    for (size_t i = 0; i < m; ++i) {
        for (size_t j = 0; j < n; ++j) {
            ++outputs;
            if (D1[i * ldd + j] != D2[i * ldd + j]) {
                if (bad++ < 2) {
                    describe(ins, prof, "bits");
                    printf("%zux%zux%zu %s: D[%zu][%zu] fast %llx general %llx\n", m, n, k, mode_names[mode], i, j,
                           (unsigned long long)D1[i * ldd + j], (unsigned long long)D2[i * ldd + j]);
                }
            }
        }
    }
    /* the same GEMM as four tiles (a random 2 x 2 split, some possibly empty) */
    const size_t r = rnd_below((unsigned)m + 1u), c = rnd_below((unsigned)n + 1u);
    g.d = D3;
    const size_t rows[3] = {0, r, m}, cols[3] = {0, c, n};
    for (int ti = 0; ti < 2; ++ti) {
        for (int tj = 0; tj < 2; ++tj) {
            const mma_status st = mma_gemm_tile(&g, rows[ti], rows[ti + 1], cols[tj], cols[tj + 1]);
            if (st != MMA_OK) {
                describe(ins, prof, "tile status");
                printf("%s\n", mma_status_name(st));
                return 1;
            }
        }
    }
    for (size_t i = 0; i < m && bad == 0; ++i) {
        for (size_t j = 0; j < n; ++j) {
            if (D3[i * ldd + j] != D1[i * ldd + j]) {
                describe(ins, prof, "tiles");
                printf("%zux%zux%zu split %zu,%zu: D[%zu][%zu] tiles %llx gemm %llx\n", m, n, k, r, c, i, j,
                       (unsigned long long)D3[i * ldd + j], (unsigned long long)D1[i * ldd + j]);
                bad = 1;
                break;
            }
        }
    }
    return bad != 0;
}

static const size_t SHAPES[][3] = {{1, 1, 1}, {3, 5, 7}, {16, 8, 16}, {7, 37, 33}, {2, 3, 0}, {9, 70, 45},
                                   {3, 66, 150}, {40, 80, 32}};
#define NSHAPES (sizeof SHAPES / sizeof SHAPES[0])

/* Every mode, a few ragged shapes. */
static int check_all(const mma_instr *ins, const mma_profile *prof, int heavy)
{
    int bad = 0;
    for (int mode = 0; mode < MODE_COUNT; ++mode) {
        for (size_t s = 0; s < NSHAPES; ++s) {
            if (s == NSHAPES - 1 && !heavy) {
                continue; /* the largest shape once per instruction */
            }
            bad += check(ins, prof, SHAPES[s][0], SHAPES[s][1], SHAPES[s][2], mode);
        }
    }
    return bad;
}

/* Profile variants of a block-FMA profile; false past the last. */
static int variant(const mma_profile *base, int v, mma_profile *out)
{
    *out = *base;
    out->name = NULL;
    switch (v) {
    case 0: out->c_mode = MMA_C_UNUSED; break;
    case 1: out->c_mode = MMA_C_SEPARATE; break;
    case 2: out->c_mode = MMA_C_JOINT; out->zero_c_term = 1; break;
    case 3: out->f16_c_pinned = 1; break;
    case 4: out->flush_subnormal_in = 1; break;
    case 5: out->f32_round = MMA_RND_RNE; out->f16_round = MMA_RND_RZ; break;
    case 6: out->f32_round = MMA_RND_RU; out->f16_round = MMA_RND_RD; break;
    case 7: out->f32_round = MMA_RND_RNA; out->f16_round = MMA_RND_RU; out->group = 5; break;
    case 8: out->min_e_f32 = MMA_MIN_E_NONE; out->min_e_f16 = MMA_MIN_E_NONE; break;
    case 9: out->f32_sig_bits = 14; break;
    case 10: out->k_order = MMA_KORDER_PAIR_SPLIT; out->c_mode = MMA_C_SEPARATE; break;
    case 11: out->group = 3; out->frac_bits = 10; break;
    case 12: out->group = 32; out->frac_bits = 40; break;
    case 13: out->group = 1; out->frac_bits = 2; out->f32_round = MMA_RND_RD; break;
    case 14: out->zero_product_term = 1; break; /* not a fast-path profile: both general */
    default: return 0;
    }
    return 1;
}

/* Same datapath (for a GEMM, the instruction's m and n and the layouts do not matter). */
static int same_datapath(const mma_instr *a, const mma_instr *b)
{
    return a->family == b->family && a->k == b->k && a->atype == b->atype && a->btype == b->btype &&
           a->ctype == b->ctype && a->dtype == b->dtype && a->satfinite == b->satfinite && a->bitop == b->bitop &&
           a->kind == b->kind && a->f64_round == b->f64_round;
}

/* True if one of the first n datapaths has the same A, B and D types and a hopper profile (variants done). */
static int seen_types(const mma_instr *seen, size_t n, const mma_instr *ins)
{
    for (size_t s = 0; s < n; ++s) {
        mma_profile prof;
        if (seen[s].atype == ins->atype && seen[s].btype == ins->btype && seen[s].dtype == ins->dtype &&
            mma_instr_profile(MMA_PRESET_HOPPER, &seen[s], &prof) == MMA_OK) {
            return 1;
        }
    }
    return 0;
}

/*
 * Variants of the exact profile: each final rounding, C unused (wgmma's scale-d = 0); with operands
 * of every mode and mostly zeros (the sign of a zero D: C's and the zero products').
 */
static int check_exact_variants(const mma_instr *ins, const mma_profile *base)
{
    static const uint8_t rounds[] = {MMA_RND_RZ, MMA_RND_RU, MMA_RND_RD, MMA_RND_RNA};
    int bad = 0;
    for (size_t v = 0; v <= sizeof rounds; ++v) {
        mma_profile var = *base;
        var.name = NULL;
        if (v < sizeof rounds) {
            var.round_mode = rounds[v];
        } else {
            var.c_mode = MMA_C_UNUSED;
        }
        for (int mode = 0; mode <= MODE_ZEROS; ++mode) {
            bad += check(ins, &var, 7, 37, 33, mode);
            bad += check(ins, &var, 5, 11, 2u * ins->k, mode); /* no zero padding in the last chunk */
        }
    }
    return bad;
}

static int exact_paths;

static int test_gemms(void)
{
    static mma_instr seen[1024];
    size_t nseen = 0;
    int bad = 0;
    mma_instr ins;
    for (size_t idx = 0; mma_instr_catalog(idx, &ins) == MMA_OK; ++idx) {
        if (ins.sparsity != MMA_SPARSE_NONE || ins.block_scale || ins.k > MAXK) {
            continue;
        }
        int dup = 0;
        for (size_t s = 0; s < nseen && !dup; ++s) {
            dup = same_datapath(&seen[s], &ins);
        }
        if (dup || nseen == sizeof seen / sizeof seen[0]) {
            continue;
        }
        seen[nseen++] = ins;
        const int integer = mma_instr_is_integer(&ins);
        for (unsigned p = 0; p < MMA_PRESET_COUNT; ++p) {
            mma_profile prof;
            if (mma_instr_profile((mma_preset)p, &ins, &prof) != MMA_OK) {
                continue; /* that GPU has no such datapath */
            }
            if (!integer && prof.algo == MMA_ACC_EXACT && mmai_gemm_exact_eligible(&ins, &prof, NULL)) {
                /* the exact fast path: every shape, then every rounding and C unused */
                bad += check_all(&ins, &prof, 0);
                bad += check_exact_variants(&ins, &prof);
                ++exact_paths;
                continue;
            }
            if (!integer && prof.algo != MMA_ACC_BLOCK_FMA) {
                /* no fast path (seq_fma, arm_fp8, f64, exact of 16-bit and wider formats): both sides are the row engine; tiles only */
                for (int mode = 0; mode < MODE_COUNT; ++mode) {
                    bad += check(&ins, &prof, 7, 9, 33, mode);
                }
                continue;
            }
            bad += check_all(&ins, integer ? NULL : &prof, p == MMA_PRESET_HOPPER);
            if (integer) {
                break; /* integers ignore the profile */
            }
            if (p == MMA_PRESET_HOPPER && prof.algo == MMA_ACC_BLOCK_FMA && !seen_types(seen, nseen - 1, &ins)) {
                /* profile variants: once per (A, B, D) type combination */
                mma_profile var;
                for (int v = 0; variant(&prof, v, &var); ++v) {
                    if (mma_profile_validate(&var) == MMA_OK) {
                        for (int mode = 0; mode < MODE_COUNT; ++mode) {
                            bad += check(&ins, &var, 7, 37, 33, mode);
                            bad += check(&ins, &var, 3, 9, 70, mode);
                        }
                    }
                }
            }
        }
    }
    printf("gemm: %zu datapaths (%d by the exact fast path), %ld GEMMs, %ld outputs compared, %d failed\n", nseen,
           exact_paths, runs, outputs, bad);
    if (exact_paths == 0) {
        printf("FAIL no datapath took the exact fast path\n");
        ++bad;
    }
    return bad;
}

/*
 * K = 0 with block scaling: no scale blocks, so no scale codes (NULL, mma.h: blocks past
 * ceil(k / block_k) are unit scales) - D is C through the instruction's C path on both paths.
 */
static int check_k0(const mma_instr *ins, const mma_profile *prof)
{
    const size_t m = 3, n = 5;
    const gen gc = make_gen((mma_format)ins->ctype, MODE_WIDE);
    for (size_t i = 0; i < m * n; ++i) C[i] = code_of((mma_format)ins->ctype, &gc);
    for (size_t i = 0; i < m * n; ++i) D1[i] = D2[i] = 0xDEADull;
    mma_gemm_desc g = {ins, prof, m, n, 0, NULL, 0, NULL, n, C, n, D1, n, NULL, 0, NULL, 0, NULL, n};
    const mma_status s1 = mma_gemm(&g);
    g.d = D2;
    const mma_status s2 = mmai_gemm_general(&g);
    int bad = s1 != s2 || s1 != MMA_OK;
    for (size_t i = 0; i < m * n && !bad; ++i) bad = D1[i] != D2[i];
    if (bad) {
        describe(ins, prof, "K = 0");
        printf("fast %s, general %s\n", mma_status_name(s1), mma_status_name(s2));
    }
    return bad;
}

/*
 * The block-scaled instructions (one per datapath) under `exact` (the exact fast path for ue8m0
 * scales) and under the rtx_blackwell preset (the block-FMA fast path for mxf8f6f4, the row engine for
 * the mxf4 kinds): scales near 1, at the ends of the ue8m0 range and NaN, K not a multiple of the block
 * (unit scales past K).
 */
static int test_scaled(void)
{
    static const char *const fmts[] = {"e4m3", "e5m2", "e3m2", "e2m3", "e2m1"};
    static const char *const others[] = {
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0"};
    const size_t nf = sizeof fmts / sizeof fmts[0], no = sizeof others / sizeof others[0];
    size_t nseen = 0;
    int bad = 0, fast = 0, bfma = 0;
    for (size_t idx = 0; idx < nf * nf + no; ++idx) {
        char text[160];
        if (idx < nf * nf) {
            snprintf(text, sizeof text,
                     "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.%s.%s.f32.ue8m0",
                     fmts[idx / nf], fmts[idx % nf]);
        } else {
            snprintf(text, sizeof text, "%s", others[idx - nf * nf]);
        }
        mma_instr ins;
        if (mma_instr_parse(text, strlen(text), &ins, NULL) != MMA_OK || !ins.block_scale) {
            printf("FAIL setup %s\n", text);
            ++bad;
            continue;
        }
        ++nseen;
        static const mma_preset presets[] = {MMA_PRESET_EXACT, MMA_PRESET_RTX_BLACKWELL};
        for (size_t p = 0; p < sizeof presets / sizeof presets[0]; ++p) {
            mma_profile prof;
            mma_scale_shape shape;
            if (mma_instr_profile(presets[p], &ins, &prof) != MMA_OK || mma_block_scale_shape(&ins, &shape) != MMA_OK) {
                printf("FAIL setup %s (preset %zu)\n", text, p);
                ++bad;
                continue;
            }
            fast += mmai_gemm_exact_eligible(&ins, &prof, &shape);
            mma_profile eff;
            bfma += presets[p] != MMA_PRESET_EXACT && mmai_effective_profile(&ins, &prof, &eff) == MMA_OK &&
                    mmai_gemm_fast_eligible(&ins, &eff);
            for (int mode = 0; mode <= MODE_ZEROS; ++mode) {
                bad += check(&ins, &prof, 7, 9, 2 * ins.k + 5, mode);
                bad += check(&ins, &prof, 3, 21, ins.k, mode);
            }
            bad += check_k0(&ins, &prof);
        }
    }
    printf("scaled: %zu datapaths (%d by the exact fast path, %d by the block-FMA fast path), %d failed\n", nseen,
           fast, bfma, bad);
    if (fast == 0) {
        printf("FAIL no block-scaled datapath took the exact fast path\n");
        ++bad;
    }
    if (bfma != (int)(nf * nf)) { /* every mxf8f6f4 pair under rtx_blackwell; the mxf4 kinds' groups are not for it */
        printf("FAIL %d block-scaled datapaths took the block-FMA fast path, expected the %zu mxf8f6f4 ones\n", bfma,
               nf * nf);
        ++bad;
    }
    return bad;
}

/* Invalid codes (bits beyond the format) and tile bounds: the same status on both paths. */
static int test_errors(void)
{
    static const char *const texts[] = {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
                                        "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32",
                                        "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32",
                                        "mma.sync.aligned.m16n8k64.row.col.s32.s4.u4.s32",
                                        "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e2m3.f32"};
    /* the last under exact: the exact fast path's own check of the codes */
    static const mma_preset presets[] = {MMA_PRESET_HOPPER, MMA_PRESET_HOPPER, MMA_PRESET_HOPPER, MMA_PRESET_HOPPER,
                                         MMA_PRESET_EXACT};
    int bad = 0;
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; ++t) {
        mma_instr ins;
        mma_profile prof;
        if (mma_instr_parse(texts[t], strlen(texts[t]), &ins, NULL) != MMA_OK ||
            mma_instr_profile(presets[t], &ins, &prof) != MMA_OK) {
            printf("FAIL setup %s\n", texts[t]);
            return 1;
        }
        for (int where = 0; where < 3; ++where) {
            const size_t m = 5, n = 6, k = 40;
            const gen ga = make_gen((mma_format)ins.atype, MODE_NARROW), gb = make_gen((mma_format)ins.btype, MODE_NARROW);
            for (size_t i = 0; i < m * k; ++i) A[i] = code_of((mma_format)ins.atype, &ga);
            for (size_t i = 0; i < k * n; ++i) B[i] = code_of((mma_format)ins.btype, &gb);
            for (size_t i = 0; i < m * n; ++i) C[i] = 0;
            uint64_t *victim = where == 0 ? &A[rnd_below(m * k)] : where == 1 ? &B[rnd_below(k * n)] : &C[3];
            *victim |= 1ull << 40;
            mma_gemm_desc g = {&ins, &prof, m, n, k, A, k, B, n, C, n, D1, n, NULL, 0, NULL, 0, NULL, 0};
            const mma_status s1 = mma_gemm(&g), s2 = mmai_gemm_general(&g);
            if (s1 != s2 || s1 == MMA_OK) {
                printf("FAIL invalid code (%d) %s: fast %s general %s\n", where, texts[t], mma_status_name(s1),
                       mma_status_name(s2));
                ++bad;
            }
            *victim &= ~(1ull << 40);
            if (mma_gemm_tile(&g, 3, 2, 0, n) != MMA_ERR_BUFFER || mma_gemm_tile(&g, 0, m, 0, n + 1) != MMA_ERR_BUFFER ||
                mma_gemm_tile(NULL, 0, 0, 0, 0) != MMA_ERR_NULL || mma_gemm_tile(&g, 2, 2, 1, 1) != MMA_OK) {
                printf("FAIL tile bounds %s\n", texts[t]);
                ++bad;
            }
        }
    }
    return bad;
}

/* K = 0: A (and mma.sp metadata) may be NULL, D is C in dtype; no pointer into them is formed (UBSan). */
static int test_empty_k(void)
{
    static const char *const texts[] = {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
                                        "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32",
                                        "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32"};
    int bad = 0;
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; ++t) {
        mma_instr ins;
        mma_profile prof;
        if (mma_instr_parse(texts[t], strlen(texts[t]), &ins, NULL) != MMA_OK ||
            mma_instr_profile(MMA_PRESET_HOPPER, &ins, &prof) != MMA_OK) {
            printf("FAIL setup %s\n", texts[t]);
            return 1;
        }
        for (size_t i = 0; i < 3 * 4; ++i) {
            C[i] = i == 5 ? 0x80000000u : 0x3F800000u + i;
        }
        mma_gemm_desc g = {&ins, &prof, 3, 4, 0, NULL, 0, NULL, 4, C, 4, D1, 4, NULL, 0, NULL, 0, NULL, 0};
        const mma_status s1 = mma_gemm(&g);
        g.d = D2;
        const mma_status s2 = mmai_gemm_general(&g);
        if (s1 != MMA_OK || s2 != MMA_OK || memcmp(D1, D2, 12 * sizeof D1[0]) != 0) {
            printf("FAIL K = 0 %s: %s / %s\n", texts[t], mma_status_name(s1), mma_status_name(s2));
            ++bad;
        }
    }
    return bad;
}

/* The decode tables (when built with MMA_FAST_TABLES) against mma_decode for every code. */
static int test_tables(void)
{
    static const mma_format fmts[] = {MMA_FMT_E5M2, MMA_FMT_E4M3, MMA_FMT_E3M2, MMA_FMT_E2M3, MMA_FMT_E2M1};
    int bad = 0, tables = 0;
    for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; ++f) {
        const mmai_dec8 *t = mmai_decode8_table(fmts[f]);
        if (t == NULL) {
            continue;
        }
        ++tables;
        const unsigned codes = 1u << mma_format_get(fmts[f])->storage_bits;
        for (unsigned c = 0; c < codes; ++c) {
            mma_value v;
            mma_decode(fmts[f], c, &v);
            if (t[c].cls != v.cls || t[c].sign != v.sign || (v.cls == MMA_CLASS_FINITE &&
                                                            (t[c].sig != v.sig || t[c].lsb != v.exp))) {
                printf("FAIL table %s code %#x\n", mma_format_get(fmts[f])->name, c);
                ++bad;
            }
            /* the narrow path's word of the code, from the decoded value */
            const uint32_t *w = mmai_narrow8_table(fmts[f]);
            uint32_t want = 0;
            if (v.cls == MMA_CLASS_FINITE) {
                want = ((uint32_t)v.sign << 31) | ((uint32_t)v.sig << 8) |
                       (uint32_t)(v.exp + (int32_t)mma_format_get(fmts[f])->frac_bits + MMAI_NARROW_BIAS);
            } else if (v.cls == MMA_CLASS_NAN || v.cls == MMA_CLASS_INF) {
                want = MMAI_NARROW_SPECIAL;
            }
            if (w == NULL || w[c] != want) {
                printf("FAIL narrow word %s code %#x\n", mma_format_get(fmts[f])->name, c);
                ++bad;
            }
        }
    }
    printf("decode tables: %d checked (0 = built without MMA_FAST_TABLES), %d failed\n", tables, bad);
    return bad;
}

/* mma_bfma_round (its normal-range fast path included) against mma_encode of the same exact value. */
static int test_round(void)
{
    int bad = 0;
    long n = 0, host_checked = 0;
    mma_profile prof;
    mma_preset_profile(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32, &prof);
    for (int it = 0; it < 200000; ++it) {
        const mma_format dt = rnd_below(2) ? MMA_FMT_F32 : MMA_FMT_F16;
        const mma_round mode = (mma_round)rnd_below(MMA_RND_COUNT);
        prof.frac_bits = (uint8_t)(1 + rnd_below(40));
        prof.f32_round = prof.f16_round = (uint8_t)mode;
        const int bits = (int)rnd_below(50);
        int64_t S = (int64_t)(rnd() >> (63 - bits)) * (rnd_below(2) ? -1 : 1);
        if (rnd_below(4) == 0) {
            S |= 1; /* odd: round and sticky bits */
        }
        const mma_bfma_frame fr = {MMA_BFMA_FINITE, 1, 0, 0,
                                   (int32_t)rnd_below(dt == MMA_FMT_F32 ? 330 : 60) - (dt == MMA_FMT_F32 ? 170 : 35)};
        uint64_t got = 0, want = 0;
        const mma_value v = {S == 0 ? MMA_CLASS_ZERO : MMA_CLASS_FINITE, (uint8_t)(S < 0), 0, 0,
                             fr.E - (int32_t)prof.frac_bits, S < 0 ? (uint64_t)-S : (uint64_t)S};
        if (mma_bfma_round(&prof, dt, &fr, S, &got) != MMA_OK || mma_encode(dt, &v, mode, 0, &want) != MMA_OK) {
            printf("FAIL round status\n");
            return 1;
        }
        if (dt == MMA_FMT_F32 && mode != MMA_RND_RNA) {
            /* independent oracle: the host's one rounding of the exact value (long double holds it) */
            static const int host[] = {[MMA_RND_RNE] = FE_TONEAREST, [MMA_RND_RZ] = FE_TOWARDZERO,
                                       [MMA_RND_RD] = FE_DOWNWARD, [MMA_RND_RU] = FE_UPWARD};
            const long double exact = ldexpl((long double)S, v.exp);
            fesetround(host[mode]);
            volatile float f = (float)exact;
            fesetround(FE_TONEAREST);
            const float ff = f;
            uint32_t w32;
            memcpy(&w32, &ff, 4);
            want = w32;
            ++host_checked;
        }
        if (S == 0) {
            want = 0; /* an exact zero sum is +0 */
        }
        /* overflow: the step gives Inf in every mode (NUMERICS 3.8), encode may give max finite */
        const int top = fr.E - (int)prof.frac_bits + (S == 0 ? 0 : 63 - __builtin_clzll(v.sig));
        if (top > (dt == MMA_FMT_F32 ? 127 : 15)) {
            continue;
        }
        ++n;
        if (got != want) {
            if (bad++ < 5) {
                printf("FAIL round %s mode %d S %lld E %d F %u: got %llx want %llx\n", dt == MMA_FMT_F32 ? "f32" : "f16",
                       (int)mode, (long long)S, fr.E, prof.frac_bits, (unsigned long long)got,
                       (unsigned long long)want);
            }
        }
    }
    printf("bfma round: %ld values (%ld f32 against the host's rounding, the rest vs mma_encode), %d failed\n", n,
           host_checked, bad);
    return bad;
}

/* mma_ieee_add against the host's IEEE float addition (f32, every rounding mode the host has). */
static int test_ieee_add(void)
{
    static const int host_modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
    static const mma_round modes[4] = {MMA_RND_RNE, MMA_RND_RZ, MMA_RND_RD, MMA_RND_RU};
    int bad = 0;
    long n = 0;
    for (int it = 0; it < 400000; ++it) {
        const int m = (int)rnd_below(4);
        const gen gx = make_gen(MMA_FMT_F32, (int)rnd_below(MODE_COUNT));
        uint64_t a = code_of(MMA_FMT_F32, &gx), b = code_of(MMA_FMT_F32, &gx);
        if (rnd_below(4) == 0) {
            b = a ^ 0x80000000u ^ (rnd_below(2) ? 0u : (rnd() & 0xFFu)); /* cancellation */
        }
        if (rnd_below(8) == 0) {
            b = rnd_below(2) ? 0u : 0x80000000u;
        }
        float fa, fb;
        const uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b;
        memcpy(&fa, &a32, 4);
        memcpy(&fb, &b32, 4);
        fesetround(host_modes[m]);
        volatile float fs = fa + fb;
        fesetround(FE_TONEAREST);
        uint32_t want;
        const float s = fs;
        memcpy(&want, &s, 4);
        uint64_t got = 0;
        if (mma_ieee_add(MMA_FMT_F32, a, b, modes[m], &got) != MMA_OK) {
            printf("FAIL ieee_add status\n");
            return 1;
        }
        if (s != s) {
            want = 0x7FFFFFFFu; /* canonical NaN */
        }
        ++n;
        if (got != want) {
            if (bad++ < 5) {
                printf("FAIL ieee_add mode %d: %08x + %08x: got %08llx want %08x\n", m, a32, b32,
                       (unsigned long long)got, want);
            }
        }
    }
    printf("ieee_add: %ld sums vs host float, %d failed\n", n, bad);
    return bad;
}

int main(void)
{
    int bad = test_tables();
    bad += test_round();
    bad += test_ieee_add();
    bad += test_errors();
    bad += test_empty_k();
    bad += test_gemms();
    bad += test_scaled();
    printf("%s\n", bad == 0 ? "unit_gemm_fast: all passed" : "unit_gemm_fast: FAILED");
    return bad != 0;
}
