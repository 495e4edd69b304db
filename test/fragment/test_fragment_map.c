/*
 * Fragment maps: for every catalogue instruction and every sparse / block-scaled form, every operand
 * (and every valid selector): the map is a bijection onto the operand's matrix, mma_frag_owner is its
 * inverse, and each position equals the independently transcribed formula (frag_ref.h: seeds 000,
 * 001, 004, the PTX text, CUTLASS CuTe layouts). Also register counts from the seed tables, the
 * packing of elements in registers, and the error statuses.
 */
#include "frag_common.h"
#include "frag_ref.h"

static unsigned long g_derived; /* metadata positions checked against the written-out rule only */

/* Expected matrix of an operand (rows, cols) and whether the operand exists. */
static int expected_dims(const mma_instr *ins, mma_operand op, unsigned *rows, unsigned *cols)
{
    const unsigned nmat = (ins->family == MMA_FAMILY_MMA && ins->m == 8 && ins->atype == MMA_FMT_F16) ? 4u : 1u;
    const int sparse = ins->sparsity != MMA_SPARSE_NONE;
    if (ins->family == MMA_FAMILY_WMMA) {
        return 0;
    }
    switch (op) {
    case MMA_OPERAND_A: *rows = ins->m * nmat; *cols = sparse ? ins->k / 2u : ins->k; return 1;
    case MMA_OPERAND_B:
        if (ins->family == MMA_FAMILY_WGMMA) {
            return 0;
        }
        *rows = ins->k;
        *cols = ins->n * nmat;
        return 1;
    case MMA_OPERAND_C:
    case MMA_OPERAND_D: *rows = ins->m * nmat; *cols = ins->n; return 1;
    case MMA_OPERAND_E:
        if (!sparse) {
            return 0;
        }
        *rows = ins->m;
        *cols = ins->k / ref_chunk(ins);
        return 1;
    default:
        if (!ins->block_scale) {
            return 0;
        }
        *rows = op == MMA_OPERAND_SFA ? ins->m : ref_vec(ins);
        *cols = op == MMA_OPERAND_SFA ? ref_vec(ins) : ins->n;
        return 1;
    }
}

static unsigned char g_cells[64 * 256];

