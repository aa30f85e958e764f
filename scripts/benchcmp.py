#!/usr/bin/python3
"""Run two dmlbench binaries in alternation and name the rows one is slower in.

    go build -o /tmp/old ./cmd/dmlbench   (at the old commit)
    go build -o /tmp/new ./cmd/dmlbench
    /usr/bin/python3 scripts/benchcmp.py /tmp/old /tmp/new [runs] [dmlbench flags]

Runs old, new, old, new, ... (runs each, default 3; flags default -quick),
then compares every figure of the outputs (GB/s and ratios, row by row): a
figure is slower when its median is more than 5% below the old median and
the two builds' ranges do not overlap (faster: the reverse). Prints the
figures compared and each slower or faster one with both builds' values.
"""
import re
import statistics
import subprocess
import sys


def parse(text):
    rows, sec = {}, ""
    for line in text.splitlines():
        if line.endswith(":") and not line.startswith(" "):
            sec = line.split(",")[0][:40]
            continue
        if not line.startswith("  ") or "short:" in line or "too noisy" in line or line.split()[0] in ("method", "type"):
            continue
        parts = line.split()
        if sec.startswith("Write ceiling"):
            for i, v in enumerate(parts[1:4]):
                rows[(sec, parts[0], "col%d" % i)] = float(v)
            continue
        label = re.split(r"\s{2,}\d|\s+\d+KiB:|\s+\d+MiB:|\s+1 of 2|\s+2 of 1", line.strip())[0]
        pairs = re.findall(r"([\d.]+) \(([\d.]+)\)", line)
        if pairs and " vs " not in line:
            lab = " ".join(parts[:4]) if sec.startswith("Execute") else label
            for i, (g, r) in enumerate(pairs):
                rows[(sec, lab, "col%d GB/s" % i)] = float(g)
                rows[(sec, lab, "col%d ratio" % i)] = float(r)
            continue
        for size, a, _, r in re.findall(r"(\d+(?:KiB|MiB)): ([\d.]+) vs ([\d.]+) GB/s \(([\d.]+)", line):
            rows[(sec, label, size + " GB/s")] = float(a)
            rows[(sec, label, size + " ratio")] = float(r)
        for i, (k, v) in enumerate(re.findall(r"(\d of \d): ([\d.]+)", line)):
            rows[(sec, label, "%s #%d" % (k, i))] = float(v)
    return rows


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old_bin, new_bin = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    flags = sys.argv[4:] or ["-quick"]
    old, new = [], []
    for _ in range(runs):
        for b, out in ((old_bin, old), (new_bin, new)):
            out.append(parse(subprocess.run([b] + flags, capture_output=True, text=True, check=True).stdout))
    keys = sorted(set(old[0]) & set(new[0]))
    print(len(keys), "figures compared,", runs, "runs each, alternated")
    for k in keys:
        o = [r[k] for r in old if k in r]
        n = [r[k] for r in new if k in r]
        if len(o) < runs or len(n) < runs:
            continue
        mo, mn = statistics.median(o), statistics.median(n)
        if mn < 0.95 * mo and max(n) < min(o):
            print("slower:", " | ".join(k), "old", o, "new", n, "old/new %.2f" % (mo / mn))
        elif mn > 1.05 * mo and min(n) > max(o):
            print("faster:", " | ".join(k), "old", o, "new", n, "old/new %.2f" % (mo / mn))


main()
