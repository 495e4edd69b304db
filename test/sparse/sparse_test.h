/* Shared helpers of the sparse / block-scale test suite (hosted C): RNG, checks, the instruction list. */
#ifndef MMA_SPARSE_TEST_H
#define MMA_SPARSE_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mma/block_scale.h"
#include "mma/mmacore.h"
#include "mma/sparse.h"

static long t_checks, t_failures;

#define CHECK(cond, ...)                                                                  \
    do {                                                                                  \
        ++t_checks;                                                                       \
        if (!(cond)) {                                                                    \
            if (++t_failures <= 40) {                                                     \
                fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);  \
                fprintf(stderr, __VA_ARGS__);                                             \
                fputc('\n', stderr);                                                      \
            }                                                                             \
        }                                                                                 \
    } while (0)

static inline int t_finish(const char *name)
{
    printf("%s: %ld checks, %ld failures\n", name, t_checks, t_failures);
    return t_failures == 0 ? 0 : 1;
}

/* xorshift64* */
static uint64_t t_rng = 0x9E3779B97F4A7C15ull;
static inline uint64_t rnd(void)
{
    t_rng ^= t_rng >> 12;
    t_rng ^= t_rng << 25;
    t_rng ^= t_rng >> 27;
    return t_rng * 0x2545F4914F6CDD1Dull;
}
static inline unsigned rndn(unsigned n) { return (unsigned)(rnd() % n); }

/* Every sparse instruction form of seed 004 (both variants where PTX has both), in PTX syntax. */
static const char *const t_sparse_forms[] = {
    /* f16 / bf16 (2:4) */
    "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
    "mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
    "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32",
    "mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16",
    "mma.sp.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
    "mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32",
    /* tf32 (1:2) */
    "mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
    "mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32",
    /* fp8 without .kind (2:4) */
    "mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32",
    "mma.sp.sync.aligned.m16n8k64.row.col.f32.e5m2.e4m3.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e5m2.e5m2.f32",
    /* .kind::f8f6f4 (2:4, ordered only) */
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e3m2.e2m3.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f16.e2m3.e2m1.f16",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e4m3.e3m2.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f16.e5m2.e2m1.f16",
    /* integers: s8/u8 (2:4), s4/u4 (4:8 pairs) */
    "mma.sp.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.u8.s32",
    "mma.sp.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32",
    "mma.sp.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.s8.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.satfinite.s32.u8.s8.s32",
    "mma.sp.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.satfinite.s32.u4.s4.s32",
    "mma.sp.sync.aligned.m16n8k128.row.col.satfinite.s32.u4.u4.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.s32.s4.u4.s32",
    /* block-scaled (ordered only) */
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e3m2.e2m1.f32.ue8m0",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e5m2.f32.ue8m0",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0",
};
#define T_NSPARSE (sizeof t_sparse_forms / sizeof t_sparse_forms[0])

static inline mma_instr t_parse(const char *text)
{
    mma_instr ins;
    mma_diag dg;
    memset(&ins, 0, sizeof ins);
    mma_status st = mma_instr_parse(text, strlen(text), &ins, &dg);
    if (st != MMA_OK) {
        fprintf(stderr, "cannot parse %s: %s (%s)\n", text, mma_status_name(st), dg.reason ? dg.reason : "");
        exit(2);
    }
    return ins;
}

/* Chunk width by the seed text (independent of the library): tf32 2, s4/u4 and e2m1 under mxf4* 8, else 4. */
static inline unsigned t_chunk(const mma_instr *ins)
{
    if (ins->atype == MMA_FMT_TF32) {
        return 2;
    }
    if (ins->atype == MMA_FMT_S4 || ins->atype == MMA_FMT_U4 || ins->kind == MMA_KINDQ_MXF4 ||
        ins->kind == MMA_KINDQ_MXF4NVF4) {
        return 8;
    }
    return 4;
}

/* Metadata validity by the seed/NUMERICS text, written out independently of the library. */
static inline int t_meta_valid(const mma_instr *ins, unsigned v)
{
    if (v > 15) {
        return 0;
    }
    if (ins->atype == MMA_FMT_TF32) {
        return v == 0x4 || v == 0xE;
    }
    if (ins->sparsity == MMA_SPARSE_SP_ORDERED) {
        return v == 0x4 || v == 0x8 || v == 0x9 || v == 0xC || v == 0xD || v == 0xE;
    }
    return v != 0x0 && v != 0x5 && v != 0xA && v != 0xF;
}

/* A random metadata value valid for the instruction. */
static inline uint8_t t_rand_meta(const mma_instr *ins)
{
    unsigned v;
    do {
        v = rndn(16);
    } while (!t_meta_valid(ins, v));
    return (uint8_t)v;
}

/* Expands one chunk by the seed's definition: stored value s goes to the position named by index s
   (pairs for 4:8: stored 2s, 2s+1 -> pair index s; tf32: 0b0100 -> element 0, 0b1110 -> element 1). */
static inline void t_expand_chunk(unsigned chunk, uint8_t meta, const uint64_t *stored, uint64_t *dense)
{
    for (unsigned e = 0; e < chunk; ++e) {
        dense[e] = 0;
    }
    const unsigned i0 = meta & 3u, i1 = meta >> 2;
    if (chunk == 2) {
        dense[meta == 0x4 ? 0 : 1] = stored[0];
    } else if (chunk == 4) {
        dense[i0] = stored[0];
        dense[i1] = stored[1];
    } else {
        dense[2 * i0] = stored[0];
        dense[2 * i0 + 1] = stored[1];
        dense[2 * i1] = stored[2];
        dense[2 * i1 + 1] = stored[3];
    }
}

#endif /* MMA_SPARSE_TEST_H */
