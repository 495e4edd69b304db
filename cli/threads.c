/* mmacore CLI: a GEMM split over threads (bench, run --gemm): the library has none, it exposes mma_gemm_tile. */

#include "cli.h"

typedef struct gemm_job {
    const mma_gemm_desc *g;
    mma_status st[CLI_MAX_THREADS]; /* status of each band */
} gemm_job;

static void gemm_band(void *ctx, size_t band, size_t begin, size_t end)
{
    gemm_job *job = (gemm_job *)ctx;
    job->st[band] = mma_gemm_tile(job->g, begin, end, 0, job->g->n);
}

mma_status cli_gemm_threads(const mma_gemm_desc *g, unsigned threads)
{
    if (g == NULL || threads <= 1u || g->m < 2) {
        return mma_gemm(g);
    }
    gemm_job job;
    job.g = g;
    for (size_t i = 0; i < CLI_MAX_THREADS; i++) {
        job.st[i] = MMA_OK;
    }
    cli_parallel_for(g->m, threads, gemm_band, &job);
    for (size_t i = 0; i < CLI_MAX_THREADS; i++) {
        if (job.st[i] != MMA_OK) {
            return job.st[i];
        }
    }
    return MMA_OK;
}
