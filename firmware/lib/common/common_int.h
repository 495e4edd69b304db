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

/* True if the len bytes at text spell exactly the NUL-terminated name (text need not be terminated). */
bool mmai_name_equals(const char *text, size_t len, const char *name);

#endif /* MMA_COMMON_INT_H */
