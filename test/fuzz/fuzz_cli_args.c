/*
 * fuzz_cli_args: the argument handling of the whole mmacore tool - cli_main (cli/main.c: command
 * dispatch, help) and the option parsers of run (matrix, --warp and Arm FP8 forms), conform, layout,
 * bench, parse and catalog - with the CLI's own sources compiled into the target.
 *
 * Input: byte 0 picks what standard input holds ("-" as a file name); the rest is split at NUL
 * bytes into argv[1..] (argv[0] = "mmacore", at most 40 arguments). The command runs in a private
 * directory under $TMPDIR (default /tmp) that holds scratch operand files for the common shapes
 * (see make_scratch below: a, b, c for m16n8k16, a8/b8, a32/b32, a4/b4/c8, meta, sa/sb, zn/zm/pn/pm/
 * za16/..., wa/wb/wc/we/ws for --warp, a conform data set ds, empty/junk/nul files).
 * The arguments are made safe before the call (this target runs as whatever user runs the fuzzer):
 *   - '/' becomes '_' and ".." becomes "dotdot", so every path stays inside the private directory;
 *   - the value of --d-out / --svg (and any argument after them) becomes "out" ("-" is kept), so no
 *     scratch file is overwritten; "out" is removed after each run;
 *   - a newline in an argument becomes a blank (the CLI echoes arguments into its one-line messages);
 *   - `bench` gets --size=4 first (the default is 256), and a --size value the CLI would accept
 *     above 4 becomes 4 (a GEMM of up to 4096^3 would take hours).
 *
 * Properties (cli/cli.h exit codes):
 *   - the exit code is 0, 1 or 2, and 1 (mismatches) only from `conform`;
 *   - exit 2 prints a line starting "mmacore: error: " on stderr: exactly one (parse: one per
 *     rejected instruction at most; bench: one per benchmarked format the preset has no datapath
 *     for, at most 6); exits 0 and 1 print none;
 *   - no crash, hang, sanitizer report or leak (libFuzzer's leak check after each input).
 */
#define _GNU_SOURCE /* memfd_create, pread/pwrite: before any system header */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <sys/stat.h>

#include "cli.h"

#include "fuzz_cli_io.h"

#define MAX_ARGS 40

static char dir[256];
static int home_fd = -1;

/* ------------------------------------------------------------------ scratch files */

typedef struct scratch {
    const char *name;
    char *text;
} scratch;

static scratch files[64];
static size_t nfiles;

/* rows x cols hex words from a generator, one row per line. */
static char *matrix_text(unsigned rows, unsigned cols, unsigned digits, unsigned (*gen)(unsigned i))
{
    const size_t cap = (size_t)rows * cols * (digits + 1u) + rows + 1u;
    char *t = (char *)malloc(cap);
    FZ_CHECK(t != NULL, "malloc");
    size_t n = 0;
    for (unsigned r = 0; r < rows; ++r) {
        for (unsigned c = 0; c < cols; ++c) {
            n += (size_t)snprintf(t + n, cap - n, "%s%0*x", c ? " " : "", (int)digits, gen(r * cols + c));
        }
        t[n++] = '\n';
    }
    t[n] = '\0';
    return t;
}

static unsigned g_f16(unsigned i) { return 0x3000u + (i * 0x2F1u) % 0x1000u + ((i & 4u) ? 0x8000u : 0u); }
static unsigned g_byte(unsigned i) { return (i * 37u + 11u) & 0x7Fu; }
static unsigned g_small(unsigned i) { return (i * 0x611u) & 0x7FFFu; }
static unsigned g_meta(unsigned i) { return (i & 1u) ? 0x4u : 0xEu; } /* valid for .sp, ::ordered_metadata, tf32 */
static unsigned g_scale(unsigned i) { return 0x7Cu + i % 6u; }
static unsigned g_flag(unsigned i) { return (i % 3u) != 1u; }
static unsigned g_word(unsigned i) { return 0x3C003800u ^ (i * 0x00010001u); }
static unsigned g_f32(unsigned i) { return 0x3F800000u + (i << 16); }

static void add_file(const char *name, char *text)
{
    FZ_CHECK(nfiles < sizeof files / sizeof files[0], "too many scratch files");
    files[nfiles].name = name;
    files[nfiles].text = text;
    ++nfiles;
}

