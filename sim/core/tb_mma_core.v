// Test top of the core harness (sim/core/tb_mma_core.cpp): mma_core with the parameters and mode
// table of the configuration named by MMA_CFG_VH (a generated hw/rtl/gen/mma_cfg_<name>.vh).
`ifndef MMA_CFG_VH
`define MMA_CFG_VH "mma_cfg_default.vh"
`endif
module tb_mma_core (
    input  wire          clk_i,
    input  wire          rst_ni,
    input  wire [7:0]    mode_idx_i,
    input  wire          ordered_i,
    input  wire [15:0]   m_i,
    input  wire [15:0]   n_i,
    input  wire [15:0]   steps_i,
    input  wire          start_i,
    output wire          busy_o,
    output wire          done_o,
    output wire          err_meta_o,
    output wire          err_code_o,
    output wire [31:0]   busy_cycles_o,
    input  wire          ld_we_i,
    input  wire [2:0]    ld_sel_i,
    input  wire [7:0]    ld_bank_i,
    input  wire [15:0]   ld_addr_i,
    input  wire [64*8-1:0] ld_data_i,
    input  wire          rd_en_i,
    input  wire [7:0]    rd_bank_i,
    input  wire [15:0]   rd_addr_i,
    output wire [31:0]   rd_data_o,
    output wire [7:0]    cfg_id_o,
    output wire [7:0]    tm_o,
    output wire [7:0]    tn_o,
    output wire [7:0]    w_o,
    output wire [15:0]   maxm_o,
    output wire [15:0]   maxn_o,
    output wire [15:0]   wpr_o
);
`include "mma_fmt.vh"
`include "mma_mode.vh"
`include `MMA_CFG_VH
    localparam P = 3;
    localparam MAXM = CFG_TM * P * 4;
    localparam MAXN = CFG_TN * 8;
    localparam WPR = 32;
    localparam NB = CFG_HAS_SPARSE ? 2 * CFG_W : CFG_W;
    assign cfg_id_o = CFG_ID;
    assign tm_o = CFG_TM;
    assign tn_o = CFG_TN;
    assign w_o = CFG_W;
    assign maxm_o = MAXM;
    assign maxn_o = MAXN;
    assign wpr_o = WPR;
    mma_core #(.TM(CFG_TM), .TN(CFG_TN), .NL(CFG_NL), .NN(CFG_NN), .F_MAIN(CFG_F_MAIN), .F_GRP(CFG_F_GRP),
               .HAS_SPARSE(CFG_HAS_SPARSE), .HAS_SCALE(CFG_HAS_SCALE), .HAS_INT(CFG_HAS_INT), .HAS_SEP(CFG_HAS_SEP),
               .HAS_PAIR(CFG_HAS_PAIR), .MODE_W(MODE_BITS), .MAXM(MAXM), .MAXN(MAXN), .WPR(WPR), .P(P),
               .SLOT_W(2)) u_core (
        .clk_i(clk_i), .rst_ni(rst_ni), .mode_i(cfg_mode(mode_idx_i)), .ordered_i(ordered_i), .m_i(m_i),
        .n_i(n_i), .steps_i(steps_i), .start_i(start_i), .busy_o(busy_o), .done_o(done_o),
        .err_meta_o(err_meta_o), .err_code_o(err_code_o), .busy_cycles_o(busy_cycles_o),
        .ld_we_i(ld_we_i), .ld_sel_i(ld_sel_i), .ld_bank_i(ld_bank_i), .ld_addr_i(ld_addr_i),
        .ld_data_i(ld_data_i[NB*8-1:0]), .rd_en_i(rd_en_i), .rd_bank_i(rd_bank_i), .rd_addr_i(rd_addr_i),
        .rd_data_o(rd_data_o));
endmodule
