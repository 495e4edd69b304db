/* mmacore CLI: `mmacore layout` - the register fragment map of one operand as CSV, optionally as SVG. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mma/block_scale.h"
#include "mma/fragment.h"
#include "mma/sparse.h"

static void layout_usage(FILE *out)
{
    fputs("usage: mmacore layout INSTRUCTION OPERAND [--selector F] [--scale-a-sel BYTE,THREAD]\n"
          "                      [--scale-b-sel BYTE,THREAD] [--header] [--svg FILE]\n"
          "\n"
          "Prints which lane and element index holds each element of one operand (PTX ISA register\n"
          "fragments), as CSV, one line per element: lane,index,row,col - index is the i of a_i, b_i,\n"
          "c_i, d_i, e_i (or the byte of a scale register); lines are in lane order, then index.\n"
          "\n"
          "  INSTRUCTION    PTX syntax, e.g. mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32,\n"
          "                 wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 (128 lanes),\n"
          "                 mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32\n"
          "  OPERAND        a, b, c, d; e = mma.sp metadata (rows of A x K/chunk metadata values);\n"
          "                 sfa, sfb = .block_scale scale-a-data / scale-b-data (scale_A M x V, scale_B V x N)\n"
          "  --selector F   mma.sp sparsity selector (operand f, default 0): which lanes hold e\n"
          "  --scale-a-sel BYTE,THREAD   {byte-id-a, thread-id-a} (default 0,0)\n"
          "  --scale-b-sel BYTE,THREAD   {byte-id-b, thread-id-b} (default 0,0)\n"
          "  --header       print the line 'lane,index,row,col' first\n"
          "  --svg FILE     also draw the map: a grid of the matrix, each cell labelled 'T<lane>: a<i>',\n"
          "                 one colour per lane group (groupID = lane / 4; lighter per warp of a warpgroup)\n"
          "\n"
          "Rows and columns are those of the matrix: A is M x K (mma.sp: the stored M x K/2), B K x N,\n"
          "C and D M x N. mma.m8n8k4 .f16 computes four MMAs, one per quad pair q (lanes 4q..4q+3 and\n"
          "16+4q..16+4q+3): A, C, D of MMA q are rows 8q..8q+7, B of MMA q is columns 8q..8q+7.\n"
          "wmma fragments are implementation-defined and wgmma B lives in shared memory: no map.\n"
          "Exit status: 0 success, 2 error.\n",
          out);
}

/* The operand named on the command line. */
static bool parse_operand(const char *s, mma_operand *out)
{
    for (int op = 0; op < (int)MMA_OPERAND_COUNT; op++) {
        if (strcmp(s, mma_operand_name((mma_operand)op)) == 0) {
            *out = (mma_operand)op;
            return true;
        }
    }
    return false;
}

/* Writes text with the XML special characters escaped. */
static void xml_text(FILE *f, const char *s)
{
    for (; *s != '\0'; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f); break;
        }
    }
}

