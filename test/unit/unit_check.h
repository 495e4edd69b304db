/* CHECK(cond, printf-style why): the unit tests' one assertion; counts checks and failures, prints each failure. */
#ifndef MMA_UNIT_CHECK_H
#define MMA_UNIT_CHECK_H

#include <stdio.h>

static int failures; /* failed CHECKs */
static int checks;   /* all CHECKs run */

#define CHECK(cond, ...)                                                                                            \
    do {                                                                                                            \
        checks++;                                                                                                   \
        if (!(cond)) {                                                                                              \
            failures++;                                                                                             \
            printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);                                                  \
            printf(__VA_ARGS__);                                                                                    \
            printf("\n");                                                                                           \
        }                                                                                                           \
    } while (0)

#endif /* MMA_UNIT_CHECK_H */
