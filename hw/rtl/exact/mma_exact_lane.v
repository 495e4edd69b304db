// One lane of the exact FP8 DPU (mma_exact_dpu): two element codes (e4m3 or e5m2 each, chosen per
// operand) -> their product placed exactly on the DPU's fixed-point grid, the `exact` preset's
// (NUMERICS 3: Kulisch-style sum, one rounding) term. The decode stage's rules (NUMERICS 1, the
// generated format table's fields: subnormals at emin - p, never renormalised) written out for the
// two FP8 formats, because a lane is repeated G times per DPU and the generic decoder costs three
// times the logic: significand sig = {exponent field != 0, fraction}, and the exponent as a count
// u = max(field, 1) - 1 of binades above the format's lowest weight emin - p. The product of the
// significands (as mma_multiply: exact, not normalised) is shifted left by u_a + u_b plus the
// distance from the formats' lowest weights to the grid's LSB (LSB_W, the lowest weight any product
// of the formats taken can have, so nothing is ever truncated). The term leaves in ones' complement
// (its bits XOR the product's sign); the DPU adds the count of negative terms once. Combinational.
module mma_exact_lane #(
    parameter E5M2 = 1,                     // 1: each operand may be e4m3 or e5m2; 0: e4m3 only
    parameter WT = 64                       // term bits: exact_grid_width(E5M2) (checked)
) (
    input  wire          fa_i,              // A's format: 0 e4m3, 1 e5m2 (needs E5M2 = 1)
    input  wire          fb_i,              // B's format
    input  wire [7:0]    a_i,
    input  wire [7:0]    b_i,
    output wire [WT-1:0] term_o,            // |a*b| * 2^-LSB_W, XOR neg_o (unused for a NaN or Inf product)
    output wire          neg_o,             // the product's sign bit: term_o is in ones' complement
    output wire          nan_o,             // a NaN operand, or 0 x Inf
    output wire          inf_o,             // Inf x non-zero finite or Inf (sign in sign_o)
    output wire          zero_o,            // a zero product (sign in sign_o)
    output wire          sign_o             // the product's sign
);
`include "mma_fmt.vh"
`include "mma_exact_grid.vh"
    localparam SB = exact_sig_bits(E5M2);             // significand bits of an operand
    localparam PW = 2 * SB;                           // product bits
    localparam signed [13:0] LSB_W = exact_grid_lsb(E5M2);
    // binades from a format's lowest weight to the grid's LSB, half of the pair's distance each
    localparam K4 = exact_fmt_min_lsb(MMA_FMT_E4M3) - LSB_W / 2;
    localparam K5 = exact_fmt_min_lsb(MMA_FMT_E5M2) - LSB_W / 2;
    // the largest shift: both operands at their format's largest finite binade
    localparam MAXSH = 2 * ((E5M2 && exact_fmt_max_lsb(MMA_FMT_E5M2) > exact_fmt_max_lsb(MMA_FMT_E4M3)) ?
                            exact_fmt_max_lsb(MMA_FMT_E5M2) : exact_fmt_max_lsb(MMA_FMT_E4M3)) - LSB_W;
    localparam UW = $clog2(MAXSH + 1);                // bits of a shift count

    // each format's fields and rules, constants from the generated table: a decoder below is fixed
    // slices and compares (in a Verilated model the table lookups and integer masks inside the
    // function were run for every lane every cycle)
    localparam EB4 = MMA_FMT_EXP_BITS_TAB[MMA_FMT_E4M3*4 +: 4], FB4 = exact_fmt_p(MMA_FMT_E4M3);
    localparam EB5 = MMA_FMT_EXP_BITS_TAB[MMA_FMT_E5M2*4 +: 4], FB5 = exact_fmt_p(MMA_FMT_E5M2);
    localparam IEEE4 = MMA_FMT_NAN_STYLE_TAB[MMA_FMT_E4M3*2 +: 2] == 2'd1;   // NaN: exponent all ones and a
    localparam IEEE5 = MMA_FMT_NAN_STYLE_TAB[MMA_FMT_E5M2*2 +: 2] == 2'd1;   // fraction; else every bit set
    localparam INF4 = MMA_FMT_INF_TAB[MMA_FMT_E4M3], INF5 = MMA_FMT_INF_TAB[MMA_FMT_E5M2];

    // {class bits, sig, u + K} of one operand in a format of EB exponent and FB fraction bits
    function [3+SB+UW-1:0] operand_of;                // {nan, inf, zero, sig[SB-1:0], v[UW-1:0]}
        input [7:0] x;
        input integer eb, fb, k, ieee, has_inf;
        reg [7:0] e, fr, emask, fmask;
        reg nan, inf, zero;
        reg [SB-1:0] sig;
        reg [UW-1:0] v;
        begin
            emask = (8'd1 << eb) - 8'd1;
            fmask = (8'd1 << fb) - 8'd1;
            e  = (x >> fb) & emask;
            fr = x & fmask;
            nan  = ieee != 0 ? (e == emask && fr != 0) : (e == emask && fr == fmask);
            inf  = has_inf != 0 && e == emask && fr == 0;
            zero = e == 0 && fr == 0;
            sig  = ({{(SB-1){1'b0}}, e != 0} << fb) | fr[SB-1:0];
            v    = (e == 0 ? 0 : e - 1) + k;
            operand_of = {nan, inf, zero, sig, v};
        end
    endfunction
    // one operand, format f (0 e4m3, 1 e5m2)
    function [3+SB+UW-1:0] operand;
        input [7:0] x;
        input       f;
        begin
            if (f) operand = operand_of(x, EB5, FB5, K5, IEEE5, INF5);
            else   operand = operand_of(x, EB4, FB4, K4, IEEE4, INF4);
        end
    endfunction

    reg  [3+SB+UW-1:0] oa, ob;
    reg  nan, inf, zero, sign;
    reg  [PW-1:0] mag;
    reg  [UW-1:0] sh;
    always @* begin
        oa = operand(a_i, E5M2 != 0 && fa_i);
        ob = operand(b_i, E5M2 != 0 && fb_i);
        sign = a_i[7] ^ b_i[7];
        nan  = oa[SB+UW+2] || ob[SB+UW+2] || (oa[SB+UW+1] && ob[SB+UW]) || (oa[SB+UW] && ob[SB+UW+1]);
        inf  = !nan && (oa[SB+UW+1] || ob[SB+UW+1]);
        zero = !nan && !inf && (oa[SB+UW] || ob[SB+UW]);
        mag  = oa[UW +: SB] * ob[UW +: SB];           // a zero operand gives 0; a special's term is unused
        sh   = oa[UW-1:0] + ob[UW-1:0];
    end
    // the shift, one binary digit at a time, each level only as wide as its input can reach
    // ones' complement of every term with the sign set: a zero product gives ~0, which the count of
    // negative terms brings back to 0 (a NaN or Inf lane's term is garbage: the result is special)
    wire neg = sign;
    genvar l;
    generate for (l = 0; l <= UW; l = l + 1) begin : g_sh
        localparam IW = (PW + (1 << l) - 1) > WT ? WT : (PW + (1 << l) - 1);   // bits in at level l
        wire [IW-1:0] v;
        if (l == 0) begin : g_in
            assign v = mag;
        end else begin : g_mux
            localparam PI = (PW + (1 << (l - 1)) - 1) > WT ? WT : (PW + (1 << (l - 1)) - 1);
            wire [IW-1:0] wide = {{(IW-PI+1){1'b0}}, g_sh[l-1].v} ;
            assign v = sh[l-1] ? (wide << (1 << (l - 1))) : wide;
        end
    end endgenerate
    assign term_o = {{(WT+1){1'b0}}, g_sh[UW].v} ^ {WT{neg}};
    assign neg_o  = neg;
    assign nan_o  = nan;
    assign inf_o  = inf;
    assign zero_o = zero;
    assign sign_o = sign;
    generate if (WT != exact_grid_width(E5M2)) begin : g_bad_wt
        mma_exact_lane_WT_is_not_the_grid_width u_bad ();          // elaboration error naming the rule
    end endgenerate
endmodule
