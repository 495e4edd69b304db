/* digest: the golden model's results as one CRC-32 per (instruction, preset) (digest.h). */
#include "digest.h"

#include "app.h"
#include "mma/block_scale.h"
#include "mma/instr.h"
#include "mma/mma.h"
#include "mma/profile.h"
#include "mma/sparse.h"

enum { DM = 2, DN = 3, CHUNKS = 2, KMAX = CHUNKS * 256, SMAX = KMAX / 16 };

static uint64_t A[DM * KMAX], B[KMAX * DN], C[DM * DN], D[DM * DN], SA[DM * SMAX], SB[SMAX * DN];
static uint8_t META[DM * KMAX];

static uint64_t rand64(uint32_t *s)
{
    uint64_t hi = app_rand(s);
    return (hi << 32) | app_rand(s);
}

/* A code of fmt: any bits (one in eight), else a non-NaN, non-Inf code whose exponent is, half of
 * the time, within 3 of the bias (carries, cancellation and ties stay likely). */
static uint64_t rand_code(uint32_t *s, mma_format fmt)
{
    const mma_format_info *fi = mma_format_get(fmt);
    const unsigned bits = fi->storage_bits;
    const uint64_t mask = bits >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1u);
    if ((app_rand(s) & 7u) == 0u || fi->kind != MMA_KIND_FLOAT) {
        return rand64(s) & mask;
    }
    for (;;) {
        uint64_t code = rand64(s) & mask;
        if ((app_rand(s) & 1u) != 0u && fi->exp_bits > 1u) {
            const unsigned pos = fi->frac_shift + fi->frac_bits;
            const uint64_t emask = (((uint64_t)1 << fi->exp_bits) - 1u) << pos;
            const uint64_t e = (uint64_t)(fi->bias + (int)(app_rand(s) % 7u) - 3);
            code = (code & ~emask) | ((e << pos) & emask);
        }
        mma_value v;
        if (mma_decode(fmt, code, &v) == MMA_OK && v.cls != MMA_CLASS_NAN && v.cls != MMA_CLASS_INF) {
            return code;
        }
    }
}

/* Operands of one run; MMA_OK or the status of a setup call. */
static mma_status fill(uint32_t *s, const mma_instr *ins, mma_gemm_desc *g)
{
    const size_t k = g->k;
    const size_t ka = ins->sparsity != MMA_SPARSE_NONE ? k / 2u : k;
    const size_t m = g->m, n = g->n;
    for (size_t i = 0; i < m * ka; ++i) {
        A[i] = rand_code(s, (mma_format)ins->atype);
    }
    for (size_t i = 0; i < k * n; ++i) {
        B[i] = rand_code(s, (mma_format)ins->btype);
    }
    for (size_t i = 0; i < m * n; ++i) {
        C[i] = rand_code(s, (mma_format)ins->ctype);
        D[i] = 0;
    }
    g->lda = ka;
    if (ins->sparsity != MMA_SPARSE_NONE) {
        mma_sparse_layout lay;
        mma_status st = mma_sparse_layout_of(ins, &lay);
        if (st != MMA_OK) {
            return st;
        }
        const size_t per_row = k / lay.chunk;
        const int spoil = (app_rand(s) & 7u) == 0u;   /* one run in eight: metadata as drawn */
        for (size_t i = 0; i < m * per_row; ++i) {
            uint8_t v = (uint8_t)(app_rand(s) & 0xFu);
            for (unsigned t = 0; t < 64u && !spoil && mma_sparse_meta_check(&lay, v, NULL) != MMA_OK; ++t) {
                v = (uint8_t)(app_rand(s) & 0xFu);
            }
            META[i] = v;
        }
        g->meta = META;
        g->ldm = per_row;
    }
    if (ins->block_scale) {
        mma_scale_shape sh;
        mma_status st = mma_block_scale_shape(ins, &sh);
        if (st != MMA_OK) {
            return st;
        }
        const size_t nb = (k + sh.block_k - 1u) / sh.block_k;
        for (size_t i = 0; i < m * nb; ++i) {
            SA[i] = sh.stype == MMA_FMT_UE8M0 ? 124u + app_rand(s) % 7u : rand_code(s, (mma_format)sh.stype);
        }
        for (size_t i = 0; i < nb * n; ++i) {
            SB[i] = sh.stype == MMA_FMT_UE8M0 ? 124u + app_rand(s) % 7u : rand_code(s, (mma_format)sh.stype);
        }
        g->scale_a = SA;
        g->ldsa = nb;
        g->scale_b = SB;
        g->ldsb = n;
    }
    return MMA_OK;
}

