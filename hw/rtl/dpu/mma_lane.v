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
// A lane of elements of at most 4 bits (CODE_W <= 4: the nibble lanes) takes a narrow path with the
// same outputs: its decode is a table built at elaboration from mma_decode_set_fn, its product a
// shift-add 4 x 4 multiplier (g_narrow below).
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
    // The narrow path's decode table (below): entry {bad, cls[1:0], sign, exp[3:0] (signed: the
    // weight of sig's LSB), sig[3:0]} of (i-th format of FMTS, code) at index i * 16 + code, kept
    // transposed - bit j of entry k at NIB_T[j * 64 + k] - so that an entry is read as twelve 64:1
    // bit choices: an indexed part-select of the whole table became, in yosys, a barrel shifter of
    // its full width per lane before optimisation (~150 MB of memory a lane).
    function integer nfmts;                    // formats of FMTS
        input integer dummy;
        integer f;
        begin
            nfmts = 0;
            for (f = 0; f < 32; f = f + 1) if (FMTS[f]) nfmts = nfmts + 1;
        end
    endfunction
    function [39:0] nib_dec;                   // decode of `code` in the i-th format of FMTS (none: bad)
        input integer i;
        input [3:0] code;
        integer f, n;
        begin
            nib_dec = mma_decode_set_fn(32'd0, 5'd0, 32'd0);   // a format outside the set
            n = 0;
            for (f = 0; f < 32; f = f + 1)
                if (FMTS[f]) begin
                    if (n == i) nib_dec = mma_decode_set_fn(FMTS, f[4:0], {28'd0, code});
                    n = n + 1;
                end
        end
    endfunction
    function nib_fits;                         // every entry's exp and sig fit their 4 bits
        input integer dummy;
        integer i, c;
        reg [39:0] d;
        begin
            nib_fits = 1'b1;
            for (i = 0; i < 4; i = i + 1)
                for (c = 0; c < 16; c = c + 1) begin
                    d = nib_dec(i, c[3:0]);
                    // exp in -8..7: its bits 11..3 all equal (no signed compare: Icarus evaluates
                    // that unsigned in a constant function)
                    if (d[35:27] != {9{d[27]}} || d[23:4] != 20'd0) nib_fits = 1'b0;
                end
        end
    endfunction
    function [12*64-1:0] nib_table;            // NIB_T
        input integer dummy;
        integer i, c, j;
        reg [39:0] d;
        reg [11:0] e;
        begin
            nib_table = {(12*64){1'b0}};
            for (i = 0; i < 4; i = i + 1)
                for (c = 0; c < 16; c = c + 1) begin
                    d = nib_dec(i, c[3:0]);
                    e = {d[39:36], d[27:24], d[3:0]};
                    for (j = 0; j < 12; j = j + 1) nib_table[j * 64 + i * 16 + c] = e[j];
                end
        end
    endfunction
    localparam [12*64-1:0] NIB_T = CODE_W > 4 ? {(12*64){1'b0}} : nib_table(0);
    localparam [39:0] NIB_OUT = mma_decode_set_fn(32'd0, 5'd0, 32'd0);
    localparam [11:0] NIB_BAD = {NIB_OUT[39:36], NIB_OUT[27:24], NIB_OUT[3:0]};   // a format outside FMTS
    function [2:0] fmt_slot;                   // {fmt is in FMTS, its index among FMTS' formats}
        input [4:0] fmt;
        integer f, i;
        begin
            fmt_slot = 3'd0;
            i = 0;
            for (f = 0; f < 32; f = f + 1)
                if (FMTS[f]) begin
                    if (fmt == f[4:0] && i < 4) fmt_slot = {1'b1, i[1:0]};
                    i = i + 1;
                end
        end
    endfunction
    function [11:0] nib_lookup;                // the table entry of an element
        input [2:0] slot;                      // fmt_slot of its format
        input [3:0] code;
        integer j;
        reg [63:0] col;
        begin
            nib_lookup = NIB_BAD;
            if (slot[2])
                for (j = 0; j < 12; j = j + 1) begin
                    col = NIB_T[j * 64 +: 64];
                    nib_lookup[j] = col[{slot[1:0], code}];
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
            // Elements of at most 4 bits (the nibble lanes: e2m1, s4, u4; never scaled: the group sum
            // applies the scale). An element has 16 codes, so its decode is a table over (format of
            // FMTS, code) that the lane builds at elaboration by calling mma_decode_set_fn itself,
            // read bit by bit (NIB_T, below); the product's class and exponents come from
            // mma_multiply_fn (its multiplier output unused, so removed), the significand from a
            // shift-add 4 x 4 multiplier. The same outputs as the wide path for every
            // input (rtl_nibble_lane against the C stages), at under half its logic and no DSP.
            if (nfmts(0) > 4 || MW < 8 || SIG_W > 4 || !nib_fits(0)) begin : g_bad_params
                mma_lane_narrow_path_takes_4_formats_of_4_bits u_bad ();  // elaboration error naming the rule
            end
            reg [11:0] ta, tb;     // table entries of a and b: {bad, class, sign, exp[3:0], sig[3:0]}
            reg signed [11:0] ea, eb;   // their exponents (weight of the significand's lsb)
            reg [55:0] pr;         // class, e and lsb of the product (mma_multiply_fn; its m is unused)
            always @(posedge clk_i) begin
                if (load_i && (act_i || act_o)) begin
                    act_o <= act_i;
                    if (act_i) begin
                        ta = nib_lookup(fmt_slot(fmt_a_i), a_code[3:0]);
                        tb = nib_lookup(fmt_slot(fmt_b_i), b_code[3:0]);
                        ea = {{8{ta[7]}}, ta[7:4]};
                        eb = {{8{tb[7]}}, tb[7:4]};
                        pr = mma_multiply_fn(frac_bits(fmt_a_i), ta[10:9], ea, {7'd0, ta[3:0]},
                                             frac_bits(fmt_b_i), tb[10:9], eb, {7'd0, tb[3:0]},
                                             1'b0, 1'b0, 1'b0, 8'd0, 12'sd0, 12'sd0);
                        bad_o <= ta[11] | tb[11];
                        sign_o <= ta[8] ^ tb[8];
                        cls_o <= pr[55:54];
                        e_o <= pr[53:42];
                        lsb_o <= pr[41:30];
                        m_o <= pr[55:54] == 2'd1 ? mul4(ta[3:0], tb[3:0]) : {MW{1'b0}};
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
