"""Independent reference model of the MMA accumulation numerics (NUMERICS.md section 3).

Written from the text of /work/shared/spec/NUMERICS.md (sections 1 and 3), the public headers
include/mma/*.h and the Arm ARM FP8 pseudocode extract (shared/reference/arm), NOT from the
library's C sources. Standard library only.

Arithmetic is exact: every finite value is a dyadic rational held as an integer significand and
a power-of-two exponent (value = M * 2**x); sums are exact Python integers and every rounding is
done once, explicitly, by `round_to_code`. `to_fraction` gives the same values as
fractions.Fraction for checks and debugging (the self-test at the bottom uses it).

Main entry points:
    decode(fmt, code)                       -> Val
    preset_profile(preset, family, atype, dtype) -> Profile or None
    dot(profile, atype, a, btype, b, dtype, c)   -> output code (int)
"""

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

# --------------------------------------------------------------------------- formats (section 1)


@dataclass(frozen=True)
class Fmt:
    name: str
    ebits: int
    mbits: int          # fraction field width p
    bias: int
    has_inf: bool
    nan_style: str      # 'ieee', 'allones' (e4m3: S.1111.111 only) or 'none'
    width: int          # storage width of a code
    shift: int = 0      # position of the fraction field's LSB (tf32: 13)

    def __post_init__(self):
        top = (1 << self.ebits) - 1
        set_ = object.__setattr__
        set_(self, 'emin', 1 - self.bias)
        # largest finite exponent: the all-ones exponent is finite only without Inf and IEEE NaN
        set_(self, 'emax', (top - 1 if self.has_inf or self.nan_style == 'ieee' else top) - self.bias)
        # fraction of the largest finite value (e4m3: S.1111.110)
        set_(self, 'max_frac', (1 << self.mbits) - (2 if self.nan_style == 'allones' else 1))


FORMATS = {
    'f64': Fmt('f64', 11, 52, 1023, True, 'ieee', 64),
    'f32': Fmt('f32', 8, 23, 127, True, 'ieee', 32),
    'tf32': Fmt('tf32', 8, 10, 127, True, 'ieee', 32, 13),
    'f16': Fmt('f16', 5, 10, 15, True, 'ieee', 16),
    'bf16': Fmt('bf16', 8, 7, 127, True, 'ieee', 16),
    'e5m2': Fmt('e5m2', 5, 2, 15, True, 'ieee', 8),
    'e4m3': Fmt('e4m3', 4, 3, 7, False, 'allones', 8),
    'e3m2': Fmt('e3m2', 3, 2, 3, False, 'none', 6),
    'e2m3': Fmt('e2m3', 2, 3, 1, False, 'none', 6),
    'e2m1': Fmt('e2m1', 2, 1, 1, False, 'none', 4),
}

ZERO, FIN, INF, NAN = 'zero', 'fin', 'inf', 'nan'


class Val(NamedTuple):
    """A decoded value: (-1)^sign * M * 2^(e - f). e is the term exponent (pinned at e_min for
    subnormals, never renormalised), f the fraction width of M (p for inputs, 2p for products)."""
    cls: str
    sign: int
    M: int = 0
    e: int = 0
    f: int = 0

    @property
    def lsb(self):
        return self.e - self.f


def to_fraction(v):
    if v.cls == ZERO:
        return Fraction(0)
    if v.cls != FIN:
        raise ValueError('not finite')
    x = Fraction(v.M) * (Fraction(2) ** v.lsb)
    return -x if v.sign else x


@lru_cache(maxsize=1 << 18)
def decode(fmtname, code):
    fm = FORMATS[fmtname]
    if code < 0 or code >> fm.width:
        raise ValueError('code %x out of range for %s' % (code, fmtname))
    sign = (code >> (fm.width - 1)) & 1
    body = code >> fm.shift                       # tf32: the top 19 bits of the f32 pattern
    frac = body & ((1 << fm.mbits) - 1)
    bexp = (body >> fm.mbits) & ((1 << fm.ebits) - 1)
    top = (1 << fm.ebits) - 1
    if fm.nan_style == 'ieee' and bexp == top:
        return Val(NAN if frac else INF, sign)
    if fm.nan_style == 'allones' and bexp == top and frac == (1 << fm.mbits) - 1:
        return Val(NAN, sign)
    if bexp == 0:
        if frac == 0:
            return Val(ZERO, sign)
        return Val(FIN, sign, frac, fm.emin, fm.mbits)       # subnormal: pinned at e_min
    return Val(FIN, sign, (1 << fm.mbits) | frac, bexp - fm.bias, fm.mbits)


