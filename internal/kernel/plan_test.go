package kernel

import (
	"bytes"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/x448/float16"
)

// randomBits returns start or delta bits that exercise the methods'
// boundaries: small integers (exact in float32), tenths (exact only in
// float64 for a while), tiny and huge magnitudes, and random bits.
func randomBits(r *rand.Rand, kind Kind, size int) uint64 {
	mask := ^uint64(0) >> (64 - 8*size)
	switch kind {
	case Float32:
		pool := []float32{0, 1, -1, 0.1, 0.3, -0.3, 1e-3, 3e-4, 1e30, -2.5e-40, 65504, 1 << 20, 3.2, 1.5}
		if r.IntN(3) > 0 {
			return uint64(math.Float32bits(pool[r.IntN(len(pool))]))
		}
		return uint64(r.Uint32())
	case Float16:
		pool := []uint64{0, 0x3C00, 0xBC00, 0x2E66, 0x34CD, 0xB4CD, 0x0001, 0x8400, 0x7BFF, 0x0C00, 0x1400, 0x6800, 0x0E8A}
		if r.IntN(3) > 0 {
			return pool[r.IntN(len(pool))]
		}
		return uint64(r.Uint32() & 0xFFFF)
	case Float64:
		pool := []float64{0, 1, -1, 0.1, 0.3, 1e300, -3e-320}
		if r.IntN(3) > 0 {
			return math.Float64bits(pool[r.IntN(len(pool))])
		}
		return r.Uint64()
	}
	if r.IntN(2) == 0 {
		return uint64(r.IntN(11)-5) & mask
	}
	return r.Uint64() & mask
}

type kindSize struct {
	kind Kind
	size int
}

var allKinds = []kindSize{{Int, 1}, {Int, 2}, {Int, 4}, {Int, 8}, {Float16, 2}, {Float32, 4}, {Float64, 8}}

// randomRun draws a sequence and a run of it: index range, step, length
// (minBytes to maxBytes), the facts' count, and a destination at a random offset
// of mem (which holds at least maxBytes + 64).
func randomRun(r *rand.Rand, mem []byte, minBytes, maxBytes int) (f *Filler, dst []byte, i0, step uint64) {
	k := allKinds[r.IntN(len(allKinds))]
	start, delta := randomBits(r, k.kind, k.size), randomBits(r, k.kind, k.size)
	if r.IntN(8) == 0 && k.kind == Float16 {
		start, delta = 0x2E66, 0x34CD // 0.1 + i*0.3: infinite past 218k elements
	}
	n := minBytes/k.size + r.IntN((maxBytes-minBytes)/k.size+1)
	if r.IntN(4) == 0 && minBytes == 0 {
		n = r.IntN(64)
	}
	if r.IntN(3) > 0 {
		i0 = r.Uint64N(1 << 32)
	}
	step = 1
	if r.IntN(4) == 0 {
		step = r.Uint64N(1000)
	}
	if i0+uint64(n)*step >= 1<<32 {
		i0 = 0
		if uint64(n)*step >= 1<<32 {
			step = 1
		}
	}
	count := uint64(0) // no facts
	if r.IntN(2) == 0 {
		count = i0 + uint64(n)*step + r.Uint64N(1000)
	}
	f = NewFiller(k.kind, k.size, start, delta, count)
	off := r.IntN(64)
	if r.IntN(2) == 0 {
		off &^= k.size - 1
	}
	return f, mem[off : off+n*k.size], i0, step
}

// planned plans a run to its end, as FillLE does, and returns its pieces
// with the index and the run each was planned in.
type plannedPiece struct {
	p      piece
	dst    []byte
	i0     uint64
	offset int // the element of the whole run where dst begins
}

func planAll(t *testing.T, tb *table, f *Filler, dst []byte, i0, step uint64) []plannedPiece {
	var out []plannedPiece
	offset, whole := 0, len(dst)
	for {
		var pl plan
		done := f.planRun(tb, testVerdicts, dst, i0, step, whole, &pl)
		for _, p := range pl.p[:pl.n] {
			out = append(out, plannedPiece{p, dst, i0, offset})
		}
		n := len(dst) >> f.lg
		if done == n {
			return out
		}
		if done <= 0 || done > n {
			t.Fatalf("a plan covers %d of %d elements", done, n)
		}
		dst, i0, offset = dst[done<<f.lg:], i0+uint64(done)*step, offset+done
	}
}

// testVerdicts are the verdicts of every fill in the tests (pinned: none
// measured), so that their plans are the same on every host and at every
// hour: unless a test takes a store kind's side (setStreaming: 1 faster,
// -1 not, 0 as at first), what they are before any measurement (streaming
// stores slower).
var testVerdicts verdicts

func init() { pinned = &testVerdicts }

func setStreaming(v int) { testVerdicts.stream = v > 0 }

