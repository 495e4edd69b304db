// Output-stationary array of TM x TN dot-product units, the twin of mma_gemm over one tile: DPU
// (r, c) computes the outputs of row r's A operands with column c's B operands; every DPU of a
// row shares its A step (and metadata and scale_A), every DPU of a column shares its B step (and
// scale_B); all DPUs run in lockstep, so one set of control signals drives the whole array and
// all results of a slot leave together. The DPUs are the block-FMA mma_dpu, or with DPU_EXACT the
// exact FP8 mma_dpu_exact (a configuration whose preset is `exact`): the same ports and protocol.
`include "mma_mode_bits.vh"
module mma_array #(
    parameter TM = 2,
    parameter TN = 2,
    parameter DPU_EXACT = 0,      // 1: mma_dpu_exact (the `exact` preset), 0: mma_dpu (block FMA)
    parameter NL = 32,
    parameter HAS_PACKED = 1,     // packed 4-bit modes: two beats a step (mma_dpu)
    parameter F_MAIN = 25,
    parameter F_GRP = 35,
    parameter HAS_SPARSE = 1,
    parameter HAS_SCALE = 1,
    parameter HAS_INT = 1,
    parameter HAS_SEP = 1,
    parameter HAS_PAIR = 1,
    parameter [31:0] LANE_FMTS = 32'h8001_EFFE,  // operand formats of the DPUs' lanes (mma_dpu)
    parameter P = 4,              // accumulator slots per DPU (>= 4, mma_dpu)
    parameter SLOT_W = 2,
    parameter MODE_W = `MMA_MODE_BITS,
    parameter NB = HAS_SPARSE ? 2 * NL : NL,    // derived
    parameter META_W = HAS_SPARSE ? 2 * NL : 4  // derived
) (
    input  wire                      clk_i,
    input  wire                      rst_ni,
    input  wire [MODE_W-1:0]         mode_i,
    input  wire                      ordered_i,
    input  wire                      valid_i,
    input  wire [SLOT_W-1:0]         slot_i,
    input  wire                      first_i,
    input  wire                      cont_i,
    input  wire                      chunk_first_i,
    input  wire                      chunk_last_i,
    input  wire                      last_i,
    input  wire                      half_i,
    input  wire [TM*TN*32-1:0]       c_i,        // C of DPU (r, c) at bits (r*TN + c)*32
    input  wire [TM*NL*8-1:0]        a_i,        // A step of row r at bits r*NL*8
    input  wire [TN*NB*8-1:0]        b_i,        // B step of column c at bits c*NB*8
    input  wire [TM*META_W-1:0]      meta_i,
    input  wire [TM*32-1:0]          sa_i,
    input  wire [TN*32-1:0]          sb_i,
    output wire                      valid_o,
    output wire [SLOT_W-1:0]         slot_o,
    output wire [TM*TN*32-1:0]       d_o,
    output wire [TM*TN-1:0]          err_meta_o,
    output wire [TM*TN-1:0]          err_code_o,
    output wire                      busy_o
);
    wire [TM*TN-1:0] v, busy;
    wire [TM*TN*SLOT_W-1:0] slots;
    genvar r, c;
    // one parameter and port list for either kind of DPU
`define MMA_ARRAY_DPU_PARAMS .NL(NL), .HAS_PACKED(HAS_PACKED), .F_MAIN(F_MAIN), .F_GRP(F_GRP), \
        .HAS_SPARSE(HAS_SPARSE), .HAS_SCALE(HAS_SCALE), .HAS_INT(HAS_INT), .HAS_SEP(HAS_SEP), .HAS_PAIR(HAS_PAIR), \
        .LANE_FMTS(LANE_FMTS), .P(P), .SLOT_W(SLOT_W), .MODE_W(MODE_W)
`define MMA_ARRAY_DPU_PORTS .clk_i(clk_i), .rst_ni(rst_ni), .mode_i(mode_i), .ordered_i(ordered_i), \
        .valid_i(valid_i), .slot_i(slot_i), .first_i(first_i), .cont_i(cont_i), .chunk_first_i(chunk_first_i), \
        .chunk_last_i(chunk_last_i), .last_i(last_i), .half_i(half_i), \
        .c_i(c_i[(r*TN + c)*32 +: 32]), .a_i(a_i[r*NL*8 +: NL*8]), .b_i(b_i[c*NB*8 +: NB*8]), \
        .meta_i(meta_i[r*META_W +: META_W]), .sa_i(sa_i[r*32 +: 32]), .sb_i(sb_i[c*32 +: 32]), \
        .valid_o(v[r*TN + c]), .slot_o(slots[(r*TN + c)*SLOT_W +: SLOT_W]), \
        .d_o(d_o[(r*TN + c)*32 +: 32]), .err_meta_o(err_meta_o[r*TN + c]), \
        .err_code_o(err_code_o[r*TN + c]), .busy_o(busy[r*TN + c])
    generate
        for (r = 0; r < TM; r = r + 1) begin : g_row
            for (c = 0; c < TN; c = c + 1) begin : g_col
                if (DPU_EXACT != 0) begin : g_exact
                    mma_dpu_exact #(`MMA_ARRAY_DPU_PARAMS) u_dpu (`MMA_ARRAY_DPU_PORTS);
                end else begin : g_bfma
                    mma_dpu #(`MMA_ARRAY_DPU_PARAMS) u_dpu (`MMA_ARRAY_DPU_PORTS);
                end
            end
        end
    endgenerate
`undef MMA_ARRAY_DPU_PARAMS
`undef MMA_ARRAY_DPU_PORTS
    // lockstep: DPU (0, 0) speaks for all
    assign valid_o = v[0];
    assign slot_o = slots[SLOT_W-1:0];
    assign busy_o = |busy;
endmodule
