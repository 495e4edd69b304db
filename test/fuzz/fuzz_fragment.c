/*
 * fuzz_fragment: the register-fragment API (mma/fragment.h) and the warp-level entry point
 * mma_warp_run (mma/warp.h), for catalogue, sparse/block-scaled, mutated and random descriptors.
 *
 * Input: a control byte (bits 0-1: descriptor = catalogue entry, sparse/block-scaled form of the
 * list below, one of those with one field set to a random value, or fully random; bits 2-4 switch
 * on the map/pack checks, a hand-built layout and the warp-level run), the descriptor bytes, an
 * operand, selectors (mostly small, sometimes raw 32-bit values) and a seed for the codes and
 * register words. Every array the library reads or writes is exactly sized on the heap.
 *
 * Properties:
 *   - mma_frag_layout_of: an operand outside mma_operand -> MMA_ERR_INSTRUCTION; an invalid
 *     descriptor -> mma_instr_validate's status; wmma, wgmma B, metadata of a dense instruction,
 *     scale registers without .block_scale -> MMA_ERR_INSTRUCTION; an invalid sparsity / scale
 *     selector -> MMA_ERR_SPARSITY_SELECTOR / MMA_ERR_SCALE_SELECTOR;
 *   - a valid layout has the geometry of the header (lanes 32 or 128, matrix rows x cols of the
 *     operand, every lane the same number of A/B/C/D elements, element bits and register count of
 *     the packing rules, re-derived here);
 *   - mma_frag_coord is a bijection from the held (lane, index) pairs onto the matrix, and
 *     mma_frag_owner is its inverse; lanes/indices/rows/cols out of range -> MMA_ERR_BUFFER;
 *   - scatter then gather gives back the matrix; gather of random register words fails with
 *     MMA_ERR_CODE exactly when a held element has non-zero container padding (and names it), else
 *     every element is the bits this target unpacks itself (i / per_reg, (i % per_reg) * bits,
 *     .f64 low word first, e2m1 in [5:2], e3m2/e2m3 in [5:0]); mma_frag_get/_put of one element,
 *     an over-wide code -> MMA_ERR_CODE with the registers unchanged;
 *   - hand-built (inconsistent) layouts: coord/owner/get/put/gather/scatter never touch memory
 *     outside the rows x cols matrix and the lanes x regs registers, and return documented statuses;
 *   - mma_warp_run with random registers (valid codes scattered, or raw random words), garbage in
 *     every metadata/scale register bit the selectors leave unread and in the workspace: the status
 *     and D registers equal mma_run (per quad pair for mma.m8n8k4 .f16) on the matrices gathered
 *     from the registers, bit for bit; padding errors name the first bad operand, lane and element;
 *     invalid descriptor / selectors / NULL arrays / a short workspace give their statuses; on any
 *     error D is untouched and diag.reason is set.
 * To stay fast: maps of more than FULL_LIMIT elements (wgmma with a large N) get coord/owner round
 * trips on a random sample instead of the element-by-element checks, and shapes with m*n*k above
 * WARP_LIMIT (or the environment's MMA_FUZZ_WARP_LIMIT) are not run through mma_warp_run.
 */
#include <stdbool.h>
#include <string.h>

#include "mma/block_scale.h"
#include "mma/fragment.h"
#include "mma/mmacore.h"
#include "mma/sparse.h"
#include "mma/warp.h"

#include "fuzz_common.h"
#include "fuzz_instr.h"

/* m*n*k of the shapes run through mma_warp_run; MMA_FUZZ_WARP_LIMIT=N lowers it for long runs. */
#define WARP_LIMIT 16384u
#define FULL_LIMIT 4096u /* rows x cols of the maps checked element by element (larger: sampled) */

/* Sparse and block-scaled forms (the catalogue holds the dense, unscaled ones). */
static const char *const EXTRA_FORMS[] = {
    "mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32",
    "mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
    "mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32",
    "mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f16.e2m1.e3m2.f16",
    "mma.sp.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.s32.u4.s4.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e2m3.f32.ue8m0",
    ("mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1."
     "e2m1.f32.ue4m3"),
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e5m2.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e3m2.e2m3.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
    "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32",
    "mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32",
    "mma.sync.aligned.m8n8k4.col.col.f16.f16.f16.f16",
    "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16",
    "wgmma.mma_async.sync.aligned.m64n8k32.f16.e4m3.e5m2",
};
#define NEXTRA (sizeof EXTRA_FORMS / sizeof EXTRA_FORMS[0])

static mma_instr extra[NEXTRA];

static void init_once(void)
{
    static bool done = false;
    if (done) {
        return;
    }
    done = true;
    FZ_CHECK(fz_catalog_size() > 0, "empty catalogue");
    for (size_t i = 0; i < NEXTRA; ++i) {
        const mma_status st = mma_instr_parse(EXTRA_FORMS[i], strlen(EXTRA_FORMS[i]), &extra[i], NULL);
        FZ_CHECK(st == MMA_OK, "extra form %zu does not parse: %s", i, mma_status_name(st));
    }
}

static void pick_instr(unsigned mode, fz_in *in, mma_instr *ins)
{
    const uint16_t idx = fz_u16(in);
    const bool from_extra = (idx & 0x8000u) != 0;
    if (mode == 3u) {
        memset(ins, 0, sizeof *ins);
        for (unsigned f = 0; f < 18u; ++f) {
            fz_set_instr_field(ins, f, (f == 2u || f == 3u) ? fz_u16(in) : fz_u8(in));
        }
        return;
    }
    if (mode == 1u || (mode == 2u && from_extra)) {
        *ins = extra[(idx & 0x7FFFu) % NEXTRA];
    } else {
        mma_instr_catalog((size_t)(idx % fz_catalog_size()), ins);
    }
    if (mode == 2u) {
        const uint8_t field = fz_u8(in);
        fz_set_instr_field(ins, field, fz_u16(in));
    }
}

/* A selector value: mostly 0..3 (valid or just beyond), sometimes a raw 32-bit value. */
static uint32_t pick_sel(fz_in *in)
{
    const uint8_t b = fz_u8(in);
    return b < 0xF0u ? (uint32_t)(b % 4u) : fz_u32(in);
}

static void pick_select(fz_in *in, mma_frag_select *sel)
{
    sel->sparsity = pick_sel(in);
    sel->byte_id_a = pick_sel(in);
    sel->thread_id_a = pick_sel(in);
    sel->byte_id_b = pick_sel(in);
    sel->thread_id_b = pick_sel(in);
}

static size_t warp_limit(void)
{
    static size_t limit = 0;
    if (limit == 0) {
        limit = fz_env_size("MMA_FUZZ_WARP_LIMIT", WARP_LIMIT);
    }
    return limit;
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1u, size);
    FZ_CHECK(p != NULL, "calloc");
    return p;
}

/* ------------------------------------------------------------------ re-derived geometry */

static bool is_volta(const mma_instr *ins)
{
    return ins->family == MMA_FAMILY_MMA && ins->m == 8u && ins->atype == MMA_FMT_F16;
}