// TestPlanRuns: the planner's pieces cover every run exactly once, in
// order, and each meets its method's precondition, on random sequences of
// every kind, runs, steps, lengths, alignments and facts, with and without
// streaming stores and the float16 row kernel in the table.
func TestPlanRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(81, 82))
	mem := make([]byte, 1<<17+64)
	defer setStreaming(0)
	cases := draws(20000)
	used := map[method]int{}
	big := make([]byte, streamingMin+1<<16) // for runs long enough to stream
	for c := range cases {
		f, dst, i0, step := randomRun(r, mem, 0, 1<<17)
		tb := goTable
		setStreaming(c%3 - 1) // never, the pinned verdict (pinVerdicts), always
		if c%500 == 499 {
			f, dst, i0, step = randomRun(r, big, streamingMin, len(big)-64)
			setStreaming(1 - 2*(c/500%2)) // streaming, and not
		}
		n := len(dst) >> f.lg
		next := 0
		for _, pp := range planAll(t, tb, f, dst, i0, step) {
			p := pp.p
			if pp.offset+int(p.j) != next {
				t.Fatalf("case %d: a piece (%v) starts at element %d, the previous ends at %d", c, p.m, pp.offset+int(p.j), next)
			}
			next = pp.offset + int(p.j+p.n)
			if why := f.valid(tb, pp.dst, pp.i0, step, p); why != "" {
				t.Fatalf("case %d: kind %d size %d start %#x delta %#x i0 %d step %d n %d: piece %v [%d, %d) breaks its precondition: %s",
					c, f.kind, f.size, f.start, f.delta, i0, step, n, p.m, pp.offset+int(p.j), next, why)
			}
			if p.st == stStream && len(dst) < streamingMin {
				t.Fatalf("case %d: streaming stores for a run of %d bytes", c, len(dst))
			}
			if p.st == stAhead {
				t.Fatalf("case %d: stores fetching ahead for a run (only masked kernels fetch ahead)", c)
			}
			if p.st == stStream {
				used[p.m+100]++
			}
			used[p.m]++
		}
		if next != n {
			t.Fatalf("case %d: the pieces end at element %d of %d", c, next, n)
		}
	}
	for _, m := range executedRuns {
		if used[m] == 0 {
			t.Errorf("no random run was planned with method %v", m)
		}
	}
	if used[mAdd+100] == 0 {
		t.Errorf("no random run was planned with streaming stores")
	}
}

// rowsLayout is a random padded layout of a random sequence in mem.
type rowsLayout struct {
	f                 *Filler
	dst               []byte
	rows, pitch, n    int
	i0, rowStep, step uint64
}

// set returns c's rows as the planner takes them.
func (c rowsLayout) set() *rowSet {
	return &rowSet{c.rows, c.pitch, c.n, c.i0, c.rowStep, c.step}
}

// randomRows draws a sequence of any kind and rows of up to maxN elements
// (up to maxRows of them) at a pitch a little past them; varied also draws
// steps above 1, no facts, and starts not aligned to the element size.
func randomRows(r *rand.Rand, mem []byte, maxRows, maxN int, varied bool) rowsLayout {
	k := allKinds[r.IntN(len(allKinds))]
	start, delta := randomBits(r, k.kind, k.size), randomBits(r, k.kind, k.size)
	c := rowsLayout{n: 1 + r.IntN(maxN)}
	c.pitch = (c.n + r.IntN(20)) * k.size
	c.rows = 1 + r.IntN(min(maxRows, (len(mem)-64-c.n*k.size)/c.pitch+1))
	if r.IntN(3) > 0 {
		c.i0 = r.Uint64N(1 << 20)
		if r.IntN(4) == 0 {
			c.i0 += 1 << 24 // past float32's exact integers (the fma-s lanes' indices)
		}
	}
	c.step, c.rowStep = 1, uint64(c.n+r.IntN(5))
	if varied && r.IntN(5) == 0 {
		c.step = 1 + r.Uint64N(3)
	}
	count := c.i0 + uint64(c.rows)*c.rowStep + uint64(c.n)*c.step
	if varied && r.IntN(5) == 0 {
		count = 0
	}
	c.f = NewFiller(k.kind, k.size, start, delta, count)
	off := r.IntN(64)
	if !varied || r.IntN(4) > 0 {
		off &^= k.size - 1
	}
	c.dst = mem[off : off+(c.rows-1)*c.pitch+c.n*k.size]
	return c
}

