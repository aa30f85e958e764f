#!/usr/bin/python3
"""Mutation test of every package: one-line bugs the tests must catch.

    /usr/bin/python3 scripts/mutate.py [--changed BASE] [--only TEXT] [--list]

Each mutant is one plausible one-line bug: in the fill's walk, windows,
worker split and run splits; the descriptor's validation and the scalar
parsers; the planner's preconditions; the text dmlfill prints; the
shortening of long numbers; model files (DxDispatch's numbers, paths,
writeFile); the .npy header; and package check (the models' arithmetic and
sharing, Nearest, the split search, ULP distance, buckets, padding and
offsets). It is applied to the working tree, the tests that kill it run (go
test -short, one package, the tests named: tests of what a user sees), and
the mutant must be killed (the tests fail). The file is put back whatever
happens. Mutants that cannot change what a user sees are not listed here:
they are named, with the reason, in EQUIVALENT below.

--changed BASE runs only the mutants of files that differ from git revision
BASE (CI: the files changed since the commit the last mutation run passed
at); --only TEXT only those of the files whose path holds TEXT. Exits 1 if
a mutant survives, if its text is not found once in its file (the code
moved: update the list), or if it does not build (it tests nothing).

A full run of the 139 mutants takes about 3 minutes: 2 min 49 s and
3 min 16 s in two runs of 124 (2 min 18 s and 2 min 36 s of CPU), measured with
`time /usr/bin/python3 scripts/mutate.py` on 2 vCPUs shared with other
work; most of it is building each mutant's test binary.
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


def go_test(pkg, run):
    """The tests named by run (a -run pattern) of one package, -short."""
    return ("go", "test", "-count=1", "-short", "-run", run, pkg)


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
    ("fillseq.go", "workers.Split(w1-w0, op.es, w, func(a, b uint64) { op.walk(window, off, w0+a, w0+b) })",
     "workers.Split(w1-w0, op.es, w, func(a, b uint64) { op.walk(window, off, w0+a, w0+b+1) })",
     "workers' ranges overlapping by an element", PREFILLED_TESTS),
    ("internal/workers/pool.go", "			b = j.n",
     "			b = j.n - 1",
     "the last range short of the end", WORKER_TESTS),
    ("internal/workers/pool.go", "		a := uint64(k) * j.step",
     "		a := uint64(k)*j.step + 1",
     "each piece skipping its first element", WORKER_TESTS),
    ("internal/workers/pool.go", "		if k >= j.w {",
     "		if k > j.w {",
     "a piece past the last taken", WORKER_TESTS),
    ("internal/workers/pool.go", "	burst := now-p.last.Swap(now) < int64(spin)",
     "	burst := now-p.last.Swap(now) < 0",
     "a burst of small fills never waking the parked workers", go_test("./internal/workers", "TestPoolBurst")),
    ("internal/workers/pool.go", "	burst := now-p.last.Swap(now) < int64(spin)",
     "	burst := now-p.last.Swap(now) < 1<<62",
     "a small fill alone waking the parked workers", go_test("./internal/workers", "TestPoolBurst")),
    ("internal/workers/pool.go", "	defer p.slot.CompareAndSwap(j, nil) // (a fill that panics here leaves the pool free)",
     "",
     "a fill that panics leaving the pool busy", go_test("./internal/workers", "TestPoolPanic")),
    ("internal/workers/pool.go", "			j.joined.Store(true)",
     "			j.joined.Store(false)",
     "a worker's piece never told to the count's measurement (it keeps no count's time past one)",
     go_test("./internal/workers", "TestSplitJoinedIsThisFills|TestPoolBurst")),
    ("internal/workers/verdict.go", "		if _, ok := f[w]; ok {",
     "		if f[w] > 0 {",
     "a count's time of 0 (a coarse clock's) taken for no time", go_test("./internal/workers", "TestFastestCoarseClock")),
    ("internal/kernel/methods.go", "k := (f.tailFrom - i0 + step - 1) / step // the indices below tailFrom",
     "k := (f.tailFrom - i0) / step // the indices below tailFrom",
     "a run's split at the tail floored", go_test("./internal/kernel", "TestStandIn")),
    ("internal/kernel/methods.go", "r0 = int(min(uint64(rows), (f.tailFrom-i0+rowStep-1)/rowStep))",
     "r0 = int(min(uint64(rows), (f.tailFrom-i0)/rowStep))",
     "rows' split at the tail floored", go_test("./internal/kernel", "TestStandIn")),
    ("internal/kernel/table.go", "if mid+blocks*block < len(dst) {",
     "if mid+blocks*block < len(dst)-1 {",
     "the tail block of a run left out", go_test("./internal/kernel", "TestBlockRuns")),
    ("internal/kernel/table.go", "runs[0], runs[1] = blockRun{0, 1, stRegular}, blockRun{len(dst) - block, 1, stRegular}",
     "runs[0], runs[1] = blockRun{0, 1, stRegular}, blockRun{len(dst) - block, 1, stStream}",
     "a short run's tail block streamed (unaligned)", KERNEL_TESTS),
    ("internal/kernel/table.go", "mid := int(-uintptr(unsafe.Pointer(unsafe.SliceData(dst))) & (align - 1))",
     "mid := int(-uintptr(unsafe.Pointer(unsafe.SliceData(dst))) & (align/2 - 1))",
     "a run's middle blocks from an address not aligned to the block", KERNEL_TESTS),

    # --- internal/textfmt: the text dmlfill prints (-print, DxDispatch's print) ---
    ("internal/textfmt/textfmt.go", "return strconv.AppendInt(b, int64(bits<<(64-n))>>(64-n), 10)",
     "return strconv.AppendInt(b, int64(bits), 10)",
     "a narrow signed integer printed without its sign", go_test("./internal/textfmt", "ValueTexts|CppValueTexts")),
    ("internal/textfmt/textfmt.go", "return \"-inf\", true",
     "return \"inf\", true",
     "-inf printed as inf", go_test("./internal/textfmt", "ValueTexts|CppValueTexts")),
    ("internal/textfmt/textfmt.go", "for p := 1; p < 6; p++ {",
     "for p := 1; p < 5; p++ {",
     "float16 shortest text tried up to 4 digits only", go_test("./internal/textfmt", "Float16Text")),
    ("internal/textfmt/textfmt.go", "for _, c := range []float64{d, d - step, d + step} {",
     "for _, c := range []float64{d, d - step} {",
     "float16 text: the decimal above the nearest never tried", go_test("./internal/textfmt", "Float16Text")),
    ("internal/textfmt/textfmt.go", "l := layout{sizes: sizes, summarise: !full && count > Threshold}",
     "l := layout{sizes: sizes, summarise: !full && count >= Threshold}",
     "a tensor of exactly Threshold elements summarised", go_test("./internal/textfmt", "NestedThreshold")),
    ("internal/textfmt/textfmt.go", "	if l.summarise && l.sizes[d] > 2*EdgeItems {\n		return 2*EdgeItems + 1",
     "	if l.summarise && l.sizes[d] >= 2*EdgeItems {\n		return 2*EdgeItems + 1",
     "a dimension of 2*EdgeItems summarised", go_test("./internal/textfmt", "NestedMatches")),
    ("internal/textfmt/textfmt.go", "return int64(l.sizes[d]) - int64(2*EdgeItems+1-k)",
     "return int64(l.sizes[d]) - int64(2*EdgeItems-k)",
     "the last edge items shifted by one", go_test("./internal/textfmt", "NestedMatches")),
    ("internal/textfmt/textfmt.go", "if pad := int(widths.w[k-widths.c0]) - len(s); pad > 0 {",
     "if pad := int(widths.w[k-widths.c0]) - len(s); pad > 1 {",
     "a column one narrower than its widest left unpadded", go_test("./internal/textfmt", "NestedMatches")),
    ("internal/textfmt/dxdispatch.go", "iw = int(math.Floor(math.Log10(float64(n)))) + 1",
     "iw = int(math.Floor(math.Log10(float64(n-1)))) + 1",
     "DxDispatch's index width from the largest index", go_test("./internal/textfmt", "WriteResource")),
    ("internal/textfmt/dxdispatch.go", "hw := 2 * int(t.ElementSize())",
     "hw := int(t.ElementSize())",
     "DxDispatch's bits padded to one digit a byte", go_test("./internal/textfmt", "WriteResourceAsFormatted")),
    ("internal/textfmt/dxdispatch.go", "if b[k] >= 'a' && b[k] <= 'f' {",
     "if b[k] > 'a' && b[k] <= 'f' {",
     "the hex digit a left in lower case", go_test("./internal/textfmt", "WriteResourceAsFormatted")),
    ("internal/textfmt/dxdispatch.go", "return strconv.AppendFloat(b, f, 'g', 6, 64)",
     "return strconv.AppendFloat(b, f, 'g', 7, 64)",
     "C++'s default precision taken as 7", go_test("./internal/textfmt", "CppValueTexts")),
    # --- internal/numtext: the shortening of long numbers (the fill's and the models' parse) ---
    ("internal/numtext/numtext.go", "sig = sig[:keep] + \"1\" // (sig ends in a nonzero digit: something was cut)",
     "sig = sig[:keep]",
     "a long decimal truncated, losing that it lies above a midpoint", go_test("./internal/numtext", "Shorten")),
    ("internal/numtext/numtext.go", "point := int64(len(intPart) - lead)",
     "point := int64(len(intPart))",
     "leading zeros not taken off the exponent", go_test("./internal/numtext", "Shorten")),
    ("internal/numtext/numtext.go", "		point *= 4",
     "		point *= 16",
     "a hexadecimal digit taken as 16 bits", go_test("./internal/numtext", "Shorten")),
    ("internal/numtext/numtext.go", "neg, s = s[0] == '-', s[1:]",
     "neg, s = s[0] == '+', s[1:]",
     "an exponent's sign read backwards", go_test("./internal/numtext", "Shorten")),
    ("internal/numtext/numtext.go", "keepDecimal = 800",
     "keepDecimal = 700",
     "fewer digits kept than a float64 midpoint has (767)", go_test("./internal/numtext", "Shorten")),
    ("internal/numtext/numtext.go", "if intPart == \"\" && frac == \"\" || !digits(intPart, hex) || !digits(frac, hex) {",
     "if intPart == \"\" && frac == \"\" || !digits(intPart, hex) {",
     "a fraction's digits not checked", go_test("./internal/numtext", "Shorten")),
    # --- internal/dxdispatch: the model files' numbers, paths and writeFile ---
    ("internal/dxdispatch/numbers.go", "return f, f < 1<<63 && int64(f) == v",
     "return f, f < 1<<63",
     "a 64-bit integer a double does not hold taken as a float", go_test("./internal/dxdispatch", "Numbers")),
    ("internal/dxdispatch/numbers.go", "if n := digits(); n == 0 || n > 1 && text[start] == '0' {",
     "if n := digits(); n == 0 || n > 2 && text[start] == '0' {",
     "a JSON number of two digits with a leading zero taken (01)", go_test("./internal/dxdispatch", "Numbers")),
    ("internal/dxdispatch/numbers.go", "		i++\n		if digits() == 0 {\n			return false\n		}\n	}\n	if i < len(text) && (text[i] == 'e'",
     "		i++\n		digits()\n	}\n	if i < len(text) && (text[i] == 'e'",
     "a JSON number ending in its point taken (\\\"1.\\\")", go_test("./internal/dxdispatch", "Numbers")),
    ("internal/dxdispatch/numbers.go", "lo, hi := -int64(1)<<(bits-1), int64(uint64(1)<<(bits-1)-1)",
     "lo, hi := -int64(1)<<(bits-1), int64(uint64(1)<<(bits-1))",
     "a signed type's maximum one too high", go_test("./internal/dxdispatch", "Numbers")),
    ("internal/dxdispatch/numbers.go", "if hi := ^uint64(0) >> (64 - bits); err != nil || v > hi {",
     "if hi := ^uint64(0) >> (64 - bits); err != nil || v >= hi {",
     "an unsigned type's maximum refused", go_test("./internal/dxdispatch", "Numbers")),
    ("internal/dxdispatch/numbers.go", "		case \"-inf\":\n			d = math.Inf(-1)",
     "		case \"-inf\":\n			d = math.Inf(1)",
     "\\\"-inf\\\" read as +inf", go_test("./internal/dxdispatch", "Numbers")),
    ("internal/halfpp/halfpp.go", "case e >= 127+16: // 65536 and more",
     "case e >= 127+17: // 65536 and more",
     "half.hpp's overflow to infinity a binade late", go_test("./internal/dxdispatch", "Float16")),
    ("internal/dxdispatch/write.go", "dims = []uint64{uint64(len(r.data)) / es}",
     "dims = []uint64{uint64(len(r.data))}",
     "a .npy's default shape in bytes, not elements", go_test("./internal/cli", "ModelFiles")),
    ("internal/dxdispatch/write.go", "case err != nil || rel == \"..\" || strings.HasPrefix(rel, \"..\"+string(filepath.Separator)):",
     "case err != nil || rel == \"..\":",
     "a writeFile path through .. out of the output folder taken", go_test("./internal/cli", "Model")),
    ("internal/dxdispatch/parse.go", "return editdist.Levenshtein(a, b) <= 2",
     "return editdist.Levenshtein(a, b) <= 1",
     "a member two edits from a known name (ValueDleta) not refused", go_test("./internal/cli", "Model")),
    # --- the descriptor's validation (package dml): sizes, span, aliasing, scalars, support table ---
    ("tensor.go", "return (n + 3) &^ 3, true",
     "return n, true",
     "CalcBufferTensorSize not rounded up to 4 bytes", go_test(".", "CalcBufferTensorSize|Validation")),
    ("tensor.go", "hi, lo := bits.Mul64(uint64(s-1), uint64(strides[i]))",
     "hi, lo := bits.Mul64(uint64(s), uint64(strides[i]))",
     "a strided tensor's last offset from sizes, not sizes-1", go_test(".", "CalcBufferTensorSize|Validation")),
    ("tensor.go", "		count = last + 1",
     "		count = last",
     "a strided tensor's size one element short", go_test(".", "CalcBufferTensorSize|Validation")),
    ("tensor.go", "if hi != 0 || n > math.MaxUint64-3 {",
     "if hi != 0 {",
     "the rounding up to 4 wrapping past 2^64", go_test(".", "CalcBufferTensorSize")),
    ("tensor.go", "if es == 0 || strides != nil && len(strides) != len(sizes) {",
     "if es == 0 || strides != nil && len(strides) < len(sizes) {",
     "more strides than sizes taken", go_test(".", "CalcBufferTensorSize")),
    ("tensor.go", "		if ds[k].Stride <= reach {",
     "		if ds[k].Stride < reach {",
     "a stride equal to the smaller dimensions' reach taken as a new digit", go_test(".", "Aliasing|Validation")),
    ("tensor.go", "return c >= -m && c <= m && (nonzero || c > 0)",
     "return c >= -m && c <= m && (nonzero || c >= 0)",
     "the all-zero combination counted as two elements sharing an address", go_test(".", "Aliasing|Validation")),
    ("fillseq.go", "if !ok || need > maxBytes {",
     "if !ok {",
     "the 2^62-byte span bound removed", go_test(".", "SpanJustPast2to62")),
    ("fillseq.go", "if t.TotalTensorSizeInBytes < need {",
     "if t.TotalTensorSizeInBytes+3 < need {",
     "a TotalTensorSizeInBytes short of the rounding taken", go_test(".", "Validation")),
    ("fillseq.go", "if a := uint64(t.GuaranteedBaseOffsetAlignment); a != 0 && (a&(a-1) != 0 || a < es) {",
     "if a := uint64(t.GuaranteedBaseOffsetAlignment); a != 0 && a&(a-1) != 0 {",
     "an alignment below the element size taken", go_test(".", "Validation")),
    ("fillseq.go", "	if d.level < FeatureLevel2_1 {",
     "	if d.level < FeatureLevel2_0 {",
     "the operator taken at feature level 2_0", go_test(".", "Validation")),
    ("fillseq.go", "	if d.level < FeatureLevel4_0 {",
     "	if d.level < FeatureLevel3_1 {",
     "1 to 8 dimensions taken from 3_1", go_test(".", "Validation")),
    ("fillseq.go", "		if d.level < FeatureLevel5_0 {",
     "		if d.level < FeatureLevel4_1 {",
     "64-bit integers taken at 4_1", go_test(".", "Validation")),
    ("fillseq.go", "	case TensorDataTypeUint64, TensorDataTypeInt64:",
     "	case TensorDataTypeUint64, TensorDataTypeInt64, TensorDataTypeFloat64:",
     "FLOAT64 taken as an output type", go_test(".", "Validation")),
    ("fillseq.go", "	} else if n < 1 || n > 8 {",
     "	} else if n > 8 {",
     "a tensor of no dimensions taken", go_test(".", "Validation")),
    ("featurelevel.go", "return fmt.Sprintf(\"%d_%d\", uint32(l)>>12, uint32(l)>>8&0xF)",
     "return fmt.Sprintf(\"%d_%d\", uint32(l)>>12, uint32(l)>>8&0xFF)",
     "a feature level's minor number printed with its major", go_test(".", "ParseNames|Validation")),
    ("scalar.go", "if err != nil || n < 64 && v < -(1<<(n-1)) {",
     "if err != nil || n < 64 && v <= -(1<<(n-1)) {",
     "a signed type's minimum (-128 for INT8) refused", go_test(".", "ParseScalar")),
    ("scalar.go", "if err != nil || n < 64 && v >= 1<<n || strings.HasPrefix(s, \"+-\") {",
     "if err != nil || n < 64 && v > 1<<n || strings.HasPrefix(s, \"+-\") {",
     "2^n taken for an n-bit type (256 for UINT8)", go_test(".", "ParseScalar")),
    ("scalar.go", "	if len(s) > 1 && s[0] == '0' && strings.ContainsRune(\"xXoObB\", rune(s[1])) {\n		return 0\n	}\n	return 10",
     "	if len(s) > 1 && s[0] == '0' && strings.ContainsRune(\"xXoObB\", rune(s[1])) {\n		return 0\n	}\n	return 0",
     "a leading zero read as octal (010 as 8)", go_test(".", "ParseScalar")),
    ("scalar.go", "	case a <= 0x1p-26: // below half the smallest subnormal, 2^-25",
     "	case a <= 0x1p-25: // below half the smallest subnormal, 2^-25",
     "FLOAT16: a decimal a hair above 2^-25 rounded to zero", go_test(".", "ParseScalar|ParseFloat16")),
    ("scalar.go", "	case a >= 0x1p17: // above 65520, where rounding reaches infinity",
     "	case a >= 65504: // above 65520, where rounding reaches infinity",
     "FLOAT16: the largest finite value taken as infinity", go_test(".", "ParseScalar|ParseFloat16")),
    ("scalar.go", "	lsb := max(top-10, -24)",
     "	lsb := max(top-10, -25)",
     "FLOAT16: subnormals kept one bit too fine", go_test(".", "ParseScalar|ParseFloat16")),
    ("scalar.go", "		if q.Bit(0) == 1 {",
     "		if q.Bit(0) == 0 {",
     "FLOAT16: ties rounded to odd", go_test(".", "ParseScalar|ParseFloat16")),
    ("scalar.go", "	if len(body) > 2 && (body[:2] == \"0x\" || body[:2] == \"0X\") && !strings.ContainsAny(body, \".pP\") {",
     "	if len(body) > 2 && (body[:2] == \"0x\" || body[:2] == \"0X\") && !strings.ContainsAny(body, \".\") {",
     "a hexadecimal float without a point given a second exponent", go_test(".", "ParseScalar")),
    ("scalar.go", "	s := strings.TrimSpace(text)",
     "	s := text",
     "a value with spaces around it refused", go_test(".", "ParseScalar")),
    ("datatype.go", "var dataTypeSizes = [...]uint32{0, 4, 2, 4, 2, 1, 4, 2, 1, 8, 8, 8, 0, 0}",
     "var dataTypeSizes = [...]uint32{0, 4, 2, 4, 2, 1, 4, 2, 1, 8, 8, 8, 1, 1}",
     "UINT4 and INT4 given a byte an element", go_test(".", "Validation|CalcBufferTensorSize")),
    # --- internal/kernel: the planner's preconditions (which kernel may write which elements) ---
    ("internal/kernel/seq.go", "return s.exactBelow(a, b, step*32, 24) && s.unit >= -149 && s.unit <= 104",
     "return s.exactBelow(a, b, step*32, 25) && s.unit >= -149 && s.unit <= 104",
     "float32 lanes given sums of 25 bits", go_test("./internal/kernel", "TestFillStridedAndNative")),
    ("internal/kernel/plan.go", "return s.kind == Float32 && s.unit >= -181 && s.exactBelow(a, b, 0, 56)",
     "return s.kind == Float32 && s.unit >= -181 && s.exactBelow(a, b, 0, 57)",
     "float32 binade rows given sums of 2^56", go_test("./internal/kernel", "TestBinadeMethodFloat32")),
    ("internal/kernel/plan.go", "return s.mode == modeLinear && r.known && r.rowStep == uint64(r.n)*r.step && r.a < s.overIdx",
     "return s.mode == modeLinear && r.known && r.a < s.overIdx",
     "rows with gaps between them taken as one span of indices", go_test("./internal/kernel", "TestPlanRows")),
    ("internal/kernel/shape_rowsfmas.go", "return s.kind == Float32 && s.mode == modeLinear && r.last < fmaSMax",
     "return s.kind == Float32 && s.mode == modeLinear && r.last <= fmaSMax",
     "fma rows given the index fmaSMax", go_test("./internal/kernel", "TestRowsFMASBound")),
    ("internal/kernel/shape_rowswords.go", "func (s *Seq) canInfinite(r *rowSpan) bool { return r.known && r.a >= s.overIdx }",
     "func (s *Seq) canInfinite(r *rowSpan) bool { return r.known && r.a+1 >= s.overIdx }",
     "rows from the element before the overflow point written as infinities", go_test("./internal/kernel", "TestRowsInfiniteBound")),
    ("internal/kernel/plan.go", "	case whole >= streamingMin && rowsStreamable(m, d, pitch, rowBytes) && v.stream:",
     "	case span >= streamingMin && rowsStreamable(m, d, pitch, rowBytes) && v.stream:",
     "rows' pieces stored by their own span, not all the rows'", go_test("./internal/kernel", "TestRowStoreWholeSpan")),
    ("internal/kernel/plan.go", "	return uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%64 == 0 && pitch%64 == 0 && rowBytes%64 == 0",
     "	return uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%16 == 0 && pitch%64 == 0 && rowBytes%64 == 0",
     "rows off a line taken as whole lines", go_test("./internal/kernel", "TestWholeLines")),
    ("internal/kernel/plan.go", "		if sets == 5 && t.periods640() && rows*rowBytes >= periods640Min {",
     "		if sets == 5 && t.periods640() {",
     "pixels of 5 in the caches taken as periods of 640 bytes (slower there)", go_test("./internal/kernel", "TestRowsLanesPeriods")),
    ("internal/kernel/shape_rowslanes.go", "	case !s.columns(rs.rows, rs.n):",
     "	case false:",
     "float16 rows that would go as runs priced against columns (64 KiB of 64-channel pixels a row at a time)",
     go_test("./internal/kernel", "TestBinLanesPayRuns")),
    ("internal/kernel/binlanes.go", "			q := min(y>>l.s[L]&^1, 0xffff)",
     "			q := min(y>>l.s[L], 0xffff)",
     "float16 binade lanes' sparse ties left rounded up (not mended to even)", go_test("./internal/kernel", "TestFillRowsLanes")),
    ("internal/kernel/binlanes.go", "		for t := w.tie[L]; t < j1; t += w.period[L] {",
     "		for t := w.tie[L]; t < j1-1; t += w.period[L] {",
     "float16 binade lanes' ties in a run's last block not mended", go_test("./internal/kernel", "TestFillRowsLanes")),
    ("internal/kernel/binlanes.go", "		return q - 1",
     "		return q",
     "float16 binade lanes: a lane's count one block past its binade (the last lane's quotient taken where it is one over)",
     go_test("./internal/kernel", "TestFillRowsLanes")),
    ("internal/kernel/binlanes.go", "		if mag < b.low || mag > b.high || k < 0 != b.neg {",
     "		if mag < b.low || k < 0 != b.neg {",
     "float16 binade lanes: a lane in the binade above the last lane's given the last one's form",
     go_test("./internal/kernel", "TestFillRowsLanes")),
    ("internal/kernel/exec.go", "	first := w.first + uint64(periods)*getLE(inc[:], f.size)",
     "	first := w.first + uint64(periods-1)*getLE(inc[:], f.size)",
     "the blocks after the periods a period's step short", go_test("./internal/kernel", "TestFillRowsLanes|TestRowsLanesPeriods")),
    ("internal/kernel/exec.go", "		first := uint64(math.Float32bits(float32(periods) * incS[0]))",
     "		first := uint64(math.Float32bits(float32(periods+1) * incS[0]))",
     "fma-s blocks after the periods a period's step over", go_test("./internal/kernel", "TestFillRowsLanes|TestRowsLanesPeriods")),
    ("internal/kernel/exec.go", "	for ; end+blk*(j+1) <= span; j++ {",
     "	for ; end+blk*(j+2) <= span; j++ {",
     "the last whole block after the periods left unwritten", go_test("./internal/kernel", "TestFillRowsLanes|TestRowsLanesPeriods")),
    ("internal/kernel/plan.go", "	if ds == 5 && pitch == rowBytes && t.periods640() && rows*rowBytes >= periods320Min {",
     "	if ds == 5 && pitch == rowBytes && t.periods640() {",
     "float32 pixels of 5 of f64 lanes under 16 KB taken as periods of 320 bytes (slower there)",
     go_test("./internal/kernel", "TestRowsLanesPeriods")),
    ("internal/kernel/exec.go", "		lanes := (*[80]float64)(unsafe.Pointer(base))[:w.blk/4]",
     "		lanes := (*[80]float64)(unsafe.Pointer(base))[:16]",
     "f64 lanes of a 320-byte period: only its first block's worked out",
     go_test("./internal/kernel", "TestFillRowsLanes|TestRowsLanesPeriods")),
    ("internal/kernel/twins.go", "		for l, b := range base {\n			v := b + math.Float64frombits(first) + float64(k)*inc[0]",
     "		for l, b := range base[:64] {\n			v := b + math.Float64frombits(first) + float64(k)*inc[0]",
     "the Go twin's 320-byte period one 64-byte block short (f64To32Period_g)",
     go_test("./internal/kernel", "TestRowsLanesPeriods|TestF64PeriodKernels")),
    # --- internal/npy: the .npy header, written and read as NumPy does ---
    ("internal/npy/npy.go", "	total := (pre + len(dict) + 1 + 63) / 64 * 64",
     "	total := (pre + len(dict) + 1 + 15) / 16 * 16",
     "the data aligned to 16 bytes, not NumPy's 64", go_test("./internal/npy", "Header")),
    ("internal/npy/npy.go", "		return \"<i2\", true",
     "		return \"<u2\", true",
     "INT16 written and read as NumPy's uint16", go_test("./internal/npy", "Header")),
    ("internal/npy/npy.go", "		if hl > MaxHeader-12 || b[6] == 2 && hl > MaxHeaderText {",
     "		if hl > MaxHeader-12 {",
     "a version 2.0 header past NumPy's 10000 characters read", go_test("./internal/npy", "Header")),
    ("internal/npy/npy.go", "	if chars > MaxHeaderText {",
     "	if chars > MaxHeaderText+1 {",
     "a header of 10001 characters read", go_test("./internal/npy", "Header")),
    ("internal/npy/npy.go", "	return dt, h.shape, uint64(pre + hlen), n, nil",
     "	return dt, h.shape, uint64(hlen), n, nil",
     "the data taken to start before the header's end", go_test("./internal/npy", "Header")),
    ("internal/npy/header.go", "const maxOpen = 200",
     "const maxOpen = 201",
     "201 brackets open at once taken (Python refuses them)", go_test("./internal/npy", "Header")),
    ("internal/npy/header.go", "		if len(out) > 64 {",
     "		if len(out) > 65 {",
     "a shape of 65 dimensions taken", go_test("./internal/npy", "Header")),
    ("internal/npy/header.go", "		l.open--\n	}\n	return nil",
     "	}\n	return nil",
     "a closed parenthesis still counted open", go_test("./internal/npy", "Header")),
    ("internal/npy/header.go", "	if digits == \"\" || digits[0] == '_' || digits[len(digits)-1] == '_' || strings.Contains(digits, \"__\") {",
     "	if digits == \"\" || digits[0] == '_' || digits[len(digits)-1] == '_' {",
     "a shape integer with two underscores in a row taken", go_test("./internal/npy", "Header")),
    ("internal/npy/header.go", "			if len(out) == 1 {",
     "			if len(out) == 0 {",
     "(n) taken as a tuple", go_test("./internal/npy", "Header")),
    # --- package check: the models' arithmetic, their sharing, Nearest, the split search, the report's numbers ---
    ("check/models.go", "			p := float32(float32(i+uint64(k)) * d32)",
     "			p := float32(float32(i+uint64(k)-1) * d32)",
     "f32-mul-add's index one short in a window", go_test("./check", "ModelsAcrossWindows|Diagnosis")),
    ("check/models.go", "			dst[k] = ms.out(fma32(float32(i+uint64(k)), d32, s32))",
     "			dst[k] = ms.out(fma32(float32(i+uint64(k)), s32, d32))",
     "f32-fma's start and delta swapped", go_test("./check", "ModelsAcrossWindows|Diagnosis")),
    ("check/models.go", "		ms.fd = float32(ms.value(ms.b1)) - ms.fs",
     "		ms.fd = float32(ms.wd)",
     "numpy's delta taken as written, not as a[1] - a[0]", go_test("./check", "FrameworkOutputs")),
    ("check/models.go", "		return i - local&(ms.vec-1)",
     "		return i - local&(2*ms.vec-1)",
     "torch's vectors two registers long", go_test("./check", "FrameworkOutputs")),
    ("check/models.go", "	if local < n&^(2*ms.vec-1) {",
     "	if local < n&^(ms.vec-1) {",
     "torch's last elements one at a time only past the last vector, not the last pair", go_test("./check", "FrameworkOutputs")),
    ("check/models.go", "	p := min(threads, (count-1)/torchGrain+1) // (ceilings that cannot overflow)",
     "	p := threads",
     "torch's split ignoring the grain of 32768", go_test("./check", "SplitLines")),
    ("check/models.go", "				base = float32(half(uint64(kernel.F64ToF16(float64(fma32(ms.fd, float32(j), ms.fs))))))",
     "				base = fma32(ms.fd, float32(j), ms.fs)",
     "torch's FLOAT16 vector base kept in float32, not a half", go_test("./check", "FrameworkOutputs")),
    ("check/models.go", "		ms.d16 = halfpp.FromFloat32(float32(ms.wd))",
     "		ms.d16 = uint16(kernel.F64ToF16(ms.wd))",
     "dxdispatch's delta rounded, not truncated as half.hpp does", go_test("./check", "DxDispatchModelTruncates")),
    ("check/models.go", "			ms.acc = float32(ms.acc + ms.fd)",
     "			ms.acc = float32(float32(ms.value(ms.v)) + ms.fd)",
     "onnxruntime's sum from the rounded element, not its float32 sum", go_test("./check", "Alike")),
    ("check/models.go", "		ms.fs, ms.fd = float32(ms.value(ms.sb)), float32(ms.value(ms.round(ms.wd)))",
     "		ms.fs, ms.fd = float32(ms.value(ms.sb)), float32(ms.wd)",
     "cupy's, onnxruntime's and tensorflow's delta not rounded to the element type", go_test("./check", "FrameworkOutputs")),
    ("check/models.go", "		v = ms.round(ms.value(v) + ms.wd)",
     "		v = ms.round(ms.value(v) + float64(float32(ms.wd)))",
     "tfjs's step a float32, not a JavaScript number", go_test("./check", "ModelsAcrossWindows")),
    ("check/models.go", "	case ModelJAX:\n		return ms.out(float32(ms.fs + float32(ms.fd*float32(i))))",
     "	case ModelJAX:\n		return ms.out(fma32(float32(i), ms.fd, ms.fs))",
     "jax eager's multiply and add fused", go_test("./check", "Alike")),
    ("check/models.go", "const xlaCPUBlock = 32",
     "const xlaCPUBlock = 16",
     "jax-jit-cpu's vector loop in blocks of 16", go_test("./check", "ModelsAcrossWindows")),
    ("check/models.go", "		i16 := half(uint64(kernel.F64ToF16(float64(i))))",
     "		i16 := float64(i)",
     "f16-math's index not rounded to a half", go_test("./check", "F16MathRoundsTheIndex")),
    ("check/models.go", "	case ModelTorchCUDA, ModelJAXJit, ModelCuPy:\n		return ms.out(fma32(float32(i), ms.fd, ms.fs))",
     "	case ModelTorchCUDA, ModelJAXJit, ModelCuPy:\n		return ms.out(fma32(float32(i), d32, s32))",
     "torch-cuda's start and delta ValueStart's, not as written", go_test("./check", "Alike")),
    ("check/models.go", "		return fmt.Sprintf(\"fma %x %x %x\", ms.sb, fs, fd)\n	case ms.m == ModelF32MulAdd:",
     "		return fmt.Sprintf(\"fma %x %x %x\", ms.sb, s32, d32)\n	case ms.m == ModelF32MulAdd:",
     "torch-cuda sharing f32-fma's count where the written start differs", go_test("./check", "FrameworkOutputs")),
    ("check/models.go", "	case ms.m == ModelJAXJitCPU && to <= ms.fused: // (the vector loop's elements alone)",
     "	case ms.m == ModelJAXJitCPU && from < ms.fused: // (the vector loop's elements alone)",
     "jax-jit-cpu sharing jax-jit's count over a window past its vector loop", go_test("./check", "ModelsAcrossWindows")),
    ("check/check.go", "			matches[m], misses[m] = matches[j], misses[j]",
     "			matches[m] = matches[j]",
     "a model that shares another's count not its first miss", go_test("./check", "SharedFirstMiss")),
    ("check/models.go", "		if m.Matches == r.Elements {\n			return ModelFit{}, false",
     "		if m.Matches == r.Elements {\n			continue",
     "Nearest named where a model explains every element", go_test("./check", "NearestFirst")),
    ("check/models.go", "		if m.Matches > 0 && (!ok || m.Matches > f.Matches) {",
     "		if m.Matches > 0 && (!ok || m.Matches >= f.Matches) {",
     "Nearest's tie going to the later model", go_test("./check", "NearestFirst")),
    ("check/split.go", "	for threads := uint64(2); threads <= threadsMost; threads++ {",
     "	for threads := uint64(2); threads < threadsMost; threads++ {",
     "the split search never trying 64 threads", go_test("./check", "SplitLines")),
    ("check/split.go", "				Parts: (s.count + c.part - 1) / c.part, PartLen: c.part}, true",
     "				Parts: s.count / c.part, PartLen: c.part}, true",
     "a split's parts floored", go_test("./check", "SplitLines")),
    ("check/split.go", "		vectors, end := begin+n&^(2*s.vec-1), begin+n",
     "		vectors, end := begin+n&^(s.vec-1), begin+n",
     "the split search's parts ending their vectors a vector late", go_test("./check", "SplitLines")),
    ("check/check.go", "			return -int64(x&^signBit) - 1",
     "			return -int64(x&^signBit)",
     "-0 and +0 taken as the same value (0 ULP apart)", go_test("./check", "CheckULPDistance")),
    ("check/check.go", "	case nan(a) || nan(b):",
     "	case nan(a) && !nan(b):",
     "a number against a NaN measured in ULP", go_test("./check", "CheckULPDistance")),
    ("check/check.go", "	case dist <= 16:",
     "	case dist < 16:",
     "16 ULP counted past the 3-16 bucket", go_test("./check", "Diagnosis")),
    ("check/check.go", "	if dist <= opts.ULP && dist != math.MaxUint64 && rep.Type.IsFloat() {",
     "	if dist < opts.ULP && dist != math.MaxUint64 && rep.Type.IsFloat() {",
     "an element exactly -ulp away not within", go_test("./check", "CheckFindsCorruption")),
    ("check/check.go", "	rep.perBucket = max(1, (n+uint64(buckets)-1)/uint64(buckets))",
     "	rep.perBucket = max(1, n/uint64(buckets))",
     "more series points than asked for", go_test("./check", "SeriesAtMostBuckets")),
    ("check/check.go", "	c.padding(g, off, uint64(len(g))/es*es, uint64(len(g)))",
     "	c.padding(g, off, uint64(len(g)), uint64(len(g)))",
     "the bytes past the last whole element slot not counted as padding", go_test("./check", "PaddingPastLastSlot")),
    ("check/check.go", "				rep.FirstBadPadding = off + k",
     "				rep.FirstBadPadding = k",
     "the first bad padding byte's offset within the window, not the buffer", go_test("./check", "OffsetsInTheData")),
    ("check/check.go", "		rep.element(got[k], want[k], (i0+k)*es, i0+k, sizes, opts, keep)",
     "		rep.element(got[k], want[k], k*es, i0+k, sizes, opts, keep)",
     "a mismatch's offset within the window, not the buffer", go_test("./check", "OffsetsInTheData")),
    ("check/check.go", "			rep.element(gb, wb, off+at, i, c.sizes, opts, c.keep)",
     "			rep.element(gb, wb, at, i, c.sizes, opts, c.keep)",
     "a mismatch's offset in a whole buffer within the window", go_test("./check", "OffsetsInTheData")),
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
- the row planner's binadeRows with `r.a <= s.overIdx` for `<`: rows from
  the overflow point on are taken first by the infinities' row (rowInfinite
  comes before the binade rows in rowMethods, and needs r.known as they do).
- ParseScalar's FLOAT16 `b >= 0x7C00` as `b > 0x7C00`: b = 0x7C00 is set
  to 0x7C00. Its shortcut `a >= 0x1p17` as `a >= 0x1p16`: every value from
  65520 on rounds to infinity, by the shortcut or the exact path.
- numtext's `len(s) <= 100` bound: the shortened text rounds as the whole
  to every float format, so which texts are shortened changes no value.
- fillRows's measurement of rows of whole lines as a run (wholeLines there),
  and asmgen's rowFetch (which lines are fetched ahead): which store kind
  writes, or which lines are in the cache first, never which bytes.
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
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    bad = 0
    ran = 0
    for path, old, new, why, tests in MUTANTS:
        if changed is not None and path not in changed:
            continue
        if only is not None and only not in path:
            continue
        ran += 1
        verdict, msg = run_mutant(path, old, new, tests)
        print(f"{verdict:14} {path}: {why}" + (f" ({msg})" if msg else ""), flush=True)
        if verdict in ("survived", "missing", "killed (build)"):
            bad += 1
    print(f"{ran} mutants, {bad} survived or not found")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
