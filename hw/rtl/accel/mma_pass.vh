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

// The byte geometry of operand rows, one definition for both modules (mma_ctrl checks a job's rows
// against its strides, mma_sched moves them). Element sizes are 1, 2 or 4 bytes (gen_hw.py refuses
// others), so every size here is a shift.

// log2 of a mode's element bytes (1, 2 or 4)
function [1:0] elem_bytes_log2;
    input [2:0] eb;
    elem_bytes_log2 = eb[2] ? 2'd2 : eb[1] ? 2'd1 : 2'd0;
endfunction

// log2 of the bytes of one C or D element of format fmt: 2 for f16, 4 for f32 and s32
function [1:0] acc_bytes_log2;
    input [4:0] fmt;
    acc_bytes_log2 = fmt == MMA_FMT_F16 ? 2'd1 : 2'd2;
endfunction

// bytes of k consecutive elements of a row: two per byte when packed (a last half byte counts),
// the stored half of a 2:4 sparse row of A (k a multiple of 4), else k << eb_lg
function [31:0] row_bytes;
    input [31:0] k;
    input        is_packed, is_sparse;
    input [1:0]  eb_lg;
    row_bytes = is_packed ? (k + 32'd1) >> 1 : is_sparse ? (k >> 1) << eb_lg : k << eb_lg;
endfunction

// byte offset of element k0 of a row (k0 even when packed, a multiple of 4 when sparse)
function [31:0] row_offset;
    input [31:0] k0;
    input        is_packed, is_sparse;
    input [1:0]  eb_lg;
    row_offset = is_packed ? k0 >> 1 : is_sparse ? (k0 >> 1) << eb_lg : k0 << eb_lg;
endfunction
