/*
 * Warp level == matrix level. For every catalogue instruction with a register map (all but wmma)
 * and every sparse / block-scaled form: random matrices, the matrix-level result (mma_run or
 * mma_sparse_run, per quad pair for mma.m8n8k4 .f16), then the same data packed into registers by
 * the test's own reference maps and packing (frag_ref.h, not the library's), run through
 * mma_warp_run with random valid selectors and garbage in every register bit the selectors leave
 * unread; D is unpacked with the reference map and compared bit for bit. Then the register-level
 * errors (padding, selectors, metadata with its lane, workspace, NULLs) and "D untouched on error".
 */
#include "frag_common.h"
#include "frag_ref.h"

#include "mma/block_scale.h"
#include "mma/sparse.h"
#include "mma/warp.h"

typedef struct packing {
    unsigned bits;      /* element bits in the register */
    int container;      /* 0 plain, 52 = e2m1 in [5:2], 50 = 6-bit in [5:0] */
    unsigned elems;     /* per lane */
    unsigned regs;      /* per lane */
    unsigned lanes;
    unsigned rows, cols;
} packing;

static unsigned storage_bits(unsigned fmt)
{
    return mma_format_get((mma_format)fmt)->storage_bits;
}

static uint64_t rnd_code(unsigned fmt)
{
    const unsigned b = storage_bits(fmt);
    return b >= 64 ? rnd() : rnd() & ((1ull << b) - 1u);
}

static int container_of(const mma_instr *ins, unsigned fmt)
{
    if (ins->kind != MMA_KINDQ_F8F6F4 && ins->kind != MMA_KINDQ_MXF8F6F4) {
        return 0;
    }
    return fmt == MMA_FMT_E2M1 ? 52 : (fmt == MMA_FMT_E3M2 || fmt == MMA_FMT_E2M3) ? 50 : 0;
}

static void tput(uint32_t *lr, const packing *p, unsigned i, uint64_t code)
{
    if (p->bits == 64) {
        lr[2 * i] = (uint32_t)code;
        lr[2 * i + 1] = (uint32_t)(code >> 32);
        return;
    }
    const unsigned per = 32 / p->bits;
    const uint64_t raw = p->container == 52 ? code << 2 : code;
    const unsigned shift = (i % per) * p->bits;
    const uint32_t mask = p->bits == 32 ? 0xFFFFFFFFu : ((1u << p->bits) - 1u);
    lr[i / per] = (lr[i / per] & ~(mask << shift)) | ((uint32_t)raw << shift);
}

static uint64_t tget(const uint32_t *lr, const packing *p, unsigned i)
{
    if (p->bits == 64) {
        return (uint64_t)lr[2 * i] | ((uint64_t)lr[2 * i + 1] << 32);
    }
    const unsigned per = 32 / p->bits;
    const uint32_t mask = p->bits == 32 ? 0xFFFFFFFFu : ((1u << p->bits) - 1u);
    return (lr[i / per] >> ((i % per) * p->bits)) & mask;
}

/* Registers of an operand from a matrix through the reference map; unread slots get random bits. */
static uint32_t *pack(const mma_instr *ins, mma_operand op, const mma_frag_select *sel, const packing *p,
                      const uint64_t *m)
{
    uint32_t *regs = calloc((size_t)p->lanes * p->regs + 1, sizeof *regs);
    for (unsigned lane = 0; lane < p->lanes; lane++) {
        uint32_t *lr = &regs[(size_t)lane * p->regs];
        for (unsigned i = 0; i < p->elems; i++) {
            unsigned r = 0, c = 0;
            int derived;
            const int held = ref_coord(ins, op, sel, lane, i, &r, &c, &derived);
            if (held == 1) {
                tput(lr, p, i, m[(size_t)r * p->cols + c]);
            } else {
                tput(lr, p, i, rnd() & (p->bits >= 32 ? 0xFFFFFFFFu : ((1u << p->bits) - 1u)));
            }
        }
    }
    return regs;
}

