// iCEBreaker (iCE40UP5K-SG48) top: the mmacore SoC (hw/rtl/soc) WITHOUT the accelerator for now
// (the slot reads 0; the lead adds the largest accelerator configuration that fits). 12 MHz clock
// straight from the board, 8 KiB of block RAM holding the firmware (RAM_INIT, built from
// hello_8k.elf by build.sh), UART TX at 115200 8N1 on the FTDI's second channel, LEDs: green =
// firmware passed (exit 0), red = failed or trapped. The DMA port is tied off.
module mma_icebreaker_top #(
    parameter RAM_INIT = "firmware.hex",
    parameter CPU_VEXRISCV = 0         // the SoC's CPU: 0 PicoRV32, 1 VexRiscv (build.sh --cpu vexriscv)
) (
    input  wire clk,        // 12 MHz
    input  wire ser_rx,
    output wire ser_tx,
    output wire ledr_n,
    output wire ledg_n
);
    // power-on reset: 16 cycles
    reg [4:0] por_q = 5'd0;
    wire rst_n = por_q[4];
    always @(posedge clk) if (!rst_n) por_q <= por_q + 5'd1;

    wire trap, exit_valid;
    wire [15:0] exit_code;

    mma_soc_top #(
        .RAM_BYTES(8192),
        .RAM_INIT(RAM_INIT),
        .DMA_DATA_W(32),
        .UART_DIV(104),          // 12 MHz / 115200
        .LOOKAHEAD(0),           // registered RAM access: the look-ahead path limits Fmax
        .FAST_MUL(1),            // SB_MAC16 DSPs
        .BARREL_SHIFTER(1),
        .CPU_VEXRISCV(CPU_VEXRISCV)
    ) u_soc (
        .clk_i(clk), .rst_ni(rst_n), .cpu_hold_i(1'b0),
        .trap_o(trap), .exit_valid_o(exit_valid), .exit_code_o(exit_code),
        .bad_access_o(), .bad_addr_o(), .mtime_o(),
        .uart_tx_o(ser_tx), .uart_tx_valid_o(), .uart_tx_data_o(),
        .accel_present_i(1'b0),
        .m_axil_awaddr_o(), .m_axil_awprot_o(), .m_axil_awvalid_o(), .m_axil_awready_i(1'b0),
        .m_axil_wdata_o(), .m_axil_wstrb_o(), .m_axil_wvalid_o(), .m_axil_wready_i(1'b0),
        .m_axil_bresp_i(2'b00), .m_axil_bvalid_i(1'b0), .m_axil_bready_o(),
        .m_axil_araddr_o(), .m_axil_arprot_o(), .m_axil_arvalid_o(), .m_axil_arready_i(1'b0),
        .m_axil_rdata_i(32'd0), .m_axil_rresp_i(2'b00), .m_axil_rvalid_i(1'b0), .m_axil_rready_o(),
        .accel_irq_i(1'b0),
        .s_axi_awid_i(4'd0), .s_axi_awaddr_i(32'd0), .s_axi_awlen_i(8'd0), .s_axi_awsize_i(3'd0),
        .s_axi_awburst_i(2'd0), .s_axi_awvalid_i(1'b0), .s_axi_awready_o(),
        .s_axi_wdata_i(32'd0), .s_axi_wstrb_i(4'd0), .s_axi_wlast_i(1'b0), .s_axi_wvalid_i(1'b0), .s_axi_wready_o(),
        .s_axi_bid_o(), .s_axi_bresp_o(), .s_axi_bvalid_o(), .s_axi_bready_i(1'b1),
        .s_axi_arid_i(4'd0), .s_axi_araddr_i(32'd0), .s_axi_arlen_i(8'd0), .s_axi_arsize_i(3'd0),
        .s_axi_arburst_i(2'd0), .s_axi_arvalid_i(1'b0), .s_axi_arready_o(),
        .s_axi_rid_o(), .s_axi_rdata_o(), .s_axi_rresp_o(), .s_axi_rlast_o(), .s_axi_rvalid_o(), .s_axi_rready_i(1'b1)
    );

    assign ledg_n = !(exit_valid && exit_code == 16'd0);
    assign ledr_n = !(trap || (exit_valid && exit_code != 16'd0));
    wire unused = ser_rx;
endmodule
