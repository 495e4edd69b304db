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
function [6:0] mma_fmt_storage;
  input integer f;
  begin
    case (f)
      1: mma_fmt_storage = 7'd32;
      2: mma_fmt_storage = 7'd32;
      3: mma_fmt_storage = 7'd16;
      4: mma_fmt_storage = 7'd16;
      5: mma_fmt_storage = 7'd8;
      6: mma_fmt_storage = 7'd8;
      7: mma_fmt_storage = 7'd6;
      8: mma_fmt_storage = 7'd6;
      9: mma_fmt_storage = 7'd4;
      10: mma_fmt_storage = 7'd8;
      11: mma_fmt_storage = 7'd8;
      12: mma_fmt_storage = 7'd32;
      13: mma_fmt_storage = 7'd8;
      14: mma_fmt_storage = 7'd8;
      15: mma_fmt_storage = 7'd4;
      16: mma_fmt_storage = 7'd4;
      17: mma_fmt_storage = 7'd1;
      31: mma_fmt_storage = 7'd32;
      default: mma_fmt_storage = 7'd0;
    endcase
  end
endfunction
function [6:0] mma_fmt_value_bits;
  input integer f;
  begin
    case (f)
      1: mma_fmt_value_bits = 7'd32;
      2: mma_fmt_value_bits = 7'd19;
      3: mma_fmt_value_bits = 7'd16;
      4: mma_fmt_value_bits = 7'd16;
      5: mma_fmt_value_bits = 7'd8;
      6: mma_fmt_value_bits = 7'd8;
      7: mma_fmt_value_bits = 7'd6;
      8: mma_fmt_value_bits = 7'd6;
      9: mma_fmt_value_bits = 7'd4;
      10: mma_fmt_value_bits = 7'd8;
      11: mma_fmt_value_bits = 7'd7;
      12: mma_fmt_value_bits = 7'd32;
      13: mma_fmt_value_bits = 7'd8;
      14: mma_fmt_value_bits = 7'd8;
      15: mma_fmt_value_bits = 7'd4;
      16: mma_fmt_value_bits = 7'd4;
      17: mma_fmt_value_bits = 7'd1;
      31: mma_fmt_value_bits = 7'd22;
      default: mma_fmt_value_bits = 7'd0;
    endcase
  end
endfunction
function [1:0] mma_fmt_kind;
  input integer f;
  begin
    case (f)
      1: mma_fmt_kind = 2'd0;
      2: mma_fmt_kind = 2'd0;
      3: mma_fmt_kind = 2'd0;
      4: mma_fmt_kind = 2'd0;
      5: mma_fmt_kind = 2'd0;
      6: mma_fmt_kind = 2'd0;
      7: mma_fmt_kind = 2'd0;
      8: mma_fmt_kind = 2'd0;
      9: mma_fmt_kind = 2'd0;
      10: mma_fmt_kind = 2'd0;
      11: mma_fmt_kind = 2'd0;
      12: mma_fmt_kind = 2'd1;
      13: mma_fmt_kind = 2'd1;
      14: mma_fmt_kind = 2'd2;
      15: mma_fmt_kind = 2'd1;
      16: mma_fmt_kind = 2'd2;
      17: mma_fmt_kind = 2'd3;
      31: mma_fmt_kind = 2'd0;
      default: mma_fmt_kind = 2'd0;
    endcase
  end
endfunction
function [0:0] mma_fmt_sign;
  input integer f;
  begin
    case (f)
      1: mma_fmt_sign = 1'd1;
      2: mma_fmt_sign = 1'd1;
      3: mma_fmt_sign = 1'd1;
      4: mma_fmt_sign = 1'd1;
      5: mma_fmt_sign = 1'd1;
      6: mma_fmt_sign = 1'd1;
      7: mma_fmt_sign = 1'd1;
      8: mma_fmt_sign = 1'd1;
      9: mma_fmt_sign = 1'd1;
      10: mma_fmt_sign = 1'd0;
      11: mma_fmt_sign = 1'd0;
      12: mma_fmt_sign = 1'd1;
      13: mma_fmt_sign = 1'd1;
      14: mma_fmt_sign = 1'd0;
      15: mma_fmt_sign = 1'd1;
      16: mma_fmt_sign = 1'd0;
      17: mma_fmt_sign = 1'd0;
      31: mma_fmt_sign = 1'd1;
      default: mma_fmt_sign = 1'd0;
    endcase
  end
