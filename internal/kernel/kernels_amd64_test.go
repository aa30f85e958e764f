//go:build amd64 && !purego

package kernel

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// The kernel tests call every assembly routine directly, next to its Go
// twin of the same signature, on the same random inputs within the
// routine's contract (kernels.go; for the float kernels, values exact
// in their lanes, as the planner guarantees), and compare every byte,
// the bytes around the output included: as math/big's arith_test.go holds
// addVV to addVV_g. The AVX-512 routines run where the CPU has AVX-512. (That the
// table's methods call the right routine, the fill tests show: they run
// whole fills on every table against Bits.)

// pair is an assembly routine and its twin, nt for streaming stores. The
// lists of each kernel signature's pairs are asmgen's (pairs_amd64_test.go:
// addPairs for addKernel, ...).
type pair[K any] struct {
	name       string
	asm, twin  K
	nt, avx512 bool
}

func needAVX2(t *testing.T) {
	if !CPU.AVX2 || !CPU.F16C {
		t.Skip("no AVX2 and F16C on this CPU")
	}
}

func skip[K any](p pair[K]) bool { return p.avx512 && !CPU.AVX512 }

// laneOf returns the lane (laneB ... laneS) a routine's name gives by its
// letter at i: addStoreB, rowsAddW, addMaskxS, add192D.
func laneOf(name string, i int) int { return strings.IndexByte("BWDQS", name[i]) }

// kernelMem is a buffer with an unaligned window of n bytes at a random
// offset, the rest a pattern; same returns the same layout for the twin.
type kernelMem struct {
	buf  []byte
	off  int
	n    int
	fill byte
}

func newKernelMem(r *rand.Rand, n int, aligned bool) *kernelMem {
	m := &kernelMem{buf: make([]byte, n+256), n: n, fill: byte(r.Uint32())}
	base := int((64 - uintptr(unsafe.Pointer(&m.buf[0]))%64) % 64) // 64-aligned start
	m.off = base + r.IntN(64)
	if aligned { // streaming stores: aligned to 64 bytes, as blockRuns gives them
		m.off = base
	}
	for i := range m.buf {
		m.buf[i] = m.fill
	}
	return m
}

func (m *kernelMem) dst() *byte { return &m.buf[m.off] }

func (m *kernelMem) twin() *kernelMem {
	c := &kernelMem{buf: make([]byte, len(m.buf)+64), n: m.n, fill: m.fill}
	// The same address modulo 64, so that the row kernels split alike.
	shift := int((uintptr(unsafe.Pointer(&m.buf[0])) - uintptr(unsafe.Pointer(&c.buf[0]))) % 64)
	c.buf = c.buf[shift : shift+len(m.buf)]
	c.off = m.off
	for i := range c.buf {
		c.buf[i] = c.fill
	}
	return c
}

func compareMem(t *testing.T, what string, got, want *kernelMem) {
	t.Helper()
	if !bytes.Equal(got.buf, want.buf) {
		for i := range got.buf {
			if got.buf[i] != want.buf[i] {
				t.Fatalf("%s: byte %d of the window (offset %d) = %#x, the Go twin writes %#x", what, i-got.off, got.off, got.buf[i], want.buf[i])
			}
		}
	}
}

// exactLanes returns lane offsets l*d, a first value and a block step
// (lanes*d) as multiples of 2^unit below 2^bits units for every value of
// blocks blocks: what the float kernels' preconditions promise.
func exactLanes(r *rand.Rand, lanes, blocks int, bits uint, unit int) (base []float64, first, inc float64) {
	span := int64(lanes * (blocks + 1)) // elements the values step over
	maxD := max(int64(1), (int64(1)<<(bits-1))/span)
	d := r.Int64N(2*maxD+1) - maxD
	room := int64(1)<<(bits-1) - abs64(d)*span
	s := r.Int64N(2*room+1) - room
	sc := math.Ldexp(1, unit)
	for l := range lanes {
		base = append(base, float64(int64(l)*d)*sc)
	}
	return base, float64(s) * sc, float64(int64(lanes)*d) * sc
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// stridedSpan is the bytes blocks of blk bytes, stride bytes apart, span.
func stridedSpan(blocks, stride, blk int) int {
	if blocks <= 0 {
		return 0
	}
	return (blocks-1)*stride + blk
}

// randomAddLanes draws the add kernels' lanes for blocks blocks: integer
// lanes of any bits, or (float) float32 lanes exact over the blocks.
func randomAddLanes(r *rand.Rand, float bool, blocks int) (base [128]byte, first uint64, inc [32]byte) {
	if float {
		b, f, in := exactLanes(r, 32, blocks, 24, r.IntN(254)-149)
		for l := range 32 {
			putLE(base[4*l:], 4, uint64(math.Float32bits(float32(b[l]))))
		}
		return base, uint64(math.Float32bits(float32(f))), broadcast32(float32(in))
	}
	for i := range base {
		base[i] = byte(r.Uint32())
	}
	for i := range inc {
		inc[i] = byte(r.Uint32())
	}
	return base, r.Uint64(), inc
}

func TestAddKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(61, 62))
	for _, p := range addPairs {
		float := strings.HasPrefix(p.name, "addStoreS")
		for c := range 200 {
			blocks := r.IntN(40)
			base, first, inc := randomAddLanes(r, float, blocks)
			stride := addBlock // (runs; sets of blocks, up to addMaxSets blocks apart, for rows-lanes)
			if c%4 == 3 {
				stride = 128 + 64*r.IntN(2*addMaxSets-1)
			}
			size := stridedSpan(blocks, stride, 128)
			m := newKernelMem(r, size, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, stride, &base, first, &inc)
			p.twin(w.dst(), blocks, stride, &base, first, &inc)
			compareMem(t, fmt.Sprintf("%s stride %d case %d", p.name, stride, c), m, w)
		}
	}
}

