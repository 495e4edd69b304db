#!/usr/bin/env python3
"""Generates everything derived from the register map hw/regs/mma_accel.rdl (build-time generator).

  gen_regs.py --out ROOT

Outputs (committed; ctest lint_gen_fresh regenerates them and diffs):
  hw/rtl/gen/mma_accel_regs.v      the register block: an AXI4-Lite slave in Verilog-2005 (this
                                   script; PeakRDL-regblock's SystemVerilog is not read by the yosys
                                   of this project, so the RTL comes from the same compiled map here)
  include/mma/hw/mma_accel_regs.h  C offsets and field masks (PeakRDL c-header)
  include/mma/hw/mma_accel_reg_table.h  every register's software view as a table (register tests)
  docs/REGISTERS.md                the reference (PeakRDL markdown)
and from the micro accelerator's map hw/regs/mma_micro.rdl:
  hw/rtl/gen/mma_micro_map.vh      offsets, field positions and constant values for mma_micro.v
                                   (its behaviour is hand-written: the result read waits for the
                                   serial rounding, a product write feeds the datapath)
  include/mma/hw/mma_micro_regs.h  C offsets and field masks (PeakRDL c-header)
  docs/REGISTERS_MICRO.md          the reference (PeakRDL markdown)

Register block behaviour: one AXI4-Lite transaction at a time; writes take the byte strobes;
a write to a read-only register or outside the map answers SLVERR / DECERR and changes nothing;
registers with the lock_busy property refuse writes while lock_i is set (OKAY on the bus,
busy_write_o pulses); singlepulse fields pulse for one cycle; woclr fields are set by the
hardware and cleared by writing 1; reading X_LO of a 64-bit counter pair latches X_HI, so LO then
HI reads one consistent value.
"""
import argparse
import os
import sys
import tempfile

from systemrdl import RDLCompiler
from peakrdl_cheader.exporter import CHeaderExporter
from peakrdl_markdown import MarkdownExporter

RDL = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'regs', 'mma_accel.rdl')
MICRO_RDL = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'regs', 'mma_micro.rdl')
HEADER = '// GENERATED from hw/regs/mma_accel.rdl by hw/gen/gen_regs.py; do not edit\n'


def compile_map(path):
    rdlc = RDLCompiler()
    rdlc.compile_file(path)
    return rdlc.elaborate().top


def port(reg, field):
    return f'{reg.inst_name.lower()}_{field.inst_name.lower()}'


