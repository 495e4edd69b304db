/*
 * DPI-C exports of the golden model for a SystemVerilog testbench (sim/dpi/mma_dpi_pkg.sv declares
 * them; sim/README.md shows their use). One job at a time, held on the C side: mma_dpi_job_new
 * picks a configuration (include/mma/hw/mma_configs.h), a mode (a row of its mode table) and the
 * sizes, mma_dpi_job_set loads one operand code at a time, mma_dpi_job_run computes D with
 * mma_gemm under the configuration's preset (the accelerator's job semantics, include/mma/driver.h)
 * and mma_dpi_job_d returns each expected D element's bits.
 *
 * Operands are indexed as mma_gemm takes them: A (row, k) (sparse: the stored A, row, k/2),
 * B (k, col) -- not B^T as the accelerator's memory holds it --, C (row, col), metadata (row, k/4)
 * nibbles, scale_A (row, block), scale_B (block, col). Codes are the format's own code (an f16 is
 * 16 bits, a packed e2m1 4 bits).
 *
 * Every function checks its arguments and returns 0 (or a count / value >= 0) on success, an
 * MMA_DPI_ERR_* code (< 0) for a bad argument, or the golden model's mma_status (> 0);
 * mma_dpi_status_name names any of them. Nothing here can crash the simulator on bad input.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mma/accel_model.h"
#include "mma/hw/mma_configs.h"
#include "mma/mmacore.h"

/* Argument errors (negative, so they never collide with an mma_status). */
enum {
    MMA_DPI_ERR_CONFIG = -1,  /* no configuration of that id or name */
    MMA_DPI_ERR_MODE = -2,    /* mode index outside the configuration's mode table */
    MMA_DPI_ERR_SIZE = -3,    /* M, N or K is 0, above 65535, too large to hold, or K not allowed by the mode */
    MMA_DPI_ERR_NO_JOB = -4,  /* no job: mma_dpi_job_new has not succeeded */
    MMA_DPI_ERR_OPERAND = -5, /* unknown operand, or one the job's mode does not use */
    MMA_DPI_ERR_INDEX = -6,   /* row or column outside the operand */
    MMA_DPI_ERR_VALUE = -7,   /* a value wider than its operand holds (metadata nibble > 15) */
    MMA_DPI_ERR_NOMEM = -8,   /* the operands could not be allocated */
    MMA_DPI_ERR_NOT_RUN = -9, /* D read before mma_dpi_job_run succeeded */
    MMA_DPI_ERR_FIELD = -10   /* unknown mode field name */
};

/* Operand ids of mma_dpi_job_set (mma_dpi_pkg.sv: MMA_DPI_A ...). */
enum { OP_A = 0, OP_B, OP_C, OP_META, OP_SA, OP_SB, OP_COUNT };

#define MMA_DPI_MAX_DIM 65535u             /* the accelerator's limit on M, N and K */
#define MMA_DPI_MAX_ELEMS (1u << 22)       /* elements of one operand (32 MiB of codes) */

/* The job being built. */
static struct {
    int valid;                 /* mma_dpi_job_new succeeded */
    int ran;                   /* mma_dpi_job_run succeeded: d holds the expected D */
    const mma_hw_config *cfg;
    const mma_hw_mode *mode;
    mma_instr ins;
    mma_profile prof;
    unsigned m, n, k, nblk;
    int ordered;               /* sparse metadata variant: ::ordered_metadata (1) or .sp (0) */
    uint64_t *op[OP_COUNT];    /* codes of A, B, C, scale_A, scale_B; META uses meta */
    size_t rows[OP_COUNT], cols[OP_COUNT];
    uint8_t *meta;
    uint64_t *d;
} job;

/* The configuration of an id, or NULL. */
static const mma_hw_config *config_of(int cfg)
{
    return (cfg >= 0 && cfg < MMA_HW_CONFIG_COUNT) ? &mma_hw_configs[cfg] : NULL;
}

