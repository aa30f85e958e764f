package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// validRowsLanes is validRows for a piece of rows as lanes (mRowsLanes).
func (s *Seq) validRowsLanes(t *table, dst []byte, pitch, n int, i0, rowStep, step uint64, p piece) string {
	blk, lanes := s.lanesBlock(t, &rowSet{int(p.n), pitch, n, i0 + uint64(p.j)*rowStep, rowStep, step})
	switch {
	case blk == 0:
		return "rows that do not go as lanes"
	case int(p.per) != blk || p.c != lanes:
		return "a block or lanes other than the rows'"
	case !s.aligned(dst):
		return "dst not aligned to the element size"
	}
	return ""
}

// TestFillRowsLanes: rows of integers or of float32 (exact in float32
// lanes, or through fma-s or f64 lanes) one after another whose length divides 128
// or 192 bytes go as lanes (mRowsLanes)
// on every table, with regular and streaming stores, and every element is
// Bits.
func TestFillRowsLanes(t *testing.T) {
	mem := make([]byte, 1<<17+256)
	defer setStreaming(0)
	defer func(least, f64 int) { periods640Min, periods320Min = least, f64 }(periods640Min, periods320Min)
	periods640Min, periods320Min = 0, 0 // (putPeriods at every length of rows: TestRowsLanesPeriods runs it measured)
	for _, tb := range machineTables() {
		r := tableRand(1011, tb) // (this table's cases, whatever other tables the host has)
		var seen lanesSeen
		// 500 cases, and more until the quotas below are met (every kind
		// of lanes seen, whatever the draws): a planner that stops taking
		// one fails them at 5000.
		c := 0
		for ; c < 500 || seen.short(tb) && c < 5000; c++ {
			rc := lanesRowsCase(r, mem[:len(mem)-256])
			onTable(rc.f, tb)
			setStreaming(0)
			if c%2 == 0 {
				setStreaming(1) // (the rows stream only past streamingMin: the kernels' NT forms below)
			}
			blk, kind := rc.f.lanesBlock(tb, rc.set())
			if blk > 0 {
				seen.count(rc, blk, kind)
			}
			if why := fillRowsMismatch(tb, rc, byte(r.Uint32())); why != "" {
				t.Fatalf("%s case %d: size %d start %#x delta %#x i0 %d rows %d n %d rowStep %d step %d: %s",
					tb.name, c, rc.f.size, rc.f.start, rc.f.delta, rc.i0, rc.rows, rc.n, rc.rowStep, rc.step, why)
			}
			rowsLanesStores(t, r, tb, mem, rc, c, blk, kind)
		}
		if seen.short(tb) {
			t.Errorf("%s: only %d of %d layouts went as lanes, %d of them float32, %d of those fma-s (%d masked, %d in sets of blocks), %d f64 (%d masked, %d in blocks of 320 bytes); %d float16, %d of those in sets of blocks, %d in blocks of 128 bytes, %d of 64, %d padded; %d in sets of add blocks, %d padded, %d in add blocks of 640 bytes, %d in fma-s blocks of 640",
				tb.name, seen.lanes, c, seen.floats, seen.fmas, seen.fmaMasked, seen.fmaSets, seen.f64s, seen.f64Masked, seen.f64Periods, seen.bins, seen.setBins, seen.bins128, seen.bins64, seen.maskedBins, seen.addSets, seen.masked, seen.periods640, seen.fma640)
		}
	}
}

// lanesSeen counts TestFillRowsLanes's layouts that went as lanes, by the
// kind of lanes and the form of the rows.
type lanesSeen struct {
	lanes, floats, fmas, f64s, f64Masked, bins, setBins, bins128, bins64, addSets, masked, fmaMasked, fmaSets, maskedBins int

	periods640, fma640 int // add and fma-s lanes in blocks of 640 bytes (add640x, fma640xS)
	f64Periods         int // f64 lanes in blocks of 320 bytes (cvt320xF32)
}

