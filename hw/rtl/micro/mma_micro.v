// The micro accelerator: an exact FP8 dot-product unit the CPU feeds through its registers, for
// an SoC too small for the DPU array and its DMA (the iCEBreaker's UP5K: board/README.md). One
// output element at a time, D = C + sum a_k * b_k, e4m3 x e4m3 -> f32 under the `exact` preset
// (NUMERICS 3: every product and C summed without loss, one rounding to nearest even): the `fp8`
// configuration's plain mode and mma_dot with that preset, bit for bit. One product a clock
// (mma_exact_lane: the exact DPU's lane, E5M2 = 0; mma_micro_acc: the exact sum), then the serial
// final stage (mma_micro_round). Registers (hw/regs/mma_micro.rdl, offsets from the generated
// mma_micro_map.vh; docs/REGISTERS_MICRO.md): write C to start, write A4 then B4 (four products
// from two word stores of codes in memory order), AB (two products) or AB1 (one) as often as
// needed, read D. The bus waits while the products or the rounding run, so
// firmware needs no polling; misuse is refused and recorded in STATUS.err (micro_err), and D then
// reads the canonical NaN: a D read never returns a wrong number.
// AXI4-Lite slave, one transaction at a time; writes answer SLVERR when refused, reads of an
// unmapped offset SLVERR with 0.
module mma_micro #(
    parameter KMAX_LOG2 = 11           // at most 2^KMAX_LOG2 products a dot product (S: 36 + KMAX_LOG2 + 1 bits); 1 .. 15
) (
    input  wire        clk_i,
    input  wire        rst_ni,         // synchronous, active low
    input  wire [11:0] s_axil_awaddr_i,
    input  wire        s_axil_awvalid_i,
    output reg         s_axil_awready_o,
    input  wire [31:0] s_axil_wdata_i,
    input  wire [3:0]  s_axil_wstrb_i,
    input  wire        s_axil_wvalid_i,
    output reg         s_axil_wready_o,
    output reg  [1:0]  s_axil_bresp_o,
    output reg         s_axil_bvalid_o,
    input  wire        s_axil_bready_i,
    input  wire [11:0] s_axil_araddr_i,
    input  wire        s_axil_arvalid_i,
    output reg         s_axil_arready_o,
    output reg  [31:0] s_axil_rdata_o,
    output reg  [1:0]  s_axil_rresp_o,
    output reg         s_axil_rvalid_o,
    input  wire        s_axil_rready_i
);
`include "mma_fmt.vh"
`include "mma_exact_grid.vh"
`include "mma_micro_map.vh"
    localparam WT = exact_grid_width(0);              // e4m3 products on the exact grid
    localparam signed [10:0] LSB_W = exact_grid_lsb(0);
    localparam SW = WT + KMAX_LOG2 + 1;
    localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10;

    // ---- the dot product's state
    reg  [31:0] c_q;                                  // C
    reg  [31:0] pa, pb;                               // the products to feed: a_i x b_i in byte i
    reg  [1:0]  pidx;                                 // the byte of the next one
    reg  [2:0]  npend;                                // how many are left (0..4)
    reg         a_held;                               // pa holds an A4 write no B4 has used
    reg  [KMAX_LOG2:0] count;                         // products since C was written
    reg  [3:0]  err;
    reg         clear;                                // a new dot product: the accumulator clears
    reg         d_ok;                                 // d is the rounding of the current sum

    wire [WT-1:0] term;
    wire neg, p_nan, p_inf, p_zero, p_sign;
    mma_exact_lane #(.E5M2(0), .WT(WT)) u_lane (
        .fa_i(1'b0), .fb_i(1'b0), .a_i(pa[8*pidx +: 8]), .b_i(pb[8*pidx +: 8]),
        .term_o(term), .neg_o(neg), .nan_o(p_nan), .inf_o(p_inf), .zero_o(p_zero), .sign_o(p_sign)
    );
    wire [SW-1:0] s;
    wire s_nan, s_nz;
    wire [1:0] s_zeros;
    mma_micro_acc #(.WT(WT), .KMAX_LOG2(KMAX_LOG2)) u_acc (
        .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear), .valid_i(npend != 3'd0),
        .term_i(term), .neg_i(neg), .nan_i(p_nan), .zero_i(p_zero), .sign_i(p_sign),
        .s_o(s), .nan_o(s_nan), .nz_o(s_nz), .zeros_o(s_zeros)
    );
    reg  r_start;
    wire r_busy, r_done;
    wire [31:0] d;
    mma_micro_round #(.SW(SW), .LSB_W(LSB_W)) u_round (
        .clk_i(clk_i), .rst_ni(rst_ni), .start_i(r_start), .s_i(s), .nan_i(s_nan), .nz_i(s_nz),
        .zeros_i(s_zeros), .c_i(c_q), .busy_o(r_busy), .done_o(r_done), .d_o(d)
    );
    // e4m3 has no Inf: a product is never infinite (the summary has no place for one)
    generate if (MMA_FMT_INF_TAB[MMA_FMT_E4M3]) begin : g_inf
        mma_micro_expects_a_format_without_inf u_bad ();
    end endgenerate
    wire unused = p_inf;
    // STATUS.count is 16 bits: it holds 2^KMAX_LOG2 for KMAX_LOG2 up to 15
    generate if (KMAX_LOG2 < 1 || KMAX_LOG2 > 15) begin : g_kmax
        mma_micro_kmax_log2_is_not_1_to_15 u_bad ();
    end endgenerate

    wire wr_busy = s_axil_bvalid_o;                   // a write response is still out
    wire full4 = s_axil_wstrb_i == 4'b1111;
    wire [11:0] wa = s_axil_awaddr_i & 12'hFFC;
    // products a write brings
    wire [2:0] nwant = wa == MICRO_B4 ? 3'd4 : wa == MICRO_AB ? 3'd2 : wa == MICRO_AB1 ? 3'd1 : 3'd0;
    // why a write is refused (micro_err), NONE if it is taken
    wire [3:0] werr = !(wa == MICRO_C || wa == MICRO_AB || wa == MICRO_AB1 || wa == MICRO_A4 || wa == MICRO_B4)
                      ? MICRO_STATUS_ERR_ADDR
                    : !full4 ? MICRO_STATUS_ERR_STRB
                    : wa == MICRO_B4 && !a_held ? MICRO_STATUS_ERR_ORDER
                    : count + nwant > (1 << KMAX_LOG2) ? MICRO_STATUS_ERR_K
                    : MICRO_STATUS_ERR_NONE;
    wire idle = npend == 3'd0 && !r_busy && !r_start && !clear;
    wire [15:0] count16 = count;                     // zero-extended (KMAX_LOG2 <= 15)

    // ---- reads: D waits for the rounding
    reg        rd_pend;                               // a read of D is waiting
    always @(posedge clk_i) begin
        r_start <= 1'b0;
        if (!rst_ni) begin
            s_axil_arready_o <= 1'b0;
            s_axil_rvalid_o <= 1'b0;
            s_axil_rresp_o <= OKAY;
            s_axil_rdata_o <= 32'd0;
            rd_pend <= 1'b0;
        end else begin
            s_axil_arready_o <= 1'b0;
            if (s_axil_rvalid_o && s_axil_rready_i)
                s_axil_rvalid_o <= 1'b0;
            if (rd_pend) begin
                if (err != MICRO_STATUS_ERR_NONE) begin
                    s_axil_rdata_o <= MMA_FMT_CANONICAL_NAN_TAB[MMA_FMT_F32*32 +: 32];
                    s_axil_rvalid_o <= 1'b1;
                    rd_pend <= 1'b0;
                end else if (d_ok || r_done) begin
                    s_axil_rdata_o <= d;
                    s_axil_rvalid_o <= 1'b1;
                    rd_pend <= 1'b0;
                end else if (idle)
                    r_start <= 1'b1;
            end else if (s_axil_arvalid_i && !s_axil_arready_o && !s_axil_rvalid_o && !wr_busy) begin
                s_axil_arready_o <= 1'b1;
                s_axil_rresp_o <= OKAY;
                case (s_axil_araddr_i & 12'hFFC)
                MICRO_ID:      begin s_axil_rdata_o <= MICRO_ID_VALUE_VALUE; s_axil_rvalid_o <= 1'b1; end
                MICRO_VERSION: begin s_axil_rdata_o <= MICRO_VERSION_VALUE_VALUE; s_axil_rvalid_o <= 1'b1; end
                MICRO_CAPS: begin
                    s_axil_rdata_o <= ({24'd0, 3'd0, MMA_FMT_E4M3} << MICRO_CAPS_AB_FMT_LSB) |
                                      ({24'd0, 3'd0, MMA_FMT_F32} << MICRO_CAPS_CD_FMT_LSB) |
                                      (KMAX_LOG2 << MICRO_CAPS_KMAX_LOG2_LSB);
                    s_axil_rvalid_o <= 1'b1;
                end
                MICRO_C:       begin s_axil_rdata_o <= c_q; s_axil_rvalid_o <= 1'b1; end
                MICRO_STATUS: begin
                    s_axil_rdata_o <= ({31'd0, !idle} << MICRO_STATUS_BUSY_LSB) |
                                      ({28'd0, err} << MICRO_STATUS_ERR_LSB) |
                                      ({16'd0, count16} << MICRO_STATUS_COUNT_LSB);
                    s_axil_rvalid_o <= 1'b1;
                end
                MICRO_D:       rd_pend <= 1'b1;
                default: begin s_axil_rdata_o <= 32'd0; s_axil_rresp_o <= SLVERR; s_axil_rvalid_o <= 1'b1; end
                endcase
            end
        end
    end

    // ---- writes: C starts a dot product, A4 holds four A codes, B4 / AB / AB1 feed products
    always @(posedge clk_i) begin
        clear <= 1'b0;
        if (!rst_ni) begin
            s_axil_awready_o <= 1'b0;
            s_axil_wready_o <= 1'b0;
            s_axil_bvalid_o <= 1'b0;
            s_axil_bresp_o <= OKAY;
            c_q <= 32'd0;
            npend <= 3'd0;
            a_held <= 1'b0;
            count <= {(KMAX_LOG2+1){1'b0}};
            err <= MICRO_STATUS_ERR_NONE;
            d_ok <= 1'b0;
            clear <= 1'b1;
        end else begin
            s_axil_awready_o <= 1'b0;
            s_axil_wready_o <= 1'b0;
            if (s_axil_bvalid_o && s_axil_bready_i)
                s_axil_bvalid_o <= 1'b0;
            if (npend != 3'd0) begin                   // one product a clock into the accumulator
                pidx <= pidx + 2'd1;
                npend <= npend - 3'd1;
            end
            if (r_done)
                d_ok <= 1'b1;
            if (s_axil_awvalid_i && s_axil_wvalid_i && !s_axil_awready_o && !wr_busy && idle && !rd_pend) begin
                s_axil_awready_o <= 1'b1;
                s_axil_wready_o <= 1'b1;
                s_axil_bvalid_o <= 1'b1;
                s_axil_bresp_o <= OKAY;
                if (werr != MICRO_STATUS_ERR_NONE) begin     // refused: the first error stays
                    if (err == MICRO_STATUS_ERR_NONE) err <= werr;
                    s_axil_bresp_o <= SLVERR;
                end else if (wa == MICRO_C) begin
                    c_q <= s_axil_wdata_i;
                    count <= {(KMAX_LOG2+1){1'b0}};
                    err <= MICRO_STATUS_ERR_NONE;
                    d_ok <= 1'b0;
                    clear <= 1'b1;
                    a_held <= 1'b0;
                end else if (wa == MICRO_A4) begin
                    pa <= s_axil_wdata_i;
                    a_held <= 1'b1;
                end else begin                           // B4, AB, AB1: a_i x b_i from byte i
                    if (wa == MICRO_B4)
                        pb <= s_axil_wdata_i;
                    else begin                            // AB's bytes a0, b0, a1, b1
                        pa[15:0] <= {s_axil_wdata_i[23:16], s_axil_wdata_i[7:0]};
                        pb[15:0] <= {s_axil_wdata_i[31:24], s_axil_wdata_i[15:8]};
                    end
                    pidx <= 2'd0;
                    npend <= nwant;
                    count <= count + nwant;
                    d_ok <= 1'b0;
                    a_held <= 1'b0;
                end
            end
        end
    end
endmodule
