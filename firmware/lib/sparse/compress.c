/* Sparse packing: dense A <-> stored values + metadata (canonical metadata for under-full chunks). */
#include "sparse_int.h"

/* Slots of a chunk that metadata indices can name, elements per slot, and slots kept. */
typedef struct slot_geom {
    unsigned slots;
    unsigned width;
    unsigned keep;
} slot_geom;

static slot_geom geom_of(const mma_sparse_layout *l)
{
    slot_geom g;
    if (l->pattern == MMA_SPAT_1_2) {
        g.slots = 2; /* the two elements; metadata 0b0100 / 0b1110 */
        g.width = 1;
        g.keep = 1;
    } else {
        g.slots = 4;
        g.width = l->pattern == MMA_SPAT_4_8_PAIRS ? 2u : 1u;
        g.keep = 2;
    }
    return g;
}

/* Metadata value of the chosen slots (ascending). */
static uint8_t meta_of(const mma_sparse_layout *l, const unsigned *chosen)
{
    if (l->pattern == MMA_SPAT_1_2) {
        return chosen[0] == 0 ? 0x4u : 0xEu;
    }
    return (uint8_t)(chosen[0] | (chosen[1] << 2));
}

/* Looks at one chunk: non-zero element mask and the canonical slot choice; false if too many non-zeros. */
static bool choose(const slot_geom *g, const uint64_t *chunk, unsigned *mask, unsigned *count, unsigned *chosen)
{
    unsigned used = 0, n = 0;
    *mask = 0;
    for (unsigned s = 0; s < g->slots; ++s) {
        bool nz = false;
        for (unsigned w = 0; w < g->width; ++w) {
            if (chunk[s * g->width + w] != 0) {
                nz = true;
                *mask |= 1u << (s * g->width + w);
            }
        }
        if (nz) {
            used |= 1u << s;
            ++n;
        }
    }
    *count = n;
    if (n > g->keep) {
        return false;
    }
    /* Fill up with the lowest unused slots, then list ascending: valid for both variants. */
    for (unsigned s = 0; s < g->slots && n < g->keep; ++s) {
        if ((used & (1u << s)) == 0) {
            used |= 1u << s;
            ++n;
        }
    }
    unsigned i = 0;
    for (unsigned s = 0; s < g->slots; ++s) {
        if (used & (1u << s)) {
            chosen[i++] = s;
        }
    }
    return true;
}

mma_status mma_sparse_compress(const mma_sparse_layout *layout, size_t rows, size_t k, const uint64_t *dense,
                               uint64_t *packed, uint8_t *meta, mma_sparse_diag *diag)
{
    if (layout == NULL || ((dense == NULL || packed == NULL || meta == NULL) && rows != 0 && k != 0)) {
        return MMA_ERR_NULL;
    }
    if (!mmai_sparse_layout_ok(layout)) {
        return MMA_ERR_INSTRUCTION;
    }
    if (k % layout->chunk != 0) {
        return MMA_ERR_SHAPE;
    }
    const slot_geom g = geom_of(layout);
    const size_t chunks = k / layout->chunk;
    /* Pass 1: every chunk must fit (so nothing is written on failure). */
    for (size_t r = 0; r < rows; ++r) {
        for (size_t c = 0; c < chunks; ++c) {
            unsigned mask, count, chosen[4];
            if (!choose(&g, &dense[r * k + c * layout->chunk], &mask, &count, chosen)) {
                if (diag != NULL) {
                    diag->row = (uint32_t)r;
                    diag->chunk = (uint32_t)c;
                    diag->lane = MMA_SPARSE_NO_LANE;
                    diag->value = (uint8_t)mask;
                    diag->count = (uint8_t)count;
                    diag->reason = layout->pattern == MMA_SPAT_4_8_PAIRS
                                       ? "chunk has more than 2 non-zero pairs (4:8 pair-wise sparsity)"
                                   : layout->pattern == MMA_SPAT_1_2
                                       ? "chunk has more than 1 non-zero element (1:2 sparsity)"
                                       : "chunk has more than 2 non-zero elements (2:4 sparsity)";
                }
                return MMA_ERR_METADATA;
            }
        }
    }
    /* Pass 2: write stored values and metadata. */
    for (size_t r = 0; r < rows; ++r) {
        for (size_t c = 0; c < chunks; ++c) {
            unsigned mask, count, chosen[4];
            const uint64_t *src = &dense[r * k + c * layout->chunk];
            uint64_t *dst = &packed[r * (k / 2u) + c * layout->kept];
            (void)choose(&g, src, &mask, &count, chosen);
            for (unsigned i = 0; i < g.keep; ++i) {
                for (unsigned w = 0; w < g.width; ++w) {
                    *dst++ = src[chosen[i] * g.width + w];
                }
            }
            meta[r * chunks + c] = meta_of(layout, chosen);
        }
    }
    return MMA_OK;
}

void mmai_sparse_expand_row(const mma_sparse_layout *layout, size_t k, const uint64_t *packed, const uint8_t *meta,
                           uint64_t *dense)
{
    const size_t chunks = k / layout->chunk;
    for (size_t c = 0; c < chunks; ++c) {
        mma_sparse_sel sel;
        uint64_t *dst = &dense[c * layout->chunk];
        for (unsigned e = 0; e < layout->chunk; ++e) {
            dst[e] = 0;
        }
        (void)mma_sparse_select(layout, meta[c], &sel); /* validated by the caller */
        for (unsigned s = 0; s < sel.kept; ++s) {
            dst[sel.pos[s]] = packed[c * layout->kept + s];
        }
    }
}

mma_status mma_sparse_decompress(const mma_sparse_layout *layout, size_t rows, size_t k, const uint64_t *packed,
                                 const uint8_t *meta, uint64_t *dense, mma_sparse_diag *diag)
{
    if (layout == NULL || ((dense == NULL || packed == NULL || meta == NULL) && rows != 0 && k != 0)) {
        return MMA_ERR_NULL;
    }
    mma_status st = mma_sparse_meta_validate(layout, rows, k, meta, diag);
    if (st != MMA_OK) {
        return st;
    }
    const size_t chunks = k / layout->chunk;
    for (size_t r = 0; r < rows; ++r) {
        mmai_sparse_expand_row(layout, k, &packed[r * (k / 2u)], &meta[r * chunks], &dense[r * k]);
    }
    return MMA_OK;
}
