package kernel

import (
	"math/bits"
	"slices"
	"strings"
	"unsafe"
)

// ShapesOff names the shapes the planner leaves out, comma-separated:
// rows-lanes (the method), binade (every float16 binade method: binade,
// binade-add, binade-q, binade-runs, the float16 binade row methods, and
// rows-lanes' binade lanes), binade-add, binade-runs (and its rows),
// binade-lanes, binade-s (and its rows), f64-lanes (rows-lanes' f64
// lanes), fma-s (and the rows and lanes of fma-s), rows (every row
// kernel), masks (rows-lanes' masked forms: padded rows, and scattered
// elements, go as columns), sets (rows-lanes in sets of blocks: rows whose
// lanes repeat only every few blocks go as columns); a row method's Off
// (plan_gen.go's rowMethods) names the flag that leaves it out. It is set
// at link time only (go build -ldflags "-X
// github.com/dmlgo/dml/internal/kernel.ShapesOff=rows-lanes"), by
// scripts/shapecmp.sh, so that dmlbench measures a shape against the
// general path in alternation; every other build has every shape.
var ShapesOff string

var (
	offRowsLanes  = shapeOff("rows-lanes")
	offBinade     = shapeOff("binade")
	offBinadeAdd  = offBinade || shapeOff("binade-add")
	offBinadeRuns = offBinade || shapeOff("binade-runs")
	offBinLanes   = offBinade || shapeOff("binade-lanes")
	offBinadeS    = shapeOff("binade-s")
	offF64Lanes   = shapeOff("f64-lanes")
	offFMAS       = shapeOff("fma-s")
	offRows       = shapeOff("rows")
	offMasks      = shapeOff("masks")
	offSets       = shapeOff("sets")
)

func shapeOff(name string) bool { return slices.Contains(strings.Split(ShapesOff, ","), name) }

// method is one way of writing elements. The planner below is the only code
// that chooses one; each method's precondition is written in its doc, in
// its file (shape_NAME.go), and valid checks it (the planner's tests hold
// every piece to it).
type method uint8

// The methods' constants and names are generated from their shapes
// (plan_gen.go; asmgen's Shape), each declared once.

func (m method) String() string { return methodNames[m] }

// The planner's thresholds.
const (
	// vectorMin is the least run, in bytes, worth the vector methods: below
	// it the plain methods cost less than planning the blocks.
	vectorMin = 256
	// floatVectorMin is the least float16 or float32 run, in elements,
	// that takes the vector methods (their blocks are 32 elements or
	// fewer): the plain float methods take 4-8 ns an element (64 float16
	// through the exact method 256-336 ns; scratch, 2026-11-25).
	floatVectorMin = 32
	// maxPieces is how many pieces one plan holds; a run that needs more
	// is planned again from where the pieces end.
	maxPieces = 8
	// fmaSMax bounds the indices of the fma-s kernels' float32 lanes of
	// indices: float32 holds every integer below it exactly.
	fmaSMax = 1 << 24
	// shortBinade is the least binade, in elements, that planBinades makes
	// an int32 binade piece of: shorter ones go together to float32 or
	// float64 lanes, which write them in less time than a piece costs to
	// plan and start.
	shortBinade = 1024
	// addBinade is the least binade that planBinades makes an
	// binade-add piece of: shorter ones go together to float32 lanes
	// (FLOAT16 0, +1 at 64 KiB: 575 ns with its binades of 1024 elements
	// or more as pieces, 535 from 4096; this machine, 2026-11-23).
	addBinade = 4096
	// runsLeast is the least change step, in elements, of a binade piece
	// that the planner gives the runs kernel (binade-runs); runsLeastFast
	// that of a piece the binade kernel writes in its fastest form (int32
	// lanes, shift 16 or less) with no tie (one the tie form rounds, or
	// one patched after the kernel). Each change costs the runs kernel a
	// branch it mispredicts (figures: docs/performance-log.md, Thresholds).
	runsLeast     = 128
	runsLeastFast = 1024
	// runsKernelLeast is the least change step the runs kernels take (a
	// line of 32 elements holds one change at most): their precondition,
	// which valid and validRows check.
	runsKernelLeast = 32
	// runsLeastTies: a binade piece whose sparse ties are patched one by
	// one after the binade kernel (FLOAT16 2048, +1/8's binades, a tie at
	// every change), through exec in alternation, scratch: a change every
	// 127-129 elements (shift 7), the binade kernel 889-1050 ns for 64 KiB
	// and 3.6-4.2 us for 256 KiB, the runs kernel 740-811 and 2.8-3.4; every
	// 63-65 (shift 6), 1180-1221 against 1387-1500 for 64 KiB.
	runsLeastTies = 100
)

