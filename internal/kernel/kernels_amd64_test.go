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
// any shift from 1 to 29 with its mask m, magnitudes of any 31 bits, steps of
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

// randomBinLanes draws bin192's lanes: shifts of 1 to 29 with their m,
// magnitudes of any 31 bits or (binade) of 11 bits above the shift, steps
// of either sign.
func randomBinLanes(r *rand.Rand, binade bool) (l binLanes) {
	for L := range l.x {
		s := 1 + r.Uint32N(29)
		l.x[L], l.dm[L] = r.Uint32N(1<<31), uint32(r.Int32N(1<<17)-1<<16)
		if binade {
			l.x[L] = uint32(r.Uint64N(min(1<<31, uint64(1)<<(s+11))))
		}
		l.s[L], l.m[L], l.c[L] = s, 1<<s-1, uint16(r.Uint32())
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
