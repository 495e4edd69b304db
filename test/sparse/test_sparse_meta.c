/*
 * Sparse metadata, selectors, compress/decompress: the library against the seed-004 / NUMERICS 5 rules
 * written out here independently (t_meta_valid, t_expand_chunk, selector_expect).
 */
#include "sparse_test.h"

/* Selector rules as the seed text states them: 1 = one thread, any of {0,1,2,3}; 2 = a thread pair,
   0 (T0,T1) or 1 (T2,T3); 4 = all four threads, must be 0. */
static int selector_kind(const mma_instr *ins)
{
    const unsigned a = ins->atype, k = ins->k;
    const int f16 = a == MMA_FMT_F16 || a == MMA_FMT_BF16;
    const int i8 = a == MMA_FMT_S8 || a == MMA_FMT_U8;
    const int i4 = a == MMA_FMT_S4 || a == MMA_FMT_U4;
    if ((f16 && k == 16) || (a == MMA_FMT_TF32 && k == 8)) {
        return 1;
    }
    if ((f16 && k == 32) || (a == MMA_FMT_TF32 && k == 16) || (i8 && k == 32) || (i4 && k == 64)) {
        return 2;
    }
    if ((i8 && k == 64) || (i4 && k == 128) || (!i8 && !i4 && k == 64) || k == 128) {
        return 4; /* s8 k64, s4 k128, e4m3/e5m2/f8f6f4/mxf8f6f4 k64, mxf4* k128 */
    }
    fprintf(stderr, "no selector rule for this instruction\n");
    exit(2);
}

static unsigned selector_mask(int kind, uint32_t f)
{
    if (kind == 1) {
        return f <= 3 ? 1u << f : 0;
    }
    if (kind == 2) {
        return f == 0 ? 0x3u : f == 1 ? 0xCu : 0;
    }
    return f == 0 ? 0xFu : 0;
}

static uint64_t rand_nonzero(mma_format fmt)
{
    const unsigned bits = mma_format_get(fmt)->storage_bits;
    const uint64_t m = bits >= 64 ? ~0ull : ((1ull << bits) - 1);
    uint64_t v;
    do {
        v = rnd() & m;
    } while (v == 0);
    return v;
}