// lanesRowsCase draws integer or float32 rows one after another whose
// length divides 128 or 192 bytes (mRowsLanes's), of 1 to 3000 rows (too
// few for a block now and then), at any offset of the element, NHWC-like
// (a column a plane apart), consecutive or of random steps (integers).
func lanesRowsCase(r *rand.Rand, mem []byte) rowsLayout {
	size := 1 << r.IntN(4)
	var ns []int
	sets := r.IntN(3) == 0 // (rows that divide neither block: add lanes in sets of blocks)
	for n := 2; n*size < addBlock; n++ {
		if divides := 128%(n*size) == 0 || 192%(n*size) == 0; divides != sets && blockSets(n*size, 128) <= addMaxSets {
			ns = append(ns, n)
		}
	}
	c := rowsLayout{n: ns[r.IntN(len(ns))]}
	c.pitch = c.n * size
	c.rows = 1 + r.IntN(min(3000, (len(mem)-64)/c.pitch))
	switch r.IntN(3) {
	case 0:
		c.rowStep, c.step = 1, uint64(c.rows) // NHWC
	case 1:
		c.rowStep, c.step = uint64(c.n), 1 // consecutive
	default:
		c.rowStep, c.step = r.Uint64N(1<<40), r.Uint64N(1<<40)
	}
	c.i0 = r.Uint64N(1 << 30)
	c.f = NewFiller(Int, size, randomBits(r, Int, size), randomBits(r, Int, size), 0)
	if size == 4 && r.IntN(2) == 0 {
		lanesRowsFloat32(r, &c)
	}
	if size == 2 && r.IntN(2) == 0 {
		lanesRowsFloat16(r, mem, &c)
	}
	if r.IntN(4) == 0 {
		lanesRowsPadded(r, mem, size, &c)
	}
	off := r.IntN(64) &^ (size - 1)
	c.dst = mem[off : off+(c.rows-1)*c.pitch+c.n*size]
	return c
}

// lanesRowsFloat32 makes lanesRowsCase's rows of 4-byte elements float32
// rows: the sequence, its indices from i0, and steps not past 2^20.
func lanesRowsFloat32(r *rand.Rand, c *rowsLayout) {
	// float32 exact in float32 lanes: an integer start and delta at a
	// random scale, the indices from 0 (start -0 now and then), or
	// rounding ones (fma-s lanes, their indices below 2^24; f64
	// lanes past it, their sums mostly below 2^53 units, from index
	// 2^24 to 2^25, and none, their sums past it, from index 2^31).
	c.i0 = r.Uint64N(2) * r.Uint64N(1000)
	if c.step > 1<<20 {
		c.rowStep, c.step = 1, uint64(c.rows)
	}
	sc := math.Ldexp(1, r.IntN(40)-20)
	start := float32(float64(r.IntN(1<<12)-1<<11) * sc)
	if r.IntN(8) == 0 {
		start = float32(math.Copysign(0, -1))
	}
	delta := float32(float64(r.IntN(64)-32) * sc)
	switch r.IntN(4) {
	case 0: // rounding: through fma-s lanes
		start, delta = float32(r.NormFloat64()*100), float32(r.NormFloat64())
	case 1: // rounding past index 2^24: through f64 lanes
		start, delta = float32(r.NormFloat64()*100), float32(r.NormFloat64())
		c.i0 = 1<<24 + r.Uint64N(1<<24)
	case 2: // rounding past index 2^31: sums past 2^53 units, no lanes
		start, delta = float32(r.NormFloat64()*100), float32(r.NormFloat64())
		c.i0 = 1<<31 + r.Uint64N(1<<31)
	}
	c.f = NewFiller(Float32, 4, uint64(math.Float32bits(start)), uint64(math.Float32bits(delta)), 0)
}

// lanesRowsFloat16 makes lanesRowsCase's rows of 2-byte elements float16
// rows in mem: the sequence, its indices from i0, now and then rows in
// sets of blocks, and steps not past 2^20.
func lanesRowsFloat16(r *rand.Rand, mem []byte, c *rowsLayout) {
	// float16 (binade lanes, else columns or rows): a start and a
	// delta of any sign and of magnitudes 2^-24 to 2^12 and 2^-24 to
	// 2^4 (their elements crossing zero, binades, the subnormals, or
	// rounding to infinities), the indices from 0 now and then (start
	// -0 among them).
	c.i0 = r.Uint64N(2) * r.Uint64N(1<<20)
	if r.IntN(2) == 0 {
		lanesRowsBinSets(r, mem, c)
	}
	if c.step > 1<<20 {
		c.rowStep, c.step = 1, uint64(c.rows)
	}
	start := float32(math.Ldexp(r.Float64()*2-1, r.IntN(37)-24))
	if r.IntN(8) == 0 {
		start = float32(math.Copysign(0, -1))
	}
	delta := float32(math.Ldexp(r.Float64()*2-1, r.IntN(29)-24))
	c.f = NewFiller(Float16, 2, f16(start), f16(delta), 0)
}

// lanesRowsBinSets draws lanesRowsFloat16's float16 rows in mem in sets
// of blocks: their length, pitch, count and steps.
func lanesRowsBinSets(r *rand.Rand, mem []byte, c *rowsLayout) {
	// Rows in sets of blocks (of any length whose pattern repeats
	// within binMaxSets blocks), NHWC or consecutive.
	var ns []int
	for n := 2; n <= 600; n++ {
		if blockSets(2*n, 192) <= binMaxSets {
			ns = append(ns, n)
		}
	}
	c.n = ns[r.IntN(len(ns))]
	c.pitch = 2 * c.n
	c.rows = 1 + r.IntN((len(mem)-64)/c.pitch)
	c.rowStep, c.step = 1, uint64(c.rows)
	if r.IntN(4) == 0 {
		c.rowStep, c.step = uint64(c.n), 1
	}
}

