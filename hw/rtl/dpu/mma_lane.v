// One product lane of a DPU (stage S1): the codes of a and b decoded (mma_decode_set_fn) and
// multiplied (mma_multiply_fn) into the lane's S1 register. The register loads only in a step that
// uses the lane (load_i and act_i): operand isolation, so the decoders and the multiplier of an
// unused lane do not switch (and a Verilated model does not evaluate them). act_o follows act_i at
// every load (it is written only when it changes); while act_o is 0 the other outputs are stale and
// the DPU masks them with act_o.
//
// The lane decodes the formats of FMTS only (the configuration's operand formats, from its mode
// table): each with its fields at fixed positions, so a decoder is the logic of those formats and
// not the generic path with shifters by the table's fields. A format outside FMTS is flagged bad.
// (Until 2026-11-28 lanes of 4-bit elements had a narrow path of their own - a decode table built
// at elaboration and a shift-add product - for the DPU's nibble lanes; packed 4-bit elements now
// pass the main lanes, rtl_nibble_lane tests this module with them.)
module mma_lane #(
    parameter [31:0] FMTS = 32'h8001_EFFE,  // formats decoded (bit i = mma_format i)
    parameter CODE_W = 32,        // bits of an element code (zero-extended to 32 for the decoder)
    parameter SIG_W = 11,         // operand significand bits kept (at most 11: f16)
    parameter MW = 22             // product significand bits kept
) (
    input  wire               clk_i,
    input  wire               load_i,      // a step enters S1 this cycle
    input  wire               act_i,       // the step uses this lane
    input  wire [4:0]         fmt_a_i,     // formats of a and b (mma_format codes)
    input  wire [4:0]         fmt_b_i,
    input  wire [CODE_W-1:0]  a_i,         // element codes
    input  wire [CODE_W-1:0]  b_i,
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
    // fraction bits p of a format of FMTS (0 for the others, which decode as bad and zero): one
    // constant per format of the set, not the format table indexed by fmt * 6 (a multiplier that
    // yosys maps to a DSP block, two per lane, and a mux over all 32 table rows)
    function [5:0] frac_bits;
        input [4:0] fmt;
        integer f;
        begin
            frac_bits = 6'd0;
            for (f = 0; f < 32; f = f + 1)
                if (FMTS[f] && fmt == f[4:0]) frac_bits = MMA_FMT_FRAC_BITS_TAB[f*6 +: 6];
        end
    endfunction
    wire [31:0] a_code = a_i, b_code = b_i;    // zero-extended to the decoder's width
    // The results are taken apart by bit slices, not by a concatenation on the left of the call
    // (from that form the 5.006 Verilator made 2.6x more C++ and a 2.5x slower model).
    reg [39:0] da, db;     // decoded a and b: {bad, cls[1:0], sign, exp[11:0], sig[23:0]}
    reg [55:0] pr;         // their product: {cls[1:0], e[11:0], lsb[11:0], m[29:0]}
    always @(posedge clk_i) begin
        if (load_i && (act_i || act_o)) begin
            act_o <= act_i;
            if (act_i) begin
                da = mma_decode_set_fn(FMTS, fmt_a_i, a_code);
                db = mma_decode_set_fn(FMTS, fmt_b_i, b_code);
                // SIG_W bits of each significand kept; p: the formats' fraction bits
                pr = mma_multiply_fn(frac_bits(fmt_a_i), da[38:37], da[35:24], da[SIG_W-1:0],
                                     frac_bits(fmt_b_i), db[38:37], db[35:24], db[SIG_W-1:0],
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
