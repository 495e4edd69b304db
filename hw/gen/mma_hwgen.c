/*
 * mma_hwgen: prints the facts the RTL's generated parameter files are made of, straight from the
 * golden model (the one source): the format table, and the numerics of one instruction under a
 * preset. hw/gen/gen_hw.py turns them into hw/rtl/gen/ and include/mma/hw/.
 *
 *   mma_hwgen formats                 one line per format: key=value fields of mma_format_info
 *   mma_hwgen mode PRESET INSTR...    one line per instruction: its shape, types and the profile
 *                                     mma_instr_profile resolves for it (mode fields, see below)
 * Exit status: 0, or 2 with a message on stderr for a bad preset or instruction.
 */
#include <stdio.h>
#include <string.h>

#include "mma/block_scale.h"
#include "mma/instr.h"
#include "mma/profile.h"
#include "mma/sparse.h"

#include "../../firmware/lib/block_scale/block_scale_int.h" /* mmai_scale_unit: the padding scale */
#include "../../firmware/lib/format/format_int.h" /* mmai_e8m13_info: the FP8 step format */

static int formats(void)
{
    for (unsigned f = 0; f < (unsigned)MMA_FMT_COUNT; f++) {
        const mma_format_info *i = mma_format_get((mma_format)f);
        printf("format name=%s code=%u kind=%u storage=%u value_bits=%u sign=%u exp_bits=%u frac_bits=%u inf=%u "
               "nan_style=%u bias=%d emin=%d emax=%d frac_shift=%u max_frac=%llu zero=%u subnormals=%u "
               "canonical_nan=%llu\n",
               i->name, f, i->kind, i->storage_bits, i->value_bits, i->has_sign, i->exp_bits, i->frac_bits,
               i->has_inf, i->nan_style, i->bias, i->emin, i->emax, i->frac_shift, (unsigned long long)i->max_frac,
               i->has_zero, i->has_subnormals, (unsigned long long)i->canonical_nan);
    }
    {
        /* the 13-bit-fraction f32 step accumulator of FP8 tensor cores ("e8m13"): code 31 in the RTL */
        const mma_format_info *i = &mmai_e8m13_info;
        printf("format name=%s code=31 kind=%u storage=%u value_bits=%u sign=%u exp_bits=%u frac_bits=%u inf=%u "
               "nan_style=%u bias=%d emin=%d emax=%d frac_shift=%u max_frac=%llu zero=%u subnormals=%u "
               "canonical_nan=%llu\n",
               i->name, i->kind, i->storage_bits, i->value_bits, i->has_sign, i->exp_bits, i->frac_bits, i->has_inf,
               i->nan_style, i->bias, i->emin, i->emax, i->frac_shift, (unsigned long long)i->max_frac, i->has_zero,
               i->has_subnormals, (unsigned long long)i->canonical_nan);
    }
    /* the code of scale 1.0: what a block past K is scaled by (a ragged K's padding) */
    for (unsigned f = 0; f < (unsigned)MMA_FMT_COUNT; f++) {
        if (f == (unsigned)MMA_FMT_UE8M0 || f == (unsigned)MMA_FMT_UE4M3) {
            printf("scale_unit name=%s code=%llu\n", mma_format_get((mma_format)f)->name,
                   (unsigned long long)mmai_scale_unit((mma_format)f));
        }
    }
    for (unsigned s = 0; s < (unsigned)MMA_STATUS_COUNT; s++) {
        printf("status name=%s code=%u\n", mma_status_name((mma_status)s), s);
    }
    for (unsigned r = 0; r < (unsigned)MMA_RND_COUNT; r++) {
        printf("round name=%s code=%u\n", mma_round_name((mma_round)r), r);
    }
    return 0;
}

static int mode(const char *preset_name, const char *text)
{
    mma_preset preset;
    mma_instr ins;
    mma_diag diag;
    mma_profile p;
    mma_status st;
    if (mma_preset_from_name(preset_name, strlen(preset_name), &preset) != MMA_OK) {
        fprintf(stderr, "mma_hwgen: unknown preset '%s'\n", preset_name);
        return 2;
    }
    st = mma_instr_parse(text, strlen(text), &ins, &diag);
    if (st != MMA_OK) {
        fprintf(stderr, "mma_hwgen: %s: %s\n", text, diag.reason);
        return 2;
    }
    st = mma_instr_profile(preset, &ins, &p);
    if (st != MMA_OK) {
        fprintf(stderr, "mma_hwgen: preset %s has no datapath for %s: %s\n", preset_name, text, mma_status_message(st));
        return 2;
    }
    unsigned chunk = 0, block_k = 0, stype = 0, vec = 0;
    if (ins.sparsity != MMA_SPARSE_NONE) {
        mma_sparse_layout l;
        if (mma_sparse_layout_of(&ins, &l) == MMA_OK) {
            chunk = l.chunk;
        }
    }
    if (ins.block_scale) {
        mma_scale_shape s;
        if (mma_block_scale_shape(&ins, &s) == MMA_OK) {
            block_k = s.block_k;
            stype = s.stype;
            vec = s.vec;
        }
    }
    printf("mode instr=%s family=%u m=%u n=%u k=%u atype=%u btype=%u ctype=%u dtype=%u satfinite=%u kind=%u "
           "sparsity=%u sparse_chunk=%u block_scale=%u stype=%u scale_vec=%u block_k=%u integer=%u algo=%u "
           "group=%u frac_bits=%u f32_sig_bits=%u f32_round=%u f16_round=%u round_mode=%u min_e_f32=%d min_e_f16=%d "
           "k_order=%u c_mode=%u zero_c_term=%u f16_c_pinned=%u zero_product_term=%u flush_subnormal_in=%u group_align=%u\n",
           text, ins.family, ins.m, ins.n, ins.k, ins.atype, ins.btype, ins.ctype, ins.dtype, ins.satfinite, ins.kind,
           ins.sparsity, chunk, ins.block_scale, stype, vec, block_k, mma_instr_is_integer(&ins) ? 1u : 0u, p.algo,
           p.group, p.frac_bits, p.f32_sig_bits, p.f32_round, p.f16_round, p.round_mode, p.min_e_f32, p.min_e_f16,
           p.k_order, p.c_mode, p.zero_c_term, p.f16_c_pinned, p.zero_product_term, p.flush_subnormal_in, p.group_align);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "formats") == 0) {
        return formats();
    }
    if (argc >= 4 && strcmp(argv[1], "mode") == 0) {
        for (int i = 3; i < argc; i++) {
            int rc = mode(argv[2], argv[i]);
            if (rc != 0) {
                return rc;
            }
        }
        return 0;
    }
    fputs("usage: mma_hwgen formats | mma_hwgen mode PRESET INSTR...\n", stderr);
    return 2;
}