// lanesRowsPadded pads lanesRowsCase's rows of elements of size bytes in
// mem, or makes them rows of one element one in every few.
func lanesRowsPadded(r *rand.Rand, mem []byte, size int, c *rowsLayout) {
	// Padded rows (masked add lanes where the table has them), or
	// elements one in every few (rows of one).
	c.pitch = (c.n + 1 + r.IntN(8)) * size
	if r.IntN(3) == 0 {
		c.n, c.pitch = 1, (2+r.IntN(4))*size
	}
	c.rows = min(c.rows, (len(mem)-64)/c.pitch)
}

// binadeRowsCase draws float16 rows of consecutive indices whose values
// fit int32 lanes (the binade row kernel's), or, wide, int64 lanes past
// int32's: a start and a delta less than 2^20 apart in magnitude (often far
// less), of either sign, rows of 1 to 1500 elements, element 0 among them
// or not. Half the wide ones start at a subnormal (sums in units of 2^-24)
// with a delta of 1/4 to 64, whose values change more often than every 128
// elements (not the runs method's).
func binadeRowsCase(r *rand.Rand, mem []byte, wide bool) rowsLayout {
	for {
		de := 0x0400 * uint64(r.IntN(30)) // delta's exponent field
		start := uint64(r.IntN(0x7800)) | uint64(r.IntN(2))<<15
		delta := (de + uint64(r.IntN(0x400))) | uint64(r.IntN(2))<<15
		short := wide && r.IntN(2) == 0
		if short {
			start = uint64(1+2*r.IntN(0x200)) | uint64(r.IntN(2))<<15
			delta = 0x3400 + uint64(r.IntN(0x2000)) | uint64(r.IntN(2))<<15
		}
		c := rowsLayout{n: 1 + r.IntN(1500), step: 1}
		c.pitch = 2 * (c.n + r.IntN(40))
		c.rows = 1 + r.IntN(min(300, (len(mem)-64-2*c.n)/c.pitch+1))
		c.rowStep = uint64(c.n)
		if r.IntN(3) > 0 {
			c.i0 = r.Uint64N(1 << 16)
		}
		if wide {
			c.i0 = r.Uint64N(1 << 32)
		}
		if short {
			c.i0 = r.Uint64N(1 << 12)
		}
		count := c.i0 + uint64(c.rows*c.n)
		c.f = NewFiller(Float16, 2, start, delta, count+r.Uint64N(100))
		if c.f.mode != modeLinear || c.f.int32Lanes(c.i0, count-1) == wide || wide && !c.f.int64Lanes(c.i0, count-1) ||
			c.f.overIdx <= c.i0 {
			continue
		}
		off := 2 * r.IntN(32)
		c.dst = mem[off : off+(c.rows-1)*c.pitch+2*c.n]
		return c
	}
}

// binadeRowsCaseS draws float32 rows of consecutive indices from 2^24 to
// 2^30 whose exact sums fit int64 lanes (the float32 binade row kernel's):
// a start and a delta less than 2^20 apart in magnitude, of either sign,
// some at subnormal units, some of few significant bits (ties), rows of 1
// to 1500 elements.
func binadeRowsCaseS(r *rand.Rand, mem []byte) rowsLayout {
	for {
		e := r.IntN(60) - 30
		if r.IntN(4) == 0 {
			e = -150 + r.IntN(40)
		}
		x := func(e int) uint64 {
			v := float32(math.Ldexp(r.Float64()*2-1, e))
			if r.IntN(3) == 0 {
				v = float32(math.Ldexp(float64(r.IntN(64)-32), e)) // few significant bits: ties
			}
			return uint64(math.Float32bits(v))
		}
		c := rowsLayout{n: 1 + r.IntN(1500), step: 1}
		c.pitch = 4 * (c.n + r.IntN(40))
		c.rows = 1 + r.IntN(min(300, (len(mem)-64-4*c.n)/c.pitch+1))
		c.rowStep = uint64(c.n)
		c.i0 = 1<<24 + r.Uint64N(1<<30)
		count := c.i0 + uint64(c.rows*c.n)
		c.f = NewFiller(Float32, 4, x(e), x(e-r.IntN(20)), count+r.Uint64N(100))
		if c.f.mode != modeLinear || !c.f.binSLanes(c.i0, count-1) || c.f.overIdx <= c.i0 {
			continue
		}
		off := 4 * r.IntN(16)
		c.dst = mem[off : off+(c.rows-1)*c.pitch+4*c.n]
		return c
	}
}

// planAllRows plans rows as FillRowsLE does (again from where a full plan
// ends, the store kind by all the rows' span): every piece, its rows
// counted from the first.
func planAllRows(tb *table, c rowsLayout) []piece {
	var all []piece
	whole := (c.rows-1)*c.pitch + c.n<<c.f.lg
	for done := 0; done < c.rows; {
		var pl plan
		e := c.f.planRows(tb, testVerdicts, c.dst[done*c.pitch:], &rowSet{c.rows - done, c.pitch, c.n, c.i0 + uint64(done)*c.rowStep, c.rowStep, c.step}, whole, &pl)
		for _, p := range pl.p[:pl.n] {
			p.j += uint32(done)
			all = append(all, p)
		}
		done += e
	}
	return all
}