// TestAddMaskKernels: addMaskx{B,W,D,Q,S}[A] (AVX-512) and addMaskY{D,Q,S}[A]
// (AVX2) against their twin: the add kernels' lanes (integers of any bits,
// float32 exact), any number of blocks, 128 bytes apart or more, random
// masks (none, all, and any bytes; the AVX2 forms an element's bytes all
// in or all out, their contract), the bytes left out, around and between
// the blocks untouched.
func TestAddMaskKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(119, 120))
	for _, p := range addMaskPairs {
		if skip(p) {
			continue
		}
		lane := laneOf(p.name, len("addMaskx")) // (addMaskY: as long)
		size := 1
		if !p.avx512 {
			size = [5]int{1, 2, 4, 8, 4}[lane]
		}
		for c := range 200 {
			blocks := r.IntN(40)
			base, first, inc := randomAddLanes(r, lane == laneS, blocks)
			mask := randomMask(r, c, size)
			stride := 128 + 64*r.IntN(2*addMaxSets-1)
			m := newKernelMem(r, stridedSpan(blocks, stride, 128), false)
			w := m.twin()
			p.asm(m.dst(), blocks, stride, &base, first, &inc, &mask)
			p.twin(w.dst(), blocks, stride, &base, first, &inc, &mask)
			compareMem(t, fmt.Sprintf("%s stride %d case %d", p.name, stride, c), m, w)
		}
	}
}

// randomMask draws a masked kernel's byte masks for case c: none (c%8 ==
// 0), all (c%8 == 1), or random elements of size bytes, each element's
// bytes all in or all out.
func randomMask(r *rand.Rand, c, size int) [2]uint64 {
	switch c % 8 {
	case 0:
		return [2]uint64{}
	case 1:
		return [2]uint64{^uint64(0), ^uint64(0)}
	}
	var mask [2]uint64
	for b := 0; b < 128; b += size {
		if r.IntN(2) == 1 {
			mask[b/64] |= (1<<size - 1) << (b % 64)
		}
	}
	return mask
}

func TestFMAKernels(t *testing.T) {
	needAVX2(t)
	if !CPU.FMA {
		t.Skip("no FMA on this CPU")
	}
	r := rand.New(rand.NewPCG(75, 76))
	for _, p := range fmaPairs {
		if skip(p) {
			continue
		}
		for c := range 300 {
			blocks := r.IntN(40)
			step := 1 + r.Uint64N(5)
			i0 := r.Uint64N(1 << 32)
			var base [16]float64
			for l := range base {
				base[l] = float64(uint64(l) * step)
			}
			d16 := float64(16 * step)
			inc := [4]float64{d16, d16, d16, d16}
			start, delta := randomBits(r, Float64, 8), randomBits(r, Float64, 8)
			m := newKernelMem(r, blocks*128, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, math.Float64bits(float64(i0)), &inc, start, delta)
			p.twin(w.dst(), blocks, &base, math.Float64bits(float64(i0)), &inc, start, delta)
			compareMem(t, fmt.Sprintf("%s start %#x delta %#x case %d", p.name, start, delta, c), m, w)
		}
	}
}

// TestFMADKernels holds fmaDStore[x][NT] to their twin, the blocks they
// write and the count
// they return: random float32 starts and deltas (as float64) at indices
// below 2^32, and runs made to meet the blocks they must leave: indices
// about 2^24 with delta a power of two and start 0 or far below (float64
// values at float32 midpoints), values below 2^-126, and a run through an
// exact zero.
func TestFMADKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(79, 80))
	f64 := func(b uint64) uint64 { return math.Float64bits(float64(math.Float32frombits(uint32(b)))) }
	left := 0 // cases where the kernel left a block
	for _, p := range fmaDPairs {
		if skip(p) {
			continue
		}
		for c := range 600 {
			blocks := r.IntN(40)
			step := 1 + r.Uint64N(5)
			i0 := r.Uint64N(1 << 32)
			start, delta := f64(finiteBits32(r)), f64(finiteBits32(r))
			switch c % 4 {
			case 1: // float32 midpoints: i*2^e, i odd past 2^24
				e := r.IntN(40) - 20
				i0 = 1<<24 + r.Uint64N(2000) - 1000
				delta = math.Float64bits(math.Ldexp(1, e))
				start = 0
				if r.IntN(2) == 0 {
					start = math.Float64bits(math.Ldexp(1, e-60-r.IntN(30)))
				}
			case 2: // below 2^-126
				delta = math.Float64bits(math.Ldexp(float64(r.Uint32()&0xFFFFFF), -150-r.IntN(20)))
				start = math.Float64bits(math.Ldexp(float64(r.Uint32()&0xFFFFFF), -150-r.IntN(20)))
				i0 = r.Uint64N(1 << 16)
			case 3: // through an exact zero: start = -k*delta, k among the indices
				step = 1
				i0 = r.Uint64N(1 << 20)
				d := math.Ldexp(float64(r.Uint32()&0xFFFF), r.IntN(40)-20)
				delta = math.Float64bits(d)
				start = math.Float64bits(-float64(i0+r.Uint64N(uint64(16*blocks+1))) * d)
			}
			if r.IntN(2) == 0 {
				delta ^= 1 << 63
				start ^= 1 << 63
			}
			var base [16]float64
			for l := range base {
				base[l] = float64(uint64(l) * step)
			}
			d16 := float64(16 * step)
			inc := [4]float64{d16, d16, d16, d16}
			m := newKernelMem(r, 64*blocks, p.nt)
			w := m.twin()
			first := math.Float64bits(float64(i0))
			tiny := uint64(1) // 0 in a quarter of the cases (the kernel then looks for midpoints only)
			if r.IntN(4) == 0 {
				tiny = 0
			}
			got := p.asm(m.dst(), blocks, &base, first, &inc, start, delta, tiny)
			want := p.twin(w.dst(), blocks, &base, first, &inc, start, delta, tiny)
			what := fmt.Sprintf("%s start %#x delta %#x i0 %d step %d blocks %d tiny %d case %d", p.name, start, delta, i0, step, blocks, tiny, c)
			if got != want {
				t.Fatalf("%s: wrote %d blocks, the Go twin %d", what, got, want)
			}
			if got < blocks {
				left++
			}
			compareMem(t, what, m, w)
		}
	}
	t.Logf("the kernels left a block in %d cases", left)
	if CPU.AVX512 && left < 300 {
		t.Fatalf("the kernels left a block in %d cases of %d", left, 600*len(fmaDPairs))
	}
}