// A piece is part of a run (or of a set of rows) that one method writes:
// elements (or rows) [j, j+n), with the method's parameters. It is small:
// a plan is zeroed and filled on every run, however short.
type piece struct {
	j, n  uint32 // a run holds at most 2^32-1 elements
	first uint64 // words, add, rows-words: the bits of element j; binade: |S + i*D| at element j
	d     uint64 // words, add, rows-words: the step between elements; binade: the step of |S + i*D| (signed)
	rowD  uint64 // rows-words: the step between rows
	tie   uint32 // binade, sparse ties: the first element that is one (>= n if none)
	per   uint32 // binade, sparse ties: the distance between two; rows-lanes: the block in bytes
	c     uint32 // binade: the sign and exponent bits; rows-lanes: the lanes (lanesAdd, ...)
	m     method
	st    store // how the kernels store
	shift int8  // binade: the last place kept is 2^shift units
	ties  bool  // binade: the kernel's tie form (dense ties)
}

// A plan is the pieces of a run or of a set of rows, in order.
type plan struct {
	p [maxPieces]piece
	n int
}

// put starts the next piece in place (the plan is zeroed: the fields not set
// are zero) and returns it for the method's parameters.
func (pl *plan) put(m method, j, n int) *piece {
	p := &pl.p[pl.n]
	pl.n++
	p.m, p.j, p.n = m, uint32(j), uint32(n)
	return p
}

// last returns the last piece, or nil if none.
func (pl *plan) last() *piece {
	if pl.n == 0 {
		return nil
	}
	return &pl.p[pl.n-1]
}

// aligned reports whether dst starts at a multiple of the element size.
func (s *Seq) aligned(dst []byte) bool {
	return uintptr(unsafe.Pointer(unsafe.SliceData(dst)))&uintptr(s.size-1) == 0
}

// lanesGiveStart reports whether the vector methods of the sequence's
// runs (add for integers, fma-lanes for float64) write start's bits at
// index 0 themselves, so that it needs no start piece: integers (start +
// 0*delta wraps to start), and float64 in modeFMA (start and delta
// finite, delta not zero) but for start -0 with delta positive, where
// fma(0, delta, -0) is +0.
func (s *Seq) lanesGiveStart() bool {
	return s.kind == Int || s.kind == Float64 && s.mode == modeFMA && (s.start != 1<<63 || s.delta>>63 != 0)
}

// runsPay reports whether the runs kernel writes a float16 binade piece of
// shift and magnitude step dm faster than the binade kernel: where its
// values stay runsLeast elements or more each; runsLeastFast where the
// binade kernel writes it in its fast form (fast: int32 lanes, shift 16 or
// less, no tie among its elements); runsLeastTies where its ties are
// patched after the binade kernel (sparse: a tie, not in the kernel's tie
// form), one by one.
func runsPay(fast, sparse bool, shift int, dm int64) bool {
	least := int64(runsLeast)
	switch {
	case fast && shift <= 16:
		least = runsLeastFast
	case sparse:
		least = runsLeastTies
	}
	return runsFit(shift, dm, least)
}

// runsFit reports whether a binade piece of shift and magnitude step dm
// changes value at most once in any least elements in a row: the
// magnitudes from one change to the next span 2^shift - 1 or more, so
// least*|dm| at most that.
func runsFit(shift int, dm, least int64) bool {
	return shift >= 1 && shift < 62 && absInt(dm) <= (uint64(1)<<shift-1)/uint64(least)
}

