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
    // The results are taken apart by bit slices, not by a concatenation on the left of the call:
    // from that form, the 5.006 Verilator made 2.6x more C++ (1.48 M lines for default instead of
    // 0.57 M) and a 2.5x slower model (mmasim bench). Layouts: mma_decode_fn.vh, mma_multiply_fn.vh.
    reg [39:0] da, db;     // decoded a and b: {bad, cls[1:0], sign, exp[11:0], sig[23:0]}
    reg [55:0] pr;         // their product: {cls[1:0], e[11:0], lsb[11:0], m[29:0]}
    reg [10:0] sa, sb;     // their significands, SIG_W bits kept
    always @(posedge clk_i) begin
        if (load_i && (act_i || act_o)) begin
            act_o <= act_i;
            if (act_i) begin
                da = mma_decode_fn(row_a_i, ok_a_i, a_i);
                db = mma_decode_fn(row_b_i, ok_b_i, b_i);
                sa = da[SIG_W-1:0];
                sb = db[SIG_W-1:0];
                pr = mma_multiply_fn(row_a_i[37:32], da[38:37], da[35:24], sa,
                                     row_b_i[37:32], db[38:37], db[35:24], sb,
                                     scale_en_i, s_nan_i, s_zero_i, s_sig_i, s_exp_i, s_e_shift_i);
                bad_o <= da[39] | db[39];
                sign_o <= da[36] ^ db[36];
                cls_o <= pr[55:54];
                e_o <= pr[53:42];
                lsb_o <= pr[41:30];
                m_o <= pr[MW-1:0];
            end
        end
    end
endmodule
