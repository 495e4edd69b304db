/* Shared by the fragment tests: the instruction lists, a PRNG and check counters. */
#ifndef FRAG_COMMON_H
#define FRAG_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mma/mmacore.h"
#include "mma/fragment.h"

static unsigned long g_checks, g_failures;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        g_checks++;                                                                                                    \
        if (!(cond)) {                                                                                                 \
            g_failures++;                                                                                              \
            if (g_failures <= 40) {                                                                                    \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                            \
                printf(__VA_ARGS__);                                                                                   \
                printf("\n");                                                                                          \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

static uint64_t g_rng = 0x9E3779B97F4A7C15ull;
static inline uint64_t rnd(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return g_rng;
}

static inline const char *ins_name(const mma_instr *ins)
{
    static char buf[256];
    if (mma_instr_format(ins, buf, sizeof buf) != MMA_OK) {
        snprintf(buf, sizeof buf, "<unformattable>");
    }
    return buf;
}

/*
 * Every valid sparse or block-scaled mma form, enumerated from the qualifier space and kept if
 * mma_instr_validate accepts it (so the list follows the validator, whatever it accepts).
 */
static inline size_t enum_sparse_scaled(mma_instr *out, size_t cap)
{
    static const uint8_t ab[] = {MMA_FMT_F16, MMA_FMT_BF16, MMA_FMT_TF32, MMA_FMT_E4M3, MMA_FMT_E5M2, MMA_FMT_E3M2,
                                 MMA_FMT_E2M3, MMA_FMT_E2M1, MMA_FMT_S8, MMA_FMT_U8, MMA_FMT_S4, MMA_FMT_U4};
    static const uint8_t acc[] = {MMA_FMT_F16, MMA_FMT_F32, MMA_FMT_S32};
    static const uint16_t ks[] = {8, 16, 32, 64, 128};
    static const uint8_t vecs[] = {0, 1, 2, 4};
    static const uint8_t stypes[] = {MMA_FMT_UE8M0, MMA_FMT_UE4M3};
    size_t count = 0;
    for (unsigned sp = MMA_SPARSE_NONE; sp <= MMA_SPARSE_SP_ORDERED; sp++) {
        for (unsigned kind = MMA_KINDQ_NONE; kind <= MMA_KINDQ_MXF4NVF4; kind++) {
            for (unsigned bs = 0; bs < 2; bs++) {
                if (sp == MMA_SPARSE_NONE && bs == 0) {
                    continue;
                }
                for (unsigned vi = 0; vi < (bs ? 4u : 1u); vi++) {
                    for (unsigned si = 0; si < (bs ? 2u : 1u); si++) {
                        for (unsigned ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
                            for (unsigned a = 0; a < sizeof ab; a++) {
                                for (unsigned b = 0; b < sizeof ab; b++) {
                                    for (unsigned c = 0; c < sizeof acc; c++) {
                                        for (unsigned sat = 0; sat < 2; sat++) {
                                            mma_instr ins;
                                            memset(&ins, 0, sizeof ins);
                                            ins.family = MMA_FAMILY_MMA;
                                            ins.m = 16;
                                            ins.n = 8;
                                            ins.k = ks[ki];
                                            ins.atype = ab[a];
                                            ins.btype = ab[b];
                                            ins.ctype = acc[c];
                                            ins.dtype = acc[c];
                                            ins.alayout = MMA_LAYOUT_ROW;
                                            ins.blayout = MMA_LAYOUT_COL;
                                            ins.satfinite = (uint8_t)sat;
                                            ins.kind = (uint8_t)kind;
                                            ins.sparsity = (uint8_t)sp;
                                            ins.block_scale = (uint8_t)bs;
                                            ins.scale_vec = bs ? vecs[vi] : 0u;
                                            ins.stype = bs ? stypes[si] : 0u;
                                            if (mma_instr_validate(&ins, NULL) == MMA_OK) {
                                                if (count < cap) {
                                                    out[count] = ins;
                                                }
                                                count++;
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    return count;
}

/* The catalogue (dense) instructions. */
static inline size_t enum_catalog(mma_instr *out, size_t cap)
{
    size_t n = 0;
    mma_instr ins;
    while (mma_instr_catalog(n, &ins) == MMA_OK) {
        if (n < cap) {
            out[n] = ins;
        }
        n++;
    }
    return n;
}

static inline int finish(const char *name)
{
    printf("%s: %lu checks, %lu failures\n", name, g_checks, g_failures);
    return g_failures == 0 ? 0 : 1;
}

#endif /* FRAG_COMMON_H */
