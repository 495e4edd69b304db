/* Consumer of an installed mmacore: links the static library through find_package(mmacore)
 * or pkg-config and calls two public functions. Exits 0 only if both answer sensibly. */
#include <stdio.h>

#include "mma/mmacore.h"

int main(void)
{
    const char *ok = mma_status_message(MMA_OK);
    const mma_format_info *f16 = mma_format_get(MMA_FMT_F16);

    if (ok == NULL || ok[0] == '\0') {
        fprintf(stderr, "consumer: mma_status_message(MMA_OK) returned nothing\n");
        return 1;
    }
    if (f16 == NULL || f16->storage_bits != 16 || f16->exp_bits != 5 || f16->frac_bits != 10) {
        fprintf(stderr, "consumer: mma_format_get(MMA_FMT_F16) is not the 16-bit 1.5.10 format\n");
        return 1;
    }
    printf("consumer: mmacore %d.%d.%d: MMA_OK = \"%s\", f16 = %s (%u bits)\n",
           MMACORE_VERSION_MAJOR, MMACORE_VERSION_MINOR, MMACORE_VERSION_PATCH, ok,
           f16->name ? f16->name : "?", (unsigned)f16->storage_bits);
    return 0;
}
