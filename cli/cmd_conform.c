/*
 * mmacore CLI: `mmacore conform DIR` - the model against one directory of real-GPU results.
 *
 * Layout and meaning of the files: ../shared/vectors/gpu/README.md. DIR holds
 * a_<GPU>_<fmt>.txt and b_<GPU>_<fmt>.txt (K f32 bit patterns in hex per line), c_<GPU>_fp32.txt
 * (C as a 32-character binary string) and d_<GPU>_fp32.txt and/or d_<GPU>_fp16.txt (the GPU's D;
 * fp16 results widened to fp32). Line i of every file is test i.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_REPORT 5
#define MAX_NAME 256
#define MAX_K 4096

static void conform_usage(FILE *out)
{
    fputs("usage: mmacore conform DIR [--threads T]\n"
          "\n"
          "Checks the golden model against real tensor-core results. DIR is laid out like\n"
          "vectors/gpu/<GPU>/<format>: a_<GPU>_<fmt>.txt, b_<GPU>_<fmt>.txt, c_<GPU>_fp32.txt and\n"
          "d_<GPU>_fp32.txt and/or d_<GPU>_fp16.txt. The GPU name (one the library knows: the list\n"
          "is printed for an unknown name) selects the preset and, with the format (fp16, bf16, tf32, E4M3, E5M2)\n"
          "and the output, the instruction that produced the data (vectors/gpu/README.md).\n"
          "Prints one summary per d file, up to 5 mismatches each, and a last line 'N passed, M failed'.\n"
          "  --threads T   split the lines of the data set into T bands, one thread each (default 1;\n"
          "                the output is the same)\n"
          "Exit status: 0 all passed, 1 mismatches, 2 error.\n",
          out);
}

/* ---- loading ------------------------------------------------------------------------------- */

/* One loaded data file. */
typedef struct data_file {
    char path[4 * MAX_NAME];
    const char *base;   /* file name inside DIR */
    size_t lines;
    size_t k;           /* values per line (1 for c/d) */
    size_t used, cap;   /* values stored / allocated */
    uint32_t *v;        /* lines x k */
} data_file;

static void data_init(data_file *f, const char *dir, const char *name)
{
    memset(f, 0, sizeof *f);
    snprintf(f->path, sizeof f->path, "%s/%s", dir, name);
    f->base = f->path + strlen(dir) + 1;
}

static void data_free(data_file *f)
{
    free(f->v);
    f->v = NULL;
}