def gen_verilog(top):
    regs = list(top.registers())
    out = [HEADER]
    out.append('// Register block of the accelerator: AXI4-Lite slave (32-bit data, 12-bit byte address).\n')
    out.append('// Field ports: <reg>_<field>_o for software-written fields, <reg>_<field>_i for\n'
               '// hardware-written ones, <reg>_<field>_set_i for fields the hardware sets and software clears.\n'
               '// lock_i: a job runs, registers with lock_busy refuse writes; busy_write_o pulses for each refusal.\n')
    ports = ['    input  wire        clk_i', '    input  wire        rst_ni',
             '    input  wire [11:0] s_awaddr_i', '    input  wire        s_awvalid_i', '    output reg         s_awready_o',
             '    input  wire [31:0] s_wdata_i', '    input  wire [3:0]  s_wstrb_i', '    input  wire        s_wvalid_i',
             '    output reg         s_wready_o', '    output reg  [1:0]  s_bresp_o', '    output reg         s_bvalid_o',
             '    input  wire        s_bready_i', '    input  wire [11:0] s_araddr_i', '    input  wire        s_arvalid_i',
             '    output reg         s_arready_o', '    output reg  [31:0] s_rdata_o', '    output reg  [1:0]  s_rresp_o',
             '    output reg         s_rvalid_o', '    input  wire        s_rready_i',
             '    input  wire        lock_i',
             '    output reg         busy_write_o']
    body = []
    for r in regs:
        for f in r.fields():
            w = f.width
            rng = f'[{w - 1}:0] ' if w > 1 else '       '
            rng = rng.ljust(8)
            if f.is_sw_writable and f.get_property('singlepulse'):
                ports.append(f'    output reg  {rng}{port(r, f)}_o')
            elif f.is_sw_writable and f.is_hw_writable:
                ports.append(f'    input  wire {rng}{port(r, f)}_set_i')
                ports.append(f'    output reg  {rng}{port(r, f)}_o')
            elif f.is_sw_writable:
                ports.append(f'    output reg  {rng}{port(r, f)}_o')
            elif f.is_hw_writable:
                ports.append(f'    input  wire {rng}{port(r, f)}_i')
    out.append('module mma_accel_regs (\n' + ',\n'.join(ports) + '\n);\n')
    # write path: one AW + W pair at a time
    body.append('    // ---- write: AW and W are taken together, B follows\n')
    body.append('    wire wr = s_awvalid_i && s_wvalid_i && !s_bvalid_o;\n')
    body.append('    wire [11:0] wa = s_awaddr_i;\n')
    body.append('    function [31:0] merge;  // the old value with the strobed bytes of the new one\n'
                '        input [31:0] old;\n        input [31:0] nw;\n        input [3:0] strb;\n'
                '        integer b;\n        begin\n            merge = old;\n'
                '            for (b = 0; b < 4; b = b + 1) if (strb[b]) merge[b*8 +: 8] = nw[b*8 +: 8];\n'
                '        end\n    endfunction\n')
    # declare the stored value of writable registers as a 32-bit word
    for r in regs:
        if any(f.is_sw_writable and not f.get_property('singlepulse') for f in r.fields()):
            body.append(f'    reg [31:0] {r.inst_name.lower()}_q;\n')
    body.append('    reg [1:0] wresp;\n    reg refused;\n')
    body.append('    always @* begin\n        wresp = 2\'b11;   // DECERR: no register at the address\n'
                '        refused = 1\'b0;\n        case (wa[11:2])\n')
    for r in regs:
        a = r.absolute_address >> 2
        writable = any(f.is_sw_writable for f in r.fields())
        lock = r.get_property('lock_busy', default=False)
        if writable:
            lk = 'lock_i' if lock else "1'b0"
            body.append(f'            10\'d{a}: begin wresp = 2\'b00; refused = {lk}; end\n')
        else:
            body.append(f'            10\'d{a}: wresp = 2\'b10;   // SLVERR: read-only\n')
    body.append('            default: ;\n        endcase\n    end\n')
    seq = []
    seq.append('    always @(posedge clk_i or negedge rst_ni) begin\n        if (!rst_ni) begin\n')
    seq.append('            s_awready_o <= 1\'b0; s_wready_o <= 1\'b0; s_bvalid_o <= 1\'b0; s_bresp_o <= 2\'b00;\n'
               '            busy_write_o <= 1\'b0;\n')
    for r in regs:
        if any(f.is_sw_writable and not f.get_property('singlepulse') for f in r.fields()):
            reset = 0
            for f in r.fields():
                rv = f.get_property('reset') or 0
                reset |= rv << f.lsb
            seq.append(f'            {r.inst_name.lower()}_q <= 32\'h{reset:08x};\n')
        for f in r.fields():
            if f.is_sw_writable and f.get_property('singlepulse'):
                seq.append(f'            {port(r, f)}_o <= 1\'b0;\n')
    seq.append('        end else begin\n')
    seq.append('            s_awready_o <= wr;\n            s_wready_o <= wr;\n            busy_write_o <= wr && refused;\n')
    seq.append('            if (wr) begin\n                s_bvalid_o <= 1\'b1;\n                s_bresp_o <= wresp;\n'
               '            end else if (s_bvalid_o && s_bready_i) begin\n                s_bvalid_o <= 1\'b0;\n'
               '            end\n')
    for r in regs:
        a = r.absolute_address >> 2
        name = r.inst_name.lower()
        pulses = [f for f in r.fields() if f.is_sw_writable and f.get_property('singlepulse')]
        for f in pulses:
            seq.append(f'            {port(r, f)}_o <= wr && wa[11:2] == 10\'d{a} && s_wstrb_i[{f.lsb // 8}] && '
                       f's_wdata_i[{f.lsb}];\n')
        stored = [f for f in r.fields() if f.is_sw_writable and not f.get_property('singlepulse')]
        if not stored:
            continue
        woclr = [f for f in stored if f.get_property('woclr')]
        if woclr:
            # hardware sets, software writes 1 to clear
            seq.append(f'            {name}_q <= ({name}_q')
            for f in woclr:
                seq.append(f' | ({{{{{32 - f.width - f.lsb}{{1\'b0}}}}, {port(r, f)}_set_i, {f.lsb}\'d0}})'
                           if f.lsb > 0 else f' | {{{{{32 - f.width}{{1\'b0}}}}, {port(r, f)}_set_i}}')
            seq.append(f') & ~((wr && wa[11:2] == 10\'d{a}) ? (s_wdata_i & {{{{8{{s_wstrb_i[3]}}}}, {{8{{s_wstrb_i[2]}}}}, '
                       f'{{8{{s_wstrb_i[1]}}}}, {{8{{s_wstrb_i[0]}}}}}}) : 32\'d0);\n')
        else:
            seq.append(f'            if (wr && wa[11:2] == 10\'d{a} && !refused) {name}_q <= merge({name}_q, s_wdata_i, '
                       f's_wstrb_i);\n')
    seq.append('        end\n    end\n')
    body.extend(seq)
    # field outputs of stored registers
    comb = ['    always @* begin\n']
    for r in regs:
        for f in r.fields():
            if f.is_sw_writable and not f.get_property('singlepulse'):
                comb.append(f'        {port(r, f)}_o = {r.inst_name.lower()}_q[{f.msb}:{f.lsb}];\n')
    comb.append('    end\n')
    body.extend(comb)
    # read path
    body.append('    // ---- read: one AR at a time, R the next cycle\n')
    hi = {r.inst_name[:-3]: r for r in regs if r.inst_name.endswith('_HI')}
    for base in sorted(hi):
        body.append(f'    reg [31:0] {base.lower()}_hi_shadow;   // {base}_HI as it was when {base}_LO was read\n')
    body.append('    reg [31:0] rval;\n    reg [1:0] rresp;\n')
    body.append('    always @* begin\n        rval = 32\'d0;\n        rresp = 2\'b11;\n        case (s_araddr_i[11:2])\n')
    for r in regs:
        a = r.absolute_address >> 2
        parts = []
        for f in r.fields():
            if not f.is_sw_readable:
                continue
            if f.is_sw_writable and not f.get_property('singlepulse'):
                src = f'{r.inst_name.lower()}_q[{f.msb}:{f.lsb}]'
            elif f.is_hw_writable:
                src = f'{port(r, f)}_i'
            else:
                rv = f.get_property('reset') or 0
                src = f"{f.width}'h{rv:x}"
            if r.inst_name.endswith('_HI') and r.inst_name[:-3] in hi:
                src = f'{r.inst_name[:-3].lower()}_hi_shadow'
            parts.append(f'rval[{f.msb}:{f.lsb}] = {src};')
        body.append(f'            10\'d{a}: begin rresp = 2\'b00; {" ".join(parts)} end\n')
    body.append('            default: ;\n        endcase\n    end\n')
    body.append('    always @(posedge clk_i or negedge rst_ni) begin\n        if (!rst_ni) begin\n'
                '            s_arready_o <= 1\'b0; s_rvalid_o <= 1\'b0; s_rdata_o <= 32\'d0; s_rresp_o <= 2\'b00;\n'
                '        end else begin\n            s_arready_o <= s_arvalid_i && !s_rvalid_o && !s_arready_o;\n'
                '            if (s_arvalid_i && !s_rvalid_o && !s_arready_o) begin\n'
                '                s_rvalid_o <= 1\'b1;\n                s_rdata_o <= rval;\n                s_rresp_o <= rresp;\n'
                '            end else if (s_rvalid_o && s_rready_i) begin\n                s_rvalid_o <= 1\'b0;\n'
                '            end\n        end\n    end\n')
    for base in sorted(hi):
        lo = [r for r in regs if r.inst_name == base + '_LO'][0]
        a = lo.absolute_address >> 2
        f = list(hi[base].fields())[0]
        body.append(f'    always @(posedge clk_i) if (s_arvalid_i && !s_rvalid_o && !s_arready_o && '
                    f's_araddr_i[11:2] == 10\'d{a}) {base.lower()}_hi_shadow <= {port(hi[base], f)}_i;\n')
    out.extend(body)
    out.append('endmodule\n')
    return ''.join(out)


