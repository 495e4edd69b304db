/*
 * mmacore: register fragments - the map (lane, element index) <-> (row, col) of every register
 * operand of mma, mma.sp (stored A and the metadata e), .block_scale (scale-a-data, scale-b-data)
 * and wgmma.mma_async (A in registers and the accumulator D, 128 lanes).
 *
 * One description: mma_frag_layout_of reduces an instruction and an operand to a handful of rule
 * parameters (mma_frag_layout); mma_frag_coord and mma_frag_owner interpret them in both directions.
 * The rules (PTX ISA 9.7.14.5, 9.7.14.6.2, 9.7.15.5.1.1; seeds 000, 001, 003, 004):
 *
 *   groupID g = (%laneid % 32) / 4, threadID_in_group t = %laneid % 4, warp w = %laneid / 32
 *   (w = 0 for mma), E = the rule's atom (elements per 32-bit register for A and B, 2 for C and D).
 *
 *   MMA_FRAG_TILE   (A; C and D with E = 2; wgmma A and D):
 *                   row = 16w + g + 8 * ((i / E) % 2)
 *                   col = (i / (2E)) * 4E + t * E + i % E
 *   MMA_FRAG_KROWS  (B):  row = (i / E) * 4E + t * E + i % E,   col = g
 *   MMA_FRAG_META   (mma.sp metadata, see below)
 *   MMA_FRAG_SCALE_A / MMA_FRAG_SCALE_B (.block_scale scale registers, see below)
 *   MMA_FRAG_QP_*   (mma.m8n8k4 .f16: four independent 8x8x4 MMAs, one per quad pair, below)
 *
 * mma.sp: the A operand is the stored M x K/2 matrix (mma_operands.a of a sparse instruction); its
 * map is the dense TILE rule on M x K/2 (seed 004: the register holding a_i covers the dense chunk
 * [firstcol, lastcol] that contains the stored column). The dense column is chosen by the metadata.
 *
 * Metadata e (M x K/chunk 4-bit values, mma_operands.meta): the lanes t of each quad selected by the
 * sparsity selector (mma_sparse_selector_decode) hold, in selector order j = 0, 1, .., one 32-bit
 * register each, nibble n (bits 4n+3..4n) being e_n. The quad's nibble stream s = 8j + n follows
 * the stored A registers in order: register r (row g + 8 (r % 2)) covers npr = 8 E_A / chunk
 * consecutive chunks of its row, so  r = s / npr,  row = g + 8 (r % 2),  col = (r / 2) npr + s % npr.
 * (Verified against: a GPU-run test of mma.sp m16n8k16 f16 (nibble 4 (i/8) + chunk of thread
 * 4g + f); CUTLASS CuTe SM90 GMMA ELayout_64x16 / 64x32 / 64x64 for the tf32 / f16 / 8-bit cases.)
 *
 * Scale factors (.block_scale, PTX 9.7.14.3, CuTe SM120 SFALayout / SFBLayout): scale-a-data of the
 * lane with t = 2 thread-id-a + h (h = 0, 1) holds row g + 8h of scale_A (M x vec), its bytes
 * byte-id-a .. byte-id-a + vec - 1 being columns 0 .. vec-1; scale-b-data of the lane with
 * t = thread-id-b holds column g of scale_B (vec x N), bytes byte-id-b + v being rows v. The element
 * index of a scale operand is the byte number 0..3 of the register.
 *
 * mma.m8n8k4 .f16: quad pair q = (%laneid / 4) % 4 (lanes 4q..4q+3 and 16+4q..16+4q+3) computes MMA
 * number q; hi = %laneid >= 16. The map stacks the four problems: A, C and D of MMA q are rows
 * 8q..8q+7 (A 32 x 4, C/D 32 x 8) and B of MMA q is columns 8q..8q+7 (B 4 x 32).
 *   A .row: row = t + 4hi, col = i          A .col: row = i + 4hi, col = t
 *   B .row: row = t, col = i + 4hi          B .col: row = i, col = t + 4hi
 *   C/D .f16: row = t + 4hi, col = i        C/D .f32: row = (t & 1) + (i & 2) + 4hi,
 *                                                     col = (i & 4) + (t & 2) + (i & 1)
 *
 * wmma has no documented fragment layout (it is implementation-defined): MMA_ERR_INSTRUCTION. wgmma
 * reads B (and optionally A) from shared memory: B has no register fragment (MMA_ERR_INSTRUCTION).
 *
 * Registers: element i of a lane sits in register i / per_reg at bits (i % per_reg) * elem_bits
 * (f16x2: the lower index in the low half; 8-bit 4 per .b32, 4-bit 8, b1 32, low to high). An .f64
 * element takes two registers (2i = low word, 2i+1 = high word). In .kind::f8f6f4 and
 * .kind::mxf8f6f4 every A/B element has an 8-bit container: .e2m1 in bits [5:2], .e3m2/.e2m3 in
 * bits [5:0]; the padding bits must be zero (else MMA_ERR_CODE). .kind::mxf4/.mxf4nvf4 pack .e2m1
 * two per byte (4-bit elements).
 */