static packing packing_of(const mma_instr *ins, mma_operand op)
{
    packing p;
    const unsigned nmat = (ins->family == MMA_FAMILY_MMA && ins->m == 8 && ins->atype == MMA_FMT_F16) ? 4u : 1u;
    const int sparse = ins->sparsity != MMA_SPARSE_NONE;
    memset(&p, 0, sizeof p);
    p.lanes = ins->family == MMA_FAMILY_WGMMA ? 128u : 32u;
    switch (op) {
    case MMA_OPERAND_A:
        p.bits = ref_ab_bits(ins, ins->atype);
        p.container = container_of(ins, ins->atype);
        p.rows = ins->m * nmat;
        p.cols = sparse ? ins->k / 2u : ins->k;
        break;
    case MMA_OPERAND_B:
        p.bits = ref_ab_bits(ins, ins->btype);
        p.container = container_of(ins, ins->btype);
        p.rows = ins->k;
        p.cols = ins->n * nmat;
        break;
    case MMA_OPERAND_C:
    case MMA_OPERAND_D:
        p.bits = ref_acc_bits(op == MMA_OPERAND_C ? ins->ctype : ins->dtype);
        p.rows = ins->m * nmat;
        p.cols = ins->n;
        break;
    case MMA_OPERAND_E:
        p.bits = 4;
        p.elems = 8;
        p.rows = ins->m;
        p.cols = ins->k / ref_chunk(ins);
        break;
    default:
        p.bits = 8;
        p.elems = 4;
        p.rows = op == MMA_OPERAND_SFA ? ins->m : ref_vec(ins);
        p.cols = op == MMA_OPERAND_SFA ? ref_vec(ins) : ins->n;
        break;
    }
    if (p.elems == 0) {
        p.elems = p.rows * p.cols / p.lanes;
    }
    p.regs = (p.elems * p.bits + 31) / 32;
    return p;
}

/* A profile this instruction runs with: the first preset that has a datapath for it. */
static int pick_profile(const mma_instr *ins, mma_profile *prof)
{
    static const mma_preset order[] = {MMA_PRESET_HOPPER,    MMA_PRESET_RTX_BLACKWELL, MMA_PRESET_AMPERE,
                                       MMA_PRESET_VOLTA,     MMA_PRESET_ADA,           MMA_PRESET_BLACKWELL,
                                       MMA_PRESET_TURING,    MMA_PRESET_EXACT,         MMA_PRESET_SEQ_FMA};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        if (mma_instr_profile(order[(i + (size_t)(rnd() % 2)) % (sizeof order / sizeof order[0])], ins, prof) ==
            MMA_OK) {
            return 1;
        }
    }
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        if (mma_instr_profile(order[i], ins, prof) == MMA_OK) {
            return 1;
        }
    }
    return 0;
}

static unsigned long g_runs;

