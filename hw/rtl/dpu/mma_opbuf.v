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
    integer b;
    // the ports on a memory `m` (one body for both forms below, which differ only in the attribute)
`define MMA_OPBUF_PORTS(m) \
    always @(posedge clk_i) begin \
        if (we_i) begin \
            for (b = 0; b < W / 8; b = b + 1) \
                if (be_i[b]) m[waddr_i][b*8 +: 8] <= wdata_i[b*8 +: 8]; \
        end \
        if (re_i) rdata_o <= m[raddr_i]; \
    end
    generate
        if (RW_FREE != 0) begin : g_free
            (* no_rw_check *) reg [W-1:0] mem [0:DEPTH-1];
            `MMA_OPBUF_PORTS(mem)
`ifndef SYNTHESIS
            always @(posedge clk_i)
                if (we_i && re_i && waddr_i == raddr_i && |be_i) begin
                    $display("%m: ASSERTION word %0d read and written in the same cycle", raddr_i); $stop;
                end
`endif
        end else begin : g_rw
            reg [W-1:0] mem [0:DEPTH-1];
            `MMA_OPBUF_PORTS(mem)
        end
    endgenerate
`undef MMA_OPBUF_PORTS
endmodule
