/* mmacore CLI: `mmacore run --warp` - one instruction on per-lane register files (mma_warp_run). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mma/block_scale.h"
#include "mma/sparse.h"
#include "mma/warp.h"

/* Reads rows x cols 32-bit words into a uint32 array (allocated); prints errors. */
static uint32_t *read_words(const char *path, size_t rows, size_t cols)
{
    uint64_t *tmp = calloc(rows * cols + 1u, sizeof *tmp);
    uint32_t *out = calloc(rows * cols + 1u, sizeof *out);
    if (tmp == NULL || out == NULL) {
        cli_error("out of memory");
        free(tmp);
        free(out);
        return NULL;
    }
    if (!cli_read_hex_matrix(path, rows, cols, 32, tmp)) {
        free(tmp);
        free(out);
        return NULL;
    }
    for (size_t i = 0; i < rows * cols; i++) {
        out[i] = (uint32_t)tmp[i];
    }
    free(tmp);
    return out;
}

/* Prints why a layout does not exist (selectors carry the library's reason). */
static void layout_error(const char *text, const mma_instr *ins, const mma_frag_select *sel, mma_operand op,
                         mma_status st)
{
    const char *reason = NULL;
    if (st == MMA_ERR_SPARSITY_SELECTOR) {
        (void)mma_sparse_selector_decode(ins, sel->sparsity, NULL, &reason);
    } else if (st == MMA_ERR_SCALE_SELECTOR) {
        if (op == MMA_OPERAND_SFA) {
            (void)mma_scale_selector_decode(ins, MMA_SCALE_A, sel->byte_id_a, sel->thread_id_a, NULL, &reason);
        } else {
            (void)mma_scale_selector_decode(ins, MMA_SCALE_B, sel->byte_id_b, sel->thread_id_b, NULL, &reason);
        }
    } else if (st == MMA_ERR_INSTRUCTION && ins->family == MMA_FAMILY_WMMA) {
        reason = "wmma fragments are implementation-defined: no warp-level form";
    }
    cli_error("%s: operand %s: %s (%s)", text, mma_operand_name(op), reason != NULL ? reason : mma_status_message(st),
              mma_status_name(st));
}

