/* A small printf for the firmware (no libc): %d %i %u %x %X %c %s %p %%, the l/ll length
 * modifiers, a field width, '0' and '-' flags. Output goes to a sink: the UART or a buffer. */
#include "board.h"

typedef struct sink {
    char *buf;      /* NULL: the UART */
    size_t size;
    size_t len;     /* characters produced so far */
} sink;

static void put(sink *s, char c)
{
    if (s->buf == NULL) {
        board_putc(c);
    } else if (s->len + 1u < s->size) {
        s->buf[s->len] = c;
    }
    s->len++;
}

static void put_padded(sink *s, const char *str, size_t n, unsigned width, bool left, char pad)
{
    size_t fill = width > n ? width - n : 0u;
    if (!left) {
        while (fill-- > 0u) {
            put(s, pad);
        }
    }
    for (size_t i = 0; i < n; ++i) {
        put(s, str[i]);
    }
    if (left) {
        while (fill-- > 0u) {
            put(s, ' ');
        }
    }
}

/* *v /= base (2 .. 16), returning the remainder: long division in 32-bit steps (the high word, then
 * two 16-bit digits, each below base * 2^16), so no firmware links libgcc's 64-bit division (2 KiB
 * of __udivdi3 and __umoddi3, a quarter of an 8 KiB board's RAM). */
static unsigned divide_small(uint64_t *v, unsigned base)
{
    const uint32_t hi = (uint32_t)(*v >> 32), lo = (uint32_t)*v;
    const uint32_t qh = hi / base, m = (hi % base) << 16 | lo >> 16;
    const uint32_t qm = m / base, l = (m % base) << 16 | (lo & 0xFFFFu);
    *v = (uint64_t)qh << 32 | (uint64_t)qm << 16 | l / base;
    return l % base;
}

static void put_number(sink *s, uint64_t v, bool neg, unsigned base, bool upper, unsigned width, bool left, char pad)
{
    char tmp[24];
    size_t n = 0;
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    do {
        tmp[n++] = digits[divide_small(&v, base)];
    } while (v != 0u);
    if (neg) {
        if (pad == '0' && width > 0u) {
            put(s, '-');
            width--;
        } else {
            tmp[n++] = '-';
        }
    }
    char out[24];
    for (size_t i = 0; i < n; ++i) {
        out[i] = tmp[n - 1u - i];
    }
    put_padded(s, out, n, width, left, pad);
}

static int format(sink *s, const char *fmt, va_list ap)
{
    for (const char *p = fmt; *p != '\0'; ++p) {
        if (*p != '%') {
            put(s, *p);
            continue;
        }
        ++p;
        bool left = false;
        char pad = ' ';
        for (;; ++p) {
            if (*p == '-') {
                left = true;
            } else if (*p == '0') {
                pad = '0';
            } else {
                break;
            }
        }
        unsigned width = 0;
        while (*p >= '0' && *p <= '9') {
            width = width * 10u + (unsigned)(*p++ - '0');
        }
        int lng = 0;
        while (*p == 'l') {
            lng++;
            p++;
        }
        switch (*p) {
        case 'd':
        case 'i': {
            int64_t v = lng >= 2 ? va_arg(ap, long long) : lng == 1 ? va_arg(ap, long) : va_arg(ap, int);
            uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
            put_number(s, m, v < 0, 10u, false, width, left, pad);
            break;
        }
        case 'u':
        case 'x':
        case 'X': {
            uint64_t v = lng >= 2 ? va_arg(ap, unsigned long long)
                         : lng == 1 ? va_arg(ap, unsigned long) : va_arg(ap, unsigned);
            put_number(s, v, false, *p == 'u' ? 10u : 16u, *p == 'X', width, left, pad);
            break;
        }
        case 'p':
            put(s, '0');
            put(s, 'x');
            put_number(s, (uintptr_t)va_arg(ap, void *), false, 16u, false, 8u, false, '0');
            break;
        case 'c': {
            char c = (char)va_arg(ap, int);
            put_padded(s, &c, 1u, width, left, ' ');
            break;
        }
        case 's': {
            const char *str = va_arg(ap, const char *);
            if (str == NULL) {
                str = "(null)";
            }
            size_t n = 0;
            while (str[n] != '\0') {
                n++;
            }
            put_padded(s, str, n, width, left, ' ');
            break;
        }
        case '%':
            put(s, '%');
            break;
        case '\0':
            --p;   /* a lone '%' at the end */
            break;
        default:
            put(s, '%');
            put(s, *p);
            break;
        }
    }
    return (int)s->len;
}

int board_vprintf(const char *fmt, va_list ap)
{
    sink s = {NULL, 0u, 0u};
    return format(&s, fmt, ap);
}

int board_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = board_vprintf(fmt, ap);
    va_end(ap);
    return n;
}

int board_snprintf(char *buf, size_t size, const char *fmt, ...)
{
    sink s = {buf, size, 0u};
    va_list ap;
    va_start(ap, fmt);
    int n = format(&s, fmt, ap);
    va_end(ap);
    if (size > 0u) {
        buf[s.len < size ? s.len : size - 1u] = '\0';
    }
    return n;
}
