// The exact FP8 dot-product unit: a datapath designed around FP8 from the start, as the
// alternative to the block-FMA DPU (mma_dpu) for an accelerator whose numerics are the `exact`
// preset (NUMERICS 3: Kulisch-style exact sum of all products and C, one rounding; the natural
// semantics of an RTL with a wide accumulator). Each step takes G e4m3 / e5m2 pairs; no term is
// aligned to a step maximum and none is truncated: each lane places its product on a fixed-point
// grid wide enough for any product of the formats taken (mma_exact_lane), the terms are added in a
// tree without loss, and the steps of one output (first_i .. last_i, up to 2^KB of them, so k up to
// G * 2^KB) are added into a fixed-point accumulator, also without loss. After the last step the
// unit gives the exact sum and its special-value summary; C joins and the one rounding happen in
// mma_exact_final, which several DPUs can share (it is needed once per output, not once per step).
// Pipeline: lanes and tree | accumulator; s_o follows the last step by 2 clocks (valid_o for one
// clock) and holds until the next output's, one step a clock.
module mma_exact_dpu #(
    parameter G = 32,                       // products per step (a power of two)
    parameter E5M2 = 1,                     // 1: each operand may be e4m3 or e5m2; 0: e4m3 only
    parameter KB = 16,                      // an output takes at most 2^KB steps
    parameter SA = 86                       // bits of s_o: exact_grid_width(E5M2) + 1 + log2(G) + KB (checked)
) (
    input  wire           clk_i,
    input  wire           rst_ni,
    input  wire           valid_i,          // a step
    input  wire           first_i,          // the step starts an output (the accumulator restarts)
    input  wire           last_i,           // the step ends it (s_o two clocks later)
    input  wire           fa_i,             // A's format: 0 e4m3, 1 e5m2 (the same for all steps of an output)
    input  wire           fb_i,             // B's format
    input  wire [G*8-1:0] a_i,              // element i in bits [8i+7:8i]
    input  wire [G*8-1:0] b_i,
    output reg            valid_o,          // an output's sum
    output reg  [SA-1:0]  s_o,              // sum of its products, two's complement, LSB weight exact_grid_lsb(E5M2)
    output reg  [5:0]     cls_o,            // its special-value summary (bits EX_* of mma_exact_grid.vh)
    output reg            err_o             // more than 2^KB steps, or a step without a first: s_o is not the sum
);
`include "mma_fmt.vh"
`include "mma_exact_grid.vh"
    localparam NL = $clog2(G);
    localparam WT = exact_grid_width(E5M2);           // bits of a lane's term
    localparam SW = WT + 1 + NL;                      // bits of a step's exact sum (two's complement)

    // ---- the step's exact sum and the special-value summary of its products
    wire [SW-1:0] sum;
    wire [EX_CLS-1:0] cls;
    mma_exact_sum #(.G(G), .E5M2(E5M2), .SW(SW)) u_sum (
        .fa_i(fa_i), .fb_i(fb_i), .a_i(a_i), .b_i(b_i), .sum_o(sum), .cls_o(cls));

    // ---- stage 1 register: the step's exact sum and special-value summary
    reg          s1_v, s1_first, s1_last;
    reg [SW-1:0] s1_sum;
    reg [EX_CLS-1:0] s1_cls;
    always @(posedge clk_i) begin
        s1_v     <= rst_ni && valid_i;
        s1_first <= first_i;
        s1_last  <= last_i;
        s1_sum   <= sum;
        s1_cls   <= cls;
    end

    // ---- stage 2: the accumulator (the output's sum so far) and its summary; s_o on the last step
    reg [SA-1:0] acc;
    reg [KB-1:0] steps;                               // steps of the output so far, minus one
    reg [EX_CLS-1:0] a_cls;
    reg          a_err, a_open;
    wire [SA-1:0] step_sum = {{(SA-SW){s1_sum[SW-1]}}, s1_sum};
    wire [SA-1:0] acc_next = s1_first ? step_sum : acc + step_sum;
    wire          full     = &steps;                  // 2^KB steps taken: one more does not fit
    wire          err_next = !s1_first && (a_err || full || !a_open);
    wire [EX_CLS-1:0] cls_next = s1_cls | (s1_first ? {EX_CLS{1'b0}} : a_cls);
    always @(posedge clk_i) begin
        valid_o <= rst_ni && s1_v && s1_last;
        if (!rst_ni) begin
            a_open <= 1'b0;
        end else if (s1_v) begin
            acc    <= acc_next;
            steps  <= s1_first ? {KB{1'b0}} : steps + {{(KB-1){1'b0}}, !full};
            a_cls  <= cls_next;
            a_err  <= err_next;
            a_open <= !s1_last;
            if (s1_last) begin                        // s_o holds until the next output's last step
                s_o    <= acc_next;
                cls_o  <= cls_next;
                err_o  <= err_next;
            end
        end
    end
    generate if (SA != SW + KB) begin : g_bad_sa
        mma_exact_dpu_SA_is_not_the_accumulator_width u_bad ();       // elaboration error naming the rule
    end endgenerate
endmodule