// short reports whether TestFillRowsLanes's quotas on the table tb are
// not met yet.
func (s *lanesSeen) short(tb *table) bool {
	return s.lanes < 180 || s.floats < 15 || s.fmas < 5 || s.bins < 10 || s.setBins < 5 || s.addSets < 20 || tb.masks(4) && (s.masked < 10 || s.fmaMasked < 2 || s.f64Masked < 1) || tb.masks(2) && s.maskedBins < 4 || s.fmaSets < 3 || s.f64s < 5 || s.f64Masked < 2 || tb.asm && !tb.avx512 && s.bins64 < 10 || !(tb.asm && !tb.avx512) && s.bins128 < 10 ||
		tb.periods640() && (s.periods640 < 10 || s.fma640 < 2 || s.f64Periods < 2)
}

// count counts the rows rc that go as lanes of the kind kind in blocks of
// blk bytes.
func (s *lanesSeen) count(rc rowsLayout, blk int, kind uint32) {
	s.lanes++
	if rc.f.kind == Float32 {
		s.floats++
	}
	switch kind {
	case lanesAdd:
		if blockSets(rc.pitch, blk) > 1 {
			s.addSets++
		}
		if blk == 5*128 {
			s.periods640++
		}
		if rc.pitch != rc.n*rc.f.size {
			s.masked++
		}
	case lanesFMA:
		s.fmas++
		if blk == 5*128 {
			s.fma640++
		}
		switch {
		case rc.pitch != rc.n*4:
			s.fmaMasked++
		case blockSets(rc.pitch, blk) > 1:
			s.fmaSets++
		}
	case lanesF64:
		s.f64s++
		if rc.pitch != rc.n*4 {
			s.f64Masked++
		}
		if blk == 5*64 {
			s.f64Periods++
		}
	case lanesBin:
		s.bins++
		if blockSets(rc.pitch, blk) > 1 {
			s.setBins++
		}
		switch blk {
		case 128:
			s.bins128++
		case 64:
			s.bins64++
		}
		if rc.pitch != 2*rc.n {
			s.maskedBins++
		}
	}
}

// rowsLanesStores runs TestFillRowsLanes's case c, the rows rc that go
// as lanes of the kind kind in blocks of blk bytes (if blk > 0) on the
// table tb, through the executor with the streaming or regular stores at
// another address in mem, against Bits.
func rowsLanesStores(t *testing.T, r *rand.Rand, tb *table, mem []byte, rc rowsLayout, c, blk int, kind uint32) {
	wantTable(t, rc.f, tb)
	// The streaming and ahead store kinds, as a piece too short for
	// them would never be planned (nor float16 rows as short as
	// these binade lanes): straight to the executor, at an aligned
	// address or not, dst reaching 64 bytes past the rows, which
	// stay as they were.
	off := int(64-uintptr(unsafe.Pointer(&mem[0]))%64) % 64
	if c%4 >= 2 {
		off += r.IntN(64) &^ (rc.f.size - 1)
	}
	rc.dst = mem[off : off+len(rc.dst)]
	if blk > 0 { // (the same rows at another address: the same block and lanes)
		pad := byte(r.Uint32())
		for i := range mem[off : off+len(rc.dst)+64] {
			mem[off+i] = pad
		}
		st := []store{stStream, stRegular}[c%2]
		rc.f.rowsLanes(mem[off:off+len(rc.dst)+64], rc.set(), blk, kind, st)
		if why := rowsMismatch(rc.f, rc.dst, rc.rows, rc.pitch, rc.n, rc.i0, rc.rowStep, rc.step, pad); why != "" {
			t.Fatalf("%s case %d, store kind %d, offset %d: size %d start %#x delta %#x i0 %d rows %d n %d rowStep %d step %d: %s",
				tb.name, c, st, off, rc.f.size, rc.f.start, rc.f.delta, rc.i0, rc.rows, rc.n, rc.rowStep, rc.step, why)
		}
		for i, b := range mem[off+len(rc.dst) : off+len(rc.dst)+64] {
			if b != pad {
				t.Fatalf("%s case %d, store kind %d: byte %d past the rows written", tb.name, c, st, i)
			}
		}
	}
}