// TestFMASKernels holds fmaStoreS[x][NT] and fmaStrideSY[NT] (blocks
// stride bytes apart) to their twins: index lanes below 2^24, any finite
// start and delta, the bytes around (and between) the blocks untouched.
func TestFMASKernels(t *testing.T) {
	needAVX2(t)
	if !CPU.FMA {
		t.Skip("no FMA on this CPU")
	}
	r := rand.New(rand.NewPCG(77, 78))
	// (The kernels of blocks one after another as strided ones whose
	// stride is 128: their pairs' strided is false.)
	blocks128 := func(k fmaSKernel) fmaStrideSKernel {
		return func(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, _ int) {
			k(dst, blocks, base, first, inc, start, delta)
		}
	}
	type sPair struct {
		pair[fmaStrideSKernel]
		strided bool
	}
	var pairs []sPair
	for _, p := range fmaSPairs {
		pairs = append(pairs, sPair{pair[fmaStrideSKernel]{p.name, blocks128(p.asm), blocks128(p.twin), p.nt, p.avx512}, false})
	}
	for _, p := range fmaStrideSPairs {
		pairs = append(pairs, sPair{p, true})
	}
	for _, p := range pairs {
		if skip(p.pair) {
			continue
		}
		for c := range 300 {
			blocks := r.IntN(40)
			base, first, inc, start, delta := randomFMASLanes(r)
			stride := 128
			if p.strided {
				stride = 128 + 64*r.IntN(2*addMaxSets-1)
			}
			m := newKernelMem(r, stridedSpan(blocks, stride, 128), p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, first, &inc, start, delta, stride)
			p.twin(w.dst(), blocks, &base, first, &inc, start, delta, stride)
			compareMem(t, fmt.Sprintf("%s stride %d start %#x delta %#x case %d", p.name, stride, start, delta, c), m, w)
		}
	}
}

// randomFMASLanes draws the fma-s kernels' index lanes for up to 40 blocks
// (exact, below 2^24: an index step of 1 to 5 from any first index) and a
// finite start and delta.
func randomFMASLanes(r *rand.Rand) (base [32]float32, first uint64, inc [8]float32, start, delta uint64) {
	step := 1 + r.Uint64N(5)
	i0 := r.Uint64N(1<<24 - 40*32*5)
	for l := range base {
		base[l] = float32(uint64(l) * step)
	}
	d32 := float32(32 * step)
	inc = [8]float32{d32, d32, d32, d32, d32, d32, d32, d32}
	start, delta = finiteBits32(r), finiteBits32(r)
	return base, uint64(math.Float32bits(float32(i0))), inc, start, delta
}

// TestFMAMaskKernels: fmaMaskxS[A] (AVX-512) and fmaMaskYS[A] (AVX2) against
// their twin: index lanes below 2^24 as TestFMASKernels draws them, any
// finite start and delta, blocks stride bytes apart, random masks (the
// AVX2 forms' an element's bytes all in or all out), the bytes left out,
// around and between the blocks untouched.
func TestFMAMaskKernels(t *testing.T) {
	needAVX2(t)
	if !CPU.FMA {
		t.Skip("no FMA on this CPU")
	}
	r := rand.New(rand.NewPCG(121, 122))
	for _, p := range fmaMaskPairs {
		if skip(p) {
			continue
		}
		size := 4
		if p.avx512 {
			size = 1
		}
		for c := range 300 {
			blocks := r.IntN(40)
			base, first, inc, start, delta := randomFMASLanes(r)
			mask := randomMask(r, c, size)
			stride := 128 + 64*r.IntN(2*addMaxSets-1)
			m := newKernelMem(r, stridedSpan(blocks, stride, 128), false)
			w := m.twin()
			p.asm(m.dst(), blocks, stride, &base, first, &inc, start, delta, &mask)
			p.twin(w.dst(), blocks, stride, &base, first, &inc, start, delta, &mask)
			compareMem(t, fmt.Sprintf("%s stride %d start %#x delta %#x case %d", p.name, stride, start, delta, c), m, w)
		}
	}
}

// TestF64Kernels holds cvtStoreF32[x][NT], cvtStoreF16Odd[x][NT] and
// cvtF32StrideY[NT] (blocks stride bytes apart) to their twins: lanes
// exact in float64, float32 from far below its subnormals to past its
// largest, float16 from its subnormals to past 65504.
func TestF64Kernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(63, 64))
	// (The kernels of blocks one after another as strided ones whose
	// stride is 64: their pairs' strided is false.)
	blocks64 := func(k f64Kernel) f64StrideKernel {
		return func(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, _ int) {
			k(dst, blocks, base, first, inc)
		}
	}
	type sPair struct {
		pair[f64StrideKernel]
		strided bool
	}
	var pairs []sPair
	for _, p := range f64Pairs {
		pairs = append(pairs, sPair{pair[f64StrideKernel]{p.name, blocks64(p.asm), blocks64(p.twin), p.nt, p.avx512}, false})
	}
	for _, p := range f64StridePairs {
		pairs = append(pairs, sPair{p, true})
	}
	for _, p := range pairs {
		if skip(p.pair) {
			continue
		}
		to16 := strings.Contains(p.name, "F16")
		for c := range 300 {
			blocks := r.IntN(40)
			unit, size := r.IntN(300)-200, 4 // float32: from far below its subnormals to past its largest
			if to16 {
				unit, size = r.IntN(60)-60, 2 // float16: subnormals to past 65504
			}
			stride := 16 * size
			if p.strided {
				stride = 64 * (1 + r.IntN(2*addMaxSets))
			}
			b, f, in := exactLanes(r, 16, blocks, 53, unit)
			var base [16]float64
			copy(base[:], b)
			inc := [4]float64{in, in, in, in}
			m := newKernelMem(r, stridedSpan(blocks, stride, 16*size), p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, math.Float64bits(f), &inc, stride)
			p.twin(w.dst(), blocks, &base, math.Float64bits(f), &inc, stride)
			compareMem(t, fmt.Sprintf("%s stride %d case %d", p.name, stride, c), m, w)
		}
	}
}

