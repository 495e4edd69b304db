/* The four functions GCC may call in freestanding code (memcpy, memmove, memset, memcmp): the only
 * "libc" of the rv32 firmware. Word-at-a-time when both pointers are aligned. Built with
 * -fno-builtin (-fno-tree-loop-distribute-patterns) so these loops are not turned into calls to
 * themselves. */
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if ((((uintptr_t)d | (uintptr_t)s) & 3u) == 0u) {
        for (; n >= 4u; n -= 4u, d += 4, s += 4) {
            *(uint32_t *)(void *)d = *(const uint32_t *)(const void *)s;
        }
    }
    while (n-- > 0u) {
        *d++ = *s++;
    }
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d == s || n == 0u) {
        return dst;
    }
    if (d < s) {
        for (size_t i = 0; i < n; ++i) {
            d[i] = s[i];
        }
        return dst;
    }
    while (n-- > 0u) {
        d[n] = s[n];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    uint32_t w = (uint32_t)(unsigned char)c * 0x01010101u;
    while (n > 0u && ((uintptr_t)d & 3u) != 0u) {
        *d++ = (unsigned char)c;
        --n;
    }
    for (; n >= 4u; n -= 4u, d += 4) {
        *(uint32_t *)(void *)d = w;
    }
    while (n-- > 0u) {
        *d++ = (unsigned char)c;
    }
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; ++i) {
        if (x[i] != y[i]) {
            return x[i] < y[i] ? -1 : 1;
        }
    }
    return 0;
}
