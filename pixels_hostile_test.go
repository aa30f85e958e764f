package dml_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/exact"
	wk "github.com/dmlgo/dml/internal/workers"
)

// TestPixelsFloat16Hostile: NHWC FLOAT16 pixels of 1 to 96 channels, one
// after another and with spare slots, 24 to 96 KiB (the sizes at which the
// planner takes binade lanes for many of them), of sequences aimed at
// their rounding: ties dense (2048, +0.125) and sparse (0.1, +3e-4), steps
// that are powers of two, falling sums, sums through zero and the
// subnormals, sums that reach 65504 and the infinities, -0 at index 0; on
// every table, through Execute with 1 and 3 workers on a pre-filled
// buffer at an even offset from a 64-byte line, and through ExecuteWindow
// over windows cut at random (inside rows and blocks) at every even
// offset from a line: every byte as internal/exact says. Under -short, one
// case in four.
func TestPixelsFloat16Hostile(t *testing.T) {
	seqs := [][2]string{
		{"2048", "0.125"}, {"0.1", "3e-4"}, {"1", "0.0009765625"}, {"1024", "0.5"}, {"1024", "1.5"},
		{"-2", "1e-4"}, {"-0.001", "5.9604645e-08"}, {"60000", "0.25"}, {"-60000", "-0.5"}, {"65504", "-3"}, {"-65504", "-8"}, {"6.1035156e-05", "-2.9802322e-07"},
		{"1000", "-0.001"}, {"-0", "0.0625"}, {"3", "-0.0009765625"}, {"-100", "0.0078125"},
	}
	pixels := [][2]int{
		{1, 2}, {1, 3}, {1, 8}, {2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}, {5, 8}, {6, 6}, {7, 8}, {8, 8}, {8, 12},
		{12, 12}, {16, 16}, {24, 24}, {31, 32}, {32, 32}, {32, 40}, {48, 48}, {63, 64}, {64, 64},
		{64, 72}, {72, 72}, {95, 96}, {96, 96},
	}
	names := tables(t)
	r := newRand(73)
	for k, px := range pixels {
		for s, sq := range seqs {
			if testing.Short() && (k+s)%4 != 0 {
				continue
			}
			ch, slots := px[0], px[1]
			hw := (24<<10 + r.IntN(72<<10)) / (2 * slots)
			w := 64
			h := max(1, hw/w)
			// (3 workers forced; 1 by the operator's cap. The windows: the
			// operator's own count, 0.)
			pixelsF16(t, ch, slots, h, w, sq[0], sq[1]).check(t, r, names, []int{1, 3}, 0, windowsCut)
		}
	}
}

// windowsCut fills the buffer want describes through ExecuteWindow over
// windows cut at random (whole elements, 1 to a third of the buffer long),
// each at an even offset from a 64-byte line of mem, pre-filled, with
// guards of 64 bytes around it, and fails the test where a byte of a
// window differs from want or a guard was written.
func windowsCut(t *testing.T, name string, op dml.Operator, mem, want []byte, r *rand.Rand) {
	t.Helper()
	line := int(64-uintptr(unsafe.Pointer(&mem[0]))%64) % 64
	for off := 0; off < len(want); {
		n := min(len(want)-off, 2*(1+r.IntN(len(want)/6+1)))
		at := line + windowGuard + 2*r.IntN(32) // (mem: the buffer and 256 bytes more)
		checkWindow(t, name, op, mem, want, off, n, at)
		off += n
	}
}