// TestRowsBinLanesLong: float16 rows of binade lanes (mRowsLanes,
// lanesBin) whose lanes stay in one binade of last places of 2^24 units
// for thousands of blocks, so that their forms end where x would leave 31
// bits (rising) or pass zero (falling) before the binade ends: rows of 48
// elements of consecutive indices, 192 indices apart, from 1024 or 2047 by
// 1025 * 2^-24 either way (within the binade), 4 MiB, against Bits, on
// every table that takes them.
func TestRowsBinLanesLong(t *testing.T) {
	if testing.Short() {
		t.Skip("4 MiB against Bits")
	}
	mem := make([]byte, 4<<20+64)
	dst := mem[64-int(uintptr(unsafe.Pointer(&mem[0]))%64):][:4<<20-96]
	n, pitch := 48, 96
	rows := len(dst) / pitch
	for _, c := range []struct{ start, delta float32 }{{1024, 1025.0 / (1 << 24)}, {2047, -1025.0 / (1 << 24)}} {
		f := NewFiller(Float16, 2, f16(c.start), f16(c.delta), 0)
		for _, tb := range machineTables() {
			blk, lanes := f.lanesBlock(tb, &rowSet{rows, pitch, n, 1, 4 * uint64(n), 1})
			if blk == 0 || lanes != lanesBin {
				continue
			}
			onTable(f, tb)
			for i := range dst {
				dst[i] = 0x55
			}
			f.rowsLanes(dst, &rowSet{rows, pitch, n, 1, 4 * uint64(n), 1}, blk, lanesBin, stRegular)
			if why := rowsMismatch(f, dst, rows, pitch, n, 1, 4*uint64(n), 1, 0x55); why != "" {
				t.Fatalf("%s start %v delta %v: %s", tb.name, c.start, c.delta, why)
			}
		}
	}
}

// TestRowsF64Lanes: float32 rows one after another where fma-s lanes are
// not taken (past index 2^24) go as f64 lanes on every table where every
// exact sum lies below 2^53 units and not as lanes past it, and every
// element is Bits, at the edge: 339, +(1 + 2^-23) (units of
// 2^-23) at index 300*2^23 + 1, whose value 300*2^23 + 640 + 2^-23 (its sum
// past 2^53 units) is a float32 midpoint (an odd multiple of 128, between
// two of 256 the lower of which is even in last places) plus 2^-23, which
// float64 rounds to the midpoint (and VCVTPD2PS then down to even,
// wrongly), and 0, +(1 + 2^-23) at 127*2^23 + 1, below 2^53 (exact in
// float64); and 0.1, +0.3 past index 2^24. NHWC pixels of 3 and 5 channels and rows
// of consecutive indices (those of 5 as periods of 320 bytes where the
// table has them).
func TestRowsF64Lanes(t *testing.T) {
	mem := make([]byte, 1<<16+128)
	for _, c := range []struct {
		start, delta float32
		i            uint64 // (an index the rows hold)
		f64          bool   // f64 lanes (else none)
	}{
		{339, 1 + 0x1p-23, 300<<23 + 1, false},
		{0, 1 + 0x1p-23, 127<<23 + 1, true},
		{0.1, 0.3, 1<<24 + 5, true},
	} {
		f := NewFiller(Float32, 4, uint64(math.Float32bits(c.start)), uint64(math.Float32bits(c.delta)), 0)
		for _, n := range []int{3, 5} {
			for _, nhwc := range []bool{true, false} {
				a := int(64-uintptr(unsafe.Pointer(&mem[0]))%64) % 64
				rows := (len(mem) - 128) / (4 * n)
				dst := mem[a : a+rows*4*n]
				rowStep, step := uint64(n), uint64(1)
				if nhwc {
					rowStep, step = 1, uint64(rows)
				}
				i0 := c.i - 100
				for _, tb := range machineTables() {
					onTable(f, tb)
					blk, lanes := f.lanesBlock(tb, &rowSet{rows, 4 * n, n, i0, rowStep, step})
					want := 64
					if n == 5 && tb.periods640() { // (64 KB of rows: periods of 320 bytes)
						want = 5 * 64
					}
					if c.f64 && (blk != want || lanes != lanesF64) || !c.f64 && blk != 0 {
						t.Fatalf("%s start %v delta %v i0 %d n %d nhwc %v: block %d lanes %d, want f64 lanes: %v", tb.name, c.start, c.delta, i0, n, nhwc, blk, lanes, c.f64)
					}
					if blk == 0 {
						continue
					}
					for i := range mem {
						mem[i] = 0x3C
					}
					f.rowsLanes(dst, &rowSet{rows, 4 * n, n, i0, rowStep, step}, blk, lanes, stRegular)
					if why := rowsMismatch(f, dst, rows, 4*n, n, i0, rowStep, step, 0x3C); why != "" {
						t.Fatalf("%s start %v delta %v i0 %d n %d nhwc %v: %s", tb.name, c.start, c.delta, i0, n, nhwc, why)
					}
				}
			}
		}
	}
}

