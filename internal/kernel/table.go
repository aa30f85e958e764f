package kernel

import (
	"fmt"
	"math/bits"
	"os"
	"strings"
	"time"
	"unsafe"
)

// The signatures of the vector kernels. Each is an assembly routine on
// amd64 (in an AVX2 form, an AVX-512 form for some, and a regular and a
// streaming store kind) and a Go twin of the same signature (twins.go),
// which the tests hold it to. Every inc holds one value in each of its
// lanes; the float kernels' values are exact by the planner's
// preconditions (their twins compute the exact value and round it once).
type (
	// addKernel writes blocks of 128 bytes at dst, stride bytes apart (128,
	// or a multiple of 64 for rows-lanes' sets of blocks): lanes of the
	// element width, little-endian, start as base plus first (the low bits of
	// first in every lane), and inc is added to every lane after each
	// block, wrapping (integer lanes) or in float32 (lanes S).
	addKernel func(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte)

	// addMaskKernel is addKernel (blocks of 128 bytes, stride bytes apart)
	// storing only the bytes whose bits are set in mask (bit b of mask[h]:
	// byte 64*h + b of each block), the others left as they were: the
	// padded rows of rows-lanes, their gaps never written. (The AVX2 forms,
	// addMaskY*, read an element's first bit for all its bytes: the
	// planner's masks set an element's bits all or none.)
	addMaskKernel func(dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64)

	// fmaMaskKernel is addMaskKernel for float32 that rounds: lanes of
	// exact indices, each element fma(index, delta, start) rounded once (as
	// fmaSKernel's), stored under the masks.
	fmaMaskKernel func(dst *byte, blocks, stride int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, mask *[2]uint64)

	// f64Kernel writes blocks of 16 elements from 16 float64 lanes that
	// start as base plus first (float64 bits) and grow by inc[0] a block,
	// each converted once to the output type.
	f64Kernel func(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64)

	// f64StrideKernel is f64Kernel (float32 elements) for blocks stride
	// bytes apart (a multiple of 64: rows-lanes' sets of blocks), the
	// stride last.
	f64StrideKernel func(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, stride int)

	// f64MaskKernel is f64StrideKernel (its stride third) storing only the
	// bytes whose bits are set in mask (bit b: byte b of each block), as
	// addMaskKernel (the AVX2 form, cvtF32MaskY, reads an element's first
	// bit for its four bytes).
	f64MaskKernel func(dst *byte, blocks, stride int, base *[16]float64, first uint64, inc *[4]float64, mask *uint64)

	// f32Kernel writes blocks of 32 float16 from 32 float32 lanes that
	// start as base plus first (float32 bits) and grow by inc[0] a block,
	// each converted once.
	f32Kernel func(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32)

	// binKernel writes blocks of 32 float16 of one binade: lane l (which
	// holds element packOrder[l] of a block) starts as kb = base[l] + first
	// (int32, wrapping) and grows by inc a block; its element e is c plus
	// kb >> shift (first is biased by half a last place, so ties round
	// up), with the last bit of kb >> shift cleared where bit e of ties is
	// set: the ties the planner found, which so go to even. Pre: every kb of the
	// blocks is below 2^(shift+12) (q fits 12 bits: the planner's binades
	// have q at most 2048), and c is even (a sign and an exponent: its low
	// 10 bits are 0).
	binKernel func(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64)

	// binSpanKernel writes n float16 (n at least 1) at dst (aligned to 2
	// bytes) as binKernel would write the elements of its blocks, element e
	// from kb = first + e*d (int32, wrapping) and ties to even where bit
	// e%64 of ties is set; base holds the lanes of d (base[l] =
	// packOrder[l]*d, int32). It writes no byte outside the n elements. Pre:
	// as binKernel for every kb of the n elements; the two halves of ties
	// equal (ties every 32 elements or less) but where shift is at most 16
	// and the table writes the span with its span kernel (AVX-512, regular
	// stores: binSpan64).
	binSpanKernel func(dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64)

	// binSpan128Kernel is binSpanKernel for ties every 128 elements: ties
	// is the element of one of them (below 128). Pre: as binSpanKernel,
	// and shift at most 16.
	binSpan128Kernel func(dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64)

	// runsKernel writes n 16-bit elements (n at least 1) at dst (aligned to
	// 2 bytes) that change at most once in any 32 in a row: element e is
	// v + inc*k (wrapping at 16 bits), k the number of changes at or
	// before e. The first change is at element next; each one after it
	// follows the last by steps[0] elements, and one more where the
	// remainder rem, less steps[1], falls below 0 (then it gains
	// steps[4]); the next change takes steps[2] and steps[3] so, and the
	// changes alternate between the two pairs. It writes no byte outside
	// the n elements. Pre: steps[0] and steps[2] at least 32; rem and
	// steps[1], steps[3] below steps[4], below 2^62; next below 2^62.
	runsKernel func(dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64)

	// rowsRunsKernel is runsKernel for rows rows (at least 1) of rowBytes
	// (at least 2) at dst, dst + pitch, ...: their elements, row after row,
	// are one span of runsKernel's (row r's element e is the span's element
	// r*rowBytes/2 + e). It writes no byte outside the rows.
	rowsRunsKernel func(dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64)

	// binSKernel is binKernel for float32 from int64 lanes: blocks of 16
	// float32 (64 bytes), lane l holding element l of a block (kb = base[l]
	// + first + k*inc, wrapping at 64 bits), each element c + q as 32 bits,
	// and ties != 0 rounding every tie to even: (kb >> shift) & ((kb-1) >>
	// shift | ^1), which differ exactly at ties, by one. Pre: every kb
	// below 2^(shift+32), shift at most 32, c even.
	binSKernel func(dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64)

	// fmaDKernel writes blocks of 16 float32 from 16 float64 lanes that
	// start as base plus first (float64 bits) and grow by inc[0] a block:
	// each element is fma(lane, delta, start) in float64 (start and delta
	// float64 bits), rounded once, then converted to float32 (to nearest
	// even). It stops before the first block where a float64 value is a
	// float32 midpoint (its low 29 bits 1 followed by zeros) or, where tiny
	// is not 0, below 2^-126 in magnitude, and returns the blocks it wrote.
	// Pre: every lane an exact integer below 2^53; tiny not 0 unless no
	// exact sum of the blocks is below 2^-126 in magnitude (a float64
	// value then is not either).
	fmaDKernel func(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64) int

	// fmaKernel writes blocks of 16 float64: lane l starts as base[l] +
	// first (an index: exact integers, the float64 bits of first) and
	// grows by inc[0] a block; its element is fma(lane, delta, start),
	// rounded once (start and delta are float64 bits).
	fmaKernel func(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64)

	// fmaSKernel writes blocks of 32 float32: lane l starts as base[l] +
	// first (an index: exact integers below 2^24, the float32 bits of
	// first) and grows by inc[0] a block; its element is fma(lane, delta,
	// start) in float32, the exact product and sum rounded once (start and
	// delta are float32 bits).
	fmaSKernel func(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64)

	// fmaStrideSKernel is fmaSKernel for blocks stride bytes apart (a
	// multiple of 64: rows-lanes' sets of blocks), the stride last.
	fmaStrideSKernel func(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, stride int)

	// rowsKernel writes rows rows of rowBytes (at least 128) at dst, dst +
	// pitch, ...: each as addKernel's lanes would, from three places with
	// the first values steps gives (rowSteps): a block of 128 bytes at the
	// row's start (if that is not 64-byte aligned), blocks from its first
	// 64-byte aligned byte, and a block ending at its end.
	rowsKernel func(dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte)

	// rowsBinKernel is rowsKernel for float16 of one binade, each place's
	// blocks as binKernel writes them from the place's first kb with the
	// place's tie mask, both from steps (binSteps), in blocks of 64 bytes
	// (rowBytes at least 64), the middle ones from the row's first 64-byte
	// aligned byte. Pre: as binKernel, and shift at most 20.
	rowsBinKernel func(dst *byte, rows, pitch, rowBytes int, base *[32]int32, steps *binSteps, inc, shift, c uint64)

	// rowsFMASKernel is rowsKernel for float32 as fmaSKernel writes it,
	// 16 lanes of indices a block of 64 bytes (rowBytes at least 64; 128
	// for the streaming form, whose rows need only be aligned to 4 bytes: it
	// writes the partial cache lines with regular stores of the width that
	// fits): lane l of a place's k-th block is base[l] + first + k*inc
	// (float32; first the place's index from steps, a rowSteps of integer
	// indices, and inc float32 bits), every index exact (below 2^24).
	rowsFMASKernel func(dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64)

	// rowsBinSKernel is rowsKernel for float32 of one binade from int64
	// lanes, each place's blocks as binSKernel writes them (ties as it
	// says), from the place's first kb (from steps, a rowSteps), in blocks
	// of 64 bytes (rowBytes at least 64; 128 for the streaming form, whose
	// rows need only be aligned to 4 bytes). Pre: as binSKernel.
	rowsBinSKernel func(dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, shift, c, ties uint64)

	// add192Kernel is addKernel for integer lanes in blocks of 192 bytes
	// (six vectors: a period of rows of 3, 6 or 12 elements, mRowsLanes).
	add192Kernel func(dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte)

	// fma192SKernel is fmaSKernel in blocks of 192 bytes (48 lanes: a
	// period of rows of 3, 6 or 12 float32, mRowsLanes).
	fma192SKernel func(dst *byte, blocks int, base *[48]float32, first uint64, inc *[8]float32, start, delta uint64)

	// bin192Kernel writes float16 rows of mRowsLanes in blocks of 192
	// bytes, stride bytes apart (a multiple of 64), from 96 int32 lanes,
	// each in a binade of its own (binLanes); bin128x, bin128Y and their
	// twin in blocks of 128 bytes from lanes 0-63.
	// Pre: every lane's x + h + 1 stays below 2^32 over the blocks, and
	// its rounded magnitude below 2^16.
	bin192Kernel func(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64)

	// bin192MaskKernel is bin192Kernel storing only the bytes whose bits
	// are set in mask (bit b of mask[h]: byte 64*h + b of each block).
	bin192MaskKernel func(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64)

	// zipKernel writes blocks*z.rows rows of z.n elements (2 to zipMax) of
	// 2^z.lg bytes, one after another at dst, element e of row r being
	// element r of the column z.stride*e bytes into cols: the rows'
	// columns, which it reads by blocks of 64 bytes (32 for bytes). It
	// writes no byte outside the rows.
	zipKernel func(dst, cols *byte, blocks int, z *zipPlan)
)

