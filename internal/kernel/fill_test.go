package kernel

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"math/bits"
	"math/rand/v2"
	"sync"
	"testing"
	"unsafe"

	"github.com/dmlgo/dml/internal/passes"
)

// The fill tests run whole fills (plan, then every piece through a table)
// on every table this machine has, the Go twins' included, against Bits:
// the plain definition of element i, computed on its own. The root
// package's tests hold Bits, and the fills, to an exact math/big reference.

// onTable makes f (and its tail) write with the table tb, and returns it:
// each test fills on the tables it names, whatever the machine's (tbl).
func onTable(f *Filler, tb *table) *Filler {
	for g := f; g != nil; g = g.tail {
		g.t = tb
	}
	return f
}

// wantTable fails the test if f (or its tail) does not write with the
// table tb: a fill on the tables a test loops over checks it writes with
// the one of the loop (a case drawn elsewhere keeps the machine's).
func wantTable(t testing.TB, f *Filler, tb *table) {
	t.Helper()
	for g := f; g != nil; g = g.tail {
		if g.t != tb {
			t.Fatalf("a fill meant for the table %s writes with %s", tb.name, g.t.name)
		}
	}
}

// elementAt returns the little-endian element j of dst.
func elementAt(dst []byte, size, j int) uint64 { return getLE(dst[j*size:], size) }

// fillRowsMismatch fills rc's dst with the byte pad, then its rows with
// FillRowsLE, and returns rowsMismatch's verdict (or that rc's Filler
// does not write with the table tb, the test's).
func fillRowsMismatch(tb *table, rc rowsLayout, pad byte) string {
	for g := rc.f; g != nil; g = g.tail {
		if g.t != tb {
			return fmt.Sprintf("the rows meant for the table %s written with %s", tb.name, g.t.name)
		}
	}
	// The bytes after dst, to its capacity (the rest of the test's buffer,
	// 256 at most), are guards: no fill may write them.
	all := rc.dst[:min(cap(rc.dst), len(rc.dst)+256)]
	for i := range all {
		all[i] = pad
	}
	rc.f.FillRowsLE(rc.dst, rc.rows, rc.pitch, rc.n, rc.i0, rc.rowStep, rc.step)
	for i := len(rc.dst); i < len(all); i++ {
		if all[i] != pad {
			return fmt.Sprintf("byte %d past dst (%d bytes) written: %#x, want %#x", i-len(rc.dst), len(rc.dst), all[i], pad)
		}
	}
	return rowsMismatch(rc.f, rc.dst, rc.rows, rc.pitch, rc.n, rc.i0, rc.rowStep, rc.step, pad)
}

// rowsMismatch checks rows of n elements pitch bytes apart in dst, after
// f.FillRowsLE(dst, rows, pitch, n, i0, rowStep, step): each element's bits
// f.Bits(i0 + r*rowStep + e*step), each element-sized slot of the gaps the
// byte pad repeated. It returns the first difference, or "".
func rowsMismatch(f *Filler, dst []byte, rows, pitch, n int, i0, rowStep, step uint64, pad byte) string {
	gap := getLE(bytes.Repeat([]byte{pad}, 8), f.size)
	for r := range rows {
		for e := range pitch / f.size {
			at := r*pitch + e*f.size
			if at+f.size > len(dst) {
				break
			}
			got, want := getLE(dst[at:], f.size), gap
			if e < n {
				want = f.Bits(i0 + uint64(r)*rowStep + uint64(e)*step)
			}
			if got != want {
				return fmt.Sprintf("row %d element %d = %#x, want %#x", r, e, got, want)
			}
		}
	}
	return ""
}

// TestFillMatchesBits: FillLE gives Bits for every element, on random
// sequences, index ranges, steps, lengths, alignments and facts, with
// regular and streaming stores, on every table.
func TestFillMatchesBits(t *testing.T) {
	mem := make([]byte, 1<<17+64)
	big := make([]byte, streamingMin+4096)
	defer setStreaming(0)
	cases := draws(3200)
	for _, tb := range machineTables() {
		r := tableRand(1001, tb) // (this table's cases, whatever other tables the host has)
		for c := range cases {
			setStreaming(0)
			m, long := mem, c%500 < 2
			if long {
				m = big
				setStreaming(1 - 2*(c%2)) // both kinds of store
			}
			f, dst, i0, step := randomRun(r, m, 0, len(m)-64)
			if long {
				f, dst, i0, step = randomRun(r, m, streamingMin, len(m)-64)
			}
			onTable(f, tb)
			wantTable(t, f, tb)
			if !long && len(dst) > 1<<14 {
				dst = dst[:1<<14&^(f.size-1)] // keep the element-wise check quick
			}
			for i := range dst {
				dst[i] = 0xA5
			}
			f.FillLE(dst, i0, step)
			for j := range len(dst) / f.size {
				i := i0 + uint64(j)*step
				if got, want := elementAt(dst, f.size, j), f.Bits(i); got != want {
					t.Fatalf("%s case %d kind %d size %d start %#x delta %#x i0 %d step %d n %d: element %d (index %d) = %#x, want %#x",
						tb.name, c, f.kind, f.size, f.start, f.delta, i0, step, len(dst)/f.size, j, i, got, want)
				}
			}
		}
	}
}

// TestFillStartBits: a run from index 0 long enough for the vector
// methods writes start's bits at index 0 whether or not the lanes write it
// (lanesGiveStart: integers, float64 but for -0 with a positive delta),
// and Bits everywhere, at several alignments, on every table.
func TestFillStartBits(t *testing.T) {
	words := make([]uint64, 1024+16) // 8-byte aligned; offsets from its next 64-byte boundary
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), 8*len(words))
	mem = mem[-uintptr(unsafe.Pointer(&mem[0]))%64:]
	type sq struct {
		kind         Kind
		size         int
		start, delta uint64
	}
	var cases []sq
	for _, size := range []int{1, 2, 4, 8} {
		cases = append(cases, sq{Int, size, 0x8877665544332211 & (1<<(8*size) - 1), 3}, sq{Int, size, 5, 1<<(8*size) - 1})
	}
	for _, st := range []float64{0, math.Copysign(0, -1), 1.5, -1.5, 5e-324, -5e-324, 1.7e308, -1.7e308} {
		for _, d := range []float64{0.5, -0.5, 1e-300, -1e-300, 3e300, -3e300} {
			cases = append(cases, sq{Float64, 8, math.Float64bits(st), math.Float64bits(d)})
		}
	}
	for _, tb := range machineTables() {
		for _, c := range cases {
			for _, off := range []int{0, 8, 24, 64 - c.size} {
				f := onTable(NewFiller(c.kind, c.size, c.start, c.delta, 1000), tb)
				if off%c.size != 0 {
					continue
				}
				dst := mem[off : off+1000*c.size]
				for i := range dst {
					dst[i] = 0xA5
				}
				f.FillLE(dst, 0, 1)
				for j := range 1000 {
					if got, want := elementAt(dst, c.size, j), f.Bits(uint64(j)); got != want {
						t.Fatalf("%s kind %d size %d start %#x delta %#x offset %d: element %d = %#x, want %#x",
							tb.name, c.kind, c.size, c.start, c.delta, off, j, got, want)
					}
				}
				if got := elementAt(dst, c.size, 0); got != c.start {
					t.Fatalf("%s kind %d size %d start %#x delta %#x offset %d: element 0 = %#x, want start's bits",
						tb.name, c.kind, c.size, c.start, c.delta, off, got)
				}
			}
		}
	}
}

