/*
 * Independent reference for the fragment maps: the row/column formulas transcribed from the sources
 * one by one (not derived from the library's rule table), plus a minimal CuTe layout evaluator for
 * the CUTLASS layouts used where the PTX text only has figures.
 *
 * Sources transcribed here:
 *   seed 000  9.7.14.5.8   mma.m16n8k16 .f16/.bf16/.f64 A, B, C/D
 *   seed 001  9.7.14.5.9-11 mma.m16n8k16 integer/.e4m3/.e5m2, m16n8k32, m16n8k64
 *   seed 004  9.7.14.6.2   mma.sp A (row, [firstcol, lastcol]) and the sparsity selector lanes
 *   PTX ISA 9.7.14.5.1-7, 12-13 (text found through the search corpus, e.g. the PTX markdown
 *             "9.7.14.5.1. Matrix Fragments for mma.m8n8k4 with .f16 floating point type" and
 *             ptx.poole.ai/docs/09-instruction-set/14-warp-level-mma/mma/mma-fragments/m8n8k4 etc.):
 *             m8n8k4 (.f16 quad pairs, .f64), m8n8k16, m8n8k32, m8n8k128, m16n8k4, m16n8k8,
 *             m16n8k128 and m16n8k256 (.b1)
 *   CUTLASS CuTe include/cute/atom/mma_traits_sm90_gmma.hpp: ALayout_64x8/64x16/64x32, CLayout_64xN
 *             (wgmma register fragments, seed 003 leaves them in figures)
 *   CUTLASS CuTe mma_traits_sm90_gmma_sparse.hpp: ELayout_64x16/64x32/64x64 (sparse metadata)
 *   CUTLASS CuTe mma_traits_sm120.hpp: SFALayout / SFBLayout of SM120_16x8x64_TN_VS (scale factors)
 *   gputils (K. Smith) test-sparse-mma.cu, a GPU-checked unpacking of mma.sp m16n8k16 f16 metadata:
 *             thread te = 4*(row%8) + f, nibble be = 4*(row/8) + chunk.
 */
#ifndef FRAG_REF_H
#define FRAG_REF_H

#include <stdint.h>
#include <stdio.h>

#include "mma/fragment.h"
#include "mma/instr.h"

/* ---- a minimal CuTe layout: flattened (shape, stride) modes, first mode fastest ---- */
typedef struct cute_mode {
    int n;
    int shape[4];
    int stride[4];
} cute_mode;

static inline int cute_eval(const cute_mode *m, int idx)
{
    int off = 0;
    for (int k = 0; k < m->n; k++) {
        off += (idx % m->shape[k]) * m->stride[k];
        idx /= m->shape[k];
    }
    return off;
}

/* (T, V) -> offset m + M * k of a CuTe TV layout. */
typedef struct cute_tv {
    cute_mode t, v;
} cute_tv;

/* SM90 GMMA register source layouts (element units) and accumulator layout. */
static const cute_tv CUTE_A_64x8 = {{3, {4, 8, 4}, {64, 1, 16}}, {2, {2, 2}, {8, 256}}};
static const cute_tv CUTE_A_64x16 = {{3, {4, 8, 4}, {128, 1, 16}}, {3, {2, 2, 2}, {64, 8, 512}}};
static const cute_tv CUTE_A_64x32 = {{3, {4, 8, 4}, {256, 1, 16}}, {3, {4, 2, 2}, {64, 8, 1024}}};
static inline cute_tv cute_c_64xn(int n)
{
    cute_tv l = {{3, {4, 8, 4}, {128, 1, 16}}, {3, {2, 2, n / 8}, {64, 8, 512}}};
    return l;
}
/* SM90 GMMA sparse metadata layouts: value = one bit of the metadata register -> (m, dense k). */
static const cute_tv CUTE_E_64x16 = {{4, {2, 2, 8, 4}, {512, 0, 1, 16}}, {2, {8, 2}, {64, 8}}};   /* 2 bits/value */
static const cute_tv CUTE_E_64x32 = {{4, {2, 2, 8, 4}, {1024, 0, 1, 16}}, {2, {16, 2}, {64, 8}}}; /* 1 bit/value */
static const cute_tv CUTE_E_64x64 = {{4, {2, 2, 8, 4}, {8, 2048, 1, 16}}, {1, {32}, {64}}};        /* 1 bit/value */
/* SM120 block-scaled mma scale-factor layouts: (T32, V = k) -> m + 16 k (SFA), n + 8 k (SFB). */
static const cute_tv CUTE_SFA = {{3, {2, 2, 8}, {8, 0, 1}}, {1, {64}, {16}}};
static const cute_tv CUTE_SFB = {{2, {4, 8}, {0, 1}}, {1, {64}, {8}}};

