// Exit device as QEMU virt's "sifive_test" (0x00100000): writing 0x5555 ends the run with exit code
// 0, (code << 16) | 0x3333 ends it with `code`; 0x7777 (reset request) is taken as a pass. The
// first exit write is kept (valid_o stays high); reads return 0.
module mma_soc_exit (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        sel_i,
    input  wire [3:0]  we_i,
    input  wire [31:0] wdata_i,
    output reg         valid_o,
    output reg  [15:0] code_o
);
    always @(posedge clk_i) begin
        if (!rst_ni) begin
            valid_o <= 1'b0;
            code_o <= 16'd0;
        end else if (sel_i && we_i[1:0] == 2'b11 && !valid_o) begin
            case (wdata_i[15:0])
                16'h5555, 16'h7777: begin valid_o <= 1'b1; code_o <= 16'd0; end
                16'h3333:           begin valid_o <= 1'b1; code_o <= wdata_i[31:16]; end
                default: ;
            endcase
        end
    end
endmodule
