/*
 * fuzz_mma_run: a whole matrix-level mma_run / mma_gemm call with random descriptors, profiles
 * and operand codes.
 *
 * Input: a control byte, a descriptor (a catalogue entry, a sparse or block-scaled form from the
 * list below, a catalogue entry with one field set to a random value, or a fully random
 * descriptor), a profile (a preset's, a preset's with one field
 * set to a random value, a fully random one, or NULL), a seed for the operand codes, and a few
 * more control bytes. Every operand array is exactly sized on the heap, so ASan catches any read
 * or write outside the matrices the instruction shape defines.
 *
 * Properties:
 *   - every status is an mma_status;
 *   - an invalid descriptor gives exactly mma_instr_validate's status;
 *   - sparse forms get M x K/2 stored A codes and valid metadata (sometimes one invalid value,
 *     which must give an error); a float sparse result equals the dense dot products of the
 *     decompressed A (mma_dot per element, same profile): "the dense MMA of the decompressed A";
 *   - block-scaled forms get M x vec and vec x N scale codes of .stype;
 *   - for a float (non-f64) instruction an out-of-range profile gives exactly
 *     mma_profile_validate's status (MMA_ERR_PROFILE_PARAM), a NULL profile MMA_ERR_NULL;
 *   - an A or B code with bits outside its format gives an error, never a result;
 *   - mma_gemm with m, n, k = the instruction's shape gives the same status and the same D as
 *     mma_run (block-scaled forms with the same scales); with ctype == dtype, a GEMM over 2k
 *     equals two chained GEMMs over k;
 *   - mma_gemm with random sizes and strides never crashes; strides below the row length give
 *     MMA_ERR_BUFFER.
 * Shapes with m*n*k above RUN_LIMIT (large wgmma N) are validated only, to keep the fuzzer fast;
 * MMA_FUZZ_RUN_LIMIT=N lowers that bound for long runs (smaller matrices, more inputs per second).
 */
#include <stdbool.h>
#include <string.h>

#include "mma/block_scale.h"
#include "mma/mmacore.h"
#include "mma/sparse.h"

#include "fuzz_common.h"
#include "fuzz_instr.h"

#define RUN_LIMIT_DEFAULT 32768u

/* m*n*k up to which an instruction is run (MMA_FUZZ_RUN_LIMIT, default RUN_LIMIT_DEFAULT). */
static size_t run_limit(void)
{
    static size_t limit = 0;
    if (limit == 0) {
        limit = fz_env_size("MMA_FUZZ_RUN_LIMIT", RUN_LIMIT_DEFAULT);
    }
    return limit;
}

/* Sparse and block-scaled forms (the catalogue holds the dense, unscaled ones). */
static const char *const EXTRA_FORMS[] = {
    "mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32",
    "mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
    "mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32",
    "mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f16.e2m1.e3m2.f16",
    "mma.sp.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.s32.u4.s4.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e2m3.f32.ue8m0",
    ("mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1."
     "e2m1.f32.ue4m3"),
    "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e5m2.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
};
#define NEXTRA (sizeof EXTRA_FORMS / sizeof EXTRA_FORMS[0])

static void set_profile_field(mma_profile *p, unsigned field, uint16_t v)
{
    const uint8_t b = (uint8_t)v;
    switch (field % 18u) {
    case 0: p->algo = b; break;
    case 1: p->k_order = b; break;
    case 2: p->c_mode = b; break;
    case 3: p->round_mode = b; break;
    case 4: p->group = v; break;
    case 5: p->frac_bits = b; break;
    case 6: p->f32_sig_bits = b; break;
    case 7: p->f32_round = b; break;
    case 8: p->f16_round = b; break;
    case 9: p->min_e_f32 = (int16_t)v; break;
    case 10: p->min_e_f16 = (int16_t)v; break;
    case 11: p->zero_c_term = b; break;
    case 12: p->f16_c_pinned = b; break;
    case 13: p->flush_subnormal_in = b; break;
    case 14: p->arm_lscale = b; break;
    case 15: p->zero_product_term = b; break;
    case 16: p->group_align = b; break;
    default: p->arm_osm = b; break;
    }
}