static inline void cute_mk(const cute_tv *l, int rows_m, int thr, int val, unsigned *m, unsigned *k)
{
    const int off = cute_eval(&l->t, thr) + cute_eval(&l->v, val);
    *m = (unsigned)(off % rows_m);
    *k = (unsigned)(off / rows_m);
}

/* ---- element widths in registers (the packing rules of the issue, written out) ---- */
static inline unsigned ref_ab_bits(const mma_instr *ins, unsigned fmt)
{
    switch (fmt) {
    case MMA_FMT_F64: return 64;
    case MMA_FMT_F32:
    case MMA_FMT_TF32: return 32;
    case MMA_FMT_F16:
    case MMA_FMT_BF16: return 16;
    case MMA_FMT_S4:
    case MMA_FMT_U4: return 4;
    case MMA_FMT_B1: return 1;
    case MMA_FMT_E2M1:
        return (ins->kind == MMA_KINDQ_MXF4 || ins->kind == MMA_KINDQ_MXF4NVF4) ? 4u : 8u;
    default: return 8; /* s8 u8 e4m3 e5m2 e3m2 e2m3 (8-bit containers) */
    }
}

static inline unsigned ref_acc_bits(unsigned fmt)
{
    return fmt == MMA_FMT_F64 ? 64u : fmt == MMA_FMT_F16 ? 16u : 32u;
}

/* ---- mma (dense) A, B, C/D: the PTX/seed formulas case by case ---- */

/* Accumulators of every m16n8kK shape (seeds 000/001, PTX 9.7.14.5.6-13). */
static inline void ref_c_m16n8(unsigned lane, unsigned i, unsigned *r, unsigned *c)
{
    const unsigned g = lane >> 2, t = lane % 4;
    *r = i < 2 ? g : g + 8;
    *c = t * 2 + (i & 0x1);
}

/* Accumulators of m8n8k4 .f64, m8n8k16, m8n8k32, m8n8k128: row = groupID, col = tig*2 + i. */
static inline void ref_c_m8n8(unsigned lane, unsigned i, unsigned *r, unsigned *c)
{
    *r = lane >> 2;
    *c = (lane % 4) * 2 + i;
}