/* Checks one operand map completely; returns 1 if the operand exists. */
static int check_operand(const mma_instr *ins, mma_operand op, const mma_frag_select *sel)
{
    mma_frag_layout l;
    unsigned rows = 0, cols = 0;
    const int exists = expected_dims(ins, op, &rows, &cols);
    const mma_status st = mma_frag_layout_of(ins, op, sel, &l);
    const char *name = ins_name(ins);
    if (!exists) {
        CHECK(st == MMA_ERR_INSTRUCTION, "%s operand %s: status %s, want MMA_ERR_INSTRUCTION", name,
              mma_operand_name(op), mma_status_name(st));
        return 0;
    }
    CHECK(st == MMA_OK, "%s operand %s: status %s", name, mma_operand_name(op), mma_status_name(st));
    if (st != MMA_OK) {
        return 0;
    }
    const unsigned lanes = ins->family == MMA_FAMILY_WGMMA ? 128u : 32u;
    CHECK(l.lanes == lanes && l.rows == rows && l.cols == cols, "%s %s: lanes %u rows %u cols %u, want %u %u %u",
          name, mma_operand_name(op), l.lanes, l.rows, l.cols, lanes, rows, cols);
    if (l.lanes != lanes || l.rows != rows || l.cols != cols) {
        return 1;
    }
    /* register geometry: elements per lane and register count from the packing rules */
    if (op <= MMA_OPERAND_D) {
        const unsigned bits = op == MMA_OPERAND_A   ? ref_ab_bits(ins, ins->atype)
                              : op == MMA_OPERAND_B ? ref_ab_bits(ins, ins->btype)
                              : op == MMA_OPERAND_C ? ref_acc_bits(ins->ctype)
                                                    : ref_acc_bits(ins->dtype);
        const unsigned elems = rows * cols / lanes;
        CHECK(l.elems == elems && l.regs == (elems * bits + 31u) / 32u && l.elem_bits == bits,
              "%s %s: elems %u regs %u bits %u, want %u %u %u", name, mma_operand_name(op), l.elems, l.regs,
              l.elem_bits, elems, (elems * bits + 31u) / 32u, bits);
    } else {
        CHECK(l.regs == 1u && l.elems == (op == MMA_OPERAND_E ? 8u : 4u), "%s %s: regs %u elems %u", name,
              mma_operand_name(op), l.regs, l.elems);
    }
    /* bijection, inverse, reference */
    memset(g_cells, 0, (size_t)rows * cols);
    unsigned long held_count = 0;
    for (unsigned lane = 0; lane < l.lanes; lane++) {
        for (unsigned i = 0; i < l.elems; i++) {
            bool held = false;
            uint32_t r = 0, c = 0, ol = 0, oi = 0;
            unsigned rr = 0, rc = 0;
            int derived = 0;
            mma_status s2 = mma_frag_coord(&l, lane, i, &held, &r, &c);
            CHECK(s2 == MMA_OK, "%s %s lane %u i %u: coord %s", name, mma_operand_name(op), lane, i, mma_status_name(s2));
            const int ref = ref_coord(ins, op, sel, lane, i, &rr, &rc, &derived);
            CHECK(ref >= 0, "%s %s: no reference transcription", name, mma_operand_name(op));
            if (ref >= 0) {
                CHECK((ref == 1) == held, "%s %s lane %u i %u: held %d, reference %d", name, mma_operand_name(op), lane,
                      i, (int)held, ref);
                if (ref == 1 && held) {
                    CHECK(r == rr && c == rc, "%s %s lane %u i %u: (%u,%u), reference (%u,%u)", name,
                          mma_operand_name(op), lane, i, r, c, rr, rc);
                    g_derived += derived != 0;
                }
            }
            if (!held) {
                continue;
            }
            held_count++;
            CHECK(r < rows && c < cols, "%s %s: (%u,%u) outside %ux%u", name, mma_operand_name(op), r, c, rows, cols);
            if (r >= rows || c >= cols) {
                continue;
            }
            g_cells[r * cols + c]++;
            s2 = mma_frag_owner(&l, r, c, &ol, &oi);
            CHECK(s2 == MMA_OK && ol == lane && oi == i, "%s %s: owner(%u,%u) = (%u,%u) %s, want (%u,%u)", name,
                  mma_operand_name(op), r, c, ol, oi, mma_status_name(s2), lane, i);
        }
    }
    CHECK(held_count == (unsigned long)rows * cols, "%s %s: %lu elements held, matrix has %u", name,
          mma_operand_name(op), held_count, rows * cols);
    for (unsigned x = 0; x < rows * cols; x++) {
        if (g_cells[x] != 1) {
            CHECK(0, "%s %s: cell (%u,%u) held %u times", name, mma_operand_name(op), x / cols, x % cols, g_cells[x]);
            break;
        }
    }
    /* the inverse direction, starting from the cells */
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < cols; c++) {
            uint32_t ol, oi, r2 = 0, c2 = 0;
            bool held = false;
            if (mma_frag_owner(&l, r, c, &ol, &oi) != MMA_OK ||
                mma_frag_coord(&l, ol, oi, &held, &r2, &c2) != MMA_OK || !held || r2 != r || c2 != c) {
                CHECK(0, "%s %s: coord(owner(%u,%u)) != (%u,%u)", name, mma_operand_name(op), r, c, r, c);
                r = rows;
                break;
            }
        }
    }
    {
        uint32_t ol, oi;
        CHECK(mma_frag_owner(&l, rows, 0, &ol, &oi) == MMA_ERR_BUFFER && mma_frag_owner(&l, 0, cols, &ol, &oi) == MMA_ERR_BUFFER,
              "%s %s: owner outside the matrix not rejected", name, mma_operand_name(op));
    }
    return 1;
}