static char *dupstr(const char *s)
{
    char *t = strdup(s);
    FZ_CHECK(t != NULL, "strdup");
    return t;
}

static void make_scratch(void)
{
    add_file("a", matrix_text(16, 16, 4, g_f16));   /* m16n8k16 A (f16, bf16) */
    add_file("b", matrix_text(16, 8, 4, g_f16));    /* m16n8k16 B */
    add_file("c", matrix_text(16, 8, 4, g_small));  /* m16n8 C: f16, f32 or s32 codes */
    add_file("a8", matrix_text(16, 8, 4, g_f16));   /* m16n8k8 A; sparse m16n8k16 stored A */
    add_file("b8", matrix_text(8, 8, 4, g_f16));    /* m16n8k8 B */
    add_file("a32", matrix_text(16, 32, 2, g_byte)); /* m16n8k32 A (8-bit) */
    add_file("b32", matrix_text(32, 8, 2, g_byte));  /* m16n8k32 B */
    add_file("a4", matrix_text(8, 4, 4, g_f16));    /* m8n8k4 A */
    add_file("b4", matrix_text(4, 8, 4, g_f16));    /* m8n8k4 B */
    add_file("c8", matrix_text(8, 8, 4, g_small));  /* m8n8k4 C */
    add_file("meta", matrix_text(16, 4, 1, g_meta)); /* mma.sp m16n8k16: M x K/4 */
    add_file("meta8", matrix_text(16, 8, 1, g_meta));
    add_file("sa", matrix_text(16, 1, 2, g_scale)); /* .block_scale 1X */
    add_file("sb", matrix_text(1, 8, 2, g_scale));
    add_file("sa2", matrix_text(16, 2, 2, g_scale));
    add_file("sb2", matrix_text(2, 8, 2, g_scale));
    add_file("sa4", matrix_text(16, 4, 2, g_scale));
    add_file("sb4", matrix_text(4, 8, 2, g_scale));
    add_file("zn", matrix_text(1, 16, 2, g_byte)); /* Arm FP8, VL 128 */
    add_file("zm", matrix_text(1, 16, 2, g_byte));
    add_file("pn", matrix_text(1, 16, 1, g_flag));
    add_file("pm", matrix_text(1, 16, 1, g_flag));
    add_file("za16", matrix_text(8, 8, 4, g_f16));
    add_file("za32", matrix_text(4, 4, 8, g_f32));
    add_file("zda16", matrix_text(1, 8, 4, g_f16));
    add_file("zda32", matrix_text(1, 4, 8, g_f32));
    add_file("wa", matrix_text(32, 4, 8, g_word)); /* --warp m16n8k16 .f16: A 4, B 2, C/D f32 4 registers */
    add_file("wb", matrix_text(32, 2, 8, g_word));
    add_file("wc", matrix_text(32, 4, 8, g_f32));
    add_file("we", matrix_text(32, 1, 8, g_word));
    add_file("ws", matrix_text(32, 1, 8, g_word));
    add_file("empty", dupstr(""));
    add_file("junk", dupstr("zz 0x\n"));
    add_file("nul", dupstr("1 2\n3 4"));
    add_file("ds/a_A100_fp16.txt", dupstr("3f800000 3f800000 3f800000 3f800000\n3f800000 3f800000 40000000 3f800000\n"));
    add_file("ds/b_A100_fp16.txt", dupstr("3f800000 3f800000 3f800000 3f800000\n3f800000 3f800000 3f800000 3f800000\n"));
    add_file("ds/c_A100_fp32.txt", dupstr("00000000000000000000000000000000\n00111111100000000000000000000000\n"));
    add_file("ds/d_A100_fp32.txt", dupstr("01000000100000000000000000000000\n00000000000000000000000000000000\n"));
}

static void write_file(const char *name, const char *text, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    FZ_CHECK(f != NULL, "cannot create %s", path);
    FZ_CHECK(len == 0 || fwrite(text, 1, len, f) == len, "cannot write %s", path);
    FZ_CHECK(fclose(f) == 0, "cannot close %s", path);
}

