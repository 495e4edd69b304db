/* mmacore CLI: command dispatch and top-level help. */
#include <string.h>

#include "cli.h"

typedef struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
} command;

static const command COMMANDS[] = {
    {"run", cmd_run, "execute one instruction on matrices from hex text files"},
    {"conform", cmd_conform, "check the model against a directory of real-GPU results"},
    {"bench", cmd_bench, "MAC/s of mma_gemm per input format vs a float32 loop"},
    {"parse", cmd_parse, "validate instructions and print their canonical form"},
    {"catalog", cmd_catalog, "list every valid dense instruction"},
    {"layout", cmd_layout, "print an operand's register fragment map (CSV, optional SVG)"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: mmacore COMMAND [ARGS]   (mmacore %d.%d.%d, bit-exact MMA golden model)\n\ncommands:\n",
            MMACORE_VERSION_MAJOR, MMACORE_VERSION_MINOR, MMACORE_VERSION_PATCH);
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
        fprintf(out, "  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    }
    fputs("\n'mmacore COMMAND --help' describes a command. Exit status: 0 success, 1 conformance\n"
          "mismatches, 2 errors.\n",
          out);
}

int cli_main(int argc, char **argv)
{
    const char *cmd;
    if (argc < 2) {
        cli_error("missing COMMAND");
        usage(stderr);
        return CLI_EXIT_ERROR;
    }
    cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("mmacore %d.%d.%d\n", MMACORE_VERSION_MAJOR, MMACORE_VERSION_MINOR, MMACORE_VERSION_PATCH);
        return CLI_EXIT_OK;
    }
    if (strcmp(cmd, "help") == 0) {
        if (argc >= 3) {
            for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
                if (strcmp(argv[2], COMMANDS[i].name) == 0) {
                    char help[] = "--help";
                    char *args[] = {argv[2], help, NULL};
                    return COMMANDS[i].fn(2, args);
                }
            }
        }
        usage(stdout);
        return CLI_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
        if (strcmp(cmd, COMMANDS[i].name) == 0) {
            return COMMANDS[i].fn(argc - 1, argv + 1);
        }
    }
    cli_error("unknown command '%s'", cmd);
    usage(stderr);
    return CLI_EXIT_ERROR;
}

#ifndef MMA_CLI_NO_MAIN
int main(int argc, char **argv)
{
    return cli_main(argc, argv);
}
#endif