#ifndef MMA_FRAGMENT_H
#define MMA_FRAGMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mma/instr.h"
#include "mma/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The register operands of an instruction. */
typedef enum mma_operand {
    MMA_OPERAND_A = 0, /* A: M x K (mma.sp: the stored M x K/2) */
    MMA_OPERAND_B,     /* B: K x N (mma only) */
    MMA_OPERAND_C,     /* C: M x N */
    MMA_OPERAND_D,     /* D: M x N */
    MMA_OPERAND_E,     /* mma.sp metadata: M x (K / chunk) 4-bit values */
    MMA_OPERAND_SFA,   /* .block_scale scale_A: M x vec */
    MMA_OPERAND_SFB,   /* .block_scale scale_B: vec x N */
    MMA_OPERAND_COUNT
} mma_operand;

/* The formula a map follows (see the header comment). */
typedef enum mma_frag_rule {
    MMA_FRAG_TILE = 0,
    MMA_FRAG_KROWS,
    MMA_FRAG_META,
    MMA_FRAG_SCALE_A,
    MMA_FRAG_SCALE_B,
    MMA_FRAG_QP_A_ROW,
    MMA_FRAG_QP_A_COL,
    MMA_FRAG_QP_B_ROW,
    MMA_FRAG_QP_B_COL,
    MMA_FRAG_QP_C_F16,
    MMA_FRAG_QP_C_F32,
    MMA_FRAG_RULE_COUNT
} mma_frag_rule;

/* How an A/B element sits in its register bits. */
typedef enum mma_frag_container {
    MMA_FRAG_PLAIN = 0,  /* the code fills elem_bits */
    MMA_FRAG_BITS_5_2,   /* .kind::f8f6f4/mxf8f6f4 .e2m1: code in bits [5:2] of a byte, others zero */
    MMA_FRAG_BITS_5_0    /* .kind::f8f6f4/mxf8f6f4 .e3m2/.e2m3: code in bits [5:0], bits [7:6] zero */
} mma_frag_container;

/* The selectors that decide which lanes hold metadata and scale factors (all zero when unused). */
typedef struct mma_frag_select {
    uint32_t sparsity;    /* operand f of mma.sp */
    uint32_t byte_id_a;   /* .block_scale {byte-id-a, thread-id-a} */
    uint32_t thread_id_a;
    uint32_t byte_id_b;   /* .block_scale {byte-id-b, thread-id-b} */
    uint32_t thread_id_b;
} mma_frag_select;