/* Bits of an A/B element in its register (fragment.h, "Registers"). */
static unsigned ab_bits(const mma_instr *ins, unsigned fmt)
{
    switch (fmt) {
    case MMA_FMT_F64: return 64;
    case MMA_FMT_F32:
    case MMA_FMT_TF32: return 32;
    case MMA_FMT_F16:
    case MMA_FMT_BF16: return 16;
    case MMA_FMT_S4:
    case MMA_FMT_U4: return 4;
    case MMA_FMT_B1: return 1;
    default: break;
    }
    return (ins->kind == MMA_KINDQ_MXF4 || ins->kind == MMA_KINDQ_MXF4NVF4) ? 4u : 8u;
}

static unsigned container_of(const mma_instr *ins, unsigned fmt)
{
    if (ins->kind != MMA_KINDQ_F8F6F4 && ins->kind != MMA_KINDQ_MXF8F6F4) {
        return MMA_FRAG_PLAIN;
    }
    return fmt == MMA_FMT_E2M1 ? MMA_FRAG_BITS_5_2
           : (fmt == MMA_FMT_E3M2 || fmt == MMA_FMT_E2M3) ? MMA_FRAG_BITS_5_0
                                                          : MMA_FRAG_PLAIN;
}

/* Dense elements per metadata value (NUMERICS 5). */
static unsigned meta_chunk(const mma_instr *ins)
{
    if (ins->atype == MMA_FMT_TF32) {
        return 2;
    }
    if (ins->atype == MMA_FMT_S4 || ins->atype == MMA_FMT_U4 || ins->kind == MMA_KINDQ_MXF4 ||
        ins->kind == MMA_KINDQ_MXF4NVF4) {
        return 8;
    }
    return 4;
}

/* Width of a code held in an element of the layout (container payload, else elem_bits). */
static unsigned code_bits(const mma_frag_layout *l)
{
    return l->container == MMA_FRAG_BITS_5_2 ? 4u : l->container == MMA_FRAG_BITS_5_0 ? 6u : l->elem_bits;
}

static mma_status expected_layout_status(const mma_instr *ins, unsigned op, const mma_frag_select *sel)
{
    if (op >= MMA_OPERAND_COUNT) {
        return MMA_ERR_INSTRUCTION;
    }
    const mma_status v = mma_instr_validate(ins, NULL);
    if (v != MMA_OK) {
        return v;
    }
    if (ins->family == MMA_FAMILY_WMMA) {
        return MMA_ERR_INSTRUCTION;
    }
    switch (op) {
    case MMA_OPERAND_B:
        return ins->family == MMA_FAMILY_WGMMA ? MMA_ERR_INSTRUCTION : MMA_OK;
    case MMA_OPERAND_E:
        if (ins->sparsity == MMA_SPARSE_NONE) {
            return MMA_ERR_INSTRUCTION;
        }
        return mma_sparse_selector_decode(ins, sel->sparsity, NULL, NULL) == MMA_OK ? MMA_OK
                                                                                     : MMA_ERR_SPARSITY_SELECTOR;
    case MMA_OPERAND_SFA:
    case MMA_OPERAND_SFB: {
        if (!ins->block_scale) {
            return MMA_ERR_INSTRUCTION;
        }
        const bool a = op == MMA_OPERAND_SFA;
        return mma_scale_selector_decode(ins, a ? MMA_SCALE_A : MMA_SCALE_B, a ? sel->byte_id_a : sel->byte_id_b,
                                         a ? sel->thread_id_a : sel->thread_id_b, NULL, NULL) == MMA_OK
                   ? MMA_OK
                   : MMA_ERR_SCALE_SELECTOR;
    }
    default:
        return MMA_OK;
    }
}

/* The geometry of a valid layout against the header's rules. */
static void check_geometry(const mma_instr *ins, unsigned op, const mma_frag_layout *l)
{
    const unsigned nmat = is_volta(ins) ? 4u : 1u;
    const unsigned lanes = ins->family == MMA_FAMILY_WGMMA ? 128u : 32u;
    unsigned rows = 0, cols = 0, bits = 0, cont = MMA_FRAG_PLAIN;
    FZ_CHECK(l->operand == op, "operand %u, asked %u", l->operand, op);
    FZ_CHECK(l->lanes == lanes, "lanes %u, expected %u", l->lanes, lanes);
    FZ_CHECK(l->nmat == nmat, "nmat %u, expected %u", l->nmat, nmat);
    switch (op) {
    case MMA_OPERAND_A:
        rows = ins->m * nmat;
        cols = ins->sparsity != MMA_SPARSE_NONE ? ins->k / 2u : ins->k;
        bits = ab_bits(ins, ins->atype);
        cont = container_of(ins, ins->atype);
        FZ_CHECK(l->format == ins->atype, "A format %u", l->format);
        break;
    case MMA_OPERAND_B:
        rows = ins->k;
        cols = ins->n * nmat;
        bits = ab_bits(ins, ins->btype);
        cont = container_of(ins, ins->btype);
        FZ_CHECK(l->format == ins->btype, "B format %u", l->format);
        break;
    case MMA_OPERAND_C:
    case MMA_OPERAND_D: {
        const unsigned fmt = op == MMA_OPERAND_C ? ins->ctype : ins->dtype;
        rows = ins->m * nmat;
        cols = ins->n;
        bits = fmt == MMA_FMT_F64 ? 64u : fmt == MMA_FMT_F16 ? 16u : 32u;
        FZ_CHECK(l->format == fmt, "C/D format %u", l->format);
        break;
    }
    case MMA_OPERAND_E:
        rows = ins->m;
        cols = ins->k / meta_chunk(ins);
        bits = 4;
        FZ_CHECK(l->format == MMA_FMT_U4, "metadata format %u", l->format);
        break;
    default: {
        mma_scale_shape sh;
        FZ_CHECK(mma_block_scale_shape(ins, &sh) == MMA_OK, "no scale shape for a scaled instruction");
        rows = op == MMA_OPERAND_SFA ? ins->m : sh.vec;
        cols = op == MMA_OPERAND_SFA ? sh.vec : ins->n;
        bits = 8;
        FZ_CHECK(l->format == ins->stype, "scale format %u, stype %u", l->format, ins->stype);
        FZ_CHECK(l->nbytes == sh.vec && (unsigned)l->first_byte + l->nbytes <= 4u, "scale bytes %u+%u, vec %u",
                 l->first_byte, l->nbytes, sh.vec);
        break;
    }
    }
    FZ_CHECK(l->rows == rows && l->cols == cols, "operand %u: %ux%u, expected %ux%u", op, l->rows, l->cols, rows,
             cols);
    FZ_CHECK(l->elem_bits == bits && l->container == cont, "operand %u: %u bits container %u, expected %u / %u", op,
             l->elem_bits, l->container, bits, cont);
    const unsigned per_reg = bits == 64u ? 0u : 32u / bits;
    const unsigned regs = bits == 64u ? 2u * l->elems : (l->elems + per_reg - 1u) / per_reg;
    FZ_CHECK(l->per_reg == per_reg && l->regs == regs, "operand %u: per_reg %u regs %u, expected %u / %u", op,
             l->per_reg, l->regs, per_reg, regs);
    if (op <= MMA_OPERAND_D) {
        FZ_CHECK((unsigned)l->elems * lanes == rows * cols, "operand %u: %u elements x %u lanes != %ux%u", op,
                 l->elems, lanes, rows, cols);
    }
}

