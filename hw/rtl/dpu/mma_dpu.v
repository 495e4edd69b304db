// Dot-product unit (DPU), the twin of the C function mma_dot run chunk by chunk as mma_gemm does
// (NUMERICS 3 step 9): each step reads W bytes of A and of B (2W of B for 2:4 sparse A), forms the
// products exactly, aligns them to the largest exponent keeping F fraction bits, adds them and the
// running accumulator exactly and rounds once. The accumulators of P interleaved outputs ("slots")
// live in the DPU, so the loop align -> sum -> round never stalls: a slot's next step may enter P
// cycles after its previous one. Integer modes sum exactly and clamp or wrap at each instruction
// chunk; separate-C modes add the chunk's C with one IEEE addition at the chunk's end; the
// .kind::mxf4* modes sum e2m1 products exactly in groups of 16 and fuse the scaled groups and C in
// one step. Every number format, rounding and rule comes from the mode word (the generated table).
//
// Packed 4-bit modes (.kind::mxf4*, s4, u4: 2 x NL elements a step, two per byte) use the NL main
// lanes in two beats of the same slot (half_i 0, then 1, P cycles apart; mma_core issues them):
// beat h takes elements h * NL + l. The first beat stops after the group sums (or the integer sum
// of its products) in the slot's hold register; the second adds its own and goes on as one step,
// so the numerics are those of a 2 x NL-element step. FP4 runs at the FP8 rate, with no lanes of
// its own (until 7d399cf a DPU had 2 x NL nibble lanes and 2 x NL / 16 group sums for them:
// `default` DPU-flat on ECP5 180 646 -> 176 071 LUT4, 30 240 -> 25 488 CCU2C, 162 -> 154 DSP).
//
// Pipeline: S0 input register | S1 select, decode, multiply | S2 group sums | L0 align (reads the
// slot's accumulator) | L1 sum | L2 round in two clocks (the encoder's register between its halves:
// mma_encode PIPE), chunk end, write back, result. The loop from a slot's accumulator read to its
// write is four clocks, so P >= 4.
//
// Operand isolation: the S1 register of a lane (mma_lane) loads only in a step that uses the lane
// (the lanes a mode's G covers; likewise B's unselected positions of a sparse step), so the
// decoders and multipliers of the other lanes do not switch.
// The lanes call the stage functions (mma_decode_set_fn, mma_multiply_fn) inside those enabled
// clocked blocks: the same logic as the stage modules, and a Verilated model evaluates only the
// lanes in use. A lane decodes only the configuration's operand formats (LANE_FMTS), each
// with its fields at fixed positions, and of those only the ones whose elements reach it (a W-byte
// step holds W / b elements of b bytes): NL / (smallest element) main lanes, the later ones with
// the narrow formats only. The later stages (block scale, group sums, align, sum, rounding, the
// s32 encode, the C decoder) take an enable that holds their outputs at zero in a
// cycle without a step or in a mode that does not use them, for the same reason.
`include "mma_mode_bits.vh"
module mma_dpu #(
    parameter NL = 32,            // bytes of A per step (W); the main lanes are NLA below
    parameter HAS_PACKED = 1,     // 4-bit elements packed two per byte (.kind::mxf4*, s4, u4): a step of
                                  // 2 x NL elements, taken by the main lanes in two beats (half_i 0, 1)
    parameter F_MAIN = 25,        // largest F of the non-group modes
    parameter F_GRP = 35,         // largest F of the group (.kind::mxf4*) modes
    parameter HAS_SPARSE = 1,
    parameter HAS_SCALE = 1,
    parameter HAS_INT = 1,
    parameter HAS_SEP = 1,
    parameter HAS_PAIR = 1,
    parameter [31:0] LANE_FMTS = 32'h8001_EFFE,  // formats a main lane decodes (the configuration's
                                                 // operand formats; default: mma_decode's)
    parameter P = 4,              // accumulator slots (interleaved outputs), >= 4: a slot's step reads its
                                  // accumulator in S2 and writes it four stages later (L0, L1, L2, the write)
    parameter SLOT_W = 2,
    parameter MODE_W = `MMA_MODE_BITS,       // bits of a mode word (MODE_BITS of hw/rtl/gen/mma_mode.vh)
    parameter NB = HAS_SPARSE ? 2 * NL : NL,    // derived: bytes of B per step
    parameter META_W = HAS_SPARSE ? 2 * NL : 4  // derived: metadata bits per step (a nibble per 4 dense positions)
) (
    input  wire                   clk_i,
    input  wire                   rst_ni,
    input  wire [MODE_W-1:0]      mode_i,      // the job's mode word (static during a job)
    input  wire                   ordered_i,   // sparse metadata variant: 1 = ::ordered_metadata
    // one step in
    input  wire                   valid_i,
    input  wire [SLOT_W-1:0]      slot_i,
    input  wire                   first_i,     // first step of the output (C enters, per the C mode)
    input  wire                   cont_i,      // with first_i: the output continues an earlier pass over K
                                               // (C is already the dtype D of that pass, its chunk not the first)
    input  wire                   chunk_first_i,
    input  wire                   chunk_last_i,
    input  wire                   last_i,      // last step of the output: D leaves after it
    input  wire                   half_i,      // pair_split: the second step of the chunk in the A/B words
    input  wire [31:0]            c_i,         // C (a code of D's type: gen_hw.py refuses others), read with first_i
    input  wire [NL*8-1:0]        a_i,
    input  wire [NB*8-1:0]        b_i,
    input  wire [META_W-1:0]      meta_i,
    input  wire [31:0]            sa_i,        // scale_A codes of the step's blocks (byte q: block q)
    input  wire [31:0]            sb_i,        // scale_B codes
    // one result out
    output reg                    valid_o,
    output reg  [SLOT_W-1:0]      slot_o,
    output reg  [31:0]            d_o,         // D code (dtype)
    output reg                    err_meta_o,  // an invalid metadata value was met in this output
    output reg                    err_code_o,  // an element code wider than its format was met
    output wire                   busy_o       // steps in flight
);
`include "mma_fmt.vh"
`include "mma_mode.vh"
`include "mma_decode_fn.vh"

    localparam NGU = HAS_PACKED != 0 ? NL / 16 : 0;   // group sums a beat forms (.kind::mxf4*: 16 lanes each)
    localparam NG = 2 * NGU;                   // group terms of a step: the held beat's and the last beat's
    localparam NGL = NG > 0 ? NG : 1;
    localparam NGUL = NGU > 0 ? NGU : 1;
    localparam NT = NLA + 1 + NGL;             // terms of the align stage: lanes, the sparse shadow, groups
    localparam MWM = 22;                       // main product bits (11 x 11)
    localparam MWG = 21;                       // group term bits (13-bit sum x 8-bit scale)
    localparam TWM = F_MAIN + 2;
    localparam TWG = F_GRP + 18;               // group terms may be unnormalised (group_align 1): 16 more bits
    localparam SW = (TWG > TWM ? TWG : TWM) + 9 > 40 ? (TWG > TWM ? TWG : TWM) + 9 : 40;  // sum bits
    localparam SWM = TWM + 9 > 40 ? TWM + 9 : 40;   // the main terms' sum: the group terms need SW, they do not
    localparam IW = ACC_W + 2;                     // an integer step's sum: |C| < 2^(ACC_W-1), 32 products < 2^21
    localparam ACC_W = HAS_INT != 0 ? 36 : 32;

    // Main lanes. A step holds NL / b elements of a b-byte format, so lane l is reached only by the
    // formats with (l + 1) * b <= NL: lane l decodes only those (LANE_FMTS cut by element size),
    // keeps only their significand bits and reads only their element sizes, and there are NLA =
    // NL / (smallest element) lanes (volta: 4 f16 lanes, not 8; default: tf32 reaches lanes 0-7,
    // f16 / bf16 0-15, the 1-byte formats all 32).
    // The constant functions below call no function: yosys 0.23 copies its whole name scope (every
    // wire of the expanded lanes so far) for each constant-function call, nested ones included, and
    // with a call per format inside them (fmt_bytes) reading this file took 78 s, the elaboration of
    // `default`'s accelerator 9 min (2026-11-28). A lane now makes three calls.
    function [31:0] fmts_reach;                // the formats of LANE_FMTS whose element e of an n-byte
        input integer e;                       // vector exists (element bytes: the generated table
        input integer n;                       // the mode words' elem_bytes come from)
        integer f;
        begin
            fmts_reach = 32'd0;
            for (f = 0; f < 32; f = f + 1)
                if (LANE_FMTS[f] && (e + 1) * MMA_FMT_ELEM_BYTES_TAB[f*3 +: 3] <= n) fmts_reach[f] = 1'b1;
        end
    endfunction
    function integer set_bytes;                // bytes of the widest element of a set (0: empty)
        input [31:0] set;
        integer f, b;
        begin
            set_bytes = 0;
            for (f = 0; f < 32; f = f + 1) begin
                b = MMA_FMT_ELEM_BYTES_TAB[f*3 +: 3];
                if (set[f] && b > set_bytes) set_bytes = b;
            end
        end
    endfunction
    function integer sig_w;                    // significand bits of a set of formats (floats: p + 1;
        input [31:0] set;                      // integers: the magnitude), at most 11, at least 1
        integer f, w;
        begin
            sig_w = 1;
            for (f = 0; f < 32; f = f + 1) begin
                w = MMA_FMT_KIND_TAB[f*2 +: 2] == 2'd0 ? MMA_FMT_FRAC_BITS_TAB[f*6 +: 6] + 1
                                                       : MMA_FMT_VALUE_BITS_TAB[f*7 +: 7];
                if (set[f] && w > sig_w) sig_w = w > 11 ? 11 : w;
            end
        end
    endfunction
    function integer lanes_used;               // NLA: the lanes some format reaches, NL / b for the
        input integer dummy;                   // smallest element b of LANE_FMTS (the last lane l
        integer f, b, n;                       // with (l + 1) * b <= NL, fmts_reach's rule); at least 1
        begin
            lanes_used = 1;
            for (f = 0; f < 32; f = f + 1) begin
                b = MMA_FMT_ELEM_BYTES_TAB[f*3 +: 3];
                n = b == 0 ? NL : NL / b;      // the lanes format f reaches
                if (LANE_FMTS[f] && n > lanes_used) lanes_used = n;
            end
        end
    endfunction
    localparam NLA = lanes_used(0);
    // element e of a step for a lane whose formats are at most lb bytes wide (the wider candidates
    // of the 3-way choice vanish where lb rules them out)
    function [31:0] elem_pick;
        input [2:0] eb;
        input integer lb;
        input [31:0] e1, e2, e4;
        elem_pick = (lb < 2 || eb == 3'd1) ? e1 : (lb < 4 || eb == 3'd2) ? e2 : e4;
    endfunction

    // ------------------------------------------------------------------ mode fields
    wire [4:0] m_atype = mode_i[MP_ATYPE_LSB +: 5];
    wire [4:0] m_btype = mode_i[MP_BTYPE_LSB +: 5];
    wire [4:0] m_dtype = mode_i[MP_DTYPE_LSB +: 5];
    wire       m_sparse = HAS_SPARSE != 0 && mode_i[MP_SPARSE_LSB];
    wire [4:0] m_stype = mode_i[MP_STYPE_LSB +: 5];
    wire [6:0] m_block_k = mode_i[MP_BLOCK_K_LSB +: 7];
    wire       m_sat = mode_i[MP_SATFINITE_LSB];
    wire       m_int = HAS_INT != 0 && mode_i[MP_INTEGER_LSB];
    wire       m_packed = HAS_PACKED != 0 && mode_i[MP_PACKED_LSB];
    wire [5:0] m_f = mode_i[MP_F_LSB +: 6];
    wire       m_e8m13 = mode_i[MP_E8M13_LSB];
    wire [2:0] m_f32_round = mode_i[MP_F32_ROUND_LSB +: 3];
    wire [2:0] m_f16_round = mode_i[MP_F16_ROUND_LSB +: 3];
    wire signed [11:0] m_min_e = mode_i[MP_MIN_E_LSB +: 12];
    wire       m_min_e_none = mode_i[MP_MIN_E_NONE_LSB];
    wire       m_korder = HAS_PAIR != 0 && mode_i[MP_KORDER_LSB];
    wire [1:0] m_cmode = mode_i[MP_CMODE_LSB +: 2];
    wire       m_zero_c_term = mode_i[MP_ZERO_C_TERM_LSB];
    wire       m_f16_c_pinned = mode_i[MP_F16_C_PINNED_LSB];
    wire       m_zero_product_term = mode_i[MP_ZERO_PRODUCT_TERM_LSB];
    wire       m_group = NG != 0 && mode_i[MP_GROUP_LSB +: 7] != 7'd0;
    wire       m_group_align = mode_i[MP_GROUP_ALIGN_LSB];
    wire [2:0] m_eb = mode_i[MP_ELEM_BYTES_LSB +: 3];
    wire       m_scaled = HAS_SCALE != 0 && m_stype != 5'd0;
    wire       m_f16 = m_dtype == MMA_FMT_F16;
    // main lanes a step (a beat of a packed step) uses: G, or G / 2 sparse or packed (gen_hw.py)
    wire [6:0] m_act_lanes = mode_i[MP_ACT_LANES_LSB +: 7];
    localparam [1:0] CM_JOINT = 2'd0, CM_SEPARATE = 2'd1, CM_UNUSED = 2'd2;

    // field i of four packed fields (the block scale factors of a step): a 4-way choice. The
    // indexed part-select x[i*12 +: 12] with a run-time i is a multiplication by 12 and a shifter
    // over the whole vector, which yosys built as a MULT18X18D and a barrel shifter per use.
    function [11:0] field12;
        input [47:0] v;
        input [1:0]  i;
        field12 = i == 2'd0 ? v[11:0] : i == 2'd1 ? v[23:12] : i == 2'd2 ? v[35:24] : v[47:36];
    endfunction
    function [7:0] field8;
        input [31:0] v;
        input [1:0]  i;
        field8 = i == 2'd0 ? v[7:0] : i == 2'd1 ? v[15:8] : i == 2'd2 ? v[23:16] : v[31:24];
    endfunction

    // floor(log2) of a block size 16/32/64, for the scale factor of a dense position
    wire [2:0] bk_log = m_block_k[6] ? 3'd6 : m_block_k[5] ? 3'd5 : 3'd4;

    // ------------------------------------------------------------------ S0: input register
    reg              s0_v, s0_first, s0_cont, s0_cf, s0_cl, s0_last, s0_half;
    reg [SLOT_W-1:0] s0_slot;
    reg [31:0]       s0_c, s0_sa, s0_sb;
    reg [NL*8-1:0]   s0_a;
    reg [NB*8-1:0]   s0_b;
    reg [META_W-1:0] s0_meta;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) s0_v <= 1'b0;
        else s0_v <= valid_i;
    end
    always @(posedge clk_i) begin
        s0_slot <= slot_i; s0_first <= first_i; s0_cont <= cont_i; s0_cf <= chunk_first_i; s0_cl <= chunk_last_i;
        s0_last <= last_i; s0_half <= half_i; s0_c <= c_i; s0_a <= a_i; s0_b <= b_i; s0_meta <= meta_i;
        s0_sa <= sa_i; s0_sb <= sb_i;
    end

    // ------------------------------------------------------------------ S1: select, decode, multiply
    // Element e of a step vector, for each element size (bytes [e*eb, (e+1)*eb), little endian):
    // constant part-selects only, so that every lane is plain wiring plus a 3-way choice.
    localparam NE = NB;                         // elements of a B vector of 1-byte elements
    wire [31:0] b_e1 [0:NE-1];
    wire [31:0] b_e2 [0:NE-1];
    wire [31:0] b_e4 [0:NE-1];
    wire [31:0] a_e1 [0:NE-1];
    wire [31:0] a_e2 [0:NE-1];
    wire [31:0] a_e4 [0:NE-1];
    genvar e;
    generate
        for (e = 0; e < NE; e = e + 1) begin : g_elem
            assign b_e1[e] = {24'd0, s0_b[e*8 +: 8]};
            assign a_e1[e] = e < NL ? {24'd0, s0_a[(e % NL)*8 +: 8]} : 32'd0;
            if (2 * e + 1 < NB) begin : g_h
                assign b_e2[e] = {16'd0, s0_b[e*16 +: 16]};
            end else begin : g_nh
                assign b_e2[e] = 32'd0;
            end
            if (2 * e + 1 < NL) begin : g_ah
                assign a_e2[e] = {16'd0, s0_a[e*16 +: 16]};
            end else begin : g_nah
                assign a_e2[e] = 32'd0;
            end
            if (4 * e + 3 < NB) begin : g_w
                assign b_e4[e] = s0_b[e*32 +: 32];
            end else begin : g_nw
                assign b_e4[e] = 32'd0;
            end
            if (4 * e + 3 < NL) begin : g_aw
                assign a_e4[e] = s0_a[e*32 +: 32];
            end else begin : g_naw
                assign a_e4[e] = 32'd0;
            end
        end
    endgenerate

    // block scale factors of the step's blocks (up to 4: byte q of sa/sb scales block q of the step)
    wire [3:0]  sf_nan, sf_zero;
    wire [31:0] sf_sig;
    wire [47:0] sf_exp, sf_esh;
    genvar q, l, u;
    generate
        for (q = 0; q < 4; q = q + 1) begin : g_scale
            if (HAS_SCALE != 0) begin : g_on
                wire bad;
                mma_block_scale u_bs (.en_i(s0_v && m_scaled), .stype_i(m_stype), .sa_i(s0_sa[q*8 +: 8]), .sb_i(s0_sb[q*8 +: 8]),
                    .nan_o(sf_nan[q]), .zero_o(sf_zero[q]), .sig_o(sf_sig[q*8 +: 8]), .exp_o(sf_exp[q*12 +: 12]),
                    .e_shift_o(sf_esh[q*12 +: 12]), .bad_o(bad));
            end else begin : g_off
                assign sf_nan[q] = 1'b0; assign sf_zero[q] = 1'b0; assign sf_sig[q*8 +: 8] = 8'd1;
                assign sf_exp[q*12 +: 12] = 12'd0; assign sf_esh[q*12 +: 12] = 12'd0;
            end
        end
    endgenerate

    // main lanes: one product each (lane l = stored element l of A), straight into their S1 registers
    wire [NLA-1:0]     s1_act, s1_sign, s1_pbad;
    wire [NLA*2-1:0]   s1_cls;
    wire [NLA*12-1:0]  s1_e, s1_lsb;
    wire [NLA*MWM-1:0] s1_m;
    wire [NLA-1:0]     p_metabad;
    wire [NLA*2-1:0]   sel_pos0, sel_pos1;  // per lane: the metadata's two positions in its chunk
    generate
        for (l = 0; l < NLA; l = l + 1) begin : g_lane
            // pair_split: lane l of chunk half h reads element (l/2)*4 + l%2 + 2h of the word
            localparam integer PE = (l / 2) * 4 + (l % 2);
            wire [1:0] pos0, pos1;
            wire v_ok;
            if (HAS_SPARSE != 0) begin : g_sel
                // 2:4: stored element l is in chunk l/2 and pairs with dense position chunk*4 + pos
                mma_sparse_select u_sel (.meta_i(s0_meta[((l / 2) * 4) % META_W +: 4]), .ordered_i(ordered_i),
                                         .pos0_o(pos0), .pos1_o(pos1), .valid_o(v_ok));
            end else begin : g_nosel
                assign pos0 = 2'd0; assign pos1 = 2'd0; assign v_ok = 1'b1;
            end
            wire [1:0] pos = (l % 2) ? pos1 : pos0;
            assign sel_pos0[l*2 +: 2] = pos0;
            assign sel_pos1[l*2 +: 2] = pos1;
            wire [7:0] dpos = m_sparse ? ((l / 2) * 4 + pos) : l;        // dense position in the step
            wire act = l < m_act_lanes;
            // candidates at constant positions, chosen by the pair_split half or the metadata
            localparam integer P0 = (l < NL / 2) ? PE : 0;
            localparam integer P1 = (l < NL / 2) ? PE + 2 : 0;
            localparam integer SB = ((l / 2) * 4) % NE;
            localparam [31:0] LF = fmts_reach(l, NL);          // the formats lane l decodes
            localparam integer LB = set_bytes(LF);              // the lane's widest element
            wire [31:0] a_nat = elem_pick(m_eb, LB, a_e1[l], a_e2[l], a_e4[l]);
            wire [31:0] a_p0 = (l >= NL / 2) ? 32'd0 : elem_pick(m_eb, LB, a_e1[P0], a_e2[P0], a_e4[P0]);
            wire [31:0] a_p1 = (l >= NL / 2) ? 32'd0 : elem_pick(m_eb, LB, a_e1[P1], a_e2[P1], a_e4[P1]);
            wire [31:0] b_nat = elem_pick(m_eb, LB, b_e1[l], b_e2[l], b_e4[l]);
            wire [31:0] b_p0 = (l >= NL / 2) ? 32'd0 : elem_pick(m_eb, LB, b_e1[P0], b_e2[P0], b_e4[P0]);
            wire [31:0] b_p1 = (l >= NL / 2) ? 32'd0 : elem_pick(m_eb, LB, b_e1[P1], b_e2[P1], b_e4[P1]);
            wire [31:0] b_s0 = elem_pick(m_eb, LB, b_e1[SB + 0], b_e2[SB + 0], b_e4[SB + 0]);
            wire [31:0] b_s1 = elem_pick(m_eb, LB, b_e1[SB + 1], b_e2[SB + 1], b_e4[SB + 1]);
            wire [31:0] b_s2 = elem_pick(m_eb, LB, b_e1[SB + 2], b_e2[SB + 2], b_e4[SB + 2]);
            wire [31:0] b_s3 = elem_pick(m_eb, LB, b_e1[SB + 3], b_e2[SB + 3], b_e4[SB + 3]);
            wire [31:0] b_sp = pos == 2'd0 ? b_s0 : pos == 2'd1 ? b_s1 : pos == 2'd2 ? b_s2 : b_s3;
            // packed: beat h takes the 4-bit elements h * NL + l (low nibble first)
            wire [31:0] a_nib = {28'd0, s0_half ? s0_a[(NL + l)*4 +: 4] : s0_a[l*4 +: 4]};
            wire [31:0] b_nib = {28'd0, s0_half ? s0_b[(NL + l)*4 +: 4] : s0_b[l*4 +: 4]};
            wire [31:0] acode = m_packed ? a_nib : m_korder ? (s0_half ? a_p1 : a_p0) : a_nat;   // read only when act
            wire [31:0] bcode = m_packed ? b_nib : m_sparse ? b_sp : m_korder ? (s0_half ? b_p1 : b_p0) : b_nat;
            wire [1:0] fi = dpos >> bk_log;                               // its block's scale factor
            localparam integer LSW = sig_w(LF);                           // the lane's significand bits
            localparam integer LMW = 2 * LSW < MWM ? 2 * LSW : MWM;         // and its product's
            wire [LMW-1:0] lm;
            if (LMW < MWM) begin : g_mext
                assign s1_m[l*MWM +: MWM] = {{(MWM - LMW){1'b0}}, lm};
            end else begin : g_mfull
                assign s1_m[l*MWM +: MWM] = lm;
            end
            mma_lane #(.FMTS(LF), .CODE_W(32), .SIG_W(LSW), .MW(LMW)) u_lane (.clk_i(clk_i), .load_i(s0_v),
                .act_i(act), .fmt_a_i(m_atype), .fmt_b_i(m_btype), .a_i(acode), .b_i(bcode),
                .scale_en_i(m_scaled && !m_packed), .s_nan_i(sf_nan[fi]), .s_zero_i(sf_zero[fi]), .s_sig_i({7'd0, sf_sig[{fi, 3'b000}]}),
                .s_exp_i(field12(sf_exp, fi)), .s_e_shift_i(field12(sf_esh, fi)),
                .act_o(s1_act[l]), .bad_o(s1_pbad[l]), .sign_o(s1_sign[l]), .cls_o(s1_cls[l*2 +: 2]),
                .e_o(s1_e[l*12 +: 12]), .lsb_o(s1_lsb[l*12 +: 12]), .m_o(lm));
            assign p_metabad[l] = act && m_sparse && !v_ok;
        end
    endgenerate

    // 2:4 sparse A is the dense A with zeros where the metadata selects nothing (the golden model's
    // definition): a B element at an unselected position still meets a zero of A, so a NaN or Inf
    // there makes the step NaN (0 x Inf). The unselected B elements are only classified.
    wire [2*NL-1:0] s1_spec;          // S1: per dense position, an unselected NaN / Inf of B
    generate
        if (HAS_SPARSE != 0) begin : g_shadow
            for (l = 0; l < 2 * NL; l = l + 1) begin : g_pos
                localparam integer CH = l / 4;               // chunk; its lanes are 2*CH and 2*CH + 1
                localparam [31:0] PF = fmts_reach(l, NB);    // the formats that reach the position
                localparam integer PB = set_bytes(PF);
                wire [31:0] bc = elem_pick(m_eb, PB, b_e1[l], b_e2[l], b_e4[l]);
                wire selected = sel_pos0[((2 * CH) % NLA)*2 +: 2] == (l % 4) || sel_pos1[((2 * CH) % NLA)*2 +: 2] == (l % 4);
                mma_sparse_shadow #(.FMTS(PF)) u_shadow (.clk_i(clk_i), .load_i(s0_v),
                    .act_i(m_sparse && (2 * CH) < m_act_lanes), .unsel_i(!selected), .fmt_i(m_btype), .code_i(bc),
                    .spec_o(s1_spec[l]));
            end
        end else begin : g_noshadow
            assign s1_spec = {(2*NL){1'b0}};
        end
    endgenerate

    localparam [31:0] ACC_FMTS = 32'h0000_000A;    // f32, f16: what C and the accumulator are decoded in

    // S1 register: products and control
    reg              s1_v, s1_first, s1_cont, s1_cf, s1_cl, s1_last, s1_half;
    reg [SLOT_W-1:0] s1_slot;
    reg [31:0]       s1_c;
    reg              s1_err_meta;
    reg [3:0]        s1_sf_nan, s1_sf_zero;
    reg [31:0]       s1_sf_sig;
    reg [47:0]       s1_sf_exp, s1_sf_esh;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) s1_v <= 1'b0;
        else s1_v <= s0_v;
    end
    always @(posedge clk_i) begin
        s1_slot <= s0_slot; s1_first <= s0_first; s1_cont <= s0_cont; s1_cf <= s0_cf; s1_cl <= s0_cl; s1_last <= s0_last;
        s1_half <= s0_half;
        s1_c <= s0_c;                                   // C is in D's type (hw/gen/gen_hw.py checks)
        s1_err_meta <= |p_metabad;
        s1_sf_nan <= sf_nan; s1_sf_zero <= sf_zero; s1_sf_sig <= sf_sig; s1_sf_exp <= sf_exp; s1_sf_esh <= sf_esh;
    end

    // ------------------------------------------------------------------ S2: group sums, packed integer sum
    // A packed step comes in two beats (half 0, half 1) of the same slot, P cycles apart: the main
    // lanes take the 4-bit elements of one half each. Beat 0 stops at S2: its group terms (and its
    // integer partial sum) wait in the slot's hold register; beat 1 goes on with them as one step.
    wire [NGUL-1:0]     g_act, g_sign, g_bad;
    wire [NGUL*2-1:0]   g_cls;
    wire [NGUL*12-1:0]  g_e, g_lsb;
    wire [NGUL*MWG-1:0] g_m;
    generate
        for (q = 0; q < NGUL; q = q + 1) begin : g_grp
            if (NGU > 0) begin : g_on
                // group q of the beat is group half * NGU + q of the step; its block's scale factor
                localparam [3:0] Q0 = q, Q1 = q + NGU;
                wire [3:0] gq = s1_half ? Q1 : Q0;
                wire [7:0] gk = {gq, 4'd0};                               // its first k position
                wire [1:0] fi = gk >> bk_log;
                wire [63:0] gm4;                                          // 4-bit product significands (e2m1: <= 9)
                wire [31:0] gcls;
                for (u = 0; u < 16; u = u + 1) begin : g_m4
                    assign gm4[u*4 +: 4] = s1_m[(q*16 + u)*MWM +: 4];
                    assign gcls[u*2 +: 2] = s1_act[q*16 + u] ? s1_cls[(q*16 + u)*2 +: 2] : 2'd0;   // an unused lane: zero
                end
                mma_group_sum #(.NG(16), .PMW(4), .SCALE_SIG_W(8), .MW(MWG)) u_gs (.en_i(s1_v && m_group),
                    .cls_i(gcls), .sign_i(s1_sign[q*16 +: 16]), .lsb_i(s1_lsb[q*192 +: 192]),
                    .m_i(gm4), .s_nan_i(s1_sf_nan[fi]), .s_zero_i(s1_sf_zero[fi]),
                    .s_sig_i(field8(s1_sf_sig, fi)), .s_exp_i(field12(s1_sf_exp, fi)),
                    .s_e_shift_i(field12(s1_sf_esh, fi)), .align_i(m_group_align),
                    .cls_o(g_cls[q*2 +: 2]), .sign_o(g_sign[q]), .e_o(g_e[q*12 +: 12]), .lsb_o(g_lsb[q*12 +: 12]),
                    .m_o(g_m[q*MWG +: MWG]), .bad_o(g_bad[q]));
                assign g_act[q] = m_group && s1_act[q * 16];
            end else begin : g_off
                assign g_act[q] = 1'b0; assign g_sign[q] = 1'b0; assign g_bad[q] = 1'b0; assign g_cls[q*2 +: 2] = 2'd0;
                assign g_e[q*12 +: 12] = 12'd0; assign g_lsb[q*12 +: 12] = 12'd0; assign g_m[q*MWG +: MWG] = {MWG{1'b0}};
            end
        end
    endgenerate

    // integer s4/u4: the exact sum of a beat's products (at most 8 bits each). A lane enters an
    // unsigned tree as 256 + (negative ? ~m : m) (an unused lane as 256), so the tree needs no sign
    // handling; -m = ~m + 1 gives S = root - NLA * 256 + (count of negative products). The sum of 64
    // lanes alone on ECP5 (yosys 0.23): 997 LUT4 and 362 CCU2C; a chain of 64 adders/subtractors was
    // 4 577 and 1 013, a signed tree of ones' complements (as in mma_bfma_sum) 1 833 and 168 before
    // its count of negatives.
    localparam NIB_LV = $clog2(NLA);
    localparam NIB_TW = 9 + NIB_LV;                            // the root's bits
    // every node assigned first in the block below: Verilator 5.006 does not see that through the
    // loop and reports a latch
    /* verilator lint_off LATCH */
    reg [NIB_TW-1:0] nib_tree [1:2*(1<<NIB_LV)-1];             // heap order: node k = 2k + 2k+1
    reg [NIB_TW-1:0] nib_neg;
    reg signed [15:0] nib_int;
    integer t, tl;
    always @* begin                             // zero unless a packed integer beat is there
        nib_int = 16'sd0;
        nib_neg = {NIB_TW{1'b0}};
        t = 0; tl = 0;                          // assigned on every path: no latch for the indices
        for (t = 1; t < 2 * (1 << NIB_LV); t = t + 1) nib_tree[t] = {NIB_TW{1'b0}};
        if (s1_v && m_packed && m_int) begin
            for (t = 0; t < NLA; t = t + 1) begin
                if (s1_act[t] && s1_cls[t*2 +: 2] == 2'd1) begin
                    nib_tree[(1 << NIB_LV) + t] = {!s1_sign[t], s1_m[t*MWM +: 8] ^ {8{s1_sign[t]}}};
                    nib_neg = nib_neg + s1_sign[t];
                end else begin
                    nib_tree[(1 << NIB_LV) + t] = 9'h100;      // (zero-extended to NIB_TW bits)
                end
            end
            for (tl = 1; tl <= NIB_LV; tl = tl + 1)
                for (t = (1 << NIB_LV) >> tl; t < ((1 << NIB_LV) >> (tl - 1)); t = t + 1)
                    nib_tree[t] = (nib_tree[2 * t] + nib_tree[2 * t + 1]) & ~({NIB_TW{1'b1}} << (9 + tl));
            nib_int = $signed(nib_tree[1] - (NLA << 8) + nib_neg);
        end
    end
    /* verilator lint_on LATCH */

    // the hold register of each slot: beat 0 of a packed step (its group terms, integer sum, bad codes)
    wire beat0 = m_packed && !s1_half;            // a packed step's first beat: held, not summed
    wire s1_bad = (|(s1_pbad & s1_act)) | (m_group && (|(g_bad & g_act)));
    reg [NGUL-1:0]     hold_gact [0:P-1];
    reg [NGUL-1:0]     hold_gsign [0:P-1];
    reg [NGUL*2-1:0]   hold_gcls [0:P-1];
    reg [NGUL*12-1:0]  hold_ge [0:P-1];
    reg [NGUL*12-1:0]  hold_glsb [0:P-1];
    reg [NGUL*MWG-1:0] hold_gm [0:P-1];
    reg signed [15:0]  hold_int [0:P-1];
    reg [P-1:0]        hold_bad;
    always @(posedge clk_i) begin
        if (s1_v && beat0) begin
            hold_gact[s1_slot] <= g_act; hold_gsign[s1_slot] <= g_sign; hold_gcls[s1_slot] <= g_cls;
            hold_ge[s1_slot] <= g_e; hold_glsb[s1_slot] <= g_lsb; hold_gm[s1_slot] <= g_m;
            hold_int[s1_slot] <= nib_int;
            hold_bad[s1_slot] <= s1_bad;
        end
    end
    // the step's group terms: the held beat's (groups 0 .. NGU-1) below the last beat's; a held
    // term counts only in a group mode (a hold of an earlier job's mode is stale)
    wire [NGL-1:0]     sg_act, sg_sign;
    wire [NGL*2-1:0]   sg_cls;
    wire [NGL*12-1:0]  sg_e, sg_lsb;
    wire [NGL*MWG-1:0] sg_m;
    generate
        if (NGU > 0) begin : g_sg
            assign sg_act = {g_act, hold_gact[s1_slot] & {NGU{m_group}}};
            assign sg_sign = {g_sign, hold_gsign[s1_slot]};
            assign sg_cls = {g_cls, hold_gcls[s1_slot]};
            assign sg_e = {g_e, hold_ge[s1_slot]};
            assign sg_lsb = {g_lsb, hold_glsb[s1_slot]};
            assign sg_m = {g_m, hold_gm[s1_slot]};
        end else begin : g_nosg
            assign sg_act = 1'b0; assign sg_sign = 1'b0; assign sg_cls = 2'd0; assign sg_e = 12'd0;
            assign sg_lsb = 12'd0; assign sg_m = {MWG{1'b0}};
        end
    endgenerate

    reg              s2_v, s2_first, s2_cont, s2_cf, s2_cl, s2_last;
    reg [SLOT_W-1:0] s2_slot;
    reg [31:0]       s2_c;
    reg              s2_err_meta, s2_err_code, s2_shadow;
    reg [NLA-1:0]     s2_act, s2_sign;
    reg [NLA*2-1:0]   s2_cls;
    reg [NLA*12-1:0]  s2_e, s2_lsb;
    reg [NLA*MWM-1:0] s2_m;
    reg [NGL-1:0]    s2_gact, s2_gsign;
    reg [NGL*2-1:0]  s2_gcls;
    reg [NGL*12-1:0] s2_ge, s2_glsb;
    reg [NGL*MWG-1:0] s2_gm;
    reg signed [15:0] s2_nib_int;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) s2_v <= 1'b0;
        else s2_v <= s1_v && !beat0;
    end
    always @(posedge clk_i) begin
        s2_slot <= s1_slot; s2_first <= s1_first; s2_cont <= s1_cont; s2_cf <= s1_cf; s2_cl <= s1_cl; s2_last <= s1_last;
        s2_c <= s1_c; s2_err_meta <= s1_err_meta;
        s2_err_code <= s1_bad | (m_packed && hold_bad[s1_slot]);   // (a valid S2 step of a packed mode: its last beat)
        // the products of a packed mode reach the sums through the group terms or the integer sum only
        s2_act <= m_packed ? {NLA{1'b0}} : s1_act;
        s2_sign <= s1_sign; s2_cls <= s1_cls; s2_e <= s1_e; s2_lsb <= s1_lsb; s2_m <= s1_m;
        s2_gact <= sg_act; s2_gsign <= sg_sign; s2_gcls <= sg_cls; s2_ge <= sg_e; s2_glsb <= sg_lsb; s2_gm <= sg_m;
        s2_nib_int <= nib_int + (m_packed ? hold_int[s1_slot] : 16'sd0);
        s2_shadow <= |s1_spec;
    end

    // ------------------------------------------------------------------ accumulator slots
    reg [ACC_W-1:0] acc  [0:P-1];   // running value: the step result (dtype code) or the exact integer
    reg [31:0]      base [0:P-1];   // separate C: the chunk's C (dtype code)
    reg [P-1:0]     err_meta_q, err_code_q;

    // ------------------------------------------------------------------ L0: align (the C term chosen here)
    wire [ACC_W-1:0] acc_r = acc[s2_slot];
    // the step's C: the converted C of the output, the running accumulator, or none
    wire sep = HAS_SEP != 0 && m_cmode == CM_SEPARATE;
    wire c_none = s2_cf && (sep || (s2_first && !s2_cont && m_cmode == CM_UNUSED));
    wire [31:0] c_step = (s2_first && s2_cf) ? s2_c : acc_r[31:0];
    wire [1:0] cs_cls;
    wire cs_sign, cs_bad;
    reg [39:0] cs_r;
    wire [11:0] cs_exp;
    wire [23:0] cs_sig;
    always @* begin                                 // the step's C decoded in a valid step only
        cs_r = 40'd0;
        if (s2_v) cs_r = mma_decode_set_fn(ACC_FMTS, m_dtype, c_step);
    end
    assign {cs_bad, cs_cls, cs_sign, cs_exp, cs_sig} = cs_r;
    wire [NT-1:0]    al_act  = {s2_gact, s2_shadow, s2_act};
    wire [NT*2-1:0]  al_cls  = {s2_gcls, 2'd3, s2_cls};
    wire [NT-1:0]    al_sign = {s2_gsign, 1'b0, s2_sign};
    wire [NT*12-1:0] al_e    = {s2_ge, 12'd0, s2_e};
    wire [1:0] fr_special;
    wire fr_any, fr_c_term;
    wire [11:0] fr_e;
    mma_bfma_align #(.NT(NT)) u_align (.en_i(s2_v), .act_i(al_act), .cls_i(al_cls), .sign_i(al_sign), .e_i(al_e),
        .c_en_i(!c_none && !m_int), .c_cls_i(cs_cls), .c_sign_i(cs_sign), .c_exp_i(cs_exp), .c_sig_i(cs_sig),
        .f16_i(m_f16), .min_e_i(m_min_e), .min_e_none_i(m_min_e_none), .zero_c_term_i(m_zero_c_term),
        .f16_c_pinned_i(m_f16_c_pinned), .zero_product_term_i(m_zero_product_term),
        .special_o(fr_special), .any_o(fr_any), .c_term_o(fr_c_term), .e_o(fr_e));

    reg              l0_v, l0_cf, l0_cl, l0_last, l0_err_meta, l0_err_code;
    reg [SLOT_W-1:0] l0_slot;
    reg [1:0]        l0_special;
    reg              l0_any, l0_c_term, l0_c_sign;
    reg [11:0]       l0_e, l0_c_exp;
    reg [23:0]       l0_c_sig;
    reg signed [ACC_W-1:0] l0_cint;
    reg [NLA-1:0]     l0_act, l0_sign;
    reg [NLA*2-1:0]   l0_cls;
    reg [NLA*12-1:0]  l0_lsb;
    reg [NLA*MWM-1:0] l0_m;
    reg [NGL-1:0]    l0_gact, l0_gsign;
    reg [NGL*2-1:0]  l0_gcls;
    reg [NGL*12-1:0] l0_glsb;
    reg [NGL*MWG-1:0] l0_gm;
    reg signed [15:0] l0_nib_int;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) l0_v <= 1'b0;
        else l0_v <= s2_v;
    end
    always @(posedge clk_i) begin
        l0_slot <= s2_slot; l0_cf <= s2_cf; l0_cl <= s2_cl; l0_last <= s2_last;
        l0_err_meta <= s2_err_meta | (!s2_first && err_meta_q[s2_slot]);
        l0_err_code <= s2_err_code | (!s2_first && err_code_q[s2_slot]);
        l0_special <= fr_special; l0_any <= fr_any; l0_c_term <= fr_c_term; l0_e <= fr_e;
        l0_c_sign <= cs_sign; l0_c_exp <= cs_exp; l0_c_sig <= cs_sig;
        // integer C: the output's C (s32) on its first step, else the exact running sum
        l0_cint <= (s2_first && s2_cf) ? {{(ACC_W-32){s2_c[31]}}, s2_c} : acc_r;
        l0_act <= s2_act; l0_sign <= s2_sign; l0_cls <= s2_cls; l0_lsb <= s2_lsb; l0_m <= s2_m;
        l0_gact <= s2_gact; l0_gsign <= s2_gsign; l0_gcls <= s2_gcls; l0_glsb <= s2_glsb; l0_gm <= s2_gm;
        l0_nib_int <= s2_nib_int;
    end
    // separate C: the chunk's C is taken when the chunk starts
    always @(posedge clk_i) begin
        if (s2_v && s2_cf && sep) base[s2_slot] <= (s2_first ? s2_c : acc_r[31:0]);
    end

    // ------------------------------------------------------------------ L1: sum
    wire signed [SWM-1:0] s_main;
    wire [SW-1:0] s_grp;
    wire signed [SW-1:0] s_main_x = s_main;        // sign-extended
    wire ovf_main, ovf_grp;
    wire in_grp = m_group;
    mma_bfma_sum #(.NT(NLA), .MW(MWM), .F_MAX(F_MAIN), .SW(SWM)) u_sum_main (.en_i(l0_v),
        .act_i(l0_act), .cls_i(l0_cls), .sign_i(l0_sign), .m_i(l0_m), .lsb_i(l0_lsb),
        .c_term_i(l0_c_term && !in_grp && !m_int), .c_sign_i(l0_c_sign), .c_exp_i(l0_c_exp), .c_sig_i(l0_c_sig),
        .special_i(m_int ? 2'd0 : l0_special), .any_i(m_int ? 1'b1 : l0_any), .e_i(m_int ? 12'd0 : l0_e),
        .f_i(m_int ? 6'd0 : m_f), .s_o(s_main), .ovf_o(ovf_main));
    generate
        if (NG > 0) begin : g_gsum
            mma_bfma_sum #(.NT(NGL), .MW(MWG), .F_MAX(F_GRP), .TW(TWG), .SW(SW)) u_sum_grp (.en_i(l0_v && m_group),
                .act_i(l0_gact), .cls_i(l0_gcls), .sign_i(l0_gsign), .m_i(l0_gm), .lsb_i(l0_glsb),
                .c_term_i(l0_c_term && in_grp), .c_sign_i(l0_c_sign), .c_exp_i(l0_c_exp), .c_sig_i(l0_c_sig),
                .special_i(l0_special), .any_i(l0_any), .e_i(l0_e), .f_i(m_f), .s_o(s_grp), .ovf_o(ovf_grp));
        end else begin : g_nogsum
            assign s_grp = {SW{1'b0}};
            assign ovf_grp = 1'b0;
        end
    endgenerate

    reg              l1_v, l1_cl, l1_last, l1_err_meta, l1_err_code;
    reg [SLOT_W-1:0] l1_slot;
    reg [1:0]        l1_special;
    reg              l1_any;
    reg [11:0]       l1_e;
    reg signed [SW-1:0] l1_s;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) l1_v <= 1'b0;
        else l1_v <= l0_v;
    end
    always @(posedge clk_i) begin
        l1_slot <= l0_slot; l1_cl <= l0_cl; l1_last <= l0_last; l1_err_meta <= l0_err_meta;
        l1_err_code <= l0_err_code | ovf_main | ovf_grp;
        l1_special <= l0_special; l1_any <= l0_any; l1_e <= l0_e;
        l1_s <= m_int ? s_main_x + $signed({{(SW-16){l0_nib_int[15]}}, l0_nib_int})
                              + $signed({{(SW-ACC_W){l0_cint[ACC_W-1]}}, l0_cint})
                      : s_main_x + $signed(s_grp);
    end

    // ------------------------------------------------------------------ L2: round (two clocks: the encoder's
    // register between its halves, PIPE), chunk end, write back
    reg              l2_v, l2_cl, l2_last, l2_err_meta, l2_err_code;
    reg [SLOT_W-1:0] l2_slot;
    reg [ACC_W-1:0]  l2_s;                          // an integer step's exact running sum
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) l2_v <= 1'b0;
        else l2_v <= l1_v;
    end
    always @(posedge clk_i) begin
        l2_slot <= l1_slot; l2_cl <= l1_cl; l2_last <= l1_last; l2_err_meta <= l1_err_meta;
        l2_err_code <= l1_err_code; l2_s <= l1_s[ACC_W-1:0];
    end
    wire [31:0] step_code, sep_code, int_code;
    mma_bfma_round #(.SW(SW), .PIPE(1)) u_round (.clk_i(clk_i), .en_i(l1_v && !m_int), .special_i(l1_special), .any_i(l1_any), .e_i(l1_e), .f_i(m_f), .s_i(l1_s),
        .f16_i(m_f16), .e8m13_i(m_e8m13), .f32_round_i(m_f32_round), .f16_round_i(m_f16_round), .code_o(step_code));
    generate
        if (HAS_SEP != 0) begin : g_sep
            mma_ieee_add u_add (.fmt_i(m_dtype), .mode_i(3'd0), .a_i(step_code), .b_i(base[l2_slot]),
                                .code_o(sep_code));
        end else begin : g_nosep
            assign sep_code = step_code;
        end
        if (HAS_INT != 0) begin : g_int
            wire bad;
            wire [13:0] top_unused;
            wire isgn = l1_s < 0;
            wire [IW-1:0] imag = isgn ? -l1_s[IW-1:0] : l1_s[IW-1:0];   // l1_s fits IW bits here
            mma_encode #(.SIGW(IW), .PIPE(1)) u_s32 (.clk_i(clk_i), .en_i(l1_v && m_int), .fmt_i(MMA_FMT_S32), .mode_i(3'd1), .sat_i(m_sat), .sign_i(isgn),
                .sig_i(imag), .exp_i(14'sd0), .code_o(int_code), .bad_o(bad), .top_o(top_unused));
        end else begin : g_noint
            assign int_code = 32'd0;
        end
    endgenerate
    wire [31:0] chunk_code = sep ? sep_code : step_code;
    wire [ACC_W-1:0] next_acc = m_int ? (l2_cl ? {{(ACC_W-32){int_code[31]}}, int_code} : l2_s)
                                      : {{(ACC_W-32){1'b0}}, l2_cl ? chunk_code : step_code};
    always @(posedge clk_i) begin
        if (l2_v) begin
            acc[l2_slot] <= next_acc;
            err_meta_q[l2_slot] <= l2_err_meta;
            err_code_q[l2_slot] <= l2_err_code;
        end
    end
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            valid_o <= 1'b0;
        end else begin
            valid_o <= l2_v && l2_last;
        end
    end
    always @(posedge clk_i) begin
        slot_o <= l2_slot;
        d_o <= next_acc[31:0];
        err_meta_o <= l2_err_meta;
        err_code_o <= l2_err_code;
    end
    assign busy_o = s0_v | s1_v | s2_v | l0_v | l1_v | l2_v;
    generate if (P < 4) begin : g_bad_p
        mma_dpu_P_below_4_slots_the_accumulator_loop_needs u_bad ();   // elaboration error naming the rule
    end endgenerate
endmodule
