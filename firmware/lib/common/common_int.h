/* Internal helpers every folder of the library may use (not installed). */
#ifndef MMA_COMMON_INT_H
#define MMA_COMMON_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True if the len bytes at text spell exactly the NUL-terminated name (text need not be terminated). */
bool mmai_name_equals(const char *text, size_t len, const char *name);

#endif /* MMA_COMMON_INT_H */
