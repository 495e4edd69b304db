/*
 * mmacore CLI: what `run` and its sub-modes (run --warp, the Arm FP8 forms) share: the profile
 * option, the selector options, the matrix writer. Command files call down into this file only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Writes a matrix as hex words zero-padded to the format's width. */
static bool write_matrix_file(FILE *f, const uint64_t *d, size_t rows, size_t cols, unsigned bits)
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

bool cli_write_matrix(const char *path, const uint64_t *d, size_t rows, size_t cols, unsigned bits)
{
    if (path != NULL && strcmp(path, "-") != 0) {
        FILE *f = fopen(path, "w");
        bool ok;
        if (f == NULL) {
            cli_error("%s: cannot write: %s", path, strerror(errno));
            return false;
        }
        ok = write_matrix_file(f, d, rows, cols, bits);
        if (fclose(f) != 0) {
            ok = false;
        }
        if (!ok) {
            cli_error("%s: write error", path);
        }
        return ok;
    }
    if (!write_matrix_file(stdout, d, rows, cols, bits) || fflush(stdout) != 0) {
        cli_error("write error on standard output");
        return false;
    }
    return true;
}

bool cli_run_profile(const char *text, const char *profile, const mma_instr *ins, mma_profile *prof,
                     const mma_profile **pprof)
{
    *pprof = NULL;
    if (profile != NULL) {
        /* "exact:rz" / "seq_fma:rp": the single-rounding presets in any rounding mode. */
        static const char *const modes[MMA_RND_COUNT] = {
            [MMA_RND_RNE] = "rn", [MMA_RND_RZ] = "rz", [MMA_RND_RU] = "rp", [MMA_RND_RD] = "rm", [MMA_RND_RNA] = "rna"};
        char name[32];
        const char *colon = strchr(profile, ':');
        const size_t len = colon != NULL ? (size_t)(colon - profile) : strlen(profile);
        int mode = -1;
        mma_preset preset;
        mma_status st;
        if (len >= sizeof name) {
            cli_error("unknown profile '%s'", profile);
            return false;
        }
        memcpy(name, profile, len);
        name[len] = '\0';
        if (!cli_preset(name, &preset)) {
            return false;
        }
        if (colon != NULL) {
            for (int m = 0; m < (int)MMA_RND_COUNT; m++) {
                if (strcmp(colon + 1, modes[m]) == 0) {
                    mode = m;
                }
            }
            if (mode < 0 || (preset != MMA_PRESET_EXACT && preset != MMA_PRESET_SEQ_FMA)) {
                cli_error("profile '%s': a rounding suffix (:rn :rz :rp :rm :rna) is allowed only on exact and seq_fma",
                          profile);
                return false;
            }
        }
        st = mma_instr_profile(preset, ins, prof);
        if (st != MMA_OK) {
            cli_error("%s: profile '%s' has no datapath for this instruction: %s", text, profile,
                      mma_status_message(st));
            return false;
        }
        if (mode >= 0) {
            prof->round_mode = (uint8_t)mode;
        }
        *pprof = prof;
    } else if (!mma_instr_is_integer(ins) && ins->atype != MMA_FMT_F64) {
        cli_error("%s: --profile is required for floating-point instructions (e.g. --profile hopper)", text);
        return false;
    }
    return true;
}

/* Parses "BYTE,THREAD" (two unsigned decimal numbers). */
static bool parse_pair(const char *s, uint32_t *x, uint32_t *y)
{
    char *end;
    unsigned long a, b;
    errno = 0;
    a = strtoul(s, &end, 10);
    if (end == s || *end != ',' || errno != 0 || a > 0xFFFFu) {
        return false;
    }
    s = end + 1;
    b = strtoul(s, &end, 10);
    if (end == s || *end != '\0' || errno != 0 || b > 0xFFFFu) {
        return false;
    }
    *x = (uint32_t)a;
    *y = (uint32_t)b;
    return true;
}

bool cli_parse_selectors(const char *selector, const char *sa_sel, const char *sb_sel, mma_frag_select *sel)
{
    memset(sel, 0, sizeof *sel);
    if (selector != NULL) {
        char *end;
        unsigned long v;
        errno = 0;
        v = strtoul(selector, &end, 0);
        if (end == selector || *end != '\0' || errno != 0 || v > 0xFFFFFFFFul) {
            cli_error("--selector: '%s' is not a number", selector);
            return false;
        }
        sel->sparsity = (uint32_t)v;
    }
    if (sa_sel != NULL && !parse_pair(sa_sel, &sel->byte_id_a, &sel->thread_id_a)) {
        cli_error("--scale-a-sel: '%s' is not BYTE,THREAD (e.g. 2,1)", sa_sel);
        return false;
    }
    if (sb_sel != NULL && !parse_pair(sb_sel, &sel->byte_id_b, &sel->thread_id_b)) {
        cli_error("--scale-b-sel: '%s' is not BYTE,THREAD (e.g. 2,3)", sb_sel);
        return false;
    }
    return true;
}

