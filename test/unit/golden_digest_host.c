/* golden_digest_host: firmware/apps/digest's per-(instruction, preset) CRCs of the golden model,
 * computed by the host build; ctest qemu_golden_digest / soc_golden_digest compare them line by
 * line with the firmware's (the same source on rv32imc); --small: digest_small.elf's size. */
#include <stdio.h>
#include <string.h>

#include "digest.h"

static void emit(void *ctx, const char *instr, const char *preset, int status, uint32_t crc)
{
    (void)ctx;
    printf("digest %s %s %d %08x\n", instr, preset, status, (unsigned)crc);
}

int main(int argc, char **argv)
{
    const digest_params full = DIGEST_FULL, small = DIGEST_SMALL;
    const digest_params *p = &full;
    if (argc == 2 && strcmp(argv[1], "--small") == 0) {
        p = &small;   /* digest_small.elf's size */
    } else if (argc != 1) {
        fprintf(stderr, "usage: golden_digest_host [--small]\n");
        return 2;
    }
    uint32_t all = 0;
    const unsigned runs = digest_run(p, emit, NULL, &all);
    printf("digest: %u runs, all %08x\n", runs, (unsigned)all);
    return 0;
}
