// Place-and-route top (hw/syn/area.sh --pnr): mma_core_syn behind a serial pin interface, so that
// a core with hundreds of port bits fits the pins of a package. Every input of the core comes from
// one shift register fed by sin_i; every output is captured into another (cap_i) and shifted out
// on sout_o. The shift registers cost about one FF per core port bit (and a LUT per output bit):
// area.sh reports the area of mma_core_syn alone, and only Fmax from this top.
`ifndef MMA_CFG_VH
`define MMA_CFG_VH "mma_cfg_default.vh"
`endif
module mma_core_pnr (
    input  wire clk_i,
    input  wire rst_ni,
    input  wire sin_i,
    input  wire cap_i,
    output wire sout_o
);
`include "mma_fmt.vh"
`include "mma_mode.vh"
`include `MMA_CFG_VH
    localparam LDW = (CFG_HAS_SPARSE ? 2 * CFG_W : CFG_W) * 8;
    // input bits: mode_idx 8, ordered 1, m/n/steps 48, start 1, ld_we 1, ld_sel 3, ld_bank 8,
    // ld_addr 16, rd_en 1, rd_bank 8, rd_addr 16, ld_data LDW
    localparam NI = 8 + 1 + 48 + 1 + 1 + 3 + 8 + 16 + 1 + 8 + 16 + LDW;
    localparam NO = 4 + 32 + 32;
    reg  [NI-1:0] in_q;
    reg  [NO-1:0] out_q;
    wire [NO-1:0] outs;
    always @(posedge clk_i) begin
        in_q <= {in_q[NI-2:0], sin_i};
        out_q <= cap_i ? outs : {1'b0, out_q[NO-1:1]};
    end
    assign sout_o = out_q[0];
    mma_core_syn #(.LDW(LDW)) u_syn (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .mode_idx_i(in_q[7:0]), .ordered_i(in_q[8]), .m_i(in_q[24:9]), .n_i(in_q[40:25]),
        .steps_i(in_q[56:41]), .start_i(in_q[57]),
        .busy_o(outs[0]), .done_o(outs[1]), .err_meta_o(outs[2]), .err_code_o(outs[3]),
        .busy_cycles_o(outs[35:4]),
        .ld_we_i(in_q[58]), .ld_sel_i(in_q[61:59]), .ld_bank_i(in_q[69:62]), .ld_addr_i(in_q[85:70]),
        .rd_en_i(in_q[86]), .rd_bank_i(in_q[94:87]), .rd_addr_i(in_q[110:95]),
        .ld_data_i(in_q[NI-1:111]),
        .rd_data_o(outs[67:36]));
endmodule
