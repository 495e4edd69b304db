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
module mma_lane #(
    parameter [31:0] FMTS = 32'h8001_EFFE,  // formats decoded (bit i = mma_format i)
    parameter CODE_W = 32,        // bits of an element code (4: the nibble lanes)
    parameter SIG_W = 11,         // operand significand bits (11: the main lanes, 4: the nibble lanes)
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
    // The narrow path's decode table (below): entry {bad, cls[1:0], sign, exp[11:0], sig[3:0], z[11:0]}
    localparam NTE = 32;
    function integer nfmts;                    // formats of FMTS
        input integer dummy;
        integer f;
        begin
            nfmts = 0;
            for (f = 0; f < 32; f = f + 1) if (FMTS[f]) nfmts = nfmts + 1;
        end
    endfunction
    function [NTE-1:0] nib_entry;              // decode of `code` in format f; ok 0: f outside the set
        input [4:0] f;
        input ok;
        input [3:0] code;
        reg [39:0] d;
        reg signed [11:0] z;
        begin
            d = mma_decode_set_fn(ok ? FMTS : 32'd0, f, {28'd0, code});
            // the zero-product exponent of mma_multiply_fn: exp + p when finite, -126 else
            z = d[38:37] == 2'd1 ? $signed(d[35:24]) + $signed({6'd0, frac_bits(f)}) : -12'sd126;
            nib_entry = {d[39:36], d[35:24], d[3:0], z};
        end
    endfunction
    function [4*16*NTE-1:0] nib_table;         // entry i * 16 + code: the i-th format of FMTS (i < 4)
        input integer dummy;
        integer f, i, c;
        begin
            nib_table = {(4*16*NTE){1'b0}};
            i = 0;
            for (f = 0; f < 32; f = f + 1)
                if (FMTS[f] && i < 4) begin
                    for (c = 0; c < 16; c = c + 1)
                        nib_table[(i * 16 + c) * NTE +: NTE] = nib_entry(f[4:0], 1'b1, c[3:0]);
                    i = i + 1;
                end
        end
    endfunction
    function [2:0] fmt_slot;                   // {fmt is in FMTS, its index among FMTS' formats}
        input [4:0] fmt;
        integer f, i;
        begin
            fmt_slot = 3'd0;
            i = 0;
            for (f = 0; f < 32; f = f + 1)
                if (FMTS[f]) begin
                    if (fmt == f[4:0]) fmt_slot = {1'b1, i[1:0]};
                    i = i + 1;
                end
        end
    endfunction
    function [7:0] mul4;                       // exact product of two 4-bit significands, shift-add
        input [3:0] x, y;
        mul4 = (y[0] ? {4'd0, x} : 8'd0) + (y[1] ? {3'd0, x, 1'b0} : 8'd0)
             + (y[2] ? {2'd0, x, 2'd0} : 8'd0) + (y[3] ? {1'd0, x, 3'd0} : 8'd0);
    endfunction
    wire [31:0] a_code = a_i, b_code = b_i;    // zero-extended to the decoder's width
    generate
        if (CODE_W > 4) begin : g_wide
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
        end else begin : g_narrow
            // Elements of at most 4 bits (the nibble lanes: e2m1, s4, u4): an element has 16 codes, so
            // its decode is a table over (which format of FMTS, code), built at elaboration by
            // mma_decode_set_fn itself, and the product follows mma_multiply_fn for unscaled operands
            // (the nibble lanes are never scaled: the group sum applies the scale) with a shift-add
            // multiplier of the <= 4-bit significands. The same outputs as the wide path for every
            // input (checked exhaustively against it, sim/stage), at a fraction of its logic: the
            // generic path's 12-bit exponent arithmetic and its DSP-mapped 4 x 4 product go.
            localparam [4*16*NTE-1:0] TAB = nib_table(0);
            localparam [NTE-1:0] BAD = nib_entry(5'd0, 1'b0, 4'd0);   // a format outside FMTS
            if (nfmts(0) > 4 || MW < 8 || SIG_W > 4) begin : g_bad_params
                mma_lane_narrow_path_takes_4_formats_MW_8_SIG_W_4 u_bad ();  // elaboration error naming the rule
            end
            wire [2:0] sa = fmt_slot(fmt_a_i), sb = fmt_slot(fmt_b_i);
            wire [NTE-1:0] ta = sa[2] ? TAB[({sa[1:0], a_code[3:0]}) * NTE +: NTE] : BAD;
            wire [NTE-1:0] tb = sb[2] ? TAB[({sb[1:0], b_code[3:0]}) * NTE +: NTE] : BAD;
            wire [1:0] ca = ta[30:29], cb = tb[30:29];
            wire fin = ca == 2'd1 && cb == 2'd1;
            // product class (mma_multiply_fn): NaN, 0 x Inf -> NaN; Inf; a zero; finite
            wire [1:0] pc = (ca == 2'd3 || cb == 2'd3) ? 2'd3 :
                            (ca == 2'd2 || cb == 2'd2) ? ((ca == 2'd0 || cb == 2'd0) ? 2'd3 : 2'd2) :
                            fin ? 2'd1 : 2'd0;
            always @(posedge clk_i) begin
                if (load_i && (act_i || act_o)) begin
                    act_o <= act_i;
                    if (act_i) begin
                        bad_o <= ta[31] | tb[31];
                        sign_o <= ta[28] ^ tb[28];
                        cls_o <= pc;
                        e_o <= pc[1] ? 12'd0 : ta[11:0] + tb[11:0];
                        lsb_o <= fin ? ta[27:16] + tb[27:16] : 12'd0;
                        m_o <= fin ? mul4(ta[15:12], tb[15:12]) : {MW{1'b0}};
                    end
                end
            end
`ifndef SYNTHESIS
            always @(posedge clk_i)
                if (load_i && act_i && scale_en_i) begin
                    $display("%m: ASSERTION a scaled step in a lane of <= 4-bit elements"); $stop;
                end
`endif
        end
    endgenerate
endmodule
