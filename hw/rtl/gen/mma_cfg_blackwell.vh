// GENERATED from hw/config/blackwell.json and the blackwell preset by hw/gen/gen_hw.py; do not edit
// Configuration "blackwell": B200 (sm_100): the Hopper f16/bf16/tf32 datapaths; FP8 mma.sync as 2 x 16 pair_split steps with C added separately, f32 and f16 output
// Include inside a module after hw/rtl/gen/mma_fmt.vh and mma_mode.vh.
localparam CFG_ID = 5;
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
localparam CFG_NMODES = 12;
localparam CFG_LANE_FMTS = 32'h0000007c;
// The mode table: one row per instruction of hw/config/blackwell.json
function [126:0] cfg_mode;
  input [7:0] i;
  begin
    case (i)
      8'd0: cfg_mode = 127'h88090100001ef60992010000008463; // wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32
      8'd1: cfg_mode = 127'h88090100001fd60992010000018c63; // wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16
      8'd2: cfg_mode = 127'h88090100001ef60992010000008484; // wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32
      8'd3: cfg_mode = 127'h70088080001ef60991008000008442; // wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32
      8'd4: cfg_mode = 127'h2a411020000def609920200000084c6; // mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
      8'd5: cfg_mode = 127'h2a411020000def609920200000084a6; // mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32
      8'd6: cfg_mode = 127'h2a411020000def609920200000084c5; // mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32
      8'd7: cfg_mode = 127'h2a411020000def609920200000084a5; // mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32
      8'd8: cfg_mode = 127'h2a411020000dfd60992020000018cc6; // mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16
      8'd9: cfg_mode = 127'h2a411020000dfd60992020000018ca6; // mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16
      8'd10: cfg_mode = 127'h2a411020000dfd60992020000018cc5; // mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16
      8'd11: cfg_mode = 127'h2a411020000dfd60992020000018ca5; // mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16
      default: cfg_mode = 127'd0;
    endcase
  end
endfunction
