/* selftest's accelerator checks beyond the hand-picked jobs of main.c: modes.c runs one job in every
 * mode of the mode table; faults.c (the selftest_faults image, built with SELFTEST_FAULTS=1) feeds
 * the accelerator invalid jobs, resets and submits at the wrong time, each followed by a normal job
 * that must be bit-exact again. */
#ifndef MMA_FW_SELFTEST_H
#define MMA_FW_SELFTEST_H

#include "accel_check.h"

/* One small random job in every mode of dev's mode table (2x2 or 3x1, K one chunk of the mode or,
 * every third mode, three quarters of one), each compared bit for bit with mma_gemm; one line per
 * mode and "selftest: modes: N passed, M failed". Returns the number of failed modes. */
unsigned selftest_modes(mma_accel *dev);

/* The fault classes, one line each and "selftest: faults: N passed, M failed". Returns the number
 * of failed classes. */
unsigned selftest_faults(mma_accel *dev);

#endif /* MMA_FW_SELFTEST_H */
