// Rounding decision stage (NUMERICS 2), the twin of the C function mma_round_decide: whether a
// magnitude truncated to its kept bits is incremented by one unit, from the rounding mode
// (RISC-V frm codes: 0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM), the sign, the kept LSB, the first dropped
// bit and the OR of the lower dropped bits. Combinational.
module mma_round_decide (
    input  wire [2:0] mode_i,
    input  wire       sign_i,
    input  wire       lsb_i,
    input  wire       round_i,
    input  wire       sticky_i,
    output reg        inc_o
);
    always @* begin
        case (mode_i)
            3'd0: inc_o = round_i & (sticky_i | lsb_i);          // RNE: above half, or half and odd
            3'd2: inc_o = (round_i | sticky_i) & sign_i;         // RDN: away from zero when negative
            3'd3: inc_o = (round_i | sticky_i) & ~sign_i;        // RUP: away from zero when positive
            3'd4: inc_o = round_i;                               // RMM: half or more, away from zero
            default: inc_o = 1'b0;                               // RTZ (and no increment for 5..7)
        endcase
    end
endmodule
