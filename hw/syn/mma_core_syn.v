// Synthesis top of the compute core (hw/syn/area.sh): mma_core with the parameters and mode table
// of the configuration named by MMA_CFG_VH (a generated hw/rtl/gen/mma_cfg_<name>.vh), the same
// way sim/core/tb_mma_core.v instantiates it. The mode word is the configuration's table indexed
// by mode_idx_i, so only the configuration's modes are reachable (mode bits that are constant over
// the table become constants after the mode register, and synthesis removes the logic no mode
// uses). Buffer sizes are those of the core harness (P = 3, MAXM = TM*P*4, MAXN = TN*8, WPR = 32).
//
// Optional overrides (yosys `read_verilog -D...`), for variants that are not a configuration:
//   MMA_SYN_TM, MMA_SYN_TN   array size instead of the configuration's (e.g. 1 x 1 to fit an iCE40)
//   MMA_SYN_WPR              step words per A row / B column (buffer depth)
`ifndef MMA_CFG_VH
`define MMA_CFG_VH "mma_cfg_default.vh"
`endif
module mma_core_syn #(
    parameter LDW = 64 * 8        // load port width (bits); the core takes the low NB*8
) (
    input  wire             clk_i,
    input  wire             rst_ni,
    input  wire [7:0]       mode_idx_i,
    input  wire             ordered_i,
    input  wire [15:0]      m_i,
    input  wire [15:0]      n_i,
    input  wire [15:0]      steps_i,
    input  wire             start_i,
    output wire             busy_o,
    output wire             done_o,
    output wire             err_meta_o,
    output wire             err_code_o,
    output wire [31:0]      busy_cycles_o,
    input  wire             ld_we_i,
    input  wire [2:0]       ld_sel_i,
    input  wire [7:0]       ld_bank_i,
    input  wire [15:0]      ld_addr_i,
    input  wire [LDW-1:0]   ld_data_i,
    input  wire             rd_en_i,
    input  wire [7:0]       rd_bank_i,
    input  wire [15:0]      rd_addr_i,
    output wire [31:0]      rd_data_o
);
`include "mma_fmt.vh"
`include "mma_mode.vh"
`include `MMA_CFG_VH
`ifdef MMA_SYN_TM
    localparam TM = `MMA_SYN_TM;
`else
    localparam TM = CFG_TM;
`endif
`ifdef MMA_SYN_TN
    localparam TN = `MMA_SYN_TN;
`else
    localparam TN = CFG_TN;
`endif
`ifdef MMA_SYN_WPR
    localparam WPR = `MMA_SYN_WPR;
`else
    localparam WPR = 32;
`endif
    localparam P = 3;
    localparam MAXM = TM * P * 4;
    localparam MAXN = TN * 8;
    localparam NB = CFG_HAS_SPARSE ? 2 * CFG_W : CFG_W;
    localparam AAW = $clog2((MAXM / TM > MAXN / TN ? MAXM / TM : MAXN / TN) * WPR);
    localparam CAW = $clog2(MAXM * MAXN / (TM * TN));
    mma_core #(.TM(TM), .TN(TN), .NL(CFG_NL), .NN(CFG_NN), .F_MAIN(CFG_F_MAIN), .F_GRP(CFG_F_GRP),
               .HAS_SPARSE(CFG_HAS_SPARSE), .HAS_SCALE(CFG_HAS_SCALE), .HAS_INT(CFG_HAS_INT), .HAS_SEP(CFG_HAS_SEP),
               .HAS_PAIR(CFG_HAS_PAIR), .MODE_W(MODE_BITS), .MAXM(MAXM), .MAXN(MAXN), .WPR(WPR), .P(P),
               .SLOT_W(2), .AAW(AAW), .CAW(CAW)) u_core (
        .clk_i(clk_i), .rst_ni(rst_ni), .mode_i(cfg_mode(mode_idx_i)), .ordered_i(ordered_i), .m_i(m_i),
        .n_i(n_i), .steps_i(steps_i), .start_i(start_i), .busy_o(busy_o), .done_o(done_o),
        .err_meta_o(err_meta_o), .err_code_o(err_code_o), .busy_cycles_o(busy_cycles_o),
        .ld_we_i(ld_we_i), .ld_sel_i(ld_sel_i), .ld_bank_i(ld_bank_i), .ld_addr_i(ld_addr_i[AAW-1:0]),
        .ld_data_i(ld_data_i[NB*8-1:0]), .rd_en_i(rd_en_i), .rd_bank_i(rd_bank_i), .rd_addr_i(rd_addr_i[CAW-1:0]),
        .rd_data_o(rd_data_o));
endmodule