/* Returns 1 and the position, or -1 if there is no transcription for the form. */
static inline int ref_mma_a(const mma_instr *ins, unsigned lane, unsigned i, unsigned *r, unsigned *c)
{
    const unsigned g = lane >> 2, t = lane % 4;
    const unsigned bits = ref_ab_bits(ins, ins->atype);
    if (ins->m == 8 && ins->k == 4 && ins->atype == MMA_FMT_F16) { /* 9.7.14.5.1, stacked per quad pair */
        const unsigned q = (lane / 4) % 4;
        if (ins->alayout == MMA_LAYOUT_ROW) {
            *r = (lane < 16 ? lane % 4 : (lane % 4) + 4) + 8 * q;
            *c = i;
        } else {
            *r = (lane < 16 ? i % 4 : (i % 4) + 4) + 8 * q;
            *c = lane % 4;
        }
        return 1;
    }
    if (ins->m == 8) {
        if (ins->k == 4) { /* f64 9.7.14.5.2 */
            *r = g;
            *c = t;
        } else if (ins->k == 16) { /* 9.7.14.5.3 */
            *r = g;
            *c = t * 4 + i;
        } else if (ins->k == 32) { /* 9.7.14.5.4 */
            *r = g;
            *c = t * 8 + i;
        } else { /* m8n8k128 9.7.14.5.5 */
            *r = g;
            *c = t * 32 + i;
        }
        return 1;
    }
    switch (ins->k) {
    case 4: /* m16n8k4 tf32 / f64: a0 row g, a1 row g+8, col tig */
        *r = i == 0 ? g : g + 8;
        *c = t;
        return 1;
    case 8:
        if (bits == 16) { /* f16/bf16 */
            *r = i < 2 ? g : g + 8;
            *c = t * 2 + (i & 0x1);
        } else { /* tf32, f64: a0,a2 row g; a1,a3 g+8; col t (a0,a1), t+4 (a2,a3) */
            *r = (i == 0 || i == 2) ? g : g + 8;
            *c = i < 2 ? t : t + 4;
        }
        return 1;
    case 16:
        if (bits == 16) { /* seed 000 */
            *r = (i < 2 || (i >= 4 && i < 6)) ? g : g + 8;
            *c = i < 4 ? (t * 2) + (i & 0x1) : (t * 2) + (i & 0x1) + 8;
        } else if (bits == 64) { /* seed 000 .f64 */
            *r = i % 2 == 0 ? g : g + 8;
            *c = i % 2 == 0 ? (i * 2) + t : (i * 2) - 2 + t;
        } else { /* seed 001 u8/s8/e4m3/e5m2 */
            *r = i < 4 ? g : g + 8;
            *c = (t * 4) + (i & 0x3);
        }
        return 1;
    case 32:
        if (bits == 4) { /* seed 001 */
            *r = i < 8 ? g : g + 8;
            *c = (t * 8) + (i & 0x7);
        } else { /* seed 001 8-bit incl. e3m2/e2m3/e2m1 */
            *r = (i < 4 || (i >= 8 && i < 12)) ? g : g + 8;
            *c = i < 8 ? (t * 4) + (i & 0x3) : (t * 4) + (i & 0x3) + 16;
        }
        return 1;
    case 64: /* seed 001 */
        *r = (i < 8 || (i >= 16 && i < 24)) ? g : g + 8;
        *c = i < 16 ? (t * 8) + (i & 0x7) : (t * 8) + (i & 0x7) + 32;
        return 1;
    case 128: /* .b1 */
        *r = i < 32 ? g : g + 8;
        *c = (t * 32) + (i & 0x1F);
        return 1;
    case 256: /* .b1 */
        *r = (i < 32 || (i >= 64 && i < 96)) ? g : g + 8;
        *c = i < 64 ? (t * 32) + (i & 0x1F) : (t * 32) + (i & 0x1F) + 128;
        return 1;
    default: return -1;
    }
}

static inline int ref_mma_b(const mma_instr *ins, unsigned lane, unsigned i, unsigned *r, unsigned *c)
{
    const unsigned g = lane >> 2, t = lane % 4;
    const unsigned bits = ref_ab_bits(ins, ins->btype);
    if (ins->m == 8 && ins->k == 4 && ins->atype == MMA_FMT_F16) { /* 9.7.14.5.1, stacked per quad pair */
        const unsigned q = (lane / 4) % 4;
        if (ins->blayout == MMA_LAYOUT_ROW) {
            *r = lane % 4;
            *c = (lane < 16 ? i : i + 4) + 8 * q;
        } else {
            *r = i;
            *c = (lane < 16 ? lane % 4 : (lane % 4) + 4) + 8 * q;
        }
        return 1;
    }
    *c = g;
    if (ins->m == 8) {
        *r = ins->k == 4 ? t : ins->k == 16 ? t * 4 + i : ins->k == 32 ? t * 8 + i : t * 32 + i;
        return 1;
    }
    switch (ins->k) {
    case 4: *r = t; return 1;                                    /* b0 row tig */
    case 8: *r = bits == 16 ? t * 2 + (i & 0x1) : (i == 0 ? t : t + 4); return 1;
    case 16:
        if (bits == 16) {
            *r = i < 2 ? (t * 2) + (i & 0x1) : (t * 2) + (i & 0x1) + 8; /* seed 000 */
        } else if (bits == 64) {
            *r = t + (i * 4); /* seed 000 .f64 */
        } else {
            *r = (t * 4) + i; /* seed 001 */
        }
        return 1;
    case 32:
        if (bits == 4) {
            *r = (t * 8) + (i & 0x7); /* seed 001 */
        } else {
            *r = i < 4 ? (t * 4) + (i & 0x3) : (t * 4) + (i & 0x3) + 16; /* seed 001 */
        }
        return 1;
    case 64: *r = i < 8 ? (t * 8) + (i & 0x7) : (t * 8) + (i & 0x7) + 32; return 1; /* seed 001 */
    case 128: *r = (t * 32) + i; return 1;
    case 256: *r = i < 32 ? (t * 32) + (i & 0x1F) : (t * 32) + (i & 0x1F) + 128; return 1;
    default: return -1;
    }
}