// shortSpan returns how many elements from one of magnitude mag (the
// magnitude stepping by dm while the sign holds), whose binade holds count
// elements from it, fewer than least, lie in binades that are all short so:
// count, or more where the binades beyond are short too, at most most.
// Toward zero, a binade below this one's least magnitude low spans at most
// low, so holds at most low/|dm| + 1 elements: if that is below least, the
// short binades run to the change of sign. Away from zero, a binade [L,
// 2L) holds at most L/dm + 1: they are short (at most least) until the
// magnitude reaches top, the power of two above (least-1)*dm.
func shortSpan(mag, dm, count, least, most int64) int64 {
	n := count
	switch {
	case mag == 0:
	case dm < 0:
		if low := int64(1) << (bits.Len64(uint64(mag)) - 1); low/-dm+1 < least {
			n = quoAny(mag-1, -dm) + 1 // to the change of sign
		}
	case dm > 0 && dm < (1<<62)/least:
		if top := int64(1) << bits.Len64(uint64((least-1)*dm)); mag < top {
			n = quoAny(top-mag+dm-1, dm)
		}
	}
	return max(count, min(n, most))
}

// binadeRun returns, for the exact sum k of an element and the step dk of
// k to the next, the binade k lies in (shift and c, as binadeOf), |k|,
// the step of |k| while the sign holds, and how many elements from this
// one lie in that binade, at most most (1 for k = 0).
func (s *Seq) binadeRun(k, dk, most int64) (shift int, c uint32, mag, dm, count int64) {
	shift, c, low, high := s.binadeOf(k)
	mag, dm = k, dk
	if k < 0 {
		mag, dm = -k, -dk
	}
	switch {
	case mag == 0:
		return shift, c, 0, dm, 1
	case dm > 0:
		count = quoAny(high-mag, dm) + 1
	case dm < 0:
		count = quoAny(mag-low, -dm) + 1
	default:
		count = most
	}
	return shift, c, mag, dm, min(count, most)
}

// binadeOf returns, for the exact sum k (in units of 2^unit), the binade of
// the sequence's format (float16 or float32) it lies in: the magnitudes
// [low, high] of that binade (or of the subnormals), the last place kept
// there (2^shift units), and the sign and exponent bits c, less one in the
// exponent, so that c + the significand (with its leading one) gives the
// bits. For k = 0 it gives c = 0 and low = high = 0.
func (s *Seq) binadeOf(k int64) (shift int, c uint32, low, high int64) {
	mag := k
	if k < 0 {
		mag, c = -k, uint32(s.f.signBit())
	}
	p := int(s.f.mantBits) - 1 // significand bits after the leading one
	emin := 1 - s.f.bias
	sub := emin - s.unit // magnitudes below 2^sub are subnormal
	switch m := bits.Len64(uint64(mag)) - 1; {
	case mag == 0:
		return 0, c, 0, 0
	case m < sub:
		return s.f.minExp() - s.unit, c, 1, 1<<sub - 1
	default:
		return m - p, c | uint32(m+s.unit+s.f.bias-1)<<p, 1 << m, 1<<(m+1) - 1
	}
}

// binadeScale returns the scale 2^up that makes a binade's last place at
// least 2^1 units (the kernel rounds by a shift of at least 1), and the
// shift at that scale. Magnitudes so scaled stay below 2^22: shift is below
// 1 only where they are exact and below 2^11.
func binadeScale(shift int) (up uint, scaled int) {
	u := max(0, 1-shift)
	return uint(u), shift + u
}

// quoAny returns x / y for 0 <= x and 0 < y: by quo where it can.
func quoAny(x, y int64) int64 {
	if x < 1<<53 && y < 1<<53 {
		return quo(x, y)
	}
	return x / y
}

