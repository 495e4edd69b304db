/* mmacore CLI: declarations shared by the command files (hosted C11). */
#ifndef MMACORE_CLI_H
#define MMACORE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mma/mmacore.h"
#include "mma/fragment.h"

/* Exit codes of every command. */
#define CLI_EXIT_OK 0
#define CLI_EXIT_MISMATCH 1 /* conform: at least one result differs */
#define CLI_EXIT_ERROR 2    /* usage, input or model error */

/* Limits of the text readers (so that /dev/zero, endless pipes and huge files are rejected). */
#define CLI_MAX_LINE ((size_t)1024u * 1024u)           /* bytes per line, newline excluded */
#define CLI_MAX_FILE ((size_t)256u * 1024u * 1024u)    /* bytes per file */

/* ---- commands (one file each) ---- */

/* The whole tool: `mmacore COMMAND [ARGS]` dispatch (main.c; main() calls it unless MMA_CLI_NO_MAIN is defined). */
int cli_main(int argc, char **argv);

/* `mmacore run`: executes one instruction on matrices read from hex text files. */
int cmd_run(int argc, char **argv);

/* `mmacore conform`: checks the model against one directory of real-GPU results. */
int cmd_conform(int argc, char **argv);

/* `mmacore bench`: MAC/s of mma_gemm per input format against a plain float32 loop. */
int cmd_bench(int argc, char **argv);

/* `mmacore parse`: validates instructions and prints their canonical spelling and fields. */
int cmd_parse(int argc, char **argv);

/* `mmacore catalog`: prints every instruction of the catalogue, one per line. */
int cmd_catalog(int argc, char **argv);

/* `mmacore layout`: prints the register fragment map of one operand as CSV (and SVG). */
int cmd_layout(int argc, char **argv);

/* The options of `mmacore run` (NULL = not given); cmd_run.c parses them and picks the mode. */
typedef struct cli_run_opts {
    const char *text;                       /* INSTRUCTION */
    const char *profile, *fa, *fb, *fc, *fd; /* --profile --a --b --c --d-out */
    const char *fmeta, *fsa, *fsb;          /* --meta --scale-a --scale-b */
    const char *selector, *sa_sel, *sb_sel; /* --selector --scale-a-sel --scale-b-sel */
    bool warp;                              /* --warp: files hold per-lane registers */
    const char *gemm, *threads;             /* --gemm MxNxK (a GEMM of that shape), --threads T */
    const char *vl, *fpmr, *fzn, *fzm, *fpn, *fpm, *fza, *index; /* SME/SVE FP8 forms */
    bool strict_fpmr, fpcr_ah;
} cli_run_opts;

/* `mmacore run --warp`: one instruction on per-lane register files (cmd_run_warp.c). */
int cli_run_warp(const cli_run_opts *o);

/* `mmacore run fmopa.../fdot...`: one Arm FP8 FMOPA / FDOT instruction (cmd_run_sme.c). */
int cli_run_sme(const cli_run_opts *o);

/* True if an instruction name is one of the Arm FP8 forms of `mmacore run` (fmopa.*, fdot.*). */
bool cli_is_sme_name(const char *text);

/* Parses --selector F and --scale-a-sel / --scale-b-sel BYTE,THREAD (each may be NULL); prints errors. */
bool cli_parse_selectors(const char *selector, const char *sa_sel, const char *sb_sel, mma_frag_select *sel);

/* Resolves --profile for an instruction (required for floating point except .f64); prints errors. */
bool cli_run_profile(const char *text, const char *profile, const mma_instr *ins, mma_profile *prof,
                     const mma_profile **pprof);

/* Writes a matrix as hex words zero-padded to `bits`, one row per line (stdout if path is NULL or "-"). */
bool cli_write_matrix(const char *path, const uint64_t *d, size_t rows, size_t cols, unsigned bits);

/* ---- common helpers (common.c) ---- */

/* Prints "mmacore: error: " and the formatted message plus a newline to stderr. */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Parses an instruction; on failure prints "mmacore: error: TEXT: REASON at 'TOKEN'" and returns false. */
bool cli_parse_instr(const char *text, mma_instr *out);

/* Resolves a preset or GPU name; on failure prints the known names and returns false. */
bool cli_preset(const char *name, mma_preset *out);

/* Prints the names of the GPUs the library knows (mma_gpu_get), each after a space. */
void cli_print_gpu_names(FILE *out);

/* The PTX name of a format ("f16"), or "?" if the value is not a format. */
const char *cli_format_name(unsigned fmt);

/* Storage width in bits of one element code of a format (0 if unknown). */
unsigned cli_format_bits(unsigned fmt);

/*
 * Matches argv[*i] against option --name ("--name=value" or "--name value"): returns its value
 * (advancing *i past a separate value), "" if the value is missing, or NULL if argv[*i] is not --name.
 */
const char *cli_option(int argc, char **argv, int *i, const char *name);

/* ---- threads (common.c, threads.c; the library has none) ---- */

/* Most threads any command starts. */
#define CLI_MAX_THREADS 256u

/* Parses --threads T (1..256) for command cmd; prints an error and returns false if invalid. */
bool cli_parse_threads(const char *cmd, const char *v, unsigned *out);

/* Work of band number `band` of a parallel loop: items [begin, end). */
typedef void (*cli_band_fn)(void *ctx, size_t band, size_t begin, size_t end);

/* Splits items [0, n) into up to `threads` contiguous bands, one thread each (the caller's is one); returns when all are done. */
void cli_parallel_for(size_t n, unsigned threads, cli_band_fn fn, void *ctx);

/* mma_gemm with the rows of D split into `threads` bands (mma_gemm_tile each); the first band's error, if any. */
mma_status cli_gemm_threads(const mma_gemm_desc *g, unsigned threads);

/* ---- line reader (hexio.c) ---- */

/* Reads a text file line by line with a fixed line limit; every error is reported as FILE:LINE: reason. */
typedef struct cli_lines {
    FILE *f;
    const char *path;
    size_t lineno;      /* number of the line last returned (1-based) */
    size_t bytes;       /* bytes consumed so far */
    char *buf;          /* CLI_MAX_LINE + 1 bytes */
    bool owns_file;
} cli_lines;

/* Opens a file ("-" is stdin); prints an error and returns false on failure. */
bool cli_lines_open(cli_lines *r, const char *path);

/* Reads the next line into r->buf (NUL-terminated, newline and CR stripped): 1 = line, 0 = end, -1 = error (printed). */
int cli_lines_next(cli_lines *r, size_t *len);

/* Closes the file and frees the buffer. */
void cli_lines_close(cli_lines *r);

/* Prints "mmacore: error: PATH:LINE: message" for the current line of a reader. */
void cli_lines_error(const cli_lines *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Parses one hex word ("0x1f", "1F"): false if malformed or wider than 64 bits. */
bool cli_parse_hex(const char *s, size_t len, uint64_t *out);

/*
 * Reads a matrix of rows x cols element codes (hex words, one matrix row per line, blank lines and
 * '#' comments ignored), each at most width_bits wide. Prints FILE:LINE: reason and returns false on
 * any error: wrong count on a line, bad hex, value too wide, too many or too few rows, empty file.
 */
bool cli_read_hex_matrix(const char *path, size_t rows, size_t cols, unsigned width_bits, uint64_t *out);

#endif /* MMACORE_CLI_H */