static inline int ref_mma_cd(const mma_instr *ins, unsigned fmt, unsigned lane, unsigned i, unsigned *r, unsigned *c)
{
    if (ins->m == 8 && ins->k == 4 && ins->atype == MMA_FMT_F16) { /* 9.7.14.5.1, stacked */
        const unsigned q = (lane / 4) % 4;
        if (fmt == MMA_FMT_F16) {
            *r = (lane < 16 ? lane % 4 : (lane % 4) + 4) + 8 * q;
            *c = i;
        } else {
            const unsigned x = (lane & 0x1) + (i & 0x2);
            *r = (lane < 16 ? x : x + 4) + 8 * q;
            *c = (i & 0x4) + (lane & 0x2) + (i & 0x1);
        }
        return 1;
    }
    if (ins->m == 8) {
        ref_c_m8n8(lane, i, r, c);
    } else {
        ref_c_m16n8(lane, i, r, c);
    }
    return 1;
}

/* ---- mma.sp (seed 004) ---- */

/* Stored-A registers: elements per .b32 register as in the seed 004 tables. */
static inline unsigned ref_sp_per_reg(const mma_instr *ins)
{
    const unsigned bits = ref_ab_bits(ins, ins->atype);
    return bits == 32 ? 1u : 32u / bits;
}

/*
 * Stored A: seed 004 gives the row and the dense range [firstcol, lastcol] of the register holding
 * a_i; the stored (compressed, M x K/2) column of a_i is firstcol / 2 + i % (elements per register).
 */
static inline int ref_sp_a(const mma_instr *ins, unsigned lane, unsigned i, unsigned *r, unsigned *c)
{
    const unsigned g = lane >> 2, t = lane % 4;
    const unsigned bits = ref_ab_bits(ins, ins->atype);
    unsigned firstcol;
    if (bits == 16) {
        if (ins->k == 16) { /* 9.7.14.6.2.1 */
            *r = i < 2 ? g : g + 8;
            firstcol = t * 4;
        } else { /* k32, 9.7.14.6.2.2 */
            *r = (i < 2 || (i >= 4 && i < 6)) ? g : g + 8;
            firstcol = i < 4 ? t * 4 : (t * 4) + 16;
        }
    } else if (bits == 32) {        /* tf32 */
        if (ins->k == 8) {          /* 9.7.14.6.2.4 */
            *r = i == 0 ? g : g + 8;
            firstcol = t * 2;
        } else { /* k16, 9.7.14.6.2.3 */
            *r = (i == 0 || i == 2) ? g : g + 8;
            firstcol = i < 2 ? t * 2 : (t * 2) + 8;
        }
    } else if (bits == 8) {
        if (ins->k == 32) { /* 9.7.14.6.2.5 */
            *r = i < 4 ? g : g + 8;
            firstcol = t * 8;
        } else { /* k64, 9.7.14.6.2.6 */
            *r = (i < 4 || (i >= 8 && i < 12)) ? g : g + 8;
            firstcol = i < 8 ? t * 8 : (t * 8) + 32;
        }
    } else { /* 4-bit */
        if (ins->k == 64) { /* 9.7.14.6.2.7 */
            *r = i < 8 ? g : g + 8;
            firstcol = t * 16;
        } else { /* k128, 9.7.14.6.2.8 */
            *r = (i < 8 || (i >= 16 && i < 24)) ? g : g + 8;
            firstcol = i < 16 ? t * 16 : (t * 16) + 64;
        }
    }
    *c = firstcol / 2 + i % ref_sp_per_reg(ins);
    return 1;
}