/* ------------------------------------------------------------------ packing, re-derived */

static uint64_t ref_get_raw(const mma_frag_layout *l, const uint32_t *lr, unsigned i)
{
    if (l->elem_bits == 64u) {
        return (uint64_t)lr[2u * i] | ((uint64_t)lr[2u * i + 1u] << 32);
    }
    const unsigned per = 32u / l->elem_bits;
    return (lr[i / per] >> ((i % per) * l->elem_bits)) & (uint32_t)fz_mask(l->elem_bits);
}

/* Padding bits of a raw container value that must be zero. */
static uint64_t padding_of(const mma_frag_layout *l)
{
    return l->container == MMA_FRAG_BITS_5_2 ? 0xC3u : l->container == MMA_FRAG_BITS_5_0 ? 0xC0u : 0u;
}

static uint64_t ref_payload(const mma_frag_layout *l, uint64_t raw)
{
    return l->container == MMA_FRAG_BITS_5_2 ? (raw >> 2) & 0xFu : raw;
}

/* ------------------------------------------------------------------ map, pack, gather */

static void check_map(const mma_frag_layout *l, fz_in *in)
{
    const size_t cells = (size_t)l->rows * l->cols;
    uint32_t *owner = (uint32_t *)xcalloc(cells, sizeof *owner);
    size_t held_count = 0;
    for (size_t i = 0; i < cells; ++i) {
        owner[i] = 0xFFFFFFFFu;
    }
    for (uint32_t lane = 0; lane < l->lanes; ++lane) {
        for (uint32_t i = 0; i < l->elems; ++i) {
            bool held = false;
            uint32_t r = 0xDEAD, c = 0xBEEF;
            const mma_status st = mma_frag_coord(l, lane, i, &held, &r, &c);
            FZ_CHECK(st == MMA_OK, "coord(%u, %u): %s", lane, i, mma_status_name(st));
            if (!held) {
                FZ_CHECK(r == 0xDEAD && c == 0xBEEF, "coord of an unheld element wrote row/col");
                continue;
            }
            FZ_CHECK(r < l->rows && c < l->cols, "coord(%u, %u) = (%u, %u) outside %ux%u", lane, i, r, c, l->rows,
                     l->cols);
            const size_t cell = (size_t)r * l->cols + c;
            FZ_CHECK(owner[cell] == 0xFFFFFFFFu, "(%u, %u) held by lane %u index %u and lane %u index %u", r, c,
                     owner[cell] >> 16, owner[cell] & 0xFFFFu, lane, i);
            owner[cell] = lane << 16 | i;
            ++held_count;
        }
    }
    FZ_CHECK(held_count == cells, "%zu of %zu elements held", held_count, cells);
    for (uint32_t r = 0; r < l->rows; ++r) {
        for (uint32_t c = 0; c < l->cols; ++c) {
            uint32_t lane = 0, idx = 0;
            const mma_status st = mma_frag_owner(l, r, c, &lane, &idx);
            const uint32_t want = owner[(size_t)r * l->cols + c];
            FZ_CHECK(st == MMA_OK && lane == want >> 16 && idx == (want & 0xFFFFu),
                     "owner(%u, %u) = %s lane %u index %u, coord says lane %u index %u", r, c, mma_status_name(st),
                     lane, idx, want >> 16, want & 0xFFFFu);
        }
    }
    free(owner);
    /* out of range */
    bool held;
    uint32_t r, c, lane, idx;
    const uint32_t bad_lane = l->lanes + (fz_u8(in) % 200u), bad_idx = l->elems + fz_u16(in);
    FZ_CHECK(mma_frag_coord(l, bad_lane, 0, &held, &r, &c) == MMA_ERR_BUFFER, "lane %u accepted", bad_lane);
    FZ_CHECK(mma_frag_coord(l, 0, bad_idx, &held, &r, &c) == MMA_ERR_BUFFER, "index %u accepted", bad_idx);
    FZ_CHECK(mma_frag_owner(l, l->rows + fz_u8(in), 0, &lane, &idx) == MMA_ERR_BUFFER, "row accepted");
    FZ_CHECK(mma_frag_owner(l, 0, l->cols + fz_u8(in), &lane, &idx) == MMA_ERR_BUFFER, "col accepted");
    FZ_CHECK(mma_frag_coord(NULL, 0, 0, &held, &r, &c) == MMA_ERR_NULL, "coord NULL layout");
    FZ_CHECK(mma_frag_coord(l, 0, 0, NULL, &r, &c) == MMA_ERR_NULL, "coord NULL held");
    FZ_CHECK(mma_frag_owner(l, 0, 0, NULL, &idx) == MMA_ERR_NULL, "owner NULL lane");
}

/* Large maps (wgmma with a large N): coord -> owner -> coord round trips on a random sample. */
static void check_map_sampled(const mma_frag_layout *l, uint64_t *seed)
{
    for (int k = 0; k < 256; ++k) {
        const uint32_t lane = (uint32_t)(fz_rng(seed) % l->lanes), i = (uint32_t)(fz_rng(seed) % l->elems);
        bool held = false;
        uint32_t r = 0, c = 0, lane2 = 0, i2 = 0;
        mma_status st = mma_frag_coord(l, lane, i, &held, &r, &c);
        FZ_CHECK(st == MMA_OK, "coord(%u, %u): %s", lane, i, mma_status_name(st));
        if (held) {
            FZ_CHECK(r < l->rows && c < l->cols, "coord(%u, %u) = (%u, %u) outside %ux%u", lane, i, r, c, l->rows,
                     l->cols);
            st = mma_frag_owner(l, r, c, &lane2, &i2);
            FZ_CHECK(st == MMA_OK && lane2 == lane && i2 == i, "owner(coord(%u, %u)) = %s (%u, %u)", lane, i,
                     mma_status_name(st), lane2, i2);
        }
        r = (uint32_t)(fz_rng(seed) % l->rows);
        c = (uint32_t)(fz_rng(seed) % l->cols);
        st = mma_frag_owner(l, r, c, &lane2, &i2);
        FZ_CHECK(st == MMA_OK, "owner(%u, %u): %s", r, c, mma_status_name(st));
        uint32_t r2 = 0, c2 = 0;
        st = mma_frag_coord(l, lane2, i2, &held, &r2, &c2);
        FZ_CHECK(st == MMA_OK && held && r2 == r && c2 == c, "coord(owner(%u, %u)) = %s (%u, %u)", r, c,
                 mma_status_name(st), r2, c2);
    }
}

