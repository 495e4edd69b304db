#!/usr/bin/env python3
"""Oracle (c): f32 -> narrow-format RNE conversions and decode against ml_dtypes / numpy.

Usage: check_ml_dtypes.py PATH/TO/cvt_tool

For each format, every code is decoded by ml_dtypes and by mmacore (widened to f32) and the f32
bit patterns must agree (NaN: both NaN). Then f32 inputs -- every code's value and its f32
neighbours, every midpoint between adjacent values and its neighbours, specials, and random
patterns -- are converted with ml_dtypes' (non-saturating, round-to-nearest-even) cast and with
mma_encode(RNE, no flags); the codes must agree where the two rule sets coincide:

  * a NaN result is compared as "is NaN" only: ml_dtypes keeps the sign of -NaN/-Inf in the NaN
    it produces, mmacore gives the canonical positive NaN.
  * e3m2, e2m3, e2m1 have no Inf/NaN: ml_dtypes turns NaN into +-0 and Inf into +-max; mmacore
    rejects both without a flag (MMA_ERR_UNREPRESENTABLE). NaN inputs are excluded; Inf inputs are
    compared against mma_encode with MMA_ENC_OCP_SAT (+-max). Finite overflow saturates in both.
  * ue8m0 (float8_e8m0fnu) has no zero and no sign: ml_dtypes gives NaN for 0 and for negative
    inputs, mmacore gives code 0x00 (2^-127) for 0 and rejects negatives; both are excluded.
    Also excluded: f32 subnormals in (2^-127, 1.5 * 2^-127) (patterns 0x00400001..0x005FFFFF):
    ml_dtypes 0.6 rounds them up to 2^-126 although 2^-127 is nearer (it rounds the raw subnormal
    mantissa as if it were normalised); mmacore's 2^-127 there is checked against MPFR (oracle_mpfr).
Exit status: 0 pass, 1 mismatch, 77 skipped (ml_dtypes or numpy missing).
"""
import subprocess
import sys

try:
    import numpy as np
    import ml_dtypes
except ImportError as exc:  # pragma: no cover - depends on the machine
    print(f"SKIPPED: oracle_ml_dtypes needs numpy and ml_dtypes ({exc}); run scripts/setup.sh")
    sys.exit(77)

SAT, RELU, OCP_SAT = 1, 2, 4

# name in mmacore, numpy dtype, code width in bits, container dtype, has Inf/NaN
FORMATS = [
    ("e4m3", ml_dtypes.float8_e4m3fn, 8, np.uint8),
    ("e5m2", ml_dtypes.float8_e5m2, 8, np.uint8),
    ("e3m2", ml_dtypes.float6_e3m2fn, 6, np.uint8),
    ("e2m3", ml_dtypes.float6_e2m3fn, 6, np.uint8),
    ("e2m1", ml_dtypes.float4_e2m1fn, 4, np.uint8),
    ("ue8m0", ml_dtypes.float8_e8m0fnu, 8, np.uint8),
    ("bf16", ml_dtypes.bfloat16, 16, np.uint16),
    ("f16", np.float16, 16, np.uint16),
]
NO_INF_NAN = {"e3m2", "e2m3", "e2m1"}