def product(a, b):
    """Exact, unnormalised product (section 3 step 3). Returns Val, or NAN for 0 x Inf."""
    s = a.sign ^ b.sign
    if a.cls == NAN or b.cls == NAN:
        return Val(NAN, s)
    if a.cls == INF or b.cls == INF:
        if a.cls == ZERO or b.cls == ZERO:
            return Val(NAN, s)
        return Val(INF, s)
    if a.cls == ZERO or b.cls == ZERO:
        # value 0; e is the exponent the zero product would align at under zero_product_term
        # (MMA-Sim: a zero operand counts as exponent -126 whatever its format, the other operand
        # its own exponent, pinned at e_min if subnormal)
        return Val(ZERO, s, 0, (a.e if a.cls == FIN else -126) + (b.e if b.cls == FIN else -126))
    return Val(FIN, s, a.M * b.M, a.e + b.e, a.f + b.f)


# --------------------------------------------------------------------------- rounding / encoding

RNE, RZ, RU, RD, RNA = 'rne', 'rz', 'ru', 'rd', 'rna'

CANONICAL_NAN = {'f32': 0x7FFFFFFF, 'f16': 0x7FFF, 'f64': 0x7FFFFFFFFFFFFFFF}
ARM_DEFAULT_NAN = {'f32': 0x7FC00000, 'f16': 0x7E00}


def inf_code(fmtname, sign):
    fm = FORMATS[fmtname]
    return (sign << (fm.width - 1)) | (((1 << fm.ebits) - 1) << (fm.mbits + fm.shift))


def zero_code(fmtname, sign):
    return sign << (FORMATS[fmtname].width - 1)


def max_code(fmtname, sign, sig_bits=None):
    """Largest finite value (with sig_bits significant bits if narrower than the format)."""
    fm = FORMATS[fmtname]
    frac = fm.max_frac
    if sig_bits is not None and sig_bits - 1 < fm.mbits:
        drop = fm.mbits - (sig_bits - 1)
        frac = (frac >> drop) << drop
    return (sign << (fm.width - 1)) | ((fm.emax + fm.bias) << fm.mbits) | frac


def _round_int(q, rem_num, rem_den_bits, sign, mode):
    """q = truncated magnitude, remainder = rem_num / 2^rem_den_bits (in [0,1)). Returns rounded q."""
    if rem_num == 0:
        return q
    half = 1 << (rem_den_bits - 1)
    if mode == RZ:
        return q
    if mode == RU:
        return q if sign else q + 1
    if mode == RD:
        return q + 1 if sign else q
    if rem_num > half:
        return q + 1
    if rem_num < half:
        return q
    if mode == RNA:
        return q + 1
    return q + (q & 1)   # RNE


def round_to_code(fmtname, sign, mag, x, mode, sig_bits=None, overflow='ieee', sub_lsb=None):
    """Round (-1)^sign * mag * 2^x (mag > 0 integer) once to fmtname.

    sig_bits: significant bits kept (default p+1; 14 for e8m13 in an f32 container).
    sub_lsb: weight exponent of the smallest subnormal step (default emin - (sig_bits-1)).
    overflow: 'ieee' (Inf or max finite by mode), 'inf' (always Inf: block-FMA rule),
              'sat' (always max finite: Arm OSM=1).
    A result that rounds to zero keeps the sign of the exact value."""
    fm = FORMATS[fmtname]
    p = sig_bits if sig_bits is not None else fm.mbits + 1
    if sub_lsb is None:
        sub_lsb = fm.emin - (p - 1)
    assert mag > 0
    vexp = mag.bit_length() - 1 + x                 # floor(log2 |value|)
    lsb = max(vexp - (p - 1), sub_lsb)
    sh = lsb - x
    if sh <= 0:
        q = mag << (-sh)
    else:
        q = _round_int(mag >> sh, mag & ((1 << sh) - 1), sh, sign, mode)
    if q == 0:
        return zero_code(fmtname, sign)
    if q.bit_length() > p:          # rounding carried into a new binade: q == 2^p
        q >>= 1
        lsb += 1
    rexp = q.bit_length() - 1 + lsb
    if rexp > fm.emax:
        if overflow == 'inf':
            return inf_code(fmtname, sign)
        if overflow == 'sat':
            return max_code(fmtname, sign, sig_bits)
        to_inf = mode in (RNE, RNA) or (mode == RU and not sign) or (mode == RD and sign)
        return inf_code(fmtname, sign) if to_inf else max_code(fmtname, sign, sig_bits)
    # encode q * 2^lsb exactly (q < 2^p, lsb >= the format's own subnormal lsb)
    if rexp < fm.emin:
        bexp = 0
        frac = q << (lsb - (fm.emin - fm.mbits))
    else:
        bexp = rexp + fm.bias
        frac = (q << (lsb - (rexp - fm.mbits))) & ((1 << fm.mbits) - 1)
    return (sign << (fm.width - 1)) | (bexp << (fm.mbits + fm.shift)) | (frac << fm.shift)


