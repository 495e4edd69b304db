/*
 * fuzz_conform_line: `mmacore conform DIR` (cli/cmd_conform.c) on a fuzzed data-set directory:
 * its a/b line reader (hex f32 words, the same count on every line), its c/d reader (32-character
 * binary strings), the cross-file checks (line counts, values per line), the file-name parsing
 * (GPU and format names) and the model run on whatever survives.
 *
 * Input: byte 0 picks the GPU name of the file names, byte 1 the format name, byte 2 which files
 * exist (bit 0 d_<GPU>_fp32.txt, bit 1 d_<GPU>_fp16.txt, bit 2 b, bit 3 c, bit 4 a second a_ file);
 * the rest is split at 0x01 bytes into the contents of a, b, c, d_fp32 and d_fp16. The files are
 * written to a private directory under $TMPDIR (default /tmp) for each input.
 *
 * Properties:
 *   - the exit code is 0, 1 or 2 and never a crash, hang or sanitizer report;
 *   - 2 (error) comes with a message "mmacore: error: ..." on stderr; 0 and 1 with none, and
 *     with the summary line "N passed, M failed" last on stdout (M > 0 exactly for 1);
 *   - if the files' line counts differ (counted independently here), the result is 2.
 */
#define _GNU_SOURCE /* memfd_create, pread/pwrite: before any system header */
#include <errno.h>
#include <stdbool.h>
#include <sys/stat.h>

#include "cli.h"

#include "fuzz_cli_io.h"

static const char *const GPUS[16] = {"V100", "T4", "A100", "A2", "A30", "Ada", "L40S", "H100",
                                     "H200", "B200", "X9",  "a100", "",    "H100_x", "B200 ", "sm_120"};
static const char *const FMTS[8] = {"fp16", "bf16", "tf32", "E4M3", "E5M2", "e4m3", "fp8", ""};

static size_t count_lines(const uint8_t *s, size_t n)
{
    size_t lines = 0;
    for (size_t i = 0; i < n; ++i) {
        lines += s[i] == '\n';
    }
    return lines + (n > 0 && s[n - 1] != '\n');
}

static void put_file(const char *dir, const char *name, const uint8_t *s, size_t n)
{
    char path[1024];
    const int len = snprintf(path, sizeof path, "%s/%s", dir, name);
    FZ_CHECK(len > 0 && (size_t)len < sizeof path, "path too long");
    FILE *f = fopen(path, "wb");
    FZ_CHECK(f != NULL, "cannot create %s", path);
    FZ_CHECK(n == 0 || fwrite(s, 1, n, f) == n, "cannot write %s", path);
    FZ_CHECK(fclose(f) == 0, "cannot close %s", path);
}

static void clear_dir(const char *dir, const char *const *names, size_t count)
{
    char path[1024];
    for (size_t i = 0; i < count; ++i) {
        const int len = snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (len > 0 && (size_t)len < sizeof path) {
            (void)unlink(path);
        }
    }
}

static char dir[256];

static void remove_dir(void)
{
    (void)rmdir(dir); /* empty: every input's files are removed after the call */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fz_capture err, out;
    if (dir[0] == '\0') {
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/mmacore-fuzz-conform-%ld", tmp != NULL && *tmp ? tmp : "/tmp", (long)getpid());
        FZ_CHECK(mkdir(dir, 0700) == 0 || errno == EEXIST, "cannot create %s", dir);
        (void)atexit(remove_dir);
        fz_capture_init(&err, 2);
        fz_capture_init(&out, 1);
    }
    fz_in in = {data, size};
    const char *gpu = GPUS[fz_u8(&in) % 16u];
    const char *fmt = FMTS[fz_u8(&in) % 8u];
    const uint8_t which = fz_u8(&in);

    /* Split the rest at 0x01 into the five contents. */
    const uint8_t *part[5] = {NULL, NULL, NULL, NULL, NULL};
    size_t plen[5] = {0, 0, 0, 0, 0};
    {
        size_t p = 0, start = 0;
        for (size_t i = 0; i <= in.n && p < 5; ++i) {
            if (i == in.n || in.p[i] == 0x01u) {
                part[p] = in.p + start;
                plen[p] = i - start;
                ++p;
                start = i + 1u;
            }
        }
    }
    char names[6][128];
    snprintf(names[0], sizeof names[0], "a_%s_%s.txt", gpu, fmt);
    snprintf(names[1], sizeof names[1], "b_%s_%s.txt", gpu, fmt);
    snprintf(names[2], sizeof names[2], "c_%s_fp32.txt", gpu);
    snprintf(names[3], sizeof names[3], "d_%s_fp32.txt", gpu);
    snprintf(names[4], sizeof names[4], "d_%s_fp16.txt", gpu);
    snprintf(names[5], sizeof names[5], "a_%s_other.txt", gpu);
    const bool present[6] = {true, (which & 4u) != 0, (which & 8u) != 0, (which & 1u) != 0, (which & 2u) != 0,
                             (which & 16u) != 0};
    const char *name_ptrs[6] = {names[0], names[1], names[2], names[3], names[4], names[5]};
    for (int i = 0; i < 6; ++i) {
        if (present[i]) {
            put_file(dir, names[i], i < 5 ? part[i] : part[0], i < 5 ? plen[i] : plen[0]);
        }
    }

    char arg0[] = "conform";
    char *argv[3] = {arg0, dir, NULL};
    fz_capture_begin(&err);
    fz_capture_begin(&out);
    const int rc = cmd_conform(2, argv);
    fz_capture_end(&out);
    fz_capture_end(&err);
    clear_dir(dir, name_ptrs, 6);

    if (fz_verbose()) { /* for debugging an input: what the command said */
        fprintf(stderr, "exit %d\n-- stdout:\n%s-- stderr:\n%s", rc, out.text, err.text);
    }
    FZ_CHECK(rc == CLI_EXIT_OK || rc == CLI_EXIT_MISMATCH || rc == CLI_EXIT_ERROR, "exit code %d", rc);
    if (rc == CLI_EXIT_ERROR) {
        FZ_CHECK(strncmp(err.text, "mmacore: error: ", 16) == 0, "error exit without a message; stderr: %s",
                 err.text);
    } else {
        FZ_CHECK(err.len == 0, "exit %d with an error message: %s", rc, err.text);
        /* Last stdout line: "N passed, M failed". */
        FZ_CHECK(out.len > 0 && out.text[out.len - 1] == '\n', "no summary line");
        out.text[out.len - 1] = '\0';
        const char *last = strrchr(out.text, '\n');
        last = last != NULL ? last + 1 : out.text;
        unsigned long long npass = 0, nfail = 0;
        char tail = 0;
        FZ_CHECK(sscanf(last, "%llu passed, %llu failed%c", &npass, &nfail, &tail) == 2,
                 "last line '%s' is not 'N passed, M failed'", last);
        FZ_CHECK((nfail > 0) == (rc == CLI_EXIT_MISMATCH), "exit %d with %llu failed", rc, nfail);
        /* Every present file has the same number of lines. */
        const size_t la = count_lines(part[0], plen[0]);
        for (int i = 1; i < 5; ++i) {
            if (present[i]) {
                FZ_CHECK(count_lines(part[i], plen[i]) == la, "%s has %zu lines, a has %zu, exit %d", names[i],
                         count_lines(part[i], plen[i]), la, rc);
            }
        }
    }
    return 0;
}