// TestF64MaskKernels: cvtF32Maskx[A] (AVX-512) and cvtF32MaskY[A] (AVX2)
// against their twin: lanes exact in float64 as TestF64Kernels draws them
// (float32 from far below its subnormals to past its largest), blocks
// stride bytes apart, random masks (the AVX2 forms' an element's bytes all
// in or all out), the bytes left out, around and between the blocks
// untouched.
func TestF64MaskKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(123, 124))
	for _, p := range f64MaskPairs {
		if skip(p) {
			continue
		}
		size := 4
		if p.avx512 {
			size = 1
		}
		for c := range 300 {
			blocks := r.IntN(40)
			b, f, in := exactLanes(r, 16, blocks, 53, r.IntN(300)-200)
			var base [16]float64
			copy(base[:], b)
			inc := [4]float64{in, in, in, in}
			mask := randomMask(r, c, size)[r.IntN(2)]
			stride := 64 * (1 + r.IntN(2*addMaxSets))
			m := newKernelMem(r, stridedSpan(blocks, stride, 64), false)
			w := m.twin()
			p.asm(m.dst(), blocks, stride, &base, math.Float64bits(f), &inc, &mask)
			p.twin(w.dst(), blocks, stride, &base, math.Float64bits(f), &inc, &mask)
			compareMem(t, fmt.Sprintf("%s stride %d mask %#x case %d", p.name, stride, mask, c), m, w)
		}
	}
}

func TestF32To16Kernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(65, 66))
	for _, p := range f32Pairs {
		if skip(p) {
			continue
		}
		for c := range 300 {
			blocks := r.IntN(40)
			b, f, in := exactLanes(r, 32, blocks, 24, r.IntN(50)-40)
			var base [32]float32
			for l := range base {
				base[l] = float32(b[l])
			}
			d := float32(in)
			inc := [8]float32{d, d, d, d, d, d, d, d}
			first := uint64(math.Float32bits(float32(f)))
			m := newKernelMem(r, blocks*64, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, first, &inc)
			p.twin(w.dst(), blocks, &base, first, &inc)
			compareMem(t, fmt.Sprintf("%s case %d", p.name, c), m, w)
		}
	}
}

func TestBinadeKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(67, 68))
	for _, p := range binPairs {
		if skip(p) {
			continue
		}
		for c := range 400 {
			// Within the contract: every kb below 2^(shift+12), c even.
			blocks := r.IntN(40)
			shift, cc, ties := 1+r.Uint64N(31), r.Uint64()&0xFFFE, uint64(0)
			if r.IntN(2) == 0 {
				ties = uint64(r.Uint32()) // any elements of a block
			}
			limit := int64(1) << min(32, shift+12)
			up := uint(r.IntN(3))
			span := int64(32*blocks) << up // kb moves by at most span*|dm|
			maxD := min(1<<15, (limit-1)/(span+1))
			dm := r.Int64N(2*maxD+1) - maxD
			var base [32]int32
			for l, e := range packOrder {
				base[l] = int32(uint32(uint64(e*dm) << up))
			}
			lo, hi := int64(0), limit-1 // the range of first
			if dm >= 0 {
				hi -= span * dm
			} else {
				lo -= span * dm
			}
			first, inc := uint64(lo+r.Int64N(hi-lo+1)), uint64(32*dm)<<up
			if r.IntN(4) == 0 {
				first = uint64(lo) // kb at an end of the range
				if r.IntN(2) == 0 {
					first = uint64(hi)
				}
			}
			m := newKernelMem(r, blocks*64, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, first, inc, shift, cc, ties)
			p.twin(w.dst(), blocks, &base, first, inc, shift, cc, ties)
			compareMem(t, fmt.Sprintf("%s shift %d ties %d case %d", p.name, shift, ties, c), m, w)
		}
	}
}

// TestBinadeSpanKernels holds the span kernel (f16BinxSpan) and the
// tables' binSpan, which splits a span into blocks where it has no span
// kernel (AVX2, streaming stores), to the twin: spans of 1 to 300 elements
// (32 or more where split) at every 2-byte offset in a line, ties at any
// elements of a 32-element period, and for the span kernel of a
// 64-element one (two halves of ties that differ, shift 16 or less: its
// form span64); no byte around the span may change.
func TestBinadeSpanKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(69, 70))
	type spanner struct {
		name   string
		min    int // the least span
		nt     bool
		avx512 bool
		write  binSpanKernel
		twin   binSpanKernel
	}
	var spanners []spanner
	for _, p := range binSpanPairs { // the span kernels: any span
		spanners = append(spanners, spanner{p.name, 1, p.nt, p.avx512, p.asm, p.twin})
	}
	spanners = append(spanners, []spanner{
		{"avx2 binSpan", 32, false, false, func(dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64) {
			avx2Table.binSpan(stRegular, dst, n, base, first, d, shift, c, ties)
		}, binSpan_g},
		{"avx2 binSpan NT", 32, true, false, func(dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64) {
			avx2Table.binSpan(stStream, dst, n, base, first, d, shift, c, ties)
		}, binSpan_g},
		{"avx512 binSpan NT", 32, true, true, func(dst *byte, n int, base *[32]int32, first, d, shift, c, ties uint64) {
			avx512Table.binSpan(stStream, dst, n, base, first, d, shift, c, ties)
		}, binSpan_g},
	}...)
	for _, p := range spanners {
		if p.avx512 && !CPU.AVX512 {
			continue
		}
		for c := range 2000 {
			n := p.min + r.IntN(301-p.min)
			if r.IntN(4) == 0 {
				n = p.min + r.IntN(64) // one or two lines
			}
			shift, cc, ties := 1+r.Uint64N(31), r.Uint64()&0xFFFE, uint64(0)
			switch r.IntN(3) {
			case 0:
				ties = uint64(r.Uint32()) * (1<<32 + 1) // the two halves equal
			case 1:
				if p.name == "f16BinxSpan" {
					shift = 1 + r.Uint64N(16)
					ties = r.Uint64()
					if r.IntN(2) == 0 {
						ties = 1 << r.IntN(64) // one tie in 64, as the planner makes them
					}
				}
			}
			base, first, dm := spanLanes(r, n, int64(1)<<min(32, shift+12))
			m := newKernelMem(r, 2*n, false)
			m.off &^= 1 // aligned to the element
			w := m.twin()
			p.write(m.dst(), n, &base, first, uint64(dm), shift, cc, ties)
			p.twin(w.dst(), n, &base, first, uint64(dm), shift, cc, ties)
			compareMem(t, fmt.Sprintf("%s n %d shift %d ties %#x case %d", p.name, n, shift, ties, c), m, w)
		}
	}
}

