/*
 * Register fragments: the one description. Reduces (instruction, operand, selectors) to the rule
 * parameters of include/mma/fragment.h (mma_frag_layout_of); fragment_map.c interprets them.
 *
 * Sources: PTX ISA 9.7.14.5.1-11 (mma fragments; seeds 000 and 001 for m16n8k16/k32/k64),
 * 9.7.14.6.2 (mma.sp A and metadata; seed 004), 9.7.14.3 (scale-a/b-data selectors),
 * 9.7.15.5.1.1 (wgmma register fragments; seed 003 tables, rows/columns as CUTLASS CuTe
 * SM90 GMMA ALayout_64x8/64x16/64x32 and CLayout_64xN).
 */
#include "mma/block_scale.h"
#include "mma/format.h"
#include "mma/fragment.h"
#include "mma/sparse.h"

#include "fragment_int.h"

/* Bits of one A/B element in its register, and its container (kind, format). */
static void ab_bits(const mma_instr *ins, unsigned fmt, uint8_t *bits, uint8_t *container)
{
    *container = MMA_FRAG_PLAIN;
    switch (fmt) {
    case MMA_FMT_F64: *bits = 64; return;
    case MMA_FMT_TF32:
    case MMA_FMT_F32: *bits = 32; return;
    case MMA_FMT_F16:
    case MMA_FMT_BF16: *bits = 16; return;
    case MMA_FMT_S4:
    case MMA_FMT_U4: *bits = 4; return;
    case MMA_FMT_B1: *bits = 1; return;
    default: break;
    }
    if (ins->kind == MMA_KINDQ_MXF4 || ins->kind == MMA_KINDQ_MXF4NVF4) {
        *bits = 4; /* e2m1, two per byte */
        return;
    }
    *bits = 8; /* s8, u8, e4m3, e5m2, and the 8-bit containers of .kind::f8f6f4 / .kind::mxf8f6f4 */
    if (ins->kind == MMA_KINDQ_F8F6F4 || ins->kind == MMA_KINDQ_MXF8F6F4) {
        if (fmt == MMA_FMT_E2M1) {
            *container = MMA_FRAG_BITS_5_2;
        } else if (fmt == MMA_FMT_E3M2 || fmt == MMA_FMT_E2M3) {
            *container = MMA_FRAG_BITS_5_0;
        }
    }
}

/* Bits of one C/D element: f64 64, f16 16, f32/s32 32. */
static uint8_t acc_bits(unsigned fmt)
{
    return fmt == MMA_FMT_F64 ? 64u : fmt == MMA_FMT_F16 ? 16u : 32u;
}

/* Register geometry from elem_bits and elems. */
static void set_regs(mma_frag_layout *l)
{
    if (l->elem_bits == 64u) {
        l->per_reg = 0;
        l->regs = (uint16_t)(2u * l->elems);
    } else {
        l->per_reg = (uint8_t)(32u / l->elem_bits);
        l->regs = (uint16_t)((l->elems + l->per_reg - 1u) / l->per_reg);
    }
}

/* Elements per 32-bit register, the TILE/KROWS atom E (1 for .f64). */
static uint8_t atom_of(uint8_t bits)
{
    return (uint8_t)(bits >= 32u ? 1u : 32u / bits);
}

static mma_status layout_meta(const mma_instr *ins, const mma_frag_select *sel, mma_frag_layout *l)
{
    mma_sparse_layout sp;
    uint8_t mask = 0;
    uint8_t abits, cont;
    mma_status st = mma_sparse_layout_of(ins, &sp);
    if (st != MMA_OK) {
        return st;
    }
    st = mma_sparse_selector_decode(ins, sel->sparsity, &mask, NULL);
    if (st != MMA_OK) {
        return st;
    }
    ab_bits(ins, ins->atype, &abits, &cont);
    l->rule = MMA_FRAG_META;
    l->format = MMA_FMT_U4;
    l->atom = (uint8_t)(8u * atom_of(abits) / sp.chunk); /* npr: chunks covered by one stored-A register */
    l->rows = ins->m;
    l->cols = (uint16_t)(ins->k / sp.chunk);
    l->elems = 8;
    l->elem_bits = 4;
    l->quad_mask = mask;
    set_regs(l);
    return MMA_OK;
}

static mma_status layout_scale(const mma_instr *ins, mma_operand operand, const mma_frag_select *sel,
                               mma_frag_layout *l)
{
    mma_scale_select ss;
    mma_scale_shape shape;
    const bool is_a = operand == MMA_OPERAND_SFA;
    mma_status st = mma_block_scale_shape(ins, &shape);
    if (st != MMA_OK) {
        return st;
    }
    st = mma_scale_selector_decode(ins, is_a ? MMA_SCALE_A : MMA_SCALE_B, is_a ? sel->byte_id_a : sel->byte_id_b,
                                   is_a ? sel->thread_id_a : sel->thread_id_b, &ss, NULL);
    if (st != MMA_OK) {
        return st;
    }
    l->rule = is_a ? MMA_FRAG_SCALE_A : MMA_FRAG_SCALE_B;
    l->format = shape.stype;
    l->rows = is_a ? ins->m : shape.vec;
    l->cols = is_a ? shape.vec : ins->n;
    l->elems = 4;
    l->elem_bits = 8;
    l->quad_mask = ss.quad_mask;
    l->first_byte = ss.first_byte;
    l->nbytes = ss.nbytes;
    set_regs(l);
    return MMA_OK;
}

