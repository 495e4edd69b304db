// ULX3S (ECP5 LFE5U-85F) top: the mmacore SoC, with the accelerator when MMA_ULX3S_ACCEL is
// defined (board/ulx3s/build.sh --accel NAME: mma_soc_sys, the SoC joined to mma_accel in the
// configuration named by MMA_CFG_VH), else with the slot empty (mma_soc_top: the slot reads 0, the
// DMA port is tied off, DMA_DATA_W 32). 25 MHz clock straight from the board, the full 256 KiB RAM
// of the memory map in block RAM, holding the firmware (RAM_INIT, built from selftest.elf by
// build.sh: the same ELF as in simulation and under QEMU; rows of 256 bits with the accelerator,
// its DMA beat), UART TX at 115200 8N1 to the FTDI, LEDs: led[0] = firmware exited with 0 (with
// the accelerator: every job bit-exact with the golden model on the soft core), led[1] = exit 77
// (software path passed, no accelerator), led[2] = other exit code, led[3] = CPU trap, led[4] =
// the accelerator is busy. The accelerator's clock is not gated (ACCEL_CLOCK_GATE 0: a gated
// clock wants a clock buffer of its own).
module mma_ulx3s_top #(
    parameter RAM_INIT = "firmware.hex"
) (
    input  wire       clk_25mhz,
    input  wire       ftdi_txd,    // FTDI -> FPGA (unused)
    output wire       ftdi_rxd,    // FPGA -> FTDI: UART TX
    output wire [7:0] led
);
    wire clk = clk_25mhz;
    // power-on reset: 16 cycles
    reg [4:0] por_q = 5'd0;
    wire rst_n = por_q[4];
    always @(posedge clk) if (!rst_n) por_q <= por_q + 5'd1;

    wire trap, exit_valid, accel_busy;
    wire [15:0] exit_code;

`ifdef MMA_ULX3S_ACCEL
    mma_soc_sys #(
        .RAM_BYTES(262144),
        .RAM_INIT(RAM_INIT),
        .UART_DIV(217),          // 25 MHz / 115200
        .LOOKAHEAD(0),           // registered RAM access: the look-ahead path limits Fmax
        .FAST_MUL(1),            // MULT18X18D DSPs
        .BARREL_SHIFTER(1),
        .ENABLE_IRQ(0),          // the driver polls
        .ACCEL_CLOCK_GATE(0)
    ) u_sys (
        .clk_i(clk), .rst_ni(rst_n), .cpu_hold_i(1'b0),
        .trap_o(trap), .exit_valid_o(exit_valid), .exit_code_o(exit_code),
        .bad_access_o(), .bad_addr_o(), .mtime_o(),
        .uart_tx_o(ftdi_rxd), .uart_tx_valid_o(), .uart_tx_data_o(),
        .accel_irq_o(), .accel_busy_o(accel_busy), .accel_clk_en_o()
    );
`else
    assign accel_busy = 1'b0;
    mma_soc_top #(
        .RAM_BYTES(262144),
        .RAM_INIT(RAM_INIT),
        .DMA_DATA_W(32),
        .UART_DIV(217),          // 25 MHz / 115200
        .LOOKAHEAD(0),           // registered RAM access: the look-ahead path limits Fmax
        .FAST_MUL(1),            // MULT18X18D DSPs
        .BARREL_SHIFTER(1)
    ) u_soc (
        .clk_i(clk), .rst_ni(rst_n), .cpu_hold_i(1'b0),
        .trap_o(trap), .exit_valid_o(exit_valid), .exit_code_o(exit_code),
        .bad_access_o(), .bad_addr_o(), .mtime_o(),
        .uart_tx_o(ftdi_rxd), .uart_tx_valid_o(), .uart_tx_data_o(),
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
`endif

    assign led = {3'b000, accel_busy, trap, exit_valid && exit_code != 16'd0 && exit_code != 16'd77,
                  exit_valid && exit_code == 16'd77, exit_valid && exit_code == 16'd0};
    wire unused = ftdi_txd;
endmodule