# --------------------------------------------------------------------------- profiles and presets

NONE = None  # "no min_E clamp"


@dataclass(frozen=True)
class Profile:
    algo: str = 'block_fma'      # 'block_fma', 'exact', 'seq_fma', 'arm_fp8'
    G: int = 8
    F: int = 24
    korder: str = 'natural'      # or 'pair_split'
    cmode: str = 'joint'         # 'joint', 'separate', 'unused'
    f32_sig: int = 24            # 24, or 14 for e8m13
    f32_round: str = RZ
    f16_round: str = RNE
    min_e_f32: object = NONE
    min_e_f16: object = NONE
    zero_c_term: bool = False    # MMA-Sim: zero C is a term at exponent -126
    f16_c_pinned: bool = False   # MMA-Sim: subnormal f16 C pinned at -14
    zero_product_term: bool = False  # MMA-Sim: a zero product takes part in E (zero operand = -126)
    round_mode: str = RNE        # exact / seq_fma
    arm_lscale: int = 0
    arm_osm: bool = False


def _nv(G, F, min_f32, min_f16=None, korder='natural', cmode='joint', f32_sig=24):
    # f16 min_E left open by the table: -14 - delta where the f32 value is -126 - delta
    if min_f16 is None and min_f32 is not None:
        min_f16 = -14 - (-126 - min_f32)
    return Profile('block_fma', G, F, korder, cmode, f32_sig, RZ, RNE, min_f32, min_f16)


FP8 = ('e4m3', 'e5m2')
FP6FP4 = ('e3m2', 'e2m3', 'e2m1')

# Which (preset, family, atype) cells the NUMERICS table / headers actually document.
# Anything else that the library accepts is reported as "undocumented" by the test script.


def preset_profile(preset, family, atype, dtype, btype=None):
    """Profile of the datapath (NUMERICS section 3 presets table) for A of type atype and B of type
    btype (default: atype). Returns (Profile, documented) or (None, False) when the reference has no
    opinion for the combination. The answer depends on the PAIR of types only as a set: swapping A
    and B never changes it."""
    if btype is None:
        btype = atype
    if dtype not in ('f32', 'f16'):
        return None, False
    if preset == 'exact':
        return Profile(algo='exact'), True
    if preset == 'seq_fma':
        return Profile(algo='seq_fma'), True
    pair = {atype, btype}
    if atype != btype and not pair <= set(FP8 + FP6FP4):
        return None, False           # no GPU datapath mixes other formats
    if preset == 'arm_fp8':
        if pair <= set(FP8):
            return Profile(algo='arm_fp8'), True
        return None, False
    if preset == 'volta':
        if atype == 'f16':
            return _nv(4, 23, NONE, -19), family in ('mma', 'wmma')
        return None, False
    if preset == 'turing':
        if atype == 'f16':
            return _nv(8, 24, -132), family in ('mma', 'wmma')
        return None, False
    if preset in ('ampere', 'ada'):
        doc = family in ('mma', 'wmma')
        if atype in ('f16', 'bf16'):
            return _nv(8, 24, -132), doc
        if atype == 'tf32':
            return _nv(4, 24, -132), doc and dtype == 'f32'
        if preset == 'ada' and pair <= set(FP8):
            return _nv(16, 13, -132, f32_sig=14), family == 'mma'
        return None, False
    if preset in ('hopper', 'blackwell', 'rtx_blackwell'):
        doc = preset != 'rtx_blackwell' and not (preset == 'blackwell' and family == 'wgmma')
        if atype in ('f16', 'bf16'):
            return _nv(16, 25, -133), doc
        if atype == 'tf32':
            return _nv(8, 25, -133), doc and dtype == 'f32'
        if preset == 'rtx_blackwell' and pair <= set(FP8 + FP6FP4):
            # sm_120 mma.sync with FP8/FP6/FP4 operands in any pair, plain or kind::f8f6f4, k16/k32:
            # one step over the whole K (G = K, 32 covers both), natural order, C joined, F = 25,
            # f32 RZ / f16 RNE (issue 12: MMA-Sim's validated RTX Blackwell structure)
            return _nv(32, 25, -133), family == 'mma'
        if pair <= set(FP8):
            if preset == 'hopper' and family == 'wgmma':
                return _nv(32, 13, -133, f32_sig=14), True
            # Hopper mma.sync (legacy) and Blackwell mma.sync m16n8k32: 2 x 16, pair_split, C last
            return _nv(16, 25, -133, korder='pair_split', cmode='separate'), \
                preset in ('hopper', 'blackwell') and family == 'mma'
        return None, False
    return None, False