/* The mode row of a configuration id and mode index, or NULL (*err tells which is bad). */
static const mma_hw_mode *mode_of(int cfg, int mode, int *err)
{
    const mma_hw_config *c = config_of(cfg);
    if (c == NULL) {
        *err = MMA_DPI_ERR_CONFIG;
        return NULL;
    }
    if (mode < 0 || (unsigned)mode >= c->nmodes) {
        *err = MMA_DPI_ERR_MODE;
        return NULL;
    }
    return &c->modes[mode];
}

/* Bytes of one C or D element in the accelerator's memory (2 for f16, else 4). */
static int cd_bytes(unsigned fmt)
{
    const mma_format_info *fi = mma_format_get((mma_format)fmt);
    return (fi != NULL && fi->storage_bits <= 16u) ? 2 : 4;
}

/* Storage bits of a format's code, or 0 if the format is unknown. */
static int fmt_bits(unsigned fmt)
{
    const mma_format_info *fi = mma_format_get((mma_format)fmt);
    return fi != NULL ? fi->storage_bits : 0;
}

/* Frees the job's operands and marks it empty. */
static void job_free(void)
{
    for (int i = 0; i < OP_COUNT; i++) {
        free(job.op[i]);
        job.op[i] = NULL;
        job.rows[i] = job.cols[i] = 0;
    }
    free(job.meta);
    free(job.d);
    job.meta = NULL;
    job.d = NULL;
    job.valid = job.ran = 0;
}

/* Number of configurations the golden model knows (ids 0 .. count-1). */
int mma_dpi_config_count(void)
{
    return MMA_HW_CONFIG_COUNT;
}

/* The id of a configuration by name ("volta"), or MMA_DPI_ERR_CONFIG. */
int mma_dpi_config_id(const char *name)
{
    if (name == NULL) {
        return MMA_DPI_ERR_CONFIG;
    }
    for (int i = 0; i < MMA_HW_CONFIG_COUNT; i++) {
        if (strcmp(name, mma_hw_configs[i].name) == 0) {
            return i;
        }
    }
    return MMA_DPI_ERR_CONFIG;
}

/* Rows of a configuration's mode table, or MMA_DPI_ERR_CONFIG. */
int mma_dpi_mode_count(int cfg)
{
    const mma_hw_config *c = config_of(cfg);
    return c != NULL ? (int)c->nmodes : MMA_DPI_ERR_CONFIG;
}

/* The PTX instruction that defines a mode ("" for a bad configuration or mode). */
const char *mma_dpi_mode_instr(int cfg, int mode)
{
    int err = 0;
    const mma_hw_mode *md = mode_of(cfg, mode, &err);
    return md != NULL ? md->instr : "";
}

/* One non-negative field of a mode by name (atype btype ctype dtype sparse stype block_k kc g
   packed integer elem_bytes a_bits b_bits c_bits d_bits c_bytes d_bytes), or an MMA_DPI_ERR_* code. */
int mma_dpi_mode_info(int cfg, int mode, const char *field)
{
    int err = 0;
    const mma_hw_mode *md = mode_of(cfg, mode, &err);
    if (md == NULL) {
        return err;
    }
    if (field == NULL) {
        return MMA_DPI_ERR_FIELD;
    }
    static const char *const names[] = {"atype", "btype", "ctype", "dtype", "sparse", "stype",
                                        "block_k", "kc", "g", "packed", "integer", "elem_bytes",
                                        "a_bits", "b_bits", "c_bits", "d_bits", "c_bytes", "d_bytes"};
    const int values[] = {md->atype, md->btype, md->ctype, md->dtype, md->sparse, md->stype,
                          md->block_k, md->kc, md->g, md->packed, md->integer, md->elem_bytes,
                          fmt_bits(md->atype), fmt_bits(md->btype), fmt_bits(md->ctype), fmt_bits(md->dtype),
                          cd_bytes(md->ctype), cd_bytes(md->dtype)};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(field, names[i]) == 0) {
            return values[i];
        }
    }
    return MMA_DPI_ERR_FIELD;
}

