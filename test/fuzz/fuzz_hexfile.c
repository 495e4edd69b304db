/*
 * fuzz_hexfile: the hex-matrix reader of `mmacore run` (cli/hexio.c: cli_read_hex_matrix, with
 * its line reader cli_lines_* and cli_parse_hex).
 *
 * Input: rows (byte 0 % 9), cols (byte 1 % 9), element width (byte 2 picks 1, 2, 4, 6, 8, 16, 32
 * or 64 bits); the rest is the file's content, written to an in-memory file.
 *
 * Properties, against an independent model of the documented format (one matrix row per line,
 * values separated by blanks, '#' starts a comment, blank lines ignored, a CR before the newline
 * ignored, hex words with an optional 0x and at most 16 significant digits, each within the
 * element width; NUL bytes, wrong counts, too many or too few rows and empty files rejected):
 *   - the reader accepts exactly the files the model accepts, and then returns the same values
 *     and prints nothing;
 *   - a rejected file gives exactly one message "mmacore: error: FILE:LINE: reason" whose LINE
 *     is the line the model rejects (for a missing row or an empty file: the last line, or 1);
 *   - it never reads or writes outside the matrix (the output array is exactly sized).
 */
#define _GNU_SOURCE /* memfd_create, pread/pwrite: before any system header */
#include <stdbool.h>

#include "cli.h"

#include "fuzz_cli_io.h"

static const unsigned WIDTHS[8] = {1, 2, 4, 6, 8, 16, 32, 64};

typedef struct model {
    bool ok;
    size_t err_line;
    uint64_t *vals; /* rows x cols on success */
} model;

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

/* One token: [0x|0X] hexdigits, at most 16 significant (non-leading-zero) digits. */
static bool model_token(const char *s, size_t n, uint64_t *v)
{
    size_t i = 0;
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        i = 2;
    }
    if (i == n) {
        return false;
    }
    while (i < n && s[i] == '0') { /* leading zeros */
        ++i;
    }
    if (n - i > 16) {
        return false;
    }
    uint64_t x = 0;
    for (; i < n; ++i) {
        const int d = hexval(s[i]);
        if (d < 0) {
            return false;
        }
        x = x << 4 | (uint64_t)d;
    }
    /* A non-hex character among the leading zeros is caught here too. */
    for (size_t j = 0; j < n; ++j) {
        if (!(j == 1 && (s[1] == 'x' || s[1] == 'X') && s[0] == '0') && hexval(s[j]) < 0) {
            return false;
        }
    }
    *v = x;
    return true;
}

static void model_read(const char *data, size_t size, size_t rows, size_t cols, unsigned width, model *m)
{
    const uint64_t mask = fz_mask(width);
    size_t row = 0, line = 0, pos = 0;
    m->ok = false;
    m->err_line = 0;
    while (pos < size) {
        size_t end = pos;
        while (end < size && data[end] != '\n') {
            ++end;
        }
        ++line;
        const char *s = data + pos;
        size_t n = end - pos;
        pos = end < size ? end + 1u : end;
        if (memchr(s, '\0', n) != NULL) {
            m->err_line = line;
            return;
        }
        if (n > 0 && s[n - 1] == '\r') {
            --n;
        }
        const char *hash = (const char *)memchr(s, '#', n);
        if (hash != NULL) {
            n = (size_t)(hash - s);
        }
        size_t count = 0, i = 0;
        for (;;) {
            while (i < n && is_blank(s[i])) {
                ++i;
            }
            if (i == n) {
                break;
            }
            const size_t start = i;
            while (i < n && !is_blank(s[i])) {
                ++i;
            }
            uint64_t v = 0;
            if (row == rows || !model_token(s + start, i - start, &v) || (v & ~mask) != 0) {
                m->err_line = line;
                return;
            }
            if (count < cols) {
                m->vals[row * cols + count] = v;
            }
            ++count;
        }
        if (count == 0) {
            continue;
        }
        if (count != cols) {
            m->err_line = line;
            return;
        }
        ++row;
    }
    if (row == 0 || row < rows) {
        m->err_line = line == 0 ? 1u : line;
        return;
    }
    m->ok = true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int file_fd = -1;
    static fz_capture err;
    static char path[64];
    if (file_fd < 0) {
        file_fd = fz_memfd("fuzz-hexfile");
        fz_capture_init(&err, 2);
        snprintf(path, sizeof path, "/proc/self/fd/%d", file_fd);
    }
    fz_in in = {data, size};
    const size_t rows = fz_u8(&in) % 9u;
    const size_t cols = fz_u8(&in) % 9u;
    const unsigned width = WIDTHS[fz_u8(&in) % 8u];
    fz_memfd_set(file_fd, in.p, in.n);

    const size_t nvals = rows * cols;
    uint64_t *out = (uint64_t *)malloc((nvals ? nvals : 1u) * sizeof *out);
    model m;
    m.vals = (uint64_t *)malloc((nvals ? nvals : 1u) * sizeof *m.vals);
    FZ_CHECK(out != NULL && m.vals != NULL, "malloc");

    fz_capture_begin(&err);
    const bool ok = cli_read_hex_matrix(path, rows, cols, width, out);
    fz_capture_end(&err);
    model_read((const char *)in.p, in.n, rows, cols, width, &m);

    FZ_CHECK(ok == m.ok, "reader %s, model %s (line %zu); rows %zu cols %zu width %u; stderr: %s",
             ok ? "accepts" : "rejects", m.ok ? "accepts" : "rejects", m.err_line, rows, cols, width, err.text);
    if (ok) {
        FZ_CHECK(err.len == 0, "accepted file with an error message: %s", err.text);
        for (size_t i = 0; i < nvals; ++i) {
            FZ_CHECK(out[i] == m.vals[i], "value %zu: reader 0x%llx, model 0x%llx", i, (unsigned long long)out[i],
                     (unsigned long long)m.vals[i]);
        }
    } else {
        char prefix[128];
        const int n = snprintf(prefix, sizeof prefix, "mmacore: error: %s:%zu: ", path, m.err_line);
        FZ_CHECK(n > 0 && err.len > (size_t)n && strncmp(err.text, prefix, (size_t)n) == 0,
                 "rejection message does not start with '%s': %s", prefix, err.text);
        FZ_CHECK(err.text[err.len - 1] == '\n' && memchr(err.text, '\n', err.len - 1) == NULL,
                 "not exactly one message line: %s", err.text);
    }
    free(out);
    free(m.vals);
    return 0;
}
