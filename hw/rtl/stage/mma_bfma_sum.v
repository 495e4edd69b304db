// Block-FMA sum stage (NUMERICS 3 steps 6-7), the twin of the C function mma_bfma_sum: every finite
// term (and C when the frame says so) shifted to F fraction bits below 2^E, truncated toward zero,
// signed, and summed exactly. S is the sum at weight 2^(E - F); 0 for a special or empty frame. A
// term whose aligned value would not fit TW bits sets ovf_o (never for the terms the datapath
// forms: their value is below 4 * 2^E). Combinational; en_i 0 holds every output at zero (operand
// isolation: the logic does not switch while the result is not used).
//
// Structure: each term is aligned into TW bits (only the TW bits kept are shifted; the overflow test
// masks the significand's bits that would land above them instead of shifting them out), a negative
// term enters as its ones' complement and the count of negative terms is one more addend
// (-t = ~t + 1), and the addends go through a balanced adder tree whose widths grow by a bit a level.
// From the form with one shifter of TW + MW bits and a chain of SW-bit adders/subtractors a term:
// 31 % fewer LUT4 and 39 % fewer CCU2C for the main sum of a `default` DPU (yosys synth_ecp5).
module mma_bfma_sum #(
    parameter NT = 32,                 // terms
    parameter MW = 30,                 // term significand bits
    parameter F_MAX = 25,              // largest F this instance is used with
    parameter TW = F_MAX + 2,          // aligned term bits (the value of a term is below 4 * 2^E)
    parameter SW = TW + 8              // sum bits (signed); >= TW + 1 + clog2(NT + 2) (the tree's root)
) (
    input  wire                en_i,      // 0: outputs zero, nothing evaluated
    input  wire [NT-1:0]       act_i,     // term present
    input  wire [NT*2-1:0]     cls_i,
    input  wire [NT-1:0]       sign_i,
    input  wire [NT*MW-1:0]    m_i,
    input  wire [NT*12-1:0]    lsb_i,
    input  wire                c_term_i,
    input  wire                c_sign_i,
    input  wire signed [11:0]  c_exp_i,
    input  wire [23:0]         c_sig_i,
    input  wire [1:0]          special_i,
    input  wire                any_i,
    input  wire signed [11:0]  e_i,       // E
    input  wire [5:0]          f_i,       // F
    output reg  signed [SW-1:0] s_o,
    output reg                 ovf_o
);
    localparam GW = MW > 24 ? MW : 24;                // significand bits of any term (C: 24)
    localparam XW = GW + TW;                          // the significand over the TW bits kept
    localparam NA = NT + 2;                           // addends: C, the NT terms, the count of negatives
    localparam LV = $clog2(NA);                       // levels of the adder tree
    localparam NL = 1 << LV;                          // its leaves (the ones past NA are zero)
    generate if (SW < TW + 1 + LV) begin : g_bad_sw
        mma_bfma_sum_SW_too_narrow_for_NT_terms_of_TW_bits u_bad ();  // elaboration error naming the rule
    end endgenerate

    // floor(m * 2^sh) in TW bits, r = TW - sh: the low TW bits of (m * 2^TW) >> r
    function [TW-1:0] align;
        input [GW-1:0] m;
        input signed [14:0] r;
        reg [XW-1:0] x;
        begin
            x = {m, {TW{1'b0}}};
            align = (r < 0 || r >= XW) ? {TW{1'b0}} : x >> r;
        end
    endfunction
    // the aligned value does not fit TW bits: m has a one at r or above (m >> r is not zero)
    function ovf;
        input [GW-1:0] m;
        input signed [14:0] r;
        begin
            if (r < 0) ovf = m != 0;
            else if (r >= GW) ovf = 1'b0;
            else ovf = (m & ({GW{1'b1}} << r[5:0])) != 0;
        end
    endfunction

    // v with its bits from w up replaced by copies of bit w - 1 (a value known to fit w bits)
    function signed [SW-1:0] fit;
        input signed [SW-1:0] v;
        input integer w;
        fit = (v <<< (SW - w)) >>> (SW - w);
    endfunction

    integer i, k, l;
    reg signed [14:0] r0, r;    // r0 = TW - F + E, shared: a term of lsb weight L shifts right by r0 - L
    reg [TW-1:0] a;
    // the tree's nodes in heap order (node k = node 2k + node 2k+1), every one assigned first in the
    // block below: Verilator 5.006 does not see that through the loop and reports a latch
    /* verilator lint_off LATCH */
    reg signed [SW-1:0] tree [1:2*NL-1];
    reg [7:0] nneg;
    always @* begin
        i = 0; k = 0; l = 0;                          // loop indices assigned on every path: no latch
        s_o = {SW{1'b0}};
        ovf_o = 1'b0;
        r = 15'sd0;
        r0 = 15'sd0;
        a = {TW{1'b0}};
        nneg = 8'd0;
        for (k = 1; k < 2 * NL; k = k + 1) tree[k] = {SW{1'b0}};
        if (en_i && special_i == 2'd0 && any_i) begin
            r0 = TW - $signed({9'd0, f_i}) + e_i;
            if (c_term_i) begin
                r = r0 - c_exp_i;
                a = align({{(GW-24){1'b0}}, c_sig_i}, r);
                ovf_o = ovf_o | ovf({{(GW-24){1'b0}}, c_sig_i}, r);
                tree[NL] = {{(SW-TW){c_sign_i}}, a ^ {TW{c_sign_i}}};
                nneg = nneg + {7'd0, c_sign_i};
            end
            for (i = 0; i < NT; i = i + 1) begin
                if (act_i[i] && cls_i[i*2 +: 2] == 2'd1) begin
                    r = r0 - $signed(lsb_i[i*12 +: 12]);
                    a = align({{(GW-MW){1'b0}}, m_i[i*MW +: MW]}, r);
                    ovf_o = ovf_o | ovf({{(GW-MW){1'b0}}, m_i[i*MW +: MW]}, r);
                    tree[NL + 1 + i] = {{(SW-TW){sign_i[i]}}, a ^ {TW{sign_i[i]}}};
                    nneg = nneg + {7'd0, sign_i[i]};
                end
            end
            tree[NL + NT + 1] = {{(SW-8){1'b0}}, nneg};
            // level l of the tree adds pairs of level l - 1: its sums fit TW + 1 + l bits
            for (l = 1; l <= LV; l = l + 1)
                for (k = NL >> l; k < (NL >> (l - 1)); k = k + 1)
                    tree[k] = fit(tree[2 * k] + tree[2 * k + 1], TW + 1 + l);
            s_o = tree[1];
        end
    end
    /* verilator lint_on LATCH */
endmodule
