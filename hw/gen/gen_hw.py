#!/usr/bin/env python3
"""Generates the RTL's parameter files from their one source each (build-time generator).

  gen_hw.py --hwgen PATH/mma_hwgen --out ROOT [--check]

Sources: the golden model (formats and, per configuration, the numerics of every instruction the
configuration implements, printed by mma_hwgen from the C library: the format table and the
presets stay owned by the library that real GPUs verify) and hw/config/<name>.json (micro-
architecture only: array size, bytes per step, the instruction list and the preset; "c_unused"
lists instructions that get a second mode running them as D = A*B, as wgmma with scale-d = 0).
Outputs (all under ROOT, committed; ctest lint_gen_fresh regenerates into a scratch ROOT and diffs):
  hw/rtl/gen/mma_fmt.vh             format table as Verilog functions
  hw/rtl/gen/mma_decode_set.vh      the decode stage for a constant set of formats (fixed positions)
  hw/rtl/gen/mma_cfg_<name>.vh      configuration localparams and its mode table
  include/mma/hw/mma_cfg_<name>.h   the same configuration and mode table for C/C++
  include/mma/hw/mma_configs.h      the list of configurations
A mode is one row of the table: operand, accumulator and output types, sparsity, scale kind, and
the numerics (G, F, step widths and roundings, min_E, k order, C placement) of the instruction
that defines it, plus how a DPU step maps onto the lanes.
"""
import argparse
import itertools
import json
import os
import re
import subprocess
import sys

HEADER_V = '// GENERATED from {src} by hw/gen/gen_hw.py; do not edit\n'
HEADER_C = '/* GENERATED from {src} by hw/gen/gen_hw.py; do not edit */\n'

# Mode word layout: (field, bits). The one list of the mode fields, for RTL and C alike.
MODE_FIELDS = [
    ('atype', 5), ('btype', 5), ('ctype', 5), ('dtype', 5),
    ('sparse', 1), ('stype', 5), ('block_k', 7), ('satfinite', 1), ('integer', 1), ('packed', 1),
    ('kc', 9), ('g', 7), ('f', 6), ('e8m13', 1), ('f32_round', 3), ('f16_round', 3),
    ('min_e', 12), ('min_e_none', 1), ('korder', 1), ('cmode', 2), ('zero_c_term', 1),
    ('f16_c_pinned', 1), ('zero_product_term', 1), ('group', 7), ('group_align', 1),
    ('lanes', 8), ('act_lanes', 7), ('steps', 7), ('elem_bytes', 3),
    # log2 of kc, steps and block_k (0 when unscaled): the scheduler divides by shifting
    ('kc_log2', 4), ('steps_log2', 3), ('block_k_log2', 3),
]
MODE_BITS = sum(b for _, b in MODE_FIELDS)
# the accelerator shows a mode word in four 32-bit registers (MODE_DESC0-3, hw/regs/mma_accel.rdl)
assert MODE_BITS <= 128, f'mode word of {MODE_BITS} bits does not fit MODE_DESC0-3'


def brace_expand(text):
    """'a{x,y}b{1,2}' -> ['ax b1', ...] (every combination, left to right)."""
    parts = re.split(r'(\{[^{}]*\})', text)
    choices = [p[1:-1].split(',') if p.startswith('{') else [p] for p in parts]
    return [''.join(c) for c in itertools.product(*choices)]


def run(cmd):
    try:
        res = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as exc:   # the generator tool not built (or not executable): say which
        sys.exit(f'gen_hw: cannot run {cmd[0]}: {exc.strerror} (build the target mma_hwgen first)')
    if res.returncode != 0:
        sys.exit(f'gen_hw: {" ".join(cmd[:3])} ...: {res.stderr.strip()}')
    return res.stdout


def kv(line):
    out = {}
    for tok in line.split()[1:]:
        k, _, v = tok.partition('=')
        out[k] = v
    return out


def read_formats(hwgen):
    fmts, rounds, statuses = [], {}, {}
    for line in run([hwgen, 'formats']).splitlines():
        if line.startswith('format '):
            d = kv(line)
            f = {k: (d[k] if k == 'name' else int(d[k])) for k in d}
            # derived here once, read by the mode words (derive_mode) and by the RTL (the table
            # MMA_FMT_ELEM_BYTES_TAB of mma_fmt.vh: the DPU's lanes): the bytes an element of the
            # format takes in a step when it is not packed two per byte (sub-byte formats: one)
            f['elem_bytes'] = (f['storage'] + 7) // 8
            fmts.append(f)
        elif line.startswith('round '):
            d = kv(line)
            rounds[d['name']] = int(d['code'])
        elif line.startswith('scale_unit '):
            d = kv(line)
            next(f for f in fmts if f['name'] == d['name'])['scale_unit'] = int(d['code'])
        elif line.startswith('status '):
            d = kv(line)
            statuses[d['name']] = int(d['code'])
    return fmts, rounds, statuses