// avx2Like plans as a table without the AVX-512 kernels (it executes
// nothing here).
var avx2Like = &table{name: "avx2-like", asm: true}

// TestPlanRows: the row planner covers every row exactly once, in order,
// each piece meeting its precondition, on random layouts.
func TestPlanRows(t *testing.T) {
	r := rand.New(rand.NewPCG(83, 84))
	mem := make([]byte, 1<<17+64)
	used := map[method]int{}
	for c := range 4000 {
		rc := randomRows(r, mem, 200, 300, true)
		f, dst, rows, pitch, n, i0, rowStep, step := rc.f, rc.dst, rc.rows, rc.pitch, rc.n, rc.i0, rc.rowStep, rc.step
		tb := goTable
		if c%2 == 0 {
			tb = avx2Like
		}
		if c%4 == 1 {
			rc = binadeRowsCase(r, mem, c%8 == 5)
			f, dst, rows, pitch, n, i0, rowStep, step = rc.f, rc.dst, rc.rows, rc.pitch, rc.n, rc.i0, rc.rowStep, rc.step
		}
		if c%8 == 2 {
			rc = binadeRowsCaseS(r, mem)
			f, dst, rows, pitch, n, i0, rowStep, step = rc.f, rc.dst, rc.rows, rc.pitch, rc.n, rc.i0, rc.rowStep, rc.step
		}
		if c%16 == 3 {
			rc = lanesRowsCase(r, mem)
			f, dst, rows, pitch, n, i0, rowStep, step = rc.f, rc.dst, rc.rows, rc.pitch, rc.n, rc.i0, rc.rowStep, rc.step
		}
		next := 0
		for _, p := range planAllRows(tb, rc) {
			if int(p.j) != next {
				t.Fatalf("case %d: rows piece %v starts at row %d, the previous ends at %d", c, p.m, p.j, next)
			}
			next = int(p.j + p.n)
			if why := f.validRows(tb, dst, rows, pitch, n, i0, rowStep, step, p); why != "" {
				t.Fatalf("case %d: kind %d size %d start %#x delta %#x i0 %d rows %d pitch %d n %d: piece %v breaks its precondition: %s",
					c, f.kind, f.size, f.start, f.delta, i0, rows, pitch, n, p.m, why)
			}
			used[p.m]++
		}
		if next != rows {
			t.Fatalf("case %d: the pieces end at row %d of %d", c, next, rows)
		}
	}
	for _, m := range executedRows {
		if used[m] == 0 {
			t.Errorf("no random rows were planned with method %v", m)
		}
	}
}

// TestBlockRuns: the kernel calls of a vector piece cover it, start their
// middle blocks aligned, and stay inside it.
func TestBlockRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(85, 86))
	mem := make([]byte, 1<<14+128)
	for range 20000 {
		block := []int{32, 64, 128}[r.IntN(3)]
		off := r.IntN(64)
		n := block + r.IntN(1<<13)
		dst := mem[off : off+n]
		var runs [3]blockRun
		k := blockRuns(&runs, dst, block, store(r.IntN(2)))
		covered := make([]bool, n)
		for _, b := range runs[:k] {
			if b.at < 0 || b.at+b.blocks*block > n || b.blocks < 1 {
				t.Fatalf("block run %+v outside %d bytes (block %d)", b, n, block)
			}
			if b.blocks > 1 || b.st != stRegular {
				if a := (uintptr(unsafe.Pointer(&dst[0])) + uintptr(b.at)) % uintptr(min(64, block)); a != 0 {
					t.Fatalf("middle blocks %+v not aligned", b)
				}
			}
			for i := b.at; i < b.at+b.blocks*block; i++ {
				covered[i] = true
			}
		}
		for i, c := range covered {
			if !c {
				t.Fatalf("byte %d of %d (block %d, offset %d) not written: %+v", i, n, block, off, runs[:k])
			}
		}
	}
}

// TestQuo holds the float64 division to integer division.
func TestQuo(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 54))
	for c := range 1000000 {
		x, y := r.Int64N(1<<33), 1+r.Int64N(1<<33-1)
		if c%2 == 0 {
			y = 1 + r.Int64N(1000)
			x = y*r.Int64N((1<<33)/y) - r.Int64N(2) // at and just below multiples
			x = max(x, 0)
		}
		if got, want := quo(x, y), x/y; got != want {
			t.Fatalf("quo(%d, %d) = %d, want %d", x, y, got, want)
		}
	}
}

