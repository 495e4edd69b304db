/*
 * fuzz_metadata: sparse metadata (mma.sp / mma.sp::ordered_metadata) and the selectors.
 *
 * Input: byte 0 picks a sparse instruction form (and byte 1 bit 0 the variant .sp or
 * .sp::ordered_metadata); then rows, k, a sparsity control byte, metadata bytes and element codes.
 *
 * Properties, against the rules written in include/mma/sparse.h (re-implemented here):
 *   - mma_sparse_layout_of: 2:4 chunk 4, tf32 1:2 chunk 2, s4/u4 and mxf4 4:8 pairs chunk 8,
 *     kept = chunk/2, variant = the instruction's; MMA_ERR_INSTRUCTION for a dense instruction;
 *   - mma_sparse_meta_check of every byte value: tf32 accepts only 0b0100 and 0b1110; .sp needs
 *     index0 != index1, ::ordered_metadata index0 < index1; anything above 0xF is invalid;
 *   - mma_sparse_meta_decode: the positions follow from the two indices (pairs for 4:8);
 *   - mma_sparse_meta_validate on a rows x k/chunk array: the first invalid value (row-major)
 *     is the one reported, with its row, chunk and value; MMA_ERR_SHAPE if chunk does not divide k;
 *   - mma_sparse_compress: accepts exactly the matrices with at most `kept` non-zero elements
 *     (pairs) per chunk and reports the first chunk that has more with its non-zero mask and count;
 *     decompress(compress(A)) == A bit for bit, and the metadata is valid for both variants;
 *   - mma_sparse_selector_decode: the selectors of the sparse.h table, and only those;
 *   - mma_scale_selector_decode (block-scaled forms): thread-id-a 0..1, thread-id-b 0..3,
 *     byte-id 0..3 (1X), 0 or 2 (2X), 0 (4X); MMA_ERR_SCALE_SELECTOR otherwise.
 */
#include <stdbool.h>
#include <string.h>

#include "mma/block_scale.h"
#include "mma/mmacore.h"
#include "mma/sparse.h"

#include "fuzz_common.h"