def fmt_code(fmts, name):
    for f in fmts:
        if f['name'] == name:
            return f['code']
    raise KeyError(name)


ALGO_BLOCK_FMA, ALGO_EXACT = 0, 1  # mma_acc_algo (include/mma/profile.h)
EXACT_FMTS = ('e4m3', 'e5m2')     # the operand formats of mma_dpu_exact's lanes (mma_exact_lane)


def derive_mode(m, fmts, cfg):
    """The hardware view of one instruction under the configuration's preset."""
    names = {f['code']: f['name'] for f in fmts}
    at, bt = names[int(m['atype'])], names[int(m['btype'])]
    kind = int(m['kind'])
    w = cfg['w_bytes']
    integer = int(m['integer'])
    sparse = 1 if int(m['sparsity']) else 0
    # 4-bit elements packed two per byte: .kind::mxf4* and s4/u4 (kind::f8f6f4 keeps e2m1 in a byte)
    packed = 1 if (at in ('e2m1', 's4', 'u4') and kind in (0, 3, 4)) else 0
    if packed != (1 if (bt in ('e2m1', 's4', 'u4') and kind in (0, 3, 4)) else 0):
        raise SystemExit(f'gen_hw: {m["instr"]}: mixed packed/unpacked operands are not supported')
    ebytes = {f['name']: f['elem_bytes'] for f in fmts}
    elem_bytes = 1 if packed else ebytes[at]             # (kind::f8f6f4 keeps every format in a byte)
    if ebytes[bt] != elem_bytes and not packed:
        raise SystemExit(f'gen_hw: {m["instr"]}: A and B element sizes differ')
    lanes = 2 * w if packed else w // elem_bytes         # A elements per step (stored values when sparse)
    capacity = lanes * (2 if sparse else 1)               # dense k positions a step can cover
    kc = int(m['k'])
    group = 0
    algo = int(m['algo'])
    exact = algo == ALGO_EXACT and not integer           # (an integer sum ignores the profile)
    if integer:
        g = min(kc, capacity)
    elif exact:
        # mma_dpu_exact: a step is a whole chunk of FP8 products into f32, C joined, one rounding
        if at not in EXACT_FMTS or bt not in EXACT_FMTS or names[int(m['dtype'])] != 'f32' or sparse \
                or int(m['ctype']) != int(m['dtype']):
            raise SystemExit(f'gen_hw: {m["instr"]}: the exact DPU (mma_dpu_exact) takes dense e4m3 / e5m2 '
                             'into f32 only')
        g = kc
        if g != lanes:
            raise SystemExit(f'gen_hw: {m["instr"]}: the exact DPU takes a whole instruction chunk a step: '
                             f'k {kc} must equal the {lanes} elements of a {w}-byte step')
        # its block scale is a power of two on the step's exact sum: ue8m0, one block a step
        if int(m['block_scale']) and (int(m['stype']) != fmt_code(fmts, 'ue8m0') or int(m['block_k']) != kc):
            raise SystemExit(f'gen_hw: {m["instr"]}: the exact DPU takes one ue8m0 scale a step '
                             f'(scale_vec::1X: a block of k {kc}), not this block scale')
    else:
        if algo != ALGO_BLOCK_FMA:
            raise SystemExit(f'gen_hw: {m["instr"]}: the RTL implements block-FMA and exact profiles only')
        g = int(m['group'])
        if kind in (3, 4):
            group = g                                     # exact groups of g, fused in one step over kc
            g = kc
    if g > capacity:
        raise SystemExit(f'gen_hw: {m["instr"]}: G = {g} exceeds the {capacity} positions of a {w}-byte step')
    if kc % g:
        raise SystemExit(f'gen_hw: {m["instr"]}: instruction k {kc} is not a multiple of G {g}')
    if packed and g != 2 * w:
        raise SystemExit(f'gen_hw: {m["instr"]}: a packed step must fill its {w}-byte word (G {g}, not {2 * w}): '
                         'the DPU takes it in two beats of W elements')
    if sparse and int(m['zero_product_term']):
        raise SystemExit(f'gen_hw: {m["instr"]}: zero_product_term with sparsity is not implemented')
    if int(m['stype']) == fmt_code(fmts, 'ue4m3') and not packed:
        raise SystemExit(f'gen_hw: {m["instr"]}: ue4m3 scales are implemented for packed e2m1 only')
    if int(m['ctype']) != int(m['dtype']):
        raise SystemExit(f'gen_hw: {m["instr"]}: C of another type than D is not implemented '
                         '(the C buffer holds D-type elements and the DPU takes C as D)')
    if sparse and int(m['k_order']) != 0:
        raise SystemExit(f'gen_hw: {m["instr"]}: pair_split k order with sparsity is not implemented')
    if int(m['k_order']) != 0 and (g * 2 != kc or elem_bytes * kc != w):
        raise SystemExit(f'gen_hw: {m["instr"]}: pair_split needs 2 steps per chunk of {w} bytes')
    def log2_exact(v, what):
        if v <= 0 or v & (v - 1):
            raise SystemExit(f'gen_hw: {m["instr"]}: {what} {v} is not a power of two (the scheduler shifts by it)')
        return v.bit_length() - 1
    if elem_bytes not in (1, 2, 4):
        raise SystemExit(f'gen_hw: {m["instr"]}: elements of {elem_bytes} bytes (the scheduler shifts by 1, 2 or 4)')
    block_k = int(m['block_k'])
    dtype = int(m['dtype'])
    min_e = int(m['min_e_f16']) if names[dtype] == 'f16' else int(m['min_e_f32'])
    return {
        'instr': m['instr'],
        'atype': int(m['atype']), 'btype': int(m['btype']), 'ctype': int(m['ctype']), 'dtype': dtype,
        'sparse': sparse, 'stype': int(m['stype']) if int(m['block_scale']) else 0,
        'block_k': int(m['block_k']), 'satfinite': int(m['satfinite']), 'integer': integer, 'packed': packed,
        'kc': kc, 'g': g, 'f': int(m['frac_bits']), 'e8m13': 1 if int(m['f32_sig_bits']) == 14 else 0,
        # the exact DPU's one rounding is the profile's round_mode, carried in the f32_round field
        'f32_round': int(m['round_mode'] if exact else m['f32_round']), 'f16_round': int(m['f16_round']),
        'algo': ALGO_EXACT if exact else ALGO_BLOCK_FMA,
        'min_e': 0 if min_e == -32768 else min_e, 'min_e_none': 1 if min_e == -32768 else 0,
        'korder': int(m['k_order']), 'cmode': int(m['c_mode']), 'zero_c_term': int(m['zero_c_term']),
        'f16_c_pinned': int(m['f16_c_pinned']), 'zero_product_term': int(m['zero_product_term']),
        'group': group, 'group_align': int(m.get('group_align', '0')),
        # products a DPU forms a cycle: a packed step's 2W elements pass the W lanes in two beats
        'lanes': w if packed else lanes, 'steps': kc // g, 'elem_bytes': elem_bytes,
        # the main lanes a step (a beat of a packed step) uses: G products, of which a sparse step
        # stores G / 2 and a packed step's beat takes G / 2 (mma_core's MAC slots, mma_dpu's lanes)
        'act_lanes': g // 2 if (sparse or packed) else g,
        'kc_log2': log2_exact(kc, 'instruction k'), 'steps_log2': log2_exact(kc // g, 'steps per instruction'),
        'block_k_log2': log2_exact(block_k, 'scale block') if block_k else 0,
    }


C_JOINT, C_UNUSED = 0, 2            # mma_c_mode (include/mma/profile.h)


def table_note(cfg):
    """The mode table's origin beyond the instruction list."""
    return ', then one per "c_unused" instruction with C unused' if cfg.get('c_unused') else ''


def read_config(path, hwgen, fmts):
    cfg = json.load(open(path))
    for key in ('name', 'preset', 'tm', 'tn', 'w_bytes', 'instructions'):
        if key not in cfg:
            sys.exit(f'gen_hw: {path}: missing "{key}"')
    instrs = [t for pat in cfg['instructions'] for t in brace_expand(pat)]
    # "c_unused": each of these instructions also as D = A*B (a mode of its own, after the others)
    unused = [t for pat in cfg.get('c_unused', []) for t in brace_expand(pat)]
    modes, seen = [], {}
    out = run([hwgen, 'mode', cfg['preset']] + instrs + unused)
    for i, line in enumerate(out.splitlines()):
        mode = derive_mode(kv(line), fmts, cfg)
        if i >= len(instrs):
            if mode['cmode'] != C_JOINT or mode['integer']:
                sys.exit(f'gen_hw: {path}: "c_unused" {mode["instr"]}: only a float instruction whose C is '
                         'joined to the products can leave C out')
            mode['cmode'] = C_UNUSED
        key = (mode['atype'], mode['btype'], mode['dtype'], mode['sparse'], mode['stype'], mode['block_k'],
               mode['satfinite'], mode['packed'], mode['cmode'])
        if key in seen:
            sys.exit(f'gen_hw: {path}: {mode["instr"]} and {seen[key]} select the same mode')
        seen[key] = mode['instr']
        modes.append(mode)
    cfg['modes'] = modes
    return cfg


def derived(cfg):
    ms = cfg['modes']
    w = cfg['w_bytes']
    main = [m for m in ms if not m['packed']]
    algos = {m['algo'] for m in ms if not m['integer']}
    if len(algos) > 1:
        sys.exit(f'gen_hw: {cfg["name"]}: block-FMA and exact modes in one configuration (its DPUs are one or '
                 'the other)')
    return {
        'NL': w,
        # the DPU: mma_dpu_exact for the `exact` preset's modes, mma_dpu for block FMA
        'DPU_EXACT': int(ALGO_EXACT in algos),
        # packed 4-bit modes (a step of 2W elements) run through the W main lanes in two beats
        'HAS_PACKED': int(any(m['packed'] for m in ms)),
        'HAS_SPARSE': int(any(m['sparse'] for m in ms)),
        'HAS_SCALE': int(any(m['stype'] for m in ms)),
        # scale bytes a step at most (one per block_k elements of a step; mma_core sizes its scale banks by it)
        'SCALE_BYTES': max([max(1, m['g'] // m['block_k']) for m in ms if m['stype']] + [1]),
        'HAS_GROUP': int(any(m['group'] for m in ms)),
        'HAS_INT': int(any(m['integer'] for m in ms)),
        'HAS_SEP': int(any(m['cmode'] == 1 for m in ms)),
        'HAS_PAIR': int(any(m['korder'] == 1 for m in ms)),
        'HAS_F16': int(any(m['dtype'] == 3 for m in ms)),
        'F_MAIN': max([m['f'] for m in main if not m['integer']] + [1]),
        'F_GRP': max([m['f'] for m in ms if m['group']] + [1]),
        'NMODES': len(ms),
        # the operand formats a lane decodes (bit i = mma_format i), the packed ones included
        'LANE_FMTS': fmt_mask(ms),
    }


def fmt_mask(modes):
    mask = 0
    for m in modes:
        mask |= (1 << m['atype']) | (1 << m['btype'])
    return mask


def cfg_value(k, v, lang):
    """A derived value as Verilog or C source: the format masks in hex."""
    if not k.endswith('_FMTS'):
        return str(v)
    return f"32'h{v:08x}" if lang == 'v' else f'0x{v:08x}u'


def mode_word(m):
    val, pos = 0, 0
    for name, bits in MODE_FIELDS:
        v = m[name] & ((1 << bits) - 1)   # min_e is two's complement in its field
        if m[name] < 0:
            v = (m[name] + (1 << bits)) & ((1 << bits) - 1)
        val |= v << pos
        pos += bits
    return val


def gen_fmt_vh(fmts, rounds):
    fields = [('storage', 7), ('value_bits', 7), ('kind', 2), ('sign', 1), ('exp_bits', 4), ('frac_bits', 6),
              ('inf', 1), ('nan_style', 2), ('bias', 11), ('emin', 12), ('emax', 12), ('frac_shift', 5),
              ('max_frac', 23), ('zero', 1), ('subnormals', 1), ('canonical_nan', 32), ('elem_bytes', 3)]
    out = [HEADER_V.format(src='the golden model\'s format table (firmware/lib/format/table.c)')]
    out.append('// Element formats (NUMERICS section 1): codes are the C enum mma_format, and every field is\n'
               '// the C table row; include inside a module.\n')
    for f in fmts:
        out.append(f'localparam [4:0] MMA_FMT_{f["name"].upper()} = 5\'d{f["code"]};\n')
    out.append(f'localparam MMA_FMT_COUNT = {len([f for f in fmts if f["code"] < 31])};\n')
    for name, code in rounds.items():
        out.append(f'localparam [2:0] MMA_RND_{name.upper()} = 3\'d{code};\n')
    out.append('// The code of scale 1.0 of each scale format: blocks past a ragged K are scaled by it\n')
    for f in fmts:
        if 'scale_unit' in f:
            out.append(f'localparam [7:0] MMA_SCALE_UNIT_{f["name"].upper()} = 8\'h{f["scale_unit"]:02x};\n')
    out.append('// Table fields: field F of format f is MMA_FMT_F_TAB[f*W +: W] (W the field width, two\'s complement\n'
               '// for bias, emin and emax); index 31 is the e8m13 step format, f64 is not in the RTL.\n')
    by_code = {f['code']: f for f in fmts}
    for field, bits in fields:
        words = []
        for code in range(31, -1, -1):
            f = by_code.get(code)
            v = 0 if f is None or f['name'] == 'f64' else f[field]
            words.append(v & ((1 << bits) - 1))
        val = 0
        for v in words:
            val = (val << bits) | v
        out.append(f'localparam [{32 * bits - 1}:0] MMA_FMT_{field.upper()}_TAB = {32 * bits}\'h{val:x};\n')
        out.append(f'localparam MMA_FMT_{field.upper()}_W = {bits};\n')
    return ''.join(out)


def code_field(lo, n):
    """Verilog for bits lo .. lo+n-1 of `code`, zero-extended to 32 bits."""
    return f"{{{32 - n}'d0, code[{lo + n - 1}:{lo}]}}" if n < 32 else f'code[{lo + n - 1}:{lo}]'

def code_bad(f):
    """Verilog: the code has bits above format f's storage width."""
    S = f['storage']
    return f"code[31:{S}] != {32 - S}'d0" if S < 32 else "1'b0"

def float_fields(f):
    """The branch lines that set a float format's fields (from fixed bit positions of `code`) and its
    constants, the arguments of mma_decode_float_fn."""
    FS, F, E = f['frac_shift'], f['frac_bits'], f['exp_bits']
    frac = code_field(FS, F) if F > 0 else "32'd0"
    sg = f'code[{FS + F + E}]' if f['sign'] else "1'b0"
    emin = f['emin']
    emin_v = f"-12'sd{-emin}" if emin < 0 else f"12'sd{emin}"
    return (f"            fsign = {sg}; efield = {code_field(FS + F, E)}; frac = {frac};\n"
            f"            ebits = 4'd{E}; fbits = 6'd{F}; has_inf = 1'b{f['inf']}; nan_sty = 2'd{f['nan_style']};\n"
            f"            bias = 11'sd{f['bias']}; emin = {emin_v}; has_sub = 1'b{f['subnormals']};\n")

FLOAT_FN_CALL = 'mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub)'

def gen_decode_set_vh(fmts):
    """mma_decode_set_fn: the decode stage for a constant set of formats, one branch per format that
    takes its fields from fixed bit positions; the class rules (mma_decode_float_fn / _int_fn) once."""
    out = [HEADER_V.format(src='the golden model\'s format table (firmware/lib/format/table.c)')]
    out.append(
        '// mma_decode_set_fn: mma_decode_fn for the formats of a set (fmts, a constant: a parameter of\n'
        '// the caller). Each format of the table has a branch that takes its fields from fixed bit\n'
        '// positions of the code and its constants from the table; the branches of formats outside the set\n'
        '// vanish, and the class rules (mma_decode_float_fn, mma_decode_int_fn) follow once. So the field\n'
        '// extraction is a choice among the set\'s fixed slices (in synthesis and in a Verilated model\n'
        '// alike), not the generic path\'s shifters by the table\'s fields. A format outside the set\n'
        '// decodes as mma_decode_fn with fmt_ok 0: bad, and zero. Include inside a module after\n'
        '// mma_fmt.vh (mma_decode_fn.vh does).\n')
    out.append('function [39:0] mma_decode_set_fn;             // {bad, cls[1:0], sign, exp[11:0], sig[23:0]}\n'
               '    input [31:0] fmts;                         // formats decoded (bit i = mma_format i); a constant\n'
               '    input [4:0]  fmt;                          // the element\'s format\n'
               '    input [31:0] code;                         // the code in its storage width (tf32: the f32 pattern)\n'
               '    reg        bad;                            // bits above the storage width, or a format outside fmts\n'
               '    reg        is_int, isign, fsign, has_inf, has_sub;\n'
               '    reg [1:0]  nan_sty;\n'
               '    reg [3:0]  ebits;\n'
               '    reg [5:0]  fbits;\n'
               '    reg signed [10:0] bias;\n'
               '    reg signed [11:0] emin;\n'
               '    reg [31:0] efield, frac, imag;\n'
               '    reg [38:0] dec;\n'
               '    begin\n'
               "        bad = 1'b1; is_int = 1'b0; isign = 1'b0; fsign = 1'b0; has_inf = 1'b0; has_sub = 1'b0;\n"
               "        nan_sty = 2'd0; ebits = 4'd0; fbits = 6'd0; bias = 11'sd0; emin = 12'sd0;\n"
               "        efield = 32'd0; frac = 32'd0; imag = 32'd0;\n")
    for f in sorted(fmts, key=lambda f: f['code']):
        if f['name'] == 'f64' or f['kind'] not in (0, 1, 2):
            continue
        c, S = f['code'], f['storage']
        out.append(f"        if (fmts[{c}] && fmt == 5'd{c}) begin{' ' * (24 - len(str(c)) * 2)}// {f['name']}\n")
        out.append(f'            bad = {code_bad(f)};\n')
        if f['kind'] == 0:
            out.append(float_fields(f))
        else:
            c32 = code_field(0, S)
            out.append("            is_int = 1'b1;\n")
            if f['kind'] == 1:
                top = f'code[{S - 1}]'
                out.append(f"            isign = {top};\n"
                           f"            imag = {top} ? ((~{c32} + 32'd1) & 32'h{(1 << S) - 1:08x}) : {c32};\n")
            else:
                out.append(f'            imag = {c32};\n')
        out.append('        end\n')
    out.append("        if (is_int)\n"
               "            dec = mma_decode_int_fn(isign, imag);\n"
               "        else\n"
               f"            dec = {FLOAT_FN_CALL};\n"
               "        mma_decode_set_fn = bad ? {1'b1, 39'd0} : {1'b0, dec};\n    end\nendfunction\n")
    out.append(gen_special_set_fn(fmts))
    return ''.join(out)

def gen_special_set_fn(fmts):
    """mma_special_set_fn: class bit 1 of mma_decode_set_fn (NaN or Inf) alone: each float format's
    branch applies mma_decode_float_fn to its own fields and constants, so it folds to that format's
    rule, and only the class bit is used (no exponent or significand logic is left)."""
    out = ['\n// mma_special_set_fn: 1 when mma_decode_set_fn(fmts, fmt, code) decodes a NaN or an Inf (its\n'
           '// class bit 1), for a unit that only classifies (the DPU\'s unselected B elements of a sparse\n'
           '// step). Each float format\'s branch applies the class rules (mma_decode_float_fn) to its own\n'
           '// constants, so it folds to that format\'s rule on its fixed fields; the integers are never NaN\n'
           '// or Inf.\n'
           'function mma_special_set_fn;\n'
           '    input [31:0] fmts;                         // formats (bit i = mma_format i); a constant\n'
           '    input [4:0]  fmt;\n'
           '    input [31:0] code;\n'
           '    reg        fsign, has_inf, has_sub;\n'
           '    reg [1:0]  nan_sty;\n'
           '    reg [3:0]  ebits;\n'
           '    reg [5:0]  fbits;\n'
           '    reg signed [10:0] bias;\n'
           '    reg signed [11:0] emin;\n'
           '    reg [31:0] efield, frac;\n'
           '    reg [38:0] dec;\n'
           '    begin\n'
           "        mma_special_set_fn = 1'b0;\n"]
    for f in sorted(fmts, key=lambda f: f['code']):
        if f['name'] == 'f64' or f['kind'] != 0:
            continue
        c = f['code']
        out.append(f"        if (fmts[{c}] && fmt == 5'd{c}) begin{' ' * (24 - len(str(c)) * 2)}// {f['name']}\n")
        out.append(float_fields(f))
        out.append(f'            dec = {FLOAT_FN_CALL};\n'
                   f'            mma_special_set_fn = !({code_bad(f)}) && dec[38];\n'
                   '        end\n')
    out.append('    end\nendfunction\n')
    return ''.join(out)

def gen_cfg_vh(cfg, idx):
    d = derived(cfg)
    out = [HEADER_V.format(src=f'hw/config/{cfg["name"]}.json and the {cfg["preset"]} preset')]
    out.append(f'// Configuration "{cfg["name"]}": {cfg.get("description", "")}\n')
    out.append('// Include inside a module after hw/rtl/gen/mma_fmt.vh and mma_mode.vh.\n')
    out.append(f'localparam CFG_ID = {idx};\n')
    out.append(f'localparam CFG_TM = {cfg["tm"]};\nlocalparam CFG_TN = {cfg["tn"]};\n')
    out.append(f'localparam CFG_W = {cfg["w_bytes"]};   // bytes of A (and of B) per DPU step\n')
    for k, v in d.items():
        out.append(f'localparam CFG_{k} = {cfg_value(k, v, "v")};\n')
    out.append(f'// The mode table: one row per instruction of hw/config/{cfg["name"]}.json{table_note(cfg)}\n')
    out.append(f'function [{MODE_BITS - 1}:0] cfg_mode;\n  input [7:0] i;\n  begin\n    case (i)\n')
    for i, m in enumerate(cfg['modes']):
        note = ' (C unused: D = A*B)' if m['cmode'] == C_UNUSED else ''
        out.append(f'      8\'d{i}: cfg_mode = {MODE_BITS}\'h{mode_word(m):x}; // {m["instr"]}{note}\n')
    out.append(f'      default: cfg_mode = {MODE_BITS}\'d0;\n    endcase\n  end\nendfunction\n')
    return ''.join(out)


def gen_mode_vh():
    out = [HEADER_V.format(src='the mode field list of hw/gen/gen_hw.py')]
    out.append('// Layout of a mode word (one row of a configuration\'s mode table); include inside a module.\n')
    out.append(f'localparam MODE_BITS = {MODE_BITS};\n')
    pos = 0
    for name, bits in MODE_FIELDS:
        out.append(f'localparam MP_{name.upper()}_LSB = {pos};\nlocalparam MP_{name.upper()}_W = {bits};\n')
        pos += bits
    return ''.join(out)


def gen_mode_bits_vh():
    out = [HEADER_V.format(src='the mode field list of hw/gen/gen_hw.py')]
    out.append('// The width of a mode word as a macro, for the MODE_W parameter defaults of the modules that\n'
               '// carry mode words (include at the top of a file, outside the module).\n')
    out.append(f'`ifndef MMA_MODE_BITS\n`define MMA_MODE_BITS {MODE_BITS}\n`endif\n')
    return ''.join(out)


def gen_status_vh(statuses):
    out = [HEADER_V.format(src='the golden model\'s status codes (include/mma/status.h)')]
    out.append('// Error causes of the accelerator (ERR_CAUSE): the mma_status codes; include inside a module.\n')
    for name, code in statuses.items():
        if name != 'MMA_STATUS_COUNT':
            out.append(f'localparam [7:0] {name.replace("MMA_", "ST_")} = 8\'d{code};\n')
    return ''.join(out)


def gen_cfg_h(cfg, idx):
    d = derived(cfg)
    n = cfg['name']
    u = n.upper()
    out = [HEADER_C.format(src=f'hw/config/{n}.json and the {cfg["preset"]} preset')]
    out.append(f'/* Configuration "{n}": {cfg.get("description", "")} */\n')
    out.append(f'#ifndef MMA_HW_CFG_{u}_H\n#define MMA_HW_CFG_{u}_H\n\n#include "mma/hw/mma_mode.h"\n\n')
    out.append(f'#define MMA_CFG_{u}_ID {idx}\n#define MMA_CFG_{u}_TM {cfg["tm"]}\n#define MMA_CFG_{u}_TN {cfg["tn"]}\n')
    out.append(f'#define MMA_CFG_{u}_W {cfg["w_bytes"]}\n')
    for k, v in d.items():
        out.append(f'#define MMA_CFG_{u}_{k} {cfg_value(k, v, "c")}\n')
    out.append(f'#define MMA_CFG_{u}_PRESET "{cfg["preset"]}"\n')
    if cfg.get('gpu'):
        out.append(f'#define MMA_CFG_{u}_GPU "{cfg["gpu"]}"\n')
    out.append(f'\n/* The mode table (one row per instruction of hw/config/{n}.json{table_note(cfg)}). */\n')
    out.append(f'static const mma_hw_mode mma_cfg_{n}_modes[{len(cfg["modes"])}] = {{\n')
    for m in cfg['modes']:
        vals = ', '.join(f'.{k} = {m[k]}' for k, _ in MODE_FIELDS)
        out.append(f'    {{{vals}, .instr = "{m["instr"]}"}},\n')
    out.append('};\n\n#endif\n')
    return ''.join(out)


def gen_mode_h():
    out = [HEADER_C.format(src='the mode field list of hw/gen/gen_hw.py')]
    out.append('/* One row of an accelerator configuration\'s mode table (hw/config/<name>.json). */\n')
    out.append('#ifndef MMA_HW_MODE_H\n#define MMA_HW_MODE_H\n\n#include <stdint.h>\n\n')
    out.append(f'#define MMA_HW_MODE_BITS {MODE_BITS}\n\n')
    out.append('typedef struct mma_hw_mode {\n')
    pos = 0
    for name, bits in MODE_FIELDS:
        ctype = 'int16_t' if name == 'min_e' else ('uint16_t' if bits > 8 else 'uint8_t')
        out.append(f'    {ctype} {name}; /* bits {pos}..{pos + bits - 1} of the mode word */\n')
        pos += bits
    out.append('    const char *instr; /* the PTX instruction that defines the mode */\n')
    out.append('} mma_hw_mode;\n\n')
    out.append('/* Bits [lsb, lsb + width) of a mode word held as four 32-bit words, least significant first. */\n')
    out.append('static inline uint32_t mma_hw_mode_bits(const uint32_t w[4], unsigned lsb, unsigned width)\n{\n'
               '    uint64_t v = (uint64_t)w[lsb / 32u] >> (lsb % 32u);\n'
               '    if (lsb % 32u + width > 32u && lsb / 32u < 3u) {\n'
               '        v |= (uint64_t)w[lsb / 32u + 1u] << (32u - lsb % 32u);\n'
               '    }\n'
               '    return (uint32_t)(v & ((1u << width) - 1u));\n}\n\n')
    out.append('/* Fills every field of m but instr from a mode word (the accelerator\'s MODE_DESC0..3). */\n')
    out.append('static inline void mma_hw_mode_unpack(const uint32_t w[4], mma_hw_mode *m)\n{\n')
    pos = 0
    for name, bits in MODE_FIELDS:
        if name == 'min_e':
            out.append(f'    m->min_e = (int16_t)((int32_t)(mma_hw_mode_bits(w, {pos}u, {bits}u) << {32 - bits}) >> {32 - bits});\n')
        else:
            ctype = 'uint16_t' if bits > 8 else 'uint8_t'
            out.append(f'    m->{name} = ({ctype})mma_hw_mode_bits(w, {pos}u, {bits}u);\n')
        pos += bits
    out.append('    m->instr = 0;\n}\n\n')
    out.append('/* Whether two rows have equal fields (instr aside). */\n')
    out.append('static inline int mma_hw_mode_same(const mma_hw_mode *x, const mma_hw_mode *y)\n{\n    return ')
    out.append(' &&\n           '.join(f'x->{name} == y->{name}' for name, _ in MODE_FIELDS))
    out.append(';\n}\n\n#endif\n')
    return ''.join(out)


def gen_configs_h(cfgs):
    out = [HEADER_C.format(src='hw/config/<name>.json')]
    out.append('/* Every accelerator configuration, by id. */\n')
    out.append('#ifndef MMA_HW_CONFIGS_H\n#define MMA_HW_CONFIGS_H\n\n')
    for c in cfgs:
        out.append(f'#include "mma/hw/mma_cfg_{c["name"]}.h"\n')
    out.append(f'\n#define MMA_HW_CONFIG_COUNT {len(cfgs)}\n\n')
    out.append('typedef struct mma_hw_config {\n    const char *name;\n    const char *preset;\n'
               '    const char *gpu;      /* GPU whose data sets this configuration reproduces, or 0 */\n'
               '    unsigned tm, tn, w;   /* DPU rows, columns, bytes per step */\n'
               '    unsigned nmodes;\n    const mma_hw_mode *modes;\n} mma_hw_config;\n\n')
    out.append('static const mma_hw_config mma_hw_configs[MMA_HW_CONFIG_COUNT] = {\n')
    for c in cfgs:
        u = c['name'].upper()
        gpu = f'"{c["gpu"]}"' if c.get('gpu') else '0'
        out.append(f'    {{"{c["name"]}", "{c["preset"]}", {gpu}, MMA_CFG_{u}_TM, MMA_CFG_{u}_TN, MMA_CFG_{u}_W, '
                   f'{len(c["modes"])}, mma_cfg_{c["name"]}_modes}},\n')
    out.append('};\n\n#endif\n')
    return ''.join(out)


def write(path, text, written):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    old = open(path).read() if os.path.exists(path) else None
    if old != text:
        with open(path, 'w') as f:
            f.write(text)
    written.append(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--hwgen', required=True, help='the mma_hwgen tool (built from hw/gen/mma_hwgen.c)')
    ap.add_argument('--src', default=os.path.join(os.path.dirname(__file__), '..', '..'),
                    help='project root (reads hw/config/*.json)')
    ap.add_argument('--out', required=True, help='root to write hw/rtl/gen and include/mma/hw under')
    args = ap.parse_args()
    fmts, rounds, statuses = read_formats(args.hwgen)
    cfg_dir = os.path.join(args.src, 'hw', 'config')
    order = ['default', 'volta', 'ampere', 'ada', 'hopper', 'blackwell', 'turing']   # IDs stay; new ones after
    names = sorted((f[:-5] for f in os.listdir(cfg_dir) if f.endswith('.json')),
                   key=lambda n: (order.index(n) if n in order else len(order), n))
    cfgs = [read_config(os.path.join(cfg_dir, n + '.json'), args.hwgen, fmts) for n in names]
    written = []
    write(os.path.join(args.out, 'hw', 'rtl', 'gen', 'mma_fmt.vh'), gen_fmt_vh(fmts, rounds), written)
    write(os.path.join(args.out, 'hw', 'rtl', 'gen', 'mma_decode_set.vh'), gen_decode_set_vh(fmts), written)
    write(os.path.join(args.out, 'include', 'mma', 'hw', 'mma_mode.h'), gen_mode_h(), written)
    write(os.path.join(args.out, 'hw', 'rtl', 'gen', 'mma_mode.vh'), gen_mode_vh(), written)
    write(os.path.join(args.out, 'hw', 'rtl', 'gen', 'mma_mode_bits.vh'), gen_mode_bits_vh(), written)
    write(os.path.join(args.out, 'hw', 'rtl', 'gen', 'mma_status.vh'), gen_status_vh(statuses), written)
    for i, c in enumerate(cfgs):
        write(os.path.join(args.out, 'hw', 'rtl', 'gen', f'mma_cfg_{c["name"]}.vh'), gen_cfg_vh(c, i), written)
        write(os.path.join(args.out, 'include', 'mma', 'hw', f'mma_cfg_{c["name"]}.h'), gen_cfg_h(c, i), written)
    write(os.path.join(args.out, 'include', 'mma', 'hw', 'mma_configs.h'), gen_configs_h(cfgs), written)
    for c in cfgs:
        print(f'gen_hw: {c["name"]}: {len(c["modes"])} modes, {derived(c)}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
