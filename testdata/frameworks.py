"""Emulations of other frameworks' arange, written from their sources, for
dml's check models torch-cuda, cupy, jax, jax-jit, onnxruntime,
tensorflow, and for FLOAT32 jax-jit-cpu and tfjs (check/models_test.go): no framework is run, only NumPy, and
nothing here shares code with the Go models.

    /usr/bin/python3 testdata/frameworks.py

prints one line per fill as testdata/arange.py does: model, type, start,
delta (as written), element count, SHA-256 of the elements' little-endian
bytes. testdata/frameworks.txt holds its output. S and D are the start and
delta as written, read to float64; f32() rounds to float32, out() to the
element type, each once, to nearest even:

  torch-cuda  aten/src/ATen/native/cuda/RangeFactories.cu (arange_cuda_out):
              accscalar_t is float for float and Half; xstart + xstep*ind,
              which nvcc contracts into one FMA: out(fma(f32(D), f32(i), f32(S)))
  jax-jit     jax/_src/numpy/lax_numpy.py (_arange, jax >= 0.10): float16
              computed in float32, start + step*iota fused by XLA: as torch-cuda
  jax         the same, eager: each primitive apart, a multiply then an add:
              out(f32(f32(S) + f32(f32(D) * f32(i))))
  cupy        cupy/_creation/ranges.py: start and step rounded to the output
              dtype on the host, 'out0 = in0 + i * in1' in float (NVRTC fuses):
              out(fma(out(D), f32(i), out(S)))
  onnxruntime onnxruntime/core/providers/cpu/generator/range.cc (ComputeRange):
              y = start; start += delta, in float32 (Range-27's function body for
              float16: cast to float32, add, cast each back): acc0 = f32(out(S)),
              acc(i+1) = f32(acc(i) + f32(out(D))), element i out(acc(i))
  tensorflow  tensorflow/core/kernels/sequence_ops.cc (RangeFunctor): val +=
              delta in the output type (Eigen::half adds in float, rounds):
              v0 = out(S), v(i+1) = out(f32(v(i)) + f32(out(D)))
  jax-jit-cpu JAX under jit on the CPU: XLA:CPU's loop, vectorised by LLVM in
              blocks of 32 (8 float32 lanes, xla_cpu_prefer_vector_width 256,
              interleaved 4 times) with FMA contraction (AllowFPOpFusion Fast):
              as jax-jit below n - n % 32; the remainder, unrolled with its
              indices constant and folded, a multiply then an add: as jax
  tfjs        TensorFlow.js 4.22 (tfjs-backend-cpu, kernels/Range_impl.ts,
              rangeImpl; the wasm backend calls the same): values[0] = start,
              values[i] = values[i - 1] + step in a Float32Array: a JavaScript
              number (float64) added to a float32, rounded once to float32:
              v0 = f32(S), v(i+1) = f32(float64(v(i)) + D)
"""
import hashlib
import random
from fractions import Fraction

import numpy as np

CASES = [
    ("0.1", "0.3", 3000),
    ("-5", "0.001", 3000),
    ("1000", "0.7", 2000),
    ("0.1", "3e-4", 3000),
    ("-1000", "0.07", 3000),
    ("2048", "0.125", 2000),
    ("12345.6789", "3.14159", 999),
]


def f32(x):
    return np.float32(x)


def fma32(a, b, c):
    """a*b + c for float32 a, b, c, rounded once to float32 (exact rational)."""
    exact = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    # The nearest float32 to an exact rational: round to float64 first
    # could round twice, so round through the float32 grid by hand.
    lo = np.float32(float(exact))
    if Fraction(float(lo)) == exact:
        return lo
    below = lo if Fraction(float(lo)) < exact else np.nextafter(lo, np.float32(-np.inf))
    above = np.nextafter(below, np.float32(np.inf))
    db, da = exact - Fraction(float(below)), Fraction(float(above)) - exact
    if db < da:
        return below
    if da < db:
        return above
    return below if int(below.view(np.uint32)) % 2 == 0 else above


def fills(model, dtype, S, D, n):
    out = np.float16 if dtype == "FLOAT16" else np.float32
    a = np.empty(n, dtype=out)
    if model in ("torch-cuda", "jax-jit", "cupy"):
        s, d = (f32(out(S)), f32(out(D))) if model == "cupy" else (f32(S), f32(D))
        for i in range(n):
            a[i] = out(fma32(f32(i), d, s))
    elif model == "jax":
        s, d = f32(S), f32(D)
        for i in range(n):
            a[i] = out(f32(s + f32(d * f32(i))))
    elif model == "onnxruntime":
        acc, d = f32(out(S)), f32(out(D))
        for i in range(n):
            a[i] = out(acc)
            acc = f32(acc + d)
    elif model == "tensorflow":
        v, d = out(S), f32(out(D))
        for i in range(n):
            a[i] = v
            v = out(f32(f32(v) + d))
    elif model == "jax-jit-cpu":
        s, d, fused = f32(S), f32(D), n - n % 32
        for i in range(n):
            a[i] = fma32(f32(i), d, s) if i < fused else f32(s + f32(d * f32(i)))
    elif model == "tfjs":
        v = f32(S)
        for i in range(n):
            a[i] = v
            v = f32(np.float64(v) + np.float64(D))
    return a


def cases():
    yield from CASES
    r = random.Random(2)
    for _ in range(6):
        s = "%.6g" % (r.uniform(-1, 1) * 10 ** r.randint(-2, 3))
        d = "%.5g" % (r.choice([-1, 1]) * r.uniform(0.01, 1) * 10 ** r.randint(-3, 1))
        yield s, d, r.randint(2, 1500)


with np.errstate(over="ignore"):
    for s, d, n in cases():
        for model in ("torch-cuda", "jax-jit", "jax", "cupy", "onnxruntime", "tensorflow"):
            for dtype in ("FLOAT32", "FLOAT16"):
                a = fills(model, dtype, float(s), float(d), n)
                if np.isfinite(a.astype(np.float64)).all():
                    digest = hashlib.sha256(a.astype(a.dtype.newbyteorder("<")).tobytes()).hexdigest()
                    print(model, dtype, s, d, n, digest)
    for s, d, n in cases():
        for model in ("jax-jit-cpu", "tfjs"):  # (FLOAT32 alone)
            a = fills(model, "FLOAT32", float(s), float(d), n)
            if np.isfinite(a.astype(np.float64)).all():
                digest = hashlib.sha256(a.astype(a.dtype.newbyteorder("<")).tobytes()).hexdigest()
                print(model, "FLOAT32", s, d, n, digest)