def run_tool(tool, lines):
    out = subprocess.run([tool], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    res = out.stdout.split("\n")[: len(lines)]
    if len(res) != len(lines):
        raise RuntimeError(f"cvt_tool answered {len(res)} of {len(lines)} lines")
    return res


def f32_bits(values):
    return np.asarray(values, dtype=np.float32).view(np.uint32)


def code_values(dtype, bits, container):
    codes = np.arange(1 << bits, dtype=container)
    return codes, codes.view(dtype).astype(np.float32)


def parse_codes(answers):
    """cvt_tool answers as integers; -1 where it reported an error."""
    return np.array([-1 if a.startswith("E") else int(a, 16) for a in answers], dtype=np.int64)


def report(kind, name, idx, xs_desc, got, want):
    for i in idx[:10]:
        print(f"  {kind} {name} {xs_desc(i)}: mmacore {got[i]:#x}, ml_dtypes {want[i]}")


def check_decode(tool, name, dtype, bits, container):
    codes, vals = code_values(dtype, bits, container)
    got = parse_codes(run_tool(tool, [f"dec {name} {int(c):x}" for c in codes]))
    gv = np.where(got < 0, 0, got).astype(np.uint32).view(np.float32)
    nan_ok = np.isnan(vals) & np.isnan(gv)
    ok = (got >= 0) & (nan_ok | (~np.isnan(vals) & (got == f32_bits(vals).astype(np.int64))))
    bad = np.nonzero(~ok)[0]
    report("decode", name, bad, lambda i: f"code {int(codes[i]):#x}", got, [repr(v) for v in vals])
    return len(codes), len(bad)


def inputs_for(dtype, bits, container, rng):
    _, vals = code_values(dtype, bits, container)
    finite = np.unique(vals[np.isfinite(vals)].astype(np.float64))
    xs = [vals[np.isfinite(vals)]]
    # midpoints between adjacent values (and one step beyond the largest), exact in f32
    mids = (finite[:-1] + finite[1:]) / 2
    top = finite[-1]
    step = finite[-1] - finite[-2]
    extra = np.array([top + step / 2, -(top + step / 2), top + step, top * 2], dtype=np.float64)
    with np.errstate(over="ignore"):
        m32 = np.concatenate([mids, extra]).astype(np.float32)
    xs.append(m32[np.isfinite(m32)])
    base = np.concatenate(xs).astype(np.float32)
    up = np.nextafter(base, np.float32(np.inf))
    down = np.nextafter(base, np.float32(-np.inf))
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 1e-45, -1e-45, 1.1754942e-38,
                         3.4028235e38, -3.4028235e38], dtype=np.float32)
    rand_bits = rng.integers(0, 1 << 32, size=100000, dtype=np.uint64).astype(np.uint32).view(np.float32)
    # random values near the format's range: random sign and mantissa, exponent around [min, max]
    lo = np.log2(np.min(np.abs(finite[finite != 0]))) - 3
    hi = np.log2(top) + 2
    mant = rng.random(100000) + 1.0
    expo = np.floor(rng.uniform(lo, hi, 100000))
    sign = np.where(rng.random(100000) < 0.5, -1.0, 1.0)
    with np.errstate(over="ignore"):
        near = (sign * mant * np.exp2(expo)).astype(np.float32)
    return np.concatenate([base, up, down, specials, rand_bits, near])


def check_encode(tool, name, dtype, bits, container, rng):
    xs = inputs_for(dtype, bits, container, rng)
    xs = np.unique(f32_bits(xs)).view(np.float32)
    with np.errstate(over="ignore", invalid="ignore"):
        ml = xs.astype(dtype)
    ml_codes = ml.view(container)
    ml_nan = np.isnan(ml.astype(np.float32))
    xb = f32_bits(xs)
    isnan, isinf = np.isnan(xs), np.isinf(xs)
    rules = {  # reason -> inputs excluded for it (see the module docstring)
        "nan-input (no NaN in format)": isnan & (name in NO_INF_NAN),
        "zero/negative into ue8m0": ~isnan & ((xs <= 0) | np.signbit(xs)) & (name == "ue8m0"),
        "ml_dtypes e8m0 subnormal-rounding quirk": (xb >= 0x00400001) & (xb < 0x00600000) & (name == "ue8m0"),
    }
    dropped = np.zeros(len(xs), dtype=bool)
    for m in rules.values():
        dropped |= m
    excluded = {k: int(np.count_nonzero(m)) for k, m in rules.items()}
    keep = np.nonzero(~dropped)[0]
    flags = np.where(isinf[keep] & (name in NO_INF_NAN), OCP_SAT, 0)
    lines = [f"{name} rne {f} {b:08x}" for f, b in zip(flags.tolist(), xb[keep].tolist())]
    got = parse_codes(run_tool(tool, lines))
    want = ml_codes[keep].astype(np.int64) & ((1 << bits) - 1)
    got_nan = np.isnan(np.where(got < 0, 0, got).astype(container).view(dtype).astype(np.float32))
    ok = (got >= 0) & np.where(ml_nan[keep], got_nan, got == want)
    bad = np.nonzero(~ok)[0]
    report("encode", name, bad, lambda i: f"f32 {int(f32_bits(xs[keep[i]])):#010x} ({xs[keep[i]]!r})",
           got, [hex(w) for w in want])
    bad = len(bad)
    return len(keep), bad, excluded


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    tool = sys.argv[1]
    rng = np.random.default_rng(20240611)
    total_bad = 0
    print(f"numpy {np.__version__}, ml_dtypes {ml_dtypes.__version__}")
    for name, dtype, bits, container in FORMATS:
        nd, bd = check_decode(tool, name, dtype, bits, container)
        ne, be, excl = check_encode(tool, name, dtype, bits, container, rng)
        total_bad += bd + be
        ex = ", ".join(f"{k}: {v}" for k, v in excl.items() if v)
        print(f"  {name:6s} decode {nd} codes ({bd} bad), encode {ne} f32 inputs ({be} bad)"
              + (f"; excluded {ex}" if ex else ""))
    print(f"oracle_ml_dtypes: {'PASS' if total_bad == 0 else f'{total_bad} mismatches'}")
    return 0 if total_bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