// spanLanes draws the lanes of a span kernel's n elements (lane l holds
// element packOrder[l]): a step dm of at most 2^15 in magnitude and a first
// sum such that every sum of the span lies in [0, limit).
func spanLanes(r *rand.Rand, n int, limit int64) (base [32]int32, first uint64, dm int64) {
	maxD := min(1<<15, (limit-1)/int64(n))
	dm = r.Int64N(2*maxD+1) - maxD
	for l, e := range packOrder {
		base[l] = int32(e * dm)
	}
	lo, hi := int64(0), limit-1 // the range of first
	if dm >= 0 {
		hi -= int64(n-1) * dm
	} else {
		lo -= int64(n-1) * dm
	}
	return base, uint64(lo + r.Int64N(hi-lo+1)), dm
}

// TestBinadeSpan128Kernel holds f16BinxSpan128 to its twin: spans of 1
// to 900 elements (edges, the blocks before a multiple of four, turns of
// four) at every 2-byte offset in a line, shifts 1 to 16, the tie at any
// of 128 elements; no byte around the span may change.
func TestBinadeSpan128Kernel(t *testing.T) {
	needAVX2(t)
	if !CPU.AVX512 {
		t.Skip("f16BinxSpan128 is AVX-512 only")
	}
	r := rand.New(rand.NewPCG(77, 78))
	for _, p := range binSpan128Pairs {
		for c := range 3000 {
			n := 1 + r.IntN(900)
			if r.IntN(4) == 0 {
				n = 1 + r.IntN(160) // the edges and a few blocks
			}
			shift, cc, tie := 1+r.Uint64N(16), r.Uint64()&0xFFFE, r.Uint64N(128)
			base, first, dm := spanLanes(r, n, int64(1)<<(shift+12))
			m := newKernelMem(r, 2*n, false)
			m.off &^= 1 // aligned to the element
			w := m.twin()
			p.asm(m.dst(), n, &base, first, uint64(dm), shift, cc, tie)
			p.twin(w.dst(), n, &base, first, uint64(dm), shift, cc, tie)
			compareMem(t, fmt.Sprintf("%s n %d shift %d tie %d case %d", p.name, n, shift, tie, c), m, w)
		}
	}
}

// TestRunsKernels holds the runs kernels (f16Runs, AVX-512, and f16RunsY,
// AVX2, with their streaming and ahead forms) to their twin within their contract: spans of 1 to 700
// elements at every 2-byte offset in a line, changes 32 or more elements
// apart (exactly 32 among them), the first anywhere from element 0 to past
// the span, remainders at the edges of their range; no byte around the
// span may change.
func TestRunsKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(71, 72))
	for _, k := range runsPairs {
		if skip(k) {
			continue
		}
		for c := range 3000 {
			n := 1 + r.IntN(700)
			if r.IntN(4) == 0 {
				n = 1 + r.IntN(64) // one or two lines
			}
			var steps [5]uint64
			steps[4] = 1 + r.Uint64N(1<<uint(r.IntN(40)))
			for i := range 2 {
				steps[2*i] = 32 + r.Uint64N(uint64(1+r.IntN(100)))
				steps[2*i+1] = r.Uint64N(steps[4])
				if r.IntN(4) == 0 {
					steps[2*i+1] = steps[4] - 1
				}
			}
			rem := r.Uint64N(steps[4])
			if r.IntN(4) == 0 {
				rem = 0
			}
			next := r.Uint64N(uint64(n) + 40)
			v, inc := r.Uint64(), []uint64{1, 0xFFFF, r.Uint64()}[r.IntN(3)]
			m := newKernelMem(r, 2*n, false)
			m.off &^= 1 // aligned to the element
			w := m.twin()
			k.asm(m.dst(), n, v, inc, next, rem, &steps)
			k.twin(w.dst(), n, v, inc, next, rem, &steps)
			compareMem(t, fmt.Sprintf("%s n %d next %d rem %d steps %v case %d", k.name, n, next, rem, steps, c), m, w)
		}
	}
}