/* The sparse and block-scaled forms (mma_instr_catalog lists the dense ones): each shape, format
 * family, metadata variant and scale_vec of seeds 003-004 once. */
static const char *const extra[] = {
    "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
    "mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16",
    "mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32",
    "mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
    "mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32",
    "mma.sp.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.u8.s32",
    "mma.sp.sync.aligned.m16n8k128.row.col.s32.s4.s4.s32",
    "mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32",
    "mma.sp.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e3m2.e2m3.f32",
    "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0",
    "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e2m1.e3m2.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
};

/* One instruction under every preset; seed_base tells the instructions apart. */
static void run_instr(const digest_params *dp, const mma_instr *ins, const char *text, uint32_t seed_base,
                      digest_emit emit, void *ctx, uint32_t *all, unsigned *runs)
{
    for (unsigned p = 0; p < (unsigned)MMA_PRESET_COUNT; ++p) {
        uint32_t seed = 0x9E3779B9u ^ (seed_base * 16u + p + 1u);
        mma_profile prof;
        uint32_t crc = 0;
        mma_status st = mma_instr_profile((mma_preset)p, ins, &prof);
        if (st == MMA_OK) {
            mma_gemm_desc g = app_gemm_desc(ins, &prof, dp->m, dp->n, dp->chunks * ins->k, A, B, C, D);
            st = dp->m <= DM && dp->n <= DN && dp->chunks <= CHUNKS ? fill(&seed, ins, &g) : MMA_ERR_BUFFER;
            if (st == MMA_OK) {
                st = mma_gemm(&g);
            }
            const uint64_t code = (uint64_t)(int64_t)st;
            crc = app_crc32(app_crc32(0, D, (size_t)dp->m * dp->n), &code, 1);
        }
        const uint64_t line[2] = {(uint64_t)(int64_t)st, crc};
        *all = app_crc32(*all, line, 2);
        emit(ctx, text, mma_preset_name((mma_preset)p), (int)st, crc);
        (*runs)++;
    }
}

unsigned digest_run(const digest_params *p, digest_emit emit, void *ctx, uint32_t *all_crc)
{
    unsigned runs = 0;
    uint32_t all = 0;
    mma_instr ins;
    char text[128];
    size_t idx = 0;
    const unsigned stride = p->stride != 0u ? p->stride : 1u;
    for (; mma_instr_catalog(idx, &ins) == MMA_OK; idx += stride) {
        /* wgmma: N changes the fragments, not the arithmetic (mma_gemm takes any n) */
        if ((ins.family == MMA_FAMILY_WGMMA && ins.n != 8u) || CHUNKS * ins.k > KMAX ||
            mma_instr_format(&ins, text, sizeof text) != MMA_OK) {
            continue;
        }
        run_instr(p, &ins, text, (uint32_t)idx, emit, ctx, &all, &runs);
    }
    for (size_t e = 0; e < sizeof extra / sizeof extra[0]; e += stride) {
        mma_status st = mma_instr_parse(extra[e], app_strlen(extra[e]), &ins, NULL);
        if (st != MMA_OK) {
            emit(ctx, extra[e], "-", (int)st, 0);   /* a list entry the parser refuses: shows as a line */
            runs++;
            continue;
        }
        run_instr(p, &ins, extra[e], (uint32_t)(idx + e), emit, ctx, &all, &runs);
    }
    *all_crc = all;
    return runs;
}