int cli_run_warp(const cli_run_opts *o)
{
    mma_instr ins;
    mma_profile prof;
    const mma_profile *pprof = NULL;
    mma_frag_select sel;
    mma_frag_layout la, lb, lc, ld, le, lsa, lsb;
    mma_warp_operands w;
    mma_warp_diag diag;
    size_t words = 0;
    uint64_t *work = NULL, *bmat = NULL, *dout = NULL;
    uint32_t *a = NULL, *b = NULL, *c = NULL, *d = NULL, *e = NULL, *sa = NULL, *sb = NULL;
    mma_status st;
    int rc = CLI_EXIT_ERROR;
    const char *text = o->text;

    if (o->fa == NULL || o->fb == NULL || o->fc == NULL) {
        cli_error("run --warp: missing%s%s%s (see mmacore run --help)", o->fa == NULL ? " --a FILE" : "",
                  o->fb == NULL ? " --b FILE" : "", o->fc == NULL ? " --c FILE" : "");
        return CLI_EXIT_ERROR;
    }
    if (!cli_parse_instr(text, &ins) || !cli_parse_selectors(o->selector, o->sa_sel, o->sb_sel, &sel)) {
        return CLI_EXIT_ERROR;
    }
    const bool sparse = ins.sparsity != MMA_SPARSE_NONE, scaled = ins.block_scale != 0u;
    const bool wg = ins.family == MMA_FAMILY_WGMMA;
    if (sparse != (o->fmeta != NULL)) {
        cli_error("%s: %s", text, sparse ? "sparse instructions need --meta FILE (32 lines: operand e of each lane)"
                                         : "--meta is only for sparse instructions (mma.sp)");
        return CLI_EXIT_ERROR;
    }
    if (!sparse && o->selector != NULL) {
        cli_error("%s: --selector is only for sparse instructions (mma.sp)", text);
        return CLI_EXIT_ERROR;
    }
    if (scaled != (o->fsa != NULL && o->fsb != NULL) || (!scaled && (o->fsa != NULL || o->fsb != NULL))) {
        cli_error("%s: %s", text, scaled ? "block-scaled instructions need --scale-a FILE and --scale-b FILE (32 lines each)"
                                         : "--scale-a/--scale-b are only for .block_scale instructions");
        return CLI_EXIT_ERROR;
    }
    if (!scaled && (o->sa_sel != NULL || o->sb_sel != NULL)) {
        cli_error("%s: --scale-a-sel/--scale-b-sel are only for .block_scale instructions", text);
        return CLI_EXIT_ERROR;
    }
    if (!cli_run_profile(text, o->profile, &ins, &prof, &pprof)) {
        return CLI_EXIT_ERROR;
    }
    {
        const mma_operand ops[7] = {MMA_OPERAND_A, MMA_OPERAND_B, MMA_OPERAND_C, MMA_OPERAND_D,
                                    MMA_OPERAND_E, MMA_OPERAND_SFA, MMA_OPERAND_SFB};
        mma_frag_layout *ls[7] = {&la, &lb, &lc, &ld, &le, &lsa, &lsb};
        for (int i = 0; i < 7; i++) {
            if ((ops[i] == MMA_OPERAND_B && wg) || (ops[i] == MMA_OPERAND_E && !sparse) ||
                ((ops[i] == MMA_OPERAND_SFA || ops[i] == MMA_OPERAND_SFB) && !scaled)) {
                continue;
            }
            st = mma_frag_layout_of(&ins, ops[i], &sel, ls[i]);
            if (st != MMA_OK) {
                layout_error(text, &ins, &sel, ops[i], st);
                return CLI_EXIT_ERROR;
            }
        }
    }
    a = read_words(o->fa, la.lanes, la.regs);
    if (a == NULL) {
        goto done;
    }
    if (wg) {
        bmat = calloc((size_t)ins.k * ins.n, sizeof *bmat);
        if (bmat == NULL || !cli_read_hex_matrix(o->fb, ins.k, ins.n, cli_format_bits(ins.btype), bmat)) {
            goto done;
        }
    } else if ((b = read_words(o->fb, lb.lanes, lb.regs)) == NULL) {
        goto done;
    }
    if ((c = read_words(o->fc, lc.lanes, lc.regs)) == NULL) {
        goto done;
    }
    if (sparse && (e = read_words(o->fmeta, 32, 1)) == NULL) {
        goto done;
    }
    if (scaled && ((sa = read_words(o->fsa, 32, 1)) == NULL || (sb = read_words(o->fsb, 32, 1)) == NULL)) {
        goto done;
    }
    d = calloc((size_t)ld.lanes * ld.regs + 1u, sizeof *d);
    dout = calloc((size_t)ld.lanes * ld.regs + 1u, sizeof *dout);
    if (mma_warp_workspace(&ins, &words) != MMA_OK || d == NULL || dout == NULL ||
        (work = calloc(words + 1u, sizeof *work)) == NULL) {
        cli_error("out of memory");
        goto done;
    }
    memset(&w, 0, sizeof w);
    w.a = a;
    w.b = b;
    w.b_matrix = bmat;
    w.c = c;
    w.d = d;
    w.e = e;
    w.scale_a = sa;
    w.scale_b = sb;
    w.sel = sel;
    memset(&diag, 0, sizeof diag);
    st = mma_warp_run(&ins, pprof, &w, work, words, &diag);
    if (st != MMA_OK) {
        const char *opn = mma_operand_name((mma_operand)diag.operand);
        if (diag.lane >= 0) {
            cli_error("%s: lane %d, %s%d (%s at row %u, %s %u): %s [value 0x%llx] (%s)", text, diag.lane,
                      opn != NULL ? opn : "?", diag.index, diag.operand == MMA_OPERAND_E ? "metadata" : "element",
                      diag.row, diag.operand == MMA_OPERAND_E ? "chunk" : "col", diag.col,
                      diag.reason != NULL ? diag.reason : mma_status_message(st), (unsigned long long)diag.value,
                      mma_status_name(st));
        } else {
            cli_error("%s: %s: %s (%s)", text, opn != NULL ? opn : "?",
                      diag.reason != NULL ? diag.reason : mma_status_message(st), mma_status_name(st));
        }
        goto done;
    }
    for (size_t i = 0; i < (size_t)ld.lanes * ld.regs; i++) {
        dout[i] = d[i];
    }
    if (!cli_write_matrix(o->fd, dout, ld.lanes, ld.regs, 32)) {
        goto done;
    }
    rc = CLI_EXIT_OK;
done:
    free(work);
    free(bmat);
    free(dout);
    free(a);
    free(b);
    free(c);
    free(d);
    free(e);
    free(sa);
    free(sb);
    return rc;
}