// TestRowsRunsKernels holds the row runs kernels (f16RowsRuns, AVX-512, and
// f16RowsRunsY, AVX2, with their streaming and ahead forms) to their twin within their contract: 1 to 40
// rows of 1 to 300 elements (2 to 600 bytes), pitches from the row to 200
// bytes more, at every 2-byte offset, changes as TestRunsKernels; no byte
// of the gaps or around the rows may change.
func TestRowsRunsKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(73, 74))
	for _, k := range rowsRunsPairs {
		if skip(k) {
			continue
		}
		for c := range 2000 {
			rows, n := 1+r.IntN(40), 1+r.IntN(300)
			if r.IntN(4) == 0 {
				n = 1 + r.IntN(40)
			}
			pitch := 2*n + 2*r.IntN(100)
			var steps [5]uint64
			steps[4] = 1 + r.Uint64N(1<<uint(r.IntN(40)))
			for i := range 2 {
				steps[2*i] = 32 + r.Uint64N(uint64(1+r.IntN(100)))
				steps[2*i+1] = r.Uint64N(steps[4])
			}
			rem := r.Uint64N(steps[4])
			next := r.Uint64N(uint64(n) + 40)
			v, inc := r.Uint64(), []uint64{1, 0xFFFF, r.Uint64()}[r.IntN(3)]
			m := newKernelMem(r, (rows-1)*pitch+2*n, false)
			m.off &^= 1 // aligned to the element
			w := m.twin()
			k.asm(m.dst(), rows, pitch, 2*n, v, inc, next, rem, &steps)
			k.twin(w.dst(), rows, pitch, 2*n, v, inc, next, rem, &steps)
			compareMem(t, fmt.Sprintf("%s rows %d n %d pitch %d next %d rem %d steps %v case %d", k.name, rows, n, pitch, next, rem, steps, c), m, w)
		}
	}
}

// TestBinadeWideKernels holds the int64-lane binade kernels (float32's
// f32Binq, f32BinqY) to their twin, within their contracts:
// every kb below 2^(shift+bits) (here below 2^62 too, to stay in int64),
// shift at most maxShift, c even; small steps (many elements a last place)
// and first at a tie among the cases.
func TestBinadeWideKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(73, 74))
	// (16 int64 lanes a block of 16 float32; shift at most 32; kb below
	// 2^(shift+32); c of 32 bits.)
	const lanes, maxShift, bits, cWidth = 16, 32, 32, 32
	for _, p := range binSPairs {
		if skip(p) {
			continue // (no AVX-512 on this CPU)
		}
		for c := range 600 {
			blocks := r.IntN(40)
			shift := 1 + r.Uint64N(maxShift)
			cc, ties := r.Uint64()&(1<<cWidth-2), r.Uint64N(2)
			limit := int64(1) << min(62, shift+bits)
			span := int64(lanes * blocks) // kb moves by at most span*|dm|
			maxD := min(1<<45, (limit-1)/(span+1))
			if r.IntN(3) == 0 {
				maxD = min(maxD, 1<<12) // small steps: many elements per last place
			}
			dm := r.Int64N(2*maxD+1) - maxD
			var base [16]int64
			for l := range base {
				base[l] = int64(l) * dm
			}
			lo, hi := int64(0), limit-1 // the range of first
			if dm >= 0 {
				hi -= span * dm
			} else {
				lo -= span * dm
			}
			first, inc := uint64(lo+r.Int64N(hi-lo+1)), uint64(int64(lanes)*dm)
			switch r.IntN(6) {
			case 0:
				first = uint64(lo)
			case 1:
				first = uint64(hi)
			case 2: // at a tie: half a last place past a multiple of 2^shift
				h := uint64(1) << (shift - 1)
				first = max(uint64(lo), min(uint64(hi), first&^(h<<1-1)|h))
			}
			m := newKernelMem(r, blocks*64, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, first, inc, shift, cc, ties)
			p.twin(w.dst(), blocks, &base, first, inc, shift, cc, ties)
			compareMem(t, fmt.Sprintf("%s shift %d ties %d dm %d case %d", p.name, shift, ties, dm, c), m, w)
		}
	}
}

// rowsMem is a buffer for rows rows of rowBytes at a pitch, from a random
// address.
func rowsCase(r *rand.Rand, minRow int) (rows, pitch, rowBytes int) {
	rows = 1 + r.IntN(70)
	rowBytes = minRow + 8*r.IntN(100)
	pitch = rowBytes + 8*r.IntN(20)
	return rows, pitch, rowBytes
}

// rowsCase32 is rowsCase for float32 rows of 128 bytes or more, at any
// multiple of 4 bytes.
func rowsCase32(r *rand.Rand) (rows, pitch, rowBytes int) {
	rows, pitch, rowBytes = rowsCase(r, 128)
	rowBytes += 4 * r.IntN(2)
	return rows, max(pitch+4*r.IntN(2), rowBytes), rowBytes
}

// binRowsDraw draws the rest of a case of a row kernel in int64 binade
// lanes for rows of rowBytes pitch bytes apart (elements of size bytes,
// blocks of lanes): their memory (streaming-aligned, then moved by whole
// elements), shift (1 to maxShift) and the step dm an element (lane l of
// the base is l*dm; magnitudes that rise or fall), every kb from 0 to below
// 2^(shift+bits) and 2^62, the places of a row from one sequence, some at a
// tie.
func binRowsDraw(r *rand.Rand, rows, pitch, rowBytes, size, lanes int, maxShift, bits uint64) (m *kernelMem, shift uint64, dm int64, steps rowSteps) {
	shift = 1 + r.Uint64N(maxShift)
	limit := int64(1) << min(62, shift+bits)
	span := int64(rows) * int64(pitch/size+2) // elements from the first to the last
	dm = r.Int64N(limit/span/2 + 1)
	if r.IntN(3) == 0 {
		dm = min(dm, r.Int64N(1<<12)) // many elements a last place
	}
	k0 := r.Int64N(limit - span*dm)
	h := int64(1) << (shift - 1)
	if r.IntN(3) == 0 { // at a tie: half a last place past a multiple of 2^shift
		k0 = min(k0&^(h<<1-1)|h, limit-span*dm-1)
	}
	if r.IntN(2) == 0 { // magnitudes that fall
		k0 = limit - 1 - r.Int64N(limit-span*dm)
		if r.IntN(3) == 0 {
			k0 = max(k0&^(h<<1-1)|h, span*dm)
		}
		dm = -dm
	}
	rowD := int64(pitch/size+r.IntN(2)) * dm
	m = newKernelMem(r, (rows-1)*pitch+rowBytes, true)
	m.off += size * r.IntN(64/size)
	steps = rowSteps{uint64(k0), uint64(rowD), uint64(dm), uint64(int64(rowBytes/size-lanes) * dm)}
	return m, shift, dm, steps
}

