/* The operands of the gemm job in RAM, in the accelerator's layout (mma/driver.h): A as 64 rows of
 * 64 one-byte codes, B as B^T, C and D as rows of f32, one ue8m0 scale per 32 elements of K per row
 * (scale_A) and per column (scale_B^T); every row on the 32-byte bus grid. About 44 KiB. */
#include "gemm.h"

#include "accel_check.h"
#include "app.h"

enum {
    BEAT = 32u,
    NBLK_MAX = GEMM_K / 16u,   /* scale blocks of K (block_k >= 16) */
    D_FILL = 0xA5A5A5A5u
};

static uint8_t op_a[GEMM_M][GEMM_K] __attribute__((aligned(32)));
static uint8_t op_bt[GEMM_N][GEMM_K] __attribute__((aligned(32)));
static uint32_t op_c[GEMM_M][GEMM_N] __attribute__((aligned(32)));
static uint32_t op_d[GEMM_M][GEMM_N] __attribute__((aligned(32)));
static uint8_t op_sa[GEMM_M][BEAT] __attribute__((aligned(32)));
static uint8_t op_sbt[GEMM_N][BEAT] __attribute__((aligned(32)));

_Static_assert(GEMM_K % BEAT == 0u && NBLK_MAX <= BEAT, "rows of A, B^T and the scales must fill whole beats");

bool gemm_operands_make(const mma_hw_mode *md, unsigned mode, uint32_t seed, mma_accel_job *job)
{
    if (md->elem_bytes != 1u || md->packed || md->sparse || md->stype == 0u || md->block_k == 0u ||
        md->ctype != MMA_FMT_F32 || md->dtype != MMA_FMT_F32 || (GEMM_K + md->block_k - 1u) / md->block_k > NBLK_MAX) {
        return false;
    }
    const unsigned nblk = (GEMM_K + md->block_k - 1u) / md->block_k;
    uint32_t rng = seed != 0u ? seed : 1u;
    for (unsigned i = 0; i < GEMM_M; ++i) {
        for (unsigned k = 0; k < GEMM_K; ++k) {
            op_a[i][k] = (uint8_t)accel_code(&rng, (mma_format)md->atype);
        }
    }
    for (unsigned j = 0; j < GEMM_N; ++j) {
        for (unsigned k = 0; k < GEMM_K; ++k) {
            op_bt[j][k] = (uint8_t)accel_code(&rng, (mma_format)md->btype);
        }
    }
    for (unsigned i = 0; i < GEMM_M; ++i) {
        for (unsigned j = 0; j < GEMM_N; ++j) {
            op_c[i][j] = (uint32_t)accel_code(&rng, MMA_FMT_F32);
            op_d[i][j] = D_FILL;
        }
    }
    for (unsigned i = 0; i < GEMM_M; ++i) {
        for (unsigned b = 0; b < BEAT; ++b) {
            op_sa[i][b] = b < nblk ? (uint8_t)accel_scale(&rng, (mma_format)md->stype) : 0u;
        }
    }
    for (unsigned j = 0; j < GEMM_N; ++j) {
        for (unsigned b = 0; b < BEAT; ++b) {
            op_sbt[j][b] = b < nblk ? (uint8_t)accel_scale(&rng, (mma_format)md->stype) : 0u;
        }
    }
    mma_accel_job j = {0};
    j.mode = (uint8_t)mode;
    j.ordered = true;
    j.m = GEMM_M;
    j.n = GEMM_N;
    j.k = GEMM_K;
    j.a = op_a;
    j.a_stride = sizeof op_a[0];
    j.bt = op_bt;
    j.b_stride = sizeof op_bt[0];
    j.c = op_c;
    j.c_stride = sizeof op_c[0];
    j.d = op_d;
    j.d_stride = sizeof op_d[0];
    j.scale_a = op_sa;
    j.sa_stride = sizeof op_sa[0];
    j.scale_bt = op_sbt;
    j.sb_stride = sizeof op_sbt[0];
    *job = j;
    return true;
}

unsigned gemm_operands_unwritten(void)
{
    unsigned n = 0;
    for (unsigned i = 0; i < GEMM_M; ++i) {
        for (unsigned j = 0; j < GEMM_N; ++j) {
            n += op_d[i][j] == D_FILL;
        }
    }
    return n;
}

/* sample.c reads the operands through these (the tile's rows and columns) */
const uint8_t *gemm_op_a_row(unsigned i)
{
    return op_a[i];
}

const uint8_t *gemm_op_bt_row(unsigned j)
{
    return op_bt[j];
}

uint32_t gemm_op_c(unsigned i, unsigned j)
{
    return op_c[i][j];
}

uint32_t gemm_op_d(unsigned i, unsigned j)
{
    return op_d[i][j];
}

uint8_t gemm_op_sa(unsigned i, unsigned blk)
{
    return op_sa[i][blk];
}

uint8_t gemm_op_sbt(unsigned j, unsigned blk)
{
    return op_sbt[j][blk];
}