/* Every operand of an instruction, for every valid selector of E, SFA, SFB. */
static void check_instruction(const mma_instr *ins, unsigned long *maps)
{
    mma_frag_select sel;
    memset(&sel, 0, sizeof sel);
    for (int op = MMA_OPERAND_A; op <= MMA_OPERAND_D; op++) {
        *maps += (unsigned long)check_operand(ins, (mma_operand)op, &sel);
    }
    if (ins->sparsity != MMA_SPARSE_NONE) {
        const unsigned nsel = ref_meta_threads(ins) == 1 ? 4u : ref_meta_threads(ins) == 2 ? 2u : 1u;
        for (unsigned f = 0; f < 4; f++) {
            mma_frag_layout l;
            sel.sparsity = f;
            if (f < nsel) {
                *maps += (unsigned long)check_operand(ins, MMA_OPERAND_E, &sel);
            } else {
                const mma_status st = mma_frag_layout_of(ins, MMA_OPERAND_E, &sel, &l);
                CHECK(st == MMA_ERR_SPARSITY_SELECTOR, "%s: selector %u gives %s", ins_name(ins), f, mma_status_name(st));
            }
        }
        sel.sparsity = 0;
    } else {
        *maps += (unsigned long)check_operand(ins, MMA_OPERAND_E, &sel);
    }
    if (ins->block_scale) {
        const unsigned vec = ref_vec(ins);
        for (unsigned byte = 0; byte < 4; byte++) {
            for (unsigned thr = 0; thr < 4; thr++) {
                const int byte_ok = vec == 1 ? 1 : vec == 2 ? (byte == 0 || byte == 2) : byte == 0;
                mma_frag_layout l;
                sel.byte_id_a = byte;
                sel.thread_id_a = thr;
                sel.byte_id_b = byte;
                sel.thread_id_b = thr;
                if (byte_ok && thr < 2) {
                    *maps += (unsigned long)check_operand(ins, MMA_OPERAND_SFA, &sel);
                } else {
                    CHECK(mma_frag_layout_of(ins, MMA_OPERAND_SFA, &sel, &l) == MMA_ERR_SCALE_SELECTOR,
                          "%s: SFA selector {%u,%u} accepted", ins_name(ins), byte, thr);
                }
                if (byte_ok) {
                    *maps += (unsigned long)check_operand(ins, MMA_OPERAND_SFB, &sel);
                } else {
                    CHECK(mma_frag_layout_of(ins, MMA_OPERAND_SFB, &sel, &l) == MMA_ERR_SCALE_SELECTOR,
                          "%s: SFB selector {%u,%u} accepted", ins_name(ins), byte, thr);
                }
            }
        }
    } else {
        *maps += (unsigned long)check_operand(ins, MMA_OPERAND_SFA, &sel);
        *maps += (unsigned long)check_operand(ins, MMA_OPERAND_SFB, &sel);
    }
}

