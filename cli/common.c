/* mmacore CLI: error printing, instruction and preset lookup shared by the commands. */
#include <stdarg.h>
#include <string.h>

#include "cli.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fputs("mmacore: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

bool cli_parse_instr(const char *text, mma_instr *out)
{
    mma_diag diag;
    size_t len = strlen(text);
    mma_status st = mma_instr_parse(text, len, out, &diag);
    if (st == MMA_OK) {
        return true;
    }
    if (diag.len == 0) {
        cli_error("%s: %s at end of instruction", text, diag.reason != NULL ? diag.reason : mma_status_message(st));
    } else {
        cli_error("%s: %s at '%.*s'", text, diag.reason != NULL ? diag.reason : mma_status_message(st),
                  (int)diag.len, text + diag.pos);
    }
    return false;
}

bool cli_preset(const char *name, mma_preset *out)
{
    if (mma_preset_from_name(name, strlen(name), out) == MMA_OK) {
        return true;
    }
    fprintf(stderr, "mmacore: error: unknown profile '%s' (presets:", name);
    for (int p = 0; p < (int)MMA_PRESET_COUNT; p++) {
        const char *n = mma_preset_name((mma_preset)p);
        if (n != NULL) {
            fprintf(stderr, " %s", n);
        }
    }
    fputs("; GPU names:", stderr);
    cli_print_gpu_names(stderr);
    fputs(")\n", stderr);
    return false;
}

void cli_print_gpu_names(FILE *out)
{
    const mma_gpu *gpu;
    for (size_t i = 0; (gpu = mma_gpu_get(i)) != NULL; i++) {
        fprintf(out, " %s", gpu->name);
    }
}

const char *cli_format_name(unsigned fmt)
{
    const mma_format_info *info = mma_format_get((mma_format)fmt);
    return info != NULL && info->name != NULL ? info->name : "?";
}

unsigned cli_format_bits(unsigned fmt)
{
    const mma_format_info *info = mma_format_get((mma_format)fmt);
    return info != NULL ? info->storage_bits : 0u;
}

const char *cli_option(int argc, char **argv, int *i, const char *name)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0) {
        return NULL;
    }
    if (arg[n] == '=') {
        return arg + n + 1;
    }
    if (arg[n] != '\0') {
        return NULL;
    }
    if (*i + 1 >= argc) {
        return ""; /* the caller reports "needs a value" */
    }
    *i += 1;
    return argv[*i];
}