static bool data_push(data_file *f, uint32_t v)
{
    if (f->used == f->cap) {
        size_t nc = f->cap == 0 ? 4096 : f->cap * 2;
        uint32_t *p = realloc(f->v, nc * sizeof *p);
        if (p == NULL) {
            cli_error("%s: out of memory", f->path);
            return false;
        }
        f->v = p;
        f->cap = nc;
    }
    f->v[f->used++] = v;
    return true;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The end of a data file's reading: `ok` unless the file had no line ("empty file"); closes it. */
static bool finish_file(cli_lines *r, bool ok, size_t lines)
{
    if (ok && lines == 0) {
        cli_lines_error(r, "empty file");
        ok = false;
    }
    cli_lines_close(r);
    return ok;
}

/* a/b files: every line holds the same number (K) of hex words of at most 32 bits. */
static bool load_words(data_file *f)
{
    cli_lines r;
    size_t len = 0;
    int got = 0;
    bool ok = true;
    if (!cli_lines_open(&r, f->path)) {
        return false;
    }
    while (ok && (got = cli_lines_next(&r, &len)) == 1) {
        size_t i = 0, count = 0;
        for (;;) {
            size_t start;
            uint64_t v;
            while (i < len && is_space(r.buf[i])) {
                i++;
            }
            if (i == len) {
                break;
            }
            start = i;
            while (i < len && !is_space(r.buf[i])) {
                i++;
            }
            if (!cli_parse_hex(r.buf + start, i - start, &v) || v > 0xFFFFFFFFu) {
                cli_lines_error(&r, "bad f32 hex value '%.*s' (value %zu of the line)",
                                (int)(i - start > 40 ? 40 : i - start), r.buf + start, count + 1);
                ok = false;
                break;
            }
            count++;
            if ((f->k == 0 && count <= MAX_K) || count <= f->k) {
                if (!data_push(f, (uint32_t)v)) {
                    ok = false;
                    break;
                }
            }
        }
        if (!ok) {
            break;
        }
        if (count == 0) {
            cli_lines_error(&r, "empty line (expected hex values)");
            ok = false;
        } else if (f->k == 0 && count > MAX_K) {
            cli_lines_error(&r, "%zu values on a line (at most %d)", count, MAX_K);
            ok = false;
        } else if (f->k == 0) {
            f->k = count;
            f->lines = 1;
        } else if (count != f->k) {
            cli_lines_error(&r, "expected %zu values (as on line 1), got %zu", f->k, count);
            ok = false;
        } else {
            f->lines++;
        }
    }
    return finish_file(&r, ok && got >= 0, f->lines);
}

/* c/d files: one 32-character binary string (an f32 bit pattern) per line. */
static bool load_bits(data_file *f)
{
    cli_lines r;
    size_t len = 0;
    int got = 0;
    bool ok = true;
    f->k = 1;
    if (!cli_lines_open(&r, f->path)) {
        return false;
    }
    while (ok && (got = cli_lines_next(&r, &len)) == 1) {
        size_t b = 0, e = len;
        uint32_t v = 0;
        while (b < e && is_space(r.buf[b])) {
            b++;
        }
        while (e > b && is_space(r.buf[e - 1])) {
            e--;
        }
        if (e - b != 32) {
            cli_lines_error(&r, "expected a 32-character binary string, got %zu characters", e - b);
            ok = false;
            break;
        }
        for (size_t i = b; i < e; i++) {
            if (r.buf[i] != '0' && r.buf[i] != '1') {
                cli_lines_error(&r, "malformed binary string: character %zu is '%c', not 0 or 1", i - b + 1,
                                (r.buf[i] >= 32 && r.buf[i] < 127) ? r.buf[i] : '?');
                ok = false;
                break;
            }
            v = (v << 1) | (uint32_t)(r.buf[i] - '0');
        }
        if (ok) {
            ok = data_push(f, v);
            f->lines++;
        }
    }
    return finish_file(&r, ok && got >= 0, f->lines);
}

/* ---- what produced the data (vectors/gpu/README.md) ---------------------------------------- */

/*
 * Resolves what produced one data set (the library's GPU table: mma_gpu_data_model): the instruction
 * text into buf, *ins, and its profile under preset with the data's C usage. Returns false (after
 * printing why) if that GPU has no such instruction or the preset no datapath for it.
 */
static bool pick_model(const mma_gpu *gpu, mma_preset preset, mma_format fmt, mma_format out, char *buf, size_t size,
                       mma_instr *ins, mma_profile *prof)
{
    const mma_status st = mma_gpu_data_model(gpu, preset, fmt, out, buf, size, ins, prof);
    if (st == MMA_OK) {
        return true;
    }
    if (buf[0] != '\0') {
        cli_error("preset %s has no datapath for %s: %s", mma_preset_name(preset), buf, mma_status_message(st));
    } else if (st == MMA_ERR_PROFILE) {
        const bool fp8 = fmt == MMA_FMT_E4M3 || fmt == MMA_FMT_E5M2;
        cli_error("%s has no %s%s%s tensor-core instruction", gpu->name, fp8 ? "FP8 (" : "", cli_format_name(fmt),
                  fp8 ? ")" : "");
    } else if (st == MMA_ERR_FORMAT_PAIR) {
        cli_error("%s inputs have no f16-output instruction (only d_*_fp32.txt can be checked)", cli_format_name(fmt));
    } else {
        cli_error("no instruction for %s inputs: %s", cli_format_name(fmt), mma_status_message(st));
    }
    return false;
}

/* Input format from the file-name spelling (fp16, bf16, tf32, E4M3, E5M2; any case). */
static bool format_from_file_name(const char *s, mma_format *out)
{
    static const struct {
        const char *name;
        mma_format fmt;
    } names[] = {{"fp16", MMA_FMT_F16}, {"f16", MMA_FMT_F16}, {"bf16", MMA_FMT_BF16}, {"tf32", MMA_FMT_TF32},
                 {"e4m3", MMA_FMT_E4M3}, {"e5m2", MMA_FMT_E5M2}};
    char low[16];
    size_t n = strlen(s);
    if (n >= sizeof low) {
        return false;
    }
    for (size_t i = 0; i <= n; i++) {
        /* ASCII upper-case letters map to 'a'..'z', which every char type holds. */
        low[i] = (s[i] >= 'A' && s[i] <= 'Z') ? (char)(s[i] - 'A' + 'a') : s[i]; // NOLINT(bugprone-narrowing-conversions)
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(low, names[i].name) == 0) {
            *out = names[i].fmt;
            return true;
        }
    }
    return false;
}