/* Fill colour of a lane: hue per lane group (lane / 4 % 8), lighter per warp. */
static void lane_colour(uint32_t lane, char out[8])
{
    static const unsigned base[8][3] = {{0x8d, 0xd3, 0xc7}, {0xff, 0xff, 0xb3}, {0xbe, 0xba, 0xda}, {0xfb, 0x80, 0x72},
                                        {0x80, 0xb1, 0xd3}, {0xfd, 0xb4, 0x62}, {0xb3, 0xde, 0x69}, {0xfc, 0xcd, 0xe5}};
    const unsigned g = (lane / 4u) % 8u, w = lane / 32u;
    unsigned rgb[3];
    for (int i = 0; i < 3; i++) {
        rgb[i] = base[g][i] + (255u - base[g][i]) * w / 5u; /* warps 1..3 of a warpgroup: lighter */
    }
    snprintf(out, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

/* Draws the map: one rect (class "cell") and one label per matrix element. */
static bool write_svg(const char *path, const char *text, mma_operand op, const mma_frag_layout *l,
                      unsigned cols_dense, const uint32_t *owner_lane, const uint32_t *owner_index)
{
    const unsigned cw = 66, ch = 22, left = 44, top = 58;
    const unsigned title_w = (unsigned)(strlen(text) + 64u) * 8u; /* 13px monospace: under 8px a character */
    const unsigned grid_w = left + l->cols * cw + 10;
    const unsigned width = grid_w > title_w ? grid_w : title_w, height = top + l->rows * ch + 10;
    FILE *f = fopen(path, "w");
    bool ok;
    if (f == NULL) {
        cli_error("%s: cannot write: %s", path, strerror(errno));
        return false;
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\" "
               "font-family=\"DejaVu Sans Mono, monospace\">\n",
            width, height, width, height);
    fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%u\" height=\"%u\" fill=\"#ffffff\"/>\n", width, height);
    fputs("<text x=\"4\" y=\"16\" font-size=\"13\">", f);
    xml_text(f, text);
    fprintf(f, " - operand %s: %u x %u, %u lanes, %u elements per lane</text>\n", mma_operand_name(op), l->rows,
            l->cols, l->lanes, l->elems);
    fputs("<text x=\"4\" y=\"32\" font-size=\"11\" fill=\"#444444\">cell: T&lt;lane&gt;: ", f);
    fprintf(f, "%s&lt;i&gt; (%s); colour: lane group = lane / 4</text>\n", op == MMA_OPERAND_SFA || op == MMA_OPERAND_SFB ? "byte " : mma_operand_name(op),
            op == MMA_OPERAND_E ? "metadata nibble i = bits 4i+3..4i; columns are chunks"
            : (op == MMA_OPERAND_SFA || op == MMA_OPERAND_SFB) ? "byte i of the scale register"
                                                                : "element i of the lane's fragment");
    for (unsigned c = 0; c < l->cols; c++) {
        if (op == MMA_OPERAND_E) { /* a metadata column is a chunk of dense columns of A */
            const unsigned chunk = cols_dense / l->cols;
            fprintf(f, "<text x=\"%u\" y=\"%u\" font-size=\"10\" text-anchor=\"middle\">k%u-%u</text>\n",
                    left + c * cw + cw / 2, top - 6, c * chunk, c * chunk + chunk - 1u);
        } else {
            fprintf(f, "<text x=\"%u\" y=\"%u\" font-size=\"10\" text-anchor=\"middle\">%u</text>\n",
                    left + c * cw + cw / 2, top - 6, c);
        }
    }
    for (unsigned r = 0; r < l->rows; r++) {
        fprintf(f, "<text x=\"%u\" y=\"%u\" font-size=\"10\" text-anchor=\"end\">%u</text>\n", left - 6,
                top + r * ch + ch / 2 + 4, r);
    }
    for (unsigned r = 0; r < l->rows; r++) {
        for (unsigned c = 0; c < l->cols; c++) {
            const uint32_t lane = owner_lane[(size_t)r * l->cols + c];
            const uint32_t idx = owner_index[(size_t)r * l->cols + c];
            char col[8];
            lane_colour(lane, col);
            fprintf(f,
                    "<rect class=\"cell\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"%s\" stroke=\"#555555\" "
                    "stroke-width=\"0.5\"/>\n",
                    left + c * cw, top + r * ch, cw, ch, col);
            fprintf(f, "<text x=\"%u\" y=\"%u\" font-size=\"10\" text-anchor=\"middle\">T%u: %s%u</text>\n",
                    left + c * cw + cw / 2, top + r * ch + ch / 2 + 4, lane,
                    op == MMA_OPERAND_SFA || op == MMA_OPERAND_SFB ? "byte" : mma_operand_name(op), idx);
        }
    }
    fputs("</svg>\n", f);
    ok = !ferror(f);
    if (fclose(f) != 0) {
        ok = false;
    }
    if (!ok) {
        cli_error("%s: write error", path);
    }
    return ok;
}

int cmd_layout(int argc, char **argv)
{
    const char *text = NULL, *opname = NULL, *selector = NULL, *sa_sel = NULL, *sb_sel = NULL, *svg = NULL;
    bool header = false;
    mma_instr ins;
    mma_operand op;
    mma_frag_select sel;
    mma_frag_layout l;
    mma_status st;
    uint32_t *owner_lane = NULL, *owner_index = NULL;
    int rc = CLI_EXIT_ERROR;

    for (int i = 1; i < argc; i++) {
        const char *v;
        const char **slot = NULL;
        const char *name = NULL;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            layout_usage(stdout);
            return CLI_EXIT_OK;
        }
        if (strcmp(argv[i], "--header") == 0) {
            header = true;
            continue;
        }
        if ((v = cli_option(argc, argv, &i, "--selector")) != NULL) {
            slot = &selector, name = "--selector";
        } else if ((v = cli_option(argc, argv, &i, "--scale-a-sel")) != NULL) {
            slot = &sa_sel, name = "--scale-a-sel";
        } else if ((v = cli_option(argc, argv, &i, "--scale-b-sel")) != NULL) {
            slot = &sb_sel, name = "--scale-b-sel";
        } else if ((v = cli_option(argc, argv, &i, "--svg")) != NULL) {
            slot = &svg, name = "--svg";
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            cli_error("layout: unknown option '%s' (see mmacore layout --help)", argv[i]);
            return CLI_EXIT_ERROR;
        } else if (text == NULL) {
            text = argv[i];
            continue;
        } else if (opname == NULL) {
            opname = argv[i];
            continue;
        } else {
            cli_error("layout: unexpected argument '%s' (INSTRUCTION OPERAND only)", argv[i]);
            return CLI_EXIT_ERROR;
        }
        if (*v == '\0') {
            cli_error("layout: option %s needs a value", name);
            return CLI_EXIT_ERROR;
        }
        *slot = v;
    }
    if (text == NULL || opname == NULL) {
        cli_error("layout: missing %s (see mmacore layout --help)", text == NULL ? "INSTRUCTION" : "OPERAND");
        return CLI_EXIT_ERROR;
    }
    if (!parse_operand(opname, &op)) {
        cli_error("layout: unknown operand '%s' (a, b, c, d, e, sfa, sfb)", opname);
        return CLI_EXIT_ERROR;
    }
    if (!cli_parse_instr(text, &ins) || !cli_parse_selectors(selector, sa_sel, sb_sel, &sel)) {
        return CLI_EXIT_ERROR;
    }
    st = mma_frag_layout_of(&ins, op, &sel, &l);
    if (st != MMA_OK) {
        const char *why = mma_status_message(st);
        if (st == MMA_ERR_INSTRUCTION) {
            why = ins.family == MMA_FAMILY_WMMA ? "wmma fragments are implementation-defined (PTX gives no map)"
                  : ins.family == MMA_FAMILY_WGMMA && op == MMA_OPERAND_B
                      ? "wgmma reads B from shared memory (no register fragment)"
                  : op == MMA_OPERAND_E ? "metadata (e) exists only for mma.sp"
                  : (op == MMA_OPERAND_SFA || op == MMA_OPERAND_SFB)
                      ? "scale registers exist only for .block_scale"
                      : why;
        } else if (st == MMA_ERR_SPARSITY_SELECTOR || st == MMA_ERR_SCALE_SELECTOR) {
            const char *reason = NULL;
            if (st == MMA_ERR_SPARSITY_SELECTOR) {
                (void)mma_sparse_selector_decode(&ins, sel.sparsity, NULL, &reason);
            } else {
                mma_scale_select ss;
                if (mma_scale_selector_decode(&ins, MMA_SCALE_A, sel.byte_id_a, sel.thread_id_a, &ss, &reason) ==
                    MMA_OK) {
                    (void)mma_scale_selector_decode(&ins, MMA_SCALE_B, sel.byte_id_b, sel.thread_id_b, &ss, &reason);
                }
            }
            if (reason != NULL) {
                why = reason;
            }
        }
        cli_error("%s: operand %s: %s (%s)", text, opname, why, mma_status_name(st));
        return CLI_EXIT_ERROR;
    }
    owner_lane = calloc((size_t)l.rows * l.cols, sizeof *owner_lane);
    owner_index = calloc((size_t)l.rows * l.cols, sizeof *owner_index);
    if (owner_lane == NULL || owner_index == NULL) {
        cli_error("out of memory");
        goto done;
    }
    if (header) {
        puts("lane,index,row,col");
    }
    for (uint32_t lane = 0; lane < l.lanes; lane++) {
        for (uint32_t i = 0; i < l.elems; i++) {
            bool held;
            uint32_t r, c;
            st = mma_frag_coord(&l, lane, i, &held, &r, &c);
            if (st != MMA_OK) {
                cli_error("%s: internal error at lane %u index %u: %s", text, lane, i, mma_status_name(st));
                goto done;
            }
            if (held) {
                printf("%u,%u,%u,%u\n", lane, i, r, c);
                owner_lane[(size_t)r * l.cols + c] = lane;
                owner_index[(size_t)r * l.cols + c] = i;
            }
        }
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error("write error on standard output");
        goto done;
    }
    if (svg != NULL && !write_svg(svg, text, op, &l, ins.k, owner_lane, owner_index)) {
        goto done;
    }
    rc = CLI_EXIT_OK;
done:
    free(owner_lane);
    free(owner_index);
    return rc;
}
