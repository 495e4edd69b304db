/* Helpers shared by the firmware applications (header only): exit codes, a deterministic
 * generator of operand codes, a CRC-32 of result matrices. */
#ifndef MMA_FW_APP_H
#define MMA_FW_APP_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "mma/format.h"
#include "mma/mma.h"

/* Exit codes of selftest and gemm (docs: board/README.md). */
#define APP_EXIT_PASS 0           /* software path and accelerator checks passed */
#define APP_EXIT_FAIL 1           /* a check failed */
#define APP_EXIT_NO_ACCEL 77      /* software path passed; no accelerator in the slot (its checks not run) */

/* xorshift32: the same sequence on every target. */
static inline uint32_t app_rand(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

/* A random finite code of a <= 16-bit float format (NaN and Inf codes re-drawn), or any integer code. */
static inline uint64_t app_rand_code(uint32_t *state, mma_format fmt)
{
    const mma_format_info *fi = mma_format_get(fmt);
    unsigned bits = fi != NULL ? fi->storage_bits : 8u;
    uint64_t mask = bits >= 32u ? 0xFFFFFFFFu : ((1u << bits) - 1u);
    for (;;) {
        uint64_t code = app_rand(state) & mask;
        mma_value v;
        if (mma_decode(fmt, code, &v) != MMA_OK) {
            continue;
        }
        if (v.cls == MMA_CLASS_NAN || v.cls == MMA_CLASS_INF) {
            continue;
        }
        return code;
    }
}

/* The descriptor of a GEMM of packed row-major matrices (lda = k, ldb = ldc = ldd = n), no metadata or scales. */
static inline mma_gemm_desc app_gemm_desc(const mma_instr *ins, const mma_profile *prof, size_t m, size_t n, size_t k,
                                          const uint64_t *a, const uint64_t *b, const uint64_t *c, uint64_t *d)
{
    mma_gemm_desc g = {0};
    g.ins = ins;
    g.prof = prof;
    g.m = m;
    g.n = n;
    g.k = k;
    g.a = a;
    g.lda = k;
    g.b = b;
    g.ldb = n;
    g.c = c;
    g.ldc = n;
    g.d = d;
    g.ldd = n;
    return g;
}

static inline size_t app_strlen(const char *s)
{
    size_t n = 0;
    while (s[n] != '\0') {
        n++;
    }
    return n;
}

static inline uint32_t app_crc32(uint32_t crc, const uint64_t *v, size_t n)
{
    crc = ~crc;
    for (size_t i = 0; i < n; ++i) {
        for (unsigned b = 0; b < 8u; ++b) {
            crc ^= (uint32_t)(v[i] >> (8u * b)) & 0xFFu;
            for (unsigned k = 0; k < 8u; ++k) {
                crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
            }
        }
    }
    return ~crc;
}

#endif /* MMA_FW_APP_H */
