/*
 * mmacore CLI: `mmacore bench` - MAC/s of mma_gemm per input format, next to a plain float32
 * triple loop over the same (decoded) values.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

typedef struct bench_case {
    const char *label;
    mma_format fmt;
    const char *instr;
} bench_case;

static const bench_case CASES[] = {
    {"f16", MMA_FMT_F16, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"},
    {"bf16", MMA_FMT_BF16, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"},
    {"tf32", MMA_FMT_TF32, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"},
    {"e4m3", MMA_FMT_E4M3, "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32"},
    {"e5m2", MMA_FMT_E5M2, "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32"},
    {"s8", MMA_FMT_S8, "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"},
    {"u8", MMA_FMT_U8, "mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32"},
    {"s4", MMA_FMT_S4, "mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32"},
    {"u4", MMA_FMT_U4, "mma.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32"},
};
#define NCASES (sizeof CASES / sizeof CASES[0])

static void bench_usage(FILE *out)
{
    fputs("usage: mmacore bench [--size N] [--profile P] [--threads T] [--repeat R] [--format F,...]\n"
          "\n"
          "Times an N x N x N mma_gemm (default N = 256) for each input format with the instruction\n"
          "of that format (f16/bf16: mma m16n8k16, tf32: m16n8k8, e4m3/e5m2: m16n8k32 -> f32,\n"
          "s8/u8: m16n8k32 -> s32, s4/u4: m16n8k64 -> s32) under a preset (default hopper), and a naive\n"
          "float32 i-j-k loop over the same decoded values (one thread). Prints\n"
          "format | MAC/s | float32 loop MAC/s | ratio (float/model).\n"
          "\n"
          "  --threads T   split the rows of D into T bands, one thread each (mma_gemm_tile; default 1)\n"
          "  --repeat R    time each GEMM and loop R times and keep the fastest (default 3)\n"
          "  --format F,.. only these formats (default: f16 bf16 tf32 e4m3 e5m2 s8 u8 s4 u4)\n",
          out);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* xorshift64: deterministic inputs, so runs are comparable. */
static uint64_t next_random(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *s = x;
    return x;
}

/* A random finite code of fmt with magnitude in about [2^-4, 2) (integers: any byte). */
static bool random_code(mma_format fmt, uint64_t *state, uint64_t *code)
{
    const uint64_t r = next_random(state);
    if (!mma_format_is_float(fmt)) {
        *code = r & (fmt == MMA_FMT_S4 || fmt == MMA_FMT_U4 ? 0xFu : 0xFFu);
        return true;
    }
    {
        /* f32 with exponent 123..127 and random sign and fraction, rounded to fmt. */
        const uint32_t sign = (uint32_t)(r >> 63) << 31;
        const uint32_t exp = 123u + (uint32_t)((r >> 40) % 5u);
        const uint32_t frac = (uint32_t)(r & 0x7FFFFFu);
        return mma_convert(MMA_FMT_F32, sign | (exp << 23) | frac, fmt, MMA_RND_RNE, 0, code) == MMA_OK;
    }
}

/* The value of a code as a float, for the reference loop. */
static bool code_to_float(mma_format fmt, uint64_t code, float *out)
{
    uint64_t bits = 0;
    uint32_t b32;
    if (!mma_format_is_float(fmt)) {
        const bool s4 = fmt == MMA_FMT_S4, s8 = fmt == MMA_FMT_S8;
        const int v = (int)code - ((s8 && code >= 0x80u) ? 0x100 : 0) - ((s4 && code >= 0x8u) ? 0x10 : 0);
        *out = (float)v;
        return true;
    }
    if (mma_convert(fmt, code, MMA_FMT_F32, MMA_RND_RNE, 0, &bits) != MMA_OK) {
        return false;
    }
    b32 = (uint32_t)bits;
    memcpy(out, &b32, sizeof *out);
    return true;
}