// TestFillMemo: a Filler of NewFiller remembers the plans of a run from
// index 0 that memoPlans plans or fewer cover and that repeats the run
// before it, and executes the next run of the same length, step, table and
// address modulo 64 by them (the memo is not replaced), and plans again for
// any other (the memo is replaced where that run, repeated, fits): the
// elements are Bits' every time, on every table; a run planned under
// other verdicts is planned again.
func TestFillMemo(t *testing.T) {
	defer setStreaming(0)
	setStreaming(-1)
	mem := make([]byte, 1<<16+256)
	for _, tb := range machineTables() {
		r := tableRand(1029, tb) // (this table's cases, whatever other tables the host has)
		remembered := 0          // (150 runs, and more until 60 are remembered: at most 1500)
		c := 0
		for ; c < 150 || remembered < 60 && c < 1500; c++ {
			if memoCase(t, r, tb, mem, c) {
				remembered++
			}
		}
		if remembered < 60 {
			t.Fatalf("%s: only %d of %d runs remembered", tb.name, remembered, c)
		}
	}
	memoManyBinades(t)
	memoInit(t, mem)
}

// memoCheckFrom fills dst with f's run from index i0 (every step-th) and
// holds its elements to Bits.
func memoCheckFrom(t *testing.T, tb *table, what string, f *Filler, dst []byte, i0, step uint64) {
	t.Helper()
	wantTable(t, f, tb)
	for i := range dst {
		dst[i] = 0xA5
	}
	f.FillLE(dst, i0, step)
	for j := range len(dst) / f.size {
		if got, want := elementAt(dst, f.size, j), f.Bits(i0+uint64(j)*step); got != want {
			t.Fatalf("%s: kind %d size %d start %#x delta %#x step %d n %d: element %d = %#x, want %#x",
				what, f.kind, f.size, f.start, f.delta, step, len(dst)/f.size, j, got, want)
		}
	}
}

// memoCheck is memoCheckFrom for a run from index 0.
func memoCheck(t *testing.T, tb *table, what string, f *Filler, dst []byte, step uint64) {
	t.Helper()
	memoCheckFrom(t, tb, what, f, dst, 0, step)
}

// memoFits reports whether memoPlans plans or fewer cover the run.
func memoFits(f *Filler, tb *table, dst []byte, step uint64) bool {
	i0, whole := uint64(0), len(dst)
	for range memoPlans {
		var pl plan
		done := f.planRun(tb, testVerdicts, dst, i0, step, whole, &pl)
		if done == len(dst)/f.size {
			return true
		}
		dst, i0 = dst[done*f.size:], i0+uint64(done)*step
	}
	return false
}

// memoCase is TestFillMemo's case c on the table tb: a random run from
// index 0, twice, remembered where it fits (and not before), replayed
// for the same run at another address of the same line, not for a run
// from index 1, then another run (memoAnother). It reports whether the
// run was remembered.
func memoCase(t *testing.T, r *rand.Rand, tb *table, mem []byte, c int) bool {
	k := allKinds[r.IntN(len(allKinds))]
	start, delta := randomBits(r, k.kind, k.size), randomBits(r, k.kind, k.size)
	n := 2 + r.IntN(1<<15/k.size)
	step := uint64(1 + r.IntN(2))
	f := onTable(NewFiller(k.kind, k.size, start, delta, uint64(n)*step+uint64(r.IntN(2))), tb)
	if f.tail != nil {
		return false // (its runs split at tailFrom: the tail's part is not from index 0, and not remembered)
	}
	at := r.IntN(64) &^ (k.size - 1)
	dst := mem[at : at+n*k.size]
	what := fmt.Sprintf("%s case %d", tb.name, c)
	memoCheck(t, tb, what+" first run", f, dst, step)
	if f.memo.p.Load() != nil {
		t.Fatalf("%s: a first run remembered", what)
	}
	memoCheck(t, tb, what+" the run again", f, mem[at+128:at+128+n*k.size], step) // the same line
	m := f.memo.p.Load()
	if !memoFits(f, tb, dst, step) {
		if m != nil {
			t.Fatalf("%s: a run of more than %d plans remembered", what, memoPlans)
		}
		return false
	}
	if m == nil || m.t != tb || m.n != len(dst) {
		t.Fatalf("%s: the run's plan not remembered: %+v", what, m)
	}
	memoCheck(t, tb, what+" the same run", f, mem[at+64:at+64+n*k.size], step)
	if f.memo.p.Load() != m {
		t.Fatalf("%s: a run of the same length, step and line planned again", what)
	}
	memoCheckFrom(t, tb, what+" the same run from index 1", f, dst, 1, step) // not from index 0: planned, not remembered
	if f.memo.p.Load() != m {
		t.Fatalf("%s: a run from index 1 replaced the memo", what)
	}
	memoAnother(t, r, tb, f, mem, at, dst, step, m, what)
	return true
}

// memoAnother follows memoCase's remembered run (at mem[at:], dst, its
// memo m) with another (of another address modulo 64, length or step),
// twice on the table tb and twice on goTable: planned the first time,
// remembered the second where it fits.
func memoAnother(t *testing.T, r *rand.Rand, tb *table, f *Filler, mem []byte, at int, dst []byte, step uint64, m *runMemo, what string) {
	n, size := len(dst)/f.size, f.size
	other, otherStep := dst, step
	switch r.IntN(3) {
	case 0: // another address modulo 64
		a := at + size*(1+r.IntN(63/size))
		other = mem[a : a+n*size]
	case 1: // another length
		other = dst[:(n-1)*size]
	default:
		otherStep = 3 - step
	}
	// Another run, twice: planned both times (the memo not taken), and
	// remembered the second time where it fits.
	memoCheck(t, tb, what+" another run", f, other, otherStep)
	if f.memo.p.Load() != m {
		t.Fatalf("%s: another run replaced the memo at once", what)
	}
	memoCheck(t, tb, what+" another run again", f, other, otherStep)
	if memoFits(f, tb, other, otherStep) && f.memo.p.Load() == m {
		t.Fatalf("%s: another run, repeated, not remembered", what)
	}
	onTable(f, goTable) // the run just remembered, on another table, twice
	memoCheck(t, goTable, what+" another table", f, other, otherStep)
	memoCheck(t, goTable, what+" another table again", f, other, otherStep)
	if memoFits(f, goTable, other, otherStep) && f.memo.p.Load().t != goTable {
		t.Fatalf("%s: another table did not plan again", what)
	}
}

