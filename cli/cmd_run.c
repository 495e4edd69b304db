/* mmacore CLI: `mmacore run` - one instruction on matrices read from hex text files. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mma/block_scale.h"
#include "mma/sparse.h"

static void run_usage(FILE *out)
{
    fputs("usage: mmacore run INSTRUCTION [--profile P] --a FILE --b FILE --c FILE [--d-out FILE]\n"
          "                 [--meta FILE] [--scale-a FILE --scale-b FILE]\n"
          "\n"
          "Executes one instruction (PTX syntax, e.g. mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32)\n"
          "on whole matrices and prints D.\n"
          "\n"
          "  --profile P    preset (volta, turing, ampere, ada, hopper, blackwell, rtx_blackwell, exact,\n"
          "                 seq_fma, arm_fp8) or GPU name (V100, T4, A100, A2, A30, Ada, L40S, H100, H200,\n"
          "                 B200); required for floating-point inputs except .f64\n"
          "  --a FILE       A, M rows of K element codes\n"
          "  --b FILE       B, K rows of N element codes\n"
          "  --c FILE       C, M rows of N element codes\n"
          "  --d-out FILE   write D there instead of standard output ('-' = standard output)\n"
          "  --meta FILE    mma.sp / mma.sp::ordered_metadata: M rows of K/chunk metadata nibbles\n"
          "                 (chunk 4; tf32 2; s4/u4 and .kind::mxf4* 8); A is then the stored M x K/2\n"
          "  --scale-a FILE .block_scale: scale_A, M rows of V scale codes (.stype; V from .scale_vec)\n"
          "  --scale-b FILE .block_scale: scale_B, V rows of N scale codes\n"
          "\n"
          "Files: whitespace-separated hex words (optional 0x), one matrix row per line, each word one\n"
          "element code of the operand's type (f32/tf32 bit patterns, f16 codes, s8 two's complement\n"
          "bytes, e2m1 nibbles, b1 bits); blank lines and '#' comments are ignored. D is printed the\n"
          "same way, each word zero-padded to the storage width of dtype. '-' reads standard input.\n"
          "Exit status: 0 success, 2 error.\n",
          out);
}

/* Writes a matrix as hex words zero-padded to the format's width. */
static bool write_matrix(FILE *f, const uint64_t *d, size_t rows, size_t cols, unsigned bits)
{
    const int digits = (int)((bits + 3u) / 4u);
    for (size_t i = 0; i < rows; i++) {
        for (size_t j = 0; j < cols; j++) {
            if (fprintf(f, "%s%0*llx", j == 0 ? "" : " ", digits, (unsigned long long)d[i * cols + j]) < 0) {
                return false;
            }
        }
        if (fputc('\n', f) == EOF) {
            return false;
        }
    }
    return true;
}

