// Block-FMA sum stage (NUMERICS 3 steps 6-7), the twin of the C function mma_bfma_sum: every finite
// term (and C when the frame says so) shifted to F fraction bits below 2^E, truncated toward zero,
// signed, and summed exactly. S is the sum at weight 2^(E - F); 0 for a special or empty frame. A
// term whose aligned value would not fit TW bits sets ovf_o (never for the terms the datapath
// forms: their value is below 4 * 2^E). Combinational; en_i 0 holds every output at zero (operand
// isolation: the logic does not switch while the result is not used).
module mma_bfma_sum #(
    parameter NT = 32,                 // terms
    parameter MW = 30,                 // term significand bits
    parameter F_MAX = 25,              // largest F this instance is used with
    parameter TW = F_MAX + 2,          // aligned term bits (the value of a term is below 4 * 2^E)
    parameter SW = TW + 8              // sum bits (signed); >= TW + clog2(NT + 1) + 1
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
    localparam SHL = TW;                              // m is pre-shifted left by this much
    localparam XW = (MW > 24 ? MW : 24) + SHL;        // width of the pre-shifted significand

    // floor(m * 2^sh), with ovf when it does not fit TW bits
    function [TW:0] align;                            // {ovf, t}
        input [XW-1:0] m;
        input signed [13:0] sh;
        reg [XW-1:0] x;
        reg signed [14:0] r;
        begin
            r = SHL - sh;                             // right shift of the pre-shifted value
            if (r < 0) begin
                align = {1'b1, {TW{1'b0}}};
            end else if (r >= XW) begin
                align = {(TW+1){1'b0}};
            end else begin
                x = (m << SHL) >> r;
                align = {x[XW-1:TW] != 0, x[TW-1:0]};
            end
        end
    endfunction

    integer i;
    reg [TW:0] a;
    reg signed [13:0] sh;
    always @* begin
        i = 0;                                  // loop indices assigned on every path: no latch
        s_o = {SW{1'b0}};
        ovf_o = 1'b0;
        sh = 14'sd0;
        a = {(TW+1){1'b0}};
        if (en_i && special_i == 2'd0 && any_i) begin
            if (c_term_i) begin
                sh = c_exp_i + $signed({8'd0, f_i}) - e_i;
                a = align({{(XW-24){1'b0}}, c_sig_i}, sh);
                ovf_o = ovf_o | a[TW];
                s_o = c_sign_i ? s_o - $signed({{(SW-TW){1'b0}}, a[TW-1:0]})
                               : s_o + $signed({{(SW-TW){1'b0}}, a[TW-1:0]});
            end
            for (i = 0; i < NT; i = i + 1) begin
                if (act_i[i] && cls_i[i*2 +: 2] == 2'd1) begin
                    sh = $signed(lsb_i[i*12 +: 12]) + $signed({8'd0, f_i}) - e_i;
                    a = align({{(XW-MW){1'b0}}, m_i[i*MW +: MW]}, sh);
                    ovf_o = ovf_o | a[TW];
                    s_o = sign_i[i] ? s_o - $signed({{(SW-TW){1'b0}}, a[TW-1:0]})
                                    : s_o + $signed({{(SW-TW){1'b0}}, a[TW-1:0]});
                end
            end
        end
    end
endmodule