# The k of the instruction that runs each input type (what mma_dot is given by mma_run).
def instr_k(preset, family, atype):
    if atype in ('f16', 'bf16'):
        if preset == 'volta' and family == 'mma':
            return 4          # mma.m8n8k4
        if preset == 'turing' and family == 'mma':
            return 8          # mma.m16n8k8
        return 16
    if atype == 'tf32':
        return 8
    if atype in ('f32', 'f64'):
        return 8
    return 32                 # fp8 / fp6 / fp4


# --------------------------------------------------------------------------- the algorithms


def _is_nan_or_invalid(vals):
    """Section 3 step 1: NaN anywhere, 0 x Inf (already NAN products), or +Inf with -Inf."""
    if any(v.cls == NAN for v in vals):
        return True
    signs = {v.sign for v in vals if v.cls == INF}
    return len(signs) == 2


def _inf_sign(vals):
    for v in vals:
        if v.cls == INF:
            return v.sign
    return None


def _c_term(c, ctype, prof):
    """C as a block-FMA term (step 4), or None if it takes no part."""
    if c.cls == ZERO:
        if prof.zero_c_term:
            # MMA-Sim: a zero C is a term with exponent -126 (and value 0)
            return Val(FIN, 0, 0, -126, 23)
        return None
    if ctype == 'f32':
        e = max(c.M.bit_length() - 1 + c.lsb, -126)
    else:  # f16 C: true exponent by default, pinned at -14 in MMA-Sim mode
        e = c.M.bit_length() - 1 + c.lsb
        if prof.f16_c_pinned:
            e = max(e, -14)
    # keep the value, only the term exponent matters for alignment
    return Val(FIN, c.sign, c.M, e, e - c.lsb)


def block_step(prof, prods, c, ctype, dtype):
    """One block-FMA step: prods (Val list, <= G), c (decoded Val of ctype). Returns dtype code."""
    allv = list(prods) + [c]
    if _is_nan_or_invalid(allv):
        return CANONICAL_NAN[dtype]
    s = _inf_sign(allv)
    if s is not None:
        return inf_code(dtype, s)
    terms = [p for p in prods if p.cls == FIN]
    if prof.zero_product_term:
        # a zero product takes part in E with its exponent and adds nothing to the sum
        terms += [Val(FIN, 0, 0, p.e, 0) for p in prods if p.cls == ZERO]
    ct = _c_term(c, ctype, prof)
    if ct is not None:
        terms.append(ct)
    if not terms:
        return zero_code(dtype, 0)
    E = max(t.e for t in terms)
    min_e = prof.min_e_f32 if dtype == 'f32' else prof.min_e_f16
    if min_e is not None:
        E = max(E, min_e)
    F = prof.F
    S = 0
    for t in terms:
        sh = F - (E - t.e) - t.f            # t = floor(M * 2^sh)
        mag = t.M << sh if sh >= 0 else t.M >> (-sh)
        S += -mag if t.sign else mag
    if S == 0:
        return zero_code(dtype, 0)
    sign = 1 if S < 0 else 0
    if dtype == 'f32':
        sig = prof.f32_sig
        return round_to_code('f32', sign, abs(S), E - F, prof.f32_round, sig_bits=sig,
                             overflow='inf', sub_lsb=-126 - (sig - 1))
    return round_to_code('f16', sign, abs(S), E - F, prof.f16_round, overflow='inf')