// quo returns x / y for 0 <= x < 2^53 and 0 < y < 2^53 by a float64
// division (an integer division is several times slower), which is exact
// after truncation: x and y convert exactly; x/y is either an integer or at
// least 1/y below the next one, and the division's rounding error, at most
// (x/y) * 2^-53, is smaller than that, since x < 2^53.
func quo(x, y int64) int64 {
	return int64(float64(x) / float64(y))
}

// rowSpan is what the row planner knows of rows of n elements from index a
// that a row kernel may take (rows 256 bytes long or more): rows rows,
// rowStep apart, step apart within a row, the last index, and whether
// A rowSet is rows of a fill: rows rows of n elements, row r starting at
// byte r*pitch of the fill's dst, its element e of index i0 + r*rowStep +
// e*step. The planner and the executors of rows pass it by pointer.
type rowSet struct {
	rows, pitch, n    int
	i0, rowStep, step uint64
}

// from returns the k rows of r from its row j on.
func (r *rowSet) from(j, k int) rowSet {
	return rowSet{rows: k, pitch: r.pitch, n: r.n, i0: r.i0 + uint64(j)*r.rowStep, rowStep: r.rowStep, step: r.step}
}

// every element of them is finite (known).
type rowSpan struct {
	a, last, rowStep, step uint64
	n, rows                int
	known                  bool
}

// A rowTest names a precondition of the row planner's table (rowX: the
// Seq method canX of its shape), which rowHolds evaluates (by name, not as
// function values: a pointer passed through a function value escapes, and
// every fill would allocate its Seq). The table and its tests are
// generated from the shapes' rows (plan_gen.go); rowHolds is methods.go's.
type rowTest uint8

// lastRun returns the last index of rows of consecutive indices (rowStep
// = n*step).
func (r *rowSpan) lastRun() uint64 { return r.a + uint64(r.rows)*r.rowStep - r.step }

// binadeRows reports whether the binade row kernels may take the rows as
// one span of consecutive indices, all finite, below the overflow point
// (the lanes' width is the method's own precondition).
func (s *Seq) binadeRows(r *rowSpan) bool {
	return s.mode == modeLinear && r.known && r.rowStep == uint64(r.n)*r.step && r.a < s.overIdx
}

// wholeLines reports whether rows of rowBytes at dst, dst + pitch, ... are
// whole 64-byte lines, a whole number of lines apart: a packed fill with
// lines skipped (float32 rows of 1024 elements, 16 apart, at a 64-byte
// aligned address), which takes the store verdict packed runs take.
func wholeLines(dst []byte, pitch, rowBytes int) bool {
	return uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%64 == 0 && pitch%64 == 0 && rowBytes%64 == 0
}

// rowsStream reports whether the row kernels may stream rows of rowBytes
// at dst, dst + pitch, ...: every row starts at a multiple of 16 bytes and
// is a multiple of 16 long, 256 or more (rowsAddNT in asmgen: its partial cache lines
// then take one or two regular stores each, which touch no line streamed).
func rowsStream(dst []byte, pitch, rowBytes int) bool {
	return uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%16 == 0 && pitch%16 == 0 && rowBytes%16 == 0 && rowBytes >= 256
}

// The lanes of a rows-lanes piece (its c): the add kernels' (integers,
// float32 exact in float32 lanes), fma-s (float32 indices below fmaSMax),
// f64 (float32 values exact in
// float64 lanes, as the f64 method writes a run: f64To32Stride) or binade lanes
// (float16: bin192).
const (
	lanesAdd = iota
	lanesFMA
	lanesBin
	lanesF64
)