// TestRowBinSKernels holds rowsBinSY[NT] to its twin within its
// contract: rows of 128 bytes or more at multiples of 4 bytes (any
// alignment to a cache line, every form), every kb below 2^(shift+32) and
// 2^62, shift at most 32, c even, with and without the tie step; the
// places of a row from one sequence, some at a tie.
func TestRowBinSKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(101, 102))
	for _, p := range rowsBinSPairs {
		if skip(p) {
			continue // (no AVX-512 on this CPU)
		}
		for c := range 600 {
			rows, pitch, rowBytes := rowsCase32(r)
			m, shift, dm, steps := binRowsDraw(r, rows, pitch, rowBytes, 4, 16, 32, 32)
			var base [16]int64
			for l := range base {
				base[l] = int64(l) * dm
			}
			cc, ties := r.Uint64()&(1<<32-2), r.Uint64N(2)
			w := m.twin()
			p.asm(m.dst(), rows, pitch, rowBytes, &base, &steps, uint64(16*dm), shift, cc, ties)
			p.twin(w.dst(), rows, pitch, rowBytes, &base, &steps, uint64(16*dm), shift, cc, ties)
			compareMem(t, fmt.Sprintf("%s rows %d pitch %d rowBytes %d off %d shift %d ties %d case %d", p.name, rows, pitch, rowBytes, m.off, shift, ties, c), m, w)
		}
	}
}

// TestRowBinadeKernels holds rowsBinx and rowsBinY (AVX2), with their ahead
// forms, to their twin within their contract: each
// place's every kb below 2^(shift+12), shift at most 20, c even, any tie
// masks.
func TestRowBinadeKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(75, 76))
	for _, p := range rowsBinPairs {
		if skip(p) {
			continue // (no AVX-512 on this CPU)
		}
		for c := range 300 {
			rows, pitch, rowBytes := rowsCase(r, 64)
			rowBytes &^= 1
			shift, cc := 1+r.Uint64N(20), r.Uint64()&0xFFFE
			limit := int64(1) << (shift + 12)
			up := uint(r.IntN(3))
			span := int64(32*(rowBytes/64+2)) << up // a place's kb moves by at most span*|dm|
			maxD := min(1<<15, (limit-1)/(span+1))
			dm := r.Int64N(2*maxD+1) - maxD
			var base [32]int32
			for l, e := range packOrder {
				base[l] = int32(uint32(uint64(e*dm) << up))
			}
			lo, hi := int64(0), limit-1 // the range of a place's first
			if dm >= 0 {
				hi -= span * dm
			} else {
				lo -= span * dm
			}
			// Places within [lo, hi]: the first row's kb within an eighth
			// of the range's middle, and each of the row, mis and last
			// steps moving it by at most another eighth.
			wd := (hi - lo) / 8
			steps := binSteps{
				kb:    uint64((lo+hi)/2 + r.Int64N(2*wd+1) - wd),
				rowD:  uint64(r.Int64N(2*(wd/int64(rows))+1) - wd/int64(rows)),
				d:     uint64(r.Int64N(2*(wd/32)+1) - wd/32),
				lastD: uint64(r.Int64N(2*wd+1) - wd),
				n:     uint64(rowBytes / 2), tie: r.Uint64(), perMask: 1<<r.IntN(6) - 1,
			}
			if r.IntN(4) == 0 { // every kb at an end of the range
				steps.kb, steps.rowD, steps.d, steps.lastD = uint64(lo), 0, 0, 0
				if r.IntN(2) == 0 {
					steps.kb = uint64(hi)
				}
			}
			if r.IntN(2) == 0 {
				steps.every = uint64(r.Uint32()) // tie masks
			}
			inc := uint64(32*dm) << up
			m := newKernelMem(r, (rows-1)*pitch+rowBytes, p.nt)
			w := m.twin()
			p.asm(m.dst(), rows, pitch, rowBytes, &base, &steps, inc, shift, cc)
			p.twin(w.dst(), rows, pitch, rowBytes, &base, &steps, inc, shift, cc)
			compareMem(t, fmt.Sprintf("%s rows %d pitch %d rowBytes %d shift %d case %d", p.name, rows, pitch, rowBytes, shift, c), m, w)
		}
	}
}

// TestZipKernels: the zip kernels against their twin for every element
// size and row length they take, any number of blocks the buffer holds,
// random columns, the bytes around the rows untouched.
func TestZipKernels(t *testing.T) {
	if !CPU.AVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	r := rand.New(rand.NewPCG(103, 104))
	for _, p := range zipPairs {
		n := int(p.name[len("zip")] - '0')
		lgs := []uint{1, 2, 3} // zip{n}x: elements of 2 to 8 bytes
		if strings.HasSuffix(p.name, "Bx") {
			lgs = []uint{0} // zip{n}Bx: bytes
		}
		for _, lg := range lgs {
			z := newZipPlan(n, lg)
			maxBlocks := z.stride >> lg / z.rows // a chunk's rows, in blocks
			for c := range 20 {
				blocks := r.IntN(maxBlocks + 1)
				if c == 0 {
					blocks = maxBlocks
				}
				cols := make([]byte, columnsBuf)
				for i := range cols {
					cols[i] = byte(r.Uint32())
				}
				m := newKernelMem(r, blocks*z.rows*n<<lg, false)
				w := m.twin()
				p.asm(m.dst(), &cols[0], blocks, z)
				p.twin(w.dst(), &cols[0], blocks, z)
				compareMem(t, fmt.Sprintf("%s lg %d n %d blocks %d", p.name, lg, n, blocks), m, w)
			}
		}
	}
}

