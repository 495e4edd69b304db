// GENERATED from hw/config/fp8.json and the exact preset by hw/gen/gen_hw.py; do not edit
// Configuration "fp8": the FP8-first accelerator: e4m3 x e4m3 -> f32, plain and MX (one ue8m0 scale of A and of B per 32 K), under the exact preset (each k = 32 chunk's products and C summed without loss, one rounding) on exact DPUs (mma_dpu_exact); 128 FP8 MACs a cycle
// Include inside a module after hw/rtl/gen/mma_fmt.vh and mma_mode.vh.
localparam CFG_ID = 7;
localparam CFG_TM = 2;
localparam CFG_TN = 2;
localparam CFG_W = 32;   // bytes of A (and of B) per DPU step
localparam CFG_NL = 32;
localparam CFG_DPU_EXACT = 1;
localparam CFG_HAS_PACKED = 0;
localparam CFG_HAS_SPARSE = 0;
localparam CFG_HAS_SCALE = 1;
localparam CFG_SCALE_BYTES = 1;
localparam CFG_HAS_GROUP = 0;
localparam CFG_HAS_INT = 0;
localparam CFG_HAS_SEP = 0;
localparam CFG_HAS_PAIR = 0;
localparam CFG_HAS_F16 = 0;
localparam CFG_F_MAIN = 1;
localparam CFG_F_GRP = 1;
localparam CFG_NMODES = 2;
localparam CFG_LANE_FMTS = 32'h00000040;
// The mode table: one row per instruction of hw/config/fp8.json
function [126:0] cfg_mode;
  input [7:0] i;
  begin
    case (i)
      8'd0: cfg_mode = 127'ha40a020000200000140200000084c6; // mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32
      8'd1: cfg_mode = 127'h50a40a020000200000140200814084c6; // mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0
      default: cfg_mode = 127'd0;
    endcase
  end
endfunction