// memoManyBinades holds TestFillMemo's memo to float32 runs of many
// binades on every table: remembered and replayed where memoPlans plans
// or fewer cover them, and not where more do.
func memoManyBinades(t *testing.T) {
	// FLOAT32 -0.3*2^k + i*0.3 (as every 32nd index of a delta of 0.3/32:
	// indices past 2^24, past float32 lanes of indices): tens of binades where
	// the table has the float32 binade kernel; on this one, 4 plans over
	// 2.5 MiB (remembered and replayed), 5 over 8 MiB (not remembered).
	big := make([]byte, 2*(8<<20))
	tooMany, replayed := false, false // a run not remembered; one of 3 plans or more replayed
	for _, c := range []struct{ k, n int }{{18, 5 << 17}, {20, 1<<21 - 16}} {
		f := NewFiller(Float32, 4, uint64(math.Float32bits(-0.3*float32(int(1)<<c.k))), uint64(math.Float32bits(0.3/32)), 32*uint64(c.n))
		dst := big[:4*c.n]
		for _, tb := range machineTables() {
			onTable(f, tb)
			what := fmt.Sprintf("%s: FLOAT32 -0.3*2^%d + i*0.3, %d elements", tb.name, c.k, c.n)
			memoCheck(t, tb, what, f, dst, 32)
			memoCheck(t, tb, what+" (repeated)", f, dst, 32)
			m, fit := f.memo.p.Load(), memoFits(f, tb, dst, 32)
			if fit != (m != nil && m.t == tb) {
				t.Fatalf("%s: fits in %d plans %v, remembered %v", what, memoPlans, fit, m != nil && m.t == tb)
			}
			if !fit {
				tooMany = true
				continue
			}
			memoCheck(t, tb, what+" again", f, big[8<<20:8<<20+4*c.n], 32)
			if f.memo.p.Load() != m {
				t.Fatalf("%s: planned again", what)
			}
			setStreaming(1) // other verdicts: planned again, and remembered anew
			memoCheck(t, tb, what+" under other verdicts", f, dst, 32)
			if m2 := f.memo.p.Load(); m2 == m || m2 == nil || m2.v != testVerdicts {
				t.Fatalf("%s: a run remembered under other verdicts not planned again", what)
			}
			setStreaming(-1)
			replayed = replayed || m.plans >= 3
		}
	}
	if !tooMany || !replayed {
		t.Fatalf("runs of many binades: one of more than %d plans %v, one of 3 to %d replayed %v", memoPlans, tooMany, memoPlans, replayed)
	}
}

// memoInit: a Filler of Init keeps no memo, and Init again on a Filler of
// NewFiller that remembers drops its old sequence's plans (runs in mem).
func memoInit(t *testing.T, mem []byte) {
	var g Filler // Init: no memo (a Filler on the stack must not allocate)
	g.Init(Int, 4, 0, 1, 100)
	for range 3 {
		g.FillLE(mem[:400], 0, 1)
	}
	if g.memo != nil {
		t.Fatalf("a Filler of Init keeps a memo")
	}
	// Init again on a Filler that remembers: the plans of its old sequence
	// (its memo, keyed by the run, not the sequence) go.
	h := NewFiller(Int, 4, 0, 1, 100)
	for range 3 {
		h.FillLE(mem[:400], 0, 1)
	}
	if h.memo == nil || h.memo.p.Load() == nil {
		t.Fatalf("a Filler of NewFiller remembers no plan of a run repeated")
	}
	h.Init(Float32, 4, 0x3DCCCCCD, 0x3E99999A, 100) // 0.1 + i*0.3
	h.FillLE(mem[:400], 0, 1)
	for i := range 100 {
		if got, want := uint64(binary.LittleEndian.Uint32(mem[4*i:])), h.Bits(uint64(i)); got != want {
			t.Fatalf("Init again: element %d = %#x, want %#x", i, got, want)
		}
	}
}

