// The K geometry of a buffer pass, one definition for mma_sched (which cuts a job into passes)
// and mma_ctrl (which checks that a sparse or scaled job fits in one pass). Include inside a
// module that has the parameter WPR (step words a buffer row holds).
localparam WPR_LG = $clog2(WPR);
generate if ((1 << WPR_LG) != WPR) begin : g_bad_wpr
    mma_WPR_must_be_a_power_of_two u_bad_wpr ();  // elaboration error naming the rule
end endgenerate

// log2 of the instruction chunks one pass holds: WPR step words a row, a word holds the steps of
// two chunks in pair_split k order, a chunk is 2^steps_log2 steps (every one a power of two:
// gen_hw.py checks the mode table, the generate block above WPR)
function [4:0] pass_chunks_log2;
    input       korder;
    input [2:0] steps_log2;
    pass_chunks_log2 = WPR_LG + {4'd0, korder} - {2'd0, steps_log2};
endfunction
