#!/usr/bin/python3
"""NumPy's and PyTorch's arange at dmlbench's sizes, GB/s written: one thread,
and PyTorch also with a thread per CPU (torch.set_num_threads(os.cpu_count()));
NumPy's arange runs on one thread whatever the machine.

Run by `go run ./cmd/dmlbench` in the same session; needs Debian's python3-numpy
(and python3-torch for the PyTorch column, skipped if absent). --quick (dmlbench
-quick): four types, 64 KiB and 4 MiB only.

--serve (dmlbench's worker rows): PyTorch alone, with a thread per CPU, one
figure at a time so that dmlbench alternates it with its own. It prints
"ready N" (N threads) or "none: why", then answers each line "TYPE BYTES" of
standard input with "RATE" (GB/s) or "none: why". With --quick its samples are
as few as dmlbench -quick's.
"""
import os
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
try:
    import numpy as np
except ImportError:
    np = None
try:
    import torch
    torch.set_num_threads(1)
except ImportError:
    torch = None

QUICK = "--quick" in sys.argv
SERVE = "--serve" in sys.argv
# A sample's least time and the samples a figure is the best of: dmlbench's
# own (20 ms, five; 5 ms, two with --quick) where it alternates with them.
LONG, SAMPLES = 0.02, (3 if QUICK else 5)
if SERVE and QUICK:
    LONG, SAMPLES = 0.005, 2
SIZES = [("64KiB", 64 << 10), ("4MiB", 4 << 20), ("256MiB", 256 << 20)]
TYPES = ["float32", "float16", "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64"]
if QUICK:
    # dmlbench -quick's four types, and no 256 MiB: NumPy's float16 arange
    # writes about 0.04 GB/s, half a minute for its 256 MiB figure alone.
    SIZES = SIZES[:2]
    TYPES = ["float32", "float16", "uint8", "int64"]


def best_rate(nbytes, f):
    f()
    reps = 1
    while True:
        t = time.perf_counter()
        for _ in range(reps):
            f()
        if time.perf_counter() - t > LONG or reps > 1 << 16:
            break
        reps *= 2
    best = 0.0
    for _ in range(SAMPLES):
        t = time.perf_counter()
        for _ in range(reps):
            f()
        d = time.perf_counter() - t
        best = max(best, nbytes * reps / d / 1e9)
    return best


def serve():
    """Answers dmlbench's requests for PyTorch's rate, a thread per CPU."""
    if torch is None:
        print("none: python3-torch is not installed", flush=True)
        return
    threads = os.cpu_count() or 1
    torch.set_num_threads(threads)
    print("ready %d" % threads, flush=True)
    for line in sys.stdin:
        parts = line.split()
        if len(parts) != 2 or not parts[1].isdigit():
            print("none: want TYPE BYTES, got %r" % line.strip(), flush=True)
            continue
        t, n = parts[0], int(parts[1])
        tt = getattr(torch, t, None)
        if not isinstance(tt, torch.dtype):
            print("none: this PyTorch has no %s" % t, flush=True)
            continue
        try:
            out = torch.empty(n // torch.empty(0, dtype=tt).element_size(), dtype=tt)
            rate = best_rate(n, lambda: torch.arange(out.numel(), dtype=tt, out=out))
        except Exception as e:  # (a type this PyTorch's arange does not take)
            why = str(e).splitlines()[0] if str(e) else type(e).__name__
            print("none: PyTorch's arange of %s: %s" % (t, why), flush=True)
            continue
        del out
        print("%.6g" % rate, flush=True)


def main():
    if np is None:
        print("(python3-numpy is not installed: no NumPy/PyTorch comparison)")
        return
    print("NumPy%s arange, one thread (torch-N: PyTorch with N threads), GB/s (same session):" % (" and PyTorch" if torch else ""))
    print("  %-8s %-7s" % ("type", "lib") + "".join(" %9s" % s for s, _ in SIZES))
    for t in TYPES:
        row = "  %-8s %-7s" % (t, "numpy")
        for _, n in SIZES:
            dt = np.dtype(t)
            count = n // dt.itemsize
            out = np.empty(count, dtype=dt)
            if dt.kind == "f":
                f = lambda: np.arange(0, count, 1, dtype=dt)
            else:
                f = lambda: np.arange(count, dtype=dt)
            row += " %9.1f" % best_rate(n, f)
            del out
        print(row)
        if torch is not None and hasattr(torch, t):
            for threads in sorted({1, os.cpu_count() or 1}):
                torch_row(t, threads)


def torch_row(t, threads):
    """Prints PyTorch's row for type t with this many threads (torch-N past one)."""
    tt = getattr(torch, t)
    row = "  %-8s %-7s" % (t, "torch" if threads == 1 else "torch-%d" % threads)
    torch.set_num_threads(threads)
    try:
        for _, n in SIZES:
            count = n // np.dtype(t).itemsize
            out = torch.empty(count, dtype=tt)
            row += " %9.1f" % best_rate(n, lambda: torch.arange(count, dtype=tt, out=out))
    except Exception:
        return  # (a type this PyTorch's arange does not take)
    finally:
        torch.set_num_threads(1)
    print(row)


if SERVE:
    serve()
else:
    main()
