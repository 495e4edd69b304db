/* unit_board_printf: the firmware's printf (board/rv32/printf.c, built here for the host) against the
 * host C library's snprintf, the independent oracle: every conversion it supports (%d %i %u %x %X
 * %c %s %p %%, the l / ll modifiers, widths, the '0' and '-' flags) on boundary values and 200 000
 * random 64-bit ones (the long division in 32-bit steps that replaces libgcc's __udivdi3), output
 * and returned length, and truncation to the buffer. Prints "board printf: N checks, M failed". */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "board.h"

void board_putc(char c) { (void)c; }   /* board_snprintf never writes to the UART */

static unsigned checks, failed;

static void same(const char *what, const char *fmt, int n_ours, const char *ours, int n_libc, const char *libc)
{
    checks++;
    if (n_ours != n_libc || strcmp(ours, libc) != 0) {
        failed++;
        if (failed <= 20) {
            printf("MISMATCH %s \"%s\": \"%s\" (%d), the C library \"%s\" (%d)\n", what, fmt, ours, n_ours, libc, n_libc);
        }
    }
}

#define CHECK(what, fmt, ...)                                                        \
    do {                                                                             \
        char o_[96], l_[96];                                                         \
        const int no_ = board_snprintf(o_, sizeof o_, fmt, __VA_ARGS__);             \
        const int nl_ = snprintf(l_, sizeof l_, fmt, __VA_ARGS__);                   \
        same(what, fmt, no_, o_, nl_, l_);                                           \
    } while (0)

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next(void)   /* splitmix64 */
{
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void number(unsigned long long u)
{
    const long long v = (long long)u;
    CHECK("%llu", "%llu", u);
    CHECK("%llx", "%llx", u);
    CHECK("%llX", "%llX", u);
    CHECK("%lld", "%lld", v);
    CHECK("%020llu", "%020llu", u);
    CHECK("%-22lld|", "%-22lld|", v);
    CHECK("%u", "%u", (unsigned)u);
    CHECK("%08x", "%08x", (unsigned)u);
    CHECK("%d", "%d", (int)u);
    CHECK("%05i", "%05i", (int)(u >> 40));
    CHECK("%lu", "%lu", (unsigned long)u);
}

int main(void)
{
    const unsigned long long edges[] = {0, 1, 9, 10, 15, 16, 65535, 65536, 0xFFFFFFFFull, 0x100000000ull,
                                        0x10000FFFFull, 999999999999ull, 1000000000000ull, 0x7FFFFFFFFFFFFFFFull,
                                        0x8000000000000000ull, 18446744073709551615ull, 10000000000000000000ull};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        number(edges[i]);
    }
    for (unsigned i = 0; i < 200000; i++) {
        const uint64_t r = next();
        number(i % 4 == 0 ? r : r >> (next() % 64));
    }
    CHECK("%c %s %%", "%c %s %%", 'x', "text");
    CHECK("%-6s|%6s", "%-6s|%6s", "ab", "cd");
    CHECK("%5c|", "%5c|", 'q');
    {   /* %p: the firmware prints 0x and eight hex digits (rv32 pointers); compare with its own rule */
        char o[32], l[32];
        const uintptr_t p = (uintptr_t)0x80001234u;
        const int no = board_snprintf(o, sizeof o, "%p", (void *)p);
        const int nl = snprintf(l, sizeof l, "0x%08" PRIxPTR, p);
        same("%p", "%p", no, o, nl, l);
    }
    {   /* truncation: the length is the untruncated one, the buffer ends in a NUL */
        char o[8], l[8];
        const int no = board_snprintf(o, sizeof o, "%llu", 12345678901234ull);
        const int nl = snprintf(l, sizeof l, "%llu", 12345678901234ull);
        same("truncated", "%llu", no, o, nl, l);
    }
    printf("board printf: %u checks, %u failed\n", checks, failed);
    return failed != 0;
}
