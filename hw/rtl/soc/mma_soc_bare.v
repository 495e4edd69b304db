// The mmacore SoC with its accelerator slot empty, for board tops: mma_soc_top with the register
// port and the DMA port tied off (the register window reads 0, nothing ever masters the RAM's DMA
// port, so its write port vanishes in synthesis) and a 32-bit DMA row (DMA_DATA_W 32: the RAM's
// rows are CPU words). What a board chooses stays a parameter: the RAM, its image, the UART divisor
// and the CPU. A harness that drives the slot itself (sim/soc) takes mma_soc_top; a board with the
// accelerator takes mma_soc_sys.
module mma_soc_bare #(
    parameter RAM_BYTES = 262144,     // a multiple of 4 (a power of two or not)
    parameter RAM_INIT = "",          // optional $readmemh file of the RAM (32-bit rows)
    parameter UART_DIV = 0,           // clock cycles per UART bit; 0 = simulation (no serializer)
    parameter LOOKAHEAD = 0,          // RAM on PicoRV32's look-ahead interface (limits an FPGA's Fmax)
    parameter FAST_MUL = 1,           // the multiplier in DSP blocks
    parameter BARREL_SHIFTER = 1,
    parameter COUNTERS = 1,           // PicoRV32's rdcycle / rdinstret (mma_soc_top)
    parameter CPU_VEXRISCV = 0        // 0: PicoRV32 (RV32IMC); 1: VexRiscv (RV32IM, + mma_soc_cpu_vexriscv.v)
) (
    input  wire        clk_i,
    input  wire        rst_ni,        // synchronous, active low
    output wire        trap_o,        // the CPU halted on a trap (mma_soc_top)
    output wire        exit_valid_o,
    output wire [15:0] exit_code_o,
    output wire        uart_tx_o
);
    mma_soc_top #(
        .RAM_BYTES(RAM_BYTES),
        .RAM_INIT(RAM_INIT),
        .DMA_DATA_W(32),
        .UART_DIV(UART_DIV),
        .LOOKAHEAD(LOOKAHEAD),
        .FAST_MUL(FAST_MUL),
        .BARREL_SHIFTER(BARREL_SHIFTER),
        .COUNTERS(COUNTERS),
        .CPU_VEXRISCV(CPU_VEXRISCV)
    ) u_soc (
        .clk_i(clk_i), .rst_ni(rst_ni), .cpu_hold_i(1'b0),
        .trap_o(trap_o), .exit_valid_o(exit_valid_o), .exit_code_o(exit_code_o),
        .bad_access_o(), .bad_addr_o(), .mtime_o(),
        .uart_tx_o(uart_tx_o), .uart_tx_valid_o(), .uart_tx_data_o(),
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
endmodule
