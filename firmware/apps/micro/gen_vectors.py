#!/usr/bin/env python3
"""Test vectors of the micro accelerator for the micro_8k firmware (build-time generator and oracle).

  gen_vectors.py OUT.h [--seed S] [--cases N]

Writes dot products D = C + sum a_k * b_k of e4m3 codes (k = 1 .. 32) and f32 C with D computed
here, independently of the golden model and of the RTL: the codes decoded to exact rationals
(fractions.Fraction) from the e4m3 definition (OCP FP8: bias 7, subnormals, S.1111.111 NaN, no
Inf), summed exactly, rounded once to f32 (round to nearest even, subnormals, overflow to Inf),
with the `exact` preset's rules for the rest (a NaN operand or C: the canonical NaN 0x7FFFFFFF;
C = +-Inf: C; an exact zero: -0 only if every term is a zero and all of them are -0). The
firmware compares the accelerator with these; ctest micro_vectors_golden compares the golden model
(mma_dot under MMA_PRESET_EXACT) with the same file, so the three agree or a test fails.
"""
import argparse
import os
import random
import struct
from fractions import Fraction

NAN32 = 0x7FFFFFFF


def e4m3(code):
    """(is_nan, sign, exact magnitude) of an e4m3 code."""
    s, e, f = code >> 7, (code >> 3) & 15, code & 7
    if e == 15 and f == 7:
        return True, s, None
    mag = Fraction(8 + f, 8) * Fraction(2) ** (e - 7) if e else Fraction(f, 8) * Fraction(2) ** -6
    return False, s, mag


def f32_decode(u):
    """('nan'|'inf'|'fin', sign, exact magnitude) of an f32 code."""
    s, e, f = u >> 31, (u >> 23) & 0xFF, u & 0x7FFFFF
    if e == 0xFF:
        return ('nan' if f else 'inf'), s, None
    mag = Fraction(0x800000 + f, 0x800000) * Fraction(2) ** (e - 127) if e else Fraction(f, 0x800000) * Fraction(2) ** -126
    return 'fin', s, mag


def f32_round(v):
    """The f32 code of the rational v != 0, rounded to nearest even."""
    s = 1 if v < 0 else 0
    m = abs(v)
    e = m.numerator.bit_length() - m.denominator.bit_length()
    if Fraction(2) ** e > m:
        e -= 1
    e = max(e, -126)                                  # subnormals share 2^-126's quantum
    q = m / Fraction(2) ** (e - 23)
    n = q.numerator // q.denominator
    rem = q - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1):
        n += 1
    if n == 1 << 24:
        n, e = 1 << 23, e + 1
    if e > 127:
        return (s << 31) | 0x7F800000
    if n < (1 << 23):                                 # subnormal (e = -126)
        return (s << 31) | n
    return (s << 31) | ((e + 127) << 23) | (n - (1 << 23))


def dot(a, b, c):
    """D of the `exact` preset for e4m3 codes a, b and the f32 code c."""
    ck, cs, cm = f32_decode(c)
    terms, nan = [], ck == 'nan'
    zeros, nonzero = set(), False
    for x, y in zip(a, b):
        xn, xs, xm = e4m3(x)
        yn, ys, ym = e4m3(y)
        if xn or yn:
            nan = True
            continue
        p = xm * ym
        if p == 0:
            zeros.add(xs ^ ys)
        else:
            nonzero = True
            terms.append(-p if xs ^ ys else p)
    if nan:
        return NAN32
    if ck == 'inf':
        return c
    total = sum(terms, Fraction(0))
    if ck == 'fin':
        if cm == 0:
            zeros.add(cs)
        else:
            nonzero = True
            total += -cm if cs else cm
    if total == 0:
        return 0x80000000 if (not nonzero and zeros == {1}) else 0
    return f32_round(total)


