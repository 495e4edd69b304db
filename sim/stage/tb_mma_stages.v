// Test top of the stage harness (sim/stage/tb_mma_stages.cpp): one instance of every datapath
// stage module with its ports brought out, so that one Verilated model serves every rtl_<stage>
// test. Combinational; the harness sets inputs, evaluates and reads outputs.
module tb_mma_stages #(
    parameter NT = 16,        // terms of the align / sum instances
    parameter MW = 30,        // product significand bits (11 x 11 x 8-bit scale)
    parameter F_MAX = 35,     // the largest F of any profile (mxf4: 35)
    parameter SW = F_MAX + 2 + 8
) (
    // mma_decode
    input  wire [4:0]  dec_fmt, input wire [31:0] dec_code,
    output wire [1:0]  dec_cls, output wire dec_sign, output wire [11:0] dec_exp, output wire [23:0] dec_sig,
    output wire        dec_bad,
    output wire        dec_special,    // mma_special_set_fn over every format: the class is NaN or Inf
    // mma_round_decide
    input  wire [2:0]  rd_mode, input wire rd_sign, input wire rd_lsb, input wire rd_round, input wire rd_sticky,
    output wire        rd_inc,
    // mma_sparse_select
    input  wire [3:0]  sel_meta, input wire sel_ordered,
    output wire [1:0]  sel_pos0, output wire [1:0] sel_pos1, output wire sel_valid,
    // mma_block_scale
    input  wire [4:0]  bs_stype, input wire [7:0] bs_sa, input wire [7:0] bs_sb,
    output wire        bs_nan, output wire bs_zero, output wire [7:0] bs_sig, output wire [11:0] bs_exp,
    output wire [11:0] bs_e_shift, output wire bs_bad,
    // mma_multiply
    input  wire [4:0]  mul_fa, input wire [1:0] mul_a_cls, input wire mul_a_sign, input wire [11:0] mul_a_exp,
    input  wire [10:0] mul_a_sig,
    input  wire [4:0]  mul_fb, input wire [1:0] mul_b_cls, input wire mul_b_sign, input wire [11:0] mul_b_exp,
    input  wire [10:0] mul_b_sig,
    input  wire        mul_scale_en, input wire mul_s_nan, input wire mul_s_zero, input wire [7:0] mul_s_sig,
    input  wire [11:0] mul_s_exp, input wire [11:0] mul_s_e_shift,
    output wire [1:0]  mul_cls, output wire mul_sign, output wire [11:0] mul_e, output wire [11:0] mul_lsb,
    output wire [MW-1:0] mul_m,
    // mma_group_sum (16 e2m1 products)
    input  wire [31:0] grp_cls, input wire [15:0] grp_sign, input wire [191:0] grp_lsb, input wire [63:0] grp_m,
    input  wire        grp_s_nan, input wire grp_s_zero, input wire [7:0] grp_s_sig, input wire [11:0] grp_s_exp,
    input  wire [11:0] grp_s_e_shift, input wire grp_align,
    output wire [1:0]  grp_cls_o, output wire grp_sign_o, output wire [11:0] grp_e_o, output wire [11:0] grp_lsb_o,
    output wire [20:0] grp_m_o, output wire grp_bad,
    // mma_bfma_align / mma_bfma_sum / mma_bfma_round (chained as in a DPU step, every port visible)
    input  wire [NT-1:0] st_act, input wire [NT*2-1:0] st_cls, input wire [NT-1:0] st_sign, input wire [NT*12-1:0] st_e,
    input  wire [NT*MW-1:0] st_m, input wire [NT*12-1:0] st_lsb,
    input  wire        st_c_en, input wire [1:0] st_c_cls, input wire st_c_sign, input wire [11:0] st_c_exp,
    input  wire [23:0] st_c_sig,
    input  wire        st_f16, input wire [11:0] st_min_e, input wire st_min_e_none, input wire st_zero_c_term,
    input  wire        st_f16_c_pinned, input wire st_zero_product_term, input wire [5:0] st_f,
    input  wire        st_e8m13, input wire [2:0] st_f32_round, input wire [2:0] st_f16_round,
    output wire [1:0]  al_special, output wire al_any, output wire al_c_term, output wire [11:0] al_e,
    output wire [SW-1:0] sum_s, output wire sum_ovf,
    output wire [31:0] rnd_code,
    // mma_bfma_round fed directly (round-stage tests with any S)
    input  wire [1:0]  r_special, input wire r_any, input wire [11:0] r_e, input wire [5:0] r_f,
    input  wire [SW-1:0] r_s, input wire r_f16, input wire r_e8m13, input wire [2:0] r_f32_round,
    input  wire [2:0]  r_f16_round,
    output wire [31:0] r_code,
    // mma_encode
    input  wire [4:0]  enc_fmt, input wire [2:0] enc_mode, input wire enc_sat, input wire enc_sign,
    input  wire [47:0] enc_sig, input wire [13:0] enc_exp,
    output wire [31:0] enc_code, output wire enc_bad, output wire [13:0] enc_top,
    // mma_encode and mma_bfma_round (fed directly) as the DPU has them: PIPE = 1, the result one
    // clock of pipe_clk after the inputs
    input  wire        pipe_clk,
    output wire [31:0] enc_code_p, output wire [13:0] enc_top_p, output wire [31:0] r_code_p,
    // mma_ieee_add
    input  wire [4:0]  add_fmt, input wire [2:0] add_mode, input wire [31:0] add_a, input wire [31:0] add_b,
    output wire [31:0] add_code,
    // mma_lane with the 4-bit formats (e2m1, s4, u4, as the DPU's lanes take packed elements; clocked,
    // its only register stage)
    input  wire        lane_clk, input wire [4:0] lane_fa, input wire [4:0] lane_fb, input wire [3:0] lane_a,
    input  wire [3:0]  lane_b,
    output wire        lane_act, output wire lane_bad, output wire lane_sign, output wire [1:0] lane_cls,
    output wire [11:0] lane_e, output wire [11:0] lane_lsb, output wire [7:0] lane_m
);
`include "mma_fmt.vh"
    localparam [31:0] NIB_FMTS = (32'd1 << MMA_FMT_E2M1) | (32'd1 << MMA_FMT_S4) | (32'd1 << MMA_FMT_U4);
    mma_decode #(.SIG_W(24)) u_decode (.fmt_i(dec_fmt), .code_i(dec_code), .cls_o(dec_cls), .sign_o(dec_sign),
        .exp_o(dec_exp), .sig_o(dec_sig), .bad_o(dec_bad));
`include "mma_decode_fn.vh"
    assign dec_special = mma_special_set_fn(32'hFFFF_FFFF, dec_fmt, dec_code);
    mma_round_decide u_round_decide (.mode_i(rd_mode), .sign_i(rd_sign), .lsb_i(rd_lsb), .round_i(rd_round),
        .sticky_i(rd_sticky), .inc_o(rd_inc));
    mma_sparse_select u_sparse_select (.meta_i(sel_meta), .ordered_i(sel_ordered), .pos0_o(sel_pos0),
        .pos1_o(sel_pos1), .valid_o(sel_valid));
    mma_block_scale u_block_scale (.en_i(1'b1), .stype_i(bs_stype), .sa_i(bs_sa), .sb_i(bs_sb), .nan_o(bs_nan), .zero_o(bs_zero),
        .sig_o(bs_sig), .exp_o(bs_exp), .e_shift_o(bs_e_shift), .bad_o(bs_bad));
    mma_multiply #(.SIG_W(11), .SCALE_SIG_W(8), .MW(MW)) u_multiply (
        .fa_i(mul_fa), .a_cls_i(mul_a_cls), .a_sign_i(mul_a_sign), .a_exp_i(mul_a_exp), .a_sig_i(mul_a_sig),
        .fb_i(mul_fb), .b_cls_i(mul_b_cls), .b_sign_i(mul_b_sign), .b_exp_i(mul_b_exp), .b_sig_i(mul_b_sig),
        .scale_en_i(mul_scale_en), .s_nan_i(mul_s_nan), .s_zero_i(mul_s_zero), .s_sig_i(mul_s_sig),
        .s_exp_i(mul_s_exp), .s_e_shift_i(mul_s_e_shift),
        .cls_o(mul_cls), .sign_o(mul_sign), .e_o(mul_e), .lsb_o(mul_lsb), .m_o(mul_m));
    mma_group_sum #(.NG(16), .PMW(4), .SCALE_SIG_W(8), .MW(21)) u_group_sum (.en_i(1'b1),
        .cls_i(grp_cls), .sign_i(grp_sign), .lsb_i(grp_lsb), .m_i(grp_m), .s_nan_i(grp_s_nan), .s_zero_i(grp_s_zero),
        .s_sig_i(grp_s_sig), .s_exp_i(grp_s_exp), .s_e_shift_i(grp_s_e_shift), .align_i(grp_align), .cls_o(grp_cls_o), .sign_o(grp_sign_o), .e_o(grp_e_o),
        .lsb_o(grp_lsb_o), .m_o(grp_m_o), .bad_o(grp_bad));
    mma_bfma_align #(.NT(NT)) u_bfma_align (.en_i(1'b1),
        .act_i(st_act), .cls_i(st_cls), .sign_i(st_sign), .e_i(st_e), .c_en_i(st_c_en), .c_cls_i(st_c_cls), .c_sign_i(st_c_sign),
        .c_exp_i(st_c_exp), .c_sig_i(st_c_sig), .f16_i(st_f16), .min_e_i(st_min_e), .min_e_none_i(st_min_e_none),
        .zero_c_term_i(st_zero_c_term), .f16_c_pinned_i(st_f16_c_pinned), .zero_product_term_i(st_zero_product_term),
        .special_o(al_special), .any_o(al_any), .c_term_o(al_c_term), .e_o(al_e));
    mma_bfma_sum #(.NT(NT), .MW(MW), .F_MAX(F_MAX), .SW(SW)) u_bfma_sum (.en_i(1'b1),
        .act_i(st_act), .cls_i(st_cls), .sign_i(st_sign), .m_i(st_m), .lsb_i(st_lsb), .c_term_i(al_c_term), .c_sign_i(st_c_sign),
        .c_exp_i(st_c_exp), .c_sig_i(st_c_sig), .special_i(al_special), .any_i(al_any), .e_i(al_e), .f_i(st_f),
        .s_o(sum_s), .ovf_o(sum_ovf));
    mma_bfma_round #(.SW(SW)) u_bfma_round (.clk_i(1'b0), .en_i(1'b1),
        .special_i(al_special), .any_i(al_any), .e_i(al_e), .f_i(st_f), .s_i(sum_s), .f16_i(st_f16),
        .e8m13_i(st_e8m13), .f32_round_i(st_f32_round), .f16_round_i(st_f16_round), .code_o(rnd_code));
    mma_bfma_round #(.SW(SW)) u_bfma_round_direct (.clk_i(1'b0), .en_i(1'b1),
        .special_i(r_special), .any_i(r_any), .e_i(r_e), .f_i(r_f), .s_i(r_s), .f16_i(r_f16), .e8m13_i(r_e8m13),
        .f32_round_i(r_f32_round), .f16_round_i(r_f16_round), .code_o(r_code));
    mma_encode #(.SIGW(48)) u_encode (.clk_i(1'b0), .en_i(1'b1), .fmt_i(enc_fmt), .mode_i(enc_mode), .sat_i(enc_sat), .sign_i(enc_sign),
        .sig_i(enc_sig), .exp_i(enc_exp), .code_o(enc_code), .bad_o(enc_bad), .top_o(enc_top));
    mma_encode #(.SIGW(48), .PIPE(1)) u_encode_pipe (.clk_i(pipe_clk), .en_i(1'b1), .fmt_i(enc_fmt), .mode_i(enc_mode),
        .sat_i(enc_sat), .sign_i(enc_sign), .sig_i(enc_sig), .exp_i(enc_exp), .code_o(enc_code_p), .bad_o(),
        .top_o(enc_top_p));
    mma_bfma_round #(.SW(SW), .PIPE(1)) u_bfma_round_pipe (.clk_i(pipe_clk), .en_i(1'b1),
        .special_i(r_special), .any_i(r_any), .e_i(r_e), .f_i(r_f), .s_i(r_s), .f16_i(r_f16), .e8m13_i(r_e8m13),
        .f32_round_i(r_f32_round), .f16_round_i(r_f16_round), .code_o(r_code_p));
    mma_ieee_add u_ieee_add (.fmt_i(add_fmt), .mode_i(add_mode), .a_i(add_a), .b_i(add_b), .code_o(add_code));
    mma_lane #(.FMTS(NIB_FMTS), .CODE_W(4), .SIG_W(4), .MW(8)) u_nib_lane (.clk_i(lane_clk), .load_i(1'b1),
        .act_i(1'b1), .fmt_a_i(lane_fa), .fmt_b_i(lane_fb), .a_i(lane_a), .b_i(lane_b), .scale_en_i(1'b0),
        .s_nan_i(1'b0), .s_zero_i(1'b0), .s_sig_i(8'd1), .s_exp_i(12'sd0), .s_e_shift_i(12'sd0),
        .act_o(lane_act), .bad_o(lane_bad), .sign_o(lane_sign), .cls_o(lane_cls), .e_o(lane_e), .lsb_o(lane_lsb),
        .m_o(lane_m));
endmodule