/* The map of one operand: rule parameters and register geometry (plain data, from mma_frag_layout_of). */
typedef struct mma_frag_layout {
    uint8_t operand;    /* mma_operand */
    uint8_t rule;       /* mma_frag_rule */
    uint8_t format;     /* mma_format of the elements (metadata: MMA_FMT_U4; scales: .stype) */
    uint8_t atom;       /* E of the TILE/KROWS rules; META: npr (nibbles per stored-A register) */
    uint16_t lanes;     /* 32 (mma) or 128 (wgmma) */
    uint16_t rows;      /* rows of the matrix the map covers (stacked for m8n8k4 .f16) */
    uint16_t cols;      /* its columns */
    uint16_t elems;     /* element indices per lane (0 .. elems-1) */
    uint16_t regs;      /* 32-bit registers per lane */
    uint8_t elem_bits;  /* bits of one element in its register: 1, 4, 8, 16, 32 or 64 */
    uint8_t per_reg;    /* elements per 32-bit register (0 for .f64: two registers per element) */
    uint8_t container;  /* mma_frag_container */
    uint8_t nmat;       /* independent MMAs in the map: 4 for mma.m8n8k4 .f16, else 1 */
    uint8_t quad_mask;  /* META/SCALE_*: bit t set if lanes with %laneid % 4 == t hold elements; else 0xF */
    uint8_t first_byte; /* SCALE_*: first byte used of the scale register */
    uint8_t nbytes;     /* SCALE_*: bytes used (vec) */
    uint8_t reserved;
} mma_frag_layout;

/* Fills the map of one operand of a valid instruction; sel (may be NULL = all zero) picks metadata/scale lanes. */
mma_status mma_frag_layout_of(const mma_instr *ins, mma_operand operand, const mma_frag_select *sel,
                              mma_frag_layout *out);

/* Where element `index` of `lane` lies: *held = false (row, col untouched) if that lane holds no such element. */
mma_status mma_frag_coord(const mma_frag_layout *layout, uint32_t lane, uint32_t index, bool *held, uint32_t *row,
                          uint32_t *col);

/* The inverse map: the lane and element index holding (row, col); MMA_ERR_BUFFER if outside the matrix. */
mma_status mma_frag_owner(const mma_frag_layout *layout, uint32_t row, uint32_t col, uint32_t *lane,
                          uint32_t *index);

/*
 * Reads element `index` from one lane's registers (layout->regs words) as a code; MMA_ERR_CODE for non-zero padding.
 * get/put: MMA_ERR_INSTRUCTION if the layout's packing fields are inconsistent (e.g. a hand-built layout whose
 * regs registers cannot hold elems elements), MMA_ERR_BUFFER for an index >= elems.
 */
mma_status mma_frag_get(const mma_frag_layout *layout, const uint32_t *lane_regs, uint32_t index, uint64_t *code);

/* Writes a code as element `index` into one lane's registers (other bits kept); MMA_ERR_CODE if it does not fit. */
mma_status mma_frag_put(const mma_frag_layout *layout, uint32_t *lane_regs, uint32_t index, uint64_t code);

/*
 * Reads a whole operand from all lanes' registers (regs: layout->lanes x layout->regs words, lane-major)
 * into its matrix (layout->rows x layout->cols codes, row-major); elements no lane holds are untouched.
 * On MMA_ERR_CODE (non-zero container padding) *bad_lane and *bad_index (may be NULL) name the element.
 */
mma_status mma_frag_gather(const mma_frag_layout *layout, const uint32_t *regs, uint64_t *matrix, uint32_t *bad_lane,
                           uint32_t *bad_index);

/* Writes a matrix (layout->rows x layout->cols codes) into all lanes' registers, zeroing every other register bit. */
mma_status mma_frag_scatter(const mma_frag_layout *layout, const uint64_t *matrix, uint32_t *regs);

/* Returns the lower-case name of an operand ("a", "b", "c", "d", "e", "sfa", "sfb"), or NULL if out of range. */
const char *mma_operand_name(mma_operand operand);

#ifdef __cplusplus
}
#endif
#endif /* MMA_FRAGMENT_H */
