#!/usr/bin/python3
"""Mutation test of the fill's walk, windows, worker split and store verdict.

    /usr/bin/python3 scripts/mutate.py [--changed BASE] [--list]

Each mutant is one plausible one-line bug in the code that decides which
bytes a fill writes: it is applied to the working tree, the package's tests
that hold every byte of a buffer run (go test -short, the tests named), and
the mutant must be killed (the tests fail). The file is put back whatever
happens. Mutants that cannot change a byte a fill writes are not listed
here: they are named, with the reason, in EQUIVALENT below.

--changed BASE runs only the mutants of files that differ from git revision
BASE (CI: the files changed since the commit the last mutation run passed
at). Exits 1 if a mutant survives, or if a mutant's text is not found once
in its file (the code moved: update the list).
"""
import subprocess
import sys

ROOT_TESTS = ("go", "test", "-count=1", "-short", "-run",
              "WindowEdges|LargeLayouts|AgainstExact|ParallelSplit|FuzzExecute", ".")
# The walk's bugs that the tests above, of small layouts, let through (the
# blind spot of the exactness bug): the prefilled tests past 16 MiB too.
PREFILLED_TESTS = ROOT_TESTS[:-2] + (ROOT_TESTS[-2] + "|TestPrefilledEveryByte", ".")
WORKER_TESTS = ("go", "test", "-count=1", "-short", "./internal/workers", ".",
                "-run", "Split|Workers|Prefilled|ParallelSplit")
KERNEL_TESTS = ("go", "test", "-count=1", "-short", "./internal/kernel")

# (file, the line's text, its mutant, what the bug is, the tests)
MUTANTS = [
    ("fillseq.go", "w1 := min((off+uint64(len(window)))/op.es, op.last+1)",
     "w1 := min((off+uint64(len(window))+op.es-1)/op.es, op.last+1)",
     "a window's end rounded up to a whole element", PREFILLED_TESTS),
    ("fillseq.go", "if w0 <= base && base+op.extent[k] < w1 {",
     "if w0 <= base && base+op.extent[k] <= w1 {",
     "the whole-block shortcut taken one element early", PREFILLED_TESTS),
    ("fillseq.go", "c0 = (w0 - base - ext + d.Stride - 1) / d.Stride",
     "c0 = (w0 - base - ext) / d.Stride",
     "the first block's index floored", PREFILLED_TESTS),
    ("fillseq.go", "c1 = min(d.N-1, (w1-1-base)/d.Stride)",
     "c1 = min(d.N-1, (w1-base)/d.Stride)",
     "the last block one too far", PREFILLED_TESTS),
    ("fillseq.go", "full = min(full, (w1-base-row.N)/d.Stride+1)",
     "full = min(full, (w1-base-row.N)/d.Stride+2)",
     "the row loop's bound off by one", PREFILLED_TESTS),
    ("fillseq.go", "if rb := base + c*d.Stride; c < full && rb >= w0 {",
     "if rb := base + c*d.Stride; c <= full && rb >= w0 {",
     "a row not wholly inside taken as whole", ROOT_TESTS),
    ("fillseq.go", "if rb := base + c*d.Stride; c < full && rb >= w0 {",
     "if rb := base + c*d.Stride; c < full {",
     "a row that starts before the window taken as whole", ROOT_TESTS),
    ("fillseq.go", "index+c*d.Weight, d.Weight, row.Weight)",
     "index+c*d.Weight, d.Weight+1, row.Weight)",
     "the rows' index step", ROOT_TESTS),
    ("fillseq.go", "end := at + ((full-1-c)*d.Stride+row.N)*op.es",
     "end := at + ((full-c)*d.Stride+row.N)*op.es",
     "the rows handed one pitch more than they span", ROOT_TESTS),
    ("fillseq.go", "count := c1 - c0 + 1",
     "count := c1 - c0",
     "a run one element short", ROOT_TESTS),
    ("fillseq.go", "i0 := index + c0*d.Weight",
     "i0 := index + c0*d.Weight + d.Weight",
     "a run's first index", ROOT_TESTS),
    ("fillseq.go", "end := at + ((count-1)*d.Stride+1)*op.es",
     "end := at + (count*d.Stride)*op.es",
     "a strided run handed its last gap", ROOT_TESTS),
    ("fillseq.go", "if off > math.MaxUint64-uint64(len(window)) {",
     "if false {",
     "the ExecuteWindow overflow check removed", ROOT_TESTS),
    ("fillseq.go", "if off%op.es != 0 {",
     "if false {",
     "a window's offset inside an element taken", ROOT_TESTS),
    ("fillseq.go", "if uint64(len(output)) < op.total {",
     "if uint64(len(output))+op.es < op.total {",
     "a buffer one element short taken", ROOT_TESTS),
    ("fillseq.go", "workers.Split(w1-w0, w, func(a, b uint64) { op.walk(window, off, w0+a, w0+b) })",
     "workers.Split(w1-w0, w, func(a, b uint64) { op.walk(window, off, w0+a, w0+b+1) })",
     "workers' ranges overlapping by an element", PREFILLED_TESTS),
    ("internal/workers/workers.go", "	fill(uint64(w-1)*step, n)",
     "	fill(uint64(w-1)*step, n-1)",
     "the last range (the caller's) short of the end", WORKER_TESTS),
    ("internal/workers/workers.go", "a, b := uint64(k)*step, uint64(k+1)*step",
     "a, b := uint64(k)*step+1, uint64(k+1)*step",
     "each worker skipping its first element", WORKER_TESTS),
    ("internal/kernel/exec.go", "k := (f.tailFrom - i0 + step - 1) / step // the indices below tailFrom",
     "k := (f.tailFrom - i0) / step // the indices below tailFrom",
     "a run's split at the tail floored", KERNEL_TESTS),
    ("internal/kernel/exec.go", "r0 = int(min(uint64(rows), (f.tailFrom-i0+rowStep-1)/rowStep))",
     "r0 = int(min(uint64(rows), (f.tailFrom-i0)/rowStep))",
     "rows' split at the tail floored", KERNEL_TESTS),
    ("internal/kernel/table.go", "if mid+blocks*block < len(dst) {",
     "if mid+blocks*block < len(dst)-1 {",
     "the tail block of a run left out", KERNEL_TESTS),
    ("internal/kernel/table.go", "runs[0], runs[1] = blockRun{0, 1, stRegular}, blockRun{len(dst) - block, 1, stRegular}",
     "runs[0], runs[1] = blockRun{0, 1, stRegular}, blockRun{len(dst) - block, 1, stStream}",
     "a short run's tail block streamed (unaligned)", KERNEL_TESTS),
    ("internal/kernel/table.go", "mid := int(-uintptr(unsafe.Pointer(unsafe.SliceData(dst))) & (align - 1))",
     "mid := int(-uintptr(unsafe.Pointer(unsafe.SliceData(dst))) & (align/2 - 1))",
     "a run's middle blocks from an address not aligned to the block", KERNEL_TESTS),
]