/* Random code of a format (storage width; f64 all 64 bits); b1 and tiny formats stay in range. */
static uint64_t random_code(uint64_t *seed, unsigned fmt)
{
    const mma_format_info *info = mma_format_get((mma_format)fmt);
    const unsigned bits = info != NULL ? info->storage_bits : 8u;
    const uint64_t r = fz_rng(seed);
    switch (r & 15u) {
    case 0: return 0; /* zeros are common in real data */
    case 1: return r >> 4 & fz_mask(bits) & ~(fz_mask(bits) >> 1); /* sign only / top bit */
    default: return (r >> 4 | r << 60) & fz_mask(bits);
    }
}

static uint64_t *alloc_codes(size_t n, uint64_t *seed, unsigned fmt)
{
    uint64_t *p = (uint64_t *)malloc((n ? n : 1u) * sizeof *p);
    FZ_CHECK(p != NULL, "malloc");
    for (size_t i = 0; i < n; ++i) {
        p[i] = random_code(seed, fmt);
    }
    return p;
}

static void dump_codes(const char *what, const uint64_t *p, size_t n)
{
    fprintf(stderr, "%s:", what);
    for (size_t i = 0; i < n; ++i) {
        fprintf(stderr, " %llx", (unsigned long long)p[i]);
    }
    fprintf(stderr, "\n");
}

/* Descriptor of the shape the operand arrays are sized for; sizes capped so a run stays fast. */
static bool shape_small(const mma_instr *ins)
{
    return ins->m != 0 && ins->n != 0 && ins->k != 0 && (size_t)ins->m * ins->n * ins->k <= run_limit();
}

