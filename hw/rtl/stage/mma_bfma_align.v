// Block-FMA align stage (NUMERICS 3 steps 1, 4, 5), the twin of the C function mma_bfma_align:
// specials of the NT terms and of C (NaN, 0 x Inf or +Inf with -Inf -> NaN; else Inf), then E = the
// largest exponent of the terms that take part (finite ones; zero products too under
// zero_product_term) and of C (max(floor(log2|c|), -126); f16 output: the subnormal rule of
// f16_c_pinned; a zero C at -126 under zero_c_term), clamped at min_E. Combinational; en_i 0 holds
// every output at zero (operand isolation: the logic does not switch while the result is not used).
//
// E is the root of a balanced max tree over 13-bit keys {takes part, exponent with its sign bit
// inverted}: an absent term's key is 0, so no 'have' flag travels along, and keys compare unsigned.
// From a chain of 37 compare-and-select steps: 3 529 -> 2 243 LUT4 on ECP5, the same 246 CCU2C.
module mma_bfma_align #(
    parameter NT = 32
) (
    input  wire                en_i,           // 0: outputs zero, nothing evaluated
    input  wire [NT-1:0]       act_i,          // term present (C's n: terms beyond it do not exist)
    input  wire [NT*2-1:0]     cls_i,          // per term: 0 zero, 1 finite, 2 Inf, 3 NaN
    input  wire [NT-1:0]       sign_i,
    input  wire [NT*12-1:0]    e_i,            // term exponents (signed 12 bits each)
    input  wire                c_en_i,         // this step has a C (accumulator) term
    input  wire [1:0]          c_cls_i,
    input  wire                c_sign_i,
    input  wire signed [11:0]  c_exp_i,        // weight of c_sig_i's LSB
    input  wire [23:0]         c_sig_i,
    input  wire                f16_i,          // step format is f16 (else f32 / e8m13)
    input  wire signed [11:0]  min_e_i,
    input  wire                min_e_none_i,
    input  wire                zero_c_term_i,
    input  wire                f16_c_pinned_i,
    input  wire                zero_product_term_i,
    output reg  [1:0]          special_o,      // 0 finite, 1 NaN, 2 +Inf, 3 -Inf (mma_bfma_special)
    output reg                 any_o,          // at least one term takes part
    output reg                 c_term_o,       // C takes part as a finite term
    output reg  signed [11:0]  e_o             // alignment exponent E
);
    localparam LV = $clog2(NT + 1);            // levels of the max tree over the terms and C
    localparam NL = 1 << LV;
    integer i, j, k, l;
    reg nan, pinf, ninf, have;
    reg signed [11:0] emax, ec;
    reg [4:0] lead;                             // position of c_sig_i's leading one (0 when it is 0)
    // the max tree's nodes in heap order: {takes part, exponent in offset binary} (an absent term
    // is 0, below every exponent), so the largest is an unsigned comparison; every node is assigned
    // first in the block below: Verilator 5.006 does not see that through the loop and reports a latch
    /* verilator lint_off LATCH */
    reg [12:0] key [1:2*NL-1];
    always @* begin
        i = 0; j = 0; k = 0; l = 0;             // loop indices assigned on every path: no latch
        special_o = 2'd0;
        any_o = 1'b0;
        c_term_o = 1'b0;
        e_o = 12'sd0;
        nan = 1'b0; pinf = 1'b0; ninf = 1'b0; have = 1'b0;
        emax = 12'sd0; ec = 12'sd0; lead = 5'd0;
        for (k = 1; k < 2 * NL; k = k + 1) key[k] = 13'd0;
        if (en_i) begin
            nan = c_en_i && c_cls_i == 2'd3;
            pinf = c_en_i && c_cls_i == 2'd2 && !c_sign_i;
            ninf = c_en_i && c_cls_i == 2'd2 && c_sign_i;
            for (i = 0; i < NT; i = i + 1) begin
                nan = nan | (act_i[i] && cls_i[i*2 +: 2] == 2'd3);
                pinf = pinf | (act_i[i] && cls_i[i*2 +: 2] == 2'd2 && !sign_i[i]);
                ninf = ninf | (act_i[i] && cls_i[i*2 +: 2] == 2'd2 && sign_i[i]);
                if (act_i[i] && (cls_i[i*2 +: 2] == 2'd1 || (cls_i[i*2 +: 2] == 2'd0 && zero_product_term_i)))
                    key[NL + i] = {1'b1, !e_i[i*12 + 11], e_i[i*12 +: 11]};
            end
            // C's exponent: floor(log2 |c|) = exp + msb(sig)
            lead = 5'd0;
            for (j = 0; j < 24; j = j + 1)
                if (c_sig_i[j]) lead = j[4:0];
            ec = c_exp_i + $signed({7'd0, lead});
            if (f16_i) begin
                if (f16_c_pinned_i && ec < -12'sd14) ec = -12'sd14;
            end else if (ec < -12'sd126) begin
                ec = -12'sd126;
            end
            c_term_o = c_en_i && c_cls_i == 2'd1;
            if (c_term_o || (c_en_i && c_cls_i == 2'd0 && zero_c_term_i)) begin
                if (!c_term_o) ec = -12'sd126;           // zero_c_term: a zero C at -126 (MMA-Sim)
                key[NL + NT] = {1'b1, !ec[11], ec[10:0]};
            end
            for (l = 1; l <= LV; l = l + 1)
                for (k = NL >> l; k < (NL >> (l - 1)); k = k + 1)
                    key[k] = key[2 * k] > key[2 * k + 1] ? key[2 * k] : key[2 * k + 1];
            have = key[1][12];
            emax = {!key[1][11], key[1][10:0]};
            if (nan || (pinf && ninf)) special_o = 2'd1;
            else if (pinf) special_o = 2'd2;
            else if (ninf) special_o = 2'd3;
            else special_o = 2'd0;
            any_o = have && special_o == 2'd0;
            if (special_o != 2'd0) c_term_o = 1'b0;
            if (any_o) e_o = (!min_e_none_i && emax < min_e_i) ? min_e_i : emax;
        end
    end
    /* verilator lint_on LATCH */
endmodule
