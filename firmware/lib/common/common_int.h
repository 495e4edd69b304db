/* Internal helpers every folder of the library may use (not installed). */
#ifndef MMA_COMMON_INT_H
#define MMA_COMMON_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Build option MMA_FAST_TABLES (CMake option of the same name, ON for host builds): 1 compiles the
 * size-costly parts of the GEMM fast paths - 256-entry decode tables of the 8-bit float formats and
 * the block-FMA kernel instanced per step size G; 0 leaves them out (same results, smaller code).
 */
#ifndef MMA_FAST_TABLES
#define MMA_FAST_TABLES 0
#endif

/*
 * MMAI_BFMA_PER_TERM: 1 where 64-bit arithmetic is slow and there are no vector lanes (32-bit
 * targets such as rv32imc): the GEMM fast path puts a chunk on one grid only where it fits 15 bits
 * (16-bit products) and otherwise leaves it unscaled, each product shifted on its own in 32 bits
 * (narrow profiles); 0 (64-bit hosts) also uses 32-bit grids, whose products need 64-bit lanes.
 * The same bits either way.
 */
#ifndef MMAI_BFMA_PER_TERM
#if UINTPTR_MAX > 0xFFFFFFFFu
#define MMAI_BFMA_PER_TERM 0
#else
#define MMAI_BFMA_PER_TERM 1
#endif
#endif

/* True if the len bytes at text spell exactly the NUL-terminated name (text need not be terminated). */
bool mmai_name_equals(const char *text, size_t len, const char *name);

/* Length of a NUL-terminated text (the freestanding library has no strlen). */
static inline size_t mmai_text_len(const char *s)
{
    size_t n = 0;
    while (s[n] != '\0') {
        ++n;
    }
    return n;
}

#endif /* MMA_COMMON_INT_H */