// rowSteps gives the row kernels (but rowsBinKernel's: binSteps) the value
// at each of a row's three places: row r's first element is first + r*rowD,
// the element at its first 64-byte aligned byte (mis elements on) that plus
// mis*d, the first of its last block that plus lastD. Integer values
// (words, indices, exact sums, kb): the low bits of each sum, wrapping.
// Float32 values (rowsAddS): float64 bits,
// the sums in float64 (row by row: each row's first is the last row's
// first plus rowD), each place's value rounded to float32; exact, by the
// planner's facts.
type rowSteps struct {
	first, rowD, d, lastD uint64
}

// binSteps gives rowsBinKernel each row's three places: row r's first kb
// is kb + r*rowD, the kb at its first 64-byte aligned byte (mis elements
// on) that plus mis*d, the first kb of its last block that plus lastD (the
// low 32 bits of each sum); a place's tie mask is every << ((tie - e) &
// perMask), 32 bits (perMask below 32), for the place's first element e
// counted from the first row's first (row r's at r*n).
type binSteps struct {
	kb, rowD, d, lastD, n uint64
	tie, perMask, every   uint64
}

// Lanes of the add kernels: integers of 1, 2, 4, 8 bytes, and float32.
const (
	laneB = iota
	laneW
	laneD
	laneQ
	laneS
)