// TestAdd192Kernels: add192{B,W,D,Q,S}[NT] (AVX2) against their twin,
// random lanes, first and inc (float32 ones exact), any number of blocks,
// the bytes around untouched.
func TestAdd192Kernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(107, 108))
	for _, p := range add192Pairs {
		lane := laneOf(p.name, len("add192"))
		for c := range 40 {
			blocks := r.IntN(60)
			var base [192]byte
			var inc [32]byte
			for i := range base {
				base[i] = byte(r.Uint32())
			}
			v, first := r.Uint64(), r.Uint64()
			if lane == laneS { // exact float32 lanes: integers below 2^16, steps below 2^6
				for l := 0; l < 192; l += 4 {
					binary.LittleEndian.PutUint32(base[l:], math.Float32bits(float32(r.IntN(1<<16)-1<<15)))
				}
				v, first = uint64(math.Float32bits(float32(r.IntN(64)-32))), uint64(math.Float32bits(float32(r.IntN(1<<16)-1<<15)))
				if c%4 == 0 {
					first = 1 << 31 // -0
				}
			}
			for l := 0; l < 32; l += min(4, 1<<lane) {
				putLE(inc[l:], min(4, 1<<lane), v)
			}
			m := newKernelMem(r, blocks*192, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, first, &inc)
			p.twin(w.dst(), blocks, &base, first, &inc)
			compareMem(t, fmt.Sprintf("%s blocks %d case %d", p.name, blocks, c), m, w)
		}
	}
}

// TestFMA192SKernels: fma192S[NT] (AVX2) against its twin: exact index
// lanes below 2^24 in every block, random finite start and delta, any
// number of blocks, the bytes around untouched.
func TestFMA192SKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(111, 112))
	for _, p := range fma192SPairs {
		for c := range 200 {
			blocks := r.IntN(80)
			var base [48]float32
			for l := range base {
				base[l] = float32(r.IntN(1<<20) - 1<<19)
			}
			first := uint64(math.Float32bits(float32(r.IntN(1 << 22))))
			var inc [8]float32
			step := float32(r.IntN(1<<10) - 1<<9)
			for l := range inc {
				inc[l] = step
			}
			start, delta := uint64(math.Float32bits(randF32(r))), uint64(math.Float32bits(randF32(r)))
			m := newKernelMem(r, blocks*192, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, first, &inc, start, delta)
			p.twin(w.dst(), blocks, &base, first, &inc, start, delta)
			compareMem(t, fmt.Sprintf("%s blocks %d case %d", p.name, blocks, c), m, w)
		}
	}
}

// randF32 returns a finite float32 of any sign and a random exponent.
func randF32(r *rand.Rand) float32 {
	return float32(math.Ldexp(r.Float64()*2-1, r.IntN(60)-30))
}

// TestBin192Kernels: bin192x[NT], bin128x[NT] (AVX-512) and
// bin192Y[NT], bin128Y[NT], bin64Y[NT] (AVX2) against their twins: lanes of
// any shift from 1 to 29 with its h, magnitudes of any 31 bits, steps of
// either sign (the sums wrap alike in both), from any block, ties to even
// and not, any number of blocks, 192 bytes apart or more (a set's blocks:
// rowsBinLanes), the bytes around and between them untouched.
func TestBin192Kernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(117, 118))
	for _, p := range bin192Pairs {
		var blk int // bin192x: 192 bytes a block
		if _, err := fmt.Sscanf(p.name, "bin%d", &blk); err != nil {
			t.Fatal(err)
		}
		if skip(p) {
			continue
		}
		for c := range 200 {
			blocks := r.IntN(80)
			l := randomBinLanes(r, c%2 == 0)
			j0, ties := uint64(r.Uint32()), uint64(c%3)
			stride := blk // (rows that divide the block; else sets of blocks, up to binMaxSets blocks apart)
			if c%4 == 3 {
				stride = blk + 64*r.IntN(blk/64*binMaxSets-blk/64+1)
			}
			size := stridedSpan(blocks, stride, blk)
			m := newKernelMem(r, size, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, stride, &l, j0, ties)
			p.twin(w.dst(), blocks, stride, &l, j0, ties)
			compareMem(t, fmt.Sprintf("%s blocks %d stride %d case %d", p.name, blocks, stride, c), m, w)
		}
	}
}

// randomBinLanes draws bin192's lanes: shifts of 1 to 29 with their h,
// magnitudes of any 31 bits or (binade) of 11 bits above the shift, steps
// of either sign.
func randomBinLanes(r *rand.Rand, binade bool) (l binLanes) {
	for L := range l.x {
		s := 1 + r.Uint32N(29)
		l.x[L], l.dm[L] = r.Uint32N(1<<31), uint32(r.Int32N(1<<17)-1<<16)
		if binade {
			l.x[L] = uint32(r.Uint64N(min(1<<31, uint64(1)<<(s+11))))
		}
		l.s[L], l.h[L], l.c[L] = s, 1<<(s-1)-1, uint16(r.Uint32())
	}
	return l
}

// TestBin192MaskKernels: bin192xM[A] (AVX-512) against their twin: lanes
// as TestBin192Kernels draws them, blocks 192 bytes apart or more, random
// masks, the bytes left out, around and between the blocks untouched.
func TestBin192MaskKernels(t *testing.T) {
	if !CPU.AVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	r := rand.New(rand.NewPCG(123, 124))
	for _, p := range bin192MaskPairs {
		blk := 192
		if strings.HasPrefix(p.name, "bin128") {
			blk = 128
		}
		for c := range 200 {
			blocks := r.IntN(60)
			l := randomBinLanes(r, c%2 == 0)
			j0, ties := uint64(r.Uint32()), uint64(c%3)
			mask := [3]uint64{r.Uint64(), r.Uint64(), r.Uint64()}
			if c%8 == 1 {
				mask = [3]uint64{^uint64(0), ^uint64(0), ^uint64(0)}
			}
			stride := blk + 64*r.IntN(blk/64*binMaxSets-blk/64+1)
			size := stridedSpan(blocks, stride, blk)
			m := newKernelMem(r, size, false)
			w := m.twin()
			p.asm(m.dst(), blocks, stride, &l, j0, ties, &mask)
			p.twin(w.dst(), blocks, stride, &l, j0, ties, &mask)
			compareMem(t, fmt.Sprintf("%s blocks %d stride %d case %d", p.name, blocks, stride, c), m, w)
		}
	}
}