/* mma_gemm with random sizes/strides over small random matrices: no crash, a status from the enum. */
static void gemm_random_sizes(const mma_instr *ins, const mma_profile *prof, fz_in *in, uint64_t *seed)
{
    const size_t m = fz_u8(in) % 13u, n = fz_u8(in) % 13u, k = fz_u8(in) % 40u;
    const uint8_t pad = fz_u8(in);
    const size_t lda = k + (pad & 3u), ldb = n + (pad >> 2 & 3u), ldc = n + (pad >> 4 & 3u);
    const size_t ldd = n + (pad >> 6 & 1u) - (pad >> 7 & (n != 0));
    uint64_t *a = alloc_codes(m * lda, seed, ins->atype);
    uint64_t *b = alloc_codes(k * ldb, seed, ins->btype);
    uint64_t *c = alloc_codes(m * ldc, seed, ins->ctype);
    uint64_t *d = alloc_codes(m * (ldd > n ? ldd : n), seed, ins->dtype);
    mma_gemm_desc g = {ins, prof, m, n, k, a, lda, b, ldb, c, ldc, d, ldd, NULL, 0, NULL, 0, NULL, 0};
    const mma_status st = mma_gemm(&g);
    FZ_CHECK_STATUS(st);
    if (ldd < n && mma_instr_validate(ins, NULL) == MMA_OK && ins->sparsity == MMA_SPARSE_NONE &&
        ins->block_scale == 0u) {
        FZ_CHECK(st == MMA_ERR_BUFFER, "ldd %zu < n %zu: %s", ldd, n, mma_status_name(st));
    }
    free(a);
    free(b);
    free(c);
    free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    const uint8_t ctl = fz_u8(&in);
    const size_t ncat = fz_catalog_size();
    mma_instr ins;

    /* ---- descriptor */
    {
        const uint16_t idx = fz_u16(&in);
        const uint8_t field = fz_u8(&in);
        const uint16_t val = fz_u16(&in);
        FZ_CHECK(mma_instr_catalog(idx % ncat, &ins) == MMA_OK, "catalogue");
        switch (ctl & 3u) {
        case 1: {
            const char *t = EXTRA_FORMS[idx % NEXTRA];
            FZ_CHECK(mma_instr_parse(t, strlen(t), &ins, NULL) == MMA_OK, "%s does not parse", t);
            break;
        }
        case 2:
            fz_set_instr_field(&ins, field, val);
            break;
        case 3:
            for (unsigned f = 0; f < 18u; ++f) {
                fz_set_instr_field(&ins, f, fz_u16(&in));
            }
            break;
        default:
            break;
        }
    }
    const mma_status vs = mma_instr_validate(&ins, NULL);
    FZ_CHECK_STATUS(vs);

    /* ---- profile */
    mma_profile prof;
    const mma_profile *pp = &prof;
    {
        const uint8_t pctl = fz_u8(&in);
        const uint8_t field = fz_u8(&in);
        const uint16_t val = fz_u16(&in);
        mma_status ps = mma_instr_profile((mma_preset)(pctl % ((unsigned)MMA_PRESET_COUNT + 1u)), &ins, &prof);
        FZ_CHECK_STATUS(ps);
        if (vs != MMA_OK) {
            FZ_CHECK(ps == vs, "instr_profile %s, validate %s", mma_status_name(ps), mma_status_name(vs));
        }
        if (ps != MMA_OK) {
            FZ_CHECK(mma_preset_profile(MMA_PRESET_EXACT, MMA_FAMILY_MMA, MMA_FMT_F32, MMA_FMT_F32, &prof) == MMA_OK,
                     "exact preset");
        } else {
            FZ_CHECK(mma_profile_validate(&prof) == MMA_OK, "preset profile invalid");
        }
        switch ((pctl >> 4) & 3u) {
        case 1:
            set_profile_field(&prof, field, val);
            break;
        case 2:
            for (unsigned f = 0; f < 18u; ++f) {
                set_profile_field(&prof, f, fz_u16(&in));
            }
            prof.name = (val & 1u) ? NULL : "fuzz";
            break;
        case 3:
            pp = NULL;
            break;
        default:
            break;
        }
    }
    const mma_status prof_st = pp != NULL ? mma_profile_validate(pp) : MMA_ERR_NULL;
    FZ_CHECK_STATUS(prof_st);
    if (fz_verbose()) { /* for debugging an input: the instruction and profile */
        char text[256];
        if (mma_instr_format(&ins, text, sizeof text) != MMA_OK) {
            snprintf(text, sizeof text, "(does not format: %s)", mma_status_name(vs));
        }
        fprintf(stderr, "instr %s\n", text);
        if (pp != NULL) {
            fprintf(stderr,
                    "profile %s: algo %u k_order %u c_mode %u round %u group %u F %u f32_sig %u f32_round %u "
                    "f16_round %u min_e %d/%d zero_c %u f16_c_pinned %u ftz_in %u zero_product %u group_align %u\n",
                    pp->name != NULL ? pp->name : "-", pp->algo, pp->k_order, pp->c_mode, pp->round_mode, pp->group,
                    pp->frac_bits, pp->f32_sig_bits, pp->f32_round, pp->f16_round, pp->min_e_f32, pp->min_e_f16,
                    pp->zero_c_term, pp->f16_c_pinned, pp->flush_subnormal_in, pp->zero_product_term,
                    pp->group_align);
        }
    }

    /* ---- operands */
    uint64_t seed = fz_u64(&in) | 1u;
    const uint8_t bad = fz_u8(&in);   /* bit 0..1: where to put an out-of-range code (0 = nowhere) */
    const uint32_t bad_pos = fz_u32(&in);
    if (!shape_small(&ins)) {
        return 0;
    }
    const size_t m = ins.m, n = ins.n, k = ins.k;
    const bool sparse = vs == MMA_OK && ins.sparsity != MMA_SPARSE_NONE;
    const bool scaled = vs == MMA_OK && ins.block_scale != 0u;
    const size_t ka = sparse ? k / 2u : k; /* stored A columns */
    uint64_t *a = alloc_codes(m * ka, &seed, ins.atype);
    uint64_t *b = alloc_codes(k * n, &seed, ins.btype);
    uint64_t *c = alloc_codes(m * n, &seed, ins.ctype);
    uint64_t *d = alloc_codes(m * n, &seed, ins.dtype);
    uint64_t *d2 = alloc_codes(m * n, &seed, ins.dtype);
    bool bad_ab = false, bad_meta = false;
    {
        const mma_format_info *ia = mma_format_get((mma_format)ins.atype);
        const mma_format_info *ib = mma_format_get((mma_format)ins.btype);
        if ((bad & 3u) == 1u && ia != NULL && ia->storage_bits < 64u) {
            a[bad_pos % (m * ka)] |= (uint64_t)1 << (ia->storage_bits + bad_pos % (64u - ia->storage_bits));
            bad_ab = true;
        } else if ((bad & 3u) == 2u && ib != NULL && ib->storage_bits < 64u) {
            b[bad_pos % (k * n)] |= (uint64_t)1 << (ib->storage_bits + bad_pos % (64u - ib->storage_bits));
            bad_ab = true;
        } else if ((bad & 3u) == 3u) {
            c[bad_pos % (m * n)] = fz_rng(&seed); /* usually too wide for f16/f32/s32 */
        }
    }

    mma_operands ops;
    memset(&ops, 0, sizeof ops);
    ops.a = a;
    ops.b = b;
    ops.c = c;
    ops.d = d;
    uint8_t *meta = NULL;
    uint64_t *scale_a = NULL, *scale_b = NULL;
    mma_sparse_layout layout;
    if (sparse) {
        FZ_CHECK(mma_sparse_layout_of(&ins, &layout) == MMA_OK, "layout of a valid sparse instruction");
        const size_t nmeta = m * (k / layout.chunk);
        uint8_t valid[16];
        unsigned nvalid = 0;
        for (unsigned v = 0; v < 16u; ++v) {
            if (mma_sparse_meta_check(&layout, (uint8_t)v, NULL) == MMA_OK) {
                valid[nvalid++] = (uint8_t)v;
            }
        }
        FZ_CHECK(nvalid > 0, "no valid metadata value");
        meta = (uint8_t *)malloc(nmeta);
        FZ_CHECK(meta != NULL, "malloc");
        for (size_t i = 0; i < nmeta; ++i) {
            meta[i] = valid[fz_rng(&seed) % nvalid];
        }
        if (bad & 4u) {
            const size_t at = bad_pos % nmeta;
            meta[at] = (uint8_t)(bad >> 3);
            bad_meta = mma_sparse_meta_check(&layout, meta[at], NULL) != MMA_OK;
        }
        ops.meta = meta;
    }
    if (scaled) {
        mma_scale_shape shape;
        FZ_CHECK(mma_block_scale_shape(&ins, &shape) == MMA_OK, "scale shape of a valid block-scaled instruction");
        scale_a = (uint64_t *)malloc(m * shape.vec * sizeof *scale_a);
        scale_b = (uint64_t *)malloc(shape.vec * n * sizeof *scale_b);
        FZ_CHECK(scale_a != NULL && scale_b != NULL, "malloc");
        for (size_t i = 0; i < m * shape.vec; ++i) {
            scale_a[i] = random_code(&seed, shape.stype);
        }
        for (size_t i = 0; i < shape.vec * n; ++i) {
            scale_b[i] = random_code(&seed, shape.stype);
        }
        ops.scale_a = scale_a;
        ops.scale_b = scale_b;
    }
    const mma_status st = mma_run(&ins, pp, &ops);
    FZ_CHECK_STATUS(st);

    const bool dense = ins.sparsity == MMA_SPARSE_NONE && ins.block_scale == 0u;
    const mma_format_info *ia = mma_format_get((mma_format)ins.atype);
    const bool integer = ia != NULL && ia->kind != MMA_KIND_FLOAT;
    if (vs != MMA_OK) {
        FZ_CHECK(st == vs, "run %s, validate %s", mma_status_name(st), mma_status_name(vs));
    } else if (dense && !integer && ins.atype != MMA_FMT_F64 && prof_st != MMA_OK) {
        FZ_CHECK(st == prof_st, "run %s with a profile that validates as %s", mma_status_name(st),
                 mma_status_name(prof_st));
    }
    if (bad_ab) {
        FZ_CHECK(st != MMA_OK, "an out-of-range A/B code gave a result");
    }
    if (bad_meta) {
        FZ_CHECK(st != MMA_OK, "invalid sparse metadata gave a result");
    }

    /* Sparse = the dense dot products of the decompressed A (float, not block-scaled). */
    if (sparse && !scaled && !integer && st == MMA_OK) {
        uint64_t *dense_a = (uint64_t *)malloc(m * k * sizeof *dense_a);
        FZ_CHECK(dense_a != NULL, "malloc");
        FZ_CHECK(mma_sparse_decompress(&layout, m, k, a, meta, dense_a, NULL) == MMA_OK, "decompress");
        for (size_t i = 0; i < m; ++i) {
            for (size_t j = 0; j < n; ++j) {
                uint64_t want = 0;
                const mma_status ds = mma_dot(pp, (mma_format)ins.atype, dense_a + i * k, 1, (mma_format)ins.btype,
                                              b + j, n, k, (mma_format)ins.ctype, c[i * n + j], (mma_format)ins.dtype,
                                              &want);
                FZ_CHECK(ds == MMA_OK && want == d[i * n + j],
                         "sparse D[%zu][%zu] = 0x%llx, dense dot of the decompressed A: %s 0x%llx", i, j,
                         (unsigned long long)d[i * n + j], mma_status_name(ds), (unsigned long long)want);
            }
        }
        free(dense_a);
    }

    /* mma_gemm over exactly the instruction's shape equals mma_run (A is M x K here unless sparse),
     * block-scaled ones with the same scales (their fast paths against the instruction's path). */
    mma_gemm_desc g = {&ins, pp, m, n, k, a, k, b, n, c, n, d2, n, NULL, 0, NULL, 0, NULL, 0};
    mma_scale_shape gshape;
    if (scaled && !sparse && mma_block_scale_shape(&ins, &gshape) == MMA_OK) {
        g.scale_a = scale_a;
        g.ldsa = gshape.vec;
        g.scale_b = scale_b;
        g.ldsb = n;
    }
    const mma_status gs = sparse ? MMA_ERR_INSTRUCTION : mma_gemm(&g);
    FZ_CHECK_STATUS(gs);
    if (vs == MMA_OK && !sparse && (dense || g.scale_a != NULL)) {
        FZ_CHECK(gs == st, "gemm %s, run %s", mma_status_name(gs), mma_status_name(st));
        if (st == MMA_OK) {
            for (size_t i = 0; i < m * n; ++i) {
                FZ_CHECK(d[i] == d2[i], "gemm D[%zu] = 0x%llx, run D = 0x%llx", i, (unsigned long long)d2[i],
                         (unsigned long long)d[i]);
            }
        }
    }

    /* K = 2k in one GEMM equals two chained GEMMs when C and D have the same type. With C unused
     * (wgmma scale-d = 0) only the GEMM's first chunk ignores C; later chunks add to D jointly
     * (mma.h), so the second GEMM of the chain is run with C joint. */
    if (st == MMA_OK && (ctl & 4u) && ins.ctype == ins.dtype && 2u * m * n * k <= run_limit()) {
        mma_profile joint;
        const mma_profile *pp2 = pp;
        if (pp != NULL && !integer && pp->c_mode == MMA_C_UNUSED) {
            joint = *pp;
            joint.c_mode = MMA_C_JOINT;
            pp2 = &joint;
        }
        uint64_t *a2 = alloc_codes(m * 2u * k, &seed, ins.atype);
        uint64_t *b2 = alloc_codes(2u * k * n, &seed, ins.btype);
        uint64_t *one = alloc_codes(m * n, &seed, ins.dtype);
        uint64_t *mid = alloc_codes(m * n, &seed, ins.dtype);
        uint64_t *two = alloc_codes(m * n, &seed, ins.dtype);
        mma_gemm_desc full = {&ins, pp, m, n, 2u * k, a2, 2u * k, b2, n, c, n, one, n, NULL, 0, NULL, 0, NULL, 0};
        mma_gemm_desc first = {&ins, pp, m, n, k, a2, 2u * k, b2, n, c, n, mid, n, NULL, 0, NULL, 0, NULL, 0};
        mma_gemm_desc second = {&ins, pp2, m, n, k, a2 + k, 2u * k, b2 + k * n, n, mid, n, two, n, NULL, 0, NULL, 0, NULL, 0};
        const mma_status s1 = mma_gemm(&full);
        mma_status s2 = mma_gemm(&first);
        if (s2 == MMA_OK) {
            s2 = mma_gemm(&second);
        }
        if (fz_verbose()) {
            dump_codes("A (M x 2K)", a2, m * 2u * k);
            dump_codes("B (2K x N)", b2, 2u * k * n);
            dump_codes("C", c, m * n);
            dump_codes("D after K", mid, m * n);
        }
        FZ_CHECK(s1 == s2, "gemm 2k %s, chained %s", mma_status_name(s1), mma_status_name(s2));
        if (s1 == MMA_OK) {
            for (size_t i = 0; i < m * n; ++i) {
                FZ_CHECK(one[i] == two[i], "gemm 2k D[%zu] = 0x%llx, chained 0x%llx", i, (unsigned long long)one[i],
                         (unsigned long long)two[i]);
            }
        }
        free(a2);
        free(b2);
        free(one);
        free(mid);
        free(two);
    }
    if (ctl & 8u) {
        gemm_random_sizes(&ins, pp, &in, &seed);
    }

    /* NULL operands. */
    ops.c = NULL;
    FZ_CHECK(mma_run(&ins, pp, &ops) == MMA_ERR_NULL, "NULL C");
    FZ_CHECK(mma_run(NULL, pp, &ops) == MMA_ERR_NULL, "NULL instruction");
    FZ_CHECK(mma_run(&ins, pp, NULL) == MMA_ERR_NULL, "NULL operands");

    free(a);
    free(b);
    free(c);
    free(d);
    free(d2);
    free(meta);
    free(scale_a);
    free(scale_b);
    return 0;
}