/* ---- checking ------------------------------------------------------------------------------ */

/* f32 bit patterns of a/b to exact codes of fmt; reports the first value that is not exact. */
static bool to_codes(const data_file *f, mma_format fmt, uint64_t *codes)
{
    for (size_t i = 0; i < f->lines * f->k; i++) {
        uint64_t code = 0, back = 0;
        const uint32_t bits = f->v[i];
        mma_status st = mma_convert(MMA_FMT_F32, bits, fmt, MMA_RND_RZ, 0, &code);
        if (st == MMA_OK) {
            st = mma_convert(fmt, code, MMA_FMT_F32, MMA_RND_RNE, 0, &back);
        }
        if (st != MMA_OK || back != bits) {
            cli_error("%s:%zu: value 0x%08x is not exactly representable in %s", f->path, i / f->k + 1, (unsigned)bits,
                      cli_format_name(fmt));
            return false;
        }
        codes[i] = code;
    }
    return true;
}

static const char *c_mode_name(unsigned mode)
{
    switch (mode) {
    case MMA_C_JOINT: return "C joint";
    case MMA_C_SEPARATE: return "C separate";
    case MMA_C_UNUSED: return "C not used";
    default: return "C ?";
    }
}

typedef struct check_ctx {
    const mma_gpu *gpu;
    mma_preset preset;
    mma_format fmt;
    const data_file *a, *b, *c;
    const uint64_t *acode, *bcode;
    unsigned threads;
} check_ctx;

/* The model's results for the lines of one d file, computed by bands of lines in parallel. */
typedef struct line_job {
    const check_ctx *x;
    const mma_instr *ins;
    const mma_profile *prof;
    mma_format out;
    uint64_t *got;    /* per line: the model's D widened to f32 */
    mma_status *st;   /* per line */
    bool oom[CLI_MAX_THREADS];
} line_job;

static void check_lines(void *ctx, size_t band, size_t begin, size_t end)
{
    line_job *job = (line_job *)ctx;
    const check_ctx *x = job->x;
    const size_t K = x->a->k;
    uint64_t *arow = calloc(job->ins->k, sizeof *arow);
    uint64_t *bcol = calloc(job->ins->k, sizeof *bcol);
    if (arow == NULL || bcol == NULL) {
        job->oom[band] = true;
        end = begin;
    }
    for (size_t t = begin; t < end; t++) {
        uint64_t c = x->c->v[t], dcode = 0, got = 0;
        mma_status st = MMA_OK;
        memcpy(arow, x->acode + t * K, K * sizeof *arow);
        memcpy(bcol, x->bcode + t * K, K * sizeof *bcol);
        if (job->out == MMA_FMT_F16) {
            st = mma_convert(MMA_FMT_F32, c, MMA_FMT_F16, MMA_RND_RNE, 0, &c);
        }
        if (st == MMA_OK) {
            st = mma_dot(job->prof, x->fmt, arow, 1, x->fmt, bcol, 1, job->ins->k, job->out, c, job->out, &dcode);
        }
        if (st == MMA_OK) {
            if (job->out == MMA_FMT_F16) {
                st = mma_convert(MMA_FMT_F16, dcode, MMA_FMT_F32, MMA_RND_RNE, 0, &got);
            } else {
                got = dcode;
            }
        }
        job->got[t] = got;
        job->st[t] = st;
    }
    free(arow);
    free(bcol);
}

