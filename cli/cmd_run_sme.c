/* mmacore CLI: `mmacore run fmopa.za16.f8 | fmopa.za32.f8 | fdot.f16.f8 | fdot.f32.f8` (Arm FP8, mma/sme.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mma/sme.h"

typedef enum sme_form { SME_FMOPA16 = 0, SME_FMOPA32, SME_FDOT16, SME_FDOT32, SME_NONE } sme_form;

static sme_form form_of(const char *text)
{
    static const char *const names[SME_NONE] = {"fmopa.za16.f8", "fmopa.za32.f8", "fdot.f16.f8", "fdot.f32.f8"};
    for (int i = 0; i < (int)SME_NONE; i++) {
        if (strcmp(text, names[i]) == 0) {
            return (sme_form)i;
        }
    }
    return SME_NONE;
}

bool cli_is_sme_name(const char *text)
{
    return strncmp(text, "fmopa.", 6) == 0 || strncmp(text, "fdot.", 5) == 0;
}

/* Parses an unsigned number (decimal, or hex with 0x; hex without 0x when `hex`). */
static bool parse_u64(const char *s, bool hex, uint64_t *out)
{
    char *end;
    unsigned long long v;
    if (*s == '-' || *s == '\0') {
        return false;
    }
    errno = 0;
    v = strtoull(s, &end, hex ? 16 : 0);
    if (*end != '\0' || errno != 0) {
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

/* Reads one line of n codes of `bits` into bytes. */
static bool read_row_u8(const char *path, size_t n, unsigned bits, uint8_t *out)
{
    uint64_t *tmp = calloc(n, sizeof *tmp);
    bool ok = tmp != NULL && cli_read_hex_matrix(path, 1, n, bits, tmp);
    if (tmp == NULL) {
        cli_error("out of memory");
    }
    for (size_t i = 0; ok && i < n; i++) {
        out[i] = (uint8_t)tmp[i];
    }
    free(tmp);
    return ok;
}

int cli_run_sme(const cli_run_opts *o)
{
    const sme_form form = form_of(o->text);
    const bool fmopa = form == SME_FMOPA16 || form == SME_FMOPA32, f16 = form == SME_FMOPA16 || form == SME_FDOT16;
    mma_sme_cfg cfg;
    uint64_t vl = 0, index = 0;
    size_t nbytes, dim, acc_n;
    uint8_t *zn = NULL, *zm = NULL, *pn = NULL, *pm = NULL;
    uint64_t *acc = NULL;
    uint16_t *acc16 = NULL;
    uint32_t *acc32 = NULL;
    mma_status st;
    int rc = CLI_EXIT_ERROR;

    if (form == SME_NONE) {
        cli_error("run: unknown Arm FP8 instruction '%s' (fmopa.za16.f8, fmopa.za32.f8, fdot.f16.f8, fdot.f32.f8)",
                  o->text);
        return CLI_EXIT_ERROR;
    }
    if (o->profile != NULL || o->fa != NULL || o->fb != NULL || o->fc != NULL || o->fmeta != NULL || o->fsa != NULL ||
        o->fsb != NULL || o->selector != NULL || o->sa_sel != NULL || o->sb_sel != NULL || o->warp) {
        cli_error("%s: the PTX options (--profile --a --b --c --meta --scale-* --selector --warp) do not apply; "
                  "use --vl --fpmr --zn --zm --za [--pn --pm] [--index]", o->text);
        return CLI_EXIT_ERROR;
    }
    if (o->vl == NULL || o->fpmr == NULL || o->fzn == NULL || o->fzm == NULL || o->fza == NULL) {
        cli_error("%s: missing%s%s%s%s%s (see mmacore run --help)", o->text, o->vl == NULL ? " --vl BITS" : "",
                  o->fpmr == NULL ? " --fpmr HEX" : "", o->fzn == NULL ? " --zn FILE" : "",
                  o->fzm == NULL ? " --zm FILE" : "", o->fza == NULL ? " --za FILE" : "");
        return CLI_EXIT_ERROR;
    }
    if (!fmopa && (o->fpn != NULL || o->fpm != NULL)) {
        cli_error("%s: FDOT is not predicated (--pn/--pm are for fmopa)", o->text);
        return CLI_EXIT_ERROR;
    }
    if (fmopa && o->index != NULL) {
        cli_error("%s: --index is for the indexed FDOT forms", o->text);
        return CLI_EXIT_ERROR;
    }
    if (!parse_u64(o->vl, false, &vl) || vl > 0xFFFFFFFFu || mma_sme_vl_check((uint32_t)vl) != MMA_OK) {
        cli_error("%s: --vl %s: the vector length must be a power of two from 128 to 2048 bits", o->text, o->vl);
        return CLI_EXIT_ERROR;
    }
    cfg.vl_bits = (uint32_t)vl;
    cfg.flags = (o->strict_fpmr ? MMA_SME_STRICT_FPMR : 0u) | (o->fpcr_ah ? MMA_SME_FPCR_AH : 0u);
    if (!parse_u64(o->fpmr, true, &cfg.fpmr)) {
        cli_error("%s: --fpmr %s is not a 64-bit hex value", o->text, o->fpmr);
        return CLI_EXIT_ERROR;
    }
    if (o->index != NULL && (!parse_u64(o->index, false, &index) || index > 0xFFu)) {
        cli_error("%s: --index %s is not a small number", o->text, o->index);
        return CLI_EXIT_ERROR;
    }
    nbytes = (size_t)(vl / 8u);
    dim = (size_t)(vl / (f16 ? 16u : 32u));
    acc_n = fmopa ? dim * dim : dim;
    zn = calloc(nbytes, 1);
    zm = calloc(nbytes, 1);
    pn = malloc(nbytes);
    pm = malloc(nbytes);
    acc = calloc(acc_n, sizeof *acc);
    acc16 = calloc(acc_n, sizeof *acc16);
    acc32 = calloc(acc_n, sizeof *acc32);
    if (zn == NULL || zm == NULL || pn == NULL || pm == NULL || acc == NULL || acc16 == NULL || acc32 == NULL) {
        cli_error("out of memory");
        goto done;
    }
    memset(pn, 1, nbytes);
    memset(pm, 1, nbytes);
    if (!read_row_u8(o->fzn, nbytes, 8, zn) || !read_row_u8(o->fzm, nbytes, 8, zm) ||
        (o->fpn != NULL && !read_row_u8(o->fpn, nbytes, 1, pn)) ||
        (o->fpm != NULL && !read_row_u8(o->fpm, nbytes, 1, pm)) ||
        !cli_read_hex_matrix(o->fza, fmopa ? dim : 1u, dim, f16 ? 16u : 32u, acc)) {
        goto done;
    }
    for (size_t i = 0; i < acc_n; i++) {
        acc16[i] = (uint16_t)acc[i];
        acc32[i] = (uint32_t)acc[i];
    }
    if (fmopa) {
        mma_sme_fmopa_src src;
        src.zn = zn, src.zn_len = nbytes, src.zm = zm, src.zm_len = nbytes;
        src.pn = pn, src.pn_len = nbytes, src.pm = pm, src.pm_len = nbytes;
        st = f16 ? mma_sme_fmopa_f16(&cfg, &src, acc16, acc_n) : mma_sme_fmopa_f32(&cfg, &src, acc32, acc_n);
    } else if (o->index != NULL) {
        st = f16 ? mma_sme_fdot_f16_indexed(&cfg, zn, nbytes, zm, nbytes, (unsigned)index, acc16, acc_n)
                 : mma_sme_fdot_f32_indexed(&cfg, zn, nbytes, zm, nbytes, (unsigned)index, acc32, acc_n);
    } else {
        st = f16 ? mma_sme_fdot_f16(&cfg, zn, nbytes, zm, nbytes, acc16, acc_n)
                 : mma_sme_fdot_f32(&cfg, zn, nbytes, zm, nbytes, acc32, acc_n);
    }
    if (st != MMA_OK) {
        const char *why = st == MMA_ERR_FPMR ? "FPMR holds a reserved value (rejected under --strict-fpmr)"
                          : st == MMA_ERR_INSTRUCTION && o->index != NULL
                              ? (f16 ? "--index must be 0..7 for the 2-way indexed FDOT"
                                     : "--index must be 0..3 for the 4-way indexed FDOT")
                              : mma_status_message(st);
        cli_error("%s: %s (%s)", o->text, why, mma_status_name(st));
        goto done;
    }
    for (size_t i = 0; i < acc_n; i++) {
        acc[i] = f16 ? acc16[i] : acc32[i];
    }
    if (!cli_write_matrix(o->fd, acc, fmopa ? dim : 1u, dim, f16 ? 16u : 32u)) {
        goto done;
    }
    rc = CLI_EXIT_OK;
done:
    free(zn);
    free(zm);
    free(pn);
    free(pm);
    free(acc);
    free(acc16);
    free(acc32);
    return rc;
}
