package kernel

import (
	"fmt"
	"math"
	"math/bits"
	"testing"
	"unsafe"
)

// binHostileSeqs are float16 sequences aimed at binade lanes' rounding:
// ties in every lane every few blocks (2048, +0.125: the kernel's loop
// with ties) or every few thousand (0.1, +3e-4: rounded up, then mended),
// steps that are powers of two (every element exact, or a tie every other
// one), falling ones, sums through zero and the subnormals, sums that
// reach 65504 and the infinities of either sign, and -0 at index 0.
var binHostileSeqs = []struct {
	start, delta float32
	i0           uint64 // (the first pixel's index: a sequence's far end)
}{
	{2048, 0.125, 0},
	{0.1, 3e-4, 0},
	{1, 0x1p-10, 0},
	{1024, 0.5, 0},
	{1024, 1.5, 0},
	{-2, 1e-4, 0},
	{-0.001, 0x1p-24, 0},
	{-0x1p-16, 0x1p-24 * 3, 0},
	{60000, 0.25, 0},
	{-60000, -0.5, 0},
	{65504, -3, 0},
	{65504, 8, 0},
	{-65504, -8, 0},
	{0x1p-14, -0x1p-24 * 5, 0},
	{64000, 0.0625, 20000},
	{1000, -0.001, 0},
	{float32(math.Copysign(0, -1)), 0.0625, 0},
	{3, -0x1p-10, 0},
	{-100, 0x1p-7, 0},
	{0.1, 3e-4, 150000},
}

// binHostilePixels are pixels of 1 to 96 channels (channels, slots), one
// after another and with spare slots, and pixels of many spare slots
// (sets of blocks that hold no element).
var binHostilePixels = [][2]int{
	{1, 2}, {1, 3}, {1, 8}, {2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}, {5, 8}, {6, 6}, {7, 8}, {8, 8}, {8, 12},
	{12, 12}, {16, 16}, {24, 24}, {31, 32}, {32, 32}, {32, 40}, {48, 48}, {63, 64}, {64, 64},
	{64, 72}, {72, 72}, {95, 96}, {96, 96}, {3, 160}, {1, 256},
}

// TestBinLanesHostile: NHWC float16 pixels (binHostilePixels) of the
// sequences binHostileSeqs (and at times rows of consecutive indices in
// the same slots), 24 to 88 KiB, as binade lanes (rowsBinLanes),
// taken whatever binLanesPay says, on every table, with regular and
// streaming stores, at addresses of every even offset from a 64-byte
// line (the first and last blocks of a set through the buffer), between
// guards: every element as Bits says, every byte of the gaps, before dst
// and past the rows as it was.
func TestBinLanesHostile(t *testing.T) {
	mem := make([]byte, 96<<10+512)
	for _, tb := range machineTables() {
		r := tableRand(1031, tb)
		taken := 0
		for s, sq := range binHostileSeqs {
			for k, px := range binHostilePixels {
				if testing.Short() && (s+k)%3 != 0 {
					continue
				}
				n, pitch := px[0], 2*px[1]
				rows := (24<<10 + r.IntN(64<<10)) / pitch
				hw := uint64(rows + r.IntN(3)*r.IntN(1000)) // (a window of a larger tensor, at times)
				rs := rowSet{rows, pitch, n, sq.i0 + uint64(r.IntN(2)*r.IntN(5000)), 1, hw}
				if r.IntN(3) == 0 { // (rows of consecutive indices, a row's slots apart)
					rs.rowStep, rs.step = uint64(px[1]), 1
				}
				f := onTable(NewFiller(Float16, 2, f16(sq.start), f16(sq.delta), 0), tb)
				blk, lanes := f.lanesBlock(tb, &rs)
				if blk == 0 || lanes != lanesBin {
					continue
				}
				taken++
				name := fmt.Sprintf("%s start %v delta %v pixels of %d in %d, %d of them from index %d, channel step %d",
					tb.name, sq.start, sq.delta, n, px[1], rows, rs.i0, hw)
				binHostileFill(t, name, f, mem, &rs, blk, 2*r.IntN(32), []store{stRegular, stStream}[(s+k)%2])
			}
		}
		if least := 40 / (1 + 2*btoi(testing.Short())); taken < least {
			t.Errorf("%s: %d layouts went as binade lanes, want %d or more", tb.name, taken, least)
		}
	}
}