/* Checks one d file; returns -1 on error, else adds to *pass / *fail. */
static int check_output(const check_ctx *x, const data_file *d, mma_format out, size_t *pass, size_t *fail)
{
    char text[128];
    mma_instr ins;
    mma_profile prof;
    mma_status st;
    size_t npass = 0, nfail = 0, shown = 0;
    const size_t K = x->a->k;

    if (!pick_model(x->gpu, x->preset, x->fmt, out, text, sizeof text, &ins, &prof)) {
        cli_error("%s: cannot be checked", d->base);
        return -1;
    }
    if (K > ins.k) {
        cli_error("%s: %zu values per line, more than the k = %u of %s", x->a->path, K, (unsigned)ins.k, text);
        return -1;
    }
    printf("%s: %s (%s)\n", d->base, text, c_mode_name(prof.c_mode));
    line_job job;
    memset(&job, 0, sizeof job);
    job.x = x;
    job.ins = &ins;
    job.prof = &prof;
    job.out = out;
    job.got = calloc(d->lines, sizeof *job.got);
    job.st = calloc(d->lines, sizeof *job.st);
    bool oom = job.got == NULL || job.st == NULL;
    if (!oom) {
        cli_parallel_for(d->lines, x->threads, check_lines, &job);
        for (size_t i = 0; i < CLI_MAX_THREADS; i++) {
            oom = oom || job.oom[i];
        }
    }
    if (oom) {
        free(job.got);
        free(job.st);
        cli_error("out of memory");
        return -1;
    }
    for (size_t t = 0; t < d->lines; t++) {
        const uint64_t got = job.got[t];
        const uint32_t want = d->v[t];
        st = job.st[t];
        if (st == MMA_OK && got == want) {
            npass++;
            continue;
        }
        nfail++;
        if (shown < MAX_REPORT) {
            shown++;
            printf("  line %zu: a=[", t + 1);
            for (size_t i = 0; i < K; i++) {
                printf("%s%08x", i ? " " : "", (unsigned)x->a->v[t * K + i]);
            }
            printf("] b=[");
            for (size_t i = 0; i < K; i++) {
                printf("%s%08x", i ? " " : "", (unsigned)x->b->v[t * K + i]);
            }
            printf("] c=%08x", (unsigned)x->c->v[t]);
            if (st != MMA_OK) {
                printf(" expected %08x: model error %s (%s)\n", (unsigned)want, mma_status_name(st),
                       mma_status_message(st));
            } else {
                printf(" expected %08x got %08x\n", (unsigned)want, (unsigned)got);
            }
        }
    }
    free(job.got);
    free(job.st);
    printf("%s: %zu passed, %zu failed\n", d->base, npass, nfail);
    *pass += npass;
    *fail += nfail;
    return 0;
}

/* ---- the command --------------------------------------------------------------------------- */