endfunction
function [3:0] mma_fmt_exp_bits;
  input integer f;
  begin
    case (f)
      1: mma_fmt_exp_bits = 4'd8;
      2: mma_fmt_exp_bits = 4'd8;
      3: mma_fmt_exp_bits = 4'd5;
      4: mma_fmt_exp_bits = 4'd8;
      5: mma_fmt_exp_bits = 4'd5;
      6: mma_fmt_exp_bits = 4'd4;
      7: mma_fmt_exp_bits = 4'd3;
      8: mma_fmt_exp_bits = 4'd2;
      9: mma_fmt_exp_bits = 4'd2;
      10: mma_fmt_exp_bits = 4'd8;
      11: mma_fmt_exp_bits = 4'd4;
      12: mma_fmt_exp_bits = 4'd0;
      13: mma_fmt_exp_bits = 4'd0;
      14: mma_fmt_exp_bits = 4'd0;
      15: mma_fmt_exp_bits = 4'd0;
      16: mma_fmt_exp_bits = 4'd0;
      17: mma_fmt_exp_bits = 4'd0;
      31: mma_fmt_exp_bits = 4'd8;
      default: mma_fmt_exp_bits = 4'd0;
    endcase
  end
endfunction
function [5:0] mma_fmt_frac_bits;
  input integer f;
  begin
    case (f)
      1: mma_fmt_frac_bits = 6'd23;
      2: mma_fmt_frac_bits = 6'd10;
      3: mma_fmt_frac_bits = 6'd10;
      4: mma_fmt_frac_bits = 6'd7;
      5: mma_fmt_frac_bits = 6'd2;
      6: mma_fmt_frac_bits = 6'd3;
      7: mma_fmt_frac_bits = 6'd2;
      8: mma_fmt_frac_bits = 6'd3;
      9: mma_fmt_frac_bits = 6'd1;
      10: mma_fmt_frac_bits = 6'd0;
      11: mma_fmt_frac_bits = 6'd3;
      12: mma_fmt_frac_bits = 6'd0;
      13: mma_fmt_frac_bits = 6'd0;
      14: mma_fmt_frac_bits = 6'd0;
      15: mma_fmt_frac_bits = 6'd0;
      16: mma_fmt_frac_bits = 6'd0;
      17: mma_fmt_frac_bits = 6'd0;
      31: mma_fmt_frac_bits = 6'd13;
      default: mma_fmt_frac_bits = 6'd0;
    endcase
  end
endfunction
function [0:0] mma_fmt_inf;
  input integer f;
  begin
    case (f)
      1: mma_fmt_inf = 1'd1;
      2: mma_fmt_inf = 1'd1;
      3: mma_fmt_inf = 1'd1;
      4: mma_fmt_inf = 1'd1;
      5: mma_fmt_inf = 1'd1;
      6: mma_fmt_inf = 1'd0;
      7: mma_fmt_inf = 1'd0;
      8: mma_fmt_inf = 1'd0;
      9: mma_fmt_inf = 1'd0;
      10: mma_fmt_inf = 1'd0;
      11: mma_fmt_inf = 1'd0;
      12: mma_fmt_inf = 1'd0;
      13: mma_fmt_inf = 1'd0;
      14: mma_fmt_inf = 1'd0;
      15: mma_fmt_inf = 1'd0;
      16: mma_fmt_inf = 1'd0;
      17: mma_fmt_inf = 1'd0;
      31: mma_fmt_inf = 1'd1;
      default: mma_fmt_inf = 1'd0;
    endcase
  end
endfunction
function [1:0] mma_fmt_nan_style;
  input integer f;
  begin
    case (f)
      1: mma_fmt_nan_style = 2'd1;
      2: mma_fmt_nan_style = 2'd1;
      3: mma_fmt_nan_style = 2'd1;
      4: mma_fmt_nan_style = 2'd1;
      5: mma_fmt_nan_style = 2'd1;
      6: mma_fmt_nan_style = 2'd2;
      7: mma_fmt_nan_style = 2'd0;
      8: mma_fmt_nan_style = 2'd0;
      9: mma_fmt_nan_style = 2'd0;
      10: mma_fmt_nan_style = 2'd2;
      11: mma_fmt_nan_style = 2'd2;
      12: mma_fmt_nan_style = 2'd0;
      13: mma_fmt_nan_style = 2'd0;
      14: mma_fmt_nan_style = 2'd0;
      15: mma_fmt_nan_style = 2'd0;
      16: mma_fmt_nan_style = 2'd0;
      17: mma_fmt_nan_style = 2'd0;
      31: mma_fmt_nan_style = 2'd1;
      default: mma_fmt_nan_style = 2'd0;
    endcase
  end
