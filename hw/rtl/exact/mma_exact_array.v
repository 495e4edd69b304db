// An output-stationary array of exact FP8 DPUs sharing one final stage: TM x TN mma_exact_dpu (DPU
// (r, c) reads row r of A and column c of B, all in step) and one mma_exact_final, which adds C and
// rounds each output once, one output a clock. The DPUs finish their outputs together (the same
// steps); the final stage then reads them in turn, DPU 0 first, while they work on the next outputs:
// an output must take at least N = TM x TN steps (k >= G x N), so that the final stage has read
// every DPU before the next outputs are done. An output of fewer steps is an error: the outputs not
// yet read are lost, and every output of the sequence that came too early leaves with err_o.
// d_o of DPU idx_o follows the last step by 2 + idx_o + 3 clocks.
module mma_exact_array #(
    parameter TM = 2,                       // rows of DPUs (rows of A)
    parameter TN = 2,                       // columns of DPUs (columns of B)
    parameter G = 32,                       // products per step and DPU (a power of two)
    parameter E5M2 = 1,                     // 1: each operand may be e4m3 or e5m2; 0: e4m3 only
    parameter KB = 16                       // an output takes at most 2^KB steps
) (
    input  wire              clk_i,
    input  wire              rst_ni,
    input  wire              valid_i,       // a step of every DPU
    input  wire              first_i,
    input  wire              last_i,
    input  wire              fa_i,          // A's format: 0 e4m3, 1 e5m2
    input  wire              fb_i,          // B's format
    input  wire [2:0]        mode_i,        // rounding mode (with the last step)
    input  wire [TM*TN*32-1:0] c_i,         // C of DPU r * TN + c (f32, with the last step)
    input  wire [TM*G*8-1:0] a_i,           // row r's G elements in bits [G*8*r +: G*8]
    input  wire [TN*G*8-1:0] b_i,           // column c's G elements in bits [G*8*c +: G*8]
    output wire              valid_o,
    output wire [7:0]        idx_o,         // the output's DPU: r * TN + c
    output wire [31:0]       d_o,
    output wire              err_o          // mma_exact_dpu's err_o, or the output came too early (above)
);
`include "mma_fmt.vh"
`include "mma_exact_grid.vh"
    localparam N = TM * TN;
    localparam SA = exact_grid_width(E5M2) + 1 + $clog2(G) + KB;
    localparam XW = SA + EX_CLS + 1;        // an output's sum and summary: {err, cls, s}

    wire [N-1:0]    dv;
    wire [N*XW-1:0] x;
    genvar r, c;
    generate for (r = 0; r < TM; r = r + 1) begin : g_row
        for (c = 0; c < TN; c = c + 1) begin : g_col
            wire [SA-1:0] s;
            wire [EX_CLS-1:0] cls;
            wire err;
            (* keep_hierarchy *) mma_exact_dpu #(.G(G), .E5M2(E5M2), .KB(KB), .SA(SA)) u_dpu (
                .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(valid_i), .first_i(first_i), .last_i(last_i),
                .fa_i(fa_i), .fb_i(fb_i), .a_i(a_i[G*8*r +: G*8]), .b_i(b_i[G*8*c +: G*8]),
                .valid_o(dv[r*TN+c]), .s_o(s), .cls_o(cls), .err_o(err));
            assign x[(r*TN+c)*XW +: XW] = {err, cls, s};
        end
    end endgenerate

    // the sequence: the clock the DPUs' outputs appear (their registers hold them until the next
    // outputs' last step, at least N clocks later), the final stage reads DPU 0, then DPU 1 .. N - 1
    reg [N*32-1:0] c1, c2, ch;              // C of the outputs, taken with the last step, beside the DPUs
    reg [2:0]      m1, m2, mh;
    reg [7:0]      k;                       // the DPU the final stage reads next; N: none
    reg            late;                    // this sequence began before the last one had been read
    wire           rd_v    = dv[0] || k < N;
    wire [7:0]     rd      = dv[0] ? 8'd0 : k;
    wire           rd_late = dv[0] ? k < N : late;   // DPUs k .. N - 1 of the outputs before are lost
    wire [XW-1:0]  xk      = x[(rd < N ? rd : 0)*XW +: XW];
    wire [31:0]    ck      = dv[0] ? c2[0 +: 32] : ch[(rd < N ? rd : 0)*32 +: 32];
    wire [2:0]     mk      = dv[0] ? m2 : mh;
    always @(posedge clk_i) begin
        c1 <= c_i;
        m1 <= mode_i;
        c2 <= c1;
        m2 <= m1;
        if (dv[0]) begin
            ch <= c2;
            mh <= m2;
        end
        if (!rst_ni) begin
            k <= N;
            late <= 1'b0;
        end else if (rd_v) begin
            k <= rd + 8'd1;
            late <= rd_late;
        end
    end
    reg  [7:0] k1, k2, k3;
    always @(posedge clk_i) begin
        k1 <= rd;
        k2 <= k1;
        k3 <= k2;
    end
    (* keep_hierarchy *) mma_exact_final #(.E5M2(E5M2), .SA(SA)) u_final (
        .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(rd_v), .s_i(xk[SA-1:0]), .sexp_i(10'sd0), .cls_i(xk[SA +: EX_CLS]),
        .err_i(xk[XW-1] || rd_late), .c_i(ck), .mode_i(mk), .valid_o(valid_o), .d_o(d_o), .err_o(err_o));
    assign idx_o = k3;
    generate if (N > 255) begin : g_bad_n
        mma_exact_array_more_than_255_DPUs u_bad ();                   // elaboration error naming the rule
    end endgenerate
endmodule