/* Register counts stated in the seed tables (vector sizes), by instruction text. */
static void check_seed_register_counts(void)
{
    static const struct {
        const char *text;
        int op;
        unsigned regs;
    } T[] = {
        /* seed 000 */
        {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", MMA_OPERAND_A, 4},
        {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", MMA_OPERAND_B, 2},
        {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", MMA_OPERAND_C, 4},
        {"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", MMA_OPERAND_D, 2},
        {"mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64", MMA_OPERAND_A, 16}, /* eight .f64 */
        {"mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64", MMA_OPERAND_B, 8},  /* four .f64 */
        {"mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64", MMA_OPERAND_C, 8},  /* four .f64 */
        /* seed 001 */
        {"mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32", MMA_OPERAND_A, 2},
        {"mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32", MMA_OPERAND_B, 1},
        {"mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e5m2.f32", MMA_OPERAND_A, 2},
        {"mma.sync.aligned.m16n8k32.row.col.s32.s4.u4.s32", MMA_OPERAND_A, 2},
        {"mma.sync.aligned.m16n8k32.row.col.s32.s4.u4.s32", MMA_OPERAND_B, 1},
        {"mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", MMA_OPERAND_A, 4},
        {"mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", MMA_OPERAND_B, 2},
        {"mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32", MMA_OPERAND_A, 4},
        {"mma.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32", MMA_OPERAND_A, 4},
        {"mma.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32", MMA_OPERAND_B, 2},
        {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0", MMA_OPERAND_A, 4},
        {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0", MMA_OPERAND_B, 2},
        /* seed 003: A four registers; D N/2 (.f32/.s32) or N/4 (.f16x2) */
        {"wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16", MMA_OPERAND_A, 4},
        {"wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16", MMA_OPERAND_D, 32},
        {"wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16", MMA_OPERAND_D, 16},
        {"wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32", MMA_OPERAND_A, 4},
        {"wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32", MMA_OPERAND_D, 128},
        {"wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.u8", MMA_OPERAND_A, 4},
        {"wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.u8", MMA_OPERAND_D, 4},
        {"wgmma.mma_async.sync.aligned.m64n24k32.f16.e4m3.e5m2", MMA_OPERAND_D, 6},
        {"wgmma.mma_async.sync.aligned.m64n256k256.s32.b1.b1.and.popc", MMA_OPERAND_A, 4},
        /* seed 004 */
        {"mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", MMA_OPERAND_A, 2},
        {"mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32", MMA_OPERAND_A, 4},
        {"mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32", MMA_OPERAND_B, 4},
        {"mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32", MMA_OPERAND_A, 4},
        {"mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32", MMA_OPERAND_B, 4},
        {"mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", MMA_OPERAND_A, 2},
        {"mma.sp.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32", MMA_OPERAND_A, 2},
        {"mma.sp.sync.aligned.m16n8k64.row.col.s32.s8.s8.s32", MMA_OPERAND_A, 4},
        {"mma.sp.sync.aligned.m16n8k64.row.col.s32.s8.s8.s32", MMA_OPERAND_B, 4},
        {"mma.sp.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32", MMA_OPERAND_A, 2},
        {"mma.sp.sync.aligned.m16n8k128.row.col.s32.u4.u4.s32", MMA_OPERAND_A, 4},
        {"mma.sp.sync.aligned.m16n8k128.row.col.s32.u4.u4.s32", MMA_OPERAND_B, 4},
        {"mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e3m2.e2m3.f32", MMA_OPERAND_A, 4},
        {"mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
         MMA_OPERAND_A, 4},
        {"mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", MMA_OPERAND_E, 1},
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        mma_instr ins;
        mma_frag_layout l;
        mma_status st = mma_instr_parse(T[i].text, strlen(T[i].text), &ins, NULL);
        CHECK(st == MMA_OK, "seed table: cannot parse %s", T[i].text);
        if (st != MMA_OK) {
            continue;
        }
        st = mma_frag_layout_of(&ins, (mma_operand)T[i].op, NULL, &l);
        CHECK(st == MMA_OK && l.regs == T[i].regs, "seed table: %s operand %s: %u registers (%s), want %u", T[i].text,
              mma_operand_name((mma_operand)T[i].op), l.regs, mma_status_name(st), T[i].regs);
    }
}

/* The packing rules of the issue, bit by bit. */
static void check_packing(void)
{
    mma_instr ins;
    mma_frag_layout l;
    uint32_t regs[16];
    uint64_t code;
    const char *f16 = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
    const char *f8 = "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32";
    const char *fp4 = "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0";
    const char *f64 = "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64";
    const char *b1 = "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor.popc";

    (void)mma_instr_parse(f16, strlen(f16), &ins, NULL);
    (void)mma_frag_layout_of(&ins, MMA_OPERAND_A, NULL, &l);
    memset(regs, 0, sizeof regs);
    CHECK(mma_frag_put(&l, regs, 0, 0x3C00) == MMA_OK && mma_frag_put(&l, regs, 1, 0xC000) == MMA_OK &&
              regs[0] == 0xC0003C00u,
          "f16x2: a0 in the low half, a1 in the high half (got %08x)", regs[0]);
    CHECK(mma_frag_put(&l, regs, 5, 0x1234) == MMA_OK && regs[2] == 0x12340000u, "f16: a5 is the high half of reg 2");
    CHECK(mma_frag_put(&l, regs, 0, 0x10000) == MMA_ERR_CODE, "f16: a 17-bit code must not fit");
    CHECK(mma_frag_get(&l, regs, 1, &code) == MMA_OK && code == 0xC000, "f16 get");
    CHECK(mma_frag_get(&l, regs, 8, &code) == MMA_ERR_BUFFER, "index past the fragment");

    (void)mma_instr_parse(f8, strlen(f8), &ins, NULL);
    (void)mma_frag_layout_of(&ins, MMA_OPERAND_A, NULL, &l);
    memset(regs, 0, sizeof regs);
    CHECK(l.container == MMA_FRAG_BITS_5_2 && l.elem_bits == 8, "kind::f8f6f4 e2m1: 8-bit container [5:2]");
    CHECK(mma_frag_put(&l, regs, 1, 0xF) == MMA_OK && regs[0] == 0x3C00u, "e2m1 0xF in byte 1 bits [5:2] (got %08x)",
          regs[0]);
    regs[0] |= 0x100u; /* bit 0 of byte 1: padding */
    CHECK(mma_frag_get(&l, regs, 1, &code) == MMA_ERR_CODE, "e2m1 container with padding bit 0 set");
    regs[0] = 0x80u; /* bit 7 of byte 0 */
    CHECK(mma_frag_get(&l, regs, 0, &code) == MMA_ERR_CODE, "e2m1 container with padding bit 7 set");
    CHECK(mma_frag_put(&l, regs, 0, 0x10) == MMA_ERR_CODE, "e2m1 code 0x10 does not fit");
    (void)mma_frag_layout_of(&ins, MMA_OPERAND_B, NULL, &l);
    CHECK(l.container == MMA_FRAG_BITS_5_0, "kind::f8f6f4 e3m2: container [5:0]");
    regs[0] = 0x3F00u;
    CHECK(mma_frag_get(&l, regs, 1, &code) == MMA_OK && code == 0x3F, "e3m2 0x3F in byte 1");
    regs[0] = 0x4000u;
    CHECK(mma_frag_get(&l, regs, 1, &code) == MMA_ERR_CODE, "e3m2 container with bit 6 set");

    (void)mma_instr_parse(fp4, strlen(fp4), &ins, NULL);
    (void)mma_frag_layout_of(&ins, MMA_OPERAND_A, NULL, &l);
    regs[0] = 0x87654321u;
    CHECK(l.elem_bits == 4 && mma_frag_get(&l, regs, 0, &code) == MMA_OK && code == 1 &&
              mma_frag_get(&l, regs, 7, &code) == MMA_OK && code == 8,
          "mxf4 e2m1: two per byte, low nibble first");

    (void)mma_instr_parse(f64, strlen(f64), &ins, NULL);
    (void)mma_frag_layout_of(&ins, MMA_OPERAND_A, NULL, &l);
    memset(regs, 0, sizeof regs);
    CHECK(mma_frag_put(&l, regs, 1, 0x3FF0000000000001ull) == MMA_OK && regs[2] == 1u && regs[3] == 0x3FF00000u,
          "f64: element 1 in registers 2 (low) and 3 (high)");

    (void)mma_instr_parse(b1, strlen(b1), &ins, NULL);
    (void)mma_frag_layout_of(&ins, MMA_OPERAND_A, NULL, &l);
    regs[0] = 0x80000001u;
    regs[1] = 0x2u;
    CHECK(mma_frag_get(&l, regs, 0, &code) == MMA_OK && code == 1 && mma_frag_get(&l, regs, 31, &code) == MMA_OK &&
              code == 1 && mma_frag_get(&l, regs, 33, &code) == MMA_OK && code == 1 &&
              mma_frag_get(&l, regs, 30, &code) == MMA_OK && code == 0,
          "b1: 32 per register, bit i");
}

static void check_errors(void)
{
    mma_instr ins;
    mma_frag_layout l;
    bool held;
    uint32_t r, c;
    const char *f16 = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
    const char *wm = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32";
    (void)mma_instr_parse(f16, strlen(f16), &ins, NULL);
    CHECK(mma_frag_layout_of(NULL, MMA_OPERAND_A, NULL, &l) == MMA_ERR_NULL, "NULL instruction");
    CHECK(mma_frag_layout_of(&ins, MMA_OPERAND_A, NULL, NULL) == MMA_ERR_NULL, "NULL out");
    CHECK(mma_frag_layout_of(&ins, MMA_OPERAND_COUNT, NULL, &l) == MMA_ERR_INSTRUCTION, "bad operand");
    (void)mma_frag_layout_of(&ins, MMA_OPERAND_A, NULL, &l);
    CHECK(mma_frag_coord(&l, 32, 0, &held, &r, &c) == MMA_ERR_BUFFER, "lane 32 of a warp");
    CHECK(mma_frag_coord(&l, 0, 8, &held, &r, &c) == MMA_ERR_BUFFER, "index 8 of an 8-element fragment");
    CHECK(mma_frag_coord(&l, 0, 0, NULL, &r, &c) == MMA_ERR_NULL, "NULL held");
    l.rule = MMA_FRAG_RULE_COUNT;
    CHECK(mma_frag_coord(&l, 0, 0, &held, &r, &c) == MMA_ERR_INSTRUCTION, "hand-made layout with a bad rule");
    ins.ctype = MMA_FMT_S32;
    CHECK(mma_frag_layout_of(&ins, MMA_OPERAND_A, NULL, &l) != MMA_OK, "invalid instruction rejected");
    if (mma_instr_parse(wm, strlen(wm), &ins, NULL) == MMA_OK) {
        CHECK(mma_frag_layout_of(&ins, MMA_OPERAND_A, NULL, &l) == MMA_ERR_INSTRUCTION, "wmma has no documented map");
    }
    CHECK(strcmp(mma_operand_name(MMA_OPERAND_E), "e") == 0 && mma_operand_name(MMA_OPERAND_COUNT) == NULL,
          "operand names");
}

int main(void)
{
    static mma_instr list[20000];
    unsigned long maps = 0;
    const size_t ncat = enum_catalog(list, sizeof list / sizeof list[0]);
    size_t wgmma = 0, wmma = 0;
    for (size_t i = 0; i < ncat; i++) {
        wgmma += list[i].family == MMA_FAMILY_WGMMA;
        wmma += list[i].family == MMA_FAMILY_WMMA;
        check_instruction(&list[i], &maps);
    }
    printf("catalogue: %zu instructions (%zu wgmma, %zu wmma without a documented map)\n", ncat, wgmma, wmma);
    const size_t nsp = enum_sparse_scaled(list, sizeof list / sizeof list[0]);
    CHECK(nsp <= sizeof list / sizeof list[0], "list too small");
    size_t nsparse = 0, nscaled = 0;
    for (size_t i = 0; i < nsp; i++) {
        nsparse += list[i].sparsity != MMA_SPARSE_NONE;
        nscaled += list[i].block_scale != 0;
        check_instruction(&list[i], &maps);
    }
    printf("sparse / block-scaled forms: %zu (%zu sparse, %zu block-scaled)\n", nsp, nsparse, nscaled);
    printf("operand maps checked as bijections against the reference: %lu\n", maps);
    printf("metadata positions checked only against the written-out register-order rule: %lu\n", g_derived);
    check_seed_register_counts();
    check_packing();
    check_errors();
    return finish("frag_map");
}