/* One random trial of one instruction. */
static void trial(const mma_instr *ins)
{
    const char *name = ins_name(ins);
    const int sparse = ins->sparsity != MMA_SPARSE_NONE, scaled = ins->block_scale != 0;
    const int wg = ins->family == MMA_FAMILY_WGMMA;
    const unsigned nmat = (ins->m == 8 && ins->atype == MMA_FMT_F16 && !wg) ? 4u : 1u;
    const packing pa = packing_of(ins, MMA_OPERAND_A), pb = packing_of(ins, MMA_OPERAND_B);
    const packing pc = packing_of(ins, MMA_OPERAND_C), pd = packing_of(ins, MMA_OPERAND_D);
    const packing pe = packing_of(ins, MMA_OPERAND_E);
    const packing psa = packing_of(ins, MMA_OPERAND_SFA), psb = packing_of(ins, MMA_OPERAND_SFB);
    const unsigned m = ins->m, n = ins->n, k = ins->k;
    mma_profile prof;
    mma_frag_select sel;
    memset(&sel, 0, sizeof sel);
    if (!pick_profile(ins, &prof)) {
        CHECK(0, "%s: no preset has a profile", name);
        return;
    }
    uint64_t *a = calloc((size_t)pa.rows * pa.cols, 8), *b = calloc((size_t)pb.rows * pb.cols, 8);
    uint64_t *c = calloc((size_t)pc.rows * pc.cols, 8), *d = calloc((size_t)pc.rows * pc.cols, 8);
    uint64_t *bq = calloc((size_t)k * n, 8), *sa = NULL, *sb = NULL;
    uint8_t *meta = NULL;
    for (size_t i = 0; i < (size_t)pa.rows * pa.cols; i++) {
        a[i] = rnd_code(ins->atype);
    }
    for (size_t i = 0; i < (size_t)pb.rows * pb.cols; i++) {
        b[i] = rnd_code(ins->btype);
    }
    for (size_t i = 0; i < (size_t)pc.rows * pc.cols; i++) {
        c[i] = rnd_code(ins->ctype);
    }
    if (sparse) {
        mma_sparse_layout sl;
        uint8_t valid[16];
        unsigned nvalid = 0;
        (void)mma_sparse_layout_of(ins, &sl);
        for (unsigned v = 0; v < 16; v++) {
            if (mma_sparse_meta_check(&sl, (uint8_t)v, NULL) == MMA_OK) {
                valid[nvalid++] = (uint8_t)v;
            }
        }
        meta = calloc((size_t)pe.rows * pe.cols, 1);
        for (size_t i = 0; i < (size_t)pe.rows * pe.cols; i++) {
            meta[i] = valid[rnd() % nvalid];
        }
        const unsigned threads = ref_meta_threads(ins);
        sel.sparsity = threads == 1 ? (unsigned)(rnd() % 4) : threads == 2 ? (unsigned)(rnd() % 2) : 0u;
    }
    if (scaled) {
        const unsigned vec = ref_vec(ins);
        sa = calloc((size_t)psa.rows * psa.cols, 8);
        sb = calloc((size_t)psb.rows * psb.cols, 8);
        for (size_t i = 0; i < (size_t)psa.rows * psa.cols; i++) {
            sa[i] = rnd_code(ins->stype);
        }
        for (size_t i = 0; i < (size_t)psb.rows * psb.cols; i++) {
            sb[i] = rnd_code(ins->stype);
        }
        sel.byte_id_a = vec == 1 ? (unsigned)(rnd() % 4) : vec == 2 ? 2u * (unsigned)(rnd() % 2) : 0u;
        sel.byte_id_b = vec == 1 ? (unsigned)(rnd() % 4) : vec == 2 ? 2u * (unsigned)(rnd() % 2) : 0u;
        sel.thread_id_a = (unsigned)(rnd() % 2);
        sel.thread_id_b = (unsigned)(rnd() % 4);
    }
    /* matrix level */
    int ok = 1;
    for (unsigned q = 0; q < nmat && ok; q++) {
        mma_operands o;
        mma_status st;
        memset(&o, 0, sizeof o);
        for (unsigned r = 0; r < k; r++) {
            for (unsigned cc = 0; cc < n; cc++) {
                bq[r * n + cc] = b[(size_t)r * pb.cols + q * n + cc];
            }
        }
        o.a = a + (size_t)q * m * pa.cols;
        o.b = bq;
        o.c = c + (size_t)q * m * n;
        o.d = d + (size_t)q * m * n;
        o.meta = meta;
        o.scale_a = sa;
        o.scale_b = sb;
        st = sparse ? mma_sparse_run(ins, &prof, &o, NULL) : mma_run(ins, &prof, &o);
        CHECK(st == MMA_OK, "%s: matrix-level run %s", name, mma_status_name(st));
        ok = st == MMA_OK;
    }
    if (ok) {
        /* warp level */
        mma_warp_operands w;
        mma_warp_diag diag;
        size_t words = 0;
        memset(&w, 0, sizeof w);
        w.sel = sel;
        uint32_t *ra = pack(ins, MMA_OPERAND_A, &sel, &pa, a);
        uint32_t *rb = wg ? NULL : pack(ins, MMA_OPERAND_B, &sel, &pb, b);
        uint32_t *rc = pack(ins, MMA_OPERAND_C, &sel, &pc, c);
        uint64_t *meta64 = sparse ? calloc((size_t)pe.rows * pe.cols, 8) : NULL;
        for (size_t i = 0; sparse && i < (size_t)pe.rows * pe.cols; i++) {
            meta64[i] = meta[i];
        }
        uint32_t *re = sparse ? pack(ins, MMA_OPERAND_E, &sel, &pe, meta64) : NULL;
        free(meta64);
        uint32_t *rsa = scaled ? pack(ins, MMA_OPERAND_SFA, &sel, &psa, sa) : NULL;
        uint32_t *rsb = scaled ? pack(ins, MMA_OPERAND_SFB, &sel, &psb, sb) : NULL;
        uint32_t *rd = calloc((size_t)pd.lanes * pd.regs + 1, 4);
        const int alias = (int)(rnd() % 4 == 0) && pc.regs == pd.regs;
        w.a = ra;
        w.b = rb;
        w.b_matrix = wg ? b : NULL;
        w.c = rc;
        w.d = alias ? rc : rd;
        w.e = re;
        w.scale_a = rsa;
        w.scale_b = rsb;
        CHECK(mma_warp_workspace(ins, &words) == MMA_OK, "%s: workspace", name);
        uint64_t *work = calloc(words + 1, 8);
        const mma_status st = mma_warp_run(ins, &prof, &w, work, words, &diag);
        CHECK(st == MMA_OK, "%s: mma_warp_run %s (%s)", name, mma_status_name(st),
              st != MMA_OK && diag.reason ? diag.reason : "");
        if (st == MMA_OK) {
            const uint32_t *out = alias ? rc : rd;
            unsigned long bad = 0;
            for (unsigned lane = 0; lane < pd.lanes; lane++) {
                for (unsigned i = 0; i < pd.elems; i++) {
                    unsigned r, cc;
                    int derived;
                    (void)ref_coord(ins, MMA_OPERAND_D, &sel, lane, i, &r, &cc, &derived);
                    const uint64_t got = tget(&out[(size_t)lane * pd.regs], &pd, i);
                    if (got != d[(size_t)r * pd.cols + cc]) {
                        if (bad == 0) {
                            CHECK(0, "%s: lane %u d%u = %llx, matrix level D[%u][%u] = %llx", name, lane, i,
                                  (unsigned long long)got, r, cc, (unsigned long long)d[(size_t)r * pd.cols + cc]);
                        }
                        bad++;
                    }
                }
            }
            CHECK(bad == 0, "%s: %lu D elements differ", name, bad);
            g_runs++;
        }
        free(work);
        free(ra);
        free(rb);
        free(rc);
        free(re);
        free(rsa);
        free(rsb);
        free(rd);
    }
    free(a);
    free(b);
    free(c);
    free(d);
    free(bq);
    free(sa);
    free(sb);
    free(meta);
}