def f32_of(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def value(code):
    n, s, m = e4m3(code)
    return 0 if n else (-m if s else m)


def make_case(r, i):
    k = 1 + r.randrange(32)
    kind = i % 6
    a, b = [], []
    for j in range(k):
        x, y = r.randrange(256), r.randrange(256)
        if kind != 1:                                 # only kind 1 keeps NaN codes
            while x & 0x7F == 0x7F: x = r.randrange(256)
            while y & 0x7F == 0x7F: y = r.randrange(256)
        if kind == 2 and j % 2 == 1:                  # cancelling pairs
            x, y = a[-1] ^ 0x80, b[-1]
        if kind == 3 and r.random() < 0.7:            # zeros of either sign
            x = r.randrange(2) << 7
        if kind == 4:                                 # a narrow exponent band
            x = (x & 0x87) | (5 << 3)
            y = (y & 0x87) | (6 << 3)
        a.append(x)
        b.append(y)
    s = float(sum((value(x) * value(y) for x, y in zip(a, b)), Fraction(0)))
    ck = r.randrange(9)
    if ck == 0:
        c = r.randrange(2) << 31
    elif ck == 1:
        c = (r.randrange(2) << 31) | (1 + r.randrange(0x7FFFFF))
    elif ck == 2:
        c = (r.randrange(2) << 31) | ((1 + r.randrange(254)) << 23) | r.randrange(1 << 23)
    elif ck == 3:
        c = r.choice([0x7F800000, 0xFF800000])
    elif ck == 4:
        c = 0x7FC00000 | r.randrange(1 << 22)
    elif ck in (5, 6):                                # the sum negated, or one unit off it
        c = f32_of(-s) if abs(s) < 3e38 else 0
        if ck == 6 and c & 0x7FFFFFFF:
            c += r.choice([-1, 1])
    elif ck == 7:
        c = f32_of(-s * 2.0 ** r.randrange(-3, 4))
    else:
        c = f32_of((s or 1.0) * 2.0 ** r.choice([-40, -30, 30, 40]))
    return a, b, c


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('out')
    ap.add_argument('--seed', type=int, default=20261202)
    ap.add_argument('--cases', type=int, default=40)
    args = ap.parse_args()
    r = random.Random(args.seed)
    cases = [make_case(r, i) for i in range(args.cases)]
    cases.append(([0x00, 0x80], [0x80, 0x00], 0x80000000))         # only -0 terms: -0
    cases.append(([0x7E], [0x7E], 0x7F7FFFFF))                      # 448^2 + FLT_MAX: FLT_MAX (far below half an ulp)
    cases.append(([0x30], [0x3C], 0x4B7FFFFF))                      # 2^24 - 1 + 0.75: the rounding carries to 2^24
    lines = ['/* GENERATED by firmware/apps/micro/gen_vectors.py; do not edit */',
             '/* micro accelerator vectors, 32-bit words: per case k, C (f32), D (f32), then the k e4m3 codes of a',
             ' * and those of b, each four to a word (code i in bits 8 (i % 4) .. +7 of word i / 4: mma_micro_dot_words)',
             ' * and padded with zero bytes to a whole word */',
             '#ifndef MICRO_VECTORS_H', '#define MICRO_VECTORS_H', '#include <stdint.h>',
             f'#define MICRO_VECTOR_CASES {len(cases)}u',
             'static const uint32_t micro_vectors[] = {']

    def words(codes):
        codes = list(codes) + [0] * (-len(codes) % 4)
        return [int.from_bytes(bytes(codes[i:i + 4]), 'little') for i in range(0, len(codes), 4)]
    for a, b, c in cases:
        row = [len(a), c, dot(a, b, c)] + words(a) + words(b)
        lines.append('    ' + ', '.join(f'0x{v:08x}u' for v in row) + ',')
    lines += ['};', '#endif', '']
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, 'w') as f:
        f.write('\n'.join(lines))


if __name__ == '__main__':
    main()
