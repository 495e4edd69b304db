#!/usr/bin/env python3
"""Data sets in the layout of ../shared/vectors/gpu for every GPU of the published collection,
with D from the independent reference model (test/model/ref_model.py), not from the library.

The repository holds real outputs of V100, A100 and Ada only. The collection it comes from also has
T4, A2, A30, L40S, H100, H200 and B200 (and the golden model knows sm_120, RTX Blackwell), each produced by the instructions its README lists (wmma
f16 / bf16 / tf32 with C joint; FP8 by mma.sync m16n8k32, C joint on Ada / L40S and added after the
products on H100 / H200 / B200; H100 / H200 FP8 -> f32 by wgmma run as D = A*B, the C file unused;
for f16 output the harness rounded the f32 C to f16 first). This script writes such directories,
with the same file names and encodings, so that `mmacore conform` and `mmasim conform` run exactly
the path those data sets will take: GPU name -> preset / configuration -> instruction -> C usage.
The expected D of every line is the reference model's, which is written from NUMERICS.md.

Operands come from the adversarial generator of test/model/run_random_vs_reference.py (carries,
cancellation, alignment loss, subnormals, overflow, min_E clamps, signed zeros), finite only, as in
the published data; a line whose D would be NaN is drawn again (the published data has none, and
the widening of a NaN payload is not what this checks).

usage: make_gpu_sets.py OUT [--lines N] [--seed S] [--gpus "T4 A2 ..."] [--flip L]
  --flip L: flip the last bit of D on line L of every d file (a checker must then fail those lines)
"""

import argparse
import os
import random
import sys
from dataclasses import replace

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'model'))
import ref_model as R  # noqa: E402
import run_random_vs_reference as G  # noqa: E402

# GPU -> (preset, input formats of its data sets); the collection's README table
F16_SETS = ['fp16', 'bf16', 'tf32']
FP8_SETS = ['E4M3', 'E5M2']
GPUS = {
    'V100': ('volta', ['fp16']),
    'T4': ('turing', ['fp16']),
    'A100': ('ampere', F16_SETS),
    'A2': ('ampere', F16_SETS),
    'A30': ('ampere', F16_SETS),
    'Ada': ('ada', F16_SETS + FP8_SETS),
    'L40S': ('ada', F16_SETS + FP8_SETS),
    'H100': ('hopper', F16_SETS + FP8_SETS),
    'H200': ('hopper', F16_SETS + FP8_SETS),
    'B200': ('blackwell', F16_SETS + FP8_SETS),
    # not in the collection: RTX Blackwell (rtx_blackwell preset), as the golden model's GPU table
    # names it, with the instructions mma_gpu_data_instr gives it (wmma; FP8 mma.sync m16n8k32)
    'sm_120': ('rtx_blackwell', F16_SETS + FP8_SETS),
}
FMT = {'fp16': 'f16', 'bf16': 'bf16', 'tf32': 'tf32', 'E4M3': 'e4m3', 'E5M2': 'e5m2'}
K_OF = {'f16': 16, 'bf16': 16, 'tf32': 8, 'e4m3': 32, 'e5m2': 32}   # the instruction's k
PART_K = ('T4', 'A30', 'L40S', 'H200', 'B200')   # lines of one step's G values, not the instruction's k
SCENARIOS = [(s, w) for s, w in G.SCENARIOS if s not in ('special', 'anycode')]


def outputs(fmt):
    """Outputs of a data set: bf16 and tf32 wmma write f32 only."""
    return ['f32', 'f16'] if fmt in ('f16', 'e4m3', 'e5m2') else ['f32']


def profile(preset, fmt, out):
    """The reference profile of the instruction that produced (preset, fmt, out)."""
    fp8 = fmt in ('e4m3', 'e5m2')
    family = 'wgmma' if fp8 and preset == 'hopper' and out == 'f32' else ('mma' if fp8 else 'wmma')
    prof, _ = R.preset_profile(preset, family, fmt, out)
    if prof is None:
        raise SystemExit('make_gpu_sets: the reference has no profile for %s %s -> %s' % (preset, fmt, out))
    if family == 'wgmma':
        prof = replace(prof, cmode='unused')    # run as D = A*B: C not used
    return prof


