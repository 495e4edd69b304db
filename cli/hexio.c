/* mmacore CLI: a bounded line reader and the hex-matrix text format of `mmacore run`. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

bool cli_lines_open(cli_lines *r, const char *path)
{
    r->path = path;
    r->lineno = 0;
    r->bytes = 0;
    r->owns_file = false;
    r->buf = malloc(CLI_MAX_LINE + 1u);
    if (r->buf == NULL) {
        cli_error("%s: out of memory", path);
        return false;
    }
    if (strcmp(path, "-") == 0) {
        r->f = stdin;
        r->path = "<stdin>";
    } else {
        r->f = fopen(path, "rb");
        if (r->f == NULL) {
            cli_error("%s: cannot open: %s", path, strerror(errno));
            free(r->buf);
            r->buf = NULL;
            return false;
        }
        r->owns_file = true;
    }
    return true;
}

void cli_lines_close(cli_lines *r)
{
    if (r->owns_file && r->f != NULL) {
        fclose(r->f);
    }
    r->f = NULL;
    free(r->buf);
    r->buf = NULL;
}

void cli_lines_error(const cli_lines *r, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "mmacore: error: %s:%zu: ", r->path, r->lineno == 0 ? (size_t)1 : r->lineno);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int cli_lines_next(cli_lines *r, size_t *len)
{
    size_t n = 0;
    int c = EOF;
    r->lineno++;
    errno = 0;
    while ((c = getc(r->f)) != EOF) {
        if (++r->bytes > CLI_MAX_FILE) {
            cli_lines_error(r, "file too large (more than %zu bytes)", CLI_MAX_FILE);
            return -1;
        }
        if (c == '\n') {
            break;
        }
        if (c == '\0') {
            cli_lines_error(r, "NUL byte in the text (not a text file?)");
            return -1;
        }
        if (n == CLI_MAX_LINE) {
            cli_lines_error(r, "line too long (more than %zu bytes)", CLI_MAX_LINE);
            return -1;
        }
        r->buf[n++] = (char)c;
    }
    if (c == EOF) {
        if (ferror(r->f)) {
            cli_lines_error(r, "read error: %s", errno != 0 ? strerror(errno) : "I/O error");
            return -1;
        }
        if (n == 0) {
            r->lineno--;
            return 0;
        }
    }
    if (n > 0 && r->buf[n - 1] == '\r') {
        n--;
    }
    r->buf[n] = '\0';
    *len = n;
    return 1;
}

static int hex_digit(char c)
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

bool cli_parse_hex(const char *s, size_t len, uint64_t *out)
{
    size_t i = 0;
    size_t significant = 0;
    uint64_t v = 0;
    if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        i = 2;
    }
    if (i == len) {
        return false;
    }
    for (; i < len; i++) {
        int d = hex_digit(s[i]);
        if (d < 0) {
            return false;
        }
        if (v != 0 || d != 0) {
            if (++significant > 16) {
                return false;
            }
        }
        v = (v << 4) | (uint64_t)d;
    }
    *out = v;
    return true;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool cli_read_hex_matrix(const char *path, size_t rows, size_t cols, unsigned width_bits, uint64_t *out)
{
    cli_lines r;
    size_t len = 0;
    size_t row = 0;
    int got = 0;
    bool ok = true;
    const uint64_t mask = width_bits >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << width_bits) - 1u);

    if (!cli_lines_open(&r, path)) {
        return false;
    }
    while (ok && (got = cli_lines_next(&r, &len)) == 1) {
        size_t count = 0;
        size_t i = 0;
        char *hash = memchr(r.buf, '#', len);
        if (hash != NULL) {
            len = (size_t)(hash - r.buf);
        }
        while (ok) {
            size_t start;
            uint64_t v;
            while (i < len && is_blank(r.buf[i])) {
                i++;
            }
            if (i == len) {
                break;
            }
            start = i;
            /* buf[0..len) was filled by cli_lines_next; i < len bounds the read */
            // NOLINTNEXTLINE(clang-analyzer-core.CallAndMessage)
            while (i < len && !is_blank(r.buf[i])) {
                i++;
            }
            if (count == 0 && row == rows) {
                cli_lines_error(&r, "too many lines: the matrix has %zu rows", rows);
                ok = false;
                break;
            }
            if (!cli_parse_hex(r.buf + start, i - start, &v)) {
                cli_lines_error(&r, "bad hex value '%.*s' (value %zu of the line)", (int)(i - start > 40 ? 40 : i - start),
                                r.buf + start, count + 1);
                ok = false;
                break;
            }
            if ((v & ~mask) != 0) {
                cli_lines_error(&r, "value 0x%llx exceeds the %u-bit element width (value %zu of the line)",
                                (unsigned long long)v, width_bits, count + 1);
                ok = false;
                break;
            }
            if (count < cols) {
                out[row * cols + count] = v;
            }
            count++;
        }
        if (!ok || count == 0) {
            continue; /* error, or a blank/comment line */
        }
        if (count != cols) {
            cli_lines_error(&r, "expected %zu values, got %zu", cols, count);
            ok = false;
            break;
        }
        row++;
    }
    if (ok && got < 0) {
        ok = false;
    }
    if (ok && row == 0) {
        cli_lines_error(&r, "empty file: expected %zu rows of %zu values", rows, cols);
        ok = false;
    } else if (ok && row < rows) {
        cli_lines_error(&r, "missing rows: expected %zu rows, the file ends after %zu", rows, row);
        ok = false;
    }
    cli_lines_close(&r);
    return ok;
}