// TestRowsF64LanesEdges: f64 lanes (lanesF64) straight to the executor on
// every table, against Bits, where VCVTPD2PS's one rounding meets float32's
// edges: sums through zero among its subnormals (+0 where a sum is 0),
// values past its largest (infinities) and rounding ones, at indices from 0
// (start -0), in NHWC pixels of 3 and 5 channels, one after another and
// padded (3 channels in pixels of 4, 5 in pixels of 8: under masks), the
// bytes of the gaps and past the rows untouched.
func TestRowsF64LanesEdges(t *testing.T) {
	mem := make([]byte, 1<<16+128)
	for _, c := range []struct {
		start, delta float32
		i0           uint64
	}{
		{-1000 * 0x1p-140, 0x1p-140, 400}, // (zero at index 1000; 0x1p-140 is subnormal)
		{-0x1p-149, 0x1p-149, 0},          // (the least subnormal, zero at index 1)
		{3e38, 1e36, 0},                   // (infinities from index 41 on)
		{-3e38, -1e36, 5},
		{float32(math.Copysign(0, -1)), 0.3, 0},
		{0.1, 0.3, 1<<24 + 3},
	} {
		f := NewFiller(Float32, 4, uint64(math.Float32bits(c.start)), uint64(math.Float32bits(c.delta)), 0)
		for _, px := range [][2]int{{3, 3}, {5, 5}, {3, 4}, {5, 8}} {
			n, pitch := px[0], 4*px[1]
			a := int(64-uintptr(unsafe.Pointer(&mem[0]))%64) % 64
			rows := (len(mem) - 128) / pitch
			dst := mem[a : a+(rows-1)*pitch+4*n]
			for _, tb := range machineTables() {
				onTable(f, tb)
				for i := range mem {
					mem[i] = 0x3C
				}
				f.rowsLanes(dst, &rowSet{rows, pitch, n, c.i0, 1, uint64(rows)}, 64, lanesF64, stRegular)
				if why := rowsMismatch(f, dst, rows, pitch, n, c.i0, 1, uint64(rows), 0x3C); why != "" {
					t.Fatalf("%s start %v delta %v i0 %d n %d pitch %d: %s", tb.name, c.start, c.delta, c.i0, n, pitch, why)
				}
				for _, b := range mem[a+len(dst):] {
					if b != 0x3C {
						t.Fatalf("%s start %v delta %v n %d pitch %d: a byte past the rows written", tb.name, c.start, c.delta, n, pitch)
					}
				}
			}
		}
	}
}