// lanesBlock returns the block of rows-lanes, and its lanes, for rows rows
// of n elements pitch bytes apart, of indices i0 + r*rowStep + e*step, on
// the table t, for rows of 2 or more elements, shorter than the row kernels
// take, one after another, spanning two blocks or more: of integers, or of
// float32 whose every value and the step of a block are exact in float32
// lanes (lanesExact: lanesAdd) or whose every index is below fmaSMax (float32
// lanes hold them exactly: the fma-s kernels', lanesFMA), 128 bytes where a row's
// length divides it, else 192 where it divides that; of other float32, for
// indices below 2^53, 64 (in sets of blocks: f64 lanes where every exact
// sum, and a set's block step, lie below 2^53 units, lanesF64, padded rows
// too where the table has masks); of
// float16, binBlock's (192 bytes, or 128 where those take fewer lanes),
// in binMaxSets sets or fewer (padded rows too where the table has
// masks), where the exact sums lie below 2^59 in magnitude (int64Lanes)
// and a set's block steps them by less than binLanesStep (lanesBin); else 0.
func (s *Seq) lanesBlock(t *table, rs *rowSet) (blk int, lanes uint32) {
	rows, pitch, n := rs.rows, rs.pitch, rs.n
	rowBytes := n << s.lg
	if s.kind == Float64 || n < 1 || pitch < rowBytes || offMasks && pitch != rowBytes {
		return 0, 0
	}
	if s.kind == Float16 {
		return s.binLanesBlock(t, rs)
	}
	blk, sets := s.addLanesBlock(t, rows, pitch, n)
	if blk == 0 {
		return 0, 0
	}
	if s.kind == Float32 {
		return s.float32LanesBlock(t, rs, blk, sets)
	}
	return blk, lanesAdd
}

// binLanesBlock is lanesBlock for float16: rows of any length up to
// binMaxSets sets of blocks, padded ones too where the table has masks
// (bin192Mask); those that the row kernels take (128 bytes or more, of
// consecutive elements) stay theirs.
func (s *Seq) binLanesBlock(t *table, rs *rowSet) (blk int, lanes uint32) {
	rows, pitch, n, i0, rowStep, step := rs.rows, rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step
	rowBytes := n << s.lg
	if n < 2 && pitch == rowBytes || pitch != rowBytes && (!t.masks(2) || pitch%2 != 0) || offBinLanes {
		return 0, 0
	}
	last := i0 + uint64(rows-1)*rowStep + uint64(n-1)*step
	blk, sets := binBlock(t, pitch)
	// (A set's block steps a lane's sum by less than last's and i0's
	// differ: the rows span two of a set's blocks or more. Both sums
	// lie below 2^59.)
	if sets > binMaxSets || (rows-1)*pitch+rowBytes < 2*sets*blk || rowBytes >= addBlock && step == 1 ||
		s.mode != modeLinear || step == 0 || rowStep == 0 ||
		!s.int64Lanes(i0, last) || absInt(int64(uint64(sets*blk/pitch)*rowStep*s.dLo)) >= binLanesStep {
		return 0, 0
	}
	return blk, lanesBin
}

// addLanesBlock returns the block of the add kernels' lanes for rows of
// n elements pitch bytes apart (not float16), and the sets of blocks they
// go in (rows that divide neither block, or padded: the add kernels'
// blocks in sets; five sets as one block of 640 bytes where the table
// has add640x and the rows span periods640Min: integers, and float32 of
// fma-s lanes), or 0 where those lanes do not take the rows.
func (s *Seq) addLanesBlock(t *table, rows, pitch, n int) (blk, sets int) {
	rowBytes := n << s.lg
	padded := pitch != rowBytes // (gaps between the rows: masked add lanes)
	if rowBytes >= addBlock || !padded && (n < 2 || rows*rowBytes < 2*192) {
		return 0, 0
	}
	switch {
	case padded:
		blk, sets = 128, blockSets(pitch, 128)
		if !t.masks(1<<s.lg) || pitch&(1<<s.lg-1) != 0 || sets > addMaxSets || (rows-1)*pitch+rowBytes < 2*sets*blk {
			return 0, 0
		}
	case 128%rowBytes == 0:
		blk, sets = 128, 1
	case 192%rowBytes == 0:
		blk, sets = 192, 1
	default:
		blk, sets = 128, blockSets(pitch, 128)
		if sets > addMaxSets || rows*rowBytes < 2*sets*blk {
			return 0, 0
		}
		if sets == 5 && t.periods640() && rows*rowBytes >= periods640Min {
			blk, sets = 5*128, 1 // (in one pass: putPeriods)
		}
	}
	return blk, sets
}