def gen_reg_table(top):
    """The software view of every register, read from the map's properties (not from gen_verilog's
    RTL): what a register test expects of the block and a register dump prints."""
    rows = []
    for r in top.registers():
        m = {'read': 0, 'store': 0, 'hw': 0, 'woclr': 0, 'pulse': 0}
        reset = 0
        for f in r.fields():
            bits = ((1 << f.width) - 1) << f.lsb
            pulse = f.is_sw_writable and bool(f.get_property('singlepulse'))
            woclr = bool(f.get_property('woclr'))
            if f.is_sw_readable:
                m['read'] |= bits
            if pulse:
                m['pulse'] |= bits
            elif woclr:
                m['woclr'] |= bits
            elif f.is_sw_writable:
                m['store'] |= bits
            elif f.is_hw_writable:
                m['hw'] |= bits
            reset |= (f.get_property('reset') or 0) << f.lsb
        lock = 1 if r.get_property('lock_busy', default=False) else 0
        rows.append(f'    {{"{r.inst_name}", 0x{r.absolute_address:03X}u, {lock}u, 0x{reset:08X}u, 0x{m["read"]:08X}u, '
                    f'0x{m["store"]:08X}u, 0x{m["hw"]:08X}u, 0x{m["woclr"]:08X}u, 0x{m["pulse"]:08X}u}},')
    return ('/* GENERATED from hw/regs/mma_accel.rdl by hw/gen/gen_regs.py; do not edit */\n'
            '/* mmacore: every register of the accelerator with its software view (register tests, dumps). */\n'
            '#ifndef MMA_ACCEL_REG_TABLE_H\n#define MMA_ACCEL_REG_TABLE_H\n\n#include <stdint.h>\n\n'
            '/* One register: its bits by how software sees them (a bit is in at most one of store, hw,\n'
            ' * woclr and pulse). Writes to a register without store, woclr or pulse bits answer SLVERR and\n'
            ' * change nothing; addresses without a register answer DECERR. */\n'
            'typedef struct mma_accel_reg_info {\n'
            '    const char *name;\n'
            '    uint16_t offset;     /* byte offset in the 4 KiB window */\n'
            '    uint8_t lock_busy;   /* writes are refused (STATUS.busy_write) while a job runs */\n'
            '    uint32_t reset;      /* value after reset of the bits that are not hardware-driven */\n'
            '    uint32_t read_mask;  /* bits software reads (the others read 0) */\n'
            '    uint32_t store_mask; /* bits software writes and reads back */\n'
            '    uint32_t hw_mask;    /* bits the hardware drives: software reads the hardware\'s value */\n'
            '    uint32_t woclr_mask; /* bits the hardware sets and a written 1 clears */\n'
            '    uint32_t pulse_mask; /* write-only bits that pulse for one cycle when written 1 */\n'
            '} mma_accel_reg_info;\n\n'
            f'#define MMA_ACCEL_REG_COUNT {len(rows)}\n\n'
            '/* Returns every register of the map: MMA_ACCEL_REG_COUNT entries in address order. */\n'
            'static inline const mma_accel_reg_info *mma_accel_reg_table(void)\n{\n'
            '    static const mma_accel_reg_info table[MMA_ACCEL_REG_COUNT] = {\n' +
            '\n'.join('    ' + r for r in rows) +
            '\n    };\n    return table;\n}\n\n#endif /* MMA_ACCEL_REG_TABLE_H */\n')


