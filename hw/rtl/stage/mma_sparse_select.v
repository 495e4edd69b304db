// Sparse select stage (NUMERICS 5), the twin of the C function mma_sparse_select for the 2:4
// pattern of mma.sp (f16, bf16, 8-bit and f8f6f4 types): one 4-bit metadata value of a 4-wide chunk
// -> the dense positions of its two stored elements, and whether the value is valid. mma.sp needs
// two different indices; ::ordered_metadata needs index 0 < index 1. Combinational.
module mma_sparse_select (
    input  wire [3:0] meta_i,
    input  wire       ordered_i,   // 1: mma.sp::ordered_metadata
    output wire [1:0] pos0_o,      // dense position (0..3) of stored element 0
    output wire [1:0] pos1_o,      // of stored element 1
    output wire       valid_o
);
    assign pos0_o = valid_o ? meta_i[1:0] : 2'd0;
    assign pos1_o = valid_o ? meta_i[3:2] : 2'd0;
    assign valid_o = ordered_i ? (meta_i[1:0] < meta_i[3:2]) : (meta_i[1:0] != meta_i[3:2]);
endmodule
