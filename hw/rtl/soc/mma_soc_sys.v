// The mmacore SoC with its accelerator: mma_soc_top (PicoRV32, RAM, UART, exit device, timer) with
// mma_accel in the accelerator slot. mma_soc_top stays the accelerator-less SoC (the smaller one,
// for boards the accelerator does not fit); this module only joins the two:
//
//   CPU -> register window 0x4000_0000 (AXI4-Lite master port of mma_soc_top) -> mma_accel registers
//   mma_accel DMA (AXI4 master, 256-bit beats, ID 0)  -> RAM DMA port (AXI4 slave of mma_soc_top)
//   mma_accel irq_o -> accel_irq_i (PicoRV32 IRQ 4 when ENABLE_IRQ = 1; the driver polls otherwise)
//
// The DMA sees the RAM at the CPU's addresses (0x8000_0000 ..), so the firmware's porting layer
// (board/rv32/port_mmio.c) gives the accelerator the CPU address of every operand. The
// accelerator's configuration is the one named by the macro MMA_CFG_VH (mma_accel.v; default
// "mma_cfg_default.vh"): pass -DMMA_CFG_VH=\"mma_cfg_<name>.vh\" to the tool.
//
// ACCEL_CLOCK_GATE = 1 stops the accelerator's clock while it is idle, as an ASIC would, and as the
// simulation needs: a Verilated model evaluates all of the accelerator's logic on every edge of its
// clock, busy or not (~50 us a cycle for the default configuration), while the CPU runs millions
// of cycles between jobs. The clock runs while the accelerator may change state:
//   - STATUS.busy (busy_o): a job, or a soft reset draining the DMA;
//   - any VALID on its register port or its DMA port (a transaction to take or to finish);
//   - HOLD cycles after the last of these (the registered mode-table lookups that follow a
//     MODE_SEL / JOB_MODE write, the start pulse that follows a CTRL write);
//   - reset (its registers reset synchronously).
// Idle and unclocked, its state is frozen: the only difference a program can see is that the
// CYCLES counter counts the clocked cycles. The gate is the usual ICG: the enable is registered on
// the falling edge of clk_i and ANDed with clk_i, so the gated clock has no glitch and rises with
// clk_i. Every signal between the two clock domains comes from a flip-flop of one of them, the
// enable's terms included. FPGA flows keep 0 (a gated clock wants a clock buffer of its own).
module mma_soc_sys #(
    parameter RAM_BYTES = 262144,     // a multiple of 32 (the DMA row), not necessarily a power of two
    parameter RAM_INIT = "",          // optional $readmemh file of the RAM (rows of 256 bits)
    parameter UART_DIV = 0,           // clock cycles per UART bit; 0 = simulation (no serializer)
    parameter LOOKAHEAD = 1,          // RAM on PicoRV32's look-ahead interface
    parameter FAST_MUL = 1,
    parameter BARREL_SHIFTER = 1,
    parameter ENABLE_IRQ = 0,
    parameter CPU_VEXRISCV = 0,       // mma_soc_top's CPU: 0 PicoRV32, 1 VexRiscv (+ mma_soc_cpu_vexriscv.v)
    parameter ACCEL_CLOCK_GATE = 0,   // 1: the accelerator's clock stops while it is idle
    // the accelerator's buffers (mma_accel parameters)
    parameter ACCEL_P = 4,            // accumulator slots per DPU
    parameter ACCEL_MB = 64,          // rows of a block
    parameter ACCEL_NBLK = 64,        // columns of a block
    parameter ACCEL_WPR = 8           // 32-byte words of a buffer row per pass over K
) (
    input  wire        clk_i,
    input  wire        rst_ni,        // synchronous, active low
    input  wire        cpu_hold_i,    // 1: keep the CPU in reset (the rest runs)
    output wire        trap_o,
    output wire        exit_valid_o,
    output wire [15:0] exit_code_o,
    output wire        bad_access_o,
    output wire [31:0] bad_addr_o,
    output wire [63:0] mtime_o,
    output wire        uart_tx_o,
    output wire        uart_tx_valid_o,
    output wire [7:0]  uart_tx_data_o,
    output wire        accel_irq_o,   // the accelerator's interrupt line (also to the CPU)
    output wire        accel_busy_o,  // the accelerator's STATUS.busy
    output wire        accel_clk_en_o // the accelerator's clock runs this cycle (1 without the gate)
);
    localparam DMA_W = 256;           // the accelerator's DMA beat
    localparam ID_W = 4;

    // register window: AXI4-Lite
    wire [11:0]  awaddr, araddr;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [2:0]   awprot, arprot;       // mma_accel has no protection inputs
    /* verilator lint_on UNUSEDSIGNAL */
    wire         awvalid, awready, wvalid, wready, bvalid, bready, arvalid, arready, rvalid, rready;
    wire [31:0]  wdata, rdata;
    wire [3:0]   wstrb;
    wire [1:0]   bresp, rresp;
    // DMA: AXI4
    wire [31:0]  dma_araddr, dma_awaddr;
    wire [7:0]   dma_arlen, dma_awlen;
    wire [2:0]   dma_arsize, dma_awsize;
    wire [1:0]   dma_arburst, dma_awburst, dma_rresp, dma_bresp;
    wire         dma_arvalid, dma_arready, dma_rlast, dma_rvalid, dma_rready;
    wire         dma_awvalid, dma_awready, dma_wlast, dma_wvalid, dma_wready, dma_bvalid, dma_bready;
    wire [DMA_W-1:0]   dma_rdata, dma_wdata;
    wire [DMA_W/8-1:0] dma_wstrb;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [ID_W-1:0]    dma_rid, dma_bid;   // one ID (0): nothing to route back
    /* verilator lint_on UNUSEDSIGNAL */
    wire irq, busy;
    assign accel_irq_o = irq;
    assign accel_busy_o = busy;

    // ---------------------------------------------------------------- the accelerator's clock
    localparam HOLD = 8;
    wire accel_active = !rst_ni || busy ||
                        awvalid || wvalid || bvalid || arvalid || rvalid ||
                        dma_arvalid || dma_rvalid || dma_awvalid || dma_wvalid || dma_bvalid;
    reg [3:0] hold_q;
    reg       clk_en_q;   // the enable as the falling edge of clk_i saw it
    always @(posedge clk_i) begin
        if (accel_active) hold_q <= HOLD[3:0];
        else if (hold_q != 4'd0) hold_q <= hold_q - 4'd1;
    end
    always @(negedge clk_i) clk_en_q <= accel_active || hold_q != 4'd0;
    wire accel_clk = ACCEL_CLOCK_GATE != 0 ? (clk_i & clk_en_q) : clk_i;
    assign accel_clk_en_o = ACCEL_CLOCK_GATE != 0 ? clk_en_q : 1'b1;

    mma_soc_top #(
        .RAM_BYTES(RAM_BYTES), .RAM_INIT(RAM_INIT), .DMA_DATA_W(DMA_W), .DMA_ID_W(ID_W),
        .UART_DIV(UART_DIV), .LOOKAHEAD(LOOKAHEAD), .FAST_MUL(FAST_MUL), .BARREL_SHIFTER(BARREL_SHIFTER),
        .ENABLE_IRQ(ENABLE_IRQ), .CPU_VEXRISCV(CPU_VEXRISCV)
    ) u_soc (
        .clk_i(clk_i), .rst_ni(rst_ni), .cpu_hold_i(cpu_hold_i),
        .trap_o(trap_o), .exit_valid_o(exit_valid_o), .exit_code_o(exit_code_o),
        .bad_access_o(bad_access_o), .bad_addr_o(bad_addr_o), .mtime_o(mtime_o),
        .uart_tx_o(uart_tx_o), .uart_tx_valid_o(uart_tx_valid_o), .uart_tx_data_o(uart_tx_data_o),
        .accel_present_i(1'b1),
        .m_axil_awaddr_o(awaddr), .m_axil_awprot_o(awprot), .m_axil_awvalid_o(awvalid), .m_axil_awready_i(awready),
        .m_axil_wdata_o(wdata), .m_axil_wstrb_o(wstrb), .m_axil_wvalid_o(wvalid), .m_axil_wready_i(wready),
        .m_axil_bresp_i(bresp), .m_axil_bvalid_i(bvalid), .m_axil_bready_o(bready),
        .m_axil_araddr_o(araddr), .m_axil_arprot_o(arprot), .m_axil_arvalid_o(arvalid), .m_axil_arready_i(arready),
        .m_axil_rdata_i(rdata), .m_axil_rresp_i(rresp), .m_axil_rvalid_i(rvalid), .m_axil_rready_o(rready),
        .accel_irq_i(irq),
        .s_axi_awid_i({ID_W{1'b0}}), .s_axi_awaddr_i(dma_awaddr), .s_axi_awlen_i(dma_awlen),
        .s_axi_awsize_i(dma_awsize), .s_axi_awburst_i(dma_awburst), .s_axi_awvalid_i(dma_awvalid),
        .s_axi_awready_o(dma_awready),
        .s_axi_wdata_i(dma_wdata), .s_axi_wstrb_i(dma_wstrb), .s_axi_wlast_i(dma_wlast),
        .s_axi_wvalid_i(dma_wvalid), .s_axi_wready_o(dma_wready),
        .s_axi_bid_o(dma_bid), .s_axi_bresp_o(dma_bresp), .s_axi_bvalid_o(dma_bvalid), .s_axi_bready_i(dma_bready),
        .s_axi_arid_i({ID_W{1'b0}}), .s_axi_araddr_i(dma_araddr), .s_axi_arlen_i(dma_arlen),
        .s_axi_arsize_i(dma_arsize), .s_axi_arburst_i(dma_arburst), .s_axi_arvalid_i(dma_arvalid),
        .s_axi_arready_o(dma_arready),
        .s_axi_rid_o(dma_rid), .s_axi_rdata_o(dma_rdata), .s_axi_rresp_o(dma_rresp), .s_axi_rlast_o(dma_rlast),
        .s_axi_rvalid_o(dma_rvalid), .s_axi_rready_i(dma_rready)
    );

    mma_accel #(
        .P(ACCEL_P), .MB(ACCEL_MB), .NBLK(ACCEL_NBLK), .WPR(ACCEL_WPR)
    ) u_accel (
        .clk_i(accel_clk), .rst_ni(rst_ni),
        .s_awaddr_i(awaddr), .s_awvalid_i(awvalid), .s_awready_o(awready),
        .s_wdata_i(wdata), .s_wstrb_i(wstrb), .s_wvalid_i(wvalid), .s_wready_o(wready),
        .s_bresp_o(bresp), .s_bvalid_o(bvalid), .s_bready_i(bready),
        .s_araddr_i(araddr), .s_arvalid_i(arvalid), .s_arready_o(arready),
        .s_rdata_o(rdata), .s_rresp_o(rresp), .s_rvalid_o(rvalid), .s_rready_i(rready),
        .m_araddr_o(dma_araddr), .m_arlen_o(dma_arlen), .m_arsize_o(dma_arsize), .m_arburst_o(dma_arburst),
        .m_arvalid_o(dma_arvalid), .m_arready_i(dma_arready),
        .m_rdata_i(dma_rdata), .m_rresp_i(dma_rresp), .m_rlast_i(dma_rlast), .m_rvalid_i(dma_rvalid),
        .m_rready_o(dma_rready),
        .m_awaddr_o(dma_awaddr), .m_awlen_o(dma_awlen), .m_awsize_o(dma_awsize), .m_awburst_o(dma_awburst),
        .m_awvalid_o(dma_awvalid), .m_awready_i(dma_awready),
        .m_wdata_o(dma_wdata), .m_wstrb_o(dma_wstrb), .m_wlast_o(dma_wlast), .m_wvalid_o(dma_wvalid),
        .m_wready_i(dma_wready),
        .m_bresp_i(dma_bresp), .m_bvalid_i(dma_bvalid), .m_bready_o(dma_bready),
        .irq_o(irq), .busy_o(busy)
    );
endmodule
