// The mmacore SoC without a DMA master in its slot, for board tops: mma_soc_top with the DMA port
// tied off (nothing ever masters the RAM's DMA port, so its write port vanishes in synthesis) and a
// 32-bit DMA row (DMA_DATA_W 32: the RAM's rows are CPU words), and in the register window either
// nothing (MICRO = 0: the window reads 0) or the micro accelerator (MICRO = 1: hw/rtl/micro, the
// exact e4m3 dot product the CPU feeds through its registers; the iCEBreaker's accelerator). What a
// board chooses stays a parameter: the RAM, its image, the UART divisor, the CPU, the micro. A
// harness that drives the slot itself (sim/soc) takes mma_soc_top; a board with the DPU-array
// accelerator takes mma_soc_sys.
module mma_soc_bare #(
    parameter RAM_BYTES = 262144,     // a multiple of 4 (a power of two or not)
    parameter RAM_INIT = "",          // optional $readmemh file of the RAM (32-bit rows)
    parameter UART_DIV = 0,           // clock cycles per UART bit; 0 = simulation (no serializer)
    parameter LOOKAHEAD = 0,          // RAM on PicoRV32's look-ahead interface (limits an FPGA's Fmax)
    parameter FAST_MUL = 1,           // the multiplier in DSP blocks
    parameter BARREL_SHIFTER = 1,
    parameter COUNTERS = 1,           // PicoRV32's rdcycle / rdinstret (mma_soc_top)
    parameter CPU_VEXRISCV = 0,       // 0: PicoRV32 (RV32IMC); 1: VexRiscv (RV32IM, + mma_soc_cpu_vexriscv.v)
    parameter MICRO = 0,              // 1: the micro accelerator in the register window (mma_micro)
    parameter KMAX_LOG2 = 11          // the micro's most products a dot product: 2^KMAX_LOG2
) (
    input  wire        clk_i,
    input  wire        rst_ni,        // synchronous, active low
    output wire        trap_o,        // the CPU halted on a trap (mma_soc_top)
    output wire        exit_valid_o,
    output wire [15:0] exit_code_o,
    output wire        uart_tx_o
);
    wire [11:0] awaddr, araddr;
    wire [31:0] wdata, rdata;
    wire [3:0]  wstrb;
    wire [1:0]  bresp, rresp;
    wire awvalid, awready, wvalid, wready, bvalid, bready, arvalid, arready, rvalid, rready;

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
        .accel_present_i(MICRO != 0),
        .m_axil_awaddr_o(awaddr), .m_axil_awprot_o(), .m_axil_awvalid_o(awvalid), .m_axil_awready_i(awready),
        .m_axil_wdata_o(wdata), .m_axil_wstrb_o(wstrb), .m_axil_wvalid_o(wvalid), .m_axil_wready_i(wready),
        .m_axil_bresp_i(bresp), .m_axil_bvalid_i(bvalid), .m_axil_bready_o(bready),
        .m_axil_araddr_o(araddr), .m_axil_arprot_o(), .m_axil_arvalid_o(arvalid), .m_axil_arready_i(arready),
        .m_axil_rdata_i(rdata), .m_axil_rresp_i(rresp), .m_axil_rvalid_i(rvalid), .m_axil_rready_o(rready),
        .accel_irq_i(1'b0),
        .s_axi_awid_i(4'd0), .s_axi_awaddr_i(32'd0), .s_axi_awlen_i(8'd0), .s_axi_awsize_i(3'd0),
        .s_axi_awburst_i(2'd0), .s_axi_awvalid_i(1'b0), .s_axi_awready_o(),
        .s_axi_wdata_i(32'd0), .s_axi_wstrb_i(4'd0), .s_axi_wlast_i(1'b0), .s_axi_wvalid_i(1'b0), .s_axi_wready_o(),
        .s_axi_bid_o(), .s_axi_bresp_o(), .s_axi_bvalid_o(), .s_axi_bready_i(1'b1),
        .s_axi_arid_i(4'd0), .s_axi_araddr_i(32'd0), .s_axi_arlen_i(8'd0), .s_axi_arsize_i(3'd0),
        .s_axi_arburst_i(2'd0), .s_axi_arvalid_i(1'b0), .s_axi_arready_o(),
        .s_axi_rid_o(), .s_axi_rdata_o(), .s_axi_rresp_o(), .s_axi_rlast_o(), .s_axi_rvalid_o(), .s_axi_rready_i(1'b1)
    );

    generate if (MICRO != 0) begin : g_micro
        mma_micro #(.KMAX_LOG2(KMAX_LOG2)) u_micro (
            .clk_i(clk_i), .rst_ni(rst_ni),
            .s_axil_awaddr_i(awaddr), .s_axil_awvalid_i(awvalid), .s_axil_awready_o(awready),
            .s_axil_wdata_i(wdata), .s_axil_wstrb_i(wstrb), .s_axil_wvalid_i(wvalid), .s_axil_wready_o(wready),
            .s_axil_bresp_o(bresp), .s_axil_bvalid_o(bvalid), .s_axil_bready_i(bready),
            .s_axil_araddr_i(araddr), .s_axil_arvalid_i(arvalid), .s_axil_arready_o(arready),
            .s_axil_rdata_o(rdata), .s_axil_rresp_o(rresp), .s_axil_rvalid_o(rvalid), .s_axil_rready_i(rready)
        );
    end else begin : g_empty                      // nothing answers: the bridge reads 0 itself
        assign awready = 1'b0;
        assign wready = 1'b0;
        assign bresp = 2'b00;
        assign bvalid = 1'b0;
        assign arready = 1'b0;
        assign rdata = 32'd0;
        assign rresp = 2'b00;
        assign rvalid = 1'b0;
    end endgenerate
endmodule