mma_status mma_frag_layout_of(const mma_instr *ins, mma_operand operand, const mma_frag_select *sel,
                              mma_frag_layout *out)
{
    static const mma_frag_select none = {0, 0, 0, 0, 0};
    mma_frag_layout l;
    mma_status st;
    uint8_t bits, cont;
    bool volta;
    unsigned lanes, elems;

    if (ins == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    if (sel == NULL) {
        sel = &none;
    }
    if ((unsigned)operand >= MMA_OPERAND_COUNT) {
        return MMA_ERR_INSTRUCTION;
    }
    st = mma_instr_validate(ins, NULL);
    if (st != MMA_OK) {
        return st;
    }
    if (ins->family == MMA_FAMILY_WMMA) {
        return MMA_ERR_INSTRUCTION; /* wmma fragments are implementation-defined (opaque) in PTX */
    }
    lanes = ins->family == MMA_FAMILY_WGMMA ? 128u : 32u;
    volta = ins->family == MMA_FAMILY_MMA && ins->m == 8u && ins->atype == MMA_FMT_F16;

    l.operand = (uint8_t)operand;
    l.rule = MMA_FRAG_TILE;
    l.format = 0;
    l.atom = 0;
    l.lanes = (uint16_t)lanes;
    l.rows = 0;
    l.cols = 0;
    l.elems = 0;
    l.regs = 0;
    l.elem_bits = 0;
    l.per_reg = 0;
    l.container = MMA_FRAG_PLAIN;
    l.nmat = volta ? 4u : 1u;
    l.quad_mask = 0xFu;
    l.first_byte = 0;
    l.nbytes = 0;
    l.reserved = 0;

    switch (operand) {
    case MMA_OPERAND_A:
        ab_bits(ins, ins->atype, &bits, &cont);
        l.format = ins->atype;
        l.container = cont;
        l.elem_bits = bits;
        l.atom = atom_of(bits);
        l.rows = (uint16_t)(ins->m * l.nmat);
        l.cols = (uint16_t)(ins->sparsity != MMA_SPARSE_NONE ? ins->k / 2u : ins->k);
        if (volta) {
            l.rule = ins->alayout == MMA_LAYOUT_ROW ? MMA_FRAG_QP_A_ROW : MMA_FRAG_QP_A_COL;
        }
        break;
    case MMA_OPERAND_B:
        if (ins->family == MMA_FAMILY_WGMMA) {
            return MMA_ERR_INSTRUCTION; /* wgmma reads B from shared memory (a matrix descriptor) */
        }
        ab_bits(ins, ins->btype, &bits, &cont);
        l.format = ins->btype;
        l.container = cont;
        l.elem_bits = bits;
        l.atom = atom_of(bits);
        l.rule = MMA_FRAG_KROWS;
        l.rows = ins->k;
        l.cols = (uint16_t)(ins->n * l.nmat);
        if (volta) {
            l.rule = ins->blayout == MMA_LAYOUT_ROW ? MMA_FRAG_QP_B_ROW : MMA_FRAG_QP_B_COL;
        }
        break;
    case MMA_OPERAND_C:
    case MMA_OPERAND_D:
        l.format = operand == MMA_OPERAND_C ? ins->ctype : ins->dtype;
        l.elem_bits = acc_bits(l.format);
        l.atom = 2;
        l.rows = (uint16_t)(ins->m * l.nmat);
        l.cols = ins->n;
        if (volta) {
            l.rule = l.format == MMA_FMT_F16 ? MMA_FRAG_QP_C_F16 : MMA_FRAG_QP_C_F32;
        }
        break;
    case MMA_OPERAND_E:
        if (ins->sparsity == MMA_SPARSE_NONE) {
            return MMA_ERR_INSTRUCTION; /* metadata exists only for mma.sp */
        }
        st = layout_meta(ins, sel, &l);
        if (st != MMA_OK) {
            return st;
        }
        mmai_frag_layout_copy(out, &l);
        return MMA_OK;
    default: /* scale factors */
        if (!ins->block_scale) {
            return MMA_ERR_INSTRUCTION; /* scale registers exist only for .block_scale */
        }
        st = layout_scale(ins, operand, sel, &l);
        if (st != MMA_OK) {
            return st;
        }
        mmai_frag_layout_copy(out, &l);
        return MMA_OK;
    }
    elems = (unsigned)l.rows * l.cols / lanes;
    l.elems = (uint16_t)elems;
    set_regs(&l);
    mmai_frag_layout_copy(out, &l);
    return MMA_OK;
}

const char *mma_operand_name(mma_operand operand)
{
    static const char *const names[MMA_OPERAND_COUNT] = {"a", "b", "c", "d", "e", "sfa", "sfb"};
    return (unsigned)operand < MMA_OPERAND_COUNT ? names[operand] : NULL;
}
