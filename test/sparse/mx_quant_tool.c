/*
 * mx_quant_tool: line-oriented front end of mma_mx_quantize / mma_nvfp4_quantize for the ml_dtypes
 * check (check_mx_ml_dtypes.py). Input lines: "<e4m3|e5m2|e3m2|e2m3|e2m1|nvfp4> <n> <f32 hex> x n";
 * output lines: "<scale hex> <element code hex> x n", or "error <status name>".
 */
#include <stdio.h>
#include <string.h>

#include "mma/block_scale.h"

int main(void)
{
    char name[16];
    size_t n;
    while (scanf("%15s %zu", name, &n) == 2) {
        uint64_t x[64], out[64], scale = 0;
        if (n == 0 || n > 64) {
            return 2;
        }
        for (size_t i = 0; i < n; ++i) {
            unsigned long long v;
            if (scanf("%llx", &v) != 1) {
                return 2;
            }
            x[i] = v;
        }
        mma_status st;
        if (strcmp(name, "nvfp4") == 0) {
            st = mma_nvfp4_quantize(MMA_FMT_F32, x, n, &scale, out);
        } else {
            mma_format f;
            if (mma_format_from_name(name, strlen(name), &f) != MMA_OK) {
                return 2;
            }
            st = mma_mx_quantize(MMA_FMT_F32, x, n, f, &scale, out);
        }
        if (st != MMA_OK) {
            printf("error %s\n", mma_status_name(st));
            continue;
        }
        printf("%llx", (unsigned long long)scale);
        for (size_t i = 0; i < n; ++i) {
            printf(" %llx", (unsigned long long)out[i]);
        }
        putchar('\n');
    }
    return 0;
}