// TestPixelsFloat32Past2p24Windows: FLOAT32 pixels of 5, 10, 20 and 40
// channels (sizes [1, C, H, W], channels innermost) of 2^22 + 12345
// pixels, through ExecuteWindow over windows of 16 to 80 KiB at every
// offset from a 64-byte line that the element allows, around the pixel
// where channel 3's indices pass 2^24 (f64 lanes, in periods of 320
// bytes where the rows of a window span 16 KiB or more), and where
// channel 3's sums pass 2^53 units (0, +(1 + 2^-23): from index 2^30 -
// 2^7 + 1 on), of a tensor of 2^28 pixels: every byte of the window as
// internal/exact says, the bytes around it untouched.
func TestPixelsFloat32Past2p24Windows(t *testing.T) {
	f32 := dml.TensorDataTypeFloat32
	names := tables(t)
	r := newRand(79)
	mem := make([]byte, 80<<10+256)
	for _, c := range []struct {
		start, delta string
		hw, at       uint64 // pixels, and the index the windows hold
	}{
		{"0.1", "0.3", 1<<22 + 12345, 1 << 24},
		{"-0", "0.013", 1<<22 + 12345, 1 << 24},
		{"1e6", "-0.3", 1<<22 + 12345, 1<<24 + 1},
		{"0", "1.00000012", 1 << 28, 1<<30 - 1<<7},
	} {
		start, err := dml.ParseScalar(f32, c.start)
		delta, err2 := dml.ParseScalar(f32, c.delta)
		if err != nil || err2 != nil {
			t.Fatal(err, err2)
		}
		for k, ch := range []uint64{5, 10, 20, 40} {
			w := uint64(1024)
			h := c.hw / w
			sizes := []uint32{1, u32(ch), u32(h), u32(w)}
			strides := []uint32{u32(ch * h * w), 1, u32(w * ch), u32(ch)}
			total := dml.CalcBufferTensorSize(f32, sizes, strides)
			hw := h * w
			ci := c.at / hw // the channel whose indices pass c.at
			if ci >= ch || ch*hw > math.MaxUint32 {
				continue // (a tensor holds 2^32 - 1 elements at most)
			}
			table := names[k%len(names)]
			op := newFillOp(t, "float32 pixels", f32, sizes, strides, total, start.Bits(), delta.Bits(), 0, table)
			q := exact.NewSeq(f32, start.Bits(), delta.Bits())
			for range 4 {
				n := 16<<10 + 4*r.IntN(16<<10)
				pix := c.at - ci*hw // the pixel where the channel passes c.at
				off := (pix*ch - min(pix*ch, uint64(r.IntN(n/4)))) * 4
				off = min(off, total-uint64(n)) // (the window inside the tensor)
				at := int(64-uintptr(unsafe.Pointer(&mem[0]))%64)%64 + 64 + 4*r.IntN(16)
				fillBytes(mem, 0x5C)
				win := mem[at : at+n : at+n]
				name := fmt.Sprintf("%s/%s,+%s/pixels of %d, window [%d, %d) at offset %d", table, c.start, c.delta, ch, off, off+uint64(n), at%64)
				if err := op.ExecuteWindow(win, off); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				for i := range mem {
					if (i < at || i >= at+n) && mem[i] != 0x5C {
						t.Fatalf("%s: byte %d outside the window written", name, i-at)
					}
				}
				for e := range uint64(n / 4) {
					o := off/4 + e
					i := o%ch*hw + o/ch
					if got, want := uint64(binary.LittleEndian.Uint32(win[4*e:])), q.Element(i); got != want {
						t.Fatalf("%s: element %d (pixel %d, channel %d) = %#x, want %#x", name, i, o/ch, o%ch, got, want)
					}
				}
			}
		}
	}
}

