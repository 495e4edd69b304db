// Encode stage (NUMERICS 2 and 4), the twin of the C function mma_encode for the formats the
// datapath writes: an exact value (-1)^sign * sig * 2^exp rounded once to f32, f16, bf16, the
// e8m13 step format (code 31) or s32. Floats: rounding by mma_round_decide, subnormals kept,
// overflow to Inf or to max finite by mode (always max with satfinite); s32: rounded to an
// integer, then clamped (satfinite) or wrapped modulo 2^32. Combinational; en_i 0 gives code 0 and
// skips the normalisation (operand isolation: the logic does not switch while the result is unused).
module mma_encode #(
    parameter SIGW = 48                 // significand bits of the value (<= 64)
) (
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

    // ---- the target's parameters
    reg signed [13:0] emin, emax, bias, p;
    reg [3:0] ebits;
    reg [4:0] fshift;
    always @* begin
        emin = 14'sd0; emax = 14'sd0; bias = 14'sd0; p = 14'sd0; ebits = 4'd0; fshift = 5'd0;
        case (fmt_i)
            MMA_FMT_F32:  begin emin = -14'sd126; emax = 14'sd127; bias = 14'sd127; p = 14'sd23; ebits = 4'd8; end
            MMA_FMT_F16:  begin emin = -14'sd14;  emax = 14'sd15;  bias = 14'sd15;  p = 14'sd10; ebits = 4'd5; end
            MMA_FMT_BF16: begin emin = -14'sd126; emax = 14'sd127; bias = 14'sd127; p = 14'sd7;  ebits = 4'd8; end
            5'd31:        begin emin = -14'sd126; emax = 14'sd127; bias = 14'sd127; p = 14'sd13; ebits = 4'd8;
                                fshift = 5'd10; end
            default: ;
        endcase
    end

    // ---- truncate at the quantum 2^q: kept bits, round bit, sticky bit
    integer i;
    reg signed [13:0] top, q, sh;
    reg [6:0] lead;                             // position of sig_i's leading one (0 when sig_i is 0)
    reg [KW-1:0] kept;
    reg [SIGW-1:0] below;
    reg round_b, sticky_b;
    assign top_o = top;
    always @* begin
        i = 0;                                  // loop indices assigned on every path: no latch
        lead = 7'd0;
        if (en_i)
            for (i = 0; i < SIGW; i = i + 1)
                if (sig_i[i]) lead = i[6:0];
        top = exp_i + $signed({7'd0, lead});    // floor(log2 |value|); exp_i for a zero
        q = is_s32 ? 14'sd0 : ((top > emin ? top : emin) - p);
        kept = {KW{1'b0}};
        below = {SIGW{1'b0}};
        round_b = 1'b0;
        sticky_b = 1'b0;
        sh = 14'sd0;
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
    end

    wire inc;
    mma_round_decide u_round (.mode_i(mode_i), .sign_i(sign_i), .lsb_i(kept[0]), .round_i(round_b),
                              .sticky_i(sticky_b), .inc_o(inc));

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

    // ---- increment, renormalise, pack (floats); clamp or wrap (s32)
    reg [KW-1:0] k1;
    reg signed [13:0] q1, e_res;
    reg [31:0] frac, code_max, code_inf;
    reg [63:0] mag64, k64;
    reg normal, huge, to_inf;
    always @* begin
        k1 = kept + {{(KW-1){1'b0}}, inc};
        q1 = q;
        code_o = 32'd0;
        mag64 = 64'd0;
        k64 = 64'd0;
        huge = 1'b0;
        normal = 1'b0;
        e_res = 14'sd0;
        frac = 32'd0;
        to_inf = 1'b0;
        code_max = 32'd0;
        code_inf = 32'd0;
        if (!en_i) begin
            // code 0: the result is not used
        end else if (is_s32) begin
            huge = exp_i >= 0 && (exp_i >= 64 || top >= 63);
            if (exp_i >= 0) begin
                mag64 = exp_i >= 64 ? 64'd0 : ({{(64-SIGW){1'b0}}, sig_i} << exp_i);
            end else begin
                k64 = {{(64-SIGW){1'b0}}, kept[SIGW-1:0]};
                mag64 = k64 + {63'd0, inc};
            end
            if (sat_i && (huge || mag64 > (sign_i ? 64'd2147483648 : 64'd2147483647)))
                mag64 = sign_i ? 64'd2147483648 : 64'd2147483647;
            code_o = sign_i ? (~mag64[31:0] + 32'd1) : mag64[31:0];
        end else if (sig_i == {SIGW{1'b0}}) begin
            code_o = pack(ebits, p, fshift, sign_i, 32'd0, 32'd0);          // an exact zero keeps its sign
        end else begin
            code_max = pack(ebits, p, fshift, sign_i, emax + bias, (32'd1 << p) - 32'd1);
            code_inf = pack(ebits, p, fshift, sign_i, (32'd1 << ebits) - 32'd1, 32'd0);
            if (k1 == ({{(KW-1){1'b0}}, 1'b1} << (p + 1))) begin
                k1 = k1 >> 1;                                                 // rounding carried out
                q1 = q + 14'sd1;
            end
            normal = k1 >= ({{(KW-1){1'b0}}, 1'b1} << p);
            e_res = normal ? q1 + p : emin;
            k64 = {{(64-SIGW){1'b0}}, k1[SIGW-1:0]};
            frac = k64[31:0] & ((32'd1 << p) - 32'd1);
            if (k1 == {KW{1'b0}}) begin
                code_o = pack(ebits, p, fshift, sign_i, 32'd0, 32'd0);
            end else if (e_res > emax) begin
                to_inf = mode_i == 3'd1 ? 1'b0 : mode_i == 3'd3 ? !sign_i : mode_i == 3'd2 ? sign_i : 1'b1;
                code_o = (!sat_i && to_inf) ? code_inf : code_max;
            end else begin
                code_o = pack(ebits, p, fshift, sign_i, normal ? {18'd0, e_res + bias} : 32'd0, frac);
            end
        end
    end
endmodule
