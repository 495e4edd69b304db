/* The accelerator checked from the firmware (selftest, gemm): found and its mode table compared
 * through the driver (mma/driver.h) over the MMIO porting layer (board_port_mmio), then jobs with
 * random operands in RAM run twice - on the accelerator and by the golden model on the CPU
 * (mma_gemm with the mode's instruction under the configuration's preset) - and every bit of D
 * compared. accel_open.c: probe and mode table; accel_job.c: one job; accel_tally.c: the summary. */
#ifndef MMA_FW_ACCEL_CHECK_H
#define MMA_FW_ACCEL_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "mma/accel_model.h"
#include "mma/driver.h"
#include "mma/format.h"
#include "mma/instr.h"
#include "mma/profile.h"

/* Largest job the firmware's buffers hold (small on purpose: the golden model on the soft core
 * takes about 500 to 4000 cycles a MAC). */
#define ACCEL_JOB_MAX_M 16u
#define ACCEL_JOB_MAX_N 8u
#define ACCEL_JOB_MAX_K 64u

/* The per-job timeout (CPU cycles): a job of the sizes above takes a few thousand. */
#define ACCEL_JOB_TIMEOUT 2000000u

/* Probes the accelerator behind the register window and compares its mode table with the table of
 * its configuration (the rows the golden model computes). Prints one line per step under `app`;
 * MMA_OK or the first failing status (the probe's, or MMA_ERR_DEVICE for a mode that differs). */
mma_status accel_open(mma_accel *dev, const char *app);

/* The first row of cfg's mode table with these A, B, D formats, dense or sparse, and this block
 * scale format (MMA_FMT_F64, i.e. 0, for none); -1 if the configuration has none. */
int accel_find_mode(const mma_hw_config *cfg, mma_format a, mma_format b, mma_format d, bool sparse,
                    mma_format stype);

/* One job: a row of the mode table, a shape (at most ACCEL_JOB_MAX_*; K within the mode's rules:
 * sparse a multiple of 4, packed or block-scaled even) and the seed of its operands. */
typedef struct accel_job_spec {
    unsigned mode;
    unsigned m, n, k;
    uint32_t seed;
} accel_job_spec;

/* What one job did. */
typedef struct accel_job_result {
    mma_status sw_status;      /* mma_gemm's */
    mma_status hw_status;      /* the driver's (MMA_ERR_DEVICE when no accelerator ran it) */
    unsigned mismatches;       /* D elements whose bits differ + D rows whose padding changed */
    uint64_t sw_ticks;         /* CPU cycles of mma_gemm */
    uint64_t hw_ticks;         /* CPU cycles from the driver's submit to its acknowledge */
    uint64_t hw_busy;          /* the accelerator's busy counter over the job */
    uint32_t crc;              /* CRC-32 of the golden D codes */
} accel_job_result;

/* Makes the job's operands (golden-model arrays and the accelerator's layout in RAM), computes D
 * with mma_gemm on the CPU and, with dev, on the accelerator, and compares them bit for bit.
 * dev NULL: the software path only. True if everything that ran agreed and returned MMA_OK. */
bool accel_job_run(mma_accel *dev, const mma_hw_config *cfg, const accel_job_spec *spec, accel_job_result *r);

/* Bad input: the job of spec with A's address 4 bytes off the bus grid. The accelerator must refuse
 * it (MMA_ERR_ALIGN, ERR_INFO naming A_ADDR) without touching memory, and be idle afterwards.
 * Returns the driver's status; *info_ok tells whether ERR_INFO named A_ADDR. */
mma_status accel_job_misaligned(mma_accel *dev, const mma_hw_config *cfg, const accel_job_spec *spec,
                                bool *info_ok);

/* The job of spec laid out in the arena (operands drawn as accel_job_run draws them, D filled with
 * the pattern) and its descriptor in *job, not submitted: the fault checks alter and submit it.
 * False if the shape does not fit the mode or the arena. */
bool accel_job_prepare(const mma_hw_config *cfg, const accel_job_spec *spec, mma_accel_job *job);

/* Whether D of the job prepared last still holds the fill pattern everywhere (nothing written). */
bool accel_job_d_untouched(void);

/* The running totals of an app's accelerator checks. */
typedef struct accel_tally {
    unsigned jobs, passed, failed;
    uint64_t sw_ticks, hw_ticks, hw_busy;   /* summed over the jobs that computed */
} accel_tally;

/* One job checked and printed ("  job N: mode ... : ok, accelerator X cycles, software Y"). */
bool accel_tally_job(accel_tally *t, mma_accel *dev, const mma_hw_config *cfg, const accel_job_spec *spec);

/* The bad-input job checked and printed. */
bool accel_tally_misaligned(accel_tally *t, mma_accel *dev, const mma_hw_config *cfg, const accel_job_spec *spec);

/* One failure that is not a job (probe, mode table). */
void accel_tally_fail(accel_tally *t);

/* The summary line: "<app>: accelerator: J jobs, P passed, F failed; accelerator C cycles (busy B),
 * software S cycles for the same jobs (x R)". */
void accel_tally_print(const accel_tally *t, const char *app);

/* A random finite code of fmt (8-bit-exponent floats kept within 2^+-24 of 1 so sums stay finite),
 * or any code of an integer format (accel_codes.c). */
uint64_t accel_code(uint32_t *rng, mma_format fmt);

/* A block-scale code near 1 (ue8m0: 2^-12 .. 2^11; ue4m3: around 0x38, never the NaN 0x7F). */
uint64_t accel_scale(uint32_t *rng, mma_format stype);

/* A short name of a mode ("e4m3 x e4m3 -> f32", "+ sparse", "+ ue8m0 scales") into buf. */
void accel_mode_name(const mma_hw_mode *md, char *buf, unsigned size);

#endif /* MMA_FW_ACCEL_CHECK_H */
