// The exact sum of one step of G FP8 products, shared by the two exact DPUs (mma_exact_dpu: one
// rounding per output; mma_dpu_exact: one rounding per instruction chunk, the accelerator's). Each
// lane places its product on the fixed-point grid (mma_exact_lane); a tree of carry-chain adders
// sums the terms without loss (ones' complement terms plus the count of negative ones), and the
// special-value summary of the products (EX_* of mma_exact_grid.vh) leaves beside it. Combinational.
module mma_exact_sum #(
    parameter G = 32,                       // products (a power of two)
    parameter E5M2 = 1,                     // 1: each operand may be e4m3 or e5m2; 0: e4m3 only
    parameter SW = 70                       // bits of sum_o: exact_grid_width(E5M2) + 1 + log2(G) (checked)
) (
    input  wire           fa_i,             // A's format: 0 e4m3, 1 e5m2
    input  wire           fb_i,             // B's format
    input  wire [G*8-1:0] a_i,              // element i in bits [8i+7:8i]
    input  wire [G*8-1:0] b_i,
    output wire [SW-1:0]  sum_o,            // the products' exact sum, two's complement, LSB weight exact_grid_lsb(E5M2)
    output wire [5:0]     cls_o             // their special-value summary (bits EX_*)
);
`include "mma_fmt.vh"
`include "mma_exact_grid.vh"
    localparam NL = $clog2(G);
    localparam WT = exact_grid_width(E5M2);           // bits of a lane's term

    // ---- lanes: terms on the grid, in ones' complement (each its own wire: in a Verilated model a
    // term is one 64-bit word, where slices of one G * WT-bit vector were multi-word shifts)
    wire [G-1:0] neg, nan, inf, zero, sign;
    genvar j, l;
    generate for (j = 0; j < G; j = j + 1) begin : g_lane
        wire [WT-1:0] term;
        mma_exact_lane #(.E5M2(E5M2), .WT(WT)) u_lane (
            .fa_i(fa_i), .fb_i(fb_i), .a_i(a_i[8*j +: 8]), .b_i(b_i[8*j +: 8]),
            .term_o(term), .neg_o(neg[j]), .nan_o(nan[j]), .inf_o(inf[j]),
            .zero_o(zero[j]), .sign_o(sign[j]));
    end endgenerate

    // ---- the tree: level l holds G >> l sums of WT + 1 + l bits, one wire each
    generate for (l = 0; l <= NL; l = l + 1) begin : g_tree
        for (j = 0; j < (G >> l); j = j + 1) begin : g_node
            (* keep *) wire [WT+l:0] s;                 // keep: each sum a carry chain (merged, yosys makes
                                                         // one multi-operand adder of full adders in LUTs)
            if (l == 0) begin : g_leaf
                assign s = {neg[j], g_lane[j].term};
            end else begin : g_add
                assign s = $signed(g_tree[l-1].g_node[2*j].s) + $signed(g_tree[l-1].g_node[2*j+1].s);
            end
        end
    end endgenerate
    integer i;
    (* keep *) reg [NL:0] nneg;                       // ones' complement: add one per negative term (keep:
                                                      // a popcount of its own, then one carry chain)
    always @* begin
        nneg = {(NL+1){1'b0}};
        for (i = 0; i < G; i = i + 1)
            nneg = nneg + {{NL{1'b0}}, neg[i]};
    end
    assign sum_o = g_tree[NL].g_node[0].s + {{(SW-NL-1){1'b0}}, nneg};
    assign cls_o[EX_NAN]  = |nan;
    assign cls_o[EX_PINF] = |(inf & ~sign);
    assign cls_o[EX_NINF] = |(inf & sign);
    assign cls_o[EX_NZ]   = |(~(nan | inf | zero));
    assign cls_o[EX_ZP]   = |(zero & ~sign);
    assign cls_o[EX_ZN]   = |(zero & sign);
    generate if ((G & (G - 1)) != 0) begin : g_bad_g
        mma_exact_sum_G_is_not_a_power_of_two u_bad ();               // elaboration error naming the rule
    end endgenerate
    generate if (SW != WT + 1 + NL) begin : g_bad_sw
        mma_exact_sum_SW_is_not_the_step_width u_bad ();              // elaboration error naming the rule
    end endgenerate
    generate if (EX_CLS != 6) begin : g_bad_cls
        mma_exact_sum_cls_o_is_not_EX_CLS_bits u_bad ();              // elaboration error naming the rule
    end endgenerate
endmodule