// A table is the vector kernels of one machine, chosen once from its CPU:
// the assembly routines (AVX2, or with the AVX-512 forms of those that have
// one) or the Go twins. Its methods (generated by asmgen: FAMILY_amd64.go,
// and dispatch_other.go without assembly) call the routines directly, one switch per kind of kernel, rather than through
// function values: a pointer passed through a function value escapes, and
// every call would allocate its lane arrays. Each method has a store kind
// (a store: stStream streams past the caches, dst aligned to 64 bytes, or
// to the block if smaller, as blockRuns gives it). The planner is the same on every build;
// only the table differs.
type table struct {
	name   string
	asm    bool // the assembly routines; else the Go twins
	avx512 bool // the AVX-512 forms, and the kernels only they have
}

// goTable is the Go twins: the table under -tags purego and on other
// architectures, and the reference the assembly is tested against.
var goTable = &table{name: "go"}

// spanTies reports whether the table's binSpan writes ties every 64
// elements in its kernel (two tie masks, for the blocks of even and odd
// index), and its binSpan128 ties every 128 (four: f16BinxSpan and
// f16BinxSpan128, AVX-512, regular stores, shift 16 or less; the Go twins
// for any).
func (t *table) spanTies() bool { return !t.asm || t.avx512 }

// binadeFirst reports whether float16 runs exact in float32 lanes but of
// few binades go to the binade kernel rather than F16C: the AVX-512 binade
// kernel writes faster in cache (docs/performance-log.md, Thresholds).
func (t *table) binadeFirst() bool { return !t.asm || t.avx512 }

