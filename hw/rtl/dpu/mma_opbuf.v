// Operand buffer: a simple dual-port RAM (one write port with byte enables, one read port with a
// registered read), the form FPGA block RAMs take. Every on-chip buffer of the accelerator (A, B,
// metadata, scales, C/D) is a set of these banks.
module mma_opbuf #(
    parameter W = 256,            // bits per word (a multiple of 8)
    parameter DEPTH = 64,         // words
    parameter AW = 6              // address bits (>= clog2(DEPTH))
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
    reg [W-1:0] mem [0:DEPTH-1];
    integer b;
    always @(posedge clk_i) begin
        if (we_i) begin
            for (b = 0; b < W / 8; b = b + 1)
                if (be_i[b]) mem[waddr_i][b*8 +: 8] <= wdata_i[b*8 +: 8];
        end
        if (re_i) rdata_o <= mem[raddr_i];
    end
endmodule
