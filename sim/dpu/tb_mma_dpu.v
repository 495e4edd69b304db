// Test top of the DPU harness (sim/dpu/tb_mma_dpu.cpp): one mma_dpu with the parameters of the
// configuration named by the MMA_CFG_VH define (a generated hw/rtl/gen/mma_cfg_<name>.vh).
`ifndef MMA_CFG_VH
`define MMA_CFG_VH "mma_cfg_default.vh"
`endif
module tb_mma_dpu (
    input  wire          clk_i,
    input  wire          rst_ni,
    input  wire [7:0]    mode_idx_i,
    input  wire          ordered_i,
    input  wire          valid_i,
    input  wire [1:0]    slot_i,
    input  wire          first_i,
    input  wire          chunk_first_i,
    input  wire          chunk_last_i,
    input  wire          last_i,
    input  wire          half_i,
    input  wire [31:0]   c_i,
    input  wire [32*8-1:0] a_i,
    input  wire [64*8-1:0] b_i,
    input  wire [63:0]   meta_i,
    input  wire [31:0]   sa_i,
    input  wire [31:0]   sb_i,
    output wire          valid_o,
    output wire [1:0]    slot_o,
    output wire [31:0]   d_o,
    output wire          err_meta_o,
    output wire          err_code_o,
    output wire          busy_o,
    output wire [7:0]    nmodes_o,
    output wire [7:0]    w_o,
    output wire [7:0]    slots_o      // the DPU's P, which the harness checks against its own count
);
`include "mma_fmt.vh"
`include "mma_mode.vh"
`include `MMA_CFG_VH
    localparam NB = CFG_HAS_SPARSE ? 2 * CFG_W : CFG_W;
    localparam META_W = CFG_HAS_SPARSE ? 2 * CFG_W : 4;
    // the mode word is a register, as in the core (the DPU's logic then depends on registers only)
    reg [MODE_BITS-1:0] mode_q;
    always @(posedge clk_i) mode_q <= cfg_mode(mode_idx_i);
    assign nmodes_o = CFG_NMODES;
    assign w_o = CFG_W;
    localparam P = 4;                 // accumulator slots (slot_i is 2 bits wide)
    assign slots_o = P;
    mma_dpu #(.NL(CFG_NL), .HAS_PACKED(CFG_HAS_PACKED), .F_MAIN(CFG_F_MAIN), .F_GRP(CFG_F_GRP), .HAS_SPARSE(CFG_HAS_SPARSE),
              .HAS_SCALE(CFG_HAS_SCALE), .HAS_INT(CFG_HAS_INT), .HAS_SEP(CFG_HAS_SEP), .HAS_PAIR(CFG_HAS_PAIR),
              .LANE_FMTS(CFG_LANE_FMTS), .P(P), .SLOT_W(2), .MODE_W(MODE_BITS)) u_dpu (
        .clk_i(clk_i), .rst_ni(rst_ni), .mode_i(mode_q), .ordered_i(ordered_i),
        .valid_i(valid_i), .slot_i(slot_i), .first_i(first_i), .cont_i(1'b0), .chunk_first_i(chunk_first_i),
        .chunk_last_i(chunk_last_i), .last_i(last_i), .half_i(half_i), .c_i(c_i),
        .a_i(a_i[CFG_W*8-1:0]), .b_i(b_i[NB*8-1:0]), .meta_i(meta_i[META_W-1:0]), .sa_i(sa_i), .sb_i(sb_i),
        .valid_o(valid_o), .slot_o(slot_o), .d_o(d_o), .err_meta_o(err_meta_o), .err_code_o(err_code_o),
        .busy_o(busy_o));
endmodule
