/* mmacore CLI: `mmacore parse` and `mmacore catalog` - the instruction layer from the shell. */
#include <string.h>

#include "cli.h"

static const char *family_name(unsigned f)
{
    return f == MMA_FAMILY_WMMA ? "wmma" : f == MMA_FAMILY_WGMMA ? "wgmma" : "mma";
}

static void print_fields(const mma_instr *ins)
{
    static const char *const sparsity[] = {"dense", "sp", "sp::ordered_metadata"};
    static const char *const kinds[] = {"none", "f8f6f4", "mxf8f6f4", "mxf4", "mxf4nvf4"};
    static const char *const bitops[] = {"none", "xor.popc", "and.popc"};
    static const char *const rnd[MMA_RND_COUNT] = {
        [MMA_RND_RNE] = "rn", [MMA_RND_RZ] = "rz", [MMA_RND_RU] = "rp", [MMA_RND_RD] = "rm", [MMA_RND_RNA] = "rna"};
    printf("  family %s, m%un%uk%u, A %s (%s), B %s (%s), C %s, D %s\n", family_name(ins->family), (unsigned)ins->m,
           (unsigned)ins->n, (unsigned)ins->k, cli_format_name(ins->atype), ins->alayout ? "col" : "row",
           cli_format_name(ins->btype), ins->blayout ? "col" : "row", cli_format_name(ins->ctype),
           cli_format_name(ins->dtype));
    printf("  %s, kind %s, satfinite %u, bitop %s, f64 rounding .%s", sparsity[ins->sparsity % 3u],
           kinds[ins->kind % 5u], (unsigned)ins->satfinite, bitops[ins->bitop % 3u], rnd[ins->f64_round % 5u]);
    if (ins->block_scale) {
        printf(", block_scale scale_vec::%uX scale %s", (unsigned)ins->scale_vec, cli_format_name(ins->stype));
    }
    putchar('\n');
}

int cmd_parse(int argc, char **argv)
{
    int rc = CLI_EXIT_OK;
    int count = 0;
    /* --help anywhere: before any instruction is parsed (else errors already printed would exit 0) */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs("usage: mmacore parse INSTRUCTION...\n"
                  "\n"
                  "Parses and validates each instruction (PTX syntax) and prints its canonical spelling and\n"
                  "fields. Exit status: 0 all valid, 2 otherwise (the reason is printed for each).\n",
                  stdout);
            return CLI_EXIT_OK;
        }
    }
    for (int i = 1; i < argc; i++) {
        mma_instr ins;
        char buf[256];
        count++;
        if (!cli_parse_instr(argv[i], &ins)) {
            rc = CLI_EXIT_ERROR;
            continue;
        }
        if (mma_instr_format(&ins, buf, sizeof buf) != MMA_OK) {
            cli_error("%s: cannot format", argv[i]);
            rc = CLI_EXIT_ERROR;
            continue;
        }
        printf("%s\n", buf);
        print_fields(&ins);
    }
    if (count == 0) {
        cli_error("parse: missing INSTRUCTION (see mmacore parse --help)");
        return CLI_EXIT_ERROR;
    }
    return rc;
}

int cmd_catalog(int argc, char **argv)
{
    mma_instr ins;
    char buf[256];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs("usage: mmacore catalog\n"
                  "\n"
                  "Prints every valid dense, non-block-scaled instruction of the catalogue, one per line.\n",
                  stdout);
            return CLI_EXIT_OK;
        }
        cli_error("catalog: unexpected argument '%s'", argv[i]);
        return CLI_EXIT_ERROR;
    }
    for (size_t i = 0; mma_instr_catalog(i, &ins) == MMA_OK; i++) {
        if (mma_instr_format(&ins, buf, sizeof buf) != MMA_OK) {
            cli_error("catalogue entry %zu cannot be formatted", i);
            return CLI_EXIT_ERROR;
        }
        puts(buf);
    }
    return CLI_EXIT_OK;
}