static void test_layout_and_values(void)
{
    for (size_t f = 0; f < T_NSPARSE; ++f) {
        const mma_instr ins = t_parse(t_sparse_forms[f]);
        mma_sparse_layout l;
        CHECK(mma_sparse_layout_of(&ins, &l) == MMA_OK, "%s", t_sparse_forms[f]);
        CHECK(l.chunk == t_chunk(&ins) && l.kept == l.chunk / 2 && l.variant == ins.sparsity, "%s chunk %u",
              t_sparse_forms[f], l.chunk);
        for (unsigned v = 0; v < 256; ++v) {
            const char *why = NULL;
            const mma_status st = mma_sparse_meta_check(&l, (uint8_t)v, &why);
            CHECK((st == MMA_OK) == t_meta_valid(&ins, v), "%s value 0x%x -> %s", t_sparse_forms[f], v,
                  mma_status_name(st));
            CHECK(st == MMA_OK || (st == MMA_ERR_METADATA && why != NULL), "%s value 0x%x", t_sparse_forms[f], v);
            if (st == MMA_OK) {
                /* decode agrees with the seed's placement of the stored values */
                uint8_t pos[4];
                uint64_t stored[4] = {11, 22, 33, 44}, want[8], got[8];
                CHECK(mma_sparse_meta_decode(&l, (uint8_t)v, pos, NULL) == MMA_OK, "decode");
                t_expand_chunk(l.chunk, (uint8_t)v, stored, want);
                for (unsigned e = 0; e < l.chunk; ++e) {
                    got[e] = 0;
                }
                for (unsigned s = 0; s < l.kept; ++s) {
                    got[pos[s]] = stored[s];
                }
                CHECK(memcmp(want, got, l.chunk * sizeof got[0]) == 0, "%s decode 0x%x", t_sparse_forms[f], v);
            }
        }
    }
    /* A dense instruction has no layout. */
    const mma_instr dense = t_parse("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
    mma_sparse_layout l;
    CHECK(mma_sparse_layout_of(&dense, &l) == MMA_ERR_INSTRUCTION, "dense layout");
    uint8_t qm;
    CHECK(mma_sparse_selector_decode(&dense, 0, &qm, NULL) == MMA_ERR_INSTRUCTION, "dense selector");
}

/* Every metadata value at random places of every instruction, through mma_sparse_run and mma_run. */
static void test_run_rejects(void)
{
    static uint64_t a[16 * 64], b[128 * 8], c[16 * 8], d[16 * 8], sa[16 * 4], sb[4 * 8];
    static uint8_t meta[16 * 32];
    for (size_t f = 0; f < T_NSPARSE; ++f) {
        const mma_instr ins = t_parse(t_sparse_forms[f]);
        const unsigned chunk = t_chunk(&ins), chunks = ins.k / chunk;
        mma_profile prof;
        CHECK(mma_instr_profile(MMA_PRESET_EXACT, &ins, &prof) == MMA_OK, "%s exact profile", t_sparse_forms[f]);
        memset(a, 0, sizeof a);
        memset(b, 0, sizeof b);
        memset(c, 0, sizeof c);
        for (size_t i = 0; i < 64; ++i) {
            sa[i % 64] = 127; /* 1.0 in ue8m0; 0x7F would be NaN in ue4m3 -> use 0x38 there */
            if (ins.stype == MMA_FMT_UE4M3) {
                sa[i % 64] = 0x38;
            }
        }
        for (size_t i = 0; i < 32; ++i) {
            sb[i] = sa[0];
        }
        mma_operands ops = {a, b, c, d, meta, sa, sb};
        for (unsigned v = 0; v < 18; ++v) {
            const unsigned val = v < 16 ? v : (v == 16 ? 0x10u : 0xFFu);
            for (int rep = 0; rep < 3; ++rep) {
                for (unsigned i = 0; i < 16 * chunks; ++i) {
                    meta[i] = t_rand_meta(&ins);
                }
                const unsigned row = rndn(16), ch = rndn(chunks);
                meta[row * chunks + ch] = (uint8_t)val;
                for (size_t i = 0; i < 16 * 8; ++i) {
                    d[i] = 0xDEADull;
                }
                mma_sparse_diag dg;
                memset(&dg, 0xA5, sizeof dg);
                const mma_status st = mma_sparse_run(&ins, &prof, &ops, &dg);
                const mma_status st2 = mma_run(&ins, &prof, &ops);
                if (t_meta_valid(&ins, val)) {
                    CHECK(st == MMA_OK && st2 == MMA_OK, "%s valid 0x%x -> %s", t_sparse_forms[f], val,
                          mma_status_name(st));
                } else {
                    int untouched = 1;
                    for (size_t i = 0; i < 16 * 8; ++i) {
                        untouched &= d[i] == 0xDEADull;
                    }
                    CHECK(st == MMA_ERR_METADATA && st2 == MMA_ERR_METADATA, "%s invalid 0x%x -> %s",
                          t_sparse_forms[f], val, mma_status_name(st));
                    CHECK(dg.row == row && dg.chunk == ch && dg.value == (uint8_t)val &&
                              dg.lane == MMA_SPARSE_NO_LANE && dg.reason != NULL,
                          "%s diag row %u/%u chunk %u/%u value 0x%x/0x%x", t_sparse_forms[f], dg.row, row, dg.chunk,
                          ch, dg.value, val);
                    CHECK(untouched, "%s: D written despite invalid metadata", t_sparse_forms[f]);
                    /* the same diagnostic from the matrix-level validator and from decompress */
                    mma_sparse_layout l;
                    mma_sparse_diag d2;
                    static uint64_t dense[16 * 128];
                    (void)mma_sparse_layout_of(&ins, &l);
                    CHECK(mma_sparse_meta_validate(&l, 16, ins.k, meta, &d2) == MMA_ERR_METADATA && d2.row == row &&
                              d2.chunk == ch,
                          "validate diag");
                    CHECK(mma_sparse_decompress(&l, 16, ins.k, a, meta, dense, &d2) == MMA_ERR_METADATA &&
                              d2.row == row && d2.chunk == ch,
                          "decompress diag");
                }
            }
        }
        /* missing metadata operand */
        mma_operands no_meta = ops;
        no_meta.meta = NULL;
        CHECK(mma_run(&ins, &prof, &no_meta) == MMA_ERR_NULL, "%s without meta", t_sparse_forms[f]);
    }
}

static void test_selectors(void)
{
    static const uint32_t sels[] = {0, 1, 2, 3, 4, 5, 7, 16, 0xFFFFFFFFu};
    static const char *const listed[5] = {"", "0, 1, 2 or 3", "0 (threads 0,1) or 1 (threads 2,3)", "",
                                          "must be 0 (all four threads"};
    for (size_t f = 0; f < T_NSPARSE; ++f) {
        const mma_instr ins = t_parse(t_sparse_forms[f]);
        const int kind = selector_kind(&ins);
        for (size_t s = 0; s < sizeof sels / sizeof sels[0]; ++s) {
            const unsigned want = selector_mask(kind, sels[s]);
            uint8_t mask = 0xEE;
            const char *why = NULL;
            const mma_status st = mma_sparse_selector_decode(&ins, sels[s], &mask, &why);
            if (want != 0) {
                CHECK(st == MMA_OK && mask == want, "%s selector %u -> %s mask 0x%x want 0x%x", t_sparse_forms[f],
                      (unsigned)sels[s], mma_status_name(st), mask, want);
            } else {
                CHECK(st == MMA_ERR_SPARSITY_SELECTOR && why != NULL && strstr(why, listed[kind]) != NULL,
                      "%s selector %u -> %s (%s)", t_sparse_forms[f], (unsigned)sels[s], mma_status_name(st),
                      why ? why : "no reason");
            }
        }
    }
}

/* Canonical metadata by the documented rule: non-zero slots + lowest unused, ascending. */
static uint8_t canonical(unsigned chunk, const uint64_t *dense)
{
    if (chunk == 2) {
        return dense[1] != 0 ? 0xE : 0x4;
    }
    const unsigned w = chunk / 4; /* elements per slot */
    unsigned used = 0, n = 0;
    for (unsigned s = 0; s < 4; ++s) {
        for (unsigned e = 0; e < w; ++e) {
            if (dense[s * w + e] != 0 && !(used & (1u << s))) {
                used |= 1u << s;
                ++n;
            }
        }
    }
    for (unsigned s = 0; s < 4 && n < 2; ++s) {
        if (!(used & (1u << s))) {
            used |= 1u << s;
            ++n;
        }
    }
    unsigned idx[2], i = 0;
    for (unsigned s = 0; s < 4; ++s) {
        if (used & (1u << s)) {
            idx[i++] = s;
        }
    }
    return (uint8_t)(idx[0] | (idx[1] << 2));
}

static void test_compress(void)
{
    static uint64_t dense[16 * 128], dense2[16 * 128], packed[16 * 64], packed_canary[16 * 64];
    static uint8_t meta[16 * 32], meta2[16 * 32];
    for (size_t f = 0; f < T_NSPARSE; ++f) {
        const mma_instr ins = t_parse(t_sparse_forms[f]);
        mma_sparse_layout l;
        (void)mma_sparse_layout_of(&ins, &l);
        const unsigned chunk = t_chunk(&ins), chunks = ins.k / chunk, kept = chunk / 2, k = ins.k;
        const mma_format at = (mma_format)ins.atype;
        for (int rep = 0; rep < 40; ++rep) {
            /* Dense A satisfying the pattern: random valid metadata, stored values sometimes zero (or -0). */
            for (unsigned r = 0; r < 16; ++r) {
                for (unsigned c = 0; c < chunks; ++c) {
                    uint64_t st[4];
                    for (unsigned s = 0; s < kept; ++s) {
                        const unsigned z = rndn(5);
                        st[s] = z == 0 ? 0 : rand_nonzero(at);
                    }
                    t_expand_chunk(chunk, t_rand_meta(&ins), st, &dense[r * k + c * chunk]);
                }
            }
            mma_sparse_diag dg;
            CHECK(mma_sparse_compress(&l, 16, k, dense, packed, meta, &dg) == MMA_OK, "%s compress",
                  t_sparse_forms[f]);
            for (unsigned i = 0; i < 16 * chunks; ++i) {
                mma_instr other = ins;
                other.sparsity = MMA_SPARSE_SP;
                const int v1 = t_meta_valid(&other, meta[i]);
                other.sparsity = MMA_SPARSE_SP_ORDERED;
                const int v2 = t_meta_valid(&other, meta[i]);
                CHECK(v1 && v2, "%s canonical metadata 0x%x not valid for both variants", t_sparse_forms[f], meta[i]);
                CHECK(meta[i] == canonical(chunk, &dense[(i / chunks) * k + (i % chunks) * chunk]),
                      "%s canonical metadata 0x%x", t_sparse_forms[f], meta[i]);
            }
            CHECK(mma_sparse_decompress(&l, 16, k, packed, meta, dense2, &dg) == MMA_OK, "decompress");
            CHECK(memcmp(dense, dense2, 16 * k * sizeof dense[0]) == 0, "%s round trip", t_sparse_forms[f]);
            /* The other direction: random packed + random valid metadata, decompressed by the seed rule. */
            for (unsigned i = 0; i < 16 * k / 2; ++i) {
                packed[i] = rndn(4) == 0 ? 0 : rand_nonzero(at);
            }
            for (unsigned i = 0; i < 16 * chunks; ++i) {
                meta[i] = t_rand_meta(&ins);
            }
            for (unsigned r = 0; r < 16; ++r) {
                for (unsigned c = 0; c < chunks; ++c) {
                    t_expand_chunk(chunk, meta[r * chunks + c], &packed[r * (k / 2) + c * kept],
                                   &dense[r * k + c * chunk]);
                }
            }
            CHECK(mma_sparse_decompress(&l, 16, k, packed, meta, dense2, &dg) == MMA_OK, "decompress 2");
            CHECK(memcmp(dense, dense2, 16 * k * sizeof dense[0]) == 0, "%s decompress vs seed rule",
                  t_sparse_forms[f]);
            CHECK(mma_sparse_compress(&l, 16, k, dense2, packed, meta2, &dg) == MMA_OK &&
                      mma_sparse_decompress(&l, 16, k, packed, meta2, dense2, &dg) == MMA_OK &&
                      memcmp(dense, dense2, 16 * k * sizeof dense[0]) == 0,
                  "%s decompress-compress-decompress", t_sparse_forms[f]);
            /* Too many non-zeros in one chunk: error names it, outputs untouched. */
            const unsigned row = rndn(16), ch = rndn(chunks);
            uint64_t *cp = &dense[row * k + ch * chunk];
            unsigned mask = 0;
            for (unsigned e = 0; e < chunk; ++e) {
                cp[e] = rndn(3) == 0 && chunk != 2 ? 0 : rand_nonzero(at);
            }
            unsigned nz = 0;
            for (unsigned s = 0; s < (chunk == 2 ? 2u : 4u); ++s) {
                const unsigned w = chunk == 2 ? 1 : chunk / 4;
                int any = 0;
                for (unsigned e = 0; e < w; ++e) {
                    if (cp[s * w + e] != 0) {
                        any = 1;
                        mask |= 1u << (s * w + e);
                    }
                }
                nz += (unsigned)any;
            }
            memset(packed_canary, 0x5A, sizeof packed_canary);
            memset(meta2, 0x5A, sizeof meta2);
            const mma_status st = mma_sparse_compress(&l, 16, k, dense, packed_canary, meta2, &dg);
            const int fits = nz <= (chunk == 2 ? 1u : 2u);
            if (fits) {
                CHECK(st == MMA_OK, "%s fitting chunk rejected", t_sparse_forms[f]);
            } else {
                /* an earlier chunk of the matrix may not fit either; all others were built valid */
                CHECK(st == MMA_ERR_METADATA && dg.row == row && dg.chunk == ch && dg.count == nz &&
                          dg.value == mask && dg.reason != NULL,
                      "%s compress diag row %u/%u chunk %u/%u count %u/%u mask 0x%x/0x%x", t_sparse_forms[f], dg.row,
                      row, dg.chunk, ch, dg.count, nz, dg.value, mask);
                CHECK(packed_canary[0] == 0x5A5A5A5A5A5A5A5Aull && meta2[0] == 0x5A, "outputs written on error");
            }
        }
        /* Shapes and NULLs. */
        CHECK(mma_sparse_compress(&l, 1, chunk + 1, dense, packed, meta, NULL) == MMA_ERR_SHAPE, "k not multiple");
        CHECK(mma_sparse_decompress(&l, 1, k, NULL, meta, dense, NULL) == MMA_ERR_NULL, "NULL");
        CHECK(mma_sparse_meta_validate(&l, 1, chunk * 3 + 1, meta, NULL) == MMA_ERR_SHAPE, "validate shape");
    }
    /* -0 is kept (bitwise round trip) */
    {
        const mma_instr ins = t_parse("mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
        mma_sparse_layout l;
        (void)mma_sparse_layout_of(&ins, &l);
        const uint64_t row[4] = {0, 0x8000, 0, 0};
        uint64_t pk[2], back[4];
        uint8_t m;
        CHECK(mma_sparse_compress(&l, 1, 4, row, pk, &m, NULL) == MMA_OK && m == 0x4 && pk[1] == 0x8000,
              "-0 kept: meta 0x%x", m);
        CHECK(mma_sparse_decompress(&l, 1, 4, pk, &m, back, NULL) == MMA_OK && memcmp(back, row, sizeof row) == 0,
              "-0 round trip");
        const uint64_t three[4] = {1, 0, 0x8000, 2};
        mma_sparse_diag dg;
        CHECK(mma_sparse_compress(&l, 1, 4, three, pk, &m, &dg) == MMA_ERR_METADATA && dg.count == 3 &&
                  dg.value == 0xD,
              "three non-zeros");
    }
    /* A bad layout is refused. */
    {
        mma_sparse_layout bad = {MMA_SPAT_2_4, MMA_SPARSE_NONE, 4, 2};
        CHECK(mma_sparse_meta_check(&bad, 4, NULL) == MMA_ERR_INSTRUCTION, "bad variant");
        bad.variant = MMA_SPARSE_SP;
        bad.chunk = 8;
        CHECK(mma_sparse_meta_validate(&bad, 1, 8, meta, NULL) == MMA_ERR_INSTRUCTION, "bad chunk");
    }
}

int main(void)
{
    test_layout_and_values();
    test_run_rejects();
    test_selectors();
    test_compress();
    return t_finish("sparse_meta");
}