static void cleanup(void)
{
    char path[512];
    for (size_t i = 0; i < nfiles; ++i) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i].name);
        (void)unlink(path);
    }
    snprintf(path, sizeof path, "%s/out", dir);
    (void)unlink(path);
    snprintf(path, sizeof path, "%s/ds", dir);
    (void)rmdir(path);
    (void)rmdir(dir);
}

static int stdin_fd = -1;

static void init_once(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/mmacore-fuzz-cli-%ld", tmp != NULL && *tmp ? tmp : "/tmp", (long)getpid());
    FZ_CHECK(mkdir(dir, 0700) == 0 || errno == EEXIST, "cannot create %s", dir);
    char sub[300];
    snprintf(sub, sizeof sub, "%s/ds", dir);
    FZ_CHECK(mkdir(sub, 0700) == 0 || errno == EEXIST, "cannot create %s", sub);
    make_scratch();
    for (size_t i = 0; i < nfiles; ++i) {
        write_file(files[i].name, files[i].text, strlen(files[i].text));
    }
    write_file("nul", "1 2\0003 4\n", 9); /* with a NUL byte */
    (void)atexit(cleanup);
    home_fd = open(".", O_RDONLY | O_DIRECTORY);
    FZ_CHECK(home_fd >= 0, "cannot open the working directory");
    /* standard input: a memfd, rewound before each run */
    stdin_fd = fz_memfd("fuzz-stdin");
    FZ_CHECK(dup2(stdin_fd, 0) == 0, "dup2 stdin");
}

/* ------------------------------------------------------------------ argument safety */

static void sanitize(char *s)
{
    for (char *p = s; *p; ++p) {
        if (*p == '/') {
            *p = '_';
        } else if (*p == '\n' || *p == '\r') {
            *p = ' ';
        }
    }
}

