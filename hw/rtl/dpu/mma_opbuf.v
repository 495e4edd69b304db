// Operand buffer: a simple dual-port RAM (one write port, one read port with a registered read),
// the form FPGA block RAMs take. Every on-chip buffer of the accelerator (A, B, metadata, scales,
// C/D) is a set of these banks.
module mma_opbuf #(
    parameter W = 256,            // bits per word
    parameter DEPTH = 64,         // words
    parameter AW = 6              // address bits (>= clog2(DEPTH))
) (
    input  wire          clk_i,
    input  wire          we_i,
    input  wire [AW-1:0] waddr_i,
    input  wire [W-1:0]  wdata_i,
    input  wire          re_i,
    input  wire [AW-1:0] raddr_i,
    output reg  [W-1:0]  rdata_o
);
    reg [W-1:0] mem [0:DEPTH-1];
    always @(posedge clk_i) begin
        if (we_i) mem[waddr_i] <= wdata_i;
        if (re_i) rdata_o <= mem[raddr_i];
    end
endmodule
