// Operand buffer: a simple dual-port RAM (one write port with byte enables, one read port with a
// registered read), the form FPGA block RAMs take. Every on-chip buffer of the accelerator (A, B,
// metadata, scales, C/D) is a set of these banks.
//
// RW_FREE 1 (the A, B, metadata and scale banks): a read and a write of the same word never happen
// in the same cycle - the scheduler loads a buffer region only while nobody reads it - so the memory
// is marked no_rw_check, and yosys maps it to the block RAM's ports as they are instead of adding a
// register of the written word and a bypass multiplexer that give the read the old data on a
// collision (on ECP5 a 256-bit bank took 356 LUT4 and 584 FF for that, 32 LUT4 without). A
// simulation-only assertion stops on a collision, so every co-simulation run checks the claim.
// RW_FREE 0 (the C/D banks): collisions are part of the design - a tile reads its C from a word
// whose other elements an earlier tile's D is being written into - and the read gets the old data.
module mma_opbuf #(
    parameter W = 256,            // bits per word (a multiple of 8)
    parameter DEPTH = 64,         // words
    parameter AW = 6,             // address bits (>= clog2(DEPTH))
    parameter RW_FREE = 0         // 1: the same word is never read and written in one cycle
) (
    input  wire           clk_i,
    input  wire           we_i,
    input  wire [W/8-1:0] be_i,   // byte enables of the write
    input  wire [AW-1:0]  waddr_i,
    input  wire [W-1:0]   wdata_i,
    input  wire           re_i,
    input  wire [AW-1:0]  raddr_i,
    output reg  [W-1:0]   rdata_o
);
    // The write port on a memory `m`, in one of two forms: a process per byte lane (RW_FREE 1), or one
    // process with the byte loop (RW_FREE 0). yosys 0.23's proc_mux took 57 s for that one process
    // of a 512-bit bank of `default` (2026-11-28), 9 s for the lanes; memory_share joins the lanes
    // into one port with byte enables again, and ice40 and ecp5 map both forms to the same cells.
    // The C/D banks (256 bits, 4 s) keep the loop: with lanes, yosys's ice40 mapping of their old-data
    // bypass took 33 LUT4 more.
    integer i;
    genvar b;
`define MMA_OPBUF_WRITE_LANES(m) \
    for (b = 0; b < W / 8; b = b + 1) begin : g_lane \
        always @(posedge clk_i) \
            if (we_i && be_i[b]) m[waddr_i][b*8 +: 8] <= wdata_i[b*8 +: 8]; \
    end
`define MMA_OPBUF_WRITE_LOOP(m) \
    always @(posedge clk_i) \
        if (we_i) \
            for (i = 0; i < W / 8; i = i + 1) \
                if (be_i[i]) m[waddr_i][i*8 +: 8] <= wdata_i[i*8 +: 8];
`define MMA_OPBUF_READ(m) \
    always @(posedge clk_i) \
        if (re_i) rdata_o <= m[raddr_i];
    generate
        if (RW_FREE != 0) begin : g_free
            (* no_rw_check *) reg [W-1:0] mem [0:DEPTH-1];
            `MMA_OPBUF_WRITE_LANES(mem)
            `MMA_OPBUF_READ(mem)
`ifndef SYNTHESIS
            always @(posedge clk_i)
                if (we_i && re_i && waddr_i == raddr_i && |be_i) begin
                    $display("%m: ASSERTION word %0d read and written in the same cycle", raddr_i); $stop;
                end
`endif
        end else begin : g_rw
            reg [W-1:0] mem [0:DEPTH-1];
            `MMA_OPBUF_WRITE_LOOP(mem)
            `MMA_OPBUF_READ(mem)
        end
    endgenerate
`undef MMA_OPBUF_WRITE_LANES
`undef MMA_OPBUF_WRITE_LOOP
`undef MMA_OPBUF_READ
endmodule