/* Register-level errors. */
static void check_errors(void)
{
    mma_instr ins;
    mma_profile prof;
    mma_warp_operands w;
    mma_warp_diag diag;
    uint32_t a[32 * 4], b[32 * 4], c[32 * 4], d[32 * 4], e[32], s1[32], s2[32];
    uint64_t work[4096];
    size_t words;

    /* .kind::f8f6f4 e2m1 container padding: lane 7, a3 */
    {
        const char *t = "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32";
        (void)mma_instr_parse(t, strlen(t), &ins, NULL);
        (void)mma_instr_profile(MMA_PRESET_RTX_BLACKWELL, &ins, &prof);
        memset(a, 0, sizeof a);
        memset(b, 0, sizeof b);
        memset(c, 0, sizeof c);
        for (unsigned i = 0; i < 32 * 4; i++) {
            d[i] = 0xDEADBEEFu;
        }
        memset(&w, 0, sizeof w);
        w.a = a;
        w.b = b;
        w.c = c;
        w.d = d;
        (void)mma_warp_workspace(&ins, &words);
        CHECK(words <= 4096, "workspace of m16n8k32: %zu words", words);
        CHECK(mma_warp_run(&ins, &prof, &w, work, words, &diag) == MMA_OK, "all-zero f8f6f4 run");
        a[7 * 4 + 0] = 0x01000000u; /* byte 3 of register 0 of lane 7 = a3, bit 0 = padding */
        for (unsigned i = 0; i < 32 * 4; i++) {
            d[i] = 0xDEADBEEFu;
        }
        const mma_status st = mma_warp_run(&ins, &prof, &w, work, words, &diag);
        CHECK(st == MMA_ERR_CODE && diag.operand == MMA_OPERAND_A && diag.lane == 7 && diag.index == 3 &&
                  diag.value == 0x01000000u && diag.reason != NULL,
              "padding: %s operand %u lane %d index %d value %llx", mma_status_name(st), diag.operand, diag.lane,
              diag.index, (unsigned long long)diag.value);
        CHECK(diag.row == 1 && diag.col == 15, "padding diag position (%u,%u), want (1,15)", diag.row, diag.col);
        CHECK(d[0] == 0xDEADBEEFu && d[127] == 0xDEADBEEFu, "D written on error");
        a[7 * 4] = 0;
        CHECK(mma_warp_run(&ins, &prof, &w, work, words - 1, &diag) == MMA_ERR_BUFFER, "small workspace");
        w.b = NULL;
        CHECK(mma_warp_run(&ins, &prof, &w, work, words, &diag) == MMA_ERR_NULL && diag.operand == MMA_OPERAND_B,
              "NULL B");
        w.b = b;
        CHECK(mma_warp_run(NULL, &prof, &w, work, words, &diag) == MMA_ERR_NULL, "NULL instruction");
        CHECK(mma_warp_run(&ins, &prof, &w, NULL, words, NULL) == MMA_ERR_NULL, "NULL workspace");
    }
    /* mma.sp: selector, metadata error located in its lane; unselected lanes ignored */
    {
        const char *t = "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
        (void)mma_instr_parse(t, strlen(t), &ins, NULL);
        (void)mma_instr_profile(MMA_PRESET_AMPERE, &ins, &prof);
        memset(a, 0, sizeof a);
        memset(b, 0, sizeof b);
        memset(c, 0, sizeof c);
        for (unsigned l = 0; l < 32; l++) {
            e[l] = (l % 4 == 2) ? 0x44444444u : 0x55555555u; /* selected lanes: valid 0b0100; others invalid */
        }
        memset(&w, 0, sizeof w);
        w.a = a;
        w.b = b;
        w.c = c;
        w.d = d;
        w.sel.sparsity = 2;
        (void)mma_warp_workspace(&ins, &words);
        CHECK(mma_warp_run(&ins, &prof, &w, work, words, &diag) == MMA_ERR_NULL && diag.operand == MMA_OPERAND_E,
              "sparse without e");
        w.e = e;
        mma_status st = mma_warp_run(&ins, &prof, &w, work, words, &diag);
        CHECK(st == MMA_OK, "sparse, selector 2, invalid metadata only in unselected lanes: %s", mma_status_name(st));
        e[4 * 3 + 2] = 0x44544444u; /* lane 14, nibble 5 = 0b0101: repeated index */
        st = mma_warp_run(&ins, &prof, &w, work, words, &diag);
        CHECK(st == MMA_ERR_METADATA && diag.operand == MMA_OPERAND_E && diag.lane == 14 && diag.index == 5 &&
                  diag.row == 11 && diag.col == 1 && diag.value == 5 && diag.reason != NULL,
              "metadata error: %s lane %d index %d row %u chunk %u value %llx", mma_status_name(st), diag.lane,
              diag.index, diag.row, diag.col, (unsigned long long)diag.value);
        w.sel.sparsity = 4;
        st = mma_warp_run(&ins, &prof, &w, work, words, &diag);
        CHECK(st == MMA_ERR_SPARSITY_SELECTOR && diag.operand == MMA_OPERAND_E && diag.reason != NULL,
              "selector 4: %s", mma_status_name(st));
    }
    /* .block_scale: scale selectors */
    {
        const char *t = "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3";
        mma_status st = mma_instr_parse(t, strlen(t), &ins, NULL);
        CHECK(st == MMA_OK, "parse %s", t);
        (void)mma_instr_profile(MMA_PRESET_RTX_BLACKWELL, &ins, &prof);
        memset(&w, 0, sizeof w);
        memset(s1, 0, sizeof s1);
        memset(s2, 0, sizeof s2);
        w.a = a;
        w.b = b;
        w.c = c;
        w.d = d;
        (void)mma_warp_workspace(&ins, &words);
        CHECK(mma_warp_run(&ins, &prof, &w, work, words, &diag) == MMA_ERR_NULL, "scaled without scale registers");
        w.scale_a = s1;
        w.scale_b = s2;
        w.sel.byte_id_a = 2;
        st = mma_warp_run(&ins, &prof, &w, work, words, &diag);
        CHECK(st == MMA_ERR_SCALE_SELECTOR && diag.operand == MMA_OPERAND_SFA, "byte-id-a 2 with 4X: %s",
              mma_status_name(st));
        w.sel.byte_id_a = 0;
        w.sel.thread_id_b = 4;
        st = mma_warp_run(&ins, &prof, &w, work, words, &diag);
        CHECK(st == MMA_ERR_SCALE_SELECTOR && diag.operand == MMA_OPERAND_SFB, "thread-id-b 4: %s",
              mma_status_name(st));
    }
    /* wgmma needs b_matrix; wmma has no map */
    {
        const char *t = "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16";
        const char *t2 = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32";
        (void)mma_instr_parse(t, strlen(t), &ins, NULL);
        (void)mma_instr_profile(MMA_PRESET_HOPPER, &ins, &prof);
        memset(&w, 0, sizeof w);
        w.a = a;
        w.b = b;
        w.c = c;
        w.d = d;
        CHECK(mma_warp_run(&ins, &prof, &w, work, 4096, &diag) == MMA_ERR_NULL && diag.operand == MMA_OPERAND_B,
              "wgmma without b_matrix");
        if (mma_instr_parse(t2, strlen(t2), &ins, NULL) == MMA_OK) {
            CHECK(mma_warp_workspace(&ins, &words) == MMA_ERR_INSTRUCTION, "wmma workspace");
        }
    }
}

int main(void)
{
    static mma_instr list[20000];
    const size_t ncat = enum_catalog(list, sizeof list / sizeof list[0]);
    size_t tried = 0;
    for (size_t i = 0; i < ncat; i++) {
        if (list[i].family != MMA_FAMILY_WMMA) {
            trial(&list[i]);
            tried++;
        }
    }
    printf("catalogue: %zu of %zu instructions run at warp level (wmma has no register map)\n", tried, ncat);
    const size_t nsp = enum_sparse_scaled(list, sizeof list / sizeof list[0]);
    for (size_t i = 0; i < nsp; i++) {
        for (int rep = 0; rep < 3; rep++) { /* several random selectors each */
            trial(&list[i]);
        }
    }
    printf("sparse / block-scaled: %zu forms x 3 trials\n", nsp);
    printf("warp-level runs equal to matrix level: %lu\n", g_runs);
    check_errors();
    return finish("frag_warp");
}
