/* mmacore CLI: `mmacore run` - one instruction on matrices read from hex text files. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mma/block_scale.h"
#include "mma/sparse.h"

static void run_usage(FILE *out)
{
    fputs("usage: mmacore run INSTRUCTION [--profile P] --a FILE --b FILE --c FILE [--d-out FILE]\n"
          "                 [--meta FILE [--selector F]]\n"
          "                 [--scale-a FILE --scale-b FILE [--scale-a-sel B,T] [--scale-b-sel B,T]]\n"
          "       mmacore run INSTRUCTION --gemm MxNxK [--threads T] [same options]  (a whole GEMM)\n"
          "       mmacore run INSTRUCTION --warp [same options]           (per-lane registers)\n"
          "       mmacore run fmopa.za16.f8|fmopa.za32.f8|fdot.f16.f8|fdot.f32.f8 --vl BITS --fpmr HEX\n"
          "                 --zn FILE --zm FILE --za FILE [--pn FILE --pm FILE] [--index I]\n"
          "                 [--strict-fpmr] [--fpcr-ah] [--d-out FILE]      (Arm FP8, see below)\n"
          "\n"
          "Executes one instruction (PTX syntax, e.g. mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32,\n"
          "mma.sp::ordered_metadata..., wgmma.mma_async...) on whole matrices and prints D.\n"
          "\n"
          "  --profile P    preset (volta, turing, ampere, ada, hopper, blackwell, rtx_blackwell, exact,\n"
          "                 exact:MODE / seq_fma:MODE with MODE one of rn rz rp rm rna,\n"
          "                 seq_fma, arm_fp8) or GPU name (V100, T4, A100, A2, A30, Ada, L40S, H100, H200,\n"
          "                 B200); required for floating-point inputs except .f64\n"
          "  --a FILE       A, M rows of K element codes\n"
          "  --b FILE       B, K rows of N element codes\n"
          "  --c FILE       C, M rows of N element codes\n"
          "  --d-out FILE   write D there instead of standard output ('-' = standard output)\n"
          "  --meta FILE    mma.sp / mma.sp::ordered_metadata: M rows of K/chunk metadata nibbles\n"
          "                 (chunk 4; tf32 2; s4/u4 and .kind::mxf4* 8); A is then the stored M x K/2\n"
          "  --selector F   mma.sp sparsity selector (operand f, default 0); checked against the instruction\n"
          "  --scale-a FILE .block_scale: scale_A, M rows of V scale codes (.stype; V from .scale_vec)\n"
          "  --scale-b FILE .block_scale: scale_B, V rows of N scale codes\n"
          "  --scale-a-sel B,T  {byte-id-a, thread-id-a} (default 0,0)\n"
          "  --scale-b-sel B,T  {byte-id-b, thread-id-b} (default 0,0)\n"
          "  --gemm MxNxK   run a GEMM of that shape with the instruction's datapath (mma_gemm: K in chunks\n"
          "                 of the instruction's k, the last zero-padded, each chunk's D the next one's C):\n"
          "                 --a is M x K (mma.sp: M x K/2), --b K x N, --c and D M x N, --meta M x K/chunk,\n"
          "                 --scale-a M x ceil(K/block), --scale-b ceil(K/block) x N (block = k / scale_vec)\n"
          "  --threads T    with --gemm: split the rows of D into T bands, one thread each (default 1)\n"
          "\n"
          "Files: whitespace-separated hex words (optional 0x), one matrix row per line, each word one\n"
          "element code of the operand's type (f32/tf32 bit patterns, f16 codes, s8 two's complement\n"
          "bytes, e2m1 nibbles, b1 bits); blank lines and '#' comments are ignored. D is printed the\n"
          "same way, each word zero-padded to the storage width of dtype. '-' reads standard input.\n"
          "\n"
          "--warp: the files hold registers exactly as the GPU does (mmacore layout shows the map):\n"
          "  --a, --b, --c  one line per lane (32; wgmma 128) of that lane's 32-bit registers, a0.. low\n"
          "                 to high (f16x2: lower element in bits 15:0; 8-bit 4 per word, 4-bit 8, b1 32;\n"
          "                 .f64: two words per element, low word first; .kind::f8f6f4 8-bit containers\n"
          "                 with e2m1 in bits 5:2 and e3m2/e2m3 in bits 5:0, padding must be zero).\n"
          "                 wgmma reads B from shared memory: --b is then the K x N matrix of codes.\n"
          "  --meta         32 lines of one word: operand e of each lane (only the lanes picked by\n"
          "                 --selector are read)\n"
          "  --scale-a/-b   32 lines of one word: scale-a-data / scale-b-data of each lane (the lanes\n"
          "                 and bytes picked by --scale-a-sel / --scale-b-sel are read)\n"
          "  D is printed as one line per lane of its 32-bit registers.\n"
          "\n"
          "Arm FP8 (FEAT_FP8, FPMR; Arm ARM C9.2.113/114 FMOPA widening, C8.2.184-187 FDOT):\n"
          "  fmopa.za16.f8  FMOPA (widening, 2-way, FP8 to FP16): ZA tile (VL/16)^2 f16 codes\n"
          "  fmopa.za32.f8  FMOPA (widening, 4-way, FP8 to FP32): ZA tile (VL/32)^2 f32 codes\n"
          "  fdot.f16.f8    FDOT (2-way, FP8 to FP16) vectors; with --index I the indexed form (I 0..7)\n"
          "  fdot.f32.f8    FDOT (4-way, FP8 to FP32) vectors; with --index I the indexed form (I 0..3)\n"
          "  --vl BITS      (streaming) vector length, a power of two 128..2048\n"
          "  --fpmr HEX     FPMR value (F8S1 [2:0] format of Zn, F8S2 [5:3] of Zm: 0 e5m2, 1 e4m3;\n"
          "                 OSM [14]; LSCALE [22:16])\n"
          "  --zn, --zm     one line of VL/8 FP8 codes\n"
          "  --pn, --pm     FMOPA predicates: one line of VL/8 flags 0/1 (pn[j] governs zn[j]); default all 1\n"
          "  --za FILE      FMOPA: the ZA tile, VL/16 (or VL/32) rows of as many codes;\n"
          "                 FDOT: Zda, one line of VL/16 (or VL/32) codes\n"
          "  --strict-fpmr  reserved FPMR values are errors (default: they read as signalling NaN)\n"
          "  --fpcr-ah      FPCR.AH = 1 (negative default NaN)\n"
          "  The result (ZA tile or Zda) is printed like D.\n"
          "Exit status: 0 success, 2 error.\n",
          out);
}

/* Parses the options of `mmacore run`; returns -1 to go on, else an exit code (help, usage error). */
static int parse_run_options(int argc, char **argv, cli_run_opts *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        static const struct {
            const char *name;
            size_t offset;
        } OPTS[] = {
            {"--profile", offsetof(cli_run_opts, profile)},    {"--a", offsetof(cli_run_opts, fa)},
            {"--b", offsetof(cli_run_opts, fb)},                {"--c", offsetof(cli_run_opts, fc)},
            {"--d-out", offsetof(cli_run_opts, fd)},            {"--meta", offsetof(cli_run_opts, fmeta)},
            {"--scale-a", offsetof(cli_run_opts, fsa)},         {"--scale-b", offsetof(cli_run_opts, fsb)},
            {"--selector", offsetof(cli_run_opts, selector)},   {"--scale-a-sel", offsetof(cli_run_opts, sa_sel)},
            {"--scale-b-sel", offsetof(cli_run_opts, sb_sel)}, {"--vl", offsetof(cli_run_opts, vl)},
            {"--fpmr", offsetof(cli_run_opts, fpmr)},           {"--zn", offsetof(cli_run_opts, fzn)},
            {"--zm", offsetof(cli_run_opts, fzm)},              {"--pn", offsetof(cli_run_opts, fpn)},
            {"--pm", offsetof(cli_run_opts, fpm)},              {"--za", offsetof(cli_run_opts, fza)},
            {"--zda", offsetof(cli_run_opts, fza)},             {"--index", offsetof(cli_run_opts, index)},
            {"--gemm", offsetof(cli_run_opts, gemm)},           {"--threads", offsetof(cli_run_opts, threads)},
        };
        const char *v = NULL;
        size_t k;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            run_usage(stdout);
            return CLI_EXIT_OK;
        }
        if (strcmp(argv[i], "--warp") == 0) {
            o->warp = true;
            continue;
        }
        if (strcmp(argv[i], "--strict-fpmr") == 0) {
            o->strict_fpmr = true;
            continue;
        }
        if (strcmp(argv[i], "--fpcr-ah") == 0) {
            o->fpcr_ah = true;
            continue;
        }
        for (k = 0; k < sizeof OPTS / sizeof OPTS[0]; k++) {
            if ((v = cli_option(argc, argv, &i, OPTS[k].name)) != NULL) {
                break;
            }
        }
        if (v == NULL) {
            if (argv[i][0] == '-' && argv[i][1] != '\0') {
                cli_error("run: unknown option '%s' (see mmacore run --help)", argv[i]);
                return CLI_EXIT_ERROR;
            }
            if (o->text != NULL) {
                cli_error("run: unexpected argument '%s' (one instruction only)", argv[i]);
                return CLI_EXIT_ERROR;
            }
            o->text = argv[i];
            continue;
        }
        if (*v == '\0') {
            cli_error("run: option %s needs a value", OPTS[k].name);
            return CLI_EXIT_ERROR;
        }
        *(const char **)((char *)o + OPTS[k].offset) = v;
    }
    if (o->text == NULL) {
        cli_error("run: missing INSTRUCTION (see mmacore run --help)");
        return CLI_EXIT_ERROR;
    }
    return -1;
}

