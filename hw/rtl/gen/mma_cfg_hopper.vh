// GENERATED from hw/config/hopper.json and the hopper preset by hw/gen/gen_hw.py; do not edit
// Configuration "hopper": H100 / H200 (sm_90a): f16/bf16 16 products per step, tf32 8, F = 25; FP8 -> f32 as wgmma (32 products, F = 13, e8m13), with C and, as the published FP8 data ran it (scale-d = 0), without; FP8 -> f16 as mma.sync (2 x 16 pair_split, C added separately)
// Include inside a module after hw/rtl/gen/mma_fmt.vh and mma_mode.vh.
localparam CFG_ID = 4;
localparam CFG_TM = 2;
localparam CFG_TN = 2;
localparam CFG_W = 32;   // bytes of A (and of B) per DPU step
localparam CFG_NL = 32;
localparam CFG_DPU_EXACT = 0;
localparam CFG_HAS_PACKED = 0;
localparam CFG_HAS_SPARSE = 0;
localparam CFG_HAS_SCALE = 0;
localparam CFG_SCALE_BYTES = 1;
localparam CFG_HAS_GROUP = 0;
localparam CFG_HAS_INT = 0;
localparam CFG_HAS_SEP = 1;
localparam CFG_HAS_PAIR = 1;
localparam CFG_HAS_F16 = 1;
localparam CFG_F_MAIN = 25;
localparam CFG_F_GRP = 1;
localparam CFG_NMODES = 16;
localparam CFG_LANE_FMTS = 32'h0000007c;
// The mode table: one row per instruction of hw/config/hopper.json, then one per "c_unused" instruction with C unused
function [126:0] cfg_mode;
  input [7:0] i;
  begin
    case (i)
      8'd0: cfg_mode = 127'h88090100001ef60992010000008463; // wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32
      8'd1: cfg_mode = 127'h88090100001fd60992010000018c63; // wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16
      8'd2: cfg_mode = 127'h88090100001ef60992010000008484; // wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32
      8'd3: cfg_mode = 127'h70088080001ef60991008000008442; // wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32
      8'd4: cfg_mode = 127'ha40a0200001ef60cd40200000084c6; // wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3
      8'd5: cfg_mode = 127'ha40a0200001ef60cd40200000084a6; // wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e5m2
      8'd6: cfg_mode = 127'ha40a0200001ef60cd40200000084c5; // wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e4m3
      8'd7: cfg_mode = 127'ha40a0200001ef60cd40200000084a5; // wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e5m2
      8'd8: cfg_mode = 127'h2a411020000dfd60992020000018cc6; // mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16
      8'd9: cfg_mode = 127'h2a411020000dfd60992020000018ca6; // mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16
      8'd10: cfg_mode = 127'h2a411020000dfd60992020000018cc5; // mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16
      8'd11: cfg_mode = 127'h2a411020000dfd60992020000018ca5; // mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16
      8'd12: cfg_mode = 127'ha40a0200011ef60cd40200000084c6; // wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3 (C unused: D = A*B)
      8'd13: cfg_mode = 127'ha40a0200011ef60cd40200000084a6; // wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e5m2 (C unused: D = A*B)
      8'd14: cfg_mode = 127'ha40a0200011ef60cd40200000084c5; // wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e4m3 (C unused: D = A*B)
      8'd15: cfg_mode = 127'ha40a0200011ef60cd40200000084a5; // wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e5m2 (C unused: D = A*B)
      default: cfg_mode = 127'd0;
    endcase
  end
endfunction
