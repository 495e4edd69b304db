// The mmacore SoC: a PicoRV32 (RV32IMC, from the pythondata-cpu-picorv32 package; or, with
// CPU_VEXRISCV = 1, a VexRiscv from pythondata-cpu-vexriscv, mma_soc_cpu_vexriscv) with on-chip RAM,
// a 16550 UART, an exit device, a cycle timer and a slot for the tensor-core accelerator, on the
// memory map of QEMU virt, so the same ELF runs here and under qemu-system-riscv32 -M virt:
//
//   0x0010_0000  exit device ("sifive_test": 0x5555 pass, (code << 16) | 0x3333 fail)   mma_soc_exit
//   0x0200_0000  CLINT window: mtime at 0x0200_BFF8 (64-bit cycle counter)               mma_soc_clint
//   0x1000_0000  NS16550A UART, byte registers at stride 1                                mma_soc_uart
//   0x4000_0000  accelerator registers, 4 KiB, forwarded to the AXI4-Lite master port     mma_soc_axil_bridge
//   0x8000_0000  RAM, RAM_BYTES (reset PC = 0x8000_0000)                                 mma_soc_ram
//
// The accelerator is outside this module: its register slave hangs on the m_axil_* port (tie
// accel_present_i high when one is connected; low, the window reads 0), its DMA master on the
// s_axi_* port, an AXI4 slave with bursts into the same RAM (DMA_DATA_W bits), and its interrupt on
// accel_irq_i (wired to PicoRV32 IRQ 4 when ENABLE_IRQ = 1; the firmware polls otherwise). Any other
// address reads 0, ignores writes and pulses bad_access_o.
//
// CPU bus: with LOOKAHEAD = 1 the RAM is addressed from PicoRV32's look-ahead interface, so every
// RAM access completes in the cycle mem_valid rises (CPI ~4.1 instead of ~5.2); the other slaves
// answer one cycle after mem_valid (the accelerator when its AXI4-Lite transaction ends). VexRiscv
// has no look-ahead interface: with it, LOOKAHEAD is ignored and the RAM answers like the others.
module mma_soc_top #(
    parameter RAM_BYTES = 262144,     // a multiple of DMA_DATA_W / 8 (a power of two or not)
    parameter RAM_INIT = "",          // optional $readmemh file of the RAM (rows of DMA_DATA_W bits)
    parameter DMA_DATA_W = 256,       // width of the DMA port = RAM row width
    parameter DMA_ID_W = 4,
    parameter UART_DIV = 0,           // clock cycles per UART bit; 0 = simulation (no serializer)
    parameter LOOKAHEAD = 1,          // RAM on PicoRV32's look-ahead interface
    parameter FAST_MUL = 1,           // single-cycle-ish multiplier (DSPs) instead of the 40-cycle one
    parameter BARREL_SHIFTER = 1,
    parameter ENABLE_IRQ = 0,
    parameter COUNTERS = 1,           // PicoRV32's rdcycle / rdinstret (64-bit); no firmware here reads them
                                      // (the timer is the CLINT's mtime), so a small board drops them
    parameter CPU_VEXRISCV = 0,       // 0: PicoRV32 (RV32IMC); 1: VexRiscv (RV32IM, firmware-rv32im)
    // derived: do not override
    parameter NB = DMA_DATA_W / 8,
    parameter RAM_WORDS_W = $clog2(RAM_BYTES / 4),
    parameter RAM_ROWS_W = $clog2(RAM_BYTES / NB)
) (
    input  wire                  clk_i,
    input  wire                  rst_ni,       // synchronous, active low
    input  wire                  cpu_hold_i,   // 1: keep the CPU in reset (the rest runs)
    // status for a harness or board
    output wire                  trap_o,       // PicoRV32 halted on a trap (illegal instruction, misalignment, ebreak);
                                               // VexRiscv fetched from an unmapped address (its traps go to mtvec = 0)
    output wire                  exit_valid_o,
    output wire [15:0]           exit_code_o,
    output wire                  bad_access_o, // a CPU access to an unmapped address (one cycle)
    output wire [31:0]           bad_addr_o,
    output wire [63:0]           mtime_o,
    // UART
    output wire                  uart_tx_o,
    output wire                  uart_tx_valid_o,
    output wire [7:0]            uart_tx_data_o,
    // accelerator slot: registers (AXI4-Lite master, 32-bit, address = offset in the window)
    input  wire                  accel_present_i,
    output wire [11:0]           m_axil_awaddr_o,
    output wire [2:0]            m_axil_awprot_o,
    output wire                  m_axil_awvalid_o,
    input  wire                  m_axil_awready_i,
    output wire [31:0]           m_axil_wdata_o,
    output wire [3:0]            m_axil_wstrb_o,
    output wire                  m_axil_wvalid_o,
    input  wire                  m_axil_wready_i,
    input  wire [1:0]            m_axil_bresp_i,
    input  wire                  m_axil_bvalid_i,
    output wire                  m_axil_bready_o,
    output wire [11:0]           m_axil_araddr_o,
    output wire [2:0]            m_axil_arprot_o,
    output wire                  m_axil_arvalid_o,
    input  wire                  m_axil_arready_i,
    input  wire [31:0]           m_axil_rdata_i,
    input  wire [1:0]            m_axil_rresp_i,
    input  wire                  m_axil_rvalid_i,
    output wire                  m_axil_rready_o,
    input  wire                  accel_irq_i,
    // accelerator slot: DMA into the RAM (AXI4 slave with bursts)
    input  wire [DMA_ID_W-1:0]   s_axi_awid_i,
    input  wire [31:0]           s_axi_awaddr_i,
    input  wire [7:0]            s_axi_awlen_i,
    input  wire [2:0]            s_axi_awsize_i,
    input  wire [1:0]            s_axi_awburst_i,
    input  wire                  s_axi_awvalid_i,
    output wire                  s_axi_awready_o,
    input  wire [DMA_DATA_W-1:0] s_axi_wdata_i,
    input  wire [NB-1:0]         s_axi_wstrb_i,
    input  wire                  s_axi_wlast_i,
    input  wire                  s_axi_wvalid_i,
    output wire                  s_axi_wready_o,
    output wire [DMA_ID_W-1:0]   s_axi_bid_o,
    output wire [1:0]            s_axi_bresp_o,
    output wire                  s_axi_bvalid_o,
    input  wire                  s_axi_bready_i,
    input  wire [DMA_ID_W-1:0]   s_axi_arid_i,
    input  wire [31:0]           s_axi_araddr_i,
    input  wire [7:0]            s_axi_arlen_i,
    input  wire [2:0]            s_axi_arsize_i,
    input  wire [1:0]            s_axi_arburst_i,
    input  wire                  s_axi_arvalid_i,
    output wire                  s_axi_arready_o,
    output wire [DMA_ID_W-1:0]   s_axi_rid_o,
    output wire [DMA_DATA_W-1:0] s_axi_rdata_o,
    output wire [1:0]            s_axi_rresp_o,
    output wire                  s_axi_rlast_o,
    output wire                  s_axi_rvalid_o,
    input  wire                  s_axi_rready_i
);
    localparam [31:0] RAM_BASE = 32'h8000_0000;

    // ---------------------------------------------------------------- CPU
    wire        mem_valid, mem_instr, mem_ready;
    wire [31:0] mem_addr, mem_wdata, mem_rdata;
    wire [3:0]  mem_wstrb;
    wire        mem_la_read, mem_la_write;
    wire [31:0] mem_la_addr, mem_la_wdata;
    wire [3:0]  mem_la_wstrb;
    wire        cpu_rst_n = rst_ni && !cpu_hold_i;

    localparam LA = LOOKAHEAD && !CPU_VEXRISCV;   // RAM on the look-ahead interface
    wire        cpu_trap;                         // PicoRV32's trap output

    generate
        if (CPU_VEXRISCV) begin : g_vexriscv
            assign cpu_trap = 1'b0;
            assign mem_la_read = 1'b0;
            assign mem_la_write = 1'b0;
            assign mem_la_addr = 32'd0;
            assign mem_la_wdata = 32'd0;
            assign mem_la_wstrb = 4'd0;
            mma_soc_cpu_vexriscv #(.RESET_PC(RAM_BASE)) u_cpu (
                .clk_i(clk_i), .rst_ni(cpu_rst_n), .timer_irq_i(1'b0), .ext_irq_i(accel_irq_i),
                .mem_valid_o(mem_valid), .mem_instr_o(mem_instr), .mem_ready_i(mem_ready),
                .mem_addr_o(mem_addr), .mem_wdata_o(mem_wdata), .mem_wstrb_o(mem_wstrb),
                .mem_rdata_i(mem_rdata)
            );
        end else begin : g_picorv32
            picorv32 #(
                .ENABLE_COUNTERS(COUNTERS[0]),
                .ENABLE_COUNTERS64(COUNTERS[0]),
                .ENABLE_REGS_16_31(1),
                .ENABLE_REGS_DUALPORT(1),
                .BARREL_SHIFTER(BARREL_SHIFTER[0]),
                .COMPRESSED_ISA(1),
                .CATCH_MISALIGN(1),
                .CATCH_ILLINSN(1),
                .ENABLE_MUL(!FAST_MUL[0]),
                .ENABLE_FAST_MUL(FAST_MUL[0]),
                .ENABLE_DIV(1),
                .ENABLE_IRQ(ENABLE_IRQ[0]),
                .PROGADDR_RESET(RAM_BASE),
                .STACKADDR(RAM_BASE + RAM_BYTES)
            ) u_cpu (
                .clk(clk_i), .resetn(cpu_rst_n), .trap(cpu_trap),
                .mem_valid(mem_valid), .mem_instr(mem_instr), .mem_ready(mem_ready),
                .mem_addr(mem_addr), .mem_wdata(mem_wdata), .mem_wstrb(mem_wstrb), .mem_rdata(mem_rdata),
                .mem_la_read(mem_la_read), .mem_la_write(mem_la_write), .mem_la_addr(mem_la_addr),
                .mem_la_wdata(mem_la_wdata), .mem_la_wstrb(mem_la_wstrb),
                .pcpi_valid(), .pcpi_insn(), .pcpi_rs1(), .pcpi_rs2(),
                .pcpi_wr(1'b0), .pcpi_rd(32'd0), .pcpi_wait(1'b0), .pcpi_ready(1'b0),
                .irq({27'd0, accel_irq_i, 4'd0}), .eoi(),
                .trace_valid(), .trace_data()
            );
        end
    endgenerate

    // ---------------------------------------------------------------- address decode
    // RAM_BASE .. RAM_BASE + RAM_BYTES - 1 (a compare, not a mask: the size need not be a power of two)
    function is_ram;
        input [31:0] addr;
        is_ram = addr >= RAM_BASE && addr - RAM_BASE < RAM_BYTES;   // as mma_soc_axi_ram's in_ram
    endfunction
    wire sel_ram   = is_ram(mem_addr);
    wire sel_uart  = mem_addr[31:12] == 20'h10000;
    wire sel_exit  = mem_addr[31:12] == 20'h00100;
    wire sel_clint = mem_addr[31:16] == 16'h0200;
    wire sel_accel = mem_addr[31:12] == 20'h40000;
    wire sel_none  = !(sel_ram || sel_uart || sel_exit || sel_clint || sel_accel);

    // A transaction served by the one-cycle (or AXI4-Lite) path starts when mem_valid rises.
    reg  busy_q;                              // such a transaction is in progress
    wire slow = LA ? !sel_ram : 1'b1;         // not served from the look-ahead interface
    wire start = mem_valid && slow && !busy_q;
    wire [3:0] we = mem_wstrb;

    localparam [2:0] K_RAM = 3'd0, K_UART = 3'd1, K_CLINT = 3'd2, K_ACCEL = 3'd3, K_ZERO = 3'd4;
    reg [2:0] kind_q;
    reg       local_ready_q;                  // one-cycle slaves answer here
    wire      accel_done;
    wire [31:0] ram_rdata, uart_rdata, clint_rdata, accel_rdata;

    // look-ahead RAM path: the access is performed at the edge before mem_valid rises
    wire la_ram = LA && (mem_la_read || mem_la_write) && is_ram(mem_la_addr);
    reg  la_hit_q;                            // the transaction now on mem_valid was done that way

    assign mem_ready = (LA && mem_valid && la_hit_q) || local_ready_q || accel_done;
    assign mem_rdata = (LA && la_hit_q) ? ram_rdata :
                       kind_q == K_RAM   ? ram_rdata :
                       kind_q == K_UART  ? uart_rdata :
                       kind_q == K_CLINT ? clint_rdata :
                       kind_q == K_ACCEL ? accel_rdata : 32'd0;

    always @(posedge clk_i) begin
        if (!cpu_rst_n) begin
            busy_q <= 1'b0;
            local_ready_q <= 1'b0;
            la_hit_q <= 1'b0;
            kind_q <= K_ZERO;
        end else begin
            local_ready_q <= start && !sel_accel;
            if (start) begin
                busy_q <= 1'b1;
                kind_q <= sel_ram ? K_RAM : sel_uart ? K_UART : sel_clint ? K_CLINT :
                          sel_accel ? K_ACCEL : K_ZERO;
            end else if (mem_ready) begin
                busy_q <= 1'b0;
            end
            if (mem_la_read || mem_la_write) la_hit_q <= la_ram;
            else if (mem_valid && mem_ready) la_hit_q <= 1'b0;
        end
    end

    assign bad_access_o = start && sel_none;
    assign trap_o = CPU_VEXRISCV ? (start && sel_none && mem_instr) : cpu_trap;
    assign bad_addr_o = mem_addr;

    // ---------------------------------------------------------------- RAM and its DMA port
    wire              ram_b_en;
    wire [NB-1:0]     ram_b_we;
    wire [RAM_ROWS_W-1:0] ram_b_row;
    wire [DMA_DATA_W-1:0] ram_b_wdata, ram_b_rdata;

    mma_soc_ram #(
        .BYTES(RAM_BYTES), .DATA_W(DMA_DATA_W), .INIT_FILE(RAM_INIT)
    ) u_ram (
        .clk_i(clk_i),
        .a_en_i(LA ? la_ram : (start && sel_ram)),
        .a_we_i(LA ? (mem_la_wstrb & {4{mem_la_write}}) : we),
        .a_word_i(LA ? mem_la_addr[RAM_WORDS_W+1:2] : mem_addr[RAM_WORDS_W+1:2]),
        .a_wdata_i(LA ? mem_la_wdata : mem_wdata),
        .a_rdata_o(ram_rdata),
        .b_en_i(ram_b_en), .b_we_i(ram_b_we), .b_row_i(ram_b_row),
        .b_wdata_i(ram_b_wdata), .b_rdata_o(ram_b_rdata)
    );

    mma_soc_axi_ram #(
        .BASE(RAM_BASE), .BYTES(RAM_BYTES), .DATA_W(DMA_DATA_W), .ID_W(DMA_ID_W)
    ) u_dma_port (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .s_axi_awid_i(s_axi_awid_i), .s_axi_awaddr_i(s_axi_awaddr_i), .s_axi_awlen_i(s_axi_awlen_i),
        .s_axi_awsize_i(s_axi_awsize_i), .s_axi_awburst_i(s_axi_awburst_i),
        .s_axi_awvalid_i(s_axi_awvalid_i), .s_axi_awready_o(s_axi_awready_o),
        .s_axi_wdata_i(s_axi_wdata_i), .s_axi_wstrb_i(s_axi_wstrb_i), .s_axi_wlast_i(s_axi_wlast_i),
        .s_axi_wvalid_i(s_axi_wvalid_i), .s_axi_wready_o(s_axi_wready_o),
        .s_axi_bid_o(s_axi_bid_o), .s_axi_bresp_o(s_axi_bresp_o), .s_axi_bvalid_o(s_axi_bvalid_o),
        .s_axi_bready_i(s_axi_bready_i),
        .s_axi_arid_i(s_axi_arid_i), .s_axi_araddr_i(s_axi_araddr_i), .s_axi_arlen_i(s_axi_arlen_i),
        .s_axi_arsize_i(s_axi_arsize_i), .s_axi_arburst_i(s_axi_arburst_i),
        .s_axi_arvalid_i(s_axi_arvalid_i), .s_axi_arready_o(s_axi_arready_o),
        .s_axi_rid_o(s_axi_rid_o), .s_axi_rdata_o(s_axi_rdata_o), .s_axi_rresp_o(s_axi_rresp_o),
        .s_axi_rlast_o(s_axi_rlast_o), .s_axi_rvalid_o(s_axi_rvalid_o), .s_axi_rready_i(s_axi_rready_i),
        .ram_en_o(ram_b_en), .ram_we_o(ram_b_we), .ram_row_o(ram_b_row),
        .ram_wdata_o(ram_b_wdata), .ram_rdata_i(ram_b_rdata)
    );

    // ---------------------------------------------------------------- peripherals
    mma_soc_uart #(.DIV(UART_DIV)) u_uart (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .sel_i(start && sel_uart), .addr_i(mem_addr[2:0]), .we_i(we), .wdata_i(mem_wdata),
        .rdata_o(uart_rdata),
        .tx_valid_o(uart_tx_valid_o), .tx_data_o(uart_tx_data_o), .tx_o(uart_tx_o)
    );

    mma_soc_clint u_clint (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .sel_i(start && sel_clint), .addr_i(mem_addr[15:0]), .we_i(we), .wdata_i(mem_wdata),
        .rdata_o(clint_rdata), .mtime_o(mtime_o)
    );

    mma_soc_exit u_exit (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .sel_i(start && sel_exit), .we_i(we), .wdata_i(mem_wdata),
        .valid_o(exit_valid_o), .code_o(exit_code_o)
    );

    mma_soc_axil_bridge #(.AW(12)) u_accel_regs (
        .clk_i(clk_i), .rst_ni(cpu_rst_n), .present_i(accel_present_i),
        .start_i(start && sel_accel), .addr_i(mem_addr[11:0]), .we_i(we), .wdata_i(mem_wdata),
        .done_o(accel_done), .rdata_o(accel_rdata),
        .m_axil_awaddr_o(m_axil_awaddr_o), .m_axil_awprot_o(m_axil_awprot_o),
        .m_axil_awvalid_o(m_axil_awvalid_o), .m_axil_awready_i(m_axil_awready_i),
        .m_axil_wdata_o(m_axil_wdata_o), .m_axil_wstrb_o(m_axil_wstrb_o),
        .m_axil_wvalid_o(m_axil_wvalid_o), .m_axil_wready_i(m_axil_wready_i),
        .m_axil_bresp_i(m_axil_bresp_i), .m_axil_bvalid_i(m_axil_bvalid_i), .m_axil_bready_o(m_axil_bready_o),
        .m_axil_araddr_o(m_axil_araddr_o), .m_axil_arprot_o(m_axil_arprot_o),
        .m_axil_arvalid_o(m_axil_arvalid_o), .m_axil_arready_i(m_axil_arready_i),
        .m_axil_rdata_i(m_axil_rdata_i), .m_axil_rresp_i(m_axil_rresp_i),
        .m_axil_rvalid_i(m_axil_rvalid_i), .m_axil_rready_o(m_axil_rready_o)
    );
endmodule
