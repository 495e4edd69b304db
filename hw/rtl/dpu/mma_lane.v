// One product lane of a DPU (stage S1): the codes of a and b decoded (mma_decode_fn) and multiplied
// (mma_multiply_fn) into the lane's S1 register. The register loads only in a step that uses the
// lane (load_i and act_i): operand isolation, so the decoders and the multiplier of an unused lane
// do not switch (and a Verilated model does not evaluate them). act_o follows act_i at every load
// (it is written only when it changes); while act_o is 0 the other outputs are stale and the DPU
// masks them with act_o.
module mma_lane #(
    parameter SIG_W = 11,         // operand significand bits (11: the main lanes, 4: the nibble lanes)
    parameter MW = 22             // product significand bits kept
) (
    input  wire               clk_i,
    input  wire               load_i,      // a step enters S1 this cycle
    input  wire               act_i,       // the step uses this lane
    input  wire [63:0]        row_a_i,     // mma_fmt_row_fn of a's / b's format
    input  wire [63:0]        row_b_i,
    input  wire               ok_a_i,      // the format is one this lane decodes
    input  wire               ok_b_i,
    input  wire [31:0]        a_i,         // element codes
    input  wire [31:0]        b_i,
    input  wire               scale_en_i,  // the block scale factor of the lane's block (mma_multiply)
    input  wire               s_nan_i,
    input  wire               s_zero_i,
    input  wire [7:0]         s_sig_i,
    input  wire signed [11:0] s_exp_i,
    input  wire signed [11:0] s_e_shift_i,
    output reg                act_o,
    output reg                bad_o,       // a code wider than its format, or a format not decoded here
    output reg                sign_o,
    output reg  [1:0]         cls_o,
    output reg  [11:0]        e_o,
    output reg  [11:0]        lsb_o,
    output reg  [MW-1:0]      m_o
);
`include "mma_fmt.vh"
`include "mma_decode_fn.vh"
`include "mma_multiply_fn.vh"
    reg        a_bad, b_bad, a_sign, b_sign;   // a and b decoded (mma_decode_fn)
    reg [1:0]  a_cls, b_cls;
    reg [11:0] a_exp, b_exp;
    reg [23:0] a_sig, b_sig;
    reg [1:0]  p_cls;                          // their product (mma_multiply_fn)
    reg [11:0] p_e, p_lsb;
    reg [29:0] p_m;
    always @(posedge clk_i) begin
        if (load_i && (act_i || act_o)) begin
            act_o <= act_i;
            if (act_i) begin
                {a_bad, a_cls, a_sign, a_exp, a_sig} = mma_decode_fn(row_a_i, ok_a_i, a_i);
                {b_bad, b_cls, b_sign, b_exp, b_sig} = mma_decode_fn(row_b_i, ok_b_i, b_i);
                // row[37:32]: the format's fraction bits p; SIG_W bits of each significand kept
                {p_cls, p_e, p_lsb, p_m} = mma_multiply_fn(row_a_i[37:32], a_cls, a_exp, a_sig[SIG_W-1:0],
                                                           row_b_i[37:32], b_cls, b_exp, b_sig[SIG_W-1:0],
                                                           scale_en_i, s_nan_i, s_zero_i, s_sig_i, s_exp_i,
                                                           s_e_shift_i);
                bad_o <= a_bad | b_bad;
                sign_o <= a_sign ^ b_sign;
                cls_o <= p_cls;
                e_o <= p_e;
                lsb_o <= p_lsb;
                m_o <= p_m[MW-1:0];
            end
        end
    end
endmodule