/* Sparse forms; "%s" is the variant (.sp or .sp::ordered_metadata). sel: metadata threads per quad. */
static const struct {
    const char *text;
    unsigned threads;
} FORMS[] = {
    {"mma%s.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", 1},
    {"mma%s.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32", 2},
    {"mma%s.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 1},
    {"mma%s.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32", 2},
    {"mma%s.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 1},
    {"mma%s.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32", 2},
    {"mma%s.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32", 4},
    {"mma%s.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f16.e2m1.e3m2.f16", 4},
    {"mma%s.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32", 2},
    {"mma%s.sync.aligned.m16n8k64.row.col.s32.u8.u8.s32", 4},
    {"mma%s.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32", 2},
    {"mma%s.sync.aligned.m16n8k128.row.col.satfinite.s32.u4.s4.s32", 4},
    {"mma%s.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e2m3.f32.ue8m0", 4},
    {"mma%s.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0", 4},
    {"mma%s.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3", 4},
    {"mma%s.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0", 4},
};
#define NFORMS (sizeof FORMS / sizeof FORMS[0])

static bool model_meta_ok(const mma_sparse_layout *l, unsigned v)
{
    const unsigned i0 = v & 3u, i1 = (v >> 2) & 3u;
    if (v > 0xFu) {
        return false;
    }
    if (l->pattern == MMA_SPAT_1_2) {
        return v == 0x4u || v == 0xEu;
    }
    return l->variant == MMA_SPARSE_SP_ORDERED ? i0 < i1 : i0 != i1;
}

/* Non-zero mask of one chunk (bit per element, or per pair for 4:8 unless `elements`) of a dense row. */
static unsigned chunk_mask(const mma_sparse_layout *l, const uint64_t *chunk, bool elements)
{
    unsigned mask = 0;
    if (l->pattern == MMA_SPAT_4_8_PAIRS && !elements) {
        for (unsigned p = 0; p < 4u; ++p) {
            mask |= (chunk[2u * p] != 0 || chunk[2u * p + 1u] != 0) ? 1u << p : 0u;
        }
    } else {
        for (unsigned e = 0; e < l->chunk; ++e) {
            mask |= chunk[e] != 0 ? 1u << e : 0u;
        }
    }
    return mask;
}

static unsigned popcount(unsigned x)
{
    unsigned n = 0;
    for (; x; x &= x - 1u) {
        ++n;
    }
    return n;
}

static void check_selectors(const mma_instr *ins, unsigned threads, uint32_t sel, fz_in *in)
{
    uint8_t quad = 0;
    const char *reason = NULL;
    mma_status st = mma_sparse_selector_decode(ins, sel, &quad, &reason);
    FZ_CHECK_STATUS(st);
    const uint32_t max_sel = threads == 1u ? 3u : threads == 2u ? 1u : 0u;
    if (sel <= max_sel) {
        const uint8_t want = threads == 1u ? (uint8_t)(1u << sel) : threads == 2u ? (uint8_t)(3u << (2u * sel)) : 0xFu;
        FZ_CHECK(st == MMA_OK && quad == want, "selector %u (threads %u): %s mask 0x%x", sel, threads,
                 mma_status_name(st), quad);
    } else {
        FZ_CHECK(st == MMA_ERR_SPARSITY_SELECTOR && reason != NULL, "selector %u (threads %u): %s", sel, threads,
                 mma_status_name(st));
    }
    if (!ins->block_scale) {
        return;
    }
    mma_scale_shape shape;
    FZ_CHECK(mma_block_scale_shape(ins, &shape) == MMA_OK, "block-scale shape");
    FZ_CHECK(shape.vec == 1u || shape.vec == 2u || shape.vec == 4u, "vec %u", shape.vec);
    FZ_CHECK((unsigned)shape.block_k * shape.vec == ins->k, "block_k %u x vec %u != k %u", shape.block_k, shape.vec,
             ins->k);
    const mma_scale_operand which = (fz_u8(in) & 1u) ? MMA_SCALE_B : MMA_SCALE_A;
    const uint32_t byte_id = fz_u8(in) % 6u, thread_id = fz_u8(in) % 6u;
    mma_scale_select sc;
    st = mma_scale_selector_decode(ins, which, byte_id, thread_id, &sc, &reason);
    FZ_CHECK_STATUS(st);
    const bool byte_ok = shape.vec == 1u ? byte_id <= 3u : shape.vec == 2u ? (byte_id == 0u || byte_id == 2u)
                                                                          : byte_id == 0u;
    const bool thread_ok = which == MMA_SCALE_A ? thread_id <= 1u : thread_id <= 3u;
    if (byte_ok && thread_ok) {
        FZ_CHECK(st == MMA_OK && sc.first_byte == byte_id && sc.nbytes == shape.vec && sc.quad_mask != 0 &&
                     (sc.quad_mask & ~0xFu) == 0,
                 "scale selector %s byte %u thread %u: %s", which == MMA_SCALE_A ? "A" : "B", byte_id, thread_id,
                 mma_status_name(st));
    } else {
        FZ_CHECK(st == MMA_ERR_SCALE_SELECTOR, "scale selector %s byte %u thread %u (vec %u): %s",
                 which == MMA_SCALE_A ? "A" : "B", byte_id, thread_id, shape.vec, mma_status_name(st));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    const unsigned form = fz_u8(&in) % (unsigned)NFORMS;
    const uint8_t ctl = fz_u8(&in);
    char text[256];
    snprintf(text, sizeof text, FORMS[form].text, (ctl & 1u) ? ".sp::ordered_metadata" : ".sp");
    mma_instr ins;
    mma_status st = mma_instr_parse(text, strlen(text), &ins, NULL);
    if (st != MMA_OK) {
        return 0; /* e.g. .sp with .kind (only ::ordered_metadata has it) */
    }

    /* ---- layout */
    mma_sparse_layout l;
    FZ_CHECK(mma_sparse_layout_of(&ins, &l) == MMA_OK, "layout of %s", text);
    const bool mxf4 = ins.kind == MMA_KINDQ_MXF4 || ins.kind == MMA_KINDQ_MXF4NVF4;
    const unsigned want_chunk = ins.atype == MMA_FMT_TF32 ? 2u
                              : (ins.atype == MMA_FMT_S4 || ins.atype == MMA_FMT_U4 || mxf4) ? 8u : 4u;
    FZ_CHECK(l.chunk == want_chunk && l.kept == want_chunk / 2u && l.variant == ins.sparsity,
             "%s: chunk %u kept %u variant %u", text, l.chunk, l.kept, l.variant);
    {
        mma_instr dense = ins;
        mma_sparse_layout dl;
        dense.sparsity = MMA_SPARSE_NONE;
        const mma_status vs = mma_instr_validate(&dense, NULL);
        st = mma_sparse_layout_of(&dense, &dl);
        FZ_CHECK(st == (vs == MMA_OK ? MMA_ERR_INSTRUCTION : vs), "dense layout_of: %s", mma_status_name(st));
    }

    /* ---- every metadata value */
    for (unsigned v = 0; v < 256u; ++v) {
        const char *reason = NULL;
        uint8_t pos[4] = {0xEE, 0xEE, 0xEE, 0xEE};
        st = mma_sparse_meta_check(&l, (uint8_t)v, &reason);
        const bool ok = model_meta_ok(&l, v);
        FZ_CHECK(st == (ok ? MMA_OK : MMA_ERR_METADATA), "%s: metadata 0x%x: %s", text, v, mma_status_name(st));
        FZ_CHECK(ok || reason != NULL, "no reason for metadata 0x%x", v);
        st = mma_sparse_meta_decode(&l, (uint8_t)v, pos, NULL);
        FZ_CHECK(st == (ok ? MMA_OK : MMA_ERR_METADATA), "decode 0x%x: %s", v, mma_status_name(st));
        if (ok) {
            const unsigned i0 = v & 3u, i1 = v >> 2;
            if (l.pattern == MMA_SPAT_1_2) {
                FZ_CHECK(pos[0] == (v == 0x4u ? 0u : 1u) && pos[1] == 0xEE, "tf32 decode 0x%x -> %u", v, pos[0]);
            } else if (l.pattern == MMA_SPAT_4_8_PAIRS) {
                FZ_CHECK(pos[0] == 2u * i0 && pos[1] == 2u * i0 + 1u && pos[2] == 2u * i1 && pos[3] == 2u * i1 + 1u,
                         "4:8 decode 0x%x", v);
            } else {
                FZ_CHECK(pos[0] == i0 && pos[1] == i1 && pos[2] == 0xEE, "2:4 decode 0x%x", v);
            }
        }
    }

    /* ---- a metadata array */
    const size_t rows = fz_u8(&in) % 17u;
    const size_t chunks = fz_u8(&in) % 17u;
    const size_t k = chunks * l.chunk + ((ctl & 2u) ? 1u : 0u); /* sometimes not a multiple of chunk */
    const size_t nmeta = rows * (k / l.chunk);
    uint8_t valid[16];
    unsigned nvalid = 0;
    for (unsigned v = 0; v < 16u; ++v) {
        if (model_meta_ok(&l, v)) {
            valid[nvalid++] = (uint8_t)v;
        }
    }
    uint8_t *meta = (uint8_t *)malloc(nmeta ? nmeta : 1u);
    FZ_CHECK(meta != NULL, "malloc");
    size_t first_bad = (size_t)-1;
    for (size_t i = 0; i < nmeta; ++i) {
        const uint8_t b = fz_u8(&in);
        meta[i] = (ctl & 4u) ? b : valid[b % nvalid]; /* raw bytes, or valid values */
        if (first_bad == (size_t)-1 && !model_meta_ok(&l, meta[i])) {
            first_bad = i;
        }
    }
    mma_sparse_diag diag;
    memset(&diag, 0, sizeof diag);
    st = mma_sparse_meta_validate(&l, rows, k, meta, &diag);
    if (k % l.chunk != 0) {
        FZ_CHECK(st == MMA_ERR_SHAPE, "k %zu not a multiple of %u: %s", k, l.chunk, mma_status_name(st));
    } else if (first_bad == (size_t)-1) {
        FZ_CHECK(st == MMA_OK, "valid metadata rejected: %s", mma_status_name(st));
    } else {
        const size_t per_row = k / l.chunk;
        FZ_CHECK(st == MMA_ERR_METADATA && diag.row == first_bad / per_row && diag.chunk == first_bad % per_row &&
                     diag.value == meta[first_bad] && diag.reason != NULL && diag.lane == MMA_SPARSE_NO_LANE,
                 "first bad metadata at %zu (0x%x): %s row %u chunk %u value 0x%x", first_bad, meta[first_bad],
                 mma_status_name(st), diag.row, diag.chunk, diag.value);
    }
    free(meta);

    /* ---- compress / decompress a dense matrix */
    if (k % l.chunk == 0) {
        const size_t n = rows * k;
        uint64_t *dense = (uint64_t *)malloc((n ? n : 1u) * sizeof *dense);
        uint64_t *packed = (uint64_t *)malloc((n / 2u ? n / 2u : 1u) * sizeof *packed);
        uint64_t *back = (uint64_t *)malloc((n ? n : 1u) * sizeof *back);
        uint8_t *cmeta = (uint8_t *)malloc(nmeta ? nmeta : 1u);
        FZ_CHECK(dense && packed && back && cmeta, "malloc");
        const uint8_t density = fz_u8(&in);
        uint64_t seed = fz_u64(&in) | 1u;
        for (size_t i = 0; i < n; ++i) {
            const uint64_t r = fz_rng(&seed);
            dense[i] = (r & 0xFFu) < density ? (r >> 8) & 0xFFFFu : 0u; /* any code: only zero matters */
        }
        /* Thin out the chunks so that most fit (ctl bit 3 keeps the raw density). */
        size_t bad_chunk = (size_t)-1;
        unsigned bad_mask = 0, bad_count = 0;
        for (size_t c = 0; c < nmeta; ++c) {
            uint64_t *ch = dense + (c / (k / l.chunk)) * k + (c % (k / l.chunk)) * l.chunk;
            if (!(ctl & 8u)) {
                while (popcount(chunk_mask(&l, ch, false)) > l.kept / (l.pattern == MMA_SPAT_4_8_PAIRS ? 2u : 1u)) {
                    unsigned e = (unsigned)(fz_rng(&seed) % l.chunk);
                    ch[e] = 0;
                    if (l.pattern == MMA_SPAT_4_8_PAIRS) {
                        ch[e ^ 1u] = 0;
                    }
                }
            }
            const unsigned mask = chunk_mask(&l, ch, false);
            if (bad_chunk == (size_t)-1 && popcount(mask) > l.kept / (l.pattern == MMA_SPAT_4_8_PAIRS ? 2u : 1u)) {
                bad_chunk = c;
                bad_mask = chunk_mask(&l, ch, true); /* diag.value: non-zero elements */
                bad_count = popcount(mask);          /* diag.count: non-zero elements (pairs for 4:8) */
            }
        }
        memset(&diag, 0, sizeof diag);
        st = mma_sparse_compress(&l, rows, k, dense, packed, cmeta, &diag);
        if (bad_chunk != (size_t)-1) {
            const size_t per_row = k / l.chunk;
            FZ_CHECK(st == MMA_ERR_METADATA && diag.row == bad_chunk / per_row && diag.chunk == bad_chunk % per_row &&
                         diag.value == bad_mask && diag.count == bad_count && diag.reason != NULL,
                     "compress: first full chunk %zu mask 0x%x: %s row %u chunk %u value 0x%x count %u", bad_chunk,
                     bad_mask, mma_status_name(st), diag.row, diag.chunk, diag.value, diag.count);
        } else {
            FZ_CHECK(st == MMA_OK, "compress of a sparse matrix: %s", mma_status_name(st));
            mma_sparse_layout other = l;
            other.variant = l.variant == MMA_SPARSE_SP ? MMA_SPARSE_SP_ORDERED : MMA_SPARSE_SP;
            FZ_CHECK(mma_sparse_meta_validate(&other, rows, k, cmeta, NULL) == MMA_OK,
                     "compressed metadata invalid for the other variant");
            st = mma_sparse_decompress(&l, rows, k, packed, cmeta, back, NULL);
            FZ_CHECK(st == MMA_OK, "decompress: %s", mma_status_name(st));
            FZ_CHECK(n == 0 || memcmp(dense, back, n * sizeof *dense) == 0, "decompress(compress(A)) != A");
        }
        free(dense);
        free(packed);
        free(back);
        free(cmeta);
    }

    /* ---- selectors */
    check_selectors(&ins, FORMS[form].threads, fz_u8(&in) % 6u, &in);
    return 0;
}
