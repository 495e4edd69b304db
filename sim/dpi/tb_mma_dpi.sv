// A SystemVerilog testbench of the accelerator (hw/rtl/accel/mma_accel.v) that checks it through
// the golden model's DPI-C exports (mma_dpi_pkg.sv, mma_dpi.c): it programs jobs over AXI4-Lite,
// serves the DMA from a behavioural AXI4 memory (tb_axi_mem below) and compares every D element
// with mma_gemm. Built for the configuration named by MMA_CFG_VH (sim/dpi/CMakeLists.txt: volta).
//
// Plusargs: +seed=<n> (default 1: operands, sizes and memory stalls come from $urandom seeded with
// it), +jobs=<n> random jobs (default 8), +stall=<pct> memory stall percentage (default 25),
// +corrupt (one expected value is flipped: the run must report a MISMATCH and fail).
// Prints "<n> passed, <m> failed" (jobs); any failure ends in $fatal (non-zero exit).
module tb_mma_dpi;
  import mma_dpi_pkg::*;

  localparam int MEM_WORDS = 4096;                // 128 KiB of 32-byte words
  localparam logic [31:0] MEM_BASE = 32'h1000_0000;
  localparam int BUS = 32;                         // bytes of a DMA beat

  // register map (docs/REGISTERS.md)
  localparam logic [11:0] R_ID = 12'h000, R_CAPS0 = 12'h010, R_CAPS1 = 12'h014, R_CTRL = 12'h040,
                          R_STATUS = 12'h044, R_ERR_CAUSE = 12'h048, R_ERR_INFO = 12'h04C,
                          R_IRQ_STATUS = 12'h058, R_JOB_MODE = 12'h080, R_JOB_M = 12'h084,
                          R_JOB_N = 12'h088, R_JOB_K = 12'h08C, R_A_ADDR = 12'h090, R_A_STRIDE = 12'h094,
                          R_B_ADDR = 12'h098, R_B_STRIDE = 12'h09C, R_C_ADDR = 12'h0A0, R_C_STRIDE = 12'h0A4,
                          R_D_ADDR = 12'h0A8, R_D_STRIDE = 12'h0AC, R_META_ADDR = 12'h0B0,
                          R_META_STRIDE = 12'h0B4, R_SA_ADDR = 12'h0B8, R_SA_STRIDE = 12'h0BC,
                          R_SB_ADDR = 12'h0C0, R_SB_STRIDE = 12'h0C4;
  localparam logic [31:0] CTRL_START = 32'h1, CTRL_ACK = 32'h4;
  localparam logic [31:0] ST_BUSY = 32'h1, ST_DONE = 32'h2, ST_ERROR = 32'h4;

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  // AXI4-Lite register port (driven by the tasks below)
  logic [11:0] s_awaddr = '0, s_araddr = '0;
  logic        s_awvalid = 1'b0, s_wvalid = 1'b0, s_bready = 1'b0, s_arvalid = 1'b0, s_rready = 1'b0;
  logic [31:0] s_wdata = '0;
  logic [3:0]  s_wstrb = '0;
  wire         s_awready, s_wready, s_bvalid, s_arready, s_rvalid;
  wire  [1:0]  s_bresp, s_rresp;
  wire  [31:0] s_rdata;
  // AXI4 DMA master
  wire [31:0]  m_araddr, m_awaddr;
  wire [7:0]   m_arlen, m_awlen;
  wire [2:0]   m_arsize, m_awsize;
  wire [1:0]   m_arburst, m_awburst, m_rresp, m_bresp;
  wire         m_arvalid, m_arready, m_rlast, m_rvalid, m_rready;
  wire         m_awvalid, m_awready, m_wlast, m_wvalid, m_wready, m_bvalid, m_bready;
  wire [255:0] m_rdata, m_wdata;
  wire [31:0]  m_wstrb;
  wire         irq, busy;

  mma_accel dut (
    .clk_i(clk), .rst_ni(rst_n),
    .s_awaddr_i(s_awaddr), .s_awvalid_i(s_awvalid), .s_awready_o(s_awready),
    .s_wdata_i(s_wdata), .s_wstrb_i(s_wstrb), .s_wvalid_i(s_wvalid), .s_wready_o(s_wready),
    .s_bresp_o(s_bresp), .s_bvalid_o(s_bvalid), .s_bready_i(s_bready),
    .s_araddr_i(s_araddr), .s_arvalid_i(s_arvalid), .s_arready_o(s_arready),
    .s_rdata_o(s_rdata), .s_rresp_o(s_rresp), .s_rvalid_o(s_rvalid), .s_rready_i(s_rready),
    .m_araddr_o(m_araddr), .m_arlen_o(m_arlen), .m_arsize_o(m_arsize), .m_arburst_o(m_arburst),
    .m_arvalid_o(m_arvalid), .m_arready_i(m_arready),
    .m_rdata_i(m_rdata), .m_rresp_i(m_rresp), .m_rlast_i(m_rlast), .m_rvalid_i(m_rvalid), .m_rready_o(m_rready),
    .m_awaddr_o(m_awaddr), .m_awlen_o(m_awlen), .m_awsize_o(m_awsize), .m_awburst_o(m_awburst),
    .m_awvalid_o(m_awvalid), .m_awready_i(m_awready),
    .m_wdata_o(m_wdata), .m_wstrb_o(m_wstrb), .m_wlast_o(m_wlast), .m_wvalid_o(m_wvalid), .m_wready_i(m_wready),
    .m_bresp_i(m_bresp), .m_bvalid_i(m_bvalid), .m_bready_o(m_bready),
    .irq_o(irq), .busy_o(busy));

  tb_axi_mem #(.WORDS(MEM_WORDS), .BASE(MEM_BASE)) u_mem (
    .clk(clk), .rst_n(rst_n),
    .araddr(m_araddr), .arlen(m_arlen), .arsize(m_arsize), .arburst(m_arburst), .arvalid(m_arvalid),
    .arready(m_arready), .rdata(m_rdata), .rresp(m_rresp), .rlast(m_rlast), .rvalid(m_rvalid), .rready(m_rready),
    .awaddr(m_awaddr), .awlen(m_awlen), .awsize(m_awsize), .awburst(m_awburst), .awvalid(m_awvalid),
    .awready(m_awready), .wdata(m_wdata), .wstrb(m_wstrb), .wlast(m_wlast), .wvalid(m_wvalid),
    .wready(m_wready), .bresp(m_bresp), .bvalid(m_bvalid), .bready(m_bready));

  // ------------------------------------------------------------------ AXI4-Lite tasks
  // Everything the testbench drives changes just after a falling edge; a handshake is decided by
  // the values 1 time unit later (settled, and held until the next rising edge samples them).
  task automatic reg_write(input logic [11:0] addr, input logic [31:0] data);
    bit aw_done = 0, w_done = 0, aw_hs, w_hs, b_hs;
    @(negedge clk);
    s_awaddr = addr; s_awvalid = 1'b1; s_wdata = data; s_wstrb = 4'hF; s_wvalid = 1'b1;
    while (!(aw_done && w_done)) begin
      #1;
      aw_hs = s_awvalid && s_awready;
      w_hs = s_wvalid && s_wready;
      @(negedge clk);
      if (aw_hs) begin s_awvalid = 1'b0; aw_done = 1; end
      if (w_hs) begin s_wvalid = 1'b0; w_done = 1; end
    end
    s_bready = 1'b1;
    do begin
      #1;
      b_hs = s_bvalid;
      if (b_hs && s_bresp != 2'b00) $fatal(1, "AXI-Lite write 0x%03h: response %0d", addr, s_bresp);
      @(negedge clk);
    end while (!b_hs);
    s_bready = 1'b0;
  endtask

  task automatic reg_read(input logic [11:0] addr, output logic [31:0] data);
    bit ar_hs, r_hs;
    @(negedge clk);
    s_araddr = addr; s_arvalid = 1'b1;
    do begin
      #1;
      ar_hs = s_arready;
      @(negedge clk);
    end while (!ar_hs);
    s_arvalid = 1'b0;
    s_rready = 1'b1;
    do begin
      #1;
      r_hs = s_rvalid;
      data = s_rdata;
      if (r_hs && s_rresp != 2'b00) $fatal(1, "AXI-Lite read 0x%03h: response %0d", addr, s_rresp);
      @(negedge clk);
    end while (!r_hs);
    s_rready = 1'b0;
  endtask

  // Starts the programmed job, polls STATUS until it is idle, acknowledges it and returns its
  // ERR_CAUSE (0: done) and ERR_INFO.
  task automatic run_job(output int cause, output logic [31:0] info);
    logic [31:0] st, c;
    int polls = 0;
    reg_write(R_IRQ_STATUS, 32'h3);
    reg_write(R_CTRL, CTRL_START);
    do begin
      repeat (20) @(negedge clk);
      reg_read(R_STATUS, st);
      if (++polls > 200000) $fatal(1, "job timeout: STATUS 0x%08h", st);
    end while ((st & ST_BUSY) != 0);
    cause = 0;
    info = '0;
    if ((st & ST_ERROR) != 0) begin
      reg_read(R_ERR_CAUSE, c);
      reg_read(R_ERR_INFO, info);
      cause = int'(c[7:0]);
    end else if ((st & ST_DONE) == 0) begin
      $fatal(1, "job idle but neither done nor failed: STATUS 0x%08h", st);
    end
    reg_write(R_CTRL, CTRL_ACK);
    reg_write(R_IRQ_STATUS, 32'h3);
  endtask

  task automatic program_job(input int mode, input int m, input int n, input int k,
                             input logic [31:0] a, input logic [31:0] as, input logic [31:0] b,
                             input logic [31:0] bs, input logic [31:0] c, input logic [31:0] cs,
                             input logic [31:0] d, input logic [31:0] ds);
    reg_write(R_JOB_MODE, 32'(mode));
    reg_write(R_JOB_M, 32'(m));
    reg_write(R_JOB_N, 32'(n));
    reg_write(R_JOB_K, 32'(k));
    reg_write(R_A_ADDR, a);  reg_write(R_A_STRIDE, as);
    reg_write(R_B_ADDR, b);  reg_write(R_B_STRIDE, bs);
    reg_write(R_C_ADDR, c);  reg_write(R_C_STRIDE, cs);
    reg_write(R_D_ADDR, d);  reg_write(R_D_STRIDE, ds);
    reg_write(R_META_ADDR, 32'h0); reg_write(R_META_STRIDE, 32'h0);
    reg_write(R_SA_ADDR, 32'h0);   reg_write(R_SA_STRIDE, 32'h0);
    reg_write(R_SB_ADDR, 32'h0);   reg_write(R_SB_STRIDE, 32'h0);
  endtask

  // ------------------------------------------------------------------ memory backdoor
  task automatic put_bytes(input logic [31:0] addr, input longint value, input int nbytes);
    for (int i = 0; i < nbytes; i++) begin
      automatic int off = int'(addr - MEM_BASE) + i;
      u_mem.mem[off / BUS][(off % BUS) * 8 +: 8] = value[i * 8 +: 8];
    end
  endtask

  function automatic longint get_bytes(input logic [31:0] addr, input int nbytes);
    longint v = 0;
    for (int i = 0; i < nbytes; i++) begin
      automatic int off = int'(addr - MEM_BASE) + i;
      v[i * 8 +: 8] = u_mem.mem[off / BUS][(off % BUS) * 8 +: 8];
    end
    return v;
  endfunction

  function automatic logic [31:0] round_up(input int bytes);
    return 32'((bytes + BUS - 1) / BUS * BUS);
  endfunction

  // A random code of a float format of `bits` bits (16 f16, 32 f32; else any code): mostly
  // finite values within 2^+-6 of 1 (sums stay finite), any code (NaN, Inf, subnormal) at 3%.
  function automatic longint rand_code(input int bits);
    longint sgn = longint'($urandom_range(1, 0));
    if (bits != 16 && bits != 32) return longint'($urandom) & ((64'd1 << bits) - 1);
    if ($urandom_range(99, 0) < 3) return longint'($urandom) & ((64'd1 << bits) - 1);
    if (bits == 16) return (sgn << 15) | (longint'(15 - 6 + $urandom_range(12, 0)) << 10) | longint'($urandom_range(1023, 0));
    return (sgn << 31) | (longint'(127 - 6 + $urandom_range(12, 0)) << 23) | longint'($urandom_range(32'h7FFFFF, 0));
  endfunction

  // ------------------------------------------------------------------ the test
  int cfg, nmodes, passed = 0, failed = 0, corrupt = 0, seed = 1;

  // Sends one random job of a mode through the accelerator and compares its D with the DPI model.
  // M, N up to 72 (more than one 64-row / 64-column block), K up to 160 (ragged chunks of 16, more
  // than one 128-element buffer pass over K).
  task automatic random_job(input int jn, input int mode);
    int m = int'($urandom_range(72, 1)), n = int'($urandom_range(72, 1)), k = int'($urandom_range(160, 1));
    int eb = mma_dpi_mode_info(cfg, mode, "elem_bytes"), cb = mma_dpi_mode_info(cfg, mode, "c_bytes");
    int db = mma_dpi_mode_info(cfg, mode, "d_bytes");
    int abits = mma_dpi_mode_info(cfg, mode, "a_bits"), bbits = mma_dpi_mode_info(cfg, mode, "b_bits");
    int cbits = mma_dpi_mode_info(cfg, mode, "c_bits");
    logic [31:0] as = round_up(k * eb), cs = round_up(n * cb), ds = round_up(n * db);
    logic [31:0] a = MEM_BASE, b = a + 32'(m) * as, c = b + 32'(n) * as, d = c + 32'(m) * cs;
    int rc, cause, bad = 0, v0 = u_mem.violations;
    logic [31:0] info;
    longint code, exp, got;
    if (mma_dpi_mode_info(cfg, mode, "sparse") != 0 || mma_dpi_mode_info(cfg, mode, "stype") != 0 ||
        mma_dpi_mode_info(cfg, mode, "packed") != 0)
      $fatal(1, "mode %0d: sparse, block-scaled and packed modes are not generated by this testbench", mode);
    if (d + 32'(m) * ds > MEM_BASE + MEM_WORDS * BUS) $fatal(1, "job %0d does not fit the memory", jn);
    rc = mma_dpi_job_new(cfg, mode, m, n, k);
    if (rc != 0) $fatal(1, "mma_dpi_job_new: %s", mma_dpi_status_name(rc));
    for (int i = 0; i < m; i++)
      for (int kk = 0; kk < k; kk++) begin
        code = rand_code(abits);
        put_bytes(a + 32'(i) * as + 32'(kk * eb), code, eb);
        void'(mma_dpi_job_set(MMA_DPI_A, i, kk, code));
      end
    for (int j = 0; j < n; j++)      // memory holds B^T (N rows of K); the model takes B (K x N)
      for (int kk = 0; kk < k; kk++) begin
        code = rand_code(bbits);
        put_bytes(b + 32'(j) * as + 32'(kk * eb), code, eb);
        void'(mma_dpi_job_set(MMA_DPI_B, kk, j, code));
      end
    for (int i = 0; i < m; i++)
      for (int j = 0; j < n; j++) begin
        code = rand_code(cbits);
        put_bytes(c + 32'(i) * cs + 32'(j * cb), code, cb);
        void'(mma_dpi_job_set(MMA_DPI_C, i, j, code));
      end
    for (int i = 0; i < m; i++)      // D starts as garbage: every element must be written
      for (int j = 0; j < n; j++) put_bytes(d + 32'(i) * ds + 32'(j * db), 64'hA5A5A5A5A5A5A5A5, db);
    rc = mma_dpi_job_run();
    if (rc != 0) $fatal(1, "mma_dpi_job_run: %s", mma_dpi_status_name(rc));
    u_mem.win_lo = d;
    u_mem.win_hi = d + 32'(m) * ds;
    program_job(mode, m, n, k, a, as, b, as, c, cs, d, ds);
    run_job(cause, info);
    if (cause != 0) begin
      $display("FAIL job %0d: the accelerator reported %s (ERR_INFO 0x%08h)", jn, mma_dpi_status_name(cause), info);
      bad++;
    end else begin
      for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) begin
          rc = mma_dpi_job_d(i, j, exp);
          if (rc != 0) $fatal(1, "mma_dpi_job_d: %s", mma_dpi_status_name(rc));
          if (corrupt != 0 && jn == 0 && i == 0 && j == 0) exp = exp ^ 64'h1;
          got = get_bytes(d + 32'(i) * ds + 32'(j * db), db);
          if (got != exp) begin
            if (bad < 5)
              $display("MISMATCH job %0d D[%0d][%0d]: accelerator 0x%0h, golden model 0x%0h (mode %0d %s, %0dx%0dx%0d; reproduce: +seed=%0d)",
                       jn, i, j, got, exp, mode, mma_dpi_mode_instr(cfg, mode), m, n, k, seed);
            bad++;
          end
        end
    end
    if (u_mem.violations != v0) begin
      $display("FAIL job %0d: %0d AXI violations or writes outside D", jn, u_mem.violations - v0);
      bad++;
    end
    $display("job %0d: mode %0d (%s) M=%0d N=%0d K=%0d: %0d of %0d D elements differ", jn, mode,
             mma_dpi_mode_instr(cfg, mode), m, n, k, bad, m * n);
    if (bad == 0) passed++; else failed++;
  endtask

  // A job with a misaligned A address: refused before any memory access with ERR_CAUSE ALIGN and
  // ERR_INFO naming A_ADDR.
  task automatic misaligned_job();
    int cause;
    logic [31:0] info;
    string name;
    int v0 = u_mem.violations, bursts0 = u_mem.bursts;
    u_mem.win_lo = 32'h0;
    u_mem.win_hi = 32'h0;              // no write allowed
    program_job(0, 4, 4, 16, MEM_BASE + 32'd8, 32'd32, MEM_BASE + 32'd1024, 32'd32,
                MEM_BASE + 32'd2048, 32'd32, MEM_BASE + 32'd4096, 32'd32);
    run_job(cause, info);
    name = mma_dpi_status_name(cause);
    if (name == "MMA_ERR_ALIGN" && info == 32'(R_A_ADDR) && u_mem.violations == v0 && u_mem.bursts == bursts0) begin
      $display("job misaligned: %s, ERR_INFO 0x%03h (A_ADDR) as expected", name, info);
      passed++;
    end else begin
      $display("FAIL job misaligned: %s, ERR_INFO 0x%08h, %0d bursts, %0d violations (expected MMA_ERR_ALIGN at A_ADDR, no memory access)",
               name, info, u_mem.bursts - bursts0, u_mem.violations - v0);
      failed++;
    end
  endtask

  // Bad arguments come back as errors from the DPI side, never as a crash.
  task automatic dpi_errors();
    longint x;
    string s[4];
    s[0] = mma_dpi_status_name(mma_dpi_mode_count(99));
    s[1] = mma_dpi_status_name(mma_dpi_job_new(cfg, 99, 4, 4, 4));
    s[2] = mma_dpi_status_name(mma_dpi_job_new(cfg, 0, 0, 4, 4));
    s[3] = mma_dpi_status_name(mma_dpi_job_d(-1, 0, x));
    if (s[0] != "MMA_DPI_ERR_CONFIG" || s[1] != "MMA_DPI_ERR_MODE" || s[2] != "MMA_DPI_ERR_SIZE" ||
        s[3] != "MMA_DPI_ERR_NO_JOB")
      $fatal(1, "DPI argument checks: %s %s %s %s", s[0], s[1], s[2], s[3]);
  endtask

  initial begin
    int jobs = 8, stall = 25;
    logic [31:0] id, caps0, caps1;
    string note;
    void'($value$plusargs("seed=%d", seed));
    void'($value$plusargs("jobs=%d", jobs));
    void'($value$plusargs("stall=%d", stall));
    corrupt = $test$plusargs("corrupt") ? 1 : 0;
    void'($urandom(seed));
    u_mem.stall_pct = stall;
    repeat (5) @(negedge clk);
    rst_n = 1'b1;
    repeat (2) @(negedge clk);

    reg_read(R_ID, id);
    reg_read(R_CAPS0, caps0);
    reg_read(R_CAPS1, caps1);
    cfg = int'(caps1[7:0]);
    nmodes = mma_dpi_mode_count(cfg);
    note = corrupt != 0 ? ", one expected value corrupted" : "";
    $display("tb_mma_dpi: ID 0x%08h, configuration %0d, %0dx%0d DPUs, %0d modes (golden model: %0d), bus %0d bytes, seed %0d%s",
             id, cfg, caps0[7:0], caps0[15:8], caps1[15:8], nmodes, caps1[23:16], seed, note);
    if (id != 32'h4D4D4143 || nmodes <= 0 || nmodes != int'(caps1[15:8]) || caps1[23:16] != 8'(BUS))
      $fatal(1, "the accelerator's identification or capabilities contradict the golden model's table");
    dpi_errors();

    for (int jn = 0; jn < jobs; jn++) random_job(jn, jn % nmodes);
    misaligned_job();

    $display("%0d passed, %0d failed", passed, failed);
    if (failed != 0) $fatal(1, "%0d of %0d jobs failed", failed, passed + failed);
    else $finish;
  end
endmodule

// A behavioural AXI4 memory slave for the DMA master: one read and one write burst at a time,
// INCR bursts of 32-byte beats, responses in order, random stalls on every channel (stall_pct),
// DECERR outside the memory. It counts protocol errors and strobed writes outside [win_lo, win_hi)
// in `violations` (the testbench sets the window to the job's D) and accepted bursts in `bursts`.
module tb_axi_mem #(
  parameter int WORDS = 4096,
  parameter logic [31:0] BASE = 32'h1000_0000
) (
  input  logic         clk, rst_n,
  input  logic [31:0]  araddr,
  input  logic [7:0]   arlen,
  input  logic [2:0]   arsize,
  input  logic [1:0]   arburst,
  input  logic         arvalid,
  output logic         arready,
  output logic [255:0] rdata,
  output logic [1:0]   rresp,
  output logic         rlast, rvalid,
  input  logic         rready,
  input  logic [31:0]  awaddr,
  input  logic [7:0]   awlen,
  input  logic [2:0]   awsize,
  input  logic [1:0]   awburst,
  input  logic         awvalid,
  output logic         awready,
  input  logic [255:0] wdata,
  input  logic [31:0]  wstrb,
  input  logic         wlast, wvalid,
  output logic         wready,
  output logic [1:0]   bresp,
  output logic         bvalid,
  input  logic         bready
);
  logic [255:0] mem [0:WORDS-1];
  int stall_pct = 0;
  logic [31:0] win_lo = '0, win_hi = '0;
  int r_viol = 0, w_viol = 0, r_bursts = 0, w_bursts = 0;
  int violations, bursts;
  assign violations = r_viol + w_viol;   // protocol errors and writes outside the window so far
  assign bursts = r_bursts + w_bursts;   // read and write bursts accepted so far

  function automatic bit in_mem(input logic [31:0] addr);
    return addr >= BASE && (addr - BASE) / 32 < WORDS;
  endfunction
  function automatic int word(input logic [31:0] addr);
    return int'((addr - BASE) / 32);
  endfunction
  function automatic logic [255:0] strobe_mask(input logic [31:0] s);
    logic [255:0] m;
    for (int i = 0; i < 32; i++) m[i * 8 +: 8] = {8{s[i]}};
    return m;
  endfunction

  logic go_ar, go_r, go_aw, go_w;    // this cycle's random stall decisions
  always @(posedge clk) begin
    go_ar <= $urandom_range(99, 0) >= stall_pct;
    go_r  <= $urandom_range(99, 0) >= stall_pct;
    go_aw <= $urandom_range(99, 0) >= stall_pct;
    go_w  <= $urandom_range(99, 0) >= stall_pct;
  end

  // read channel
  logic        r_busy;
  logic [31:0] r_addr;
  logic [7:0]  r_left;
  assign arready = rst_n && !r_busy && go_ar;
  always @(posedge clk) begin
    if (!rst_n) begin
      r_busy <= 1'b0;
      rvalid <= 1'b0;
      rlast <= 1'b0;
      rresp <= 2'b00;
    end else begin
      if (rvalid && rready) begin
        rvalid <= 1'b0;
        if (rlast) r_busy <= 1'b0;
      end
      if (arvalid && arready) begin
        if (arsize != 3'd5 || arburst != 2'b01 || araddr[4:0] != 5'd0) begin
          $display("AXI: read burst 0x%08h size %0d burst %0d", araddr, arsize, arburst);
          r_viol <= r_viol + 1;
        end
        r_bursts <= r_bursts + 1;
        r_busy <= 1'b1;
        r_addr <= araddr;
        r_left <= arlen;
      end else if (r_busy && (!rvalid || rready) && !(rvalid && rready && rlast) && go_r) begin
        rvalid <= 1'b1;
        rdata <= in_mem(r_addr) ? mem[word(r_addr)] : '0;
        rresp <= in_mem(r_addr) ? 2'b00 : 2'b11;
        rlast <= r_left == 8'd0;
        r_addr <= r_addr + 32'd32;
        r_left <= r_left - 8'd1;
      end
    end
  end

  // write channels
  logic        w_busy;
  logic [31:0] w_addr;
  logic [7:0]  w_left;
  logic        w_err;
  assign awready = rst_n && !w_busy && !bvalid && go_aw;
  assign wready = w_busy && go_w;
  always @(posedge clk) begin
    if (!rst_n) begin
      w_busy <= 1'b0;
      bvalid <= 1'b0;
      bresp <= 2'b00;
    end else begin
      if (bvalid && bready) bvalid <= 1'b0;
      if (awvalid && awready) begin
        if (awsize != 3'd5 || awburst != 2'b01 || awaddr[4:0] != 5'd0) begin
          $display("AXI: write burst 0x%08h size %0d burst %0d", awaddr, awsize, awburst);
          w_viol <= w_viol + 1;
        end
        w_bursts <= w_bursts + 1;
        w_busy <= 1'b1;
        w_addr <= awaddr;
        w_left <= awlen;
        w_err <= 1'b0;
      end
      if (wvalid && wready) begin
        if (wlast != (w_left == 8'd0)) begin
          $display("AXI: WLAST %0d with %0d beats left", wlast, w_left);
          w_viol <= w_viol + 1;
        end
        if (wstrb != 32'd0 && (w_addr < win_lo || w_addr >= win_hi)) begin
          $display("AXI: write to 0x%08h outside D [0x%08h, 0x%08h)", w_addr, win_lo, win_hi);
          w_viol <= w_viol + 1;
        end
        if (in_mem(w_addr))
          mem[word(w_addr)] <= (mem[word(w_addr)] & ~strobe_mask(wstrb)) | (wdata & strobe_mask(wstrb));
        else
          w_err <= 1'b1;
        w_addr <= w_addr + 32'd32;
        w_left <= w_left - 8'd1;
        if (wlast) begin
          w_busy <= 1'b0;
          bvalid <= 1'b1;
          bresp <= (w_err || !in_mem(w_addr)) ? 2'b11 : 2'b00;
        end
      end
    end
  end
endmodule