/* Naive i-j-k float32 GEMM; returns a checksum so the loop is not optimised away. */
static double float_gemm(size_t n, const float *a, const float *b, float *d)
{
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < n; j++) {
            float acc = 0.0f;
            for (size_t k = 0; k < n; k++) {
                acc += a[i * n + k] * b[k * n + j];
            }
            d[i * n + j] = acc;
            sum += (double)acc;
        }
    }
    return sum;
}

/* Parses --format F,...: marks the cases named; false (after an error message) for an unknown name. */
static bool pick_formats(const char *list, bool *want)
{
    const char *p = list;
    for (size_t c = 0; c < NCASES; c++) {
        want[c] = false;
    }
    while (*p != '\0') {
        const char *end = strchr(p, ',');
        const size_t len = end != NULL ? (size_t)(end - p) : strlen(p);
        bool found = false;
        for (size_t c = 0; c < NCASES; c++) {
            if (strlen(CASES[c].label) == len && strncmp(CASES[c].label, p, len) == 0) {
                want[c] = found = true;
            }
        }
        if (!found) {
            cli_error("bench: unknown format '%.*s' in --format (known: f16 bf16 tf32 e4m3 e5m2 s8 u8 s4 u4)", (int)len,
                      p);
            return false;
        }
        p += len;
        if (*p == ',') {
            p++;
        }
    }
    return true;
}

/* Times one case; prints its line. Returns false on an error (already reported). */
static bool bench_case_run(const bench_case *bc, size_t c, mma_preset preset, size_t n, unsigned threads,
                           unsigned repeat, volatile double *sink)
{
    mma_instr ins;
    mma_profile prof;
    mma_status st;
    uint64_t *a = malloc(n * n * sizeof *a), *b = malloc(n * n * sizeof *b);
    uint64_t *cc = calloc(n * n, sizeof *cc), *d = malloc(n * n * sizeof *d);
    float *fa = malloc(n * n * sizeof *fa), *fb = malloc(n * n * sizeof *fb), *fd = malloc(n * n * sizeof *fd);
    uint64_t state = 0x9E3779B97F4A7C15u ^ (uint64_t)(c + 1);
    const double macs = (double)n * (double)n * (double)n;
    bool ok = a && b && cc && d && fa && fb && fd;

    if (!ok) {
        cli_error("bench: out of memory for N = %zu", n);
    }
    if (ok && !cli_parse_instr(bc->instr, &ins)) {
        ok = false;
    }
    if (ok && (st = mma_instr_profile(preset, &ins, &prof)) != MMA_OK) {
        cli_error("bench: preset %s has no datapath for %s: %s", mma_preset_name(preset), bc->instr,
                  mma_status_message(st));
        ok = false;
    }
    for (size_t i = 0; ok && i < n * n; i++) {
        ok = random_code(bc->fmt, &state, &a[i]) && random_code(bc->fmt, &state, &b[i]) &&
             code_to_float(bc->fmt, a[i], &fa[i]) && code_to_float(bc->fmt, b[i], &fb[i]);
        if (!ok) {
            cli_error("bench: cannot make %s inputs (mma_convert failed)", bc->label);
        }
    }
    if (ok) {
        mma_gemm_desc g = {0};
        double best_model = 0.0, best_float = 0.0;
        g.ins = &ins;
        g.prof = &prof;
        g.m = n;
        g.n = n;
        g.k = n;
        g.a = a;
        g.lda = n;
        g.b = b;
        g.ldb = n;
        g.c = cc; /* all-zero codes: +0.0 for f32, 0 for s32 */
        g.ldc = n;
        g.d = d;
        g.ldd = n;
        for (unsigned r = 0; ok && r < repeat; r++) {
            const double t0 = now_seconds();
            st = cli_gemm_threads(&g, threads);
            const double t1 = now_seconds();
            if (st != MMA_OK) {
                cli_error("bench: mma_gemm (%s) failed: %s (%s)", bc->label, mma_status_name(st),
                          mma_status_message(st));
                ok = false;
                break;
            }
            *sink = *sink + float_gemm(n, fa, fb, fd);
            const double t2 = now_seconds();
            const double model_rate = macs / (t1 - t0 > 1e-9 ? t1 - t0 : 1e-9);
            const double float_rate = macs / (t2 - t1 > 1e-9 ? t2 - t1 : 1e-9);
            best_model = model_rate > best_model ? model_rate : best_model;
            best_float = float_rate > best_float ? float_rate : best_float;
        }
        if (ok) {
            printf("%-6s | %-12.3e | %-18.3e | %.1f\n", bc->label, best_model, best_float, best_float / best_model);
            fflush(stdout);
        }
    }
    free(a);
    free(b);
    free(cc);
    free(d);
    free(fa);
    free(fb);
    free(fd);
    return ok;
}