int cmd_run(int argc, char **argv)
{
    const char *text = NULL, *profile = NULL, *fa = NULL, *fb = NULL, *fc = NULL, *fd = NULL;
    const char *fmeta = NULL, *fsa = NULL, *fsb = NULL;
    uint64_t *meta64 = NULL, *sa = NULL, *sb = NULL;
    uint8_t *meta = NULL;
    mma_sparse_layout layout;
    mma_scale_shape sshape;
    size_t a_cols, meta_cols = 0;
    mma_instr ins;
    mma_profile prof;
    const mma_profile *pprof = NULL;
    uint64_t *a = NULL, *b = NULL, *c = NULL, *d = NULL;
    int rc = CLI_EXIT_ERROR;

    for (int i = 1; i < argc; i++) {
        const char *v;
        const char **slot = NULL;
        const char *name = NULL;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            run_usage(stdout);
            return CLI_EXIT_OK;
        }
        if ((v = cli_option(argc, argv, &i, "--profile")) != NULL) {
            slot = &profile, name = "--profile";
        } else if ((v = cli_option(argc, argv, &i, "--a")) != NULL) {
            slot = &fa, name = "--a";
        } else if ((v = cli_option(argc, argv, &i, "--b")) != NULL) {
            slot = &fb, name = "--b";
        } else if ((v = cli_option(argc, argv, &i, "--c")) != NULL) {
            slot = &fc, name = "--c";
        } else if ((v = cli_option(argc, argv, &i, "--d-out")) != NULL) {
            slot = &fd, name = "--d-out";
        } else if ((v = cli_option(argc, argv, &i, "--meta")) != NULL) {
            slot = &fmeta, name = "--meta";
        } else if ((v = cli_option(argc, argv, &i, "--scale-a")) != NULL) {
            slot = &fsa, name = "--scale-a";
        } else if ((v = cli_option(argc, argv, &i, "--scale-b")) != NULL) {
            slot = &fsb, name = "--scale-b";
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            cli_error("run: unknown option '%s' (see mmacore run --help)", argv[i]);
            return CLI_EXIT_ERROR;
        } else if (text == NULL) {
            text = argv[i];
            continue;
        } else {
            cli_error("run: unexpected argument '%s' (one instruction only)", argv[i]);
            return CLI_EXIT_ERROR;
        }
        if (*v == '\0') {
            cli_error("run: option %s needs a value", name);
            return CLI_EXIT_ERROR;
        }
        *slot = v;
    }
    if (text == NULL) {
        cli_error("run: missing INSTRUCTION (see mmacore run --help)");
        return CLI_EXIT_ERROR;
    }
    if (fa == NULL || fb == NULL || fc == NULL) {
        cli_error("run: missing%s%s%s (see mmacore run --help)", fa == NULL ? " --a FILE" : "",
                  fb == NULL ? " --b FILE" : "", fc == NULL ? " --c FILE" : "");
        return CLI_EXIT_ERROR;
    }
    if (!cli_parse_instr(text, &ins)) {
        return CLI_EXIT_ERROR;
    }
    a_cols = ins.k;
    if (ins.sparsity != MMA_SPARSE_NONE) {
        if (mma_sparse_layout_of(&ins, &layout) != MMA_OK || layout.chunk == 0) {
            cli_error("%s: no sparsity layout for this instruction", text);
            return CLI_EXIT_ERROR;
        }
        if (fmeta == NULL) {
            cli_error("%s: sparse instructions need --meta FILE (M rows of K/%u metadata values)", text,
                      (unsigned)layout.chunk);
            return CLI_EXIT_ERROR;
        }
        a_cols = ins.k / 2u;
        meta_cols = ins.k / layout.chunk;
    } else if (fmeta != NULL) {
        cli_error("%s: --meta is only for sparse instructions (mma.sp)", text);
        return CLI_EXIT_ERROR;
    }
    if (ins.block_scale != 0u) {
        if (mma_block_scale_shape(&ins, &sshape) != MMA_OK || sshape.vec == 0) {
            cli_error("%s: no scale geometry for this instruction", text);
            return CLI_EXIT_ERROR;
        }
        if (fsa == NULL || fsb == NULL) {
            cli_error("%s: block-scaled instructions need --scale-a FILE (M x %u) and --scale-b FILE (%u x N)", text,
                      (unsigned)sshape.vec, (unsigned)sshape.vec);
            return CLI_EXIT_ERROR;
        }
    } else if (fsa != NULL || fsb != NULL) {
        cli_error("%s: --scale-a/--scale-b are only for .block_scale instructions", text);
        return CLI_EXIT_ERROR;
    }
    if (profile != NULL) {
        mma_preset preset;
        mma_status st;
        if (!cli_preset(profile, &preset)) {
            return CLI_EXIT_ERROR;
        }
        st = mma_instr_profile(preset, &ins, &prof);
        if (st != MMA_OK) {
            cli_error("%s: profile '%s' has no datapath for this instruction: %s", text, profile,
                      mma_status_message(st));
            return CLI_EXIT_ERROR;
        }
        pprof = &prof;
    } else if (!cli_instr_is_integer(&ins) && ins.atype != MMA_FMT_F64) {
        cli_error("%s: --profile is required for floating-point instructions (e.g. --profile hopper)", text);
        return CLI_EXIT_ERROR;
    }

    {
        const size_t m = ins.m, n = ins.n, k = ins.k;
        a = calloc(m * a_cols, sizeof *a);
        b = calloc(k * n, sizeof *b);
        c = calloc(m * n, sizeof *c);
        d = calloc(m * n, sizeof *d);
        if (a == NULL || b == NULL || c == NULL || d == NULL) {
            cli_error("out of memory");
            goto done;
        }
        if (!cli_read_hex_matrix(fa, m, a_cols, cli_format_bits(ins.atype), a) ||
            !cli_read_hex_matrix(fb, k, n, cli_format_bits(ins.btype), b) ||
            !cli_read_hex_matrix(fc, m, n, cli_format_bits(ins.ctype), c)) {
            goto done;
        }
        if (fmeta != NULL) {
            meta64 = calloc(m * meta_cols, sizeof *meta64);
            meta = calloc(m * meta_cols, sizeof *meta);
            if (meta64 == NULL || meta == NULL) {
                cli_error("out of memory");
                goto done;
            }
            if (!cli_read_hex_matrix(fmeta, m, meta_cols, 4, meta64)) {
                goto done;
            }
            for (size_t i = 0; i < m * meta_cols; i++) {
                meta[i] = (uint8_t)meta64[i];
            }
        }
        if (ins.block_scale != 0u) {
            sa = calloc(m * sshape.vec, sizeof *sa);
            sb = calloc((size_t)sshape.vec * n, sizeof *sb);
            if (sa == NULL || sb == NULL) {
                cli_error("out of memory");
                goto done;
            }
            if (!cli_read_hex_matrix(fsa, m, sshape.vec, cli_format_bits(sshape.stype), sa) ||
                !cli_read_hex_matrix(fsb, sshape.vec, n, cli_format_bits(sshape.stype), sb)) {
                goto done;
            }
        }
        {
            mma_operands ops;
            memset(&ops, 0, sizeof ops);
            ops.a = a;
            ops.b = b;
            ops.c = c;
            ops.d = d;
            ops.meta = meta;
            ops.scale_a = sa;
            ops.scale_b = sb;
            mma_status st;
            if (meta != NULL) {
                mma_sparse_diag sd;
                memset(&sd, 0, sizeof sd);
                st = mma_sparse_run(&ins, pprof, &ops, &sd);
                if (st == MMA_ERR_METADATA) {
                    cli_error("%s: row %u, value %u of the row: metadata 0x%x is invalid: %s", fmeta,
                              (unsigned)sd.row + 1u, (unsigned)sd.chunk + 1u, (unsigned)sd.value,
                              sd.reason != NULL ? sd.reason : mma_status_message(st));
                    goto done;
                }
            } else {
                st = mma_run(&ins, pprof, &ops);
            }
            if (st != MMA_OK) {
                cli_error("%s: mma_run failed: %s (%s)", text, mma_status_name(st), mma_status_message(st));
                goto done;
            }
        }
        if (fd != NULL && strcmp(fd, "-") != 0) {
            FILE *f = fopen(fd, "w");
            bool ok;
            if (f == NULL) {
                cli_error("%s: cannot write: %s", fd, strerror(errno));
                goto done;
            }
            ok = write_matrix(f, d, m, n, cli_format_bits(ins.dtype));
            if (fclose(f) != 0) {
                ok = false;
            }
            if (!ok) {
                cli_error("%s: write error", fd);
                goto done;
            }
        } else if (!write_matrix(stdout, d, m, n, cli_format_bits(ins.dtype)) || fflush(stdout) != 0) {
            cli_error("write error on standard output");
            goto done;
        }
        rc = CLI_EXIT_OK;
    }
done:
    free(meta64);
    free(meta);
    free(sa);
    free(sb);
    free(a);
    free(b);
    free(c);
    free(d);
    return rc;
}
