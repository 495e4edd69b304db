// Group stage of the .kind::mxf4 / mxf4nvf4 datapath (NUMERICS 3 presets), the twin of the C
// function mma_group_sum: NG products of e2m1 elements (finite or zero) summed exactly, times the
// block's scale factor -> one term. profile.group_align 0: the term exponent is floor(log2 |group
// value|) and an all-zero group is a ZERO term (no part); 1: the exponent is the sum of the two
// scale exponents, the significand unnormalised, and an all-zero group is a FINITE term with m = 0
// (it takes part in E). A NaN scale gives a NaN term, a zero scale a ZERO term. The term's (m, lsb)
// may differ from the C function's by trailing zeros; the value m * 2^lsb is the same.
// Combinational; en_i 0 holds every output at zero (operand isolation: the logic does not switch
// while the result is not used).
module mma_group_sum #(
    parameter NG = 16,                 // products per group
    parameter PMW = 4,                 // product significand bits (e2m1 x e2m1: <= 9)
    parameter SCALE_SIG_W = 8,
    parameter signed [11:0] LSB0 = -12'sd2,  // weight of the lowest product bit (e2m1: 2^-1 x 2^-1)
    parameter MW = 13 + SCALE_SIG_W    // term significand bits
) (
    input  wire                   en_i,      // 0: outputs zero, nothing evaluated
    input  wire [NG*2-1:0]        cls_i,
    input  wire [NG-1:0]          sign_i,
    input  wire [NG*12-1:0]       lsb_i,
    input  wire [NG*PMW-1:0]      m_i,
    input  wire                   s_nan_i,
    input  wire                   s_zero_i,
    input  wire [SCALE_SIG_W-1:0] s_sig_i,
    input  wire signed [11:0]     s_exp_i,
    input  wire signed [11:0]     s_e_shift_i,
    input  wire                   align_i,   // profile.group_align
    output reg  [1:0]             cls_o,
    output reg                    sign_o,
    output reg  signed [11:0]     e_o,
    output reg  signed [11:0]     lsb_o,
    output reg  [MW-1:0]          m_o,
    output reg                    bad_o      // an Inf/NaN product, or a product outside the e2m1 range
);
    // The sum: a product enters as its (shifted) magnitude or, when negative, its ones' complement,
    // and the count of negative products is added to the tree's root (-v = ~v + 1); the products go
    // through a balanced tree whose levels are sized to their sums (as in mma_bfma_sum).
    localparam VW = PMW + 9;                   // a product shifted by up to 8: PMW + 8 bits, + sign
    localparam LV = $clog2(NG);
    localparam NL = 1 << LV;
    generate if (VW + LV > 17 || NG > 255) begin : g_bad_ng
        mma_group_sum_takes_groups_whose_sum_fits_17_bits u_bad ();  // elaboration error naming the rule
    end endgenerate
    generate if (MW > 32) begin : g_bad_mw
        mma_group_sum_takes_terms_of_at_most_32_bits u_bad_mw ();    // (floor(log2 m) is 5 bits)
    end endgenerate
    // v with its bits from w up replaced by copies of bit w - 1 (a value known to fit w bits)
    function signed [16:0] fit;
        input signed [16:0] v;
        input integer w;
        fit = (v <<< (17 - w)) >>> (17 - w);
    endfunction

    integer i, j, k, l;
    reg signed [16:0] sum;
    reg signed [11:0] sh;
    reg [VW-2:0] v;                             // a product's magnitude, shifted to LSB0
    reg [16:0] mag;
    reg [MW-1:0] scaled, magw;
    reg [7:0] nneg;
    reg [4:0] top;                               // floor(log2 scaled)
    // the tree's nodes in heap order (node k = node 2k + node 2k+1), every one assigned first in the
    // block below: Verilator 5.006 does not see that through the loop and reports a latch
    /* verilator lint_off LATCH */
    reg signed [16:0] tree [1:2*NL-1];
    always @* begin
        i = 0; j = 0; k = 0; l = 0;             // loop indices assigned on every path: no latch
        for (k = 1; k < 2 * NL; k = k + 1) tree[k] = 17'sd0;
        sum = 17'sd0;
        nneg = 8'd0;
        top = 5'd0;
        bad_o = 1'b0;
        v = {(VW-1){1'b0}};
        sh = 12'sd0;
        mag = 17'd0;
        magw = {MW{1'b0}};
        scaled = {MW{1'b0}};
        m_o = {MW{1'b0}};
        lsb_o = 12'sd0;
        e_o = 12'sd0;
        cls_o = 2'd0;
        sign_o = 1'b0;
        if (en_i) begin
            for (i = 0; i < NG; i = i + 1) begin
                sh = $signed(lsb_i[i*12 +: 12]) - LSB0;
                if (cls_i[i*2 +: 2] == 2'd1) begin
                    if (sh < 0 || sh > 8) bad_o = 1'b1;
                    v = {{(VW - 1 - PMW){1'b0}}, m_i[i*PMW +: PMW]} << sh[3:0];
                    tree[NL + i] = {{(17 - VW + 1){sign_i[i]}}, v ^ {(VW-1){sign_i[i]}}};
                    nneg = nneg + {7'd0, sign_i[i]};
                end else if (cls_i[i*2 +: 2] != 2'd0) begin
                    bad_o = 1'b1;
                end
            end
            for (l = 1; l <= LV; l = l + 1)
                for (k = NL >> l; k < (NL >> (l - 1)); k = k + 1)
                    tree[k] = fit(tree[2 * k] + tree[2 * k + 1], VW + l);
            sum = tree[1] + $signed({9'd0, nneg});
            sign_o = sum < 0;
            mag = sum < 0 ? -sum : sum;
            magw = {{(MW-17){1'b0}}, mag};
            scaled = magw * {{(MW-SCALE_SIG_W){1'b0}}, s_sig_i};
            if (s_nan_i) begin
                cls_o = 2'd3;
            end else if (s_zero_i) begin
                cls_o = 2'd0;
            end else if (align_i) begin
                cls_o = 2'd1;                               // unnormalised, at the scale exponents
                m_o = scaled;
                lsb_o = LSB0 + s_exp_i;
                e_o = s_e_shift_i;
            end else if (mag == 17'd0) begin
                cls_o = 2'd0;
            end else begin
                cls_o = 2'd1;
                m_o = scaled;
                lsb_o = LSB0 + s_exp_i;
                for (j = 0; j < MW; j = j + 1)
                    if (scaled[j]) top = j[4:0];
                e_o = lsb_o + $signed({7'd0, top});           // + floor(log2 m)
            end
        end
    end
    /* verilator lint_on LATCH */
endmodule