// float32LanesBlock is lanesBlock for float32 rows that the add kernels'
// lanes take in sets of blocks of blk: add lanes where every value and a
// block's step are exact in float32 (lanesExact), else fma-s lanes below
// fmaSMax, else f64 lanes (f64LanesBlock).
func (s *Seq) float32LanesBlock(t *table, rs *rowSet, blk, sets int) (int, uint32) {
	rows, pitch, n, i0, rowStep, step := rs.rows, rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step
	padded := pitch != n<<s.lg
	last := i0 + uint64(rows-1)*rowStep + uint64(n-1)*step
	switch {
	case s.mode != modeLinear || step == 0 || rowStep == 0:
		return 0, 0
	case s.lanesExact(sets*blk, rs) && blk == 5*128:
		// Add lanes S in five sets of blocks: putPeriods's first, a
		// period's step times the periods, need not be exact in float32.
		return 128, lanesAdd
	case s.lanesExact(sets*blk, rs):
		return blk, lanesAdd
	case sets > 1 || padded:
		// Fma-s lanes in sets of 128-byte blocks, or the masked fma-s
		// kernel.
		if last < fmaSMax && !offFMAS && (!padded || t.masks(4)) {
			return blk, lanesFMA
		}
	case last < fmaSMax && !offFMAS:
		return blk, lanesFMA
	}
	return s.f64LanesBlock(t, rows, pitch, n, i0, last, rowStep)
}

// f64LanesBlock returns f64 lanes in sets of 64-byte blocks (lanesF64),
// where fma-s lanes are not taken (past index 2^24; padded rows under
// masks), where every exact sum, and a set's block step, lie below 2^53
// units (as the f64 method's runs): NHWC FLOAT32 0.1, +0.3 past index 2^24
// (docs/performance.md, "What each shape earns"); five sets as one block
// of 320 bytes (cvt320xF32, in one pass: putPeriods) where the table has
// the periods (periods640) and the rows, one after another, span
// periods320Min bytes or more (pixels of 5, 10 or 20 channels); else 0.
func (s *Seq) f64LanesBlock(t *table, rows, pitch, n int, i0, last, rowStep uint64) (int, uint32) {
	rowBytes := n << s.lg
	ds := blockSets(pitch, 64)
	if offF64Lanes || last >= 1<<53 || ds > addMaxSets || (rows-1)*pitch+rowBytes < 2*ds*64 ||
		pitch != rowBytes && !t.masks(4) || !s.exactBelow(i0, last, uint64(ds*64/pitch)*rowStep, 53) {
		return 0, 0
	}
	if ds == 5 && pitch == rowBytes && t.periods640() && rows*rowBytes >= periods320Min {
		return 5 * 64, lanesF64 // (a period's step is the step of a set's block)
	}
	return 64, lanesF64
}

// addMaxSets is the most sets of blocks the add lanes of rows-lanes take
// (rows whose bytes over their greatest common divisor with 128 are 32 or
// fewer: rows of up to 32 elements of any size, and longer ones of bytes
// with powers of two enough): a set's lanes are worked out once a fill,
// and its blocks go to the kernel in one call.
const addMaxSets = 32

// periods640Min is the least span of rows that go as periods of 640 bytes
// in one pass (putPeriods) rather than in five sets of blocks: below it,
// in the caches, the five strided passes wrote as fast as one pass or
// faster (the kernels alone, 64 KB to 1.5 MB, 33-61 GB/s), and from 2 MB
// one pass wrote 1.3 to 2 times as fast (on the Intel Xeon of
// docs/performance.md; figures: docs/performance-log.md, 2026-12-02,
// pixels of 5 channels). A variable: TestFillRowsLanes pins it
// to reach putPeriods with its small rows.
var periods640Min = 2 << 20