/* Parses --gemm MxNxK (each 1 .. 65536). */
static bool parse_gemm_shape(const char *v, size_t dims[3])
{
    const char *p = v;
    for (int d = 0; d < 3; d++) {
        char *end = NULL;
        unsigned long x;
        if (*p < '0' || *p > '9') {
            break;
        }
        x = strtoul(p, &end, 10);
        if (end == p || x < 1 || x > 65536 || (d < 2 && *end != 'x') || (d == 2 && *end != '\0')) {
            break;
        }
        dims[d] = (size_t)x;
        if (d == 2) {
            return true;
        }
        p = end + 1;
    }
    cli_error("run: --gemm needs MxNxK with each from 1 to 65536 (e.g. 64x32x256), got '%s'", v);
    return false;
}

/* Reads a file of rows x cols codes of width bits into a new array (NULL after an error message). */
static uint64_t *read_matrix(const char *path, size_t rows, size_t cols, unsigned bits)
{
    uint64_t *m = calloc(rows * cols != 0 ? rows * cols : 1u, sizeof *m);
    if (m == NULL) {
        cli_error("out of memory");
        return NULL;
    }
    if (rows * cols != 0 && !cli_read_hex_matrix(path, rows, cols, bits, m)) {
        free(m);
        return NULL;
    }
    return m;
}