def widen(fmt, code):
    """The f32 bit pattern of a finite, zero or infinite code of fmt (exact); None for NaN."""
    if fmt == 'tf32':
        return code & ~0x1FFF
    v = R.decode(fmt, code)
    if v.cls == R.NAN:
        return None
    if v.cls == R.ZERO:
        return R.zero_code('f32', v.sign)
    if v.cls == R.INF:
        return R.inf_code('f32', v.sign)
    return R.round_to_code('f32', v.sign, v.M, v.lsb, R.RNE)


def to_f16(c32):
    """The harness's f32 -> f16 rounding of C (RNE)."""
    v = R.decode('f32', c32)
    if v.cls == R.ZERO:
        return R.zero_code('f16', v.sign)
    if v.cls == R.INF:
        return R.inf_code('f16', v.sign)
    return R.round_to_code('f16', v.sign, v.M, v.lsb, R.RNE)


def data_k(gpu, fmt, profs):
    """Values a line: the instruction's k, or (the GPUs of PART_K) one step's G, as the published
    V100 / A100 / Ada sets did (the rest of the instruction's k is zero)."""
    return min([p.G for p in profs.values()] + [K_OF[fmt]]) if gpu in PART_K else K_OF[fmt]


def one_line(rng, fmt, k, profs):
    """(a, b, c, {out: d}) as f32 patterns, or None when the line is to be drawn again."""
    scen = rng.choices([s for s, _ in SCENARIOS], weights=[w for _, w in SCENARIOS])[0]
    a, b, c = G.gen_case(rng, fmt, fmt, 'f32', k, scen, profs['f32'])
    a32 = [widen(fmt, x) for x in a]
    b32 = [widen(fmt, x) for x in b]
    if None in a32 or None in b32 or R.decode('f32', c).cls not in (R.FIN, R.ZERO):
        return None
    if fmt == 'tf32':
        a = a32
        b = b32
    pad = [R.zero_code(fmt, 0)] * (K_OF[fmt] - k)      # the instruction runs all of its k
    d = {}
    for out, prof in profs.items():
        cin = c if out == 'f32' else to_f16(c)
        got = widen(out, R.dot(prof, fmt, a + pad, fmt, b + pad, out, cin))
        if got is None:
            return None
        d[out] = got
    return a32, b32, c, d


def write_set(root, gpu, preset, dirname, lines, rng, flip):
    fmt = FMT[dirname]
    profs = {out: profile(preset, fmt, out) for out in outputs(fmt)}
    k = data_k(gpu, fmt, profs)
    rows = []
    while len(rows) < lines:
        r = one_line(rng, fmt, k, profs)
        if r is not None:
            rows.append(r)
    d = os.path.join(root, gpu, dirname)
    os.makedirs(d, exist_ok=True)

    def put(name, text_of):
        with open(os.path.join(d, name), 'w') as f:
            f.writelines(text_of(r) + '\n' for r in rows)
    put('a_%s_%s.txt' % (gpu, dirname), lambda r: ' '.join('%08x' % v for v in r[0]))
    put('b_%s_%s.txt' % (gpu, dirname), lambda r: ' '.join('%08x' % v for v in r[1]))
    put('c_%s_fp32.txt' % gpu, lambda r: format(r[2], '032b'))
    if 1 <= flip <= lines:
        for o in profs:
            rows[flip - 1][3][o] ^= 1
    for out in profs:
        put('d_%s_%s.txt' % (gpu, 'fp32' if out == 'f32' else 'fp16'), lambda r, o=out: format(r[3][o], '032b'))
    return len(profs)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('out')
    ap.add_argument('--lines', type=int, default=256)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--gpus', default=' '.join(GPUS))
    ap.add_argument('--flip', type=int, default=0)
    args = ap.parse_args()
    names = args.gpus.split()
    bad = [g for g in names if g not in GPUS]
    if bad or args.lines < 1:
        sys.exit('make_gpu_sets: unknown GPU %s (known: %s)' % (' '.join(bad), ' '.join(GPUS)) if bad
                 else 'make_gpu_sets: --lines must be at least 1')
    nsets = 0
    for gpu in names:
        preset, dirs = GPUS[gpu]
        for dirname in dirs:
            rng = random.Random('%d/%s/%s' % (args.seed, gpu, dirname))
            nsets += write_set(args.out, gpu, preset, dirname, args.lines, rng, args.flip)
    print('make_gpu_sets: %d GPUs, %d data sets of %d lines (seed %d, D from ref_model.py%s) in %s'
          % (len(names), nsets, args.lines, args.seed,
             ', line %d flipped' % args.flip if args.flip else '', args.out))


if __name__ == '__main__':
    main()
