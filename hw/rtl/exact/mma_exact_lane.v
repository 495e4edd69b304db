// One lane of the exact FP8 DPU (mma_exact_dpu): two element codes (e4m3 or e5m2 each, chosen per
// operand) -> their product placed exactly on the DPU's fixed-point grid, the `exact` preset's
// (NUMERICS 3: Kulisch-style sum, one rounding) term. Decoding is the decode stage's
// (mma_decode_set_fn: subnormals at emin - p, never renormalised); the product is the integer
// product of the significands at the sum of their LSB weights (as mma_multiply), shifted left by
// that weight minus the grid's LSB weight LSB_W, which is the lowest weight a product of the
// formats taken can have, so nothing is ever truncated. The term leaves in ones' complement (its bits
// XOR the product's sign), the DPU adds the count of negative terms once. Combinational.
module mma_exact_lane #(
    parameter E5M2 = 1,                     // 1: each operand may be e4m3 or e5m2; 0: e4m3 only
    parameter WT = 64                       // term bits: exact_grid_width(E5M2) (checked)
) (
    input  wire          fa_i,              // A's format: 0 e4m3, 1 e5m2 (needs E5M2 = 1)
    input  wire          fb_i,              // B's format
    input  wire [7:0]    a_i,
    input  wire [7:0]    b_i,
    output wire [WT-1:0] term_o,            // |a*b| * 2^-LSB_W, XOR neg_o (zero for a special or zero product)
    output wire          neg_o,             // the term is negative (a finite non-zero product)
    output wire          nan_o,             // a NaN operand, or 0 x Inf
    output wire          inf_o,             // Inf x non-zero finite or Inf (sign in sign_o)
    output wire          zero_o,            // a zero product (sign in sign_o)
    output wire          sign_o             // the product's sign
);
`include "mma_fmt.vh"
`include "mma_decode_fn.vh"
`include "mma_exact_grid.vh"
    localparam [31:0] MASK = (32'd1 << MMA_FMT_E4M3) | (E5M2 ? (32'd1 << MMA_FMT_E5M2) : 32'd0);
    localparam signed [13:0] LSB_W = exact_grid_lsb(E5M2);
    localparam PW = 2 * exact_sig_bits(E5M2);         // product bits
    localparam SHW = $clog2(WT);                      // shift amount bits

    reg  [39:0] ra, rb;
    reg  [1:0]  ca, cb;
    reg         nan, inf, zero, sign;
    reg  [PW-1:0] mag;
    reg  [SHW-1:0] sh;
    reg  signed [13:0] w;
    always @* begin
        ra = mma_decode_set_fn(MASK, (E5M2 && fa_i) ? MMA_FMT_E5M2 : MMA_FMT_E4M3, {24'd0, a_i});
        rb = mma_decode_set_fn(MASK, (E5M2 && fb_i) ? MMA_FMT_E5M2 : MMA_FMT_E4M3, {24'd0, b_i});
        ca = ra[38:37];
        cb = rb[38:37];
        sign = ra[36] ^ rb[36];
        nan  = ca == 2'd3 || cb == 2'd3 || (ca == 2'd2 && cb == 2'd0) || (ca == 2'd0 && cb == 2'd2);
        inf  = !nan && (ca == 2'd2 || cb == 2'd2);
        zero = !nan && !inf && (ca == 2'd0 || cb == 2'd0);
        mag  = ra[PW/2-1:0] * rb[PW/2-1:0];
        w    = $signed({{2{ra[35]}}, ra[35:24]}) + $signed({{2{rb[35]}}, rb[35:24]}) - LSB_W;
        sh   = w[SHW-1:0];
        if (nan || inf || zero)
            mag = {PW{1'b0}};
    end
    wire [WT-1:0] placed = {{(WT-PW){1'b0}}, mag} << sh;
    wire neg = sign && !(nan || inf || zero);
    assign term_o = placed ^ {WT{neg}};
    assign neg_o  = neg;
    assign nan_o  = nan;
    assign inf_o  = inf;
    assign zero_o = zero;
    assign sign_o = sign;
    generate if (WT != exact_grid_width(E5M2)) begin : g_bad_wt
        mma_exact_lane_WT_is_not_the_grid_width u_bad ();          // elaboration error naming the rule
    end endgenerate
endmodule