static void check_pack(const mma_frag_layout *l, fz_in *in, uint64_t *seed)
{
    const size_t cells = (size_t)l->rows * l->cols, words = (size_t)l->lanes * l->regs;
    const unsigned cb = code_bits(l);
    uint64_t *m = (uint64_t *)xcalloc(cells, sizeof *m);
    uint64_t *back = (uint64_t *)xcalloc(cells, sizeof *back);
    uint32_t *regs = (uint32_t *)xcalloc(words, sizeof *regs);
    for (size_t i = 0; i < cells; ++i) {
        m[i] = fz_rng(seed) & fz_mask(cb);
    }
    for (size_t i = 0; i < words; ++i) {
        regs[i] = (uint32_t)fz_rng(seed); /* scatter zeroes every register bit first */
    }
    mma_status st = mma_frag_scatter(l, m, regs);
    FZ_CHECK(st == MMA_OK, "scatter: %s", mma_status_name(st));
    for (uint32_t lane = 0; lane < l->lanes; ++lane) {
        for (uint32_t i = 0; i < l->elems; ++i) {
            bool held;
            uint32_t r, c;
            (void)mma_frag_coord(l, lane, i, &held, &r, &c);
            const uint64_t raw = ref_get_raw(l, regs + (size_t)lane * l->regs, i);
            if (!held) {
                FZ_CHECK(raw == 0, "scatter left bits in unheld lane %u index %u", lane, i);
                continue;
            }
            FZ_CHECK((raw & padding_of(l)) == 0 && ref_payload(l, raw) == m[(size_t)r * l->cols + c],
                     "scatter: lane %u index %u holds 0x%llx, matrix (%u, %u) = 0x%llx", lane, i,
                     (unsigned long long)raw, r, c, (unsigned long long)m[(size_t)r * l->cols + c]);
        }
    }
    if (l->per_reg != 0u && l->elems % l->per_reg != 0u) { /* bits past the last element are zero */
        for (uint32_t lane = 0; lane < l->lanes; ++lane) {
            const uint32_t last = regs[(size_t)lane * l->regs + l->regs - 1u];
            const unsigned used = (l->elems % l->per_reg) * l->elem_bits;
            FZ_CHECK((last >> used) == 0u, "scatter left bits past the last element of lane %u", lane);
        }
    }
    for (size_t i = 0; i < cells; ++i) {
        back[i] = ~m[i];
    }
    st = mma_frag_gather(l, regs, back, NULL, NULL);
    FZ_CHECK(st == MMA_OK, "gather after scatter: %s", mma_status_name(st));
    FZ_CHECK(memcmp(back, m, cells * sizeof *m) == 0, "gather(scatter(m)) != m");

    /* An over-wide code at one position: scatter refuses it. */
    if (cb < 64u && cells > 0) {
        const size_t at = fz_u16(in) % cells;
        const uint64_t keep = m[at];
        m[at] |= (uint64_t)1 << (cb + fz_u8(in) % (64u - cb));
        FZ_CHECK(mma_frag_scatter(l, m, regs) == MMA_ERR_CODE, "over-wide code 0x%llx scattered",
                 (unsigned long long)m[at]);
        m[at] = keep;
    }

    /* Random register words: MMA_ERR_CODE exactly at the first held element with padding bits set. */
    for (size_t i = 0; i < words; ++i) {
        regs[i] = (uint32_t)fz_rng(seed);
        if (padding_of(l) != 0u && (fz_rng(seed) & 3u) != 0u) { /* mostly valid containers */
            regs[i] &= l->container == MMA_FRAG_BITS_5_2 ? 0x3C3C3C3Cu : 0x3F3F3F3Fu;
        }
    }
    uint32_t bad_lane = 0xFFFFFFFFu, bad_idx = 0xFFFFFFFFu;
    bool want_bad = false;
    uint32_t want_lane = 0, want_idx = 0;
    for (uint32_t lane = 0; lane < l->lanes && !want_bad; ++lane) {
        for (uint32_t i = 0; i < l->elems && !want_bad; ++i) {
            bool held;
            uint32_t r, c;
            (void)mma_frag_coord(l, lane, i, &held, &r, &c);
            if (held && (ref_get_raw(l, regs + (size_t)lane * l->regs, i) & padding_of(l)) != 0u) {
                want_bad = true;
                want_lane = lane;
                want_idx = i;
            }
        }
    }
    st = mma_frag_gather(l, regs, back, &bad_lane, &bad_idx);
    if (want_bad) {
        FZ_CHECK(st == MMA_ERR_CODE && bad_lane == want_lane && bad_idx == want_idx,
                 "gather: %s at lane %u index %u, expected MMA_ERR_CODE at lane %u index %u", mma_status_name(st),
                 bad_lane, bad_idx, want_lane, want_idx);
    } else {
        FZ_CHECK(st == MMA_OK, "gather of valid registers: %s", mma_status_name(st));
        for (uint32_t lane = 0; lane < l->lanes; ++lane) {
            for (uint32_t i = 0; i < l->elems; ++i) {
                bool held;
                uint32_t r, c;
                (void)mma_frag_coord(l, lane, i, &held, &r, &c);
                if (held) {
                    const uint64_t want = ref_payload(l, ref_get_raw(l, regs + (size_t)lane * l->regs, i));
                    FZ_CHECK(back[(size_t)r * l->cols + c] == want, "gather: (%u, %u) = 0x%llx, lane %u index %u holds 0x%llx",
                             r, c, (unsigned long long)back[(size_t)r * l->cols + c], lane, i,
                             (unsigned long long)want);
                }
            }
        }
    }

    free(m);
    free(back);
    free(regs);
}

