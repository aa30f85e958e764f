"""An exact reference for the tests: a rational rounded once to a binary
float format, to nearest, ties to even (IEEE 754's default), in integers."""
import math
from fractions import Fraction

# (precision in bits, least normal exponent, greatest exponent)
FLOAT16 = (11, -14, 15)
FLOAT32 = (24, -126, 127)


def round_to(q, fmt):
    """q (a Fraction, or text Fraction reads exactly: "0.1") rounded once to
    fmt, as a Python float (which holds every FLOAT16 and FLOAT32 value)."""
    q = Fraction(q)
    p, emin, emax = fmt
    if q == 0:
        return 0.0
    sign = -1.0 if q < 0 else 1.0
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()  # 2^e <= a < 2^(e+2)
    if Fraction(2) ** (e + 1) <= a:
        e += 1
    if Fraction(2) ** e > a:
        e -= 1
    quantum = Fraction(2) ** (max(e, emin) - (p - 1))
    n = a / quantum
    whole = math.floor(n)
    rest = n - whole
    if rest > Fraction(1, 2) or rest == Fraction(1, 2) and whole % 2 == 1:
        whole += 1
    v = whole * quantum
    if v >= Fraction(2) ** (emax + 1):
        return sign * math.inf
    return sign * float(v)
