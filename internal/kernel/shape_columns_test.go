package kernel

import (
	"testing"
)

// TestFillColumns: rows shorter than the row kernels' least (addBlock
// bytes), most of which fillColumns writes as columns through a buffer
// (the others go a row at a time), give Bits for every element and leave
// the gaps, on every table: every kind, random
// sequences (stand-in tails among them), rows packed or padded, at any
// byte offset and pitch, index steps along the row small or as an NHWC
// layout's channel (the plane's size), many rows (several chunks of the
// buffer).
func TestFillColumns(t *testing.T) {
	mem := make([]byte, 1<<18+256)
	for _, tb := range machineTables() {
		r := tableRand(1008, tb) // (this table's cases, whatever other tables the host has)
		// 400 cases, and more until the quotas below are met (every kind
		// of case seen, whatever the draws): a planner that stops taking
		// one fails them at 4000.
		columns, zipped := 0, 0
		short := func() bool { return columns < 100 || tb.zips() && zipped < 15 }
		c := 0
		for ; c < 400 || short() && c < 4000; c++ {
			k := allKinds[r.IntN(len(allKinds))]
			rc := rowsLayout{n: 1 + r.IntN((addBlock-1)/k.size), step: 1}
			if c%3 == 0 {
				rc.n = 2 + r.IntN(zipMax-1) // rows the zip kernels take
			}
			rowBytes := rc.n * k.size
			rc.pitch = rowBytes + k.size*r.IntN(3)
			if r.IntN(4) == 0 {
				rc.pitch = rowBytes + r.IntN(8) // not a multiple of the element
			}
			rc.rows = 2 + r.IntN(min(5000, (len(mem)-256)/max(rc.pitch, 1)-1))
			rc.rowStep = uint64(1 + r.IntN(3))
			switch r.IntN(3) {
			case 0:
				rc.step = uint64(rc.rows) * rc.rowStep // NHWC: a channel a plane apart
			case 1:
				rc.step, rc.rowStep = 1, uint64(rc.n) // consecutive
			default:
				rc.step = 1 + r.Uint64N(1000)
			}
			if r.IntN(3) > 0 {
				rc.i0 = r.Uint64N(1 << 26)
			}
			count := rc.i0 + uint64(rc.rows)*rc.rowStep + uint64(rc.n)*rc.step
			if r.IntN(5) == 0 {
				count = 0
			}
			rc.f = onTable(NewFiller(k.kind, k.size, randomBits(r, k.kind, k.size), randomBits(r, k.kind, k.size), count), tb)
			off := r.IntN(64)
			rc.dst = mem[off : off+(rc.rows-1)*rc.pitch+rowBytes]
			if rc.f.columns(rc.rows, rc.n) && !rc.lanes(tb) {
				columns++
				if tb.zips() && rc.pitch == rowBytes && rc.n >= 2 && rc.n <= zipMax && rc.rows >= 32 && !rc.lanes(tb) {
					zipped++
				}
			}
			if why := fillRowsMismatch(tb, rc, byte(r.Uint32())); why != "" {
				t.Fatalf("%s case %d: kind %d size %d start %#x delta %#x i0 %d rows %d pitch %d n %d rowStep %d step %d off %d: %s",
					tb.name, c, rc.f.kind, k.size, rc.f.start, rc.f.delta, rc.i0, rc.rows, rc.pitch, rc.n, rc.rowStep, rc.step, off, why)
			}
		}
		if columns < 100 { // (padded rows go as masked lanes where the table has them)
			t.Errorf("%s: only %d of %d layouts went as columns", tb.name, columns, c)
		}
		if tb.zips() && zipped < 15 {
			t.Errorf("%s: only %d of %d layouts went through the zip kernels", tb.name, zipped, c)
		}
	}
}
