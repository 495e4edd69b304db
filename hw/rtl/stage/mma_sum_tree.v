// Exact sum of N signed W-bit addends through a balanced adder tree whose levels are sized to the
// sums they can hold (level l: W + l bits), sign-extended to OW bits. Combinational. The sums of
// mma_bfma_sum, mma_group_sum and a DPU's integer nibble products use it: a negative term enters
// as its ones' complement and the count of negative terms is one more addend (or is added to the
// root), so no addend needs a negation or an adder/subtractor of its own.
module mma_sum_tree #(
    parameter N = 32,                  // addends
    parameter W = 28,                  // bits of an addend (signed)
    parameter OW = 34                  // bits of the sum (signed); >= W + clog2(N)
) (
    input  wire [N*W-1:0]       x_i,   // addend k at [k*W +: W]
    output wire signed [OW-1:0] s_o
);
    localparam LV = N > 1 ? $clog2(N) : 0;     // levels
    localparam NL = 1 << LV;                   // leaves (the ones past N are zero)
    localparam RW = W + LV;                    // bits of the root
    generate if (OW < RW) begin : g_bad_ow
        mma_sum_tree_OW_below_W_plus_clog2_N u_bad ();  // elaboration error naming the rule
    end endgenerate

    // v with its bits from w up replaced by copies of bit w - 1 (a value known to fit w bits)
    function signed [RW-1:0] fit;
        input signed [RW-1:0] v;
        input integer w;
        fit = (v <<< (RW - w)) >>> (RW - w);
    endfunction

    integer k, l;
    // the nodes in heap order (node k = node 2k + node 2k+1), every one assigned first in the block
    // below: Verilator 5.006 does not see that through the loop and reports a latch
    /* verilator lint_off LATCH */
    reg signed [RW-1:0] tree [1:2*NL-1];
    always @* begin
        k = 0; l = 0;                           // loop indices assigned on every path: no latch
        for (k = 1; k < 2 * NL; k = k + 1) tree[k] = {RW{1'b0}};
        for (k = 0; k < N; k = k + 1) tree[NL + k] = $signed(x_i[k*W +: W]);
        for (l = 1; l <= LV; l = l + 1)
            for (k = NL >> l; k < (NL >> (l - 1)); k = k + 1)
                tree[k] = fit(tree[2 * k] + tree[2 * k + 1], W + l);
    end
    /* verilator lint_on LATCH */
    assign s_o = tree[1];
endmodule