// TestFillMemoShared: goroutines filling runs of a few lengths with one
// Filler, each taking and replacing its memo, write Bits' elements (go test
// -race watches the memo).
func TestFillMemoShared(t *testing.T) {
	f := NewFiller(Float16, 2, 0x2E66, 0x34CD, 1<<14) // 0.1 + i*0.3: binade pieces
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(47, uint64(g)))
			buf := make([]byte, 1<<15+64)
			for range 200 {
				n := []int{1000, 4000, 16000}[r.IntN(3)]
				at := 2 * r.IntN(2)
				dst := buf[at : at+2*n]
				f.FillLE(dst, 0, 1)
				for j := range n {
					if got, want := elementAt(dst, 2, j), f.Bits(uint64(j)); got != want {
						errs <- fmt.Sprintf("goroutine %d, n %d at %d: element %d = %#x, want %#x", g, n, at, j, got, want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestFillLeavesNeighbours: a fill writes its bytes and not one more.
func TestFillLeavesNeighbours(t *testing.T) {
	mem := make([]byte, 1<<16)
	for _, tb := range machineTables() {
		r := tableRand(1004, tb) // (this table's cases, whatever other tables the host has)
		for range 300 {
			k := allKinds[r.IntN(len(allKinds))]
			f := onTable(NewFiller(k.kind, k.size, randomBits(r, k.kind, k.size), randomBits(r, k.kind, k.size), uint64(len(mem))), tb)
			a := r.IntN(1000) * k.size
			n := r.IntN(len(mem)/k.size - a/k.size - 1)
			for i := range mem {
				mem[i] = 0x5A
			}
			f.FillLE(mem[a:a+n*k.size], 0, 1)
			for i := range mem {
				if (i < a || i >= a+n*k.size) && mem[i] != 0x5A {
					t.Fatalf("%s: byte %d outside [%d, %d) written", tb.name, i, a, a+n*k.size)
				}
			}
		}
	}
}

// TestFillRowsMatchesBits: FillRowsLE gives Bits for every element of every
// row and leaves the padding, on random padded layouts of every kind, on
// every table (the row kernels among them).
func TestFillRowsMatchesBits(t *testing.T) {
	mem := make([]byte, 1<<18+64)
	for _, tb := range machineTables() {
		r := tableRand(1005, tb) // (this table's cases, whatever other tables the host has)
		for c := range 600 {
			rc := randomRows(r, mem, 150, 600, false)
			onTable(rc.f, tb)
			f, dst, rows, pitch, n, i0, rowStep, step := rc.f, rc.dst, rc.rows, rc.pitch, rc.n, rc.i0, rc.rowStep, rc.step
			size := f.size
			wantTable(t, f, tb)
			for i := range dst {
				dst[i] = 0x5A
			}
			f.FillRowsLE(dst, rows, pitch, n, i0, rowStep, step)
			for row := range rows {
				for e := range pitch / size {
					at := row*pitch + e*size
					if at >= len(dst) {
						break
					}
					if e >= n {
						for _, b := range dst[at : at+size] {
							if b != 0x5A {
								t.Fatalf("%s case %d: padding of row %d written", tb.name, c, row)
							}
						}
						continue
					}
					i := i0 + uint64(row)*rowStep + uint64(e)*step
					if got, want := getLE(dst[at:], size), f.Bits(i); got != want {
						t.Fatalf("%s case %d kind %d size %d start %#x delta %#x rows %d pitch %d n %d: row %d element %d (index %d) = %#x, want %#x",
							tb.name, c, f.kind, f.size, f.start, f.delta, rows, pitch, n, row, e, i, got, want)
					}
				}
			}
		}
	}
}

// TestFillRowsBinade: float16 rows of consecutive indices in int32 or
// int64 lanes, which the binade row kernels (and the runs row kernel) write
// a binade at a time (rows that span two as runs), give Bits for every
// element and leave the padding, on every table (the int64 lanes'
// binades that the runs row kernel does not take go a row at a time):
// dense and sparse ties,
// zero crossings, subnormals, overflow part way, plans that fill up (many
// binades), and random ones.
func TestFillRowsBinade(t *testing.T) {
	mem := make([]byte, 1<<20+64)
	named := []struct{ start, delta uint64 }{
		{0x2E66, 0x0CEA}, // 0.1, +3e-4 (fine)
		{0x2E66, 0x34CD}, // 0.1, +0.3
		{0x6800, 0x3000}, // 2048, +1/8 (every 16th a tie)
		{0xE3D0, 0x2C7B}, // -1000, +0.07 (crosses zero)
		{0, 0x3C00},      // 0, +1 (overflows in row 64 of 1024)
		{0x8001, 0x0003}, // subnormals, growing down
		{0x7BFF, 0xD3FF}, // 65504, -63.97: coarse, downwards
	}
	for _, tb := range machineTables() {
		r := tableRand(1006, tb) // (this table's cases, whatever other tables the host has)
		planned, plannedRuns := 0, 0
		cases := max(draws(300), 4*len(named)+60) // (the named sequences, and random ones)
		for c := range cases {
			rc := binadeRowsCase(r, mem, c%3 == 2)
			if c < 4*len(named) {
				q := named[c%len(named)]
				rc.f = NewFiller(Float16, 2, q.start, q.delta, rc.i0+uint64(rc.rows*rc.n))
				if c >= 2*len(named) { // long rows, many of them; some past 31 bits
					rc.n, rc.i0 = 1024, uint64(c%2)
					if c >= 3*len(named) {
						rc.i0 = 1<<26 + uint64(c)
					}
					rc.pitch, rc.rowStep = 2*(1024+16*(c%3)), 1024
					rc.rows = (len(mem) - 64) / rc.pitch
					rc.f = NewFiller(Float16, 2, q.start, q.delta, rc.i0+uint64(rc.rows*rc.n))
					rc.dst = mem[2*(c%32) : 2*(c%32)+(rc.rows-1)*rc.pitch+2*rc.n]
				}
			}
			f, dst := onTable(rc.f, tb), rc.dst
			for _, p := range planAllRows(tb, rc) {
				if p.m == mRowsBin {
					planned++
				}
				if p.m == mRowsRuns {
					plannedRuns++
				}
				if why := f.validRows(tb, dst, rc.rows, rc.pitch, rc.n, rc.i0, rc.rowStep, 1, p); why != "" {
					t.Fatalf("%s case %d: piece %v: %s", tb.name, c, p.m, why)
				}
			}
			if why := fillRowsMismatch(tb, rc, 0x5A); why != "" {
				t.Fatalf("%s case %d: start %#x delta %#x i0 %d rows %d pitch %d n %d: %s",
					tb.name, c, f.start, f.delta, rc.i0, rc.rows, rc.pitch, rc.n, why)
			}
		}
		if planned < cases || plannedRuns < cases/6 {
			t.Errorf("%s: only %d binade row pieces planned, %d of runs", tb.name, planned, plannedRuns)
		}
	}
}

// TestFillRowsOverflow: padded rows whose values pass the overflow point
// part way are planned as rows of finite values and a piece of infinity
// rows from the first row past that point; every element is Bits, and the
// padding is left, on every table.
func TestFillRowsOverflow(t *testing.T) {
	mem := make([]byte, 1<<20)
	cases := []struct {
		kind         Kind
		size         int
		start, delta uint64
		n, pad, rows int
	}{
		{Float16, 2, 0, 0x3C00, 1024, 16, 128},                     // 0, +1: past 65519.5 in row 64
		{Float16, 2, 0xBC00, 0xD800, 100, 3, 200},                  // -1, -128: to -inf
		{Float32, 4, 0, uint64(math.Float32bits(1e36)), 96, 8, 60}, // past 3.4e38 in row 3
		{Float32, 4, uint64(math.Float32bits(-1)), uint64(math.Float32bits(-3e35)), 64, 1, 100},
	}
	for _, tb := range machineTables() {
		for k, c := range cases {
			pitch := (c.n + c.pad) * c.size
			f := onTable(NewFiller(c.kind, c.size, c.start, c.delta, uint64(c.rows*c.n)), tb)
			dst := mem[:(c.rows-1)*pitch+c.n*c.size]
			for i := range dst {
				dst[i] = 0x5A
			}
			pieces := planAllRows(tb, rowsLayout{f: f, dst: dst, rows: c.rows, pitch: pitch, n: c.n, rowStep: uint64(c.n), step: 1})
			if p := pieces[len(pieces)-1]; p.m != mRowsWords || len(pieces) < 3 {
				t.Fatalf("%s case %d: the rows end with %v in %d pieces, want infinity rows of their own", tb.name, k, p.m, len(pieces))
			}
			for _, p := range pieces {
				a := uint64(p.j) * uint64(c.n)
				if why := f.validRows(tb, dst, c.rows, pitch, c.n, 0, uint64(c.n), 1, p); why != "" {
					t.Fatalf("%s case %d: piece %v from row %d (index %d): %s", tb.name, k, p.m, p.j, a, why)
				}
			}
			f.FillRowsLE(dst, c.rows, pitch, c.n, 0, uint64(c.n), 1)
			if why := rowsMismatch(f, dst, c.rows, pitch, c.n, 0, uint64(c.n), 1, 0x5A); why != "" {
				t.Fatalf("%s case %d: %s", tb.name, k, why)
			}
		}
	}
}

// TestFillRowsStreaming: padded rows past streamingMin, at multiples of
// 16 bytes (some of 64), which the row kernels stream where the
// machine streams (forced here), give Bits for every element and leave the
// padding: integers of each width and exact float32.
func TestFillRowsStreaming(t *testing.T) {
	if testing.Short() {
		t.Skip("16 MiB of rows a case")
	}
	mem := make([]byte, streamingMin+1<<17)
	off := int((64 - uintptr(unsafe.Pointer(&mem[0]))%64) % 64)
	defer setStreaming(0)
	cases := []struct {
		kind         Kind
		size         int
		start, delta uint64
		skew         int    // bytes added to the pitch and the start: rows at multiples of the element
		i0           uint64 // the first row's first index
		want         method // the method that must stream, or mRowRuns: any
	}{
		{Int, 1, 3, 7, 0, 0, mRowRuns}, {Int, 2, 0xFFF0, 3, 0, 0, mRowRuns},
		{Int, 4, 5, 0x10001, 0, 0, mRowRuns}, {Int, 8, 1 << 40, 1<<33 + 5, 0, 0, mRowRuns},
		{Float32, 4, uint64(math.Float32bits(-3)), uint64(math.Float32bits(0.25)), 0, 0, mRowRuns},
		// Rounding float32: below index 2^24 (rows-fma-s), from it (rows-binade-s).
		{Float32, 4, uint64(math.Float32bits(0.1)), uint64(math.Float32bits(0.3)), 4, 0, mRowsFMAS},
		{Float32, 4, uint64(math.Float32bits(-1e5)), uint64(math.Float32bits(1.0 / 3)), 12, 1 << 24, mRowsBinS},
		// float16 0.1, +3e-4 from 2^26: sums past 31 bits, each value 128
		// elements or more (rows-runs). (rows-binade-q takes binades whose
		// values change more often: they hold 2^17 elements at most, too
		// few to stream.)
		{Float16, 2, 0x2E66, 0x0CEA, 2, 1 << 26, mRowsRuns},
		{Float16, 2, 0x2E66, 0x0CEA, 6, 1<<26 + 5, mRowsRuns},
	}
	for _, tb := range machineTables() {
		for k, c := range cases {
			if !long() && k%2 == 1 && c.want == mRowRuns {
				continue // (the quick pass: integers of 1 and 4 bytes, float32 exact; the rest under DML_LONG)
			}
			want := c.want
			setStreaming(1)
			n := 1024 / c.size * (1 + k%2)          // 1 or 2 KiB rows
			pitch := n*c.size + 16*(1+3*k) + c.skew // rows at multiples of 16 bytes (64 for k = 1), or of 4
			rows := streamingMin/pitch + 3          // past streamingMin without row 0
			f := onTable(NewFiller(c.kind, c.size, c.start, c.delta, c.i0+uint64(rows*n)), tb)
			at := off + 16*(k%3) + c.skew
			dst := mem[at : at+(rows-1)*pitch+n*c.size]
			for i := range dst {
				dst[i] = 0x5A
			}
			streamed := 0
			for _, p := range planAllRows(tb, rowsLayout{f: f, dst: dst, rows: rows, pitch: pitch, n: n, i0: c.i0, rowStep: uint64(n), step: 1}) {
				if why := f.validRows(tb, dst, rows, pitch, n, c.i0, uint64(n), 1, p); why != "" {
					t.Fatalf("%s case %d: piece %v: %s", tb.name, k, p.m, why)
				}
				if p.st == stStream && (want == mRowRuns || p.m == want) {
					streamed += int(p.n)
				}
			}
			if streamed < rows/2 {
				t.Fatalf("%s case %d: %d of %d rows stream (by %v)", tb.name, k, streamed, rows, want)
			}
			f.FillRowsLE(dst, rows, pitch, n, c.i0, uint64(n), 1)
			if why := rowsMismatch(f, dst, rows, pitch, n, c.i0, uint64(n), 1, 0x5A); why != "" {
				t.Fatalf("%s case %d: %s", tb.name, k, why)
			}
		}
	}
}

// lanes reports whether the rows go as lanes (mRowsLanes) on the table tb.
func (c rowsLayout) lanes(tb *table) bool {
	blk, _ := c.f.lanesBlock(tb, c.set())
	return blk > 0
}

// TestLaneEvents: laneEvents against the rule it follows, lane by lane: a
// lane whose form ends at j is listed; any other's tie before j moves on by
// whole periods to the first at j or after (none where that is at its
// form's end or past it); the least end and the least tie are the others'.
func TestLaneEvents(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for c := range 2000 {
		nl := []int{64, 96}[r.IntN(2)]
		j := int64(r.IntN(200))
		all := j + 1 + int64(r.IntN(300))
		var end, tie, period [96]int64
		for L := range nl {
			end[L] = j + int64(r.IntN(int(all-j)+1)) // (j to all)
			if r.IntN(4) == 0 {
				end[L] = j // (several lanes end at j, often)
			}
			period[L] = 1 << r.IntN(8)
			switch r.IntN(3) {
			case 0:
				tie[L] = math.MaxInt64
			default:
				tie[L] = max(0, j-int64(r.IntN(300))+int64(r.IntN(300)))
			}
		}
		wantTie := tie
		wantNext, wantT := all, int64(math.MaxInt64)
		var wantEnded []uint8
		for L := range nl {
			if end[L] == j {
				wantEnded = append(wantEnded, uint8(L))
				continue
			}
			for wantTie[L] < j {
				wantTie[L] += period[L]
			}
			if tie[L] < j && wantTie[L] >= end[L] {
				wantTie[L] = math.MaxInt64
			}
			wantNext, wantT = min(wantNext, end[L]), min(wantT, wantTie[L])
		}
		var ended [96]uint8
		next, tt, ne := laneEvents(&end, &tie, &period, nl, j, all, &ended)
		if next != wantNext || tt != wantT || !bytes.Equal(ended[:ne], wantEnded) {
			t.Fatalf("case %d: next %d, tie %d, ended %v; want %d, %d, %v", c, next, tt, ended[:ne], wantNext, wantT, wantEnded)
		}
		for L := range nl {
			if end[L] != j && tie[L] != wantTie[L] {
				t.Fatalf("case %d: lane %d's tie %d, want %d", c, L, tie[L], wantTie[L])
			}
		}
	}
}

// TestFillStridedAndNative: FillStridedLE writes each element at its stride
// and nothing between; FillNative gives the host's byte order.
func TestFillStridedAndNative(t *testing.T) {
	r := rand.New(rand.NewPCG(91, 92))
	for c := range 300 {
		k := allKinds[r.IntN(len(allKinds))]
		f := NewFiller(k.kind, k.size, randomBits(r, k.kind, k.size), randomBits(r, k.kind, k.size), 1<<20)
		n := r.IntN(3000)
		stride := k.size * (1 + r.IntN(3))
		i0, step := r.Uint64N(1000), 1+r.Uint64N(3)
		dst := make([]byte, n*stride+k.size)
		f.FillStridedLE(dst, n, stride, i0, step)
		for j := range n {
			if got, want := getLE(dst[j*stride:], k.size), f.Bits(i0+uint64(j)*step); got != want {
				t.Fatalf("case %d: strided element %d = %#x, want %#x", c, j, got, want)
			}
			for _, b := range dst[j*stride+k.size : (j+1)*stride] {
				if b != 0 {
					t.Fatalf("case %d: a byte between strided elements written", c)
				}
			}
		}
		native := make([]byte, n*k.size)
		f.FillNative(native, i0, 1)
		for j := range n {
			var got uint64
			switch k.size {
			case 1:
				got = uint64(native[j])
			case 2:
				got = uint64(binary.NativeEndian.Uint16(native[2*j:]))
			case 4:
				got = uint64(binary.NativeEndian.Uint32(native[4*j:]))
			default:
				got = binary.NativeEndian.Uint64(native[8*j:])
			}
			if want := f.Bits(i0 + uint64(j)); got != want {
				t.Fatalf("case %d: native element %d = %#x, want %#x", c, j, got, want)
			}
		}
	}
}

// finiteBits32 returns the bits of a finite float32 from randomBits.
func finiteBits32(r *rand.Rand) uint64 {
	for {
		if b := randomBits(r, Float32, 4); b&0x7F800000 != 0x7F800000 {
			return b
		}
	}
}

// refF32ToF16 rounds a float32 to binary16 by enumerating the neighbours.
func refF32ToF16(f float32) uint16 {
	sign := uint16(0)
	if math.Signbit(float64(f)) {
		sign = 0x8000
	}
	a := math.Abs(float64(f))
	if a >= 65520 {
		return sign | 0x7C00
	}
	// Candidates are k * 2^(e-10) for the binade of a, or subnormals.
	ulp := math.Ldexp(1, -24)
	if a >= 0x1p-14 {
		_, e := math.Frexp(a) // a = m * 2^e, m in [0.5, 1)
		ulp = math.Ldexp(1, e-1-10)
	}
	k := math.Floor(a / ulp)
	lo, hi := k*ulp, (k+1)*ulp
	var v float64
	switch {
	case a-lo < hi-a:
		v = lo
	case a-lo > hi-a:
		v = hi
	case math.Mod(k, 2) == 0:
		v = lo
	default:
		v = hi
	}
	// Encode v.
	if v < 0x1p-14 {
		return sign | uint16(v/0x1p-24)
	}
	_, e := math.Frexp(v)
	exp := e - 1
	frac := v/math.Ldexp(1, exp) - 1
	return sign | uint16(exp+15)<<10 | uint16(math.Round(frac*1024))
}

// TestFloat16Midpoints: runs where many i*delta are float16 midpoints and
// start is far too small for float32 to see: rounding through float32 to
// nearest would land on the midpoints and break ties to even, wrongly for
// one sign of start; every method must round once.
func TestFloat16Midpoints(t *testing.T) {
	mem := make([]byte, 1<<16)
	for _, tb := range machineTables() {
		r := tableRand(1016, tb) // (this table's cases, whatever other tables the host has)
		for c := range 200 {
			D := uint64(r.Uint32()&0x3FF | 0x401) // odd 11-bit significand
			e := r.IntN(10) - 8                   // delta = D * 2^(e-10), its last bit 2^(e-10)
			delta := f64ToF16(math.Ldexp(float64(D), e-10))
			// The sums reach 2^(e+13) after 2^12 steps, where float32's last
			// bit is 2^(e-10): start sits below half of it.
			start := f64ToF16(math.Ldexp(1, e-12-r.IntN(3)))
			if r.IntN(2) == 0 {
				start |= 0x8000
			}
			f := onTable(NewFiller(Float16, 2, uint64(start), uint64(delta), 4097), tb)
			off := 2 * r.IntN(32)
			dst := mem[off : off+2*4096]
			f.FillLE(dst, 1, 1)
			checkFloat16(t, f, dst, 1, 1, fmt.Sprintf("%s case %d", tb.name, c))
		}
	}
}

// TestFloat16IntLanes runs float16 sequences whose exact sums need 25 to 31
// bits (too many for float32, few enough for int32 lanes) through the binade
// method with every table and both store kinds, both signs, with ties (an
// odd delta) and without, unaligned starts, from the subnormals up.
func TestFloat16IntLanes(t *testing.T) {
	mem := make([]byte, streamingMin+4096)
	defer setStreaming(0)
	for _, tb := range machineTables() {
		for c := range 4 {
			setStreaming(1 - 2*(c%2))
			start, delta := uint64(0x0001), uint64(0x0010) // 2^-24 + i*2^-20: 16i+1 at 2^-24
			if c >= 2 {
				start, delta = 0x8003, 0x8013 // negative, 19i+3 at 2^-24
			}
			off := 2 + 2*c
			n := (len(mem) - off - 2*64) / 2
			f := onTable(NewFiller(Float16, 2, start, delta, uint64(n)+1), tb)
			dst := mem[off : off+2*n]
			f.FillLE(dst, 1, 1)
			checkFloat16(t, f, dst, 1, 1, fmt.Sprintf("%s case %d", tb.name, c))
		}
	}
}

// TestOverflowFrom holds overflowFrom, which decides where runs become
// constant infinities, to the plain definition (Bits): the first element
// that rounds to an infinity, with every later one infinite too.
func TestOverflowFrom(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 50))
	kinds := []struct {
		kind Kind
		size int
		f    *format
	}{{Float16, 2, &formatFloat16}, {Float32, 4, &formatFloat32}}
	for c := range draws(20000) {
		k := kinds[c%2]
		start, delta := randomBits(r, k.kind, k.size), randomBits(r, k.kind, k.size)
		if c%4 < 2 {
			// Coarse values: the last bit of start and delta far above 1.
			if k.kind == Float16 {
				start, delta = uint64(r.IntN(0x7C00)), 0x4000+uint64(r.IntN(0x3C00))
			} else {
				start, delta = uint64(r.Uint32N(0x7F800000)), 0x60000000+uint64(r.Uint32N(0x1F800000))
			}
			start |= uint64(r.IntN(2)) << (8*k.size - 1)
			delta |= uint64(r.IntN(2)) << (8*k.size - 1)
		}
		s := New(k.kind, k.size, start, delta, 0)
		if s.mode != modeLinear {
			continue
		}
		i0, step, n := 1+r.Uint64N(1000), 1+r.Uint64N(100), r.IntN(2000)
		want := n
		for j := n - 1; j >= 0; j-- {
			if s.Bits(i0+uint64(j)*step)&^k.f.signBit() != k.f.infBits() {
				break
			}
			want = j
		}
		if got := s.overflowFrom(i0, step, n); got != want {
			t.Fatalf("start %#x delta %#x i0 %d step %d n %d: overflowFrom = %d, want %d", start, delta, i0, step, n, got, want)
		}
	}
}

// checkFloat16 holds the float16 elements in dst, of indices i0, i0+step,
// ..., to Bits.
func checkFloat16(t *testing.T, f *Filler, dst []byte, i0, step uint64, what string) {
	t.Helper()
	for j := range len(dst) / 2 {
		i := i0 + uint64(j)*step
		got := uint64(binary.LittleEndian.Uint16(dst[2*j:]))
		if want := f.Bits(i); got != want {
			t.Fatalf("%s: start %#x delta %#x i0 %d step %d n %d: element %d (index %d) = %#x, want %#x",
				what, f.start, f.delta, i0, step, len(dst)/2, j, i, got, want)
		}
	}
}

// float32Method runs float32 runs through the planner and every table,
// against Bits: adversarial midpoints (a run through an index i where
// i*delta is a float32 midpoint, start a tiny amount of either sign that
// decides the tie, below what a float64 sum keeps), and random starts and
// deltas up to 2^60 apart, crossing zero, with steps above 1 and unaligned
// starts. Each case must plan some piece of method m, at indices from
// base; in the midpoint runs start's last bit lies span to span+8 places
// below the midpoint's.
func float32Method(t *testing.T, m method, base uint64, seed uint64, span int) {
	mem := make([]byte, 1<<16+64)
	for _, tb := range machineTables() {
		r := tableRand(seed, tb) // (this table's cases, whatever other tables the host has)
		tested, midpoints, bites := 0, 0, 0
		for c := 0; tested < 600 && c < 20000; c++ {
			run := drawF32Run(r, base, span, c%2 == 0, len(mem))
			f := onTable(NewFiller(Float32, 4, uint64(math.Float32bits(run.start)), uint64(math.Float32bits(run.delta)), 0), tb)
			off := 4 * r.IntN(16)
			dst := mem[off : off+4*run.n]
			cvt := 0
			for _, pp := range planAll(t, tb, f, dst, run.i0, run.step) {
				if pp.p.m == m {
					cvt++
				}
			}
			if cvt == 0 {
				continue
			}
			tested++
			bit := checkF32Run(t, tb, f, dst, run)
			if run.mid {
				midpoints++
				if bit {
					bites++
				}
			}
		}
		// About half the midpoint runs have start's sign against the even
		// neighbour: the construction must bite there.
		t.Logf("%s: %d runs, %d of %d midpoint runs bite", tb.name, tested, bites, midpoints)
		if tested < 600 || bites < midpoints/4 {
			t.Fatalf("%s: %d runs took %s; in %d of %d midpoint runs rounding twice is wrong", tb.name, tested, m, bites, midpoints)
		}
	}
}

// f32Run is a float32 run of float32Method: its sequence's start and
// delta, its first index, step and length, and whether it runs through a
// midpoint.
type f32Run struct {
	start, delta float32
	i0, step     uint64
	n            int
	mid          bool
}

// drawF32Run draws a run of float32Method of indices from base, 16 or
// more elements that fit memLen bytes: through a midpoint (mid,
// midpointF32Run's) or of a random start and delta, steps above 1 now and
// then; start and delta of either sign.
func drawF32Run(r *rand.Rand, base uint64, span int, mid bool, memLen int) f32Run {
	run := f32Run{step: 1, mid: mid}
	run.n = 16 + r.IntN(memLen/4-32)
	run.i0 = 1 + r.Uint64N(1000)
	if mid {
		midpointF32Run(r, base, span, &run)
	} else {
		run.i0 += base
		e := r.IntN(200) - 100
		run.start = float32(math.Ldexp(r.Float64()*2-1, e))
		run.delta = float32(math.Ldexp(r.Float64()*2-1, e-r.IntN(60)))
		if r.IntN(4) == 0 {
			run.step = 1 + r.Uint64N(40)
		}
	}
	if r.IntN(2) == 0 {
		run.start = -run.start
	}
	if r.IntN(4) == 0 {
		run.delta = -run.delta
	}
	return run
}

// midpointF32Run makes run one through an index i of indices from base
// where i*delta is a float32 midpoint, start's last bit span to span+8
// places below the midpoint's.
func midpointF32Run(r *rand.Rand, base uint64, span int, run *f32Run) {
	// delta = D * 2^(e-23); D*i a midpoint (24 bits, then 10...0)
	var D, i uint64
	k := 0
	for k == 0 || D*i&(1<<(k-24)-1) != 1<<(k-25) {
		if base == 0 {
			D, i = uint64(r.Uint32()&0x7FFFFF|0x800000), 4+r.Uint64N(4000)
		} else { // D odd, i = base + the t that makes D*i 2^23 modulo 2^24
			D = uint64(r.Uint32()&0x7FFFFF | 0x800001)
			inv := D // Newton's iteration for D's inverse modulo 2^64
			for range 5 {
				inv *= 2 - D*inv
			}
			i = base + (1<<23*inv)&(1<<24-1)
		}
		k = bits.Len64(D * i)
	}
	e := r.IntN(120) - 60
	m := span - k + r.IntN(9) // start's last bit 2^m below delta's: k+m in [span, span+8]
	run.delta = float32(math.Ldexp(float64(D), e-23))
	run.start = float32(math.Ldexp(1, e-23-m))
	if base == 0 {
		run.i0 = 1 + r.Uint64N(i)
		run.n = max(run.n, int(i-run.i0)+1)
	} else {
		run.i0 = i - r.Uint64N(uint64(run.n))
	}
}

// checkF32Run fills dst with f's run on the table tb and holds its
// elements to Bits; it reports whether rounding the float64 sum to
// float32 (rounding twice) is wrong for one of them.
func checkF32Run(t *testing.T, tb *table, f *Filler, dst []byte, run f32Run) bool {
	t.Helper()
	i0, step, n, delta, start := run.i0, run.step, run.n, run.delta, run.start
	f.FillLE(dst, i0, step)
	bit := false
	for j := range n {
		i := i0 + uint64(j)*step
		want := f.Bits(i)
		if got := elementAt(dst, 4, j); got != want {
			t.Fatalf("%s: start %#x delta %#x i0 %d step %d n %d: element %d (index %d) = %#x, want %#x",
				tb.name, f.start, f.delta, i0, step, n, j, i, got, want)
		}
		// Rounding the float64 sum (itself rounded) to float32.
		if uint64(math.Float32bits(float32(float64(i)*float64(delta)+float64(start)))) != want {
			bit = true
		}
	}
	return bit
}

// shifted returns p with its elements counted from j (planBinades counts
// them from the start of the run it was given).
func shifted(p piece, j int) *piece {
	p.j -= uint32(j)
	return &p
}

// TestReachesSubnormal holds reachesSubnormal (whether the fma-d kernel must
// look for values below 2^-126) to the elements Bits gives: wherever one of
// a range is subnormal or zero, it must say so; and ranges whose every
// element is 2^-125 or more in magnitude (past any rounding up to 2^-126),
// all of one sign, it must not hold back.
func TestReachesSubnormal(t *testing.T) {
	r := rand.New(rand.NewPCG(99, 100))
	tiny, normal := 0, 0
	for range 3000 {
		// The sums cross zero near index ic (start about -ic*delta); the
		// range lies before it (the least magnitude at its end), across it,
		// or after it (at its start).
		delta := float32(math.Ldexp(r.Float64()*2-1, -150+r.IntN(40)))
		ic := 1 + r.Uint64N(1<<20)
		start := -float32(ic) * delta
		f := NewFiller(Float32, 4, uint64(math.Float32bits(start)), uint64(math.Float32bits(delta)), 0)
		if f.mode != modeLinear {
			continue
		}
		a := max(1, ic+r.Uint64N(6000)-3000)
		b := a + r.Uint64N(3000)
		sub, big := false, true
		for i := a; i <= b; i++ {
			v := f.Bits(i)
			if v&0x7F800000 == 0 {
				sub = true
			}
			if math.Abs(float64(math.Float32frombits(uint32(v)))) < 0x1p-125 || (v^f.Bits(a))>>31 != 0 {
				big = false // (or the sums change sign: it may not look between)
			}
		}
		got := f.reachesSubnormal(a, b)
		if sub && !got {
			t.Fatalf("start %g delta %g, indices %d to %d: an element is below 2^-126, reachesSubnormal says none", start, delta, a, b)
		}
		if sub {
			tiny++
		}
		if big {
			normal++
			if got {
				t.Errorf("start %g delta %g, indices %d to %d: every element is 2^-125 or more, reachesSubnormal says some may be below 2^-126", start, delta, a, b)
			}
		}
	}
	if tiny < 300 || normal < 300 {
		t.Fatalf("%d ranges with subnormal elements, %d without", tiny, normal)
	}
}

// TestStandIn holds the tail of a sequence whose start is finer than
// delta's last place (Filler.tail, from Seq.standIn) to the sequence's own
// exact elements (Bits) from tailFrom on, and runs and rows that cross
// tailFrom, through every table, to Bits.
func TestStandIn(t *testing.T) {
	r := rand.New(rand.NewPCG(101, 102))
	mem := make([]byte, 1<<15)
	tails := 0
	for c := 0; c < 3000; c++ {
		f := standInSeq(r, c)
		if f.tail == nil {
			continue
		}
		tails++
		if tails%50 == 1 && f.tailFrom < 1<<12 { // a run from 0 past tailFrom, twice: the tail's part remembered
			standInMemo(t, f, mem)
		}
		for range 20 {
			i := f.tailFrom + r.Uint64N(1<<uint(r.IntN(32)))
			if i >= 1<<32 {
				continue
			}
			if got, want := f.tail.Bits(i), f.Bits(i); got != want {
				t.Fatalf("%v start %#x delta %#x: index %d (tail from %d, stand-in %#x) = %#x, want %#x", f.kind, f.start, f.delta, i, f.tailFrom, f.tail.start, got, want)
			}
		}
		for _, tb := range machineTables() {
			r := tableRand(uint64(tails)<<32|1024, tb) // (this table's cases, whatever other tables the host has)
			standInAcross(t, r, tb, onTable(f, tb), mem)
		}
	}
	t.Logf("%d tails", tails)
	if tails < 1000 {
		t.Fatalf("%d of 3000 sequences have a tail", tails)
	}
}

// standInSeq draws TestStandIn's sequence c: float16 (c even) or float32,
// its start a few to many binades below delta, either of either sign.
func standInSeq(r *rand.Rand, c int) *Filler {
	kind, size := Float32, 4
	var start, delta uint64
	if c%2 == 0 {
		kind, size = Float16, 2
		d := float32(math.Ldexp(1+r.Float64(), r.IntN(20)-12))
		s := float32(math.Ldexp(1+r.Float64(), r.IntN(30)-26))
		start, delta = f16(s), f16(d)
	} else {
		d := float32(math.Ldexp(1+r.Float64(), r.IntN(60)-30))
		s := float32(math.Ldexp(1+r.Float64(), r.IntN(100)-90))
		start, delta = f32(s), f32(d)
	}
	if r.IntN(2) == 0 {
		start ^= 1 << (8*size - 1)
	}
	if r.IntN(2) == 0 {
		delta ^= 1 << (8*size - 1)
	}
	return NewFiller(kind, size, start, delta, 0)
}

// standInMemo runs f (of a tail from tailFrom) from index 0 past tailFrom
// in mem twice, the tail's part then remembered, and a third time, from
// the memo, against Bits.
func standInMemo(t *testing.T, f *Filler, mem []byte) {
	kind, size, start, delta := f.kind, f.size, f.start, f.delta
	n := int(f.tailFrom) + 1024
	for range 2 {
		f.FillLE(mem[:n*size], 0, 1)
	}
	if m := f.tail.memo.p.Load(); m == nil || m.n != (n-int(f.tailFrom))*size {
		t.Fatalf("%v start %#x delta %#x: the tail's part of a run from 0 not remembered (%+v)", kind, start, delta, m)
	}
	f.FillLE(mem[:n*size], 0, 1) // from the memo
	for j := range n {
		if got, want := elementAt(mem, size, j), f.Bits(uint64(j)); got != want {
			t.Fatalf("%v start %#x delta %#x: a remembered run's element %d = %#x, want %#x", kind, start, delta, j, got, want)
		}
	}
}

// standInAcross runs f (of a tail from tailFrom) on the table tb in mem, a
// run and rows of random lengths and steps from before tailFrom to past
// it (or from index 0), against Bits.
func standInAcross(t *testing.T, r *rand.Rand, tb *table, f *Filler, mem []byte) {
	wantTable(t, f, tb)
	kind, size, start, delta := f.kind, f.size, f.start, f.delta
	n := 1 + r.IntN(len(mem)/size)
	step := uint64(1 + r.IntN(3))
	i0 := f.tailFrom - min(f.tailFrom, uint64(r.IntN(n))*step)
	dst := mem[:n*size]
	f.FillLE(dst, i0, step)
	for j := range n {
		if got, want := elementAt(dst, size, j), f.Bits(i0+uint64(j)*step); got != want {
			t.Fatalf("%s: %v start %#x delta %#x, run from %d step %d: element %d = %#x, want %#x (tail from %d)", tb.name, kind, start, delta, i0, step, j, got, want, f.tailFrom)
		}
	}
	rows, rn := 1+r.IntN(20), 1+r.IntN(100)
	pitch := (rn + r.IntN(10)) * size
	rowStep := uint64(rn) + uint64(r.IntN(3))
	i0 = f.tailFrom - min(f.tailFrom, uint64(r.IntN(rows))*rowStep)
	f.FillRowsLE(mem[:(rows-1)*pitch+rn*size], rows, pitch, rn, i0, rowStep, 1)
	for row := range rows {
		for j := range rn {
			idx := i0 + uint64(row)*rowStep + uint64(j)
			if got, want := elementAt(mem[row*pitch:], size, j), f.Bits(idx); got != want {
				t.Fatalf("%s: %v start %#x delta %#x, rows from %d: row %d element %d = %#x, want %#x (tail from %d)", tb.name, kind, start, delta, i0, row, j, got, want, f.tailFrom)
			}
		}
	}
}

// tableRand is a random stream of its own for one table's cases in a test
// (seed names the test's loop): the cases a table gets are the same
// whatever other tables the host has (an AVX-512 host has three, an AVX2
// one two, -tags purego one), so that no quota or verdict depends on it.
func tableRand(seed uint64, tb *table) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(tb.name))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// long and draws: the pass the tests run (internal/passes).
var long, draws = passes.Long, passes.Draws

// TestFillStepZero: a run of step 0 (fillColumns's, for rows of row step 0)
// is every element Bits(i0), from any index: float16 past int32 lanes,
// where a binade piece of step 0 once divided by zero, and the other kinds.
func TestFillStepZero(t *testing.T) {
	for _, c := range []struct {
		kind         Kind
		size         int
		start, delta uint64
		i0           uint64
	}{
		{Float16, 2, 0x34CD, 1, 0x80000214},
		{Float16, 2, 0x2E66, 0x0CEA, 1 << 26},
		{Float32, 4, 0x3DCCCCCD, 0x3E99999A, 1<<24 + 3},
		{Float64, 8, math.Float64bits(0.1), math.Float64bits(0.3), 1 << 40},
		{Int, 2, 5, 3, 7},
		{Float16, 2, 0x34CD, 1, 0},
	} {
		f := NewFiller(c.kind, c.size, c.start, c.delta, 0)
		dst := make([]byte, 224*c.size)
		f.FillLE(dst, c.i0, 0)
		for e := range 224 {
			if got, want := getLE(dst[e*c.size:], c.size), f.Bits(c.i0); got != want {
				t.Fatalf("%v from index %d, step 0: element %d = %#x, want %#x", c.kind, c.i0, e, got, want)
			}
		}
	}
}