/* `mmacore run INSTRUCTION --gemm MxNxK`: a whole GEMM through mma_gemm (row bands with --threads). */
static int run_gemm(const cli_run_opts *o)
{
    size_t dims[3] = {0, 0, 0};
    unsigned threads = 1;
    mma_instr ins;
    mma_profile prof;
    const mma_profile *pprof = NULL;
    mma_sparse_layout layout;
    mma_scale_shape shape;
    mma_frag_select sel;
    uint64_t *a = NULL, *b = NULL, *c = NULL, *d = NULL, *meta64 = NULL, *sa = NULL, *sb = NULL;
    uint8_t *meta = NULL;
    size_t a_cols, meta_cols = 0, nblk = 0;
    int rc = CLI_EXIT_ERROR;

    if (!parse_gemm_shape(o->gemm, dims) || (o->threads != NULL && !cli_parse_threads("run", o->threads, &threads))) {
        return CLI_EXIT_ERROR;
    }
    if (o->fa == NULL || o->fb == NULL || o->fc == NULL) {
        cli_error("run: missing%s%s%s (see mmacore run --help)", o->fa == NULL ? " --a FILE" : "",
                  o->fb == NULL ? " --b FILE" : "", o->fc == NULL ? " --c FILE" : "");
        return CLI_EXIT_ERROR;
    }
    if (!cli_parse_instr(o->text, &ins) || !cli_parse_selectors(o->selector, o->sa_sel, o->sb_sel, &sel)) {
        return CLI_EXIT_ERROR;
    }
    if (o->selector != NULL || o->sa_sel != NULL || o->sb_sel != NULL) {
        cli_error("%s: --selector/--scale-a-sel/--scale-b-sel pick registers of one instruction, not for --gemm",
                  o->text);
        return CLI_EXIT_ERROR;
    }
    const size_t m = dims[0], n = dims[1], k = dims[2];
    a_cols = k;
    if (ins.sparsity != MMA_SPARSE_NONE) {
        if (mma_sparse_layout_of(&ins, &layout) != MMA_OK || layout.chunk == 0) {
            cli_error("%s: no sparsity layout for this instruction", o->text);
            return CLI_EXIT_ERROR;
        }
        if (o->fmeta == NULL || k % layout.chunk != 0) {
            cli_error("%s: a sparse GEMM needs K a multiple of %u and --meta FILE (M rows of K/%u values)", o->text,
                      (unsigned)layout.chunk, (unsigned)layout.chunk);
            return CLI_EXIT_ERROR;
        }
        a_cols = k / 2u;
        meta_cols = k / layout.chunk;
    } else if (o->fmeta != NULL) {
        cli_error("%s: --meta is only for sparse instructions (mma.sp)", o->text);
        return CLI_EXIT_ERROR;
    }
    if (ins.block_scale != 0u) {
        if (mma_block_scale_shape(&ins, &shape) != MMA_OK || shape.block_k == 0) {
            cli_error("%s: no scale geometry for this instruction", o->text);
            return CLI_EXIT_ERROR;
        }
        if (o->fsa == NULL || o->fsb == NULL) {
            cli_error("%s: a block-scaled GEMM needs --scale-a FILE (M x ceil(K/%u)) and --scale-b FILE", o->text,
                      (unsigned)shape.block_k);
            return CLI_EXIT_ERROR;
        }
        nblk = (k + shape.block_k - 1u) / shape.block_k;
    } else if (o->fsa != NULL || o->fsb != NULL) {
        cli_error("%s: --scale-a/--scale-b are only for .block_scale instructions", o->text);
        return CLI_EXIT_ERROR;
    }
    if (!cli_run_profile(o->text, o->profile, &ins, &prof, &pprof)) {
        return CLI_EXIT_ERROR;
    }
    a = read_matrix(o->fa, m, a_cols, cli_format_bits(ins.atype));
    b = a != NULL ? read_matrix(o->fb, k, n, cli_format_bits(ins.btype)) : NULL;
    c = b != NULL ? read_matrix(o->fc, m, n, cli_format_bits(ins.ctype)) : NULL;
    d = c != NULL ? calloc(m * n != 0 ? m * n : 1u, sizeof *d) : NULL;
    if (d == NULL) {
        if (c != NULL) {
            cli_error("out of memory");
        }
        goto done;
    }
    if (o->fmeta != NULL) {
        meta64 = read_matrix(o->fmeta, m, meta_cols, 4);
        meta = calloc(m * meta_cols != 0 ? m * meta_cols : 1u, sizeof *meta);
        if (meta64 == NULL || meta == NULL) {
            if (meta64 != NULL) {
                cli_error("out of memory");
            }
            goto done;
        }
        for (size_t i = 0; i < m * meta_cols; i++) {
            meta[i] = (uint8_t)meta64[i];
        }
    }
    if (ins.block_scale != 0u) {
        sa = read_matrix(o->fsa, m, nblk, cli_format_bits(shape.stype));
        sb = sa != NULL ? read_matrix(o->fsb, nblk, n, cli_format_bits(shape.stype)) : NULL;
        if (sb == NULL) {
            goto done;
        }
    }
    {
        mma_gemm_desc g;
        memset(&g, 0, sizeof g);
        g.ins = &ins;
        g.prof = pprof;
        g.m = m;
        g.n = n;
        g.k = k;
        g.a = a;
        g.lda = a_cols;
        g.b = b;
        g.ldb = n;
        g.c = c;
        g.ldc = n;
        g.d = d;
        g.ldd = n;
        g.meta = meta;
        g.ldm = meta_cols;
        g.scale_a = sa;
        g.ldsa = nblk;
        g.scale_b = sb;
        g.ldsb = n;
        const mma_status st = cli_gemm_threads(&g, threads);
        if (st != MMA_OK) {
            cli_error("%s: mma_gemm failed: %s (%s)", o->text, mma_status_name(st), mma_status_message(st));
            goto done;
        }
    }
    if (cli_write_matrix(o->fd, d, m, n, cli_format_bits(ins.dtype))) {
        rc = CLI_EXIT_OK;
    }
done:
    free(a);
    free(b);
    free(c);
    free(d);
    free(meta64);
    free(meta);
    free(sa);
    free(sb);
    return rc;
}