// periods320Min is periods640Min for float32 rows of f64 lanes, as periods
// of 320 bytes (cvt320xF32) rather than five sets of 64-byte blocks
// (cvtF32StrideY). Here one pass wins in the caches too: from 16 KB on it
// wrote 1.02 to 1.85 times as fast (BenchmarkPixels5F64, the two forms
// alternated, three rounds a run: 16 KB with the longest tail after
// the periods, four blocks and one more, each worked out in Go, 1.02-1.07;
// 64 KB to 1 MiB 1.10-1.17; 2 MiB 1.15-1.39; 4 and 16 MiB 1.55-1.85), and
// at 4 to 8 KB with a tail the tail cost more than the passes saved
// (0.87-0.95), on the Intel Xeon of docs/performance.md. A variable:
// TestFillRowsLanes pins it to reach putPeriods with its small rows.
var periods320Min = 16 << 10

// lanesExact reports whether float32 rows of rows-lanes (blocks of blk
// bytes) have every value, and the step of a block, exact in float32 lanes
// (as f32Lanes): the add kernels write them.
func (s *Seq) lanesExact(blk int, rs *rowSet) bool {
	rows, pitch, n, i0, rowStep, step := rs.rows, rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step
	last := i0 + uint64(rows-1)*rowStep + uint64(n-1)*step
	return s.unit >= -149 && s.unit <= 104 && s.exactBelow(i0, last, uint64(blk/pitch)*rowStep, 24)
}

// rowStore decides the store kind of a piece of rows [r, end) of method m,
// of rows spanning whole bytes in all (planRows): streaming where they
// span streamingMin bytes or more, the piece's rows allow it
// (rowsStreamable) and the machine streams faster. The span is all the
// rows', not the piece's, as a run's pieces store as the whole run does
// (planRun): the binades of float32 0, +1 from row 1 are pieces of 1, 2,
// 4, ... rows, and the first 16 MiB of 256 MiB of padded rows went with
// regular stores while the rest streamed: 20.8 GB/s where every line
// streamed wrote 23.8 (docs/performance.md, "Padded rows at 256 MiB").
func (s *Seq) rowStore(v verdicts, whole int, dst []byte, r, end, pitch, rowBytes int, m method) store {
	span := (end-r-1)*pitch + rowBytes
	d := dst[r*pitch : r*pitch+span]
	switch {
	case whole >= streamingMin && rowsStreamable(m, d, pitch, rowBytes) && v.stream:
		return stStream
	}
	return stRegular
}

// The preconditions' arithmetic.

// fewBinades reports whether the n elements a through b span binades of
// 4096 elements or more on average (each binade is a piece, and a piece
// costs time to plan and start: about 20 and 25 ns before f16BinxSpan and
// the plan memo, FLOAT16 at 64 KiB on this machine; after them, FLOAT16
// 0,+1 at 64 KiB with its long binades as pieces measured the same as in
// float32 lanes, 2026-11-23).
func (s *Seq) fewBinades(a, b uint64, n int) bool {
	_, ka := s.linear(a)
	_, kb := s.linear(b)
	la, lb := bits.Len64(absInt(int64(ka))), bits.Len64(absInt(int64(kb)))
	binades := max(la, lb) - min(la, lb) + 1
	if (int64(ka) < 0) != (int64(kb) < 0) {
		binades = la + lb // down to zero on one side, up on the other
	}
	return n >= 4096*binades
}

// someRuns reports whether the float16 elements a through b (step indices
// apart; their exact sums in int64 lanes) reach a binade that changes
// value once in runsLeast elements at most: the binade farthest from zero
// among them, whose last place is the greatest, which planBinades then
// gives the runs kernel.
func (s *Seq) someRuns(a, b, step uint64) bool {
	_, la := s.linear(a)
	_, lb := s.linear(b)
	k := int64(la)
	if absInt(int64(lb)) > absInt(k) {
		k = int64(lb)
	}
	shift, _, _, _ := s.binadeOf(k)
	return k != 0 && runsFit(shift, int64(absInt(int64(step*s.dLo))), runsLeast)
}

