#!/usr/bin/env python3
"""Oracle (e): IEEE conversions and fused multiply-adds against Berkeley SoftFloat 3e.

Usage: check_softfloat.py PATH/TO/cvt_tool PATH/TO/model_dot_tool [--seed S] [--scale X]

SoftFloat (John Hauser's, the engine behind Berkeley TestFloat; here through the PyPI binding
softfloatpy) is an IEEE 754 implementation that shares no code or author with mmacore. Three parts:

1. conversions (cvt_tool "cvt"): mma_convert between f64, f32, f16 and bf16 with every rounding
   mode (rne rz rd ru rna = SoftFloat near_even, minMag, min, max, near_maxMag) and no flags,
   against f64_to_f32, f64_to_f16, f32_to_f16, f32_to_bf16 and the exact widenings.
2. seq_fma (model_dot_tool, preset "seq_fma@MODE"): d = fma(a[k-1], b[k-1], ... fma(a[0], b[0], c))
   with one rounding per product in the output format, against a chain of SoftFloat fused
   multiply-adds: f16_mulAdd / f32_mulAdd / f64_mulAdd where the operands are exact in the output
   format, else f128_mulAdd (exact: checked with the inexact flag) and one f128_to_<dtype>.
3. exact (preset "exact@MODE"): c + sum of every product, rounded once, against the same sum
   formed in binary128 (each product and addition exact, checked with the inexact flag; a case
   whose sum does not fit 113 bits is drawn again) and one f128_to_<dtype>.

Inputs follow TestFloat's recipe: sign x exponent x significand, the exponents at the source's and
the target's boundaries (zero, subnormal, the smallest normal, one, the largest finite, Inf/NaN,
and the target's overflow and underflow thresholds), the significands all-zero, all-one, one bit,
random, and with the bits below the target's last place set to a tie, just below and just above it.
The narrow input formats (e4m3, e5m2, e3m2, e2m3, e2m1, tf32) are decoded here from their field
widths (NUMERICS section 1), not by the library.

Compared bit for bit, except: a NaN result is compared as "is NaN" (mmacore gives the profile's
canonical NaN; SoftFloat its default NaN 0x7FC00000 or a propagated payload).
Exit status: 0 pass, 1 mismatch, 2 usage, 77 skipped (softfloatpy missing).
"""
import argparse
import random
import subprocess
import sys

try:
    import softfloatpy as sf
except ImportError as exc:  # pragma: no cover - depends on the machine
    print(f"SKIPPED: oracle_softfloat needs softfloatpy ({exc}); run scripts/setup.sh")
    sys.exit(77)

MODES = {"rne": sf.RoundingMode.NEAR_EVEN, "rz": sf.RoundingMode.MIN_MAG, "rd": sf.RoundingMode.MIN,
         "ru": sf.RoundingMode.MAX, "rna": sf.RoundingMode.NEAR_MAX_MAG}

# IEEE-style binary formats SoftFloat has: exponent bits, fraction bits, SoftFloat class
IEEE = {"f16": (5, 10, sf.Float16), "bf16": (8, 7, sf.BFloat16), "f32": (8, 23, sf.Float32),
        "f64": (11, 52, sf.Float64), "f128": (15, 112, sf.Float128)}


def width(fmt):
    e, m, _ = IEEE[fmt]
    return 1 + e + m