def ieee_add(x_code, y_code, fmtname, mode=RNE):
    """One IEEE addition in fmtname (used for C 'separate')."""
    x, y = decode(fmtname, x_code), decode(fmtname, y_code)
    if _is_nan_or_invalid([x, y]):
        return CANONICAL_NAN[fmtname]
    s = _inf_sign([x, y])
    if s is not None:
        return inf_code(fmtname, s)
    return _ieee_sum_round([x, y], fmtname, mode, zero_sign_inputs=[x, y])


def _ieee_sum_round(terms, fmtname, mode, zero_sign_inputs, overflow='ieee'):
    """Exact sum of finite/zero Vals, rounded once (IEEE 754 zero-sign rules)."""
    fins = [t for t in terms if t.cls == FIN]
    if fins:
        lo = min(t.lsb for t in fins)
        S = 0
        for t in fins:
            m = t.M << (t.lsb - lo)
            S += -m if t.sign else m
    else:
        S, lo = 0, 0
    if S == 0:
        # exact zero: sum of zeros of equal sign keeps it; otherwise +0 (-0 in RD)
        signs = {t.sign for t in zero_sign_inputs}
        if not fins and len(signs) == 1:
            return zero_code(fmtname, signs.pop())
        return zero_code(fmtname, 1 if mode == RD else 0)
    return round_to_code(fmtname, 1 if S < 0 else 0, abs(S), lo, mode, overflow=overflow)


def order_k(k, korder):
    if korder == 'natural':
        return list(range(k))
    return [i for i in range(k) if i % 4 in (0, 1)] + [i for i in range(k) if i % 4 in (2, 3)]


def dot(prof, atype, a, btype, b, dtype, c):
    """d = C + sum a[i]*b[i] under the profile; a, b lists of codes; c, return: dtype codes."""
    ctype = dtype
    k = len(a)
    A = [decode(atype, x) for x in a]
    B = [decode(btype, x) for x in b]
    P = [product(A[i], B[i]) for i in order_k(k, prof.korder)]
    C = decode(ctype, c)

    if prof.algo == 'exact':
        allv = P + [C]
        if _is_nan_or_invalid(allv):
            return CANONICAL_NAN[dtype]
        s = _inf_sign(allv)
        if s is not None:
            return inf_code(dtype, s)
        return _ieee_sum_round(allv, dtype, prof.round_mode, zero_sign_inputs=allv)

    if prof.algo == 'seq_fma':
        acc = c
        for p in P:
            accv = decode(dtype, acc)
            allv = [p, accv]
            if _is_nan_or_invalid(allv):
                acc = CANONICAL_NAN[dtype]
                continue
            s = _inf_sign(allv)
            if s is not None:
                acc = inf_code(dtype, s)
                continue
            acc = _ieee_sum_round(allv, dtype, prof.round_mode, zero_sign_inputs=allv)
        return acc

    if prof.algo == 'arm_fp8':
        allv = P + [C]
        if _is_nan_or_invalid(allv):
            return ARM_DEFAULT_NAN[dtype]
        s = _inf_sign(allv)
        if s is not None:
            return inf_code(dtype, s)
        fins = [t for t in allv if t.cls == FIN]
        if not fins:
            signs = {t.sign for t in allv}
            return zero_code(dtype, signs.pop() if len(signs) == 1 else 0)
        scaled = [t._replace(e=t.e - prof.arm_lscale) if t is not C else t for t in fins]
        total = _exact_sum(scaled)
        if total[0] == 0:
            return zero_code(dtype, 0)
        S, lo = total
        return round_to_code(dtype, 1 if S < 0 else 0, abs(S), lo, RNE,
                             overflow='sat' if prof.arm_osm else 'ieee')

    # block FMA
    G = prof.G
    if prof.cmode == 'joint':
        acc_code, acc_type = c, ctype
    else:
        acc_code, acc_type = zero_code(dtype, 0), dtype
    steps = [P[i:i + G] for i in range(0, k, G)] or [[]]
    for st in steps:
        acc_code = block_step(prof, st, decode(acc_type, acc_code), acc_type, dtype)
        acc_type = dtype
    if prof.cmode == 'separate':
        acc_code = ieee_add(acc_code, c, dtype, RNE)
    return acc_code