/* One element in and out of one lane's registers (exactly l->regs words). */
static void check_one(const mma_frag_layout *l, fz_in *in, uint64_t *seed)
{
    const unsigned cb = code_bits(l);
    mma_status st;
    uint32_t *lr = (uint32_t *)xcalloc(l->regs, sizeof *lr);
    uint32_t *before = (uint32_t *)xcalloc(l->regs, sizeof *before);
    for (size_t i = 0; i < l->regs; ++i) {
        lr[i] = (uint32_t)fz_rng(seed);
    }
    const uint16_t ib = fz_u16(in);
    const uint32_t idx = (ib & 0x8000u) ? (uint32_t)l->elems + (ib & 0x7FFFu) : (ib % (l->elems ? l->elems : 1u));
    const uint8_t wide = fz_u8(in);
    uint64_t code = fz_rng(seed) & fz_mask(cb);
    if (wide >= 0xC0u && cb < 64u) {
        code |= (uint64_t)1 << (cb + wide % (64u - cb));
    }
    memcpy(before, lr, (size_t)l->regs * sizeof *lr);
    st = mma_frag_put(l, lr, idx, code);
    if (idx >= l->elems) {
        FZ_CHECK(st == MMA_ERR_BUFFER, "put at index %u of %u: %s", idx, l->elems, mma_status_name(st));
    } else if (cb < 64u && code > fz_mask(cb)) {
        FZ_CHECK(st == MMA_ERR_CODE, "put of over-wide 0x%llx: %s", (unsigned long long)code, mma_status_name(st));
    } else {
        FZ_CHECK(st == MMA_OK, "put: %s", mma_status_name(st));
        uint64_t got = ~code;
        st = mma_frag_get(l, lr, idx, &got);
        FZ_CHECK(st == MMA_OK && got == code, "get after put: %s 0x%llx != 0x%llx", mma_status_name(st),
                 (unsigned long long)got, (unsigned long long)code);
        for (uint32_t j = 0; j < l->elems; ++j) { /* the other elements are kept */
            if (j != idx) {
                FZ_CHECK(ref_get_raw(l, lr, j) == ref_get_raw(l, before, j), "put at %u changed element %u", idx, j);
            }
        }
        memcpy(before, lr, (size_t)l->regs * sizeof *lr);
    }
    if (st != MMA_OK) {
        FZ_CHECK(memcmp(before, lr, (size_t)l->regs * sizeof *lr) == 0, "failed put changed the registers");
    }
    uint64_t got = 0;
    st = mma_frag_get(l, lr, idx, &got);
    if (idx >= l->elems) {
        FZ_CHECK(st == MMA_ERR_BUFFER, "get at index %u of %u: %s", idx, l->elems, mma_status_name(st));
    } else {
        const uint64_t raw = ref_get_raw(l, lr, idx);
        if ((raw & padding_of(l)) != 0u) {
            FZ_CHECK(st == MMA_ERR_CODE, "get of padded 0x%llx: %s", (unsigned long long)raw, mma_status_name(st));
        } else {
            FZ_CHECK(st == MMA_OK && got == ref_payload(l, raw), "get: %s 0x%llx, registers hold 0x%llx",
                     mma_status_name(st), (unsigned long long)got, (unsigned long long)raw);
        }
    }
    uint64_t one = 0;
    FZ_CHECK(mma_frag_get(l, NULL, 0, &got) == MMA_ERR_NULL && mma_frag_get(l, lr, 0, NULL) == MMA_ERR_NULL &&
                 mma_frag_put(NULL, lr, 0, 0) == MMA_ERR_NULL && mma_frag_gather(l, NULL, &one, NULL, NULL) == MMA_ERR_NULL &&
                 mma_frag_scatter(l, NULL, lr) == MMA_ERR_NULL,
             "NULL arguments");
    free(lr);
    free(before);
}

/* ------------------------------------------------------------------ hand-built layouts */

/* The fields the map interpreter needs (fragment.h: rule, lanes, matrix, atom, quad mask). */
static bool model_map_ok(const mma_frag_layout *l)
{
    if (l->rule >= MMA_FRAG_RULE_COUNT || (l->lanes != 32u && l->lanes != 128u) || l->rows == 0u || l->cols == 0u) {
        return false;
    }
    if ((l->rule == MMA_FRAG_TILE || l->rule == MMA_FRAG_KROWS || l->rule == MMA_FRAG_META) && l->atom == 0u) {
        return false;
    }
    if ((l->rule == MMA_FRAG_META || l->rule == MMA_FRAG_SCALE_A || l->rule == MMA_FRAG_SCALE_B) &&
        (l->quad_mask == 0u || l->quad_mask > 0xFu)) {
        return false;
    }
    return true;
}

/* A packing of the header whose regs registers hold all elems elements. */
static bool model_packing_ok(const mma_frag_layout *l)
{
    if (l->elem_bits == 64u) {
        return l->per_reg == 0u && l->container == MMA_FRAG_PLAIN && (uint32_t)l->regs >= 2u * l->elems;
    }
    if (l->elem_bits != 1u && l->elem_bits != 4u && l->elem_bits != 8u && l->elem_bits != 16u && l->elem_bits != 32u) {
        return false;
    }
    if (l->per_reg != 32u / l->elem_bits || l->container > MMA_FRAG_BITS_5_0 ||
        (l->container != MMA_FRAG_PLAIN && l->elem_bits != 8u)) {
        return false;
    }
    return (uint32_t)l->regs * l->per_reg >= l->elems;
}