int cmd_run(int argc, char **argv)
{
    cli_run_opts o;
    const char *text, *profile, *fa, *fb, *fc, *fd, *fmeta, *fsa, *fsb;
    uint64_t *meta64 = NULL, *sa = NULL, *sb = NULL;
    uint8_t *meta = NULL;
    mma_sparse_layout layout;
    mma_scale_shape sshape;
    size_t a_cols, meta_cols = 0;
    mma_instr ins;
    mma_profile prof;
    mma_frag_select sel;
    const mma_profile *pprof = NULL;
    uint64_t *a = NULL, *b = NULL, *c = NULL, *d = NULL;
    int rc = parse_run_options(argc, argv, &o);

    if (rc >= 0) {
        return rc;
    }
    rc = CLI_EXIT_ERROR;
    if (cli_is_sme_name(o.text)) {
        if (o.gemm != NULL || o.threads != NULL) {
            cli_error("run: --gemm/--threads are not for the Arm FP8 forms");
            return CLI_EXIT_ERROR;
        }
        return cli_run_sme(&o);
    }
    if (o.vl != NULL || o.fpmr != NULL || o.fzn != NULL || o.fzm != NULL || o.fpn != NULL || o.fpm != NULL ||
        o.fza != NULL || o.index != NULL || o.strict_fpmr || o.fpcr_ah) {
        cli_error("run: --vl/--fpmr/--zn/--zm/--pn/--pm/--za/--index/--strict-fpmr/--fpcr-ah are only for the Arm "
                  "FP8 forms (fmopa.za16.f8, fmopa.za32.f8, fdot.f16.f8, fdot.f32.f8)");
        return CLI_EXIT_ERROR;
    }
    if ((o.gemm != NULL || o.threads != NULL) && o.warp) {
        cli_error("run: --gemm/--threads are not for --warp (one instruction on per-lane registers)");
        return CLI_EXIT_ERROR;
    }
    if (o.threads != NULL && o.gemm == NULL) {
        cli_error("run: --threads needs --gemm MxNxK (one instruction runs on one thread)");
        return CLI_EXIT_ERROR;
    }
    if (o.warp) {
        return cli_run_warp(&o);
    }
    if (o.gemm != NULL) {
        return run_gemm(&o);
    }
    text = o.text, profile = o.profile, fa = o.fa, fb = o.fb, fc = o.fc, fd = o.fd;
    fmeta = o.fmeta, fsa = o.fsa, fsb = o.fsb;
    if (fa == NULL || fb == NULL || fc == NULL) {
        cli_error("run: missing%s%s%s (see mmacore run --help)", fa == NULL ? " --a FILE" : "",
                  fb == NULL ? " --b FILE" : "", fc == NULL ? " --c FILE" : "");
        return CLI_EXIT_ERROR;
    }
    if (!cli_parse_instr(text, &ins) || !cli_parse_selectors(o.selector, o.sa_sel, o.sb_sel, &sel)) {
        return CLI_EXIT_ERROR;
    }
    if (o.selector != NULL) {
        const char *reason = NULL;
        if (ins.sparsity == MMA_SPARSE_NONE) {
            cli_error("%s: --selector is only for sparse instructions (mma.sp)", text);
            return CLI_EXIT_ERROR;
        }
        if (mma_sparse_selector_decode(&ins, sel.sparsity, NULL, &reason) != MMA_OK) {
            cli_error("%s: --selector %s: %s", text, o.selector, reason != NULL ? reason : "invalid");
            return CLI_EXIT_ERROR;
        }
    }
    if (o.sa_sel != NULL || o.sb_sel != NULL) {
        const char *reason = NULL;
        if (!ins.block_scale) {
            cli_error("%s: --scale-a-sel/--scale-b-sel are only for .block_scale instructions", text);
            return CLI_EXIT_ERROR;
        }
        if (mma_scale_selector_decode(&ins, MMA_SCALE_A, sel.byte_id_a, sel.thread_id_a, NULL, &reason) != MMA_OK ||
            mma_scale_selector_decode(&ins, MMA_SCALE_B, sel.byte_id_b, sel.thread_id_b, NULL, &reason) != MMA_OK) {
            cli_error("%s: scale selector: %s", text, reason != NULL ? reason : "invalid");
            return CLI_EXIT_ERROR;
        }
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
    if (!cli_run_profile(text, profile, &ins, &prof, &pprof)) {
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
        if (!cli_write_matrix(fd, d, m, n, cli_format_bits(ins.dtype))) {
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
