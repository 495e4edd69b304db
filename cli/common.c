/* mmacore CLI: error printing, instruction and preset lookup, --threads, shared by the commands. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fputs("mmacore: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

bool cli_parse_instr(const char *text, mma_instr *out)
{
    mma_diag diag;
    size_t len = strlen(text);
    mma_status st = mma_instr_parse(text, len, out, &diag);
    if (st == MMA_OK) {
        return true;
    }
    if (diag.len == 0) {
        cli_error("%s: %s at end of instruction", text, diag.reason != NULL ? diag.reason : mma_status_message(st));
    } else {
        cli_error("%s: %s at '%.*s'", text, diag.reason != NULL ? diag.reason : mma_status_message(st),
                  (int)diag.len, text + diag.pos);
    }
    return false;
}

bool cli_preset(const char *name, mma_preset *out)
{
    if (mma_preset_from_name(name, strlen(name), out) == MMA_OK) {
        return true;
    }
    fprintf(stderr, "mmacore: error: unknown profile '%s' (presets:", name);
    for (int p = 0; p < (int)MMA_PRESET_COUNT; p++) {
        const char *n = mma_preset_name((mma_preset)p);
        if (n != NULL) {
            fprintf(stderr, " %s", n);
        }
    }
    fputs("; GPU names:", stderr);
    cli_print_gpu_names(stderr);
    fputs(")\n", stderr);
    return false;
}

void cli_print_gpu_names(FILE *out)
{
    const mma_gpu *gpu;
    for (size_t i = 0; (gpu = mma_gpu_get(i)) != NULL; i++) {
        fprintf(out, " %s", gpu->name);
    }
}

const char *cli_format_name(unsigned fmt)
{
    const mma_format_info *info = mma_format_get((mma_format)fmt);
    return info != NULL && info->name != NULL ? info->name : "?";
}

unsigned cli_format_bits(unsigned fmt)
{
    const mma_format_info *info = mma_format_get((mma_format)fmt);
    return info != NULL ? info->storage_bits : 0u;
}

const char *cli_option(int argc, char **argv, int *i, const char *name)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0) {
        return NULL;
    }
    if (arg[n] == '=') {
        return arg + n + 1;
    }
    if (arg[n] != '\0') {
        return NULL;
    }
    if (*i + 1 >= argc) {
        return ""; /* the caller reports "needs a value" */
    }
    *i += 1;
    return argv[*i];
}

/* ---- --threads and the parallel loop of bench, run --gemm and conform (the library has no threads) ---- */

bool cli_parse_threads(const char *cmd, const char *v, unsigned *out)
{
    char *end = NULL;
    const unsigned long t = strtoul(v, &end, 10);
    if (*v == '\0' || end == NULL || *end != '\0' || t < 1 || t > CLI_MAX_THREADS) {
        cli_error("%s: --threads needs a number from 1 to %u, got '%s'", cmd, CLI_MAX_THREADS, v);
        return false;
    }
    *out = (unsigned)t;
    return true;
}

typedef struct band {
    cli_band_fn fn;
    void *ctx;
    size_t index, begin, end;
} band;

static void *band_main(void *arg)
{
    const band *b = (const band *)arg;
    b->fn(b->ctx, b->index, b->begin, b->end);
    return NULL;
}

void cli_parallel_for(size_t n, unsigned threads, cli_band_fn fn, void *ctx)
{
    band bands[CLI_MAX_THREADS];
    pthread_t ids[CLI_MAX_THREADS];
    bool started[CLI_MAX_THREADS];
    size_t t = threads < 1u ? 1u : (threads > CLI_MAX_THREADS ? CLI_MAX_THREADS : threads);
    if (t > n) {
        t = n == 0 ? 1u : n;
    }
    for (size_t i = 0; i < t; i++) {
        bands[i].fn = fn;
        bands[i].ctx = ctx;
        bands[i].index = i;
        bands[i].begin = n * i / t; /* contiguous, sizes differing by at most one */
        bands[i].end = n * (i + 1) / t;
        started[i] = false;
    }
    /* band 0 runs on the calling thread; a thread that cannot be started runs there too */
    for (size_t i = 1; i < t; i++) {
        started[i] = pthread_create(&ids[i], NULL, band_main, &bands[i]) == 0;
    }
    band_main(&bands[0]);
    for (size_t i = 1; i < t; i++) {
        if (started[i]) {
            pthread_join(ids[i], NULL);
        } else {
            band_main(&bands[i]);
        }
    }
}