// TestShortSpan: the elements shortSpan passes over lie in binades of at
// most least elements (every binade wholly inside the span, counted by
// walking the magnitudes), from the given binade's count up to most.
func TestShortSpan(t *testing.T) {
	r := rand.New(rand.NewPCG(97, 98))
	for c := range 20000 {
		least := int64(32)
		if c%2 == 0 {
			least = shortBinade
		}
		dm := 1 + r.Int64N(1<<uint(r.IntN(30)))
		if r.IntN(2) == 0 {
			dm = -dm
		}
		mag := 1 + r.Int64N(least*int64(absInt(dm))*4)
		binade := func(m int64) int { return bits.Len64(uint64(m)) }
		// count: the elements from mag in its binade (the sign holding).
		count := int64(1)
		for m := mag + dm; m > 0 && binade(m) == binade(mag); m += dm {
			count++
		}
		if count >= least {
			continue
		}
		most := count + r.Int64N(4*least)
		n := shortSpan(mag, dm, count, least, most)
		if n < count || n > most {
			t.Fatalf("mag %d dm %d count %d least %d most %d: %d elements", mag, dm, count, least, most, n)
		}
		// Walk the span: each binade begun and ended inside it (the sign
		// holding, or after its change, the magnitudes k of the signed sum)
		// is at most least long.
		k := mag
		run, b := int64(0), binade(mag)
		for j := int64(0); j < n; j++ {
			m := int64(absInt(k))
			if binade(m) != b || m == 0 {
				if j-run > 0 && run > 0 && j-run > least {
					t.Fatalf("mag %d dm %d least %d: a binade of %d elements inside a short span of %d", mag, dm, least, j-run, n)
				}
				run, b = j, binade(m)
			}
			k += dm
		}
	}
}

// f16 and f32 are the bits of v as float16 (rounded) and float32.
func f16(v float32) uint64 { return uint64(float16.Fromfloat32(v).Bits()) }
func f32(v float32) uint64 { return uint64(math.Float32bits(v)) }

// TestFewLongBinades: float16 runs across zero whose elements lie mostly in
// a few long binades (counted by hand: -748.5, +1.5 over 32768 elements has
// binades of 1365 to 10922 elements from 2048 up, five; -6, +97*2^-16 has
// seven of 1351 or more) are planned as binade pieces, though fewBinades,
// counting every binade down to zero, says no (the Go twins' table, which
// has the binade kernel, plans); a run shorter than 4096 elements a long
// binade (-0.25 to 0.75 in steps of 2^-11) is not.
func TestFewLongBinades(t *testing.T) {
	for _, c := range []struct {
		start, delta float32
		n            int
		want         bool
	}{
		{-748.5, 1.5, 32768, true},
		{-6, 97.0 / 65536, 32768, true},
		{-0.25, 1.0 / 2048, 2048, false},
	} {
		s := New(Float16, 2, f16(c.start), f16(c.delta), uint64(c.n))
		last := uint64(c.n - 1)
		if s.fewBinades(1, last, c.n-1) {
			t.Errorf("%g, %g: fewBinades holds; the case tests nothing", c.start, c.delta)
		}
		if got := s.fewLongBinades(1, last, 1, c.n-1); got != c.want {
			t.Errorf("%g, %g over %d: fewLongBinades = %v, want %v", c.start, c.delta, c.n, got, c.want)
		}
		f := NewFiller(Float16, 2, f16(c.start), f16(c.delta), uint64(c.n))
		mem := make([]byte, 2*c.n+64)
		at := int(-uintptr(unsafe.Pointer(&mem[0])) & 63)
		binades := 0
		for _, pp := range planAll(t, goTable, f, mem[at:at+2*c.n], 0, 1) {
			if pp.p.m == mBinade {
				binades++
			}
		}
		if (binades > 0) != c.want {
			t.Errorf("%g, %g: %d binade pieces planned", c.start, c.delta, binades)
		}
	}
}

// TestTableNamed finds each of the machine's tables by name, and a Filler
// on it fills as the Go twins' table does; a name no table of the machine
// has is refused, named in the error. (Filler.SetTable gives a Filler the
// table of this name: the root package's tests fill on every table
// through it. UseTable, which sets the machine's, is dmlbench's alone.)
func TestTableNamed(t *testing.T) {
	f := onTable(NewFiller(Float16, 2, f16(0.1), f16(0.3), 4096), goTable)
	want := make([]byte, 2*4096)
	f.FillLE(want, 0, 1)
	for _, tb := range machineTables() {
		got, err := tableNamed(tb.name)
		if err != nil || got != tb {
			t.Fatalf("tableNamed(%q) = %v, %v: want the table of that name", tb.name, got, err)
		}
		g := onTable(NewFiller(Float16, 2, f16(0.1), f16(0.3), 4096), got)
		wantTable(t, g, tb)
		b := make([]byte, len(want))
		g.FillLE(b, 0, 1)
		if !bytes.Equal(b, want) {
			t.Errorf("table %s: the fill differs from the Go twins'", tb.name)
		}
	}
	if _, err := tableNamed("avx1024"); err == nil || !strings.Contains(err.Error(), `"avx1024"`) {
		t.Errorf(`tableNamed("avx1024") = %v, want an error naming it`, err)
	}
}