// fmaSFirst reports whether float32 runs of indices below 2^24 go to the
// fma-s kernel even where their binades are long (binade-s takes those
// otherwise): the AVX-512 fma-s kernel writes as fast as binade-s's, the
// AVX2 one slower (docs/performance-log.md, 2026-11-27, evening).
func (t *table) fmaSFirst() bool { return !t.asm || t.avx512 }

// A store is how a vector kernel writes its blocks (the table has a
// routine of each kernel for each).
type store uint8

const (
	// stRegular is regular stores.
	stRegular store = iota
	// stStream is streaming (non-temporal) stores, past the caches: dst
	// aligned to 64 bytes, or to the block if smaller (blockRuns).
	stStream
	// stAhead is regular stores, each line fetched (PREFETCHT0) the least
	// multiple of the stride past 1024 bytes before the stores reach it:
	// the masked kernels' ahead forms (suffix A; maskedAhead).
	stAhead
)

// The store kinds' bounds: where each writes faster, if the machine's
// verdict says so (and the add kernels' block).
const (
	// addBlock is the block of the add kernels (bytes).
	addBlock = 128
	// streamingMin is the size from which the vector kernels stream their
	// stores past the caches, if the machine writes faster so (verdicts:
	// see streaming): beyond what the last-level cache would usefully
	// keep.
	streamingMin = 16 << 20
)

// verdicts are this machine's measured choices of store kind, which the
// planner takes as a value: Filler measures them (table.measure) before it
// plans a run or a layout, and a test gives them as it likes.
type verdicts struct {
	stream bool // streaming stores write streamingMin bytes or more faster
}

// measure returns the verdicts for a fill of n bytes, rows of rowBytes
// every pitch bytes (a run: one row): streaming is measured where its last
// measurement is old (see streaming), on memory of the measurement's own
// laid out as the fill's rows are, never on the fill's destination. A fill
// below streamingMin bytes, the least the verdict is asked of, measures
// nothing. Rows shorter than addBlock with gaps between them are not
// measured but take the last verdict (whole-line stores within such rows
// would time nothing). The Go twins' table has one kind of store. pinned,
// when set, is every fill's verdicts.
func (t *table) measure(n, pitch, rowBytes int) verdicts {
	switch {
	case pinned != nil:
		return *pinned
	case n < streamingMin || !t.asm:
		return verdicts{}
	}
	if pitch == rowBytes {
		pitch, rowBytes = n, n // (rows one after another: a run)
	}
	if pitch > rowBytes && rowBytes < addBlock {
		n = 0 // (too short to measure: the last verdicts)
	}
	return verdicts{stream: streaming(n, pitch, rowBytes)}
}

// Recheck is how long a measured store verdict stands: a fill of
// streamingMin bytes or more whose verdict is older measures it again (on
// memory of its own, see measure). The tests of the packages that fill set
// it to 0, so that every such fill measures, as a process's first does.
var Recheck = 2 * time.Second

// pinned, when not nil, is the verdicts of every fill, none measured: the
// tests', so that their plans are the same on every host.
var pinned *verdicts

// tbl is the table the executor uses: the fastest this process may run
// (machineTables), or the one UseTable chose.
var tbl = machineTables()[0]

// EnvTable is the environment variable that makes a process run as a
// machine without the faster tables would: DML_TABLE=avx2 leaves it the
// avx2 and go tables (the kernels of a CPU without AVX-512: its
// instructions, not its penalties), DML_TABLE=go the Go twins alone. A name
// this CPU has no table of leaves every table it has.
const EnvTable = "DML_TABLE"

// machineTables returns the tables this process may run, fastest first:
// those of the CPU (cpuTables) from the one EnvTable names on.
func machineTables() []*table {
	ts := cpuTables()
	if name := os.Getenv(EnvTable); name != "" {
		for i, t := range ts {
			if t.name == name {
				return ts[i:]
			}
		}
	}
	return ts
}

// TableName returns the name of the kernel table the executor uses:
// "avx512", "avx2" or "go" (the Go twins).
func TableName() string { return tbl.name }

// UseTable makes the executor use the kernel table of that name (see
// TableName) if this machine can run it: a benchmark of a machine without
// AVX-512, say, on one with it. It must be called before any fill starts
// (the table is read without synchronization), and it changes no result:
// every table writes the same bits.
func UseTable(name string) error {
	var names []string
	for _, t := range machineTables() {
		if t.name == name {
			tbl = t
			return nil
		}
		names = append(names, t.name)
	}
	if env := os.Getenv(EnvTable); env != "" {
		return fmt.Errorf("kernel table %q: this process runs %s (%s=%s)", name, strings.Join(names, ", "), EnvTable, env)
	}
	return fmt.Errorf("kernel table %q: this machine runs %s", name, strings.Join(names, ", "))
}