// TestPixelsFloat16AroundMiB: NHWC FLOAT16 pixels that the planner writes
// as binade lanes over 1 MiB, 2 MiB and just less, dense and padded (the
// padded ones through the masked kernels that fetch ahead, bin192xMA and
// bin128xMA, their fetches running past the rows' end), of ties dense
// (2048, +0.125), sparse (0.1, +3e-4; 0.3, +3*2^-24: a lane in 32 meets
// one every 128 blocks, mended, half of them to the value below) and sums
// through zero and the subnormals;
// on every table, through Execute with 1 and 2 workers (each worker's
// rows past 1 MiB where the tensor spans 2) on a pre-filled buffer at an
// even offset from a 64-byte line, its capacity cut at its end, and
// through ExecuteWindow over a window of 1 MiB and more cut at random:
// every byte as internal/exact says, the bytes around the buffer
// untouched. Under the race detector, every other case.
func TestPixelsFloat16AroundMiB(t *testing.T) {
	r := newRand(79)
	names := tables(t)
	for k, c := range []struct {
		ch, slots int
		mib       float64 // the rows' span, in MiB
		start     string
		delta     string
	}{
		{3, 3, 1.02, "0.1", "3e-4"},
		{5, 5, 2.1, "-2", "1e-4"},     // (two workers each past 1 MiB)
		{64, 64, 0.99, "-2", "1e-4"},  // (just below 1 MiB)
		{64, 64, 1.05, "0.1", "3e-4"}, // (blocks of 128)
		{3, 4, 1.01, "2048", "0.125"}, // (padded: masked stores)
		{3, 4, 1.02, "0.2998046875", "1.78813934326171875e-07"},
		{7, 8, 1.1, "-0.1", "-3e-4"},
		{3, 3, 1.02, "0.3", "1.78813934326171875e-07"}, // (0.300048828125: a tie rounded up odd every 256 blocks)
	} {
		if raceOn && k%2 == 0 {
			continue // (under the race detector: every other case)
		}
		pixels := int(c.mib*(1<<20)) / (2 * c.slots)
		w := 64
		h := pixels / w
		pixelsF16(t, c.ch, c.slots, h, w, c.start, c.delta).check(t, r, names, []int{1, 2}, 1, windowMiB)
	}
}

// windowMiB fills through ExecuteWindow a window of want's buffer cut
// at random, 1 MiB long or longer where the buffer is (the rest of it,
// else), at an even offset from a 64-byte line of mem, pre-filled, with
// guards of 64 bytes around it, and fails the test where a byte of the
// window differs from want or a guard was written.
func windowMiB(t *testing.T, name string, op dml.Operator, mem, want []byte, r *rand.Rand) {
	t.Helper()
	off := 2 * r.IntN(max(1, (len(want)-1<<20)/2))
	n := len(want) - off
	if n > 1<<20 {
		n = 1<<20 + 2*r.IntN((n-1<<20)/2+1)
	}
	at := int(64-uintptr(unsafe.Pointer(&mem[0]))%64)%64 + windowGuard + 2*r.IntN(32)
	checkWindow(t, name, op, mem, want, off, n, at)
}

// windowGuard is the bytes either side of a window that checkWindow holds
// untouched.
const windowGuard = 64

// checkWindow fills bytes [off, off+n) of the buffer want describes
// through op's ExecuteWindow at byte at of mem (at least 64 bytes from
// either end), the window pre-filled with fillPattern and the rest of mem
// with 0x5C, and fails the test where a byte of the window differs from
// want or one of the 64 bytes either side of it was written.
func checkWindow(t *testing.T, name string, op dml.Operator, mem, want []byte, off, n, at int) {
	t.Helper()
	fillBytes(mem, 0x5C)
	win := mem[at : at+n : at+n]
	fillBytes(win, fillPattern)
	if err := op.ExecuteWindow(win, uint64(off)); err != nil {
		t.Fatalf("%s: window [%d, %d): %v", name, off, off+n, err)
	}
	for i := at - windowGuard; i < at+n+windowGuard; i++ {
		if (i < at || i >= at+n) && mem[i] != 0x5C {
			t.Fatalf("%s: window [%d, %d) at offset %d wrote a guard byte", name, off, off+n, at%64)
		}
	}
	if i := firstDiff(win, want[off:off+n]); i >= 0 {
		t.Fatalf("%s: window [%d, %d) at offset %d: byte %d = %#x, want %#x", name, off, off+n, at%64, off+i, win[i], want[off+i])
	}
}