def c_header(top, name):
    """The map's C header (PeakRDL c-header), freestanding: static_assert without <assert.h>."""
    up = name.upper()
    with tempfile.TemporaryDirectory() as d:
        tmp = os.path.join(d, name + '_regs.h')
        CHeaderExporter().export(top, tmp, generate_bitfields=False, testcase=False)
        text = open(tmp).read()
    # freestanding: the register structs' size checks use static_assert; C11 has _Static_assert
    # without <assert.h>, which a firmware without libc headers does not have
    text = text.replace('#include <assert.h>\n', '')
    text = text.replace('static_assert(', up + '_STATIC_ASSERT(')
    text = text.replace('#include <stdint.h>\n', '#include <stdint.h>\n\n#ifdef __cplusplus\n'
                        f'#define {up}_STATIC_ASSERT static_assert\n#else\n'
                        f'#define {up}_STATIC_ASSERT _Static_assert\n#endif\n', 1)
    # the values of enumerated fields (SystemRDL encode), which PeakRDL c-header leaves out
    enums = []
    for reg in top.registers():
        for f in reg.fields():
            enc = f.get_property('encode')
            if enc is not None:
                enums.append(f'// values of {name}::{reg.inst_name}.{f.inst_name} ({enc.type_name})')
                for m in enc:
                    enums.append(f'#define {up}__{reg.inst_name}__{f.inst_name.upper()}__{m.name} {m.value}u'
                                 f'  /* {m.rdl_desc} */')
    if enums:
        guard = f'#endif /* {up}_REGS_H */'
        text = text.replace(guard, '\n'.join(enums) + '\n\n' + guard) if guard in text else text + '\n'.join(enums) + '\n'
    return (f'/* GENERATED from hw/regs/{name}.rdl by PeakRDL c-header (hw/gen/gen_regs.py); do not edit */\n'
            + text)


