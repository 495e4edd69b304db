/*
 * Line-oriented front end to mma_encode / mma_decode for the Python oracles (check_ml_dtypes.py).
 * One answer line per input line on stdin:
 *   "FMT MODE FLAGS F32HEX"  ->  code of encode(decode_f32(F32HEX), MODE, FLAGS) in hex,
 *                               or "E<status>" if encode fails
 *   "dec FMT CODEHEX"        ->  the code widened exactly to f32, as an f32 pattern in hex
 *   "cvt FROM TO MODE CODEHEX" -> code of mma_convert(FROM, CODEHEX, TO, MODE, no flags) in hex,
 *                               or "E<status>" (check_softfloat.py: f64/f32/f16/bf16 conversions)
 * FMT is a format name ("e4m3", "bf16", ...), MODE one of rne rz ru rd rna, FLAGS a number
 * (1 SATFINITE, 2 RELU, 4 OCP_SAT).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mma/format.h"

static int parse_mode(const char *s, mma_round *out)
{
    static const char *const names[MMA_RND_COUNT] = {
        [MMA_RND_RNE] = "rne", [MMA_RND_RZ] = "rz", [MMA_RND_RU] = "ru", [MMA_RND_RD] = "rd", [MMA_RND_RNA] = "rna"};
    for (int i = 0; i < MMA_RND_COUNT; ++i) {
        if (strcmp(s, names[i]) == 0) {
            *out = (mma_round)i;
            return 1;
        }
    }
    return 0;
}

int main(void)
{
    char line[256], a[32], b[32], c[32], d[32], e[32];
    while (fgets(line, sizeof line, stdin) != NULL) {
        int n = sscanf(line, "%31s %31s %31s %31s %31s", a, b, c, d, e);
        mma_format fmt;
        if (n == 5 && strcmp(a, "cvt") == 0) {
            mma_format to;
            mma_round mode;
            uint64_t out = 0;
            mma_status st = mma_format_from_name(b, strlen(b), &fmt);
            if (st == MMA_OK) {
                st = mma_format_from_name(c, strlen(c), &to);
            }
            if (st == MMA_OK && !parse_mode(d, &mode)) {
                st = MMA_ERR_ROUNDING;
            }
            if (st == MMA_OK) {
                st = mma_convert(fmt, strtoull(e, NULL, 16), to, mode, 0, &out);
            }
            if (st == MMA_OK) {
                printf("%llx\n", (unsigned long long)out);
            } else {
                printf("E%d\n", (int)st);
            }
        } else if (n == 3 && strcmp(a, "dec") == 0) {
            uint64_t code = strtoull(c, NULL, 16), out = 0;
            mma_status st = mma_format_from_name(b, strlen(b), &fmt);
            if (st == MMA_OK) {
                st = mma_convert(fmt, code, MMA_FMT_F32, MMA_RND_RZ, 0, &out);
            }
            if (st == MMA_OK) {
                printf("%08llx\n", (unsigned long long)out);
            } else {
                printf("E%d\n", (int)st);
            }
        } else if (n == 4) {
            mma_round mode;
            uint64_t out = 0;
            mma_status st = mma_format_from_name(a, strlen(a), &fmt);
            if (st == MMA_OK && !parse_mode(b, &mode)) {
                st = MMA_ERR_ROUNDING;
            }
            if (st == MMA_OK) {
                unsigned flags = (unsigned)strtoul(c, NULL, 0);
                st = mma_convert(MMA_FMT_F32, strtoull(d, NULL, 16), fmt, mode, flags, &out);
            }
            if (st == MMA_OK) {
                printf("%llx\n", (unsigned long long)out);
            } else {
                printf("E%d\n", (int)st);
            }
        } else {
            fprintf(stderr, "cvt_tool: bad line: %s", line);
            return 2;
        }
    }
    return 0;
}