endfunction
function signed [10:0] mma_fmt_bias;
  input integer f;
  begin
    case (f)
      1: mma_fmt_bias = 11'd127;
      2: mma_fmt_bias = 11'd127;
      3: mma_fmt_bias = 11'd15;
      4: mma_fmt_bias = 11'd127;
      5: mma_fmt_bias = 11'd15;
      6: mma_fmt_bias = 11'd7;
      7: mma_fmt_bias = 11'd3;
      8: mma_fmt_bias = 11'd1;
      9: mma_fmt_bias = 11'd1;
      10: mma_fmt_bias = 11'd127;
      11: mma_fmt_bias = 11'd7;
      12: mma_fmt_bias = 11'd0;
      13: mma_fmt_bias = 11'd0;
      14: mma_fmt_bias = 11'd0;
      15: mma_fmt_bias = 11'd0;
      16: mma_fmt_bias = 11'd0;
      17: mma_fmt_bias = 11'd0;
      31: mma_fmt_bias = 11'd127;
      default: mma_fmt_bias = 11'd0;
    endcase
  end
endfunction
function signed [11:0] mma_fmt_emin;
  input integer f;
  begin
    case (f)
      1: mma_fmt_emin = -12'sd126;
      2: mma_fmt_emin = -12'sd126;
      3: mma_fmt_emin = -12'sd14;
      4: mma_fmt_emin = -12'sd126;
      5: mma_fmt_emin = -12'sd14;
      6: mma_fmt_emin = -12'sd6;
      7: mma_fmt_emin = -12'sd2;
      8: mma_fmt_emin = 12'd0;
      9: mma_fmt_emin = 12'd0;
      10: mma_fmt_emin = -12'sd127;
      11: mma_fmt_emin = -12'sd6;
      12: mma_fmt_emin = 12'd0;
      13: mma_fmt_emin = 12'd0;
      14: mma_fmt_emin = 12'd0;
      15: mma_fmt_emin = 12'd0;
      16: mma_fmt_emin = 12'd0;
      17: mma_fmt_emin = 12'd0;
      31: mma_fmt_emin = -12'sd126;
      default: mma_fmt_emin = 12'd0;
    endcase
  end
endfunction
function signed [11:0] mma_fmt_emax;
  input integer f;
  begin
    case (f)
      1: mma_fmt_emax = 12'd127;
      2: mma_fmt_emax = 12'd127;
      3: mma_fmt_emax = 12'd15;
      4: mma_fmt_emax = 12'd127;
      5: mma_fmt_emax = 12'd15;
      6: mma_fmt_emax = 12'd8;
      7: mma_fmt_emax = 12'd4;
      8: mma_fmt_emax = 12'd2;
      9: mma_fmt_emax = 12'd2;
      10: mma_fmt_emax = 12'd127;
      11: mma_fmt_emax = 12'd8;
      12: mma_fmt_emax = 12'd0;
      13: mma_fmt_emax = 12'd0;
      14: mma_fmt_emax = 12'd0;
      15: mma_fmt_emax = 12'd0;
      16: mma_fmt_emax = 12'd0;
      17: mma_fmt_emax = 12'd0;
      31: mma_fmt_emax = 12'd127;
      default: mma_fmt_emax = 12'd0;
    endcase
  end
endfunction
function [4:0] mma_fmt_frac_shift;
  input integer f;
  begin
    case (f)
      1: mma_fmt_frac_shift = 5'd0;
      2: mma_fmt_frac_shift = 5'd13;
      3: mma_fmt_frac_shift = 5'd0;
      4: mma_fmt_frac_shift = 5'd0;
      5: mma_fmt_frac_shift = 5'd0;
      6: mma_fmt_frac_shift = 5'd0;
      7: mma_fmt_frac_shift = 5'd0;
      8: mma_fmt_frac_shift = 5'd0;
      9: mma_fmt_frac_shift = 5'd0;
      10: mma_fmt_frac_shift = 5'd0;
      11: mma_fmt_frac_shift = 5'd0;
      12: mma_fmt_frac_shift = 5'd0;
      13: mma_fmt_frac_shift = 5'd0;
      14: mma_fmt_frac_shift = 5'd0;
      15: mma_fmt_frac_shift = 5'd0;
      16: mma_fmt_frac_shift = 5'd0;
      17: mma_fmt_frac_shift = 5'd0;
      31: mma_fmt_frac_shift = 5'd10;
      default: mma_fmt_frac_shift = 5'd0;
    endcase
  end