def sfval(fmt, code):
    """The SoftFloat object of a code of an IEEE format."""
    return IEEE[fmt][2].from_bytes(code.to_bytes(width(fmt) // 8, "big"))


def sfcode(x):
    return int.from_bytes(x.to_bytes(), "big")


def is_nan_code(fmt, code):
    e, m, _ = IEEE[fmt]
    return (code >> m) & ((1 << e) - 1) == (1 << e) - 1 and code & ((1 << m) - 1) != 0


def make_code(fmt, sign, bexp, frac):
    e, m, _ = IEEE[fmt]
    return (sign << (e + m)) | (bexp << m) | frac


# ------------------------------------------------------------------ TestFloat-style inputs
def boundary_codes(rng, src, dst, n):
    """n codes of src around src's and dst's boundaries, ties of dst's rounding included."""
    es, ms, _ = IEEE[src]
    ed, md, _ = IEEE[dst]
    bias_s, bias_d = (1 << (es - 1)) - 1, (1 << (ed - 1)) - 1
    emin_d = 1 - bias_d
    unb = [0, 1, -1, emin_d, emin_d - 1, emin_d + 1, emin_d - md, emin_d - md - 1, emin_d - md - 2,
           emin_d - md + 1, emin_d - md // 2, bias_d, bias_d + 1, bias_d - 1]
    bexps = [0, 1, 2, bias_s - 1, bias_s, bias_s + 1, (1 << es) - 2, (1 << es) - 1]
    bexps += [u + bias_s for u in unb if 0 < u + bias_s < (1 << es) - 1]
    out = []
    for _ in range(n):
        sign = rng.getrandbits(1)
        r = rng.random()
        if r < 0.1:                      # any bit pattern
            out.append(rng.getrandbits(width(src)))
            continue
        bexp = rng.choice(bexps) if r < 0.8 else rng.randrange(1 << es)
        # bits of src's fraction below dst's last place at this exponent (normal or subnormal dst)
        unbiased = (bexp if bexp else 1) - bias_s
        drop = ms - md + max(0, emin_d - unbiased)
        drop = max(0, min(ms, drop))
        kind = rng.randrange(9)
        if kind == 0:
            frac = 0
        elif kind == 1:
            frac = (1 << ms) - 1
        elif kind == 2:
            frac = 1 << rng.randrange(ms)
        elif kind == 3 or drop == 0:
            frac = rng.getrandbits(ms)
        else:                            # a tie of dst at this exponent, or one unit either side
            half = 1 << (drop - 1)
            low = rng.choice([half, half - 1, half + 1, 1, (1 << drop) - 1, 0])
            low &= (1 << drop) - 1
            frac = (rng.getrandbits(ms - drop) << drop) | low if ms > drop else low
        out.append(make_code(src, sign, bexp, frac))
    return out


# ------------------------------------------------------------------ part 1: conversions
CVT_PAIRS = [("f64", "f32"), ("f64", "f16"), ("f32", "f16"), ("f32", "bf16"),
             ("f16", "f32"), ("f16", "f64"), ("f32", "f64"), ("bf16", "f32")]
CVT_FN = {("f64", "f32"): sf.f64_to_f32, ("f64", "f16"): sf.f64_to_f16, ("f32", "f16"): sf.f32_to_f16,
          ("f32", "bf16"): sf.f32_to_bf16, ("f16", "f32"): sf.f16_to_f32, ("f16", "f64"): sf.f16_to_f64,
          ("f32", "f64"): sf.f32_to_f64, ("bf16", "f32"): sf.bf16_to_f32}


def run_tool(cmd, lines):
    try:
        res = subprocess.run(cmd, input="".join(lines), capture_output=True, text=True, check=False)
    except OSError as exc:
        print(f"check_softfloat: cannot run {cmd[0]}: {exc}", file=sys.stderr)
        sys.exit(2)
    out = res.stdout.split("\n")
    if res.returncode != 0 or len(out) < len(lines):
        print(f"check_softfloat: {' '.join(cmd)} failed (exit {res.returncode}, {len(out) - 1} of {len(lines)}"
              f" answers): {res.stderr.strip()}", file=sys.stderr)
        sys.exit(2)
    return out


def check_conversions(cvt_tool, rng, n, report):
    for src, dst in CVT_PAIRS:
        codes = boundary_codes(rng, src, dst, n)
        codes += [make_code(src, s, (1 << IEEE[src][0]) - 1, f) for s in (0, 1) for f in (0, 1)]
        for mode, sfmode in MODES.items():
            lines = [f"cvt {src} {dst} {mode} {c:x}\n" for c in codes]
            got = run_tool([cvt_tool], lines)
            sf.set_rounding_mode(sfmode)
            bad = 0
            for c, line, g in zip(codes, lines, got):
                want = sfcode(CVT_FN[(src, dst)](sfval(src, c)))
                ok = g[:1] != "E" and (is_nan_code(dst, int(g, 16)) if is_nan_code(dst, want)
                                       else int(g, 16) == want)
                if not ok:
                    bad += 1
                    if bad <= 5:
                        print(f"MISMATCH cvt: {line.strip()} -> mmacore {g}, SoftFloat {want:x}")
            report(f"cvt {src}->{dst} {mode}", len(codes), bad)


# ------------------------------------------------------------------ parts 2 and 3: seq_fma, exact
# formats without an IEEE counterpart in SoftFloat: (exponent bits, fraction bits, bias, Inf/NaN rule)
NARROW = {"e4m3": (4, 3, 7, "e4m3"), "e5m2": (5, 2, 15, "ieee"), "e3m2": (3, 2, 3, "none"),
          "e2m3": (2, 3, 1, "none"), "e2m1": (2, 1, 1, "none")}
INPUTS = ["f16", "bf16", "tf32", "f32", "e4m3", "e5m2", "e3m2", "e2m3", "e2m1"]


def code_bits(fmt):
    if fmt == "tf32":
        return 32
    if fmt in NARROW:
        e, m, _, _ = NARROW[fmt]
        return 1 + e + m
    return width(fmt)


def to_f128(fmt, code):
    """The exact value of an element code as a SoftFloat binary128 (NaN: a quiet NaN)."""
    if fmt == "tf32":
        fmt, code = "f32", code & ~0x1FFF            # tf32: the top 19 bits of an f32 pattern
    if fmt == "bf16":
        return sfval(fmt, code).to_f32().to_f128()   # SoftFloat's bf16 widens only to f32 (exact)
    if fmt in IEEE:
        return sfval(fmt, code).to_f128()
    e, m, bias, rule = NARROW[fmt]
    sign, bexp, frac = code >> (e + m), (code >> m) & ((1 << e) - 1), code & ((1 << m) - 1)
    if rule == "e4m3" and bexp == (1 << e) - 1 and frac == (1 << m) - 1:
        return sf.Float128.from_bytes(bytes.fromhex("7fff8" + "0" * 27))
    if rule == "ieee" and bexp == (1 << e) - 1:
        hexs = "7fff8" + "0" * 27 if frac else ("ffff" if sign else "7fff") + "0" * 28
        return sf.Float128.from_bytes(bytes.fromhex(hexs))
    mant = (frac | (1 << m)) if bexp else frac
    value = mant * 2.0 ** ((bexp if bexp else 1) - bias - m)   # exact in a double
    return sf.Float64.from_float(-value if sign else value).to_f128()


def exact_in(fmt, dtype):
    """Every code of input format fmt is exactly a value of dtype (SoftFloat's native FMA applies)."""
    if fmt == dtype or dtype == "f64":
        return True
    if dtype == "f32":
        return fmt != "f64"
    return fmt in ("e4m3", "e5m2", "e3m2", "e2m3", "e2m1")    # dtype f16


FMA = {"f16": sf.f16_mul_add, "f32": sf.f32_mul_add, "f64": sf.f64_mul_add}
FROM128 = {"f16": sf.f128_to_f16, "f32": sf.f128_to_f32, "f64": sf.f128_to_f64}


def softfloat_dot(algo, atype, dtype, a, b, c):
    """SoftFloat's d for one case under the current rounding mode, or None (sum not exact in f128)."""
    A = [to_f128(atype, x) for x in a]
    B = [to_f128(atype, x) for x in b]
    sf.set_exception_flags(0)
    acc128 = sfval(dtype, c).to_f128()
    if algo == "seq_fma":
        native = exact_in(atype, dtype)
        acc = sfval(dtype, c)
        for x, y in zip(A, B):
            if native:
                acc = FMA[dtype](FROM128[dtype](x), FROM128[dtype](y), acc)   # exact conversions
            else:
                sf.set_exception_flags(0)
                t = sf.f128_mul_add(x, y, acc.to_f128())
                if sf.get_exception_flags() & sf.ExceptionFlag.INEXACT:
                    return None
                acc = FROM128[dtype](t)
        return sfcode(acc)
    for x, y in zip(A, B):                     # exact: the whole sum in binary128, then one rounding
        acc128 = sf.f128_add(acc128, sf.f128_mul(x, y))
    if sf.get_exception_flags() & sf.ExceptionFlag.INEXACT:
        return None
    return sfcode(FROM128[dtype](acc128))


def random_code(rng, fmt, narrow_exp):
    """A code of fmt: any bits, or (narrow_exp) an exponent near the format's one, or a special."""
    nbits = code_bits(fmt)
    r = rng.random()
    if fmt in NARROW or r < 0.25:
        return rng.getrandbits(nbits)
    e, m = (8, 23) if fmt == "tf32" else IEEE[fmt][:2]
    bias = (1 << (e - 1)) - 1
    if r < 0.3:                                # zero, subnormal, smallest normal, largest, Inf, NaN
        bexp = rng.choice([0, 0, 1, (1 << e) - 2, (1 << e) - 1])
    else:
        lo, hi = (bias - 3, bias + 3) if narrow_exp else (1, (1 << e) - 2)
        bexp = rng.randint(lo, hi)
    frac = rng.getrandbits(m)
    if rng.random() < 0.3:
        frac &= ~((1 << rng.randrange(m + 1)) - 1)   # trailing zeros: short significands, ties
    return (rng.getrandbits(1) << (e + m)) | (bexp << m) | frac


def exp_fields(fmt):
    """(exponent bits, fraction bits, bias) of an input or output format."""
    if fmt in NARROW:
        return NARROW[fmt][:3]
    e, m = (8, 23) if fmt == "tf32" else IEEE[fmt][:2]
    return e, m, (1 << (e - 1)) - 1


def tie_case(rng, atype, dtype):
    """a[0] x b[0] = +-(half the last place of C): C + a*b is a tie of dtype (None: out of range)."""
    ea, ma, bias_a = exp_fields(atype)
    ed, md, bias_d = exp_fields(dtype)
    top = (1 << ea) - (2 if atype not in NARROW or NARROW[atype][3] == "ieee" else 1)
    xa, xb = rng.randint(1, top) - bias_a, rng.randint(1, top) - bias_a
    ec = xa + xb + md + 1                    # C's exponent: its last place is 2^(xa + xb + 1)
    if not 1 <= ec + bias_d <= (1 << ed) - 2:
        return None
    a = (rng.getrandbits(1) << (ea + ma)) | ((xa + bias_a) << ma)
    b = ((xb + bias_a) << ma)
    c = (rng.getrandbits(1) << (ed + md)) | ((ec + bias_d) << md) | rng.getrandbits(md)
    return a, b, c


def check_dots(dot_tool, rng, n, report):
    for algo in ("seq_fma", "exact"):
        for atype in INPUTS + ["f64"]:
            for dtype in (["f64"] if atype == "f64" else ["f16", "f32", "f64"]):
                for mode, sfmode in MODES.items():
                    cases, lines = [], []
                    drawn = 0
                    sf.set_rounding_mode(sfmode)
                    while len(cases) < n and drawn < 4 * n:
                        drawn += 1
                        k = rng.choice([1, 1, 2, 3, 4, 8, 16])
                        narrow = rng.random() < 0.6
                        fmt_a = "f64" if atype == "f64" else atype
                        a = [random_code(rng, fmt_a, narrow) for _ in range(k)]
                        b = [random_code(rng, fmt_a, narrow) for _ in range(k)]
                        c = random_code(rng, dtype, narrow) if rng.random() < 0.9 else 0
                        tie = tie_case(rng, atype, dtype) if rng.random() < 0.2 else None
                        if tie is not None:                  # a tie (k > 1: the other products may break it)
                            a[0], b[0], c = tie
                        elif rng.random() < 0.15 and dtype != "f64":   # C cancels the first product
                            sf.set_rounding_mode(sf.RoundingMode.NEAR_EVEN)
                            p = sf.f128_mul(to_f128(atype, a[0]), to_f128(atype, b[0]))
                            c = sfcode(FROM128[dtype](sf.f128_neg(p)))
                            sf.set_rounding_mode(sfmode)
                        want = softfloat_dot(algo, atype, dtype, a, b, c)
                        if want is None:
                            continue
                        cases.append(want)
                        lines.append(f"{algo}@{mode} mma {atype} {dtype} {k} "
                                     + " ".join(f"{x:x}" for x in a + b) + f" {c:x}\n")
                    got = run_tool([dot_tool], lines)
                    bad = 0
                    for want, line, g in zip(cases, lines, got):
                        ok = not g.startswith("ERR") and (is_nan_code(dtype, int(g, 16)) if is_nan_code(dtype, want)
                                                          else int(g, 16) == want)
                        if not ok:
                            bad += 1
                            if bad <= 5:
                                print(f"MISMATCH {algo}: {line.strip()} -> mmacore {g}, SoftFloat {want:x}")
                    if drawn >= 4 * n and len(cases) < n // 2:
                        print(f"FAIL {algo} {atype}->{dtype} {mode}: only {len(cases)} of {drawn} cases exact in binary128")
                        bad += 1
                    report(f"{algo} {atype}->{dtype} {mode}", len(cases), bad)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cvt_tool")
    ap.add_argument("dot_tool")
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies the number of cases")
    args = ap.parse_args()
    if args.scale <= 0:
        ap.error("--scale takes a positive number")
    rng = random.Random(args.seed)
    totals = {"checks": 0, "failed": 0, "groups": 0}

    def report(name, checks, failed):
        totals["checks"] += checks
        totals["failed"] += failed
        totals["groups"] += 1
        if failed:
            print(f"FAIL {name}: {failed} of {checks}")

    check_conversions(args.cvt_tool, rng, int(4000 * args.scale), report)
    check_dots(args.dot_tool, rng, int(300 * args.scale), report)
    sf.set_rounding_mode(sf.RoundingMode.NEAR_EVEN)
    print(f"oracle_softfloat (seed {args.seed}): {totals['groups']} groups, {totals['checks']} checks, "
          f"{totals['failed']} failed")
    return 1 if totals["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
