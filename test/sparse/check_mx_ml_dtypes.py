#!/usr/bin/env python3
"""MX / NVFP4 quantisation of mx_quant_tool against ml_dtypes casts (optional oracle).

MX (OCP v1.0): X = 2^(floor(log2 amax) - emax_elem) clamped to [-127, 127]; elements =
clip(x / X, +-max) cast with ml_dtypes (RNE). NVFP4: s = e4m3fn(min(amax / 6, 448)), 1.0 for an
all-zero block, 2^-9 when amax/6 rounds to 0; elements = clip(x / s, +-6) cast to float4_e2m1fn.
NaN/Inf elements are left to the C test (ml_dtypes has its own NaN codes). Exit 77 = skipped.
"""
import random
import subprocess
import sys

try:
    import numpy as np
    import ml_dtypes
except ImportError:
    print("SKIPPED: numpy/ml_dtypes not available")
    sys.exit(77)

tool = sys.argv[1]
rng = random.Random(20240607)
FMTS = {
    "e4m3": ml_dtypes.float8_e4m3fn,
    "e5m2": ml_dtypes.float8_e5m2,
    "e3m2": ml_dtypes.float6_e3m2fn,
    "e2m3": ml_dtypes.float6_e2m3fn,
    "e2m1": ml_dtypes.float4_e2m1fn,
}


def rand_f32():
    r = rng.randrange(10)
    sign = rng.randrange(2) << 31
    if r == 0:
        return sign
    if r == 1:
        return sign | rng.randrange(1, 1 << 23)
    if r == 2:
        return sign | (rng.randrange(1, 255) << 23) | rng.randrange(1 << 23)
    return sign | ((127 + rng.randrange(-12, 12)) << 23) | rng.randrange(1 << 23)


def f32(bits):
    return float(np.array([bits], dtype=np.uint32).view(np.float32)[0])


def code(value, dt):
    return int(np.array([value], dtype=np.float64).astype(dt).view(np.uint8)[0])


def expect_mx(name, xs):
    dt = FMTS[name]
    mx = float(ml_dtypes.finfo(dt).max)
    emax = int(np.floor(np.log2(mx)))
    vals = [f32(b) for b in xs]
    amax = max(abs(v) for v in vals)
    shared = -127 if amax == 0 else int(np.frexp(amax)[1]) - 1 - emax
    shared = max(-127, min(127, shared))
    return [shared + 127] + [code(min(mx, max(-mx, v * 2.0 ** -shared)), dt) for v in vals]


def expect_nvfp4(xs):
    vals = [f32(b) for b in xs]
    amax = max(abs(v) for v in vals)
    if amax == 0:
        s = 0x38
    else:
        s = code(min(amax / 6.0, 448.0), ml_dtypes.float8_e4m3fn)
        s = 0x01 if s == 0 else s
    sv = float(np.array([s], dtype=np.uint8).view(ml_dtypes.float8_e4m3fn)[0].astype(np.float64))
    return [s] + [code(min(6.0, max(-6.0, v / sv)), ml_dtypes.float4_e2m1fn) for v in vals]


cases = []
for rep in range(3000):
    name = list(FMTS)[rep % 5] if rep % 6 else "nvfp4"
    n = 16 if name == "nvfp4" else 32
    cases.append((name, [rand_f32() for _ in range(n)]))
text = "".join(f"{nm} {len(xs)} " + " ".join(f"{b:x}" for b in xs) + "\n" for nm, xs in cases)
out = subprocess.run([tool], input=text, capture_output=True, text=True, check=True).stdout.splitlines()
bad = 0
for (name, xs), line in zip(cases, out):
    got = [int(t, 16) for t in line.split()]
    want = expect_nvfp4(xs) if name == "nvfp4" else expect_mx(name, xs)
    if got != want:
        bad += 1
        if bad <= 10:
            print(f"{name}: got {got}\n      want {want}\n      x {[hex(b) for b in xs]}")
print(f"mx_ml_dtypes: {len(cases)} blocks, {bad} mismatches")
sys.exit(1 if bad or len(out) != len(cases) else 0)
