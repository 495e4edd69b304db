// The micro accelerator's accumulator (mma_micro): one product a clock added exactly to the sum S
// on the exact grid of mma_exact_lane (two's complement, LSB weight exact_grid_lsb), with the
// special-value summary of the products beside it: the `exact` preset's Kulisch-style sum
// (NUMERICS 3), one product at a time. S is wide enough for 2^KMAX_LOG2 products of any size, so it
// never wraps; the caller refuses more products (mma_micro: MICRO_ERR_K).
module mma_micro_acc #(
    parameter WT = 36,                     // bits of a term (mma_exact_lane)
    parameter KMAX_LOG2 = 11,              // at most 2^KMAX_LOG2 products between two clears
    parameter SW = WT + KMAX_LOG2 + 1      // bits of S (derived: do not override)
) (
    input  wire          clk_i,
    input  wire          rst_ni,           // synchronous, active low
    input  wire          clear_i,          // S = 0, summary empty (a new dot product)
    input  wire          valid_i,          // one product this clock
    input  wire [WT-1:0] term_i,           // |a*b| on the grid, XOR neg_i (ones' complement)
    input  wire          neg_i,
    input  wire          nan_i,
    input  wire          zero_i,
    input  wire          sign_i,
    output reg  [SW-1:0] s_o,              // the exact sum of the products so far
    output reg           nan_o,            // a product was NaN
    output reg           nz_o,             // a product was finite and not zero
    output reg  [1:0]    zeros_o           // signs of the zero products: bit 0 a +0, bit 1 a -0
);
    always @(posedge clk_i) begin
        if (!rst_ni || clear_i) begin
            s_o <= {SW{1'b0}};
            nan_o <= 1'b0;
            nz_o <= 1'b0;
            zeros_o <= 2'b00;
        end else if (valid_i) begin
            // ones' complement term, sign-extended, plus the sign: S + (-1)^neg * |a*b|
            s_o <= s_o + {{(SW-WT){neg_i}}, term_i} + {{(SW-1){1'b0}}, neg_i};
            if (nan_i)
                nan_o <= 1'b1;
            else if (!zero_i)
                nz_o <= 1'b1;
            else
                zeros_o <= zeros_o | (sign_i ? 2'b10 : 2'b01);
        end
    end
endmodule
