// VexRiscv (the "Lite" build of the pythondata-cpu-vexriscv package: RV32IM, a 2 KiB instruction
// cache, no data cache) behind PicoRV32's native memory interface, so mma_soc_top serves either
// CPU with the same decoder and slaves (its parameter CPU_VEXRISCV = 1 selects this module).
//
// VexRiscv has two classic Wishbone masters, the instruction bus (cache line refills, 8-word
// incrementing bursts) and the data bus (single accesses). This module puts one request at a time
// on mem_valid / mem_addr / mem_wstrb, the data bus first, in the cycle the master raises STB, and
// holds it until mem_ready, which is the chosen bus's ACK (with mem_rdata as its read data). The
// master takes ACK at that clock edge and shows its next request (or none) in the next cycle; the
// slaves of mma_soc_top are idle again by then, so an access takes two cycles, the SoC's own
// minimum without PicoRV32's look-ahead interface.
//
// Why the Lite build: the others with a data cache (the IMAC build too, the only one with the C
// extension) cache every address below 0x8000_0000 and pass the ones above it through uncached
// (isIoAccess = address[31]). On the QEMU virt map the UART, the CLINT, the exit device and the
// accelerator's registers are all below, so their status reads would be served from the cache.
// The firmware for this CPU is built for rv32im (cmake/MmaFirmware.cmake, firmware-rv32im/).
//
// Traps go to mtvec, which the firmware does not set (0 after reset): a trap fetches from
// 0x0000_0000, which is unmapped, and mma_soc_top reports that fetch on trap_o (and bad_access_o).
module mma_soc_cpu_vexriscv #(
    parameter [31:0] RESET_PC = 32'h8000_0000
) (
    input  wire        clk_i,
    input  wire        rst_ni,        // synchronous, active low
    input  wire        timer_irq_i,
    input  wire        ext_irq_i,
    // PicoRV32's native memory interface (mem_instr: the request is an instruction fetch)
    output wire        mem_valid_o,
    output wire        mem_instr_o,
    input  wire        mem_ready_i,
    output wire [31:0] mem_addr_o,
    output wire [31:0] mem_wdata_o,
    output wire [3:0]  mem_wstrb_o,
    input  wire [31:0] mem_rdata_i
);
    wire        i_cyc, i_stb, i_we, d_cyc, d_stb, d_we;
    wire [29:0] i_adr, d_adr;
    wire [31:0] i_wdat, d_wdat;
    wire [3:0]  i_sel, d_sel;

    // One request in flight: active_q says one is on mem_valid since an earlier cycle, owner_q whose
    // (1 = data bus). A new one is taken in the cycle nothing is in flight.
    reg  active_q, owner_q;
    wire grant_d = !active_q && d_cyc && d_stb;
    wire grant_i = !active_q && !(d_cyc && d_stb) && i_cyc && i_stb;
    wire owner = active_q ? owner_q : grant_d;
    wire i_ack = active_q && !owner_q && mem_ready_i;
    wire d_ack = active_q && owner_q && mem_ready_i;

    VexRiscv u_vex (
        .clk(clk_i), .reset(!rst_ni),
        .externalResetVector(RESET_PC),
        .timerInterrupt(timer_irq_i), .softwareInterrupt(1'b0),
        .externalInterruptArray({31'd0, ext_irq_i}),
        .iBusWishbone_CYC(i_cyc), .iBusWishbone_STB(i_stb), .iBusWishbone_ACK(i_ack),
        .iBusWishbone_WE(i_we), .iBusWishbone_ADR(i_adr), .iBusWishbone_DAT_MISO(mem_rdata_i),
        .iBusWishbone_DAT_MOSI(i_wdat), .iBusWishbone_SEL(i_sel), .iBusWishbone_ERR(1'b0),
        .iBusWishbone_CTI(), .iBusWishbone_BTE(),
        .dBusWishbone_CYC(d_cyc), .dBusWishbone_STB(d_stb), .dBusWishbone_ACK(d_ack),
        .dBusWishbone_WE(d_we), .dBusWishbone_ADR(d_adr), .dBusWishbone_DAT_MISO(mem_rdata_i),
        .dBusWishbone_DAT_MOSI(d_wdat), .dBusWishbone_SEL(d_sel), .dBusWishbone_ERR(1'b0),
        .dBusWishbone_CTI(), .dBusWishbone_BTE()
    );

    assign mem_valid_o = active_q || grant_d || grant_i;
    assign mem_instr_o = mem_valid_o && !owner;
    assign mem_addr_o  = {owner ? d_adr : i_adr, 2'b00};
    assign mem_wdata_o = owner ? d_wdat : i_wdat;
    assign mem_wstrb_o = owner ? (d_we ? d_sel : 4'd0) : (i_we ? i_sel : 4'd0);

    // mem_ready never comes in the cycle a request is taken (every slave answers a cycle later or
    // more), so a taken request is always in flight at the next edge.
    always @(posedge clk_i) begin
        if (!rst_ni) begin
            active_q <= 1'b0;
            owner_q <= 1'b0;
        end else if (active_q) begin
            if (mem_ready_i) active_q <= 1'b0;
        end else if (grant_d || grant_i) begin
            active_q <= 1'b1;
            owner_q <= grant_d;
        end
    end
endmodule