/* Allocates one zeroed operand of rows x cols codes; 0 or MMA_DPI_ERR_NOMEM. */
static int alloc_op(int which, size_t rows, size_t cols)
{
    job.rows[which] = rows;
    job.cols[which] = cols;
    job.op[which] = calloc((rows * cols) != 0u ? rows * cols : 1u, sizeof(uint64_t));
    return job.op[which] != NULL ? 0 : MMA_DPI_ERR_NOMEM;
}

/* Starts a new job D (m x n) = A (m x k) x B (k x n) + C in a mode of a configuration, all operand
   codes zero (sparse: ::ordered_metadata); 0, an MMA_DPI_ERR_* code, or the model's status if the
   mode's instruction or profile does not resolve. */
int mma_dpi_job_new(int cfg, int mode, int m, int n, int k)
{
    job_free();
    int err = 0;
    const mma_hw_mode *md = mode_of(cfg, mode, &err);
    if (md == NULL) {
        return err;
    }
    if (m <= 0 || n <= 0 || k <= 0 || (unsigned)m > MMA_DPI_MAX_DIM || (unsigned)n > MMA_DPI_MAX_DIM ||
        (unsigned)k > MMA_DPI_MAX_DIM || (md->sparse && k % 4 != 0) ||
        (uint64_t)m * (uint64_t)k > MMA_DPI_MAX_ELEMS || (uint64_t)k * (uint64_t)n > MMA_DPI_MAX_ELEMS ||
        (uint64_t)m * (uint64_t)n > MMA_DPI_MAX_ELEMS) {
        return MMA_DPI_ERR_SIZE;
    }
    const mma_hw_config *c = config_of(cfg);
    const mma_status st = mma_accel_mode_model(c, md, &job.ins, &job.prof);
    if (st != MMA_OK) {
        return (int)st;
    }
    job.cfg = c;
    job.mode = md;
    job.m = (unsigned)m;
    job.n = (unsigned)n;
    job.k = (unsigned)k;
    job.ordered = 1;
    job.nblk = md->stype ? ((unsigned)k + md->block_k - 1u) / md->block_k : 0u;
    int e = alloc_op(OP_A, job.m, md->sparse ? job.k / 2u : job.k);
    if (e == 0) e = alloc_op(OP_B, job.k, job.n);
    if (e == 0) e = alloc_op(OP_C, job.m, job.n);
    if (e == 0 && md->stype) e = alloc_op(OP_SA, job.m, job.nblk);
    if (e == 0 && md->stype) e = alloc_op(OP_SB, job.nblk, job.n);
    if (e == 0 && md->sparse) {
        job.rows[OP_META] = job.m;
        job.cols[OP_META] = job.k / 4u;
        job.meta = calloc((size_t)job.m * (job.k / 4u), 1u);
        if (job.meta == NULL) e = MMA_DPI_ERR_NOMEM;
    }
    if (e == 0) {
        job.d = calloc((size_t)job.m * job.n, sizeof(uint64_t));
        if (job.d == NULL) e = MMA_DPI_ERR_NOMEM;
    }
    if (e != 0) {
        job_free();
        return e;
    }
    job.valid = 1;
    return 0;
}

/* Chooses the sparse metadata variant of the job (1 ::ordered_metadata, 0 plain .sp); 0 or an error. */
int mma_dpi_job_ordered(int ordered)
{
    if (!job.valid) {
        return MMA_DPI_ERR_NO_JOB;
    }
    job.ordered = ordered != 0;
    job.ran = 0;
    return 0;
}

/* Sets one operand code (operand 0 A, 1 B, 2 C, 3 META, 4 SA, 5 SB; indices as mma_gemm takes
   them); 0 or an MMA_DPI_ERR_* code. Codes are checked by mma_dpi_job_run, as mma_gemm checks them. */