// fewLongBinades is fewBinades counting only the binades of shortBinade
// elements or more (elements step indices apart), which planBinades makes
// pieces of: the shorter ones near zero go together to float32 lanes.
func (s *Seq) fewLongBinades(a, b, step uint64, n int) bool {
	_, ka := s.linear(a)
	_, kb := s.linear(b)
	la, lb := bits.Len64(absInt(int64(ka))), bits.Len64(absInt(int64(kb)))
	// A binade of sums of bit length k spans 2^(k-1) units: long from kmin.
	dk := absInt(int64(s.dLo)) * step
	kmin := bits.Len64(shortBinade*dk-1) + 1
	long := func(lo, hi int) int { return max(0, hi-max(lo, kmin)+1) }
	var binades int
	if (int64(ka) < 0) != (int64(kb) < 0) {
		binades = long(0, la) + long(0, lb)
	} else {
		binades = long(min(la, lb), max(la, lb))
	}
	return binades > 0 && n >= 4096*binades
}

// absInt returns |x| as a uint64.
func absInt(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

// binSLanes reports whether the float32 binade kernel may write elements
// a through b: every S + i*D is below 2^56 in magnitude (a binade's last
// place is then at most 2^32 units, the kernel's shift) and unit is at
// least -181 (so is the subnormals' last place, 2^-149).
func (s *Seq) binSLanes(a, b uint64) bool {
	return s.kind == Float32 && s.unit >= -181 && s.exactBelow(a, b, 0, 56)
}

// int64Lanes is int32Lanes for int64 sums (binade-q's plan, the runs
// kernels): every S + i*D is below 2^59 in magnitude, so that a binade's
// last place is at most 2^48 units and the additions stay exact.
func (s *Seq) int64Lanes(a, b uint64) bool {
	return s.kind == Float16 && s.unit >= -24 && s.exactBelow(a, b, 0, 59)
}

// binLanesStep is the most a block may step a lane's exact sum (in units
// of 2^unit) for lanesBin: far below binMaxX, so that a lane's form
// holds for many blocks.
const binLanesStep = 1 << 24

// binBlock returns the block of rowsBinLanes on the table t for rows pitch
// bytes apart, and its sets: on tables without AVX-512, 64 bytes (bin64Y,
// whose 32 lanes stay in registers) in bin64MaxSets sets or fewer; else
// 128 bytes where those sets hold fewer lanes (64 a set against 96) and
// they are bin128MaxSets or fewer, else 192 (figures:
// docs/performance-log.md, Thresholds).
func binBlock(t *table, pitch int) (blk, sets int) {
	if s64 := blockSets(pitch, 64); t.asm && !t.avx512 && s64 <= bin64MaxSets {
		return 64, s64
	}
	s192 := blockSets(pitch, 192)
	if s128 := blockSets(pitch, 128); 2*s128 < 3*s192 && s128 <= bin128MaxSets {
		return 128, s128
	}
	return 192, s192
}

// bin128MaxSets is the most sets of 128-byte blocks binBlock takes: sets
// 2048 bytes apart or more wrote slower than their fewer lanes saved
// (figures: docs/performance-log.md, Thresholds).
const bin128MaxSets = 15

// bin64MaxSets is the most sets of 64-byte blocks binBlock takes (tables
// without AVX-512): sets less than 1024 bytes apart (binBlock's figures).
const bin64MaxSets = 15

// blockSets is how many sets of blocks of blk bytes rows pitch bytes long
// take, one after another: they repeat every lcm(pitch, blk) bytes, that
// many blocks.
func blockSets(pitch, blk int) int {
	a, b := pitch, blk
	for b != 0 {
		a, b = b, a%b
	}
	return pitch / a
}

// binMaxSets is the most sets of blocks lanesBin takes: each set's lanes
// have their forms worked out, which binLanesPay counts against
// columns; past 32 sets it measured slower than rows as runs (figures:
// docs/performance-log.md, Thresholds).
const binMaxSets = 32

// A rowMethod is a row of the row planner's table: a method, whether
// ShapesOff leaves it out, and its precondition on the rows (can, a
// rowTest; for rows-words, it also names the words written: rowWords).
type rowMethod struct {
	m   method
	off bool
	can rowTest
}