def _exact_sum(fins):
    lo = min(t.lsb for t in fins)
    S = 0
    for t in fins:
        m = t.M << (t.lsb - lo)
        S += -m if t.sign else m
    return S, lo


# --------------------------------------------------------------------------- self-test

def _selftest():
    # decode against hand values
    assert to_fraction(decode('f16', 0x3C00)) == 1
    assert to_fraction(decode('f16', 0x0001)) == Fraction(1, 2 ** 24)
    assert to_fraction(decode('bf16', 0x3FC0)) == Fraction(3, 2)
    assert to_fraction(decode('e4m3', 0x7E)) == 448
    assert decode('e4m3', 0x7F).cls == NAN and decode('e4m3', 0x78).cls == FIN
    assert to_fraction(decode('e5m2', 0x7B)) == 57344
    assert decode('e5m2', 0x7C).cls == INF
    assert to_fraction(decode('e3m2', 0x1F)) == 28
    assert to_fraction(decode('e2m3', 0x1F)) == Fraction(15, 2)
    assert to_fraction(decode('e2m3', 0x01)) == Fraction(1, 8)
    assert [to_fraction(decode('e2m1', i)) for i in range(8)] == \
        [0, Fraction(1, 2), 1, Fraction(3, 2), 2, 3, 4, 6]
    assert decode('e2m1', 8).cls == ZERO and decode('e2m1', 8).sign == 1
    assert to_fraction(decode('tf32', 0x3F801FFF)) == 1        # low 13 bits ignored
    assert to_fraction(decode('f32', 0x00000001)) == Fraction(1, 2 ** 149)
    # rounding
    assert round_to_code('f16', 0, 65520, 0, RNE) == 0x7C00
    assert round_to_code('f16', 0, 65519, 0, RNE) == 0x7BFF
    assert round_to_code('f16', 0, 1, -25, RNE) == 0x0000   # tie to even (0)
    assert round_to_code('f16', 0, 3, -26, RNE) == 0x0001
    assert round_to_code('f32', 0, (1 << 25) - 1, 0, RZ) == 0x4BFFFFFF
    assert round_to_code('f32', 0, (1 << 25) - 1, 0, RNE) == 0x4C000000
    # NUMERICS example: A100 bf16 -> f32, C = 0, three 1.5*2^-75 x 2^-75
    p, _ = preset_profile('ampere', 'wmma', 'bf16', 'f32')
    a = [0x1A40] * 3   # 1.5 * 2^-75: exp field 127-75 = 52 = 0x34 -> 0 0110100 1000000
    b = [0x1A00] * 3
    assert to_fraction(decode('bf16', 0x1A40)) == Fraction(3, 2) * Fraction(1, 2 ** 75)
    assert dot(p, 'bf16', a, 'bf16', b, 'f32', 0) == 0x00000002
    q = replace(p, zero_c_term=True, min_e_f32=None)
    assert dot(q, 'bf16', a, 'bf16', b, 'f32', 0) == 0x00000001
    # issue 12: sm_120 kind::f8f6f4, A = 8.0 (e4m3 0x50) x B = 1.0 (e2m1 0x2), C = 0x4d12bc27: one
    # step with C joined, RZ -> C unchanged, in both operand orders; exact RNE ties to even
    for at, a, bt, b in (('e4m3', 0x50, 'e2m1', 0x2), ('e2m1', 0x2, 'e4m3', 0x50)):
        p, _ = preset_profile('rtx_blackwell', 'mma', at, 'f32', bt)
        assert dot(p, at, [a] + [0] * 31, bt, [b] + [0] * 31, 'f32', 0x4d12bc27) == 0x4d12bc27
    assert dot(Profile(algo='exact'), 'e4m3', [0x50], 'e2m1', [0x2], 'f32', 0x4d12bc27) == 0x4d12bc28
    # zero_product_term: bf16 0 x 2^127 enters at E = -126 + 127 = 1 and truncates C = 2^-10(1+2^-23)
    h, _ = preset_profile('hopper', 'mma', 'bf16', 'f32')
    assert dot(h, 'bf16', [0x0000], 'bf16', [0x7F00], 'f32', 0x3A800001) == 0x3A800001
    hz = replace(h, zero_product_term=True)
    assert dot(hz, 'bf16', [0x0000], 'bf16', [0x7F00], 'f32', 0x3A800001) == 0x3A800000
    print('ref_model self-test passed')


if __name__ == '__main__':
    _selftest()