endfunction
function [22:0] mma_fmt_max_frac;
  input integer f;
  begin
    case (f)
      1: mma_fmt_max_frac = 23'd8388607;
      2: mma_fmt_max_frac = 23'd1023;
      3: mma_fmt_max_frac = 23'd1023;
      4: mma_fmt_max_frac = 23'd127;
      5: mma_fmt_max_frac = 23'd3;
      6: mma_fmt_max_frac = 23'd6;
      7: mma_fmt_max_frac = 23'd3;
      8: mma_fmt_max_frac = 23'd7;
      9: mma_fmt_max_frac = 23'd1;
      10: mma_fmt_max_frac = 23'd0;
      11: mma_fmt_max_frac = 23'd6;
      12: mma_fmt_max_frac = 23'd0;
      13: mma_fmt_max_frac = 23'd0;
      14: mma_fmt_max_frac = 23'd0;
      15: mma_fmt_max_frac = 23'd0;
      16: mma_fmt_max_frac = 23'd0;
      17: mma_fmt_max_frac = 23'd0;
      31: mma_fmt_max_frac = 23'd8191;
      default: mma_fmt_max_frac = 23'd0;
    endcase
  end
endfunction
function [0:0] mma_fmt_zero;
  input integer f;
  begin
    case (f)
      1: mma_fmt_zero = 1'd1;
      2: mma_fmt_zero = 1'd1;
      3: mma_fmt_zero = 1'd1;
      4: mma_fmt_zero = 1'd1;
      5: mma_fmt_zero = 1'd1;
      6: mma_fmt_zero = 1'd1;
      7: mma_fmt_zero = 1'd1;
      8: mma_fmt_zero = 1'd1;
      9: mma_fmt_zero = 1'd1;
      10: mma_fmt_zero = 1'd0;
      11: mma_fmt_zero = 1'd1;
      12: mma_fmt_zero = 1'd1;
      13: mma_fmt_zero = 1'd1;
      14: mma_fmt_zero = 1'd1;
      15: mma_fmt_zero = 1'd1;
      16: mma_fmt_zero = 1'd1;
      17: mma_fmt_zero = 1'd1;
      31: mma_fmt_zero = 1'd1;
      default: mma_fmt_zero = 1'd0;
    endcase
  end
endfunction
function [0:0] mma_fmt_subnormals;
  input integer f;
  begin
    case (f)
      1: mma_fmt_subnormals = 1'd1;
      2: mma_fmt_subnormals = 1'd1;
      3: mma_fmt_subnormals = 1'd1;
      4: mma_fmt_subnormals = 1'd1;
      5: mma_fmt_subnormals = 1'd1;
      6: mma_fmt_subnormals = 1'd1;
      7: mma_fmt_subnormals = 1'd1;
      8: mma_fmt_subnormals = 1'd1;
      9: mma_fmt_subnormals = 1'd1;
      10: mma_fmt_subnormals = 1'd0;
      11: mma_fmt_subnormals = 1'd1;
      12: mma_fmt_subnormals = 1'd0;
      13: mma_fmt_subnormals = 1'd0;
      14: mma_fmt_subnormals = 1'd0;
      15: mma_fmt_subnormals = 1'd0;
      16: mma_fmt_subnormals = 1'd0;
      17: mma_fmt_subnormals = 1'd0;
      31: mma_fmt_subnormals = 1'd1;
      default: mma_fmt_subnormals = 1'd0;
    endcase
  end
endfunction
function [31:0] mma_fmt_canonical_nan;
  input integer f;
  begin
    case (f)
      1: mma_fmt_canonical_nan = 32'd2147483647;
      2: mma_fmt_canonical_nan = 32'd2147475456;
      3: mma_fmt_canonical_nan = 32'd32767;
      4: mma_fmt_canonical_nan = 32'd32767;
      5: mma_fmt_canonical_nan = 32'd127;
      6: mma_fmt_canonical_nan = 32'd127;
      7: mma_fmt_canonical_nan = 32'd0;
      8: mma_fmt_canonical_nan = 32'd0;
      9: mma_fmt_canonical_nan = 32'd0;
      10: mma_fmt_canonical_nan = 32'd255;
      11: mma_fmt_canonical_nan = 32'd127;
      12: mma_fmt_canonical_nan = 32'd0;
      13: mma_fmt_canonical_nan = 32'd0;
      14: mma_fmt_canonical_nan = 32'd0;
      15: mma_fmt_canonical_nan = 32'd0;
      16: mma_fmt_canonical_nan = 32'd0;
      17: mma_fmt_canonical_nan = 32'd0;
      31: mma_fmt_canonical_nan = 32'd2147483647;
      default: mma_fmt_canonical_nan = 32'd0;
    endcase
  end
endfunction