// TestBinLanesPay: the planner takes binade lanes for NHWC FLOAT16 layouts
// where they measured faster than columns (or rows as runs, for pixels of
// 128 bytes or more), and columns where those did (the figures: the
// Thresholds of docs/performance-log.md, and binFormNs' comment for the
// costs binLanesPay weighs), in the blocks measured faster
// (bin128MaxSets' comment), on a table with the zip kernels (the Go
// twins'), as the AVX-512 table.
func TestBinLanesPay(t *testing.T) {
	for _, c := range []struct {
		start, delta float32
		ch, hw, blk  int
		lanes        bool
	}{
		{0.1, 3e-4, 3, 400, 192, true},
		{0.1, 3e-4, 3, 836, 192, true},
		{100, -0.001, 6, 256, 192, true},
		{0.1, 3e-4, 3, 104, 192, false},
		{-1000, 0.07, 4, 256, 128, false},
		{0.1, 3e-4, 5, 644, 128, true},   // (sets of blocks: 5)
		{0.1, 3e-4, 64, 180, 128, true},  // (1, rows of 128 bytes)
		{0.1, 3e-4, 512, 64, 128, true},  // (8)
		{0.1, 3e-4, 13, 400, 128, true},  // (13, 1664 bytes apart)
		{0.1, 3e-4, 17, 348, 192, true},  // (17)
		{0.1, 3e-4, 100, 144, 192, true}, // (25)
		{0.1, 3e-4, 1024, 44, 192, true}, // (32)
	} {
		f := NewFiller(Float16, 2, f16(c.start), f16(c.delta), uint64(c.ch*c.hw*c.hw))
		px := c.hw * c.hw
		blk, lanes := f.lanesBlock(goTable, &rowSet{px, 2 * c.ch, c.ch, 0, 1, uint64(px)})
		if blk != c.blk || lanes != lanesBin {
			t.Fatalf("%+v: block %d lanes %d, want binade lanes in blocks of %d", c, blk, lanes, c.blk)
		}
		if got := f.binLanesPay(goTable, &rowSet{px, 2 * c.ch, c.ch, 0, 1, uint64(px)}); got != c.lanes {
			t.Errorf("%+v: binade lanes pay: %v, want %v", c, got, c.lanes)
		}
	}
}

// TestRowsLanesPeriods: rows that repeat every five blocks of the lanes'
// kernels (integers of 5 or 10 elements a row, float32 of fma-s lanes:
// blocks of 128 bytes; float32 of f64 lanes, past index 2^24, 5 or 10 a
// row: blocks of 64) go as periods of five blocks (640 or 320 bytes:
// putPeriods) where they span periods640Min bytes or more (f64 lanes:
// periods320Min), as it stands, on the tables that have them
// (periods640), and in five sets of blocks just below it; every element
// is Bits, at any offset, the bytes after them untouched.
func TestRowsLanesPeriods(t *testing.T) {
	mem := make([]byte, periods640Min+1<<15+256)
	for _, tb := range machineTables() {
		r := tableRand(1013, tb)
		for c := range 16 {
			size := []int{1, 2, 4, 8}[c%4]
			n := 5 << r.IntN(2)
			if n*size > 80 {
				n = 5
			}
			rc := rowsLayout{n: n, pitch: n * size, rowStep: 1}
			rc.i0 = r.Uint64N(1 << 10)
			rc.f = NewFiller(Int, size, randomBits(r, Int, size), randomBits(r, Int, size), 0)
			least, spread, want := periods640Min, 400, 5*128
			if size == 4 { // FLOAT32 0.1, +0.3: fma-s lanes, or f64 lanes past index 2^24
				rc.f = NewFiller(Float32, 4, 0x3DCCCCCD, 0x3E99999A, 0)
				if c%8 == 6 {
					rc.i0 = 1<<24 + r.Uint64N(1<<10)
					least, spread, want = periods320Min, 100, 5*64
				}
			}
			span := least + n*size*r.IntN(spread)
			below := c%3 == 2
			if below {
				span = least - n*size*(1+r.IntN(spread))
			}
			rc.rows = span / rc.pitch
			rc.step = uint64(rc.rows)
			onTable(rc.f, tb)
			off := r.IntN(64) &^ (size - 1)
			rc.dst = mem[off : off+rc.rows*rc.pitch]
			blk, _ := rc.f.lanesBlock(tb, rc.set())
			if (blk == want) != (tb.periods640() && !below) {
				t.Fatalf("%s case %d: size %d, %d rows of %d from index %d: blocks of %d bytes", tb.name, c, size, rc.rows, n, rc.i0, blk)
			}
			if why := fillRowsMismatch(tb, rc, byte(r.Uint32())); why != "" {
				t.Fatalf("%s case %d: size %d, %d rows of %d, i0 %d, offset %d: %s", tb.name, c, size, rc.rows, n, rc.i0, off, why)
			}
		}
	}
}