static void check_hand_built(fz_in *in, uint64_t *seed)
{
    mma_frag_layout l;
    memset(&l, 0, sizeof l);
    const uint8_t how = fz_u8(in);
    l.operand = fz_u8(in);
    l.rule = (how & 1u) ? fz_u8(in) : fz_u8(in) % MMA_FRAG_RULE_COUNT;
    l.format = fz_u8(in);
    l.atom = fz_u8(in);
    l.lanes = (how & 2u) ? fz_u16(in) : ((fz_u8(in) & 1u) ? 128u : 32u);
    l.rows = (uint16_t)(fz_u8(in) % 80u);
    l.cols = (uint16_t)(fz_u8(in) % 80u);
    l.elems = (uint16_t)(fz_u16(in) % 300u);
    l.regs = (uint16_t)(fz_u8(in) % 80u);
    l.elem_bits = (how & 4u) ? fz_u8(in) : (uint8_t)(1u << (fz_u8(in) % 7u));
    l.per_reg = (how & 8u) ? fz_u8(in) : (uint8_t)(l.elem_bits == 64u || l.elem_bits == 0u ? 0u : 32u / l.elem_bits);
    l.container = fz_u8(in) % ((how & 16u) ? 256u : 3u);
    l.nmat = fz_u8(in);
    l.quad_mask = (how & 32u) ? fz_u8(in) : fz_u8(in) % 16u;
    l.first_byte = fz_u8(in) % ((how & 64u) ? 256u : 5u);
    l.nbytes = fz_u8(in) % ((how & 64u) ? 256u : 5u);
    l.reserved = fz_u8(in);
    const bool sane_lanes = l.lanes == 32u || l.lanes == 128u;

    /* coord / owner on the whole (small) index space */
    const uint32_t lanes = sane_lanes ? l.lanes : 130u;
    for (uint32_t lane = 0; lane < lanes; lane += 1u + (uint32_t)(fz_rng(seed) % 8u)) {
        for (uint32_t i = 0; i < (uint32_t)l.elems + 2u; i += 1u + (uint32_t)(fz_rng(seed) % 16u)) {
            bool held = false;
            uint32_t r = 0, c = 0;
            const mma_status st = mma_frag_coord(&l, lane, i, &held, &r, &c);
            if (!model_map_ok(&l)) {
                FZ_CHECK(st == MMA_ERR_INSTRUCTION, "coord of an invalid hand-built layout: %s", mma_status_name(st));
            } else if (lane >= l.lanes || i >= l.elems) {
                FZ_CHECK(st == MMA_ERR_BUFFER, "coord(%u, %u) out of range: %s", lane, i, mma_status_name(st));
            } else {
                FZ_CHECK(st == MMA_OK || st == MMA_ERR_BUFFER, "coord: %s", mma_status_name(st));
            }
            if (st == MMA_OK && held) {
                FZ_CHECK(r < l.rows && c < l.cols, "coord of a hand-built layout: (%u, %u) outside %ux%u", r, c,
                         l.rows, l.cols);
            }
        }
    }
    for (uint32_t r = 0; r < (uint32_t)l.rows + 1u; r += 1u + (uint32_t)(fz_rng(seed) % 8u)) {
        for (uint32_t c = 0; c < (uint32_t)l.cols + 1u; c += 1u + (uint32_t)(fz_rng(seed) % 8u)) {
            uint32_t lane = 0, i = 0;
            const mma_status st = mma_frag_owner(&l, r, c, &lane, &i);
            if (!model_map_ok(&l)) {
                FZ_CHECK(st == MMA_ERR_INSTRUCTION, "owner of an invalid hand-built layout: %s", mma_status_name(st));
            } else {
                FZ_CHECK(st == MMA_OK || st == MMA_ERR_BUFFER, "owner: %s", mma_status_name(st));
            }
            if (st == MMA_OK) {
                FZ_CHECK(lane < l.lanes && i < l.elems, "owner: lane %u index %u outside %u x %u", lane, i, l.lanes,
                         l.elems);
            }
        }
    }
    /* get / put on exactly l.regs words */
    uint32_t *lr = (uint32_t *)xcalloc(l.regs, sizeof *lr);
    for (size_t i = 0; i < l.regs; ++i) {
        lr[i] = (uint32_t)fz_rng(seed);
    }
    for (int k = 0; k < 4; ++k) {
        const uint32_t idx = (uint32_t)(fz_rng(seed) % ((uint32_t)l.elems + 3u));
        const bool pack_ok = model_packing_ok(&l);
        uint64_t code = 0;
        mma_status st = mma_frag_get(&l, lr, idx, &code);
        if (!pack_ok) {
            FZ_CHECK(st == MMA_ERR_INSTRUCTION, "get with an inconsistent packing: %s", mma_status_name(st));
        } else if (idx >= l.elems) {
            FZ_CHECK(st == MMA_ERR_BUFFER, "get at %u of %u: %s", idx, l.elems, mma_status_name(st));
        } else {
            const uint64_t raw = ref_get_raw(&l, lr, idx);
            FZ_CHECK((raw & padding_of(&l)) != 0u ? st == MMA_ERR_CODE : (st == MMA_OK && code == ref_payload(&l, raw)),
                     "get of 0x%llx: %s 0x%llx", (unsigned long long)raw, mma_status_name(st),
                     (unsigned long long)code);
        }
        const uint64_t v = fz_rng(seed) >> (fz_rng(seed) % 64u);
        st = mma_frag_put(&l, lr, idx, v);
        if (!pack_ok) {
            FZ_CHECK(st == MMA_ERR_INSTRUCTION, "put with an inconsistent packing: %s", mma_status_name(st));
        } else if (idx >= l.elems) {
            FZ_CHECK(st == MMA_ERR_BUFFER, "put at %u of %u: %s", idx, l.elems, mma_status_name(st));
        } else {
            const unsigned cb = code_bits(&l);
            FZ_CHECK(st == ((cb < 64u && v > fz_mask(cb)) ? MMA_ERR_CODE : MMA_OK), "put of 0x%llx (%u bits): %s",
                     (unsigned long long)v, cb, mma_status_name(st));
        }
    }
    free(lr);
    /* gather / scatter on exactly lanes x regs words and rows x cols codes */
    if (sane_lanes) {
        const size_t words = (size_t)l.lanes * l.regs, cells = (size_t)l.rows * l.cols;
        uint32_t *regs = (uint32_t *)xcalloc(words, sizeof *regs);
        uint64_t *m = (uint64_t *)xcalloc(cells, sizeof *m);
        for (size_t i = 0; i < cells; ++i) {
            m[i] = fz_rng(seed) & 0xFu;
        }
        mma_status st = mma_frag_scatter(&l, m, regs);
        FZ_CHECK(st == MMA_OK || st == MMA_ERR_BUFFER || st == MMA_ERR_INSTRUCTION || st == MMA_ERR_CODE,
                 "scatter: %s", mma_status_name(st));
        st = mma_frag_gather(&l, regs, m, NULL, NULL);
        FZ_CHECK(st == MMA_OK || st == MMA_ERR_BUFFER || st == MMA_ERR_INSTRUCTION || st == MMA_ERR_CODE,
                 "gather: %s", mma_status_name(st));
        free(regs);
        free(m);
    }
}

/* ------------------------------------------------------------------ warp level */

typedef struct wop {
    bool used;
    mma_frag_layout l;  /* with the call's selectors (if they are valid), else with zero selectors */
    uint32_t *regs;     /* lanes x regs */
    uint64_t *m;        /* gathered matrix */
} wop;

/* Random valid metadata values (one in 32 invalid when `bad`). */
static uint64_t meta_value(const mma_sparse_layout *sp, uint64_t *seed, bool bad)
{
    for (int t = 0; t < 32; ++t) {
        const uint8_t v = (uint8_t)(fz_rng(seed) & 0xFu);
        if (mma_sparse_meta_check(sp, v, NULL) == MMA_OK || (bad && (fz_rng(seed) & 31u) == 0u)) {
            return v;
        }
    }
    return 0x4u; /* valid for every pattern and variant */
}

/* Fills the register bits of elements no lane holds with garbage (they must not be read). */
static void garbage_unheld(const mma_frag_layout *l, uint32_t *regs, uint64_t *seed)
{
    for (uint32_t lane = 0; lane < l->lanes; ++lane) {
        for (uint32_t i = 0; i < l->elems; ++i) {
            bool held;
            uint32_t r, c;
            if (mma_frag_coord(l, lane, i, &held, &r, &c) == MMA_OK && !held) {
                const unsigned per = l->per_reg, b = l->elem_bits;
                if (per != 0u) {
                    const uint32_t mask = (uint32_t)fz_mask(b) << ((i % per) * b);
                    regs[(size_t)lane * l->regs + i / per] ^= (uint32_t)fz_rng(seed) & mask;
                }
            }
        }
    }
}

