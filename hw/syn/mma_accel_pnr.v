// Place-and-route top (hw/syn/area.sh --pnr): the accelerator (mma_accel, the configuration named
// by MMA_CFG_VH) behind a serial pin interface, so that its ~760 port bits fit the pins of a
// package. Every input comes from one shift register fed by sin_i; every output is captured into
// another (cap_i) and shifted out on sout_o. The shift registers cost about one FF per port bit:
// area.sh reports the area of mma_accel alone, and only Fmax from this top.
`ifndef MMA_CFG_VH
`define MMA_CFG_VH "mma_cfg_default.vh"
`endif
module mma_accel_pnr (
    input  wire clk_i,
    input  wire rst_ni,
    input  wire sin_i,
    input  wire cap_i,
    output wire sout_o
);
    localparam NI = 331;   // every input of mma_accel but the clock and the reset
    localparam NO = 427;   // every output
    reg  [NI-1:0] i;
    reg  [NO-1:0] out_q;
    wire [NO-1:0] o;
    always @(posedge clk_i) begin
        i <= {i[NI-2:0], sin_i};
        out_q <= cap_i ? o : {1'b0, out_q[NO-1:1]};
    end
    assign sout_o = out_q[0];
    mma_accel u_accel (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .s_awaddr_i(i[11:0]), .s_awvalid_i(i[12]), .s_awready_o(o[0]),
        .s_wdata_i(i[44:13]), .s_wstrb_i(i[48:45]), .s_wvalid_i(i[49]), .s_wready_o(o[1]),
        .s_bresp_o(o[3:2]), .s_bvalid_o(o[4]), .s_bready_i(i[50]),
        .s_araddr_i(i[62:51]), .s_arvalid_i(i[63]), .s_arready_o(o[5]),
        .s_rdata_o(o[37:6]), .s_rresp_o(o[39:38]), .s_rvalid_o(o[40]), .s_rready_i(i[64]),
        .m_araddr_o(o[72:41]), .m_arlen_o(o[80:73]), .m_arsize_o(o[83:81]), .m_arburst_o(o[85:84]),
        .m_arvalid_o(o[86]), .m_arready_i(i[65]),
        .m_rdata_i(i[321:66]), .m_rresp_i(i[323:322]), .m_rlast_i(i[324]), .m_rvalid_i(i[325]), .m_rready_o(o[87]),
        .m_awaddr_o(o[119:88]), .m_awlen_o(o[127:120]), .m_awsize_o(o[130:128]), .m_awburst_o(o[132:131]),
        .m_awvalid_o(o[133]), .m_awready_i(i[326]),
        .m_wdata_o(o[389:134]), .m_wstrb_o(o[421:390]), .m_wlast_o(o[422]), .m_wvalid_o(o[423]), .m_wready_i(i[327]),
        .m_bresp_i(i[329:328]), .m_bvalid_i(i[330]), .m_bready_o(o[424]),
        .irq_o(o[425]), .busy_o(o[426]));
endmodule