// TestFillerTable: a Filler writes with the machine's table when it is
// made (its tail too), and a test's table once given, or the one its
// SetTable names (a name no table has refused, the table kept).
func TestFillerTable(t *testing.T) {
	r := rand.New(rand.NewPCG(101, 102))
	f := standInSeq(r, 0)
	for c := 1; f.tail == nil && c < 100; c++ {
		f = standInSeq(r, c) // (TestStandIn's sequences: a third or so have a tail)
	}
	if f.tail == nil {
		t.Fatal("no sequence with a tail in 100")
	}
	wantTable(t, f, tbl)
	wantTable(t, onTable(f, goTable), goTable)
	for _, tb := range machineTables() {
		if err := f.SetTable(tb.name); err != nil {
			t.Fatalf("SetTable(%q): %v", tb.name, err)
		}
		wantTable(t, f, tb)
	}
	was := f.t
	if err := f.SetTable("avx1024"); err == nil || !strings.Contains(err.Error(), `"avx1024"`) {
		t.Errorf(`SetTable("avx1024") = %v, want an error naming it`, err)
	}
	wantTable(t, f, was)
}

// TestSomeRuns holds someRuns to runs worked out by hand: the float16 last
// place of the binade farthest from zero against delta.
func TestSomeRuns(t *testing.T) {
	for _, c := range []struct {
		start, delta float32
		n            uint64
		want         bool
	}{
		{1024, 1.0 / 2048, 4096, true},           // last place 1: a change every 2048
		{0.1, 0.3, 4096, false},                  // a change at every element
		{-1, 1.0 / 1024, 4096, false},            // to +3: last place 1/512, every 2
		{-1, 1.0 / 1024, 1 << 20, true},          // to 1023: last place 1/2, every 512
		{600, -3e-4, 1900000, true},              // down to 30 from 600, last place 1/2: every 1666 or so
		{30, 3e-4, 33000, false},                 // up to 39.9, last place 1/32: every 104
		{0.25, 1.0 / (1 << 24), 1 << 20, true},   // last place 2^-12: every 4096
		{-0.25, -1.0 / (1 << 24), 1 << 20, true}, // the same, negative
		{0, 0, 100, false},                       // zero
	} {
		s := New(Float16, 2, f16(c.start), f16(c.delta), c.n)
		if got := s.someRuns(1, c.n-1, 1); got != c.want {
			t.Errorf("%g, %g over %d: someRuns = %v, want %v", c.start, c.delta, c.n, got, c.want)
		}
	}
}

// TestRowMethodsOff: each row of the row planner's table is left out by the
// flag ShapesOff's doc names for its method (fma-s: its rows; binade-s: its
// rows; binade: the float16 binade rows), and the rows of the other
// methods by none (rows, rows-lanes and the rest are the planner's own
// steps, not the table's).
func TestRowMethodsOff(t *testing.T) {
	// ShapesOff's names that leave out row methods, and their flags: a row
	// method rows-X is left out by the longest name that X is or begins
	// with (name-).
	flags := map[string]string{"fma-s": "offFMAS", "binade-s": "offBinadeS", "binade": "offBinade"}
	for i, rm := range rowMethods {
		x, want, longest := strings.TrimPrefix(rm.m.String(), "rows-"), "", 0
		for name, flag := range flags {
			if (x == name || strings.HasPrefix(x, name+"-")) && len(name) > longest {
				want, longest = flag, len(name)
			}
		}
		if rowMethodOffs[i] != want {
			t.Errorf("row %d (%v): left out by %q, want %q", i, rm.m, rowMethodOffs[i], want)
		}
	}
}

// TestFillRowsNoAllocation: FillRowsLE of a Filler that is a local
// variable (Init) allocates nothing on rows of each executed row method:
// the planner's table and the dispatch to the executors (execRows) take
// the Filler and its Seq by pointer without moving them to the heap.
func TestFillRowsNoAllocation(t *testing.T) {
	if testing.Short() {
		t.Skip("allocations counted in the full run (the race detector's sync.Pool drops items)")
	}
	seen := map[method]bool{}
	for _, c := range []struct {
		kind         Kind
		size         int
		start, delta uint64
		i0           uint64
		n, pitch     int
	}{
		{Int, 4, 5, 3, 1, 64, 272},                                             // rows-words
		{Float32, 4, 0, 0x3F800000, 1, 64, 272},                                // rows-f32
		{Float32, 4, 0x3DCCCCCD, 0x3E99999A, 1, 64, 272},                       // rows-fma-s
		{Float32, 4, 0xC7C35000, 0x3EAAAAAB, 1 << 24, 64, 272},                 // rows-binade-s
		{Float16, 2, 0x2E66, 0x0CEA, 1, 512, 1040},                             // rows-binade
		{Float16, 2, 0x2E66, 0x0CEA, 1 << 26, 512, 1040},                       // rows-runs
		{Int, 4, 5, 3, 1, 4, 16},                                               // rows-lanes
		{Float64, 8, math.Float64bits(0.1), math.Float64bits(0.3), 1, 5, 48},   // columns
		{Float64, 8, math.Float64bits(0.1), math.Float64bits(0.3), 1, 32, 272}, // row-runs
	} {
		const rows = 64
		dst := make([]byte, (rows-1)*c.pitch+c.n*c.size)
		count := c.i0 + 2*rows*uint64(c.n) // (a count: the facts over every index known)
		rc := rowsLayout{f: NewFiller(c.kind, c.size, c.start, c.delta, count), dst: dst, rows: rows, pitch: c.pitch, n: c.n, i0: c.i0, rowStep: uint64(c.n), step: 1}
		for _, p := range planAllRows(tbl, rc) {
			seen[p.m] = true
		}
		fill := func() {
			var f Filler
			f.Init(c.kind, c.size, c.start, c.delta, count)
			f.FillRowsLE(dst, rows, c.pitch, c.n, c.i0, uint64(c.n), 1)
		}
		if n := testing.AllocsPerRun(10, fill); n != 0 {
			t.Errorf("%v from index %d, rows of %d elements %d bytes apart: %v allocations a fill, want 0", c.kind, c.i0, c.n, c.pitch, n)
		}
	}
	for _, m := range executedRows {
		if !seen[m] {
			t.Errorf("no case planned with %v", m)
		}
	}
}

