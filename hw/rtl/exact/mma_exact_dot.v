// An exact FP8 dot-product unit with its own final stage: mma_exact_dpu followed by
// mma_exact_final, the pair the DPU harness (sim/exact) checks against mma_dot under the `exact`
// preset: D = round(C + sum of the output's k = G x steps products), one rounding. C and the mode
// are taken with the last step of an output. d_o follows the last step by LAT = 5 clocks.
module mma_exact_dot #(
    parameter G = 32,                       // products per step (a power of two)
    parameter E5M2 = 1,                     // 1: each operand may be e4m3 or e5m2; 0: e4m3 only
    parameter KB = 16                       // an output takes at most 2^KB steps
) (
    input  wire           clk_i,
    input  wire           rst_ni,
    input  wire           valid_i,
    input  wire           first_i,
    input  wire           last_i,
    input  wire           fa_i,             // A's format: 0 e4m3, 1 e5m2
    input  wire           fb_i,             // B's format
    input  wire [2:0]     mode_i,           // rounding mode (with the last step)
    input  wire [31:0]    c_i,              // C (f32, with the last step)
    input  wire [G*8-1:0] a_i,
    input  wire [G*8-1:0] b_i,
    output wire           valid_o,
    output wire [31:0]    d_o,
    output wire           err_o             // more than 2^KB steps, or a step without a first
);
`include "mma_fmt.vh"
`include "mma_exact_grid.vh"
    localparam SA = exact_grid_width(E5M2) + 1 + $clog2(G) + KB;

    wire          s_v, nan, pinf, ninf, nz, zp, zn, err;
    wire [SA-1:0] s;
    // keep_hierarchy: hw/syn/exact_area.sh counts the DPU and the final stage apart
    (* keep_hierarchy *) mma_exact_dpu #(.G(G), .E5M2(E5M2), .KB(KB), .SA(SA)) u_dpu (
        .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(valid_i), .first_i(first_i), .last_i(last_i),
        .fa_i(fa_i), .fb_i(fb_i), .a_i(a_i), .b_i(b_i), .valid_o(s_v), .s_o(s), .nan_o(nan),
        .pinf_o(pinf), .ninf_o(ninf), .nz_o(nz), .zp_o(zp), .zn_o(zn), .err_o(err));
    // C and the mode wait beside the DPU's two stages
    reg [31:0] c1, c2;
    reg [2:0]  m1, m2;
    always @(posedge clk_i) begin
        c1 <= c_i;
        m1 <= mode_i;
        c2 <= c1;
        m2 <= m1;
    end
    (* keep_hierarchy *) mma_exact_final #(.E5M2(E5M2), .SA(SA)) u_final (
        .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(s_v), .s_i(s), .nan_i(nan), .pinf_i(pinf),
        .ninf_i(ninf), .nz_i(nz), .zp_i(zp), .zn_i(zn), .err_i(err), .c_i(c2), .mode_i(m2),
        .valid_o(valid_o), .d_o(d_o), .err_o(err_o));
endmodule
