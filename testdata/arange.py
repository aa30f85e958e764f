"""Fills made by NumPy's and PyTorch's own arange, for dml's compute models
numpy, torch-avx2 and torch-avx512 (models_test.go).

    /usr/bin/python3 testdata/arange.py [avx2|avx512] [--random N] [--threads]

prints one line per fill: model, type, start, delta (as written), element
count, and the SHA-256 of the elements' little-endian bytes. The cases
listed here are in testdata/arange.txt (made with NumPy 1.24.2 and PyTorch
1.13.1 on an AVX-512 CPU); --random N adds N random ones (seed 1). PyTorch
runs with one thread, its kernels chosen by ATEN_CPU_CAPABILITY, which this
script sets from its first argument before importing torch; where PyTorch
cannot run those kernels here, it says so and exits with status 3.
--threads prints instead PyTorch's fills of THREADED with 2, 3 and 8
threads, the model named with them ("torch-avx2:8"): fills past 32,768
elements, which PyTorch splits among its threads.
"""
import hashlib
import os
import random
import sys

cap = sys.argv[1] if len(sys.argv) > 1 else "avx2"
os.environ["ATEN_CPU_CAPABILITY"] = cap
import numpy as np  # noqa: E402
import torch  # noqa: E402

torch.set_num_threads(1)
if f"CPU capability usage: {cap.upper()}" not in torch.__config__.show():
    print(f"PyTorch does not run its {cap} kernels here", file=sys.stderr)
    sys.exit(3)  # (models_test.go: that part is skipped)

CASES = [
    ("0.1", "0.1", 2000),
    ("0.1", "0.3", 3000),
    ("1000", "0.7", 2000),
    ("-3.3", "0.001", 3000),
    ("0.3", "-0.1", 777),
    ("1", "1", 1),
    ("0.1", "0.2", 2),
    ("0.1", "0.2", 3),
    ("0.7", "0.013", 17),
    ("0.7", "0.013", 33),
    ("0.7", "0.013", 65),
    ("12345.6789", "3.14159", 4099),
    ("-0.5", "1e-05", 1000),
]


def cases():
    yield from CASES
    if "--random" in sys.argv:
        r = random.Random(1)
        for _ in range(int(sys.argv[sys.argv.index("--random") + 1])):
            s = "%.6g" % (r.uniform(-1, 1) * 10 ** r.randint(-2, 3))
            d = "%.5g" % (r.choice([-1, 1]) * r.uniform(0.01, 1) * 10 ** r.randint(-3, 1))
            yield s, d, r.randint(1, 5000)


THREADED = [
    ("0.1", "0.3", 100003),
    ("-5", "0.001", 300007),
    ("1e7", "0.3", 1000000),
    ("0.1", "3e-4", 150001),
]


def threaded():
    for s, d, n in THREADED:
        start, delta = float(s), float(d)
        stop = start + delta * (n - 0.5)
        for threads in (2, 3, 8):
            torch.set_num_threads(threads)
            for name, dtype in (("FLOAT32", torch.float32), ("FLOAT16", torch.float16)):
                t = torch.arange(start, stop, delta, dtype=dtype)
                if len(t) == n:
                    yield "torch-%s:%d" % (cap, threads), name, s, d, n, t.numpy()
        torch.set_num_threads(1)


def fills(s, d, n):
    start, delta = float(s), float(d)
    stop = start + delta * (n - 0.5)
    for name, dtype in (("FLOAT32", np.float32), ("FLOAT16", np.float16)):
        a = np.arange(start, stop, delta, dtype=dtype)
        if len(a) == n:
            yield "numpy", name, a
    for name, dtype in (("FLOAT32", torch.float32), ("FLOAT16", torch.float16)):
        t = torch.arange(start, stop, delta, dtype=dtype)
        if len(t) == n:
            yield "torch-" + cap, name, t.numpy()


def all_fills():
    if "--threads" in sys.argv:
        yield from threaded()
        return
    for s, d, n in cases():
        for model, name, a in fills(s, d, n):
            yield model, name, s, d, n, a


for model, name, s, d, n, a in all_fills():
    if np.isfinite(a.astype(np.float64)).all():
        digest = hashlib.sha256(a.astype(a.dtype.newbyteorder("<")).tobytes()).hexdigest()
        print(model, name, s, d, n, digest)