# Mutants left out, each unable to change a byte a fill writes:
EQUIVALENT = """
- workers.For's `w <= 1` as `w < 1`, or its Least halved: how many workers,
  never which bytes (every split gives the same bits: TestPrefilledEveryByte
  runs 1, 2 and 3 workers and holds each to the reference).
- the store verdict's margin (alt*20 < regular*19) or streamingMin changed:
  which store kind writes, never which bytes (the kernel tests pin both kinds
  and hold each to the Go twins; the prefilled tests run the measured one).
- fillseq.go's `if w0 >= w1 { return }` as `w0 > w1`: an empty range
  visits no block (blocks returns ok=false).
- fillseq.go's `op.last+1` as `op.last+2` in run: the walk visits elements
  only (blocks clamps every index to its dimension), none lies past last.
- fillseq.go's `if w1-1 < base` as `w1 < base` in blocks: no block starts
  at or past w1 (the caller's c1 keeps base+c1*stride <= w1-1, and the
  first base is 0 < w1), so neither test is ever true.
- any mutant of the store verdict's measurement (streaming, decide,
  faster, getScratch): it is handed no byte of the fill's (it writes
  scratch memory of its own), so it decides which store kind writes, never
  which bytes; both kinds are held to the Go twins with the verdict pinned
  (internal/kernel's tests).
"""


def run_mutant(path, old, new, tests):
    with open(path) as f:
        text = f.read()
    if text.count(old) != 1:
        return "missing", f"{path}: the text {old!r} is found {text.count(old)} times"
    try:
        with open(path, "w") as f:
            f.write(text.replace(old, new))
        p = subprocess.run(tests, capture_output=True, text=True, timeout=900)
        if p.returncode == 0:
            return "survived", ""
        build = "[build failed]" in p.stdout or "build failed" in p.stderr
        return ("killed (build)" if build else "killed"), ""
    finally:
        with open(path, "w") as f:
            f.write(text)


def main(argv):
    changed = None
    if "--list" in argv:
        for path, old, new, why, _ in MUTANTS:
            print(f"{path}: {why}")
        print(EQUIVALENT)
        return 0
    if "--changed" in argv:
        base = argv[argv.index("--changed") + 1]
        out = subprocess.run(["git", "diff", "--name-only", base, "--"], capture_output=True, text=True, check=True).stdout
        changed = set(out.split())
    bad = 0
    ran = 0
    for path, old, new, why, tests in MUTANTS:
        if changed is not None and path not in changed:
            continue
        ran += 1
        verdict, msg = run_mutant(path, old, new, tests)
        print(f"{verdict:14} {path}: {why}" + (f" ({msg})" if msg else ""), flush=True)
        if verdict in ("survived", "missing"):
            bad += 1
    print(f"{ran} mutants, {bad} survived or not found")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