/* Finds the single a_<GPU>_<fmt>.txt of DIR and splits its name. */
static bool find_a_file(const char *dir, char *gpu, char *fmt)
{
    DIR *dp = opendir(dir);
    struct dirent *e;
    int found = 0;
    char first[MAX_NAME] = "";
    if (dp == NULL) {
        cli_error("%s: cannot open directory: %s", dir, strerror(errno));
        return false;
    }
    while ((e = readdir(dp)) != NULL) {
        const char *n = e->d_name;
        size_t len = strlen(n);
        const char *us;
        if (len < 10 || strncmp(n, "a_", 2) != 0 || strcmp(n + len - 4, ".txt") != 0 || len >= MAX_NAME) {
            continue;
        }
        found++;
        if (found > 1) {
            cli_error("%s: several a_*.txt files (%s, %s, ...): one data set per directory", dir, first, n);
            closedir(dp);
            return false;
        }
        snprintf(first, sizeof first, "%s", n);
        us = strrchr(n, '_'); /* the format has no '_'; a GPU name may (sm_120) */
        if (us == NULL || us <= n + 2 || us + 1 >= n + len - 4) {
            cli_error("%s/%s: expected the name a_<GPU>_<format>.txt", dir, n);
            closedir(dp);
            return false;
        }
        snprintf(gpu, MAX_NAME, "%.*s", (int)(us - (n + 2)), n + 2);
        snprintf(fmt, MAX_NAME, "%.*s", (int)(n + len - 4 - (us + 1)), us + 1);
    }
    closedir(dp);
    if (found == 0) {
        cli_error("%s: no a_<GPU>_<format>.txt file (is this a vectors/gpu/<GPU>/<format> directory?)", dir);
        return false;
    }
    return true;
}

static bool file_exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return false;
    }
    fclose(f);
    return true;
}