// binLanes are the lanes of bin192x, bin192Y, bin128x and bin128Y: lane L (vector
// L/16 of 16, element L%16) is the magnitude above the base plus h (x) at a run's
// block 0 (the kernel starts at block j0), its step dm a block (two's
// complement), its shift s (1 to 29) and h = 2^(s-1) - 1; c holds the
// words added to the rounded lanes, in the order of the elements (lane L's
// at binWord[L]): the sign, exponent and the base's significand. The
// kernel reads the fields at fixed offsets (binlanes_amd64.s).
type binLanes struct {
	x, dm, s, h [96]uint32
	c           [96]uint16
}

// binWord is where lane L's element lies in a block (in elements):
// VPACKUSDW packs vectors 2p and 2p+1 into the 32 words from 32p, four
// words of each in turn in each 16 bytes.
var binWord = func() (w [96]uint8) {
	for l := range w {
		v, e := l/16, l%16
		w[l] = uint8(32*(v/2) + 8*(e/4) + 4*(v%2) + e%4)
	}
	return w
}()

// blockRun is whole blocks of a run: blocks of them from byte at, stored
// as st says.
type blockRun struct {
	at, blocks int
	st         store
}

// blockRuns splits a vector piece of len(dst) bytes (at least one block, a
// power of two of bytes) into the kernel calls that write it: a head block
// at 0 (if dst is not aligned to 64 bytes, or to the block if smaller),
// whole aligned blocks (stored as st says), and a tail block
// ending at the end (if the blocks do not reach it): the first n of runs.
// Aligned blocks matter for regular stores too: a store that crosses a
// cache line costs two. The head and tail blocks overlap the aligned ones
// and rewrite the same values there. Powers of two by mask and shift: a
// division by a variable costs more than a small run's stores.
//
// The callers read the runs field by field through a pointer: returned by
// value, the array was copied with 16-byte loads of fields just stored 8
// bytes at a time, which no store forwards, so each copy waited for every
// store before it to drain, the last kernel call's included (dml.Sequence
// on 256 float64: 55-56 ns a call, 36-40 with the pointer).
func blockRuns(runs *[3]blockRun, dst []byte, block int, st store) (n int) {
	align := uintptr(min(64, block)) // the head block must reach mid
	mid := int(-uintptr(unsafe.Pointer(unsafe.SliceData(dst))) & (align - 1))
	if mid+block > len(dst) {
		runs[0], runs[1] = blockRun{0, 1, stRegular}, blockRun{len(dst) - block, 1, stRegular}
		return 2
	}
	if mid > 0 {
		runs[n], n = blockRun{0, 1, stRegular}, n+1
	}
	blocks := (len(dst) - mid) >> bits.TrailingZeros(uint(block))
	runs[n], n = blockRun{mid, blocks, st}, n+1
	if mid+blocks*block < len(dst) {
		runs[n], n = blockRun{len(dst) - block, 1, stRegular}, n+1
	}
	return n
}

// The zip kernels put the columns fillColumns wrote in their rows where the
// rows, of 2, 3 or 4 elements, lie one after another (a pitch of one row:
// NHWC tensors of a few channels, a row a pixel), a block of rows at a time:
// each 64 bytes of output (32 for bytes) gathered from the columns' blocks
// by word permutes (VPERMI2W, VPERMW), two columns at a time, merged or
// blended. A zipPlan holds the permutes of one row length and element size.

// zipMax is the most elements a row the zip kernels take.
const zipMax = 4

// zipEntry is one permute of a zipPlan: the block's words of two columns
// (as 32 words each; a block of bytes zero-extended to words), indexed by
// idx (0-31 the first column, 32-63 the second), taken by the output
// vector where mask has bits (the kernels start each vector from its first
// entry's permute, whose mask they do not read).
type zipEntry struct {
	idx  [32]uint16
	mask uint64
}

// A zipPlan is how the zip kernels put n columns (2 to zipMax) of
// elements of 2^lg bytes in rows: rows rows a block, the columns stride
// bytes apart (as fillColumns lays them out), and the entries of the
// block's n output vectors, vector after vector: for vector k, entry k
// (two elements: columns 0 and 1), or entries 2k (columns 0 and 1) and
// 2k+1 (columns 2 and 3, or 2 alone).
type zipPlan struct {
	n, stride int
	lg        uint
	ent       []zipEntry
	rows      int
}