// TestValidRowsRejects: validRows rejects a piece of rows that breaks its
// method's precondition: pieces the planner gives, each changed in one
// way (another method's label, a wrong parameter, a store kind the rows do
// not allow).
func TestValidRowsRejects(t *testing.T) {
	f32 := NewFiller(Float32, 4, 0x3DCCCCCD, 0x3E99999A, 1<<25)  // 0.1, +0.3
	f32b := NewFiller(Float32, 4, 0xC7C35000, 0x3EAAAAAB, 1<<25) // -1e5, +1/3: binade rows from 2^24
	f16 := NewFiller(Float16, 2, 0x2E66, 0x0CEA, 1<<17)          // 0.1, +3e-4
	ints := NewFiller(Int, 4, 5, 3, 0)
	dst := make([]byte, 64*1040)
	for _, c := range []struct {
		f        *Filler
		i0       uint64
		n, pitch int
		want     method
		change   func(p *piece)
		what     string
	}{
		{f32, 1, 64, 272, mRowsFMAS, func(p *piece) { p.m = mRowsBin }, "float32 rows as rows-binade"},
		{f32, 1, 64, 272, mRowsFMAS, func(p *piece) { p.m = mRowsBinS }, "float32 rows of fma-s as rows-binade-s"},
		{f32b, 1 << 24, 64, 272, mRowsBinS, func(p *piece) { p.m = mRowsFMAS }, "rows past 2^24 as rows-fma-s"},
		{f32b, 1 << 24, 64, 272, mRowsBinS, func(p *piece) { p.c ^= 1 << 23 }, "rows-binade-s of another binade"},
		{f16, 1, 512, 1040, mRowsBin, func(p *piece) { p.m = mRowsBinS }, "float16 rows as rows-binade-s"},
		{f16, 1, 512, 1040, mRowsBin, func(p *piece) { p.ties, p.per = true, 3 }, "dense ties of a period that does not divide a block"},
		{ints, 1, 64, 272, mRowsWords, func(p *piece) { p.first++ }, "rows-words off by one"},
		{ints, 1, 64, 268, mRowsWords, func(p *piece) { p.st = stStream }, "rows-words streaming rows at multiples of 4 bytes"},
		{ints, 1, 64, 272, mRowsWords, func(p *piece) { p.m = mRowsF32 }, "integers as rows-f32"},
	} {
		const rows = 64
		d := dst[:(rows-1)*c.pitch+c.n*c.f.size]
		rc := rowsLayout{f: c.f, dst: d, rows: rows, pitch: c.pitch, n: c.n, i0: c.i0, rowStep: uint64(c.n), step: 1}
		found := false
		for _, p := range planAllRows(tbl, rc) {
			if p.m != c.want {
				continue
			}
			found = true
			if why := c.f.validRows(tbl, d, rows, c.pitch, c.n, c.i0, uint64(c.n), 1, p); why != "" {
				t.Fatalf("%s: the planner's piece rejected: %s", c.what, why)
			}
			c.change(&p)
			if c.f.validRows(tbl, d, rows, c.pitch, c.n, c.i0, uint64(c.n), 1, p) == "" {
				t.Errorf("%s: accepted", c.what)
			}
		}
		if !found {
			t.Errorf("%s: no piece of %v planned", c.what, c.want)
		}
	}
}

// TestValidRowsPlannedOnly: validRows rejects a piece of each row method
// that is only planned (in rowMethods, not in executedRows): the
// planner's pieces of float16 binade rows, each relabelled to it.
func TestValidRowsPlannedOnly(t *testing.T) {
	f := NewFiller(Float16, 2, 0x2E66, 0x0CEA, 1<<17) // 0.1, +3e-4
	const rows, n, pitch = 64, 512, 1040
	dst := make([]byte, (rows-1)*pitch+n*2)
	rc := rowsLayout{f: f, dst: dst, rows: rows, pitch: pitch, n: n, i0: 1, rowStep: n, step: 1}
	pieces := planAllRows(tbl, rc)
	if len(pieces) == 0 {
		t.Fatal("no piece planned")
	}
	for _, rm := range rowMethods {
		if slices.Contains(executedRows, rm.m) {
			continue
		}
		for _, p := range pieces {
			p.m = rm.m
			if f.validRows(tbl, dst, rows, pitch, n, 1, n, 1, p) == "" {
				t.Errorf("a piece relabelled %v: accepted", rm.m)
			}
		}
	}
}