def markdown(top, name):
    """The map's reference (PeakRDL markdown)."""
    with tempfile.TemporaryDirectory() as d:
        mtmp = os.path.join(d, 'REGISTERS.md')
        MarkdownExporter().export(top, mtmp)
        md = open(mtmp).read()
    return (f'<!-- GENERATED from hw/regs/{name}.rdl by PeakRDL markdown (hw/gen/gen_regs.py); do not edit -->\n'
            + md)


def gen_micro_map(top):
    """mma_micro_map.vh: each register's offset, each field's LSB and width, constant fields' values."""
    out = ['// GENERATED from hw/regs/mma_micro.rdl by hw/gen/gen_regs.py; do not edit',
           '// The micro accelerator\'s register map for mma_micro.v: offsets in the 4 KiB window,',
           '// field positions, and the values of the constant (hw = na) fields.']
    for reg in top.registers():
        r = reg.inst_name
        out.append(f"localparam [11:0] MICRO_{r} = 12'h{reg.address_offset:03X};")
        for f in reg.fields():
            fn = f.inst_name.upper()
            out.append(f'localparam MICRO_{r}_{fn}_LSB = {f.lsb}, MICRO_{r}_{fn}_W = {f.width};')
            if not f.is_hw_writable and not f.is_hw_readable:
                out.append(f"localparam [{f.width - 1}:0] MICRO_{r}_{fn}_VALUE = "
                           f"{f.width}'h{f.get_property('reset'):X};")
            enc = f.get_property('encode')
            if enc is not None:
                for m in enc:
                    out.append(f"localparam [{f.width - 1}:0] MICRO_{r}_{fn}_{m.name} = {f.width}'d{m.value};")
    return '\n'.join(out) + '\n'


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    old = open(path).read() if os.path.exists(path) else None
    if old != text:
        with open(path, 'w') as f:
            f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--out', required=True, help='root to write hw/rtl/gen, include/mma/hw and docs under')
    ap.add_argument('--rdl', default=RDL)
    ap.add_argument('--micro-rdl', default=MICRO_RDL)
    args = ap.parse_args()
    top = compile_map(args.rdl)
    write(os.path.join(args.out, 'hw', 'rtl', 'gen', 'mma_accel_regs.v'), gen_verilog(top))
    write(os.path.join(args.out, 'include', 'mma', 'hw', 'mma_accel_regs.h'), c_header(top, 'mma_accel'))
    write(os.path.join(args.out, 'include', 'mma', 'hw', 'mma_accel_reg_table.h'), gen_reg_table(top))
    write(os.path.join(args.out, 'docs', 'REGISTERS.md'), markdown(top, 'mma_accel'))
    micro = compile_map(args.micro_rdl)
    write(os.path.join(args.out, 'hw', 'rtl', 'gen', 'mma_micro_map.vh'), gen_micro_map(micro))
    write(os.path.join(args.out, 'include', 'mma', 'hw', 'mma_micro_regs.h'), c_header(micro, 'mma_micro'))
    write(os.path.join(args.out, 'docs', 'REGISTERS_MICRO.md'), markdown(micro, 'mma_micro'))
    print(f'gen_regs: {len(list(top.registers()))} registers, micro {len(list(micro.registers()))}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
