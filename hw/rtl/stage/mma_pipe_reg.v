// An optional pipeline register: q_o is d_i one clock of clk_i later (PIPE = 1), or d_i itself
// (PIPE = 0, clk_i unused). The one place where a stage with a PIPE parameter (mma_encode between
// its halves, mma_bfma_round for the inputs it selects with) chooses between a register and a wire.
module mma_pipe_reg #(
    parameter W = 1,                    // bits
    parameter PIPE = 0                  // 1: a register
) (
    input  wire         clk_i,          // used with PIPE = 1 only
    input  wire [W-1:0] d_i,
    output wire [W-1:0] q_o
);
    generate
        if (PIPE != 0) begin : g_pipe
            reg [W-1:0] r;
            always @(posedge clk_i) r <= d_i;
            assign q_o = r;
        end else begin : g_comb
            assign q_o = d_i;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_clk = clk_i;
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate
endmodule
