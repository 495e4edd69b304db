// GENERATED from the golden model's format table (firmware/lib/format/table.c) by hw/gen/gen_hw.py; do not edit
// Element formats (NUMERICS section 1): codes are the C enum mma_format, and every field is
// the C table row; include inside a module.
localparam [4:0] MMA_FMT_F64 = 5'd0;
localparam [4:0] MMA_FMT_F32 = 5'd1;
localparam [4:0] MMA_FMT_TF32 = 5'd2;
localparam [4:0] MMA_FMT_F16 = 5'd3;
localparam [4:0] MMA_FMT_BF16 = 5'd4;
localparam [4:0] MMA_FMT_E5M2 = 5'd5;
localparam [4:0] MMA_FMT_E4M3 = 5'd6;
localparam [4:0] MMA_FMT_E3M2 = 5'd7;
localparam [4:0] MMA_FMT_E2M3 = 5'd8;
localparam [4:0] MMA_FMT_E2M1 = 5'd9;
localparam [4:0] MMA_FMT_UE8M0 = 5'd10;
localparam [4:0] MMA_FMT_UE4M3 = 5'd11;
localparam [4:0] MMA_FMT_S32 = 5'd12;
localparam [4:0] MMA_FMT_S8 = 5'd13;
localparam [4:0] MMA_FMT_U8 = 5'd14;
localparam [4:0] MMA_FMT_S4 = 5'd15;
localparam [4:0] MMA_FMT_U4 = 5'd16;
localparam [4:0] MMA_FMT_B1 = 5'd17;
localparam [4:0] MMA_FMT_E8M13 = 5'd31;
localparam MMA_FMT_COUNT = 18;
localparam [2:0] MMA_RND_RNE = 3'd0;
localparam [2:0] MMA_RND_RZ = 3'd1;
localparam [2:0] MMA_RND_RD = 3'd2;
localparam [2:0] MMA_RND_RU = 3'd3;
localparam [2:0] MMA_RND_RNA = 3'd4;
// The code of scale 1.0 of each scale format: blocks past a ragged K are scaled by it
localparam [7:0] MMA_SCALE_UNIT_UE8M0 = 8'h7f;
localparam [7:0] MMA_SCALE_UNIT_UE4M3 = 8'h38;
// Table fields: field F of format f is MMA_FMT_F_TAB[f*W +: W] (W the field width, two's complement
// for bias, emin and emax); index 31 is the e8m13 step format, f64 is not in the RTL.
localparam [223:0] MMA_FMT_STORAGE_TAB = 224'h4000000000000000000000000084082042010202060c204102081000;
localparam MMA_FMT_STORAGE_W = 7;
localparam [223:0] MMA_FMT_VALUE_BITS_TAB = 224'h2c0000000000000000000000008408204200e202060c20410204d000;
localparam MMA_FMT_VALUE_BITS_W = 7;
localparam [63:0] MMA_FMT_KIND_TAB = 64'he65000000;
localparam MMA_FMT_KIND_W = 2;
localparam [31:0] MMA_FMT_SIGN_TAB = 32'h8000b3fe;
localparam MMA_FMT_SIGN_W = 1;
localparam [127:0] MMA_FMT_EXP_BITS_TAB = 128'h80000000000000000000482234585880;
localparam MMA_FMT_EXP_BITS_W = 4;
localparam [191:0] MMA_FMT_FRAC_BITS_TAB = 192'h3400000000000000000000000000000c004308308728a5c0;
localparam MMA_FMT_FRAC_BITS_W = 6;
localparam [31:0] MMA_FMT_INF_TAB = 32'h8000003e;
localparam MMA_FMT_INF_W = 1;
localparam [63:0] MMA_FMT_NAN_STYLE_TAB = 64'h4000000000a02554;
localparam MMA_FMT_NAN_STYLE_W = 2;
localparam [351:0] MMA_FMT_BIAS_TAB = 352'hfe000000000000000000000000000000000000000000000000000000e1fc0080100601c0787f01e1fc3f800;
localparam MMA_FMT_BIAS_W = 11;
localparam [383:0] MMA_FMT_EMIN_TAB = 384'hf82000000000000000000000000000000000000000000000000000000000ffaf81000000ffeffaff2f82ff2f82f82000;
localparam MMA_FMT_EMIN_W = 12;
localparam [383:0] MMA_FMT_EMAX_TAB = 384'h7f00000000000000000000000000000000000000000000000000000000000807f00200200400800f07f00f07f07f000;
localparam MMA_FMT_EMAX_W = 12;
localparam [159:0] MMA_FMT_FRAC_SHIFT_TAB = 160'h5000000000000000000000000000000000003400;
localparam MMA_FMT_FRAC_SHIFT_W = 5;
localparam [735:0] MMA_FMT_MAX_FRAC_TAB = 736'h3ffe000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c000000000008000070000060000180000180007f0007fe000ffffffff800000;
localparam MMA_FMT_MAX_FRAC_W = 23;
localparam [31:0] MMA_FMT_ZERO_TAB = 32'h8003fbfe;
localparam MMA_FMT_ZERO_W = 1;
localparam [31:0] MMA_FMT_SUBNORMALS_TAB = 32'h80000bfe;
localparam MMA_FMT_SUBNORMALS_W = 1;
localparam [1023:0] MMA_FMT_CANONICAL_NAN_TAB = 1024'h7fffffff000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000007f000000ff0000000000000000000000000000007f0000007f00007fff00007fff7fffe0007fffffff00000000;
localparam MMA_FMT_CANONICAL_NAN_W = 32;
localparam [95:0] MMA_FMT_ELEM_BYTES_TAB = 96'h80000000000924c24924a520;
localparam MMA_FMT_ELEM_BYTES_W = 3;