int cmd_bench(int argc, char **argv)
{
    size_t n = 256;
    const char *profile = "hopper";
    mma_preset preset;
    unsigned threads = 1, repeat = 3;
    bool want[NCASES];
    int rc = CLI_EXIT_OK;
    volatile double sink = 0.0;

    for (size_t c = 0; c < NCASES; c++) {
        want[c] = true;
    }
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            bench_usage(stdout);
            return CLI_EXIT_OK;
        }
        if ((v = cli_option(argc, argv, &i, "--size")) != NULL) {
            char *end = NULL;
            unsigned long s = strtoul(v, &end, 10);
            if (*v == '\0' || end == NULL || *end != '\0' || s < 1 || s > 4096) {
                cli_error("bench: --size needs a number from 1 to 4096, got '%s'", v);
                return CLI_EXIT_ERROR;
            }
            n = (size_t)s;
        } else if ((v = cli_option(argc, argv, &i, "--profile")) != NULL) {
            if (*v == '\0') {
                cli_error("bench: option --profile needs a value");
                return CLI_EXIT_ERROR;
            }
            profile = v;
        } else if ((v = cli_option(argc, argv, &i, "--threads")) != NULL) {
            if (!cli_parse_threads("bench", v, &threads)) {
                return CLI_EXIT_ERROR;
            }
        } else if ((v = cli_option(argc, argv, &i, "--repeat")) != NULL) {
            char *end = NULL;
            unsigned long r = strtoul(v, &end, 10);
            if (*v == '\0' || end == NULL || *end != '\0' || r < 1 || r > 100) {
                cli_error("bench: --repeat needs a number from 1 to 100, got '%s'", v);
                return CLI_EXIT_ERROR;
            }
            repeat = (unsigned)r;
        } else if ((v = cli_option(argc, argv, &i, "--format")) != NULL) {
            if (*v == '\0') {
                cli_error("bench: option --format needs a value");
                return CLI_EXIT_ERROR;
            }
            if (!pick_formats(v, want)) {
                return CLI_EXIT_ERROR;
            }
        } else {
            cli_error("bench: unknown argument '%s' (see mmacore bench --help)", argv[i]);
            return CLI_EXIT_ERROR;
        }
    }
    if (!cli_preset(profile, &preset)) {
        return CLI_EXIT_ERROR;
    }
    printf("mmacore bench: %zux%zux%zu GEMM, preset %s, %u thread%s, best of %u\n", n, n, n, mma_preset_name(preset),
           threads, threads == 1 ? "" : "s", repeat);
    for (size_t c = 0; c < NCASES; c++) {
        if (want[c]) {
            printf("  %-5s %s\n", CASES[c].label, CASES[c].instr);
        }
    }
    printf("%-6s | %-12s | %-18s | %s\n", "format", "MAC/s", "float32 loop MAC/s", "ratio");
    fflush(stdout);

    for (size_t c = 0; c < NCASES; c++) {
        if (want[c] && !bench_case_run(&CASES[c], c, preset, n, threads, repeat, &sink)) {
            rc = CLI_EXIT_ERROR;
        }
    }
    (void)sink;
    printf("ratio = float32 loop MAC/s (one thread) / model MAC/s\n");
    return rc;
}