static void check_warp(const mma_instr *ins, fz_in *in, uint64_t *seed)
{
    const uint8_t wctl = fz_u8(in);
    const uint8_t preset0 = fz_u8(in);
    const uint8_t null_which = fz_u8(in);
    mma_frag_select sel;
    pick_select(in, &sel);
    const bool raw_regs = (wctl & 1u) != 0, short_work = (wctl & 4u) != 0;
    const bool null_mode = (wctl & 8u) != 0, bad_meta = (wctl & 16u) != 0;

    mma_warp_diag diag;
    size_t words = 0;
    const mma_status vst = mma_instr_validate(ins, NULL);
    const mma_status wst = mma_warp_workspace(ins, &words);
    uint64_t dummy_work[4] = {0, 0, 0, 0};
    uint32_t dummy_regs[4] = {0, 0, 0, 0};
    uint64_t dummy_b[4] = {0, 0, 0, 0};
    if (vst != MMA_OK || ins->family == MMA_FAMILY_WMMA) {
        /* An invalid descriptor or wmma (no register map): nothing else is looked at. */
        const mma_status want = vst != MMA_OK ? vst : MMA_ERR_INSTRUCTION;
        FZ_CHECK(wst == want, "workspace: %s, expected %s", mma_status_name(wst), mma_status_name(want));
        mma_warp_operands w;
        memset(&w, 0, sizeof w);
        w.a = w.b = w.c = w.e = w.scale_a = w.scale_b = dummy_regs;
        w.b_matrix = dummy_b;
        w.d = dummy_regs;
        w.sel = sel;
        memset(&diag, 0, sizeof diag);
        const mma_status st = mma_warp_run(ins, NULL, &w, dummy_work, 4, &diag);
        FZ_CHECK(st == want, "warp of an invalid descriptor / wmma: %s, expected %s", mma_status_name(st),
                 mma_status_name(want));
        FZ_CHECK(diag.reason != NULL, "no diag reason");
        return;
    }
    FZ_CHECK(wst == MMA_OK, "workspace of a valid instruction: %s", mma_status_name(wst));
    if ((size_t)ins->m * ins->n * ins->k > warp_limit()) {
        return;
    }
    const bool sparse = ins->sparsity != MMA_SPARSE_NONE, scaled = ins->block_scale != 0u;
    const bool wg = ins->family == MMA_FAMILY_WGMMA;

    /* Which selector error, if any (checked before anything is read). */
    mma_status sel_st = MMA_OK;
    if (sparse && mma_sparse_selector_decode(ins, sel.sparsity, NULL, NULL) != MMA_OK) {
        sel_st = MMA_ERR_SPARSITY_SELECTOR;
    } else if (scaled && (mma_scale_selector_decode(ins, MMA_SCALE_A, sel.byte_id_a, sel.thread_id_a, NULL, NULL) !=
                              MMA_OK ||
                          mma_scale_selector_decode(ins, MMA_SCALE_B, sel.byte_id_b, sel.thread_id_b, NULL, NULL) !=
                              MMA_OK)) {
        sel_st = MMA_ERR_SCALE_SELECTOR;
    }
    static const mma_frag_select zero_sel = {0, 0, 0, 0, 0};
    const mma_frag_select *use_sel = sel_st == MMA_OK ? &sel : &zero_sel;

    /* A B C D E SFA SFB */
    wop ops[7];
    memset(ops, 0, sizeof ops);
    for (unsigned op = 0; op < 7u; ++op) {
        ops[op].used = !(op == MMA_OPERAND_B && wg) && !(op == MMA_OPERAND_E && !sparse) &&
                       !((op == MMA_OPERAND_SFA || op == MMA_OPERAND_SFB) && !scaled);
        if (!ops[op].used) {
            continue;
        }
        const mma_status st = mma_frag_layout_of(ins, (mma_operand)op, use_sel, &ops[op].l);
        FZ_CHECK(st == MMA_OK, "layout of operand %u: %s", op, mma_status_name(st));
        const mma_frag_layout *l = &ops[op].l;
        ops[op].regs = (uint32_t *)xcalloc((size_t)l->lanes * l->regs, sizeof(uint32_t));
        ops[op].m = (uint64_t *)xcalloc((size_t)l->rows * l->cols, sizeof(uint64_t));
        const size_t cells = (size_t)l->rows * l->cols;
        if (op == MMA_OPERAND_D) {
            continue;
        }
        if (op <= MMA_OPERAND_C && raw_regs) {
            for (size_t i = 0; i < (size_t)l->lanes * l->regs; ++i) {
                ops[op].regs[i] = (uint32_t)fz_rng(seed);
                if (padding_of(l) != 0u && (fz_rng(seed) & 7u) != 0u) { /* mostly valid containers */
                    ops[op].regs[i] &= l->container == MMA_FRAG_BITS_5_2 ? 0x3C3C3C3Cu : 0x3F3F3F3Fu;
                }
            }
            continue;
        }
        mma_sparse_layout sp;
        if (op == MMA_OPERAND_E) {
            FZ_CHECK(mma_sparse_layout_of(ins, &sp) == MMA_OK, "no sparse layout");
        }
        const unsigned cb = code_bits(l);
        for (size_t i = 0; i < cells; ++i) {
            ops[op].m[i] = op == MMA_OPERAND_E ? meta_value(&sp, seed, bad_meta) : fz_rng(seed) & fz_mask(cb);
        }
        FZ_CHECK(mma_frag_scatter(l, ops[op].m, ops[op].regs) == MMA_OK, "scatter of operand %u", op);
        if (op >= MMA_OPERAND_E) {
            garbage_unheld(l, ops[op].regs, seed);
        }
    }
    uint64_t *bmat = NULL;
    if (wg) {
        const mma_format_info *bi = mma_format_get((mma_format)ins->btype);
        FZ_CHECK(bi != NULL, "btype");
        bmat = (uint64_t *)xcalloc((size_t)ins->k * ins->n, sizeof *bmat);
        for (size_t i = 0; i < (size_t)ins->k * ins->n; ++i) {
            bmat[i] = fz_rng(seed) & fz_mask(bi->storage_bits);
        }
    }

    /* The expected outcome: selectors, then padding (first bad of A, B, C), then mma_run per quad pair. */
    const mma_frag_layout *ld = &ops[MMA_OPERAND_D].l;
    const size_t dwords = (size_t)ld->lanes * ld->regs;
    uint32_t *want_d = (uint32_t *)xcalloc(dwords, sizeof *want_d);
    mma_status want = sel_st;
    int want_op = -1;
    uint32_t want_lane = 0, want_idx = 0;
    mma_profile prof;
    const mma_profile *pprof = NULL;
    for (unsigned t = 0; t < MMA_PRESET_COUNT; ++t) {
        if (mma_instr_profile((mma_preset)((preset0 + t) % MMA_PRESET_COUNT), ins, &prof) == MMA_OK) {
            pprof = &prof;
            break;
        }
    }
    if (want == MMA_OK) {
        for (unsigned op = 0; op < 7u && want == MMA_OK; ++op) {
            if (!ops[op].used || op == MMA_OPERAND_D) {
                continue;
            }
            uint32_t bl = 0, bi = 0;
            const mma_status st = mma_frag_gather(&ops[op].l, ops[op].regs, ops[op].m, &bl, &bi);
            if (st != MMA_OK) {
                FZ_CHECK(st == MMA_ERR_CODE && op <= MMA_OPERAND_C, "gather of operand %u: %s", op,
                         mma_status_name(st));
                want = st;
                want_op = (int)op;
                want_lane = bl;
                want_idx = bi;
            }
        }
    }
    if (want == MMA_OK) {
        const mma_frag_layout *la = &ops[MMA_OPERAND_A].l;
        const size_t m = ins->m, n = ins->n, k = ins->k, a_cols = la->cols;
        const unsigned nmat = la->nmat;
        uint8_t *meta = NULL;
        if (sparse) {
            const size_t nm = (size_t)ops[MMA_OPERAND_E].l.rows * ops[MMA_OPERAND_E].l.cols;
            meta = (uint8_t *)xcalloc(nm, 1);
            for (size_t i = 0; i < nm; ++i) {
                meta[i] = (uint8_t)ops[MMA_OPERAND_E].m[i];
            }
        }
        uint64_t *bq = (uint64_t *)xcalloc(k * n, sizeof *bq);
        uint64_t *dm = ops[MMA_OPERAND_D].m;
        for (unsigned q = 0; q < nmat && want == MMA_OK; ++q) {
            mma_operands o;
            o.a = ops[MMA_OPERAND_A].m + (size_t)q * m * a_cols;
            if (wg) {
                o.b = bmat;
            } else {
                for (size_t r = 0; r < k; ++r) {
                    for (size_t c = 0; c < n; ++c) {
                        bq[r * n + c] = ops[MMA_OPERAND_B].m[r * ops[MMA_OPERAND_B].l.cols + (size_t)q * n + c];
                    }
                }
                o.b = bq;
            }
            o.c = ops[MMA_OPERAND_C].m + (size_t)q * m * n;
            o.d = dm + (size_t)q * m * n;
            o.meta = meta;
            o.scale_a = scaled ? ops[MMA_OPERAND_SFA].m : NULL;
            o.scale_b = scaled ? ops[MMA_OPERAND_SFB].m : NULL;
            want = mma_run(ins, pprof, &o);
            FZ_CHECK_STATUS(want);
        }
        if (want == MMA_OK) {
            FZ_CHECK(mma_frag_scatter(ld, dm, want_d) == MMA_OK, "scatter of D");
        }
        free(bq);
        free(meta);
    }

    /* The warp-level call. */
    /* d may be the array of c (same register count: ctype == dtype). */
    const bool alias_cd = (wctl & 2u) != 0 && ops[MMA_OPERAND_C].l.regs == ld->regs;
    uint32_t *d = alias_cd ? ops[MMA_OPERAND_C].regs : ops[MMA_OPERAND_D].regs;
    uint32_t *d_before = (uint32_t *)xcalloc(dwords, sizeof *d_before);
    if (!alias_cd) {
        for (size_t i = 0; i < dwords; ++i) {
            d[i] = (uint32_t)fz_rng(seed);
        }
    }
    memcpy(d_before, d, dwords * sizeof *d);
    size_t work_words = words;
    if (short_work && words > 0) {
        work_words = words - 1u - (size_t)(fz_rng(seed) % words);
    }
    uint64_t *work = (uint64_t *)xcalloc(work_words, sizeof *work);
    for (size_t i = 0; i < work_words; ++i) {
        work[i] = fz_rng(seed);
    }
    mma_warp_operands w;
    memset(&w, 0, sizeof w);
    w.a = ops[MMA_OPERAND_A].regs;
    w.b = wg ? NULL : ops[MMA_OPERAND_B].regs;
    w.b_matrix = bmat;
    w.c = ops[MMA_OPERAND_C].regs;
    w.d = d;
    w.e = ops[MMA_OPERAND_E].regs;
    w.scale_a = ops[MMA_OPERAND_SFA].regs;
    w.scale_b = ops[MMA_OPERAND_SFB].regs;
    w.sel = sel;
    const mma_warp_operands *pw = &w;
    uint64_t *pwork = work;
    if (null_mode) {
        switch (null_which % 9u) {
        case 0: pw = NULL; break;
        case 1: pwork = NULL; break;
        case 2: w.a = NULL; break;
        case 3: if (wg) { w.b_matrix = NULL; } else { w.b = NULL; } break;
        case 4: w.c = NULL; break;
        case 5: w.d = NULL; break;
        case 6: w.e = NULL; break;
        case 7: w.scale_a = NULL; break;
        default: w.scale_b = NULL; break;
        }
        const bool required = (null_which % 9u) <= 5u || ((null_which % 9u) == 6u && sparse) ||
                              ((null_which % 9u) >= 7u && scaled);
        if (required) {
            want = MMA_ERR_NULL;
            want_op = -1;
        }
    }
    /* Checked in this order: NULL arrays, selectors, workspace size, registers, mma_run. */
    if (want != MMA_ERR_NULL && sel_st == MMA_OK && work_words < words) {
        want = MMA_ERR_BUFFER;
        want_op = -1;
    }
    memset(&diag, 0, sizeof diag);
    const mma_status st = mma_warp_run(ins, pprof, pw, pwork, work_words, &diag);
    FZ_CHECK_STATUS(st);
    FZ_CHECK(st == want, "mma_warp_run: %s, matrix level: %s (%s)", mma_status_name(st), mma_status_name(want),
             diag.reason != NULL ? diag.reason : "-");
    if (st == MMA_OK) {
        FZ_CHECK(memcmp(d, want_d, dwords * sizeof *d) == 0, "warp-level D != matrix-level D");
    } else {
        FZ_CHECK(diag.reason != NULL, "failed warp run without a reason");
        FZ_CHECK(d == NULL || memcmp(d, d_before, dwords * sizeof *d) == 0, "D written on error %s",
                 mma_status_name(st));
        if (st == MMA_ERR_CODE && want_op >= 0) {
            FZ_CHECK(diag.operand == (uint8_t)want_op && diag.lane == (int32_t)want_lane &&
                         diag.index == (int32_t)want_idx,
                     "padding error at operand %u lane %d index %d, expected operand %d lane %u index %u",
                     diag.operand, diag.lane, diag.index, want_op, want_lane, want_idx);
        }
    }
    free(work);
    free(d_before);
    free(want_d);
    free(bmat);
    for (unsigned op = 0; op < 7u; ++op) {
        free(ops[op].regs);
        free(ops[op].m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    init_once();
    fz_in in = {data, size};
    const uint8_t ctl = fz_u8(&in);
    mma_instr ins;
    pick_instr(ctl & 3u, &in, &ins);
    uint64_t seed = fz_u64(&in) | 1u;

    if (ctl & 4u) { /* the map of one operand */
        const uint8_t ob = fz_u8(&in);
        const unsigned op = (ob & 0x80u) ? ob : ob % MMA_OPERAND_COUNT;
        mma_frag_select sel;
        pick_select(&in, &sel);
        mma_frag_layout l;
        memset(&l, 0xA5, sizeof l);
        const mma_status st = mma_frag_layout_of(&ins, (mma_operand)op, (ctl & 0x40u) ? NULL : &sel, &l);
        FZ_CHECK_STATUS(st);
        static const mma_frag_select zero = {0, 0, 0, 0, 0};
        const mma_status want = expected_layout_status(&ins, op, (ctl & 0x40u) ? &zero : &sel);
        FZ_CHECK(st == want, "layout_of(operand %u): %s, expected %s", op, mma_status_name(st), mma_status_name(want));
        FZ_CHECK(mma_frag_layout_of(NULL, MMA_OPERAND_A, NULL, &l) == MMA_ERR_NULL &&
                     mma_frag_layout_of(&ins, MMA_OPERAND_A, NULL, NULL) == MMA_ERR_NULL,
                 "layout_of NULL");
        if (st == MMA_OK) {
            check_geometry(&ins, op, &l);
            if ((size_t)l.rows * l.cols <= FULL_LIMIT) {
                check_map(&l, &in);
                check_pack(&l, &in, &seed);
            } else {
                check_map_sampled(&l, &seed);
            }
            check_one(&l, &in, &seed);
        }
        FZ_CHECK(mma_operand_name((mma_operand)op) == NULL || op < MMA_OPERAND_COUNT, "operand name of %u", op);
    }
    if (ctl & 8u) {
        check_hand_built(&in, &seed);
    }
    if (ctl & 16u) {
        check_warp(&ins, &in, &seed);
    }
    return 0;
}
