/* golden_digest_host: this folder's digest.c on the host build of the library (cmake/MmaFirmware.cmake
 * builds it); compare.sh checks that the firmware's per-(instruction, preset) CRCs equal these
 * (ctest qemu_golden_digest*, soc_golden_digest, soc_vex_golden_digest). --small: digest_small.elf's size. */
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
