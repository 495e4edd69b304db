#!/usr/bin/env python3
"""Random and adversarial dot products: the library (through dot_tool) vs ref_model.py.

For every (preset, family, atype, dtype) that mma_preset_profile accepts with dtype f32 or f16
(asked from the driver with "list"), generates --cases cases from a fixed seed, sends them to
dot_tool in one batch over stdin, and compares the returned bit patterns with the reference.
Any mismatch is printed with the whole request line and the test fails (exit 1).

usage: run_random_vs_reference.py DOT_TOOL [--cases N] [--seed S] [--only SUBSTR] [--jobs J]
"""

import argparse
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ref_model as R  # noqa: E402

# --------------------------------------------------------------------------- code generation


def make_code(fmt, sign, bexp, frac, rng):
    fm = R.FORMATS[fmt]
    code = (sign << (fm.width - 1)) | (bexp << (fm.mbits + fm.shift)) | (frac << fm.shift)
    if fm.shift and rng.random() < 0.5:
        code |= rng.getrandbits(fm.shift)      # tf32: junk in the ignored low 13 bits
    return code


def finite_with_exp(fmt, e, rng, sign=None, frac=None):
    """A finite code of fmt with unbiased exponent e (clamped into range; below e_min: subnormal)."""
    fm = R.FORMATS[fmt]
    if sign is None:
        sign = rng.getrandbits(1)
    if e > fm.emax:
        e = fm.emax
    if e < fm.emin:
        # subnormal: value 2^e needs frac bit at position mbits - (emin - e)
        pos = fm.mbits - (fm.emin - e)
        if pos < 0:
            return make_code(fmt, sign, 0, rng.choice([0, 1]), rng)
        f = (1 << pos) | (rng.getrandbits(pos) if pos else 0)
        return make_code(fmt, sign, 0, f, rng)
    if frac is None:
        frac = rng.getrandbits(fm.mbits)
    if e == fm.emax and frac > fm.max_frac:
        frac = fm.max_frac
    return make_code(fmt, sign, e + fm.bias, frac, rng)


def rand_finite(fmt, rng):
    fm = R.FORMATS[fmt]
    while True:
        c = rng.getrandbits(fm.width)
        if R.decode(fmt, c).cls in (R.FIN, R.ZERO):
            return c


def rand_any(fmt, rng):
    return rng.getrandbits(R.FORMATS[fmt].width)


def special(fmt, rng):
    fm = R.FORMATS[fmt]
    opts = ['zero']
    if fm.has_inf:
        opts.append('inf')
    if fm.nan_style != 'none':
        opts.append('nan')
    kind = rng.choice(opts)
    s = rng.getrandbits(1)
    top = (1 << fm.ebits) - 1
    if kind == 'zero':
        return make_code(fmt, s, 0, 0, rng)
    if kind == 'inf':
        return make_code(fmt, s, top, 0, rng)
    if fm.nan_style == 'allones':
        return make_code(fmt, s, top, (1 << fm.mbits) - 1, rng)
    return make_code(fmt, s, top, rng.randrange(1, 1 << fm.mbits), rng)


def exp_range(fmt):
    fm = R.FORMATS[fmt]
    return fm.emin - fm.mbits, fm.emax     # subnormal floor .. max


