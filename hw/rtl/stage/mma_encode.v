// Encode stage (NUMERICS 2 and 4), the twin of the C function mma_encode for the formats the
// datapath writes: an exact value (-1)^sign * sig * 2^exp rounded once to f32, f16, bf16, the
// e8m13 step format (code 31) or s32. Floats: rounding by mma_round_decide, subnormals kept,
// overflow to Inf or to max finite by mode (always max with satfinite); s32: rounded to an
// integer, then clamped (satfinite) or wrapped modulo 2^32. Combinational; en_i 0 gives code 0 and
// skips the normalisation (operand isolation: the logic does not switch while the result is unused).
// PIPE = 1 puts a register between the two halves (the truncation at the quantum; the rounding
// increment and the packing): code_o and top_o then follow the inputs by one clock of clk_i, and a
// DPU's step rounding is two shorter paths instead of one long one.
module mma_encode #(
    parameter SIGW = 48,                // significand bits of the value (<= 64)
    parameter PIPE = 0                  // 1: a register between the halves (code_o one clock later)
) (
    input  wire                  clk_i,     // used with PIPE = 1 only
    input  wire                  en_i,      // 0: code 0, nothing evaluated
    input  wire [4:0]            fmt_i,     // MMA_FMT_F32, _F16, _BF16, _S32, or 31 (e8m13)
    input  wire [2:0]            mode_i,    // RISC-V frm: 0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM
    input  wire                  sat_i,     // .satfinite (MMA_ENC_SATFINITE)
    input  wire                  sign_i,
    input  wire [SIGW-1:0]       sig_i,
    input  wire signed [13:0]    exp_i,     // weight of sig_i's LSB
    output reg  [31:0]           code_o,
    output wire                  bad_o,     // fmt is not one of the formats above
    output wire signed [13:0]    top_o      // floor(log2 |value|) before rounding (exp_i when sig_i or en_i is 0)
);
`include "mma_fmt.vh"
    localparam KW = SIGW + 2;               // kept-significand bits

    wire is_s32 = fmt_i == MMA_FMT_S32;
    assign bad_o = !(fmt_i == MMA_FMT_F32 || fmt_i == MMA_FMT_F16 || fmt_i == MMA_FMT_BF16 || is_s32 ||
                     fmt_i == 5'd31);

    // ---- the target's parameters: {emin, emax, bias, p, ebits, fshift} of a format
    function [64:0] target;
        input [4:0] fmt;
        begin
            target = 65'd0;
            case (fmt)
                MMA_FMT_F32:  target = {-14'sd126, 14'sd127, 14'sd127, 14'sd23, 4'd8, 5'd0};
                MMA_FMT_F16:  target = {-14'sd14,  14'sd15,  14'sd15,  14'sd10, 4'd5, 5'd0};
                MMA_FMT_BF16: target = {-14'sd126, 14'sd127, 14'sd127, 14'sd7,  4'd8, 5'd0};
                5'd31:        target = {-14'sd126, 14'sd127, 14'sd127, 14'sd13, 4'd8, 5'd10};
                default: ;
            endcase
        end
    endfunction

    // ---- first half: truncate at the quantum 2^q: kept bits, round bit, sticky bit
    wire [64:0] tg_a = target(fmt_i);
    wire signed [13:0] emin_a = tg_a[64:51], p_a = tg_a[22:9];
    integer i;
    reg signed [13:0] top, q, sh;
    reg [6:0] lead;                             // position of sig_i's leading one (0 when sig_i is 0)
    reg [KW-1:0] kept;
    reg [SIGW-1:0] below;
    reg round_b, sticky_b;
    reg s32_shl;                                // s32 with exp_i >= 0: the value is shl64 (a named bit:
                                                // written into the concatenation below, `is_s32 && exp_i >= 0`
                                                // came out 0 in the 5.006 Verilated DPU, whose exp_i is 0)
    reg huge;                                   // s32: |value| >= 2^63
    reg [63:0] shl64;                           // s32 with exp_i >= 0: sig_i << exp_i (0 from 2^64 on)
    always @* begin
        i = 0;                                  // loop indices assigned on every path: no latch
        lead = 7'd0;
        if (en_i)
            for (i = 0; i < SIGW; i = i + 1)
                if (sig_i[i]) lead = i[6:0];
        top = exp_i + $signed({7'd0, lead});    // floor(log2 |value|); exp_i for a zero
        q = is_s32 ? 14'sd0 : ((top > emin_a ? top : emin_a) - p_a);
        kept = {KW{1'b0}};
        below = {SIGW{1'b0}};
        round_b = 1'b0;
        sticky_b = 1'b0;
        sh = 14'sd0;
        s32_shl = 1'b0;
        huge = 1'b0;
        shl64 = 64'd0;
        if (!en_i) begin
            // nothing: the result is not used
        end else if (q <= exp_i) begin
            sh = exp_i - q;                                 // exact (floats: sh <= p)
            if (!is_s32) kept = {2'b00, sig_i} << sh;
        end else begin
            sh = q - exp_i;
            if (sh < SIGW) begin
                kept = {2'b00, sig_i >> sh};
                below = sig_i << (SIGW - sh);               // the dropped bits, MSB first
                round_b = below[SIGW-1];
                sticky_b = (below << 1) != {SIGW{1'b0}};
            end else begin
                round_b = sh == SIGW ? sig_i[SIGW-1] : 1'b0;
                sticky_b = sh == SIGW ? (sig_i << 1) != {SIGW{1'b0}} : sig_i != {SIGW{1'b0}};
            end
        end
        if (en_i && is_s32 && exp_i >= 14'sd0) begin
            s32_shl = 1'b1;
            huge = exp_i >= 64 || top >= 63;
            shl64 = exp_i >= 64 ? 64'd0 : ({{(64-SIGW){1'b0}}, sig_i} << exp_i);
        end
    end

    // ---- between the halves: wires (PIPE = 0) or a register (PIPE = 1)
    localparam HW = 1 + 5 + 3 + 1 + 1 + 1 + 1 + 1 + KW + 1 + 1 + 14 + 14 + 64;
    wire [HW-1:0] h_d = {en_i, fmt_i, mode_i, sat_i, sign_i, sig_i == {SIGW{1'b0}}, s32_shl, huge,
                         kept, round_b, sticky_b, q, top, shl64};
    wire [HW-1:0] h_q;
    mma_pipe_reg #(.W(HW), .PIPE(PIPE)) u_half (.clk_i(clk_i), .d_i(h_d), .q_o(h_q));
    wire h_en, h_sat, h_sign, h_zero, h_s32_shl, h_huge, h_round, h_sticky;
    wire [4:0] h_fmt;
    wire [2:0] h_mode;
    wire [KW-1:0] h_kept;
    wire signed [13:0] h_q14, h_top;
    wire [63:0] h_shl64;
    assign {h_en, h_fmt, h_mode, h_sat, h_sign, h_zero, h_s32_shl, h_huge, h_kept, h_round, h_sticky, h_q14, h_top,
            h_shl64} = h_q;
    assign top_o = h_top;
    wire h_is_s32 = h_fmt == MMA_FMT_S32;
    wire [64:0] tg = target(h_fmt);
    wire signed [13:0] emin = tg[64:51], emax = tg[50:37], bias = tg[36:23], p = tg[22:9];
    wire [3:0] ebits = tg[8:5];
    wire [4:0] fshift = tg[4:0];

    wire inc;
    mma_round_decide u_round (.mode_i(h_mode), .sign_i(h_sign), .lsb_i(h_kept[0]), .round_i(h_round),
                              .sticky_i(h_sticky), .inc_o(inc));

    // packs sign, exponent field and fraction field into a code
    function [31:0] pack;
        input [3:0] eb;
        input signed [13:0] pp;
        input [4:0] fs;
        input s;
        input [31:0] ef;
        input [31:0] fr;
        begin
            pack = ((ef << pp) | fr) << fs;
            if (s) pack = pack | (32'd1 << (fs + pp + eb));
        end
    endfunction

    // ---- second half: increment, renormalise, pack (floats); clamp or wrap (s32)
    reg [KW-1:0] k1;
    reg signed [13:0] q1, e_res;
    reg [31:0] frac, code_max, code_inf;
    reg [63:0] mag64, k64;
    reg normal, to_inf;
    always @* begin
        k1 = h_kept + {{(KW-1){1'b0}}, inc};
        q1 = h_q14;
        code_o = 32'd0;
        mag64 = 64'd0;
        k64 = 64'd0;
        normal = 1'b0;
        e_res = 14'sd0;
        frac = 32'd0;
        to_inf = 1'b0;
        code_max = 32'd0;
        code_inf = 32'd0;
        if (!h_en) begin
            // code 0: the result is not used
        end else if (h_is_s32) begin
            if (h_s32_shl) begin
                mag64 = h_shl64;
            end else begin
                k64 = {{(64-SIGW){1'b0}}, h_kept[SIGW-1:0]};
                mag64 = k64 + {63'd0, inc};
            end
            if (h_sat && (h_huge || mag64 > (h_sign ? 64'd2147483648 : 64'd2147483647)))
                mag64 = h_sign ? 64'd2147483648 : 64'd2147483647;
            code_o = h_sign ? (~mag64[31:0] + 32'd1) : mag64[31:0];
        end else if (h_zero) begin
            code_o = pack(ebits, p, fshift, h_sign, 32'd0, 32'd0);          // an exact zero keeps its sign
        end else begin
            code_max = pack(ebits, p, fshift, h_sign, emax + bias, (32'd1 << p) - 32'd1);
            code_inf = pack(ebits, p, fshift, h_sign, (32'd1 << ebits) - 32'd1, 32'd0);
            if (k1 == ({{(KW-1){1'b0}}, 1'b1} << (p + 1))) begin
                k1 = k1 >> 1;                                                 // rounding carried out
                q1 = h_q14 + 14'sd1;
            end
            normal = k1 >= ({{(KW-1){1'b0}}, 1'b1} << p);
            e_res = normal ? q1 + p : emin;
            k64 = {{(64-SIGW){1'b0}}, k1[SIGW-1:0]};
            frac = k64[31:0] & ((32'd1 << p) - 32'd1);
            if (k1 == {KW{1'b0}}) begin
                code_o = pack(ebits, p, fshift, h_sign, 32'd0, 32'd0);
            end else if (e_res > emax) begin
                to_inf = h_mode == 3'd1 ? 1'b0 : h_mode == 3'd3 ? !h_sign : h_mode == 3'd2 ? h_sign : 1'b1;
                code_o = (!h_sat && to_inf) ? code_inf : code_max;
            end else begin
                code_o = pack(ebits, p, fshift, h_sign, normal ? {18'd0, e_res + bias} : 32'd0, frac);
            end
        end
    end
endmodule