/* The value `bench --size` would accept (1..4096), or 0. */
static unsigned long bench_size(const char *v)
{
    char *end = NULL;
    const unsigned long s = strtoul(v, &end, 10);
    return (*v != '\0' && end != NULL && *end == '\0' && s >= 1 && s <= 4096) ? s : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fz_capture err, out;
    if (dir[0] == '\0') {
        init_once();
        fz_capture_init(&err, 2);
        fz_capture_init(&out, 1);
    }
    fz_in in = {data, size};
    const uint8_t ctl = fz_u8(&in);

    /* argv from the rest, split at NUL */
    char *argv[MAX_ARGS + 3]; /* + "--size=4" for bench + NULL */
    int argc = 0;
    argv[argc++] = dupstr("mmacore");
    size_t start = 0;
    for (size_t i = 0; i <= in.n && argc <= MAX_ARGS; ++i) {
        if (i == in.n || in.p[i] == 0) {
            if (i == in.n && i == start && argc > 1) {
                break; /* a trailing NUL ends the list */
            }
            char *a = (char *)malloc(i - start + 1u);
            FZ_CHECK(a != NULL, "malloc");
            memcpy(a, in.p + start, i - start);
            a[i - start] = '\0';
            argv[argc++] = a;
            start = i + 1u;
        }
    }
    if (argc == 2 && in.n == 0) { /* no bytes after ctl: no arguments at all */
        free(argv[1]);
        argc = 1;
    }
    const bool bench = argc > 1 && strcmp(argv[1], "bench") == 0;
    if (bench) { /* the default size is 256: 6 GEMMs of 256^3 */
        memmove(&argv[3], &argv[2], (size_t)(argc - 2) * sizeof *argv);
        argv[2] = dupstr("--size=4");
        ++argc;
    }
    argv[argc] = NULL;
    bool after_out = false;
    for (int i = 1; i < argc; ++i) {
        sanitize(argv[i]);
        if (strcmp(argv[i], "..") == 0) {
            free(argv[i]);
            argv[i] = dupstr("dotdot");
        }
        const bool out_opt = strcmp(argv[i], "--d-out") == 0 || strcmp(argv[i], "--svg") == 0;
        if (after_out && strcmp(argv[i], "-") != 0) {
            free(argv[i]);
            argv[i] = dupstr("out");
        } else if (strncmp(argv[i], "--d-out=", 8) == 0 || strncmp(argv[i], "--svg=", 6) == 0) {
            const size_t keep = argv[i][2] == 'd' ? 8u : 6u;
            if (strcmp(argv[i] + keep, "-") != 0 && argv[i][keep] != '\0') {
                char *t = (char *)malloc(keep + 4u);
                FZ_CHECK(t != NULL, "malloc");
                memcpy(t, argv[i], keep);
                memcpy(t + keep, "out", 4);
                free(argv[i]);
                argv[i] = t;
            }
        }
        after_out = out_opt;
        if (bench) {
            const bool eq = strncmp(argv[i], "--size=", 7) == 0;
            if (bench_size(eq ? argv[i] + 7 : argv[i]) > 4u) {
                free(argv[i]);
                argv[i] = dupstr(eq ? "--size=4" : "4");
            }
        }
    }
    /* argv as given to the tool (the CLI may not modify the strings, but it gets its own copies) */
    char *call[MAX_ARGS + 3];
    for (int i = 0; i <= argc; ++i) {
        call[i] = argv[i];
    }

    /* standard input: file "a", junk, or empty */
    static const char *const STDIN_TEXT[4] = {NULL, "zz\n", "", "1 2 3\n"};
    const char *stdin_text = STDIN_TEXT[ctl % 4u];
    if (stdin_text == NULL) {
        stdin_text = files[0].text;
    }
    fz_memfd_set(stdin_fd, (const uint8_t *)stdin_text, strlen(stdin_text));
    FZ_CHECK(lseek(0, 0, SEEK_SET) == 0, "rewind stdin");
    clearerr(stdin);
    FZ_CHECK(fseek(stdin, 0, SEEK_SET) == 0, "fseek stdin");

    FZ_CHECK(chdir(dir) == 0, "chdir %s", dir);
    fz_capture_begin(&err);
    fz_capture_begin(&out);
    const int rc = cli_main(argc, call);
    fz_capture_end(&out);
    fz_capture_end(&err);
    FZ_CHECK(fchdir(home_fd) == 0, "fchdir back");
    {
        char path[512];
        snprintf(path, sizeof path, "%s/out", dir);
        (void)unlink(path);
    }

    if (fz_verbose()) {
        fprintf(stderr, "argv:");
        for (int i = 0; i < argc; ++i) {
            fprintf(stderr, " [%s]", argv[i]);
        }
        fprintf(stderr, "\nexit %d\n-- stdout (%zu bytes):\n%.2000s-- stderr:\n%s", rc, out.len, out.text, err.text);
    }
    /* error lines on stderr */
    size_t nerr = 0;
    for (const char *p = err.text; p != NULL && *p != '\0';) {
        if (strncmp(p, "mmacore: error: ", 16) == 0) {
            ++nerr;
        }
        p = strchr(p, '\n');
        p = p != NULL ? p + 1 : NULL;
    }
    const char *cmd = argc > 1 ? argv[1] : "";
    FZ_CHECK(rc == CLI_EXIT_OK || rc == CLI_EXIT_MISMATCH || rc == CLI_EXIT_ERROR, "exit code %d", rc);
    FZ_CHECK(rc != CLI_EXIT_MISMATCH || strcmp(cmd, "conform") == 0, "exit 1 from '%s'", cmd);
    if (rc == CLI_EXIT_ERROR) {
        if (strcmp(cmd, "parse") == 0) {
            FZ_CHECK(nerr >= 1 && nerr <= (size_t)(argc - 2 > 1 ? argc - 2 : 1), "parse: %zu error lines, stderr:\n%s",
                     nerr, err.text);
        } else if (strcmp(cmd, "bench") == 0) { /* one per format the preset has no datapath for */
            FZ_CHECK(nerr >= 1 && nerr <= 6u, "bench: %zu error lines, stderr:\n%s", nerr, err.text);
        } else {
            FZ_CHECK(nerr == 1, "exit 2 with %zu 'mmacore: error:' lines; stderr:\n%s", nerr, err.text);
        }
    } else {
        FZ_CHECK(nerr == 0, "exit %d with an error line; stderr:\n%s", rc, err.text);
    }
    for (int i = 0; i < argc; ++i) {
        free(argv[i]);
    }
    return 0;
}