def gen_case(rng, atype, btype, dtype, k, scenario, prof):
    """Returns (a, b, c) code lists for one scenario."""
    rand = rng.random

    def randint(lo, hi):                       # fast; tolerant of the tiny formats' short ranges
        if hi <= lo:
            return hi
        return lo + int(rand() * (hi - lo + 1))

    alo, ahi = exp_range(atype)
    blo, bhi = exp_range(btype)
    dlo, dhi = exp_range(dtype)

    def ra(e=None, **kw):
        return finite_with_exp(atype, randint(alo, ahi) if e is None else e, rng, **kw)

    def rb(e=None, **kw):
        return finite_with_exp(btype, randint(blo, bhi) if e is None else e, rng, **kw)

    def rc(e):
        return finite_with_exp(dtype, max(min(e, dhi), dlo), rng)

    mid_a = (R.FORMATS[atype].emin + R.FORMATS[atype].emax) // 2
    mid_b = (R.FORMATS[btype].emin + R.FORMATS[btype].emax) // 2
    a, b = [], []
    if scenario == 'uniform':
        a = [rand_finite(atype, rng) for _ in range(k)]
        b = [rand_finite(btype, rng) for _ in range(k)]
        c = rc(randint(mid_a + mid_b - 8, mid_a + mid_b + 8))
    elif scenario == 'narrow':                 # similar exponents: carries, ties, partial cancel
        ea, eb = randint(alo + 3, ahi), randint(blo + 3, bhi)
        a = [ra(ea - randint(0, 3)) for _ in range(k)]
        b = [rb(eb - randint(0, 3)) for _ in range(k)]
        c = rc(ea + eb + randint(-4, 4)) if rng.random() < 0.8 else R.zero_code(dtype, rng.getrandbits(1))
    elif scenario == 'spread':                 # wide exponent spread: alignment loss
        a = [ra() for _ in range(k)]
        b = [rb() for _ in range(k)]
        c = rc(randint(dlo, dhi))
    elif scenario == 'align':                  # one dominant term, the others ~F bits below
        ea, eb = randint(alo + 2, ahi), randint(blo + 2, bhi)
        F = prof.F if prof.algo == 'block_fma' else 24
        a = [ra(ea - randint(0, 6)) for _ in range(k)]
        b = [rb(eb - randint(0, 6)) for _ in range(k)]
        c = rc(ea + eb + F + randint(-6, 3))
        if rng.random() < 0.3:
            # dominant product instead of C
            a[0] = ra(ahi)
            b[0] = rb(bhi)
            c = rc(randint(ea + eb - 3, ea + eb + 3))
    elif scenario == 'cancel':                 # products cancel in pairs, a small residue
        half = k // 2
        a = [ra(randint(mid_a - 3, ahi)) for _ in range(half)]
        b = [rb(randint(mid_b - 3, bhi)) for _ in range(half)]
        sgn = 1 << (R.FORMATS[atype].width - 1)
        a2 = [x ^ sgn for x in a]
        b2 = list(b)
        idx = list(range(half))
        rng.shuffle(idx)
        a = a + [a2[i] for i in idx]
        b = b + [b2[i] for i in idx]
        while len(a) < k:
            a.append(ra())
            b.append(rb())
        if rng.random() < 0.5:
            j = rng.randrange(k)
            a[j] = ra(randint(alo, mid_a))
        perm = list(range(k))
        rng.shuffle(perm)
        a = [a[i] for i in perm]
        b = [b[i] for i in perm]
        c = rng.choice([R.zero_code(dtype, rng.getrandbits(1)), rc(randint(dlo, mid_a + mid_b))])
    elif scenario == 'cancel_c':               # C = -(sum of products) rounded: total cancel
        a = [ra(randint(mid_a - 4, ahi)) for _ in range(k)]
        b = [rb(randint(mid_b - 4, bhi)) for _ in range(k)]
        ex = R.dot(R.Profile(algo='exact'), atype, a, btype, b, dtype, 0)
        c = ex ^ (1 << (R.FORMATS[dtype].width - 1))
        if R.decode(dtype, c).cls == R.NAN:
            c = 0
    elif scenario == 'carry':                  # same sign, max significands: carry-out at the top
        ea, eb = randint(alo + 4, ahi), randint(blo + 4, bhi)
        s = rng.getrandbits(1)
        fa, fb = R.FORMATS[atype].max_frac, R.FORMATS[btype].max_frac
        a = [ra(ea, sign=s, frac=fa - randint(0, min(1, fa))) for _ in range(k)]
        b = [rb(eb, sign=0, frac=fb) for _ in range(k)]
        c = finite_with_exp(dtype, max(min(ea + eb + randint(0, 5), dhi), dlo), rng, sign=s,
                            frac=(1 << R.FORMATS[dtype].mbits) - 1)
    elif scenario == 'overflow':               # near the output's overflow threshold
        a = [ra(randint(ahi - 2, ahi)) for _ in range(k)]
        b = [rb(randint(bhi - 2, bhi)) for _ in range(k)]
        s = rng.getrandbits(1)
        if rng.random() < 0.7:
            a = [x & ~(1 << (R.FORMATS[atype].width - 1)) | (s << (R.FORMATS[atype].width - 1)) for x in a]
            b = [x & ~(1 << (R.FORMATS[btype].width - 1)) for x in b]
        c = finite_with_exp(dtype, dhi - randint(0, 1), rng, sign=s,
                            frac=R.FORMATS[dtype].max_frac - randint(0, 3))
    elif scenario == 'tiny':                   # subnormal inputs and outputs
        a = [ra(randint(alo, R.FORMATS[atype].emin + 1)) for _ in range(k)]
        b = [rb(randint(blo, R.FORMATS[btype].emin + 1)) for _ in range(k)]
        if rng.random() < 0.3:
            b = [rb(randint(blo, bhi)) for _ in range(k)]
        c = rng.choice([rc(randint(dlo, dlo + 30)), R.zero_code(dtype, rng.getrandbits(1)),
                        rc(R.FORMATS[dtype].emin + randint(-3, 1))])
    elif scenario == 'special':
        a = [special(atype, rng) if rng.random() < 0.12 else rand_finite(atype, rng) for _ in range(k)]
        b = [special(btype, rng) if rng.random() < 0.12 else rand_finite(btype, rng) for _ in range(k)]
        c = special(dtype, rng) if rng.random() < 0.4 else rc(randint(dlo, dhi))
    elif scenario == 'zeros':                  # exact zeros with signs
        a = [make_code(atype, rng.getrandbits(1), 0, 0, rng) if rng.random() < 0.7 else ra()
             for _ in range(k)]
        b = [make_code(btype, rng.getrandbits(1), 0, 0, rng) if (a[i] & ~(1 << (R.FORMATS[atype].width - 1))
             & ~((1 << R.FORMATS[atype].shift) - 1)) else rb() for i in range(k)]
        c = R.zero_code(dtype, rng.getrandbits(1)) if rng.random() < 0.8 else rc(randint(dlo, dhi))
    elif scenario == 'clamp':                  # every term near or below min_E (and zero C)
        min_e = prof.min_e_f32 if dtype == 'f32' else prof.min_e_f16
        if min_e is None:
            min_e = -132 if dtype == 'f32' else -20
        F = prof.F if prof.algo == 'block_fma' else 24
        T = randint(min_e - F - 4, min_e + 3)
        for _ in range(k):
            t = T - randint(0, 8)
            ea = randint(max(alo, t - bhi), min(ahi, t - blo))
            a.append(ra(ea))
            b.append(rb(t - ea))
        r = rng.random()
        if r < 0.5:
            c = R.zero_code(dtype, rng.getrandbits(1))
        elif r < 0.8:
            c = rc(randint(dlo, T + 2))
        else:
            c = rc(randint(dlo, R.FORMATS[dtype].emin))
    elif scenario == 'zerodom':                # zero operands against large ones: zero_product_term
        a = [ra() for _ in range(k)]
        b = [rb() for _ in range(k)]
        for j in rng.sample(range(k), max(1, k // 4)):
            if rng.random() < 0.5:
                a[j] = make_code(atype, rng.getrandbits(1), 0, 0, rng)
                b[j] = rb(bhi - randint(0, 3))
            else:
                a[j] = ra(ahi - randint(0, 3))
                b[j] = make_code(btype, rng.getrandbits(1), 0, 0, rng)
        c = rc(randint(dlo, dhi)) if rng.random() < 0.9 else R.zero_code(dtype, rng.getrandbits(1))
    else:  # 'anycode': every bit pattern, NaNs included
        a = [rand_any(atype, rng) for _ in range(k)]
        b = [rand_any(btype, rng) for _ in range(k)]
        c = rand_any(dtype, rng)
    return a, b, c


SCENARIOS = [('uniform', 3), ('narrow', 3), ('spread', 2), ('align', 3), ('cancel', 3),
             ('cancel_c', 2), ('carry', 2), ('overflow', 2), ('tiny', 3), ('special', 2),
             ('zeros', 1), ('clamp', 3), ('zerodom', 2), ('anycode', 1)]


def pick_k(rng, prof, ik):
    r = rng.random()
    if r < 0.75 or prof.korder == 'pair_split':
        return ik
    if r < 0.9:
        return 2 * ik
    return rng.randint(1, ik)


def run_combo(args):
    """Generates and checks one combination in a worker; returns (combo, n, mismatches, note)."""
    tool, combo, ncases, seed = args
    preset, family, atype, dtype = combo
    prof, documented = R.preset_profile(preset, family, atype, dtype)
    if prof is None:
        return combo, 0, [], 'accepted by the library, no reference profile: not checked'
    rng = random.Random('%s/%s' % (seed, ' '.join(combo)))
    ik = R.instr_k(preset, family, atype)
    base_prof = prof
    # B formats this datapath also multiplies A by (mixed e4m3/e5m2, sm_120 kind::f8f6f4 pairs): half
    # of the cases mix, through dot_tool's "a/b" (mma_preset_profile_ab)
    f8f6f4 = R.FP8 + R.FP6FP4
    mixes = [bt for bt in f8f6f4 if atype in f8f6f4 and bt != atype and
             R.preset_profile(preset, family, atype, dtype, bt)[0] is not None]
    total_w = sum(w for _, w in SCENARIOS)
    lines, expect, names = [], [], []
    for i in range(ncases):
        x = rng.random() * total_w
        for scen, w in SCENARIOS:
            x -= w
            if x < 0:
                break
        k = pick_k(rng, prof, ik)
        ptoken = preset
        prof = base_prof
        btype = rng.choice(mixes) if mixes and rng.random() < 0.5 else atype
        if btype != atype:
            prof, _ = R.preset_profile(preset, family, atype, dtype, btype)
            assert prof == R.preset_profile(preset, family, btype, dtype, atype)[0], 'order-dependent reference'
        if base_prof.algo in ('exact', 'seq_fma'):
            # exact / seq_fma: every rounding mode (dot_tool's "preset@mode" sets round_mode)
            mode = rng.choice((R.RNE, R.RZ, R.RU, R.RD, R.RNA))
            prof = R.replace(prof, round_mode=mode)
            ptoken = '%s@%s' % (preset, mode)
        elif base_prof.algo == 'block_fma' and rng.random() < 0.25:
            # a quarter of the block-FMA cases with zero products taking part (dot_tool's "+zpt")
            prof = R.replace(prof, zero_product_term=True)
            ptoken += '+zpt'
        a, b, c = gen_case(rng, atype, btype, dtype, k, scen, prof)
        types = atype if btype == atype else '%s/%s' % (atype, btype)
        lines.append('%s %s %s %s %d %s %s %x' % (ptoken, family, types, dtype, k,
                                                  ' '.join('%x' % v for v in a),
                                                  ' '.join('%x' % v for v in b), c))
        expect.append(R.dot(prof, atype, a, btype, b, dtype, c))
        names.append(scen)
    out = subprocess.run([tool], input='\n'.join(lines) + '\n', capture_output=True, text=True,
                         check=True).stdout.split('\n')
    bad = []
    for i, line in enumerate(lines):
        got = out[i].strip() if i < len(out) else '<missing>'
        try:
            gv = int(got, 16)
        except ValueError:
            gv = None
        if gv != expect[i]:
            bad.append((names[i], line, expect[i], got))
    note = '' if documented else 'undocumented cell: reference uses the same-type profile of the table'
    return combo, ncases, bad, note


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('tool')
    ap.add_argument('--cases', type=int, default=2000)
    ap.add_argument('--seed', default='mmacore-model-1')
    ap.add_argument('--only', default='')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--max-print', type=int, default=20)
    opt = ap.parse_args()

    t0 = time.time()
    listing = subprocess.run([opt.tool], input='list\n', capture_output=True, text=True,
                             check=True).stdout.split()
    assert listing[-1] == 'END', 'dot_tool list did not finish'
    items = listing[:-1]
    combos = [tuple(items[i:i + 4]) for i in range(0, len(items), 4)]
    combos = [c for c in combos if c[3] in ('f32', 'f16') and c[2] != 'f64'
              and opt.only in ' '.join(c)]
    if not combos:
        print('no combinations selected')
        return 1

    # combinations the reference documents but the library rejects
    accepted = set(combos)
    missing = []
    for preset in ('volta', 'turing', 'ampere', 'ada', 'hopper', 'blackwell', 'rtx_blackwell',
                   'exact', 'seq_fma', 'arm_fp8'):
        for fam in ('mma', 'wmma', 'wgmma'):
            for at in R.FORMATS:
                if at == 'f64':
                    continue
                for dt in ('f32', 'f16'):
                    c = (preset, fam, at, dt)
                    p, doc = R.preset_profile(*c)
                    if p is not None and doc and c not in accepted and opt.only in ' '.join(c):
                        missing.append(c)

    # Families whose reference profile (and instruction k) is the same as an earlier family's for
    # the same preset and types get an eighth of the cases: each accepted combination is still
    # checked, each distinct datapath gets the full count.
    seen = set()
    jobs = []
    for c in combos:
        p, _ = R.preset_profile(*c)
        key = (c[0], c[2], c[3], p, R.instr_k(c[0], c[1], c[2]))
        n = opt.cases if key not in seen else max(opt.cases // 8, 1)
        seen.add(key)
        jobs.append((opt.tool, c, n, opt.seed))
    # biggest first so the two workers finish together
    jobs.sort(key=lambda j: -j[2] * R.instr_k(j[1][0], j[1][1], j[1][2]))
    nfail = ntot = 0
    printed = 0
    unchecked, undocumented = [], []
    with ProcessPoolExecutor(max_workers=max(1, opt.jobs)) as ex:
        for combo, n, bad, note in ex.map(run_combo, jobs):
            ntot += n
            if n == 0:
                unchecked.append(combo)
                continue
            if note:
                undocumented.append(combo)
            if bad:
                nfail += len(bad)
                print('FAIL %-40s %d/%d mismatches' % (' '.join(combo), len(bad), n))
                for scen, line, exp, got in bad:
                    if printed < opt.max_print:
                        print('  [%s] %s\n      expected %x got %s' % (scen, line, exp, got))
                        printed += 1
    print('%d combinations, %d cases, %d mismatches, %.1f s' % (len(combos), ntot, nfail,
                                                               time.time() - t0))
    if undocumented:
        print('checked with the table\'s same-type profile (cell not documented in NUMERICS): %s'
              % ', '.join(' '.join(c) for c in undocumented))
    if unchecked:
        print('accepted by the library but not checked (no reference profile): %s'
              % ', '.join(' '.join(c) for c in unchecked))
    if missing:
        print('documented but REJECTED by mma_preset_profile: %s'
              % ', '.join(' '.join(c) for c in missing))
    return 1 if (nfail or missing) else 0


if __name__ == '__main__':
    sys.exit(main())
