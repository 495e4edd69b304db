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
// (-t = ~t + 1), and the addends go through a balanced adder tree whose widths grow by a bit a level
// (mma_sum_tree).
// From the form with one shifter of TW + MW bits and a chain of SW-bit adders/subtractors a term:
// 31 % fewer LUT4 and 39 % fewer CCU2C for the main sum of a `default` DPU (yosys synth_ecp5).
module mma_bfma_sum #(
    parameter NT = 32,                 // terms
    parameter MW = 30,                 // term significand bits
    parameter F_MAX = 25,              // largest F this instance is used with
    parameter TW = F_MAX + 2,          // aligned term bits (the value of a term is below 4 * 2^E)
    parameter SW = TW + 8              // sum bits (signed); >= TW + 1 + clog2(NT + 2) (mma_sum_tree checks)
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
    output wire signed [SW-1:0] s_o,
    output reg                 ovf_o
);
    localparam GW = MW > 24 ? MW : 24;                // significand bits of any term (C: 24)
    localparam XW = GW + TW;                          // the significand over the TW bits kept
    localparam NA = NT + 2;                           // addends: C, the NT terms, the count of negatives
    localparam AW = TW + 1;                           // bits of an addend (signed)

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

    integer i;
    reg signed [14:0] r0, r;    // r0 = TW - F + E, shared: a term of lsb weight L shifts right by r0 - L
    reg [TW-1:0] a;
    reg [NA*AW-1:0] x;          // the addends: C at 0, term i at 1 + i, the count of negatives at NT + 1
    reg [7:0] nneg;
    always @* begin
        i = 0;                                  // loop indices assigned on every path: no latch
        ovf_o = 1'b0;
        r = 15'sd0;
        r0 = 15'sd0;
        a = {TW{1'b0}};
        nneg = 8'd0;
        x = {(NA*AW){1'b0}};
        if (en_i && special_i == 2'd0 && any_i) begin
            r0 = TW - $signed({9'd0, f_i}) + e_i;
            if (c_term_i) begin
                r = r0 - c_exp_i;
                a = align({{(GW-24){1'b0}}, c_sig_i}, r);
                ovf_o = ovf_o | ovf({{(GW-24){1'b0}}, c_sig_i}, r);
                x[0 +: AW] = {c_sign_i, a ^ {TW{c_sign_i}}};
                nneg = nneg + {7'd0, c_sign_i};
            end
            for (i = 0; i < NT; i = i + 1) begin
                if (act_i[i] && cls_i[i*2 +: 2] == 2'd1) begin
                    r = r0 - $signed(lsb_i[i*12 +: 12]);
                    a = align({{(GW-MW){1'b0}}, m_i[i*MW +: MW]}, r);
                    ovf_o = ovf_o | ovf({{(GW-MW){1'b0}}, m_i[i*MW +: MW]}, r);
                    x[(1 + i)*AW +: AW] = {sign_i[i], a ^ {TW{sign_i[i]}}};
                    nneg = nneg + {7'd0, sign_i[i]};
                end
            end
            x[(NT + 1)*AW +: AW] = {{(AW-8){1'b0}}, nneg};
        end
    end
    // zero addends (en_i 0, a special or empty frame) sum to zero
    mma_sum_tree #(.N(NA), .W(AW), .OW(SW)) u_tree (.x_i(x), .s_o(s_o));
endmodule
