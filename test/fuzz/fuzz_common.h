/*
 * Shared helpers of the libFuzzer targets (test/fuzz/fuzz_*.c, *.cpp): a byte reader over the fuzz
 * input and the property check that aborts (libFuzzer reports an abort as a crash and saves
 * the input; the replay driver of test/fuzz/regressions turns it into a failed ctest).
 */
#ifndef MMA_FUZZ_COMMON_H
#define MMA_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "mma/status.h"

/* Every target defines this (libFuzzer's entry point; the replay driver calls it too). */
#ifdef __cplusplus
extern "C"
#endif
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property violation: print what failed and abort so that the fuzzer keeps the input. */
#define FZ_CHECK(cond, ...)                                                                   \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            fprintf(stderr, "PROPERTY FAILED %s:%d: %s: ", __FILE__, __LINE__, #cond);        \
            fprintf(stderr, __VA_ARGS__);                                                     \
            fputc('\n', stderr);                                                              \
            abort();                                                                          \
        }                                                                                     \
    } while (0)

/* Every status a public function returns must be one of the enum's values. */
#define FZ_CHECK_STATUS(st) \
    FZ_CHECK((unsigned)(st) < (unsigned)MMA_STATUS_COUNT, "status %d is not an mma_status", (int)(st))

/* True when FUZZ_VERBOSE is set: a target then prints what it did with an input (for debugging one). */
static inline bool fz_verbose(void)
{
    static int verbose = -1;
    if (verbose < 0) {
        verbose = getenv("FUZZ_VERBOSE") != NULL;
    }
    return verbose != 0;
}

/* A positive size from the environment variable `name` (a long run's limit), else `dflt`. */
static inline size_t fz_env_size(const char *name, size_t dflt)
{
    const char *v = getenv(name);
    return v != NULL && atol(v) > 0 ? (size_t)atol(v) : dflt;
}

/* Sequential reader of the fuzz input; reads past the end give zeros. */
typedef struct fz_in {
    const uint8_t *p;
    size_t n;
} fz_in;

static inline uint8_t fz_u8(fz_in *in)
{
    if (in->n == 0) {
        return 0;
    }
    in->n--;
    return *in->p++;
}

static inline uint16_t fz_u16(fz_in *in)
{
    uint16_t v = fz_u8(in);
    return (uint16_t)(v | (uint16_t)(fz_u8(in) << 8));
}

static inline uint32_t fz_u32(fz_in *in)
{
    uint32_t v = fz_u16(in);
    return v | ((uint32_t)fz_u16(in) << 16);
}

static inline uint64_t fz_u64(fz_in *in)
{
    uint64_t v = fz_u32(in);
    return v | ((uint64_t)fz_u32(in) << 32);
}

/* xorshift64* stream seeded from the input, for large operand arrays. */
static inline uint64_t fz_rng(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

/* Mask of the low `bits` bits (bits <= 64). */
static inline uint64_t fz_mask(unsigned bits)
{
    return bits >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1u);
}

#endif /* MMA_FUZZ_COMMON_H */