/* Sparse B: seed 004 refers to the dense forms, or (k32 f16, k16 tf32, k64 8-bit, k128 4-bit) to figures. */
static inline int ref_sp_b(const mma_instr *ins, unsigned lane, unsigned i, unsigned *r, unsigned *c)
{
    const unsigned g = lane >> 2, t = lane % 4;
    const unsigned bits = ref_ab_bits(ins, ins->btype);
    *c = g;
    if (bits == 16 && ins->k == 32) {
        /* Figure 121 (k32 f16): 4 regs; no formula in the seed. As the k16 rule extended to rows 16..31. */
        *r = (t * 2) + (i & 0x1) + 8 * (i / 2);
        return 1;
    }
    if (bits == 32 && ins->k == 16) {
        /* Figure 124, the same image as Figure 82 (m16n8k16 .f64 B): row = tig + 4i. */
        *r = t + (i * 4);
        return 1;
    }
    if (bits == 8 && ins->k == 64) { /* Figures 132-135: four 16-row bands of the k32 8-bit rule */
        *r = (t * 4) + (i & 0x3) + 16 * (i / 4);
        return 1;
    }
    if (bits == 4 && ins->k == 128) { /* Figures 142-145: four 32-row bands of the k64 4-bit rule */
        *r = (t * 8) + (i & 0x7) + 32 * (i / 8);
        return 1;
    }
    return ref_mma_b(ins, lane, i, r, c);
}

/* Metadata threads of each quad (seed 004 sparsity selector text). */
static inline unsigned ref_meta_threads(const mma_instr *ins)
{
    const unsigned bits = ref_ab_bits(ins, ins->atype);
    if ((bits == 16 && ins->k == 16) || (bits == 32 && ins->k == 8)) {
        return 1;
    }
    if ((bits == 16 && ins->k == 32) || (bits == 32 && ins->k == 16) || (bits == 8 && ins->k == 32) ||
        (bits == 4 && ins->k == 64)) {
        return 2;
    }
    return 4;
}

/*
 * Metadata: returns 1 (held, with row and chunk), 0 (lane holds none), -1 (no independent source).
 * *derived is set when the position comes from the register-order rule only (no external source).
 */
static inline int ref_meta(const mma_instr *ins, unsigned sel, unsigned lane, unsigned n, unsigned *r, unsigned *c,
                    int *derived)
{
    const unsigned t = lane % 4, g = lane >> 2;
    const unsigned threads = ref_meta_threads(ins);
    const unsigned bits = ref_ab_bits(ins, ins->atype);
    const unsigned chunk = bits == 32 ? 2u : bits == 4 ? 8u : 4u;
    unsigned m, k;
    *derived = 0;
    if (threads == 1 && t != sel) {
        return 0;
    }
    if (threads == 2 && t / 2 != sel) {
        return 0;
    }
    if (bits == 16 && ins->k == 16) { /* gputils GPU test: be = 4*(row/8) + chunk in thread 4g + f */
        *r = g + 8 * (n / 4);
        *c = n % 4;
        return 1;
    }
    if (bits == 16 && ins->k == 32) { /* CuTe ELayout_64x32, 1 bit per value, bit b of nibble n */
        cute_mk(&CUTE_E_64x32, 64, (int)lane, (int)(4 * n), &m, &k);
        *r = m;
        *c = k / chunk;
        return 1;
    }
    if (bits == 32 && ins->k == 16) { /* CuTe ELayout_64x16, 2 bits per value */
        cute_mk(&CUTE_E_64x16, 64, (int)lane, (int)(2 * n), &m, &k);
        *r = m;
        *c = k / chunk;
        return 1;
    }
    if (bits == 8 && ins->k == 64) { /* CuTe ELayout_64x64, 1 bit per value */
        cute_mk(&CUTE_E_64x64, 64, (int)lane, (int)(4 * n), &m, &k);
        *r = m;
        *c = k / chunk;
        return 1;
    }
    /* tf32 k8 (one thread: as the f16 k16 case), s8/u8 k32, s4/u4 k64, s4/u4/e2m1 k128: the stored-A
       register-order rule, written out per case. */
    *derived = !(bits == 32 && ins->k == 8);
    if (threads == 1) { /* tf32 k8: nibbles 0-3 row g chunks 0-3, 4-7 row g+8 */
        *r = g + 8 * (n / 4);
        *c = n % 4;
    } else if (threads == 2) { /* s8 k32, s4 k64: thread 2f -> row g, 2f+1 -> row g+8, all 8 chunks */
        *r = g + 8 * (t % 2);
        *c = n;
    } else { /* s4/e2m1 k128: t%2 -> row half, t/2 -> chunk half (as ELayout_64x64 for 8-bit k64) */
        *r = g + 8 * (t % 2);
        *c = 8 * (t / 2) + n;
    }
    return 1;
}