// f16Pixels is a FLOAT16 tensor of channels innermost (sizes [1, C, H,
// W]) in pixels of a number of elements, and its sequence: the name it is
// checked under (its start and delta as text, its channels and pixel),
// its sizes and strides, start and delta, its buffer's bytes and the
// buffer internal/exact says it holds.
type f16Pixels struct {
	name           string
	sizes, strides []uint32
	start, delta   uint64
	total          uint64
	want           []byte
}

// pixelsF16 is the f16Pixels of ch channels in pixels of slots elements,
// h by w pixels, of the sequence start, delta given as text.
func pixelsF16(t *testing.T, ch, slots, h, w int, start, delta string) f16Pixels {
	t.Helper()
	f16 := dml.TensorDataTypeFloat16
	p := f16Pixels{
		sizes:   []uint32{1, u32(uint64(ch)), u32(uint64(h)), u32(uint64(w))},
		strides: []uint32{u32(uint64(slots * h * w)), 1, u32(uint64(w * slots)), u32(uint64(slots))},
	}
	p.name = fmt.Sprintf("%s,+%s/pixels of %d in %d/sizes=%v", start, delta, ch, slots, p.sizes)
	s, err := dml.ParseScalar(f16, start)
	d, err2 := dml.ParseScalar(f16, delta)
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	p.start, p.delta = s.Bits(), d.Bits()
	p.total = dml.CalcBufferTensorSize(f16, p.sizes, p.strides)
	p.want = wantBuffer(f16, p.sizes, p.strides, p.total, p.start, p.delta)
	return p
}

// check fills p on each of the tables names: through Execute with each
// count of workers (executeAtOffset), then through window with an
// operator of windowWorkers; mem is the buffer and 256 bytes more.
func (p f16Pixels) check(t *testing.T, r *rand.Rand, names []string, workers []int, windowWorkers int,
	window func(t *testing.T, name string, op dml.Operator, mem, want []byte, r *rand.Rand)) {
	t.Helper()
	f16 := dml.TensorDataTypeFloat16
	mem := make([]byte, p.total+256)
	for _, table := range names {
		name := table + "/" + p.name
		for _, n := range workers {
			executeAtOffset(t, name, n, mem, p.want, r, f16, p.sizes, p.strides, func() dml.Operator {
				return newFillOp(t, name, f16, p.sizes, p.strides, p.total, p.start, p.delta, n, table)
			})
		}
		op := newFillOp(t, name, f16, p.sizes, p.strides, p.total, p.start, p.delta, windowWorkers, table)
		window(t, name, op, mem, p.want, r)
	}
}

// executeAtOffset makes an operator (mk) with the worker pool pinned
// eager and fills the buffer want describes through its Execute at an
// even offset from a 64-byte line of mem, the buffer's capacity cut at
// its end, pre-filled with fillPattern and the rest of mem with 0x5C; it
// fails the test where a byte differs from want or a byte of mem outside
// the buffer was written.
func executeAtOffset(t *testing.T, name string, workers int, mem, want []byte, r *rand.Rand, dt dml.TensorDataType, sizes, strides []uint32, mk func() dml.Operator) {
	t.Helper()
	restore := wk.Pin(eager)
	op := mk()
	off := int(64-uintptr(unsafe.Pointer(&mem[0]))%64)%64 + 2*r.IntN(32)
	got := mem[off : off+len(want) : off+len(want)]
	fillBytes(mem, 0x5C)
	fillBytes(got, fillPattern)
	err := op.Execute(got)
	restore()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if at := firstDiff(got, want); at >= 0 {
		t.Fatalf("%s: %d workers, offset %d: %s", name, workers, off%64, describeDiff(got, want, at, dt, sizes, strides))
	}
	for i, b := range mem {
		if (i < off || i >= off+len(want)) && b != 0x5C {
			t.Fatalf("%s: %d workers, offset %d: byte %d of the buffer's %d written", name, workers, off%64, i-off, len(want))
		}
	}
}