// binHostileFill writes the rows rs as binade lanes in blocks of blk at
// off bytes past a 64-byte aligned address of mem (pre-filled, guards
// around), with stores st, and fails the test where an element differs
// from Bits or a byte no element holds was written.
func binHostileFill(t *testing.T, name string, f *Filler, mem []byte, rs *rowSet, blk, off int, st store) {
	t.Helper()
	const pad = 0xA7
	at := int(64-uintptr(unsafe.Pointer(&mem[0]))%64)%64 + 64 + off
	span := (rs.rows-1)*rs.pitch + 2*rs.n
	for i := range mem {
		mem[i] = pad
	}
	dst := mem[at : at+span+64]
	f.rowsLanes(dst, rs, blk, lanesBin, st)
	if why := rowsMismatch(f, dst[:span], rs.rows, rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step, pad); why != "" {
		t.Fatalf("%s, offset %d, store %d: %s", name, off, st, why)
	}
	for i, b := range mem {
		if (i < at || i >= at+span) && b != pad {
			t.Fatalf("%s, offset %d, store %d: byte %d outside the rows (they are bytes %d to %d) written", name, off, st, i, at, at+span-1)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestF64PeriodsHostile: float32 pixels of 5, 10, 20 and 40 channels
// (rows of 20 to 160 bytes, which repeat every five 64-byte blocks),
// their indices across 2^24 (fma-s lanes take none of them: f64 lanes)
// and their sums from far below 2^53 units to just below it, 16 to 80
// KiB, NHWC and rows of consecutive indices, as the planner takes them
// (periods of 320 bytes from periods320Min on, on the tables that have
// them), at every offset from a 64-byte line that the element allows,
// with regular and streaming stores: every element as Bits says, no byte
// outside the rows written.
func TestF64PeriodsHostile(t *testing.T) {
	mem := make([]byte, 96<<10+512)
	for _, c := range []struct {
		start, delta float32
		i            uint64 // (an index the rows hold)
		end          bool   // (i the rows' last index)
	}{
		{0.1, 0.3, 1 << 24, false},
		{-7.7, 0.013, 1 << 24, false},
		{1e6, -0.3, 1<<24 + 7, false},
		{0, 1 + 0x1p-23, 127 << 23, false},
		{0, 1 + 0x1p-23, 1<<30 - 1<<8 - 40, true}, // (the last rows' sums just below 2^53 units: 2^53 from index 2^30 - 2^7)
		{float32(math.Copysign(0, -1)), 0.3, 1 << 24, false},
	} {
		f := NewFiller(Float32, 4, uint64(math.Float32bits(c.start)), uint64(math.Float32bits(c.delta)), 0)
		for _, tb := range machineTables() {
			r := tableRand(1033+c.i, tb)
			onTable(f, tb)
			periods := 0
			for k, n := range []int{5, 10, 20, 40, 5, 10, 20, 40} {
				rows := (16<<10 + r.IntN(64<<10)) / (4 * n)
				rs := rowSet{rows, 4 * n, n, 0, uint64(n), 1}
				if k < 4 { // NHWC: rowStep 1, a channel rows (or more) apart
					rs.rowStep, rs.step = 1, uint64(rows+r.IntN(100))
				}
				last := uint64(rows-1)*rs.rowStep + uint64(n-1)*rs.step
				rs.i0 = c.i - min(c.i, uint64(r.IntN(int(last)+1)))
				if c.end {
					rs.i0 = c.i - last
				}
				blk, lanes := f.lanesBlock(tb, &rs)
				if blk == 0 || lanes != lanesF64 {
					continue
				}
				if blk == 5*64 {
					periods++
				}
				name := fmt.Sprintf("%s start %v delta %v, %d rows of %d from index %d, steps %d and %d, blocks of %d",
					tb.name, c.start, c.delta, rows, n, rs.i0, rs.rowStep, rs.step, blk)
				f64HostileFill(t, name, f, mem, &rs, blk, 4*r.IntN(16), []store{stRegular, stStream}[k%2])
			}
			if tb.periods640() && periods < 4 {
				t.Errorf("%s start %v delta %v: %d layouts as periods of 320 bytes, want 4 or more", tb.name, c.start, c.delta, periods)
			}
		}
	}
}

// f64HostileFill writes the float32 rows rs as f64 lanes in blocks of
// blk at off bytes past a 64-byte aligned address of mem (pre-filled,
// guards around) and fails the test where an element differs from Bits
// or a byte outside the rows was written.
func f64HostileFill(t *testing.T, name string, f *Filler, mem []byte, rs *rowSet, blk, off int, st store) {
	t.Helper()
	const pad = 0x3C
	at := int(64-uintptr(unsafe.Pointer(&mem[0]))%64)%64 + 64 + off
	span := rs.rows * rs.pitch
	for i := range mem {
		mem[i] = pad
	}
	dst := mem[at : at+span]
	f.rowsLanes(dst, rs, blk, lanesF64, st)
	if why := rowsMismatch(f, dst, rs.rows, rs.pitch, rs.n, rs.i0, rs.rowStep, rs.step, pad); why != "" {
		t.Fatalf("%s, offset %d, store %d: %s", name, off, st, why)
	}
	for i, b := range mem {
		if (i < at || i >= at+span) && b != pad {
			t.Fatalf("%s, offset %d, store %d: byte %d outside the rows (bytes %d to %d) written", name, off, st, i, at, at+span-1)
		}
	}
}

// TestBinadeOfLanesShifts: binadeOfLanes.set over every float16 unit (the
// deltas' least bits, 2^-24 to 2^15, from 0) and magnitudes from 1 unit to just below
// 2^59 (int64Lanes' bound) of either sign, stepping by block steps from 1
// to just below binLanesStep: the binade's last place is float16's (its
// place of the value's leading bit less 10, 2^-24 at the least; an
// infinity from 2^16 on), scaled to 2 units or more by up (11 at the
// most) and shifted away by sh (29 at the most), the shifts that set
// masks to 63; the step, half, ties' period and the inverse of the
// step's odd part as scaled.
func TestBinadeOfLanesShifts(t *testing.T) {
	units := map[int]bool{}
	for d := uint64(1); d < 0x7c00; d++ {
		f := NewFiller(Float16, 2, 0, d, 0)
		if units[f.unit] {
			continue
		}
		units[f.unit] = true
		for _, dk := range []int64{1, -1, 3 << 5, -(3 << 5), 1 << 23, -(1<<24 - 1)} {
			w := binLaneRows{f: f, dk: dk, gk: bits.TrailingZeros64(uint64(dk))}
			w.inv = oddInverse(uint64(dk >> w.gk))
			for m := range 59 {
				for _, k := range []int64{1 << m, 1<<(m+1) - 1, -(1 << m), -(1<<(m+1) - 1)} {
					binadeShiftsCheck(t, &w, k)
				}
			}
		}
	}
	if len(units) != 40 || !units[-24] || !units[15] {
		t.Errorf("units %v of float16 deltas, want 2^-24 to 2^15", units)
	}
}

// binadeShiftsCheck holds binadeOfLanes.set for the exact sum k to the
// float16 value k * 2^unit and the set's block step dk.
func binadeShiftsCheck(t *testing.T, w *binLaneRows, k int64) {
	t.Helper()
	mag, dm := k, w.dk
	if k < 0 {
		mag, dm = -k, -w.dk
	}
	var b binadeOfLanes
	b.set(w, k, dm)
	lead := bits.Len64(uint64(mag)) - 1 + w.f.unit // (the value's leading bit: 2^lead)
	place := max(lead-10, -24)                     // float16's last place there
	name := fmt.Sprintf("unit %d, sum %d, step %d", w.f.unit, k, dm)
	inf := lead >= 16
	switch {
	case b.inf != inf:
		t.Fatalf("%s: infinity %v, want %v", name, b.inf, inf)
	case inf && (b.up != 0 || b.sh != 1 || b.d != 0):
		t.Fatalf("%s: an infinity's up %d, sh %d, step %d, want 0, 1, 0", name, b.up, b.sh, b.d)
	case !inf && (int(b.sh)-int(b.up)+w.f.unit != place || b.sh < 1 || b.up > 11 || b.sh > 29 || b.up > 0 && b.sh != 1):
		t.Fatalf("%s: up %d, sh %d: last place 2^%d, want 2^%d (up 11 at most, sh 1 to 29)", name, b.up, b.sh, int(b.sh)-int(b.up)+w.f.unit, place)
	case !inf && b.d != dm*(int64(1)<<b.up):
		t.Fatalf("%s: step %d, want %d", name, b.d, dm<<b.up)
	case b.half != 1<<(b.sh-1):
		t.Fatalf("%s: half %d, sh %d", name, b.half, b.sh)
	}
	if inf {
		return
	}
	g := uint(bits.TrailingZeros64(uint64(b.d)))
	period := int64(1)
	if g < b.sh {
		period = 1 << (b.sh - g)
	}
	if b.g != g || b.period != period || uint64(b.d>>g)*b.inv != 1 {
		t.Fatalf("%s: the step's trailing zeros %d, want %d; ties' period %d, want %d; inverse %#x of the step's odd part %d",
			name, b.g, g, b.period, period, b.inv, b.d>>g)
	}
}
