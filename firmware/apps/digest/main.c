/* digest on the soft core: prints the golden model's per-(instruction, preset) CRCs (digest.h) for
 * comparison with the host build's (ctest qemu_golden_digest, soc_golden_digest); exit 0.
 * DIGEST_IS_SMALL=1 (digest_small.elf): the DIGEST_SMALL size, for the SoC in Verilator. */
#include "app.h"
#include "digest.h"

static void emit(void *ctx, const char *instr, const char *preset, int status, uint32_t crc)
{
    (void)ctx;
    board_printf("digest %s %s %d %08x\n", instr, preset, status, (unsigned)crc);
}

int main(void)
{
    uint32_t all = 0;
    board_uart_init();
#if DIGEST_IS_SMALL
    const digest_params p = DIGEST_SMALL;
#else
    const digest_params p = DIGEST_FULL;
#endif
    const unsigned runs = digest_run(&p, emit, NULL, &all);
    board_printf("digest: %u runs, all %08x\n", runs, (unsigned)all);
    return APP_EXIT_PASS;
}