int cmd_conform(int argc, char **argv)
{
    const char *dir = NULL;
    char gpu[MAX_NAME], fmtname[MAX_NAME], name[2 * MAX_NAME + 16];
    const mma_gpu *gpu_info = NULL;
    mma_format fmt;
    mma_preset preset;
    data_file fa, fb, fc, fd[2];
    const mma_format outs[2] = {MMA_FMT_F32, MMA_FMT_F16};
    const char *const out_names[2] = {"fp32", "fp16"};
    bool have_d[2] = {false, false};
    uint64_t *acode = NULL, *bcode = NULL;
    size_t pass = 0, fail = 0;
    int rc = CLI_EXIT_ERROR;
    size_t dirlen;
    unsigned threads = 1;

    for (int i = 1; i < argc; i++) {
        const char *v;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            conform_usage(stdout);
            return CLI_EXIT_OK;
        }
        if ((v = cli_option(argc, argv, &i, "--threads")) != NULL) {
            if (!cli_parse_threads("conform", v, &threads)) {
                return CLI_EXIT_ERROR;
            }
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            cli_error("conform: unknown option '%s' (see mmacore conform --help)", argv[i]);
            return CLI_EXIT_ERROR;
        }
        if (dir != NULL) {
            cli_error("conform: one directory only (got '%s' and '%s')", dir, argv[i]);
            return CLI_EXIT_ERROR;
        }
        dir = argv[i];
    }
    if (dir == NULL) {
        cli_error("conform: missing DIR (see mmacore conform --help)");
        return CLI_EXIT_ERROR;
    }
    dirlen = strlen(dir);
    while (dirlen > 1 && dir[dirlen - 1] == '/') {
        dirlen--;
    }
    if (dirlen >= MAX_NAME) {
        cli_error("%s: path too long", dir);
        return CLI_EXIT_ERROR;
    }
    {
        static char dirbuf[MAX_NAME];
        snprintf(dirbuf, sizeof dirbuf, "%.*s", (int)dirlen, dir);
        dir = dirbuf;
    }
    if (!find_a_file(dir, gpu, fmtname)) {
        return CLI_EXIT_ERROR;
    }
    if (mma_gpu_from_name(gpu, strlen(gpu), &gpu_info) != MMA_OK) {
        fprintf(stderr, "mmacore: error: %s: unknown GPU '%s' in a_%s_%s.txt (known:", dir, gpu, gpu, fmtname);
        cli_print_gpu_names(stderr);
        fputs(")\n", stderr);
        return CLI_EXIT_ERROR;
    }
    preset = (mma_preset)gpu_info->preset;
    if (!format_from_file_name(fmtname, &fmt)) {
        cli_error("%s: unknown input format '%s' in a_%s_%s.txt (known: fp16 bf16 tf32 E4M3 E5M2)", dir, fmtname, gpu,
                  fmtname);
        return CLI_EXIT_ERROR;
    }
    snprintf(name, sizeof name, "a_%s_%s.txt", gpu, fmtname);
    data_init(&fa, dir, name);
    snprintf(name, sizeof name, "b_%s_%s.txt", gpu, fmtname);
    data_init(&fb, dir, name);
    snprintf(name, sizeof name, "c_%s_fp32.txt", gpu);
    data_init(&fc, dir, name);
    for (int o = 0; o < 2; o++) {
        snprintf(name, sizeof name, "d_%s_%s.txt", gpu, out_names[o]);
        data_init(&fd[o], dir, name);
        have_d[o] = file_exists(fd[o].path);
    }
    if (!file_exists(fb.path) || !file_exists(fc.path)) {
        cli_error("%s: missing %s", dir, !file_exists(fb.path) ? fb.base : fc.base);
        return CLI_EXIT_ERROR;
    }
    if (!have_d[0] && !have_d[1]) {
        cli_error("%s: no result file (%s or %s)", dir, fd[0].base, fd[1].base);
        return CLI_EXIT_ERROR;
    }
    printf("conform %s: GPU %s (preset %s), input %s\n", dir, gpu, mma_preset_name(preset), cli_format_name(fmt));
    fflush(stdout);

    if (!load_words(&fa) || !load_words(&fb) || !load_bits(&fc) || (have_d[0] && !load_bits(&fd[0])) ||
        (have_d[1] && !load_bits(&fd[1]))) {
        goto done;
    }
    {
        bool same = fa.lines == fb.lines && fa.lines == fc.lines && (!have_d[0] || fd[0].lines == fa.lines) &&
                    (!have_d[1] || fd[1].lines == fa.lines);
        if (!same) {
            fprintf(stderr, "mmacore: error: %s: line counts differ: %s %zu, %s %zu, %s %zu", dir, fa.base, fa.lines,
                    fb.base, fb.lines, fc.base, fc.lines);
            for (int o = 0; o < 2; o++) {
                if (have_d[o]) {
                    fprintf(stderr, ", %s %zu", fd[o].base, fd[o].lines);
                }
            }
            fputc('\n', stderr);
            goto done;
        }
        if (fa.k != fb.k) {
            cli_error("%s: %s has %zu values per line but %s has %zu", dir, fa.base, fa.k, fb.base, fb.k);
            goto done;
        }
    }
    acode = malloc(fa.lines * fa.k * sizeof *acode);
    bcode = malloc(fb.lines * fb.k * sizeof *bcode);
    if (acode == NULL || bcode == NULL) {
        cli_error("out of memory");
        goto done;
    }
    if (!to_codes(&fa, fmt, acode) || !to_codes(&fb, fmt, bcode)) {
        goto done;
    }
    {
        check_ctx x = {gpu_info, preset, fmt, &fa, &fb, &fc, acode, bcode, threads};
        for (int o = 0; o < 2; o++) {
            if (have_d[o] && check_output(&x, &fd[o], outs[o], &pass, &fail) != 0) {
                goto done;
            }
        }
    }
    printf("%zu passed, %zu failed\n", pass, fail);
    rc = fail == 0 ? CLI_EXIT_OK : CLI_EXIT_MISMATCH;
done:
    fflush(stdout);
    free(acode);
    free(bcode);
    data_free(&fa);
    data_free(&fb);
    data_free(&fc);
    data_free(&fd[0]);
    data_free(&fd[1]);
    return rc;
}