int mma_dpi_job_set(int operand, int row, int col, long long code)
{
    if (!job.valid) {
        return MMA_DPI_ERR_NO_JOB;
    }
    if (operand < 0 || operand >= OP_COUNT || job.rows[operand] == 0) {
        return MMA_DPI_ERR_OPERAND;
    }
    if (row < 0 || col < 0 || (size_t)row >= job.rows[operand] || (size_t)col >= job.cols[operand]) {
        return MMA_DPI_ERR_INDEX;
    }
    const size_t at = (size_t)row * job.cols[operand] + (size_t)col;
    if (operand == OP_META) {
        if ((unsigned long long)code > 0xFu) {
            return MMA_DPI_ERR_VALUE;
        }
        job.meta[at] = (uint8_t)code;
    } else {
        job.op[operand][at] = (uint64_t)code;
    }
    job.ran = 0;
    return 0;
}

/* Computes the job's D with mma_gemm under the configuration's preset; 0, the model's mma_status
   (> 0: the job is one the accelerator must refuse with that ERR_CAUSE), or an MMA_DPI_ERR_* code. */
int mma_dpi_job_run(void)
{
    if (!job.valid) {
        return MMA_DPI_ERR_NO_JOB;
    }
    const mma_hw_mode *md = job.mode;
    mma_instr ins = job.ins;
    if (md->sparse) {
        ins.sparsity = (uint8_t)(job.ordered ? MMA_SPARSE_SP_ORDERED : MMA_SPARSE_SP);
    }
    mma_gemm_desc g;
    memset(&g, 0, sizeof g);
    g.ins = &ins;
    g.prof = &job.prof;
    g.m = job.m;
    g.n = job.n;
    g.k = job.k;
    g.a = job.op[OP_A];
    g.lda = job.cols[OP_A];
    g.b = job.op[OP_B];
    g.ldb = job.n;
    g.c = job.op[OP_C];
    g.ldc = job.n;
    g.d = job.d;
    g.ldd = job.n;
    g.meta = md->sparse ? job.meta : NULL;
    g.ldm = job.k / 4u;
    g.scale_a = md->stype ? job.op[OP_SA] : NULL;
    g.ldsa = job.nblk;
    g.scale_b = md->stype ? job.op[OP_SB] : NULL;
    g.ldsb = job.n;
    const mma_status st = mma_gemm(&g);
    job.ran = st == MMA_OK;
    return (int)st;
}

/* The expected bits of D (row, col) of the last successful mma_dpi_job_run into *bits; 0 or an
   MMA_DPI_ERR_* code (*bits is then 0). */
int mma_dpi_job_d(int row, int col, long long *bits)
{
    if (bits == NULL) {
        return MMA_DPI_ERR_VALUE;
    }
    *bits = 0;
    if (!job.valid) {
        return MMA_DPI_ERR_NO_JOB;
    }
    if (!job.ran) {
        return MMA_DPI_ERR_NOT_RUN;
    }
    if (row < 0 || col < 0 || (unsigned)row >= job.m || (unsigned)col >= job.n) {
        return MMA_DPI_ERR_INDEX;
    }
    *bits = (long long)job.d[(size_t)row * job.n + (size_t)col];
    return 0;
}

/* The name of any return code of these functions: "MMA_OK", an mma_status name, or an MMA_DPI_ERR_* name. */
const char *mma_dpi_status_name(int code)
{
    static const char *const dpi[] = {"MMA_DPI_ERR_CONFIG", "MMA_DPI_ERR_MODE", "MMA_DPI_ERR_SIZE",
                                      "MMA_DPI_ERR_NO_JOB", "MMA_DPI_ERR_OPERAND", "MMA_DPI_ERR_INDEX",
                                      "MMA_DPI_ERR_VALUE", "MMA_DPI_ERR_NOMEM", "MMA_DPI_ERR_NOT_RUN",
                                      "MMA_DPI_ERR_FIELD"};
    if (code < 0) {
        return (code >= -(int)(sizeof dpi / sizeof dpi[0])) ? dpi[-code - 1] : "MMA_DPI_ERR_UNKNOWN";
    }
    return mma_status_name((mma_status)code);
}