/* Scale factors: CuTe SFALayout/SFBLayout give the rows/columns; bytes byte-id + v hold block v. */
static inline int ref_scale(const mma_instr *ins, int is_a, const mma_frag_select *s, unsigned vec, unsigned lane,
                     unsigned byte, unsigned *r, unsigned *c)
{
    const unsigned t = lane % 4;
    const unsigned first = is_a ? s->byte_id_a : s->byte_id_b;
    unsigned m, k;
    (void)ins;
    if (byte < first || byte >= first + vec) {
        return 0;
    }
    if (is_a) {
        if (t / 2 != s->thread_id_a) {
            return 0;
        }
        cute_mk(&CUTE_SFA, 16, (int)lane, 0, &m, &k);
        *r = m;
        *c = byte - first;
    } else {
        if (t != s->thread_id_b) {
            return 0;
        }
        cute_mk(&CUTE_SFB, 8, (int)lane, 0, &m, &k);
        *r = byte - first;
        *c = m;
    }
    return 1;
}

/* ---- wgmma ---- */
static inline int ref_wgmma(const mma_instr *ins, mma_operand op, unsigned lane, unsigned i, unsigned *r, unsigned *c)
{
    if (op == MMA_OPERAND_A) {
        if (ins->k == 8) {
            cute_mk(&CUTE_A_64x8, 64, (int)lane, (int)i, r, c);
        } else if (ins->k == 16) {
            cute_mk(&CUTE_A_64x16, 64, (int)lane, (int)i, r, c);
        } else if (ins->k == 32) {
            cute_mk(&CUTE_A_64x32, 64, (int)lane, (int)i, r, c);
        } else { /* k256 .b1: per warp the m16n8k256 .b1 A rule, rows + 16 * warp */
            mma_instr tmp = *ins;
            tmp.m = 16;
            tmp.family = MMA_FAMILY_MMA;
            (void)ref_mma_a(&tmp, lane % 32, i, r, c);
            *r += 16 * (lane / 32);
        }
        return 1;
    }
    if (op == MMA_OPERAND_C || op == MMA_OPERAND_D) {
        const cute_tv cl = cute_c_64xn(ins->n);
        cute_mk(&cl, 64, (int)lane, (int)i, r, c);
        return 1;
    }
    return -1;
}

/* ---- the reference map of any operand ---- */
static inline unsigned ref_vec(const mma_instr *ins)
{
    if (ins->scale_vec != 0) {
        return ins->scale_vec;
    }
    return ins->kind == MMA_KINDQ_MXF8F6F4 ? 1u : 2u;
}

static inline unsigned ref_chunk(const mma_instr *ins)
{
    const unsigned bits = ref_ab_bits(ins, ins->atype);
    return bits == 32 ? 2u : bits == 4 ? 8u : 4u;
}

/* 1 held (position), 0 not held, -1 no transcription. */
static inline int ref_coord(const mma_instr *ins, mma_operand op, const mma_frag_select *sel, unsigned lane, unsigned i,
                     unsigned *r, unsigned *c, int *derived)
{
    const int sparse = ins->sparsity != MMA_SPARSE_NONE;
    *derived = 0;
    if (ins->family == MMA_FAMILY_WGMMA) {
        return ref_wgmma(ins, op, lane, i, r, c);
    }
    switch (op) {
    case MMA_OPERAND_A: return sparse ? ref_sp_a(ins, lane, i, r, c) : ref_mma_a(ins, lane, i, r, c);
    case MMA_OPERAND_B: return sparse ? ref_sp_b(ins, lane, i, r, c) : ref_mma_b(ins, lane, i, r, c);
    case MMA_OPERAND_C: return ref_mma_cd(ins, ins->ctype, lane, i, r, c);
    case MMA_OPERAND_D: return ref_mma_cd(ins, ins->dtype, lane, i, r, c);
    case MMA_OPERAND_E: return ref_meta(ins, sel->sparsity, lane, i, r, c, derived);
    case MMA_OPERAND_SFA: return ref_scale(ins, 1, sel, ref_vec(ins), lane, i, r, c);
    case MMA_OPERAND_SFB: return ref_scale(ins, 0, sel, ref_vec(ins), lane, i, r, c);
    default: return -1;
    }
}

#endif /* FRAG_REF_H */
