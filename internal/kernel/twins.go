package kernel

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// The Go twins of the vector kernels: the same signatures (kernels.go), written
// to be obviously right rather than fast: each element is computed on its
// own from its lane and block, by its definition, and stored little-endian.
// They are the whole table under -tags purego and on other architectures,
// and the tests hold every assembly routine to them.

// add_g: the add twin by lane (rows_g, the row twin).
func add_g(lane int, dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte) {
	if lane == laneS {
		addBlocks(4, true, dst, blocks, stride, base, first, inc)
		return
	}
	addBlocks(1<<lane, false, dst, blocks, stride, base, first, inc)
}

// addMask_g is the twin of addMaskx{B,W,D,Q,S}[A] and addMaskY{D,Q,S}[A]: the
// add kernels' lanes (addLane), each byte stored only where its bit of
// mask is set.
func addMask_g(lane int, dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte, mask *[2]uint64) {
	if blocks <= 0 {
		return
	}
	size, float := 1<<lane, lane == laneS
	if float {
		size = 4
	}
	out := unsafe.Slice(dst, (blocks-1)*stride+128)
	for k := range blocks {
		for l := 0; l < 128; l += size {
			var b [8]byte
			putLE(b[:], size, addLane(size, float, base, first, inc, l, k))
			for i := range size {
				if at := l + i; mask[at/64]>>(at%64)&1 != 0 {
					out[k*stride+at] = b[i]
				}
			}
		}
	}
}

// addLane returns the lane at byte l of block k of the add kernels: base +
// first + k*inc, modulo 2^(8*size) for integer lanes; for float32 lanes
// (float), exact by the planner's precondition (here in float64, exact
// there too) and so the same however the kernel orders its additions.
func addLane(size int, float bool, base *[128]byte, first uint64, inc *[32]byte, l, k int) uint64 {
	if float {
		f32 := func(b []byte) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))) }
		v := f32(base[l:]) + float64(math.Float32frombits(uint32(first))) + float64(k)*f32(inc[l%32:])
		return uint64(math.Float32bits(float32(v)))
	}
	return getLE(base[l:], size) + first + uint64(k)*getLE(inc[l%32:], size)
}

func addBlocks(size int, float bool, dst *byte, blocks, stride int, base *[128]byte, first uint64, inc *[32]byte) {
	if blocks <= 0 {
		return
	}
	out := unsafe.Slice(dst, (blocks-1)*stride+128)
	for k := range blocks {
		for l := 0; l < 128; l += size {
			putLE(out[k*stride+l:], size, addLane(size, float, base, first, inc, l, k))
		}
	}
}

// add192_g is the twin of add192{B,W,D,Q,S}[NT]: lane l of block k (of
// 2^lane bytes at byte l; float32 for laneS) is base[l] + first + k*inc,
// wrapping (integers) or exact (float32, by the planner's precondition).
func add192_g(lane int, dst *byte, blocks int, base *[192]byte, first uint64, inc *[32]byte) {
	addPeriod_g(lane, dst, blocks, base[:], first, inc)
}

// add640_g is the twin of add640x{B,W,D,Q}[NT]: add192_g in blocks of
// 640 bytes.
func add640_g(lane int, dst *byte, blocks int, base *[640]byte, first uint64, inc *[32]byte) {
	addPeriod_g(lane, dst, blocks, base[:], first, inc)
}

// addPeriod_g writes blocks blocks of len(base) bytes one after another at
// dst, as add192_g says.
func addPeriod_g(lane int, dst *byte, blocks int, base []byte, first uint64, inc *[32]byte) {
	size, float := 1<<lane, lane == laneS
	if float {
		size = 4
	}
	blk := len(base)
	out := unsafe.Slice(dst, blocks*blk)
	for k := range blocks {
		for l := 0; l < blk; l += size {
			var v uint64
			if float {
				f32 := func(b []byte) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))) }
				x := f32(base[l:]) + float64(math.Float32frombits(uint32(first)))
				if k > 0 {
					x += float64(k) * f32(inc[l%32:])
				}
				v = uint64(math.Float32bits(float32(x)))
			} else {
				v = getLE(base[l:], size) + first + uint64(k)*getLE(inc[l%32:], size)
			}
			putLE(out[k*blk+l:], size, v)
		}
	}
}

// f64Lane returns lane l of block k of the float64 kernels: base[l] + first
// + k*inc, exact by the planner's precondition.
func f64Lane(base *[16]float64, first uint64, inc *[4]float64, l, k int) float64 {
	return base[l] + math.Float64frombits(first) + float64(k)*inc[0]
}

func f64To32_g(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64) {
	f64To32Stride_g(dst, blocks, base, first, inc, 64)
}

// f64To32Mask_g is the twin of cvtF32Mask[x|Y][A]: f64To32Stride_g's
// blocks, each byte stored only where its bit of mask is set.
func f64To32Mask_g(dst *byte, blocks, stride int, base *[16]float64, first uint64, inc *[4]float64, mask *uint64) {
	if blocks <= 0 {
		return
	}
	out := unsafe.Slice(dst, (blocks-1)*stride+64)
	for k := range blocks {
		for l := range 16 {
			v := math.Float32bits(float32(f64Lane(base, first, inc, l, k)))
			for b := range 4 {
				if *mask>>(4*l+b)&1 != 0 {
					out[k*stride+4*l+b] = byte(v >> (8 * b))
				}
			}
		}
	}
}

// f64To32Stride_g is the twin of cvtF32StrideY[NT]: f64To32_g's blocks,
// stride bytes apart.
func f64To32Stride_g(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, stride int) {
	if blocks <= 0 {
		return
	}
	out := unsafe.Slice(dst, (blocks-1)*stride+64)
	for k := range blocks {
		for l := range 16 {
			binary.LittleEndian.PutUint32(out[stride*k+4*l:], math.Float32bits(float32(f64Lane(base, first, inc, l, k))))
		}
	}
}

// f64To32Period_g is the twin of cvt320xF32[NT]: f64To32_g's elements
// from 80 lanes, blocks of 320 bytes one after another, lane l of block k
// base[l] + first + k*inc[0] (exact by the planner's precondition).
func f64To32Period_g(dst *byte, blocks int, base *[80]float64, first uint64, inc *[4]float64) {
	if blocks <= 0 {
		return
	}
	out := unsafe.Slice(dst, blocks*320)
	for k := range blocks {
		for l, b := range base {
			v := b + math.Float64frombits(first) + float64(k)*inc[0]
			binary.LittleEndian.PutUint32(out[320*k+4*l:], math.Float32bits(float32(v)))
		}
	}
}

func f64To16_g(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64) {
	out := unsafe.Slice(dst, blocks*32)
	for k := range blocks {
		for l := range 16 {
			binary.LittleEndian.PutUint16(out[32*k+2*l:], f64ToF16(f64Lane(base, first, inc, l, k)))
		}
	}
}

// f32Lane returns lane l of block k of the float32-to-float16 kernels:
// base[l] + first + k*inc, exact by the planner's precondition.
func f32Lane(base *[32]float32, first uint64, inc *[8]float32, l, k int) float64 {
	return float64(base[l]) + float64(math.Float32frombits(uint32(first))) + float64(k)*float64(inc[0])
}

func fma_g(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta uint64) {
	out := unsafe.Slice(dst, blocks*128)
	st, d := math.Float64frombits(start), math.Float64frombits(delta)
	for k := range blocks {
		for l := range 16 {
			i := f64Lane(base, first, inc, l, k) // an exact integer
			binary.LittleEndian.PutUint64(out[128*k+8*l:], math.Float64bits(math.FMA(i, d, st)))
		}
	}
}

// fmaS_g is the twin of fmaStoreS[x][NT]: fmaStrideS_g's blocks one
// after another.
func fmaS_g(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64) {
	fmaStrideS_g(dst, blocks, base, first, inc, start, delta, 128)
}

// fmaStrideS_g is the twin of fmaStrideSY[NT]: fmaS_g's blocks, stride
// bytes apart.
func fmaStrideS_g(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, stride int) {
	if blocks <= 0 {
		return
	}
	out := unsafe.Slice(dst, (blocks-1)*stride+128)
	st := float64(math.Float32frombits(uint32(start)))
	d := float64(math.Float32frombits(uint32(delta)))
	for k := range blocks {
		for l := range 32 {
			i := f32Lane(base, first, inc, l, k) // an exact integer below 2^24
			p := float64(i * d)                  // exact: 24 bits times 24 bits
			binary.LittleEndian.PutUint32(out[stride*k+4*l:], math.Float32bits(sumToF32(p, st)))
		}
	}
}

// fmaMaskS_g is the twin of fmaMaskxS[A] and fmaMaskYS[A]: fmaS_g's elements, blocks stride
// bytes apart, each byte stored only where its bit of mask is set.
func fmaMaskS_g(dst *byte, blocks, stride int, base *[32]float32, first uint64, inc *[8]float32, start, delta uint64, mask *[2]uint64) {
	if blocks <= 0 {
		return
	}
	out := unsafe.Slice(dst, (blocks-1)*stride+128)
	st := float64(math.Float32frombits(uint32(start)))
	d := float64(math.Float32frombits(uint32(delta)))
	for k := range blocks {
		for l := range 32 {
			var b [4]byte
			binary.LittleEndian.PutUint32(b[:], math.Float32bits(sumToF32(f32Lane(base, first, inc, l, k)*d, st)))
			for i := range 4 {
				if at := 4*l + i; mask[at/64]>>(at%64)&1 != 0 {
					out[k*stride+at] = b[i]
				}
			}
		}
	}
}

// fma192S_g is the twin of fma192S[NT]: fmaS_g's elements from 48 lanes,
// lane l of block k the exact index base[l] + first + k*inc[0].
func fma192S_g(dst *byte, blocks int, base *[48]float32, first uint64, inc *[8]float32, start, delta uint64) {
	fmaPeriodS_g(dst, blocks, base[:], first, inc, start, delta)
}

// fma640S_g is the twin of fma640xS[NT]: fma192S_g in blocks of 640 bytes
// (160 lanes).
func fma640S_g(dst *byte, blocks int, base *[160]float32, first uint64, inc *[8]float32, start, delta uint64) {
	fmaPeriodS_g(dst, blocks, base[:], first, inc, start, delta)
}

// fmaPeriodS_g writes blocks blocks of len(base) float32 one after
// another at dst, as fma192S_g says.
func fmaPeriodS_g(dst *byte, blocks int, base []float32, first uint64, inc *[8]float32, start, delta uint64) {
	blk := 4 * len(base)
	out := unsafe.Slice(dst, blocks*blk)
	st := float64(math.Float32frombits(uint32(start)))
	d := float64(math.Float32frombits(uint32(delta)))
	for k := range blocks {
		for l := range base {
			i := float64(base[l]) + float64(math.Float32frombits(uint32(first))) + float64(k)*float64(inc[0]) // an exact integer below 2^24
			binary.LittleEndian.PutUint32(out[blk*k+4*l:], math.Float32bits(sumToF32(i*d, st)))
		}
	}
}

func f32To16_g(dst *byte, blocks int, base *[32]float32, first uint64, inc *[8]float32) {
	out := unsafe.Slice(dst, blocks*64)
	for k := range blocks {
		for l := range 32 {
			binary.LittleEndian.PutUint16(out[64*k+2*l:], f64ToF16(f32Lane(base, first, inc, l, k)))
		}
	}
}

func bin_g(dst *byte, blocks int, base *[32]int32, first, inc, shift, c, ties uint64) {
	out := unsafe.Slice(dst, blocks*64)
	for k := range blocks {
		for l, e := range packOrder {
			kb := uint32(base[l]) + uint32(first) + uint32(k)*uint32(inc)
			q := kb >> shift
			if ties>>e&1 != 0 {
				q &^= 1
			}
			binary.LittleEndian.PutUint16(out[64*k+2*int(e):], uint16(q)+uint16(c))
		}
	}
}

// binSpan_g is the twin of f16BinxSpan (base, the lanes of d, unused).
func binSpan_g(dst *byte, n int, _ *[32]int32, first, d, shift, c, ties uint64) {
	out := unsafe.Slice(dst, 2*n)
	for e := range n {
		q := (uint32(first) + uint32(e)*uint32(d)) >> shift
		if ties>>(e%64)&1 != 0 {
			q &^= 1
		}
		binary.LittleEndian.PutUint16(out[2*e:], uint16(q)+uint16(c))
	}
}

// binSpan128_g is the twin of f16BinxSpan128: binSpan_g with a tie every
// 128 elements from element tie (below 128).
func binSpan128_g(dst *byte, n int, _ *[32]int32, first, d, shift, c, tie uint64) {
	out := unsafe.Slice(dst, 2*n)
	for e := range n {
		q := (uint32(first) + uint32(e)*uint32(d)) >> shift
		if (uint64(e)+128-tie)%128 == 0 {
			q &^= 1
		}
		binary.LittleEndian.PutUint16(out[2*e:], uint16(q)+uint16(c))
	}
}

// runs_g is the twin of f16Runs[NT] and f16RunsY[NT].
func runs_g(dst *byte, n int, v, inc, next, rem uint64, steps *[5]uint64) {
	out := unsafe.Slice(dst, 2*n)
	runsWalk(n, v, inc, next, rem, steps, func(e int, v uint16) {
		binary.LittleEndian.PutUint16(out[2*e:], v)
	})
}

// rowsRuns_g is the twin of f16RowsRuns[NT] and f16RowsRunsY[NT]: the rows' elements in order, as
// runs_g writes a span.
func rowsRuns_g(dst *byte, rows, pitch, rowBytes int, v, inc, next, rem uint64, steps *[5]uint64) {
	out := unsafe.Slice(dst, (rows-1)*pitch+rowBytes)
	n := rowBytes / 2
	runsWalk(rows*n, v, inc, next, rem, steps, func(e int, v uint16) {
		binary.LittleEndian.PutUint16(out[e/n*pitch+2*(e%n):], v)
	})
}

// runsWalk gives put each of the n elements of a span of the runs
// kernels' contract (runsKernel), in order, by its definition: the value
// gains inc at each change, and each change is placed from the last.
func runsWalk(n int, v, inc, next, rem uint64, steps *[5]uint64, put func(e int, v uint16)) {
	at, r, pair := next, int64(rem), 0
	for e := range uint64(n) {
		if e == at {
			v += inc
			q, less := steps[2*pair], steps[2*pair+1]
			at, r, pair = at+q, r-int64(less), 1-pair
			if r < 0 {
				at, r = at+1, r+int64(steps[4])
			}
		}
		put(int(e), uint16(v))
	}
}

// fmaD_g is the twin of fmaDStore[x][NT]: lane l of block k holds the
// exact index base[l] + first + k*inc[0] (float64), each element is
// math.FMA(index, delta, start) converted to float32; it stops before the
// first block with a float64 value that is a float32 midpoint or, where
// tiny is not 0, below 2^-126 in magnitude.
func fmaD_g(dst *byte, blocks int, base *[16]float64, first uint64, inc *[4]float64, start, delta, tiny uint64) int {
	out := unsafe.Slice(dst, blocks*64)
	st, d := math.Float64frombits(start), math.Float64frombits(delta)
	var ys [16]float64
	for k := range blocks {
		for l := range 16 {
			y := math.FMA(f64Lane(base, first, inc, l, k), d, st)
			b := math.Float64bits(y)
			if f32Midpoint(b) || tiny != 0 && math.Abs(y) < 0x1p-126 {
				return k
			}
			ys[l] = y
		}
		for l, y := range ys {
			binary.LittleEndian.PutUint32(out[64*k+4*l:], math.Float32bits(float32(y)))
		}
	}
	return blocks
}

// binS_g is the twin of f32Binq[NT].
func binS_g(dst *byte, blocks int, base *[16]int64, first, inc, shift, c, ties uint64) {
	binWide(unsafe.Slice(dst, blocks*64), base[:], first, inc, shift, c, ties)
}

// binWide writes the blocks of 64 bytes of out from int64 binade lanes,
// one lane an element of 64/len(base) bytes (float16 or float32).
func binWide(out []byte, base []int64, first, inc, shift, c, ties uint64) {
	size := 64 / len(base)
	for k := range len(out) / 64 {
		for l := range base {
			kb := uint64(base[l]) + first + uint64(k)*inc
			q := kb >> shift
			if ties != 0 {
				q &= (kb-1)>>shift | ^uint64(1)
			}
			putLE(out[64*k+size*l:], size, q+c)
		}
	}
}

// rowBlocks calls write(at, f, k) for each block of block bytes that the row
// kernels write in a row of rowBytes starting at address p: a block at the
// start if p is not 64-byte aligned (place f = 0), blocks from
// the first aligned byte (f = 1, the k-th of them) while a block ends
// before the row's end, and a block ending at the end (f = 2). (The
// streaming row kernels write each byte from the same place where the
// places' values are of one sequence, as the planner gives them.)
func rowBlocks(p uintptr, rowBytes, block int, write func(at, f, k int)) {
	mis := int(-p & 63)
	if mis != 0 {
		write(0, 0, 0)
	}
	for k, at := 0, mis; at+block < rowBytes; k, at = k+1, at+block {
		write(at, 1, k)
	}
	write(rowBytes-block, 2, 0)
}

// intPlaces returns the values at the three places of row r (at address
// at, of elements of size bytes) of integer rowSteps: its first value v =
// first + r*rowD, v + mis*d (mis: the elements before its first 64-byte
// aligned byte) and v + lastD, wrapping.
func intPlaces(steps *rowSteps, r int, at uintptr, size int) [3]uint64 {
	v := steps.first + uint64(r)*steps.rowD
	mis := uint64(-at&63) / uint64(size)
	return [3]uint64{v, v + mis*steps.d, v + steps.lastD}
}

// floatPlaces returns the float32 bits of a float row's three places from
// its first value v, mis elements before its first 64-byte aligned byte:
// v, v + mis*d, v + lastD, each in float64 and then rounded to float32
// (rowSteps of float64 bits).
func floatPlaces(v float64, mis uint64, steps *rowSteps) [3]uint64 {
	return [3]uint64{
		uint64(math.Float32bits(float32(v))),
		uint64(math.Float32bits(float32(v + float64(mis)*math.Float64frombits(steps.d)))),
		uint64(math.Float32bits(float32(v + math.Float64frombits(steps.lastD)))),
	}
}

// rowsBin_g is the twin of rowsBinx: each place's blocks as bin_g writes
// them.
func rowsBin_g(dst *byte, rows, pitch, rowBytes int, base *[32]int32, steps *binSteps, inc, shift, c uint64) {
	for r := range rows {
		row := unsafe.Add(unsafe.Pointer(dst), r*pitch)
		kb := steps.kb + uint64(r)*steps.rowD
		e := uint64(r) * steps.n
		mis := uint64(-uintptr(row)&63) / 2
		fs := [3]uint64{kb, kb + mis*steps.d, kb + steps.lastD}
		es := [3]uint64{e, e + mis, e + steps.n - 32}
		rowBlocks(uintptr(row), rowBytes, 64, func(at, f, k int) {
			ties := uint64(uint32(steps.every << ((steps.tie - es[f]) & steps.perMask)))
			bin_g((*byte)(unsafe.Add(row, at)), 1, base, uint64(uint32(fs[f])+uint32(k)*uint32(inc)), inc, shift, c, ties)
		})
	}
}

// rowsBinS_g is the twin of rowsBinSY[NT]: each place's blocks of 16
// float32 as binS_g writes them.
func rowsBinS_g(dst *byte, rows, pitch, rowBytes int, base *[16]int64, steps *rowSteps, inc, shift, c, ties uint64) {
	for r := range rows {
		row := unsafe.Add(unsafe.Pointer(dst), r*pitch)
		fs := intPlaces(steps, r, uintptr(row), 4)
		rowBlocks(uintptr(row), rowBytes, 64, func(at, f, k int) {
			binS_g((*byte)(unsafe.Add(row, at)), 1, base, fs[f]+uint64(k)*inc, inc, shift, c, ties)
		})
	}
}

// bin192_g is the twin of bin192x[NT]: each lane's y (its magnitude plus
// half its shift's unit) from block j0 on shifted by its shift (rounded
// half up) and, where ties is not 0 and y's bits under the lane's mask m
// are 0 (a tie), its last bit cleared (ties to even), saturated to 16 bits
// as VPACKUSDW does, plus its element's word; block k at stride*k bytes.
func bin192_g(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64) {
	binLanesBlocks(192, dst, blocks, stride, l, j0, ties, nil)
}

// bin128_g is the twin of bin128x[NT]: bin192_g in blocks of 128 bytes,
// lanes 0-63 (the words 0-63).
func bin128_g(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64) {
	binLanesBlocks(128, dst, blocks, stride, l, j0, ties, nil)
}

// bin64_g is the twin of bin64Y[NT]: bin192_g in blocks of 64 bytes,
// lanes 0-31 (the words 0-31).
func bin64_g(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64) {
	binLanesBlocks(64, dst, blocks, stride, l, j0, ties, nil)
}

// binSet_g is table.binSet's twin, by the block: bin64_g, bin128_g or
// bin192_g.
func binSet_g(blk int, dst *byte, blocks, stride int, l *binLanes, j0, ties uint64) {
	switch blk {
	case 64:
		bin64_g(dst, blocks, stride, l, j0, ties)
	case 128:
		bin128_g(dst, blocks, stride, l, j0, ties)
	default:
		bin192_g(dst, blocks, stride, l, j0, ties)
	}
}

// binSetMask_g is table.binSetMask's twin, by the block: bin128M_g or
// bin192M_g.
func binSetMask_g(blk int, dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64) {
	if blk == 128 {
		bin128M_g(dst, blocks, stride, l, j0, ties, mask)
		return
	}
	bin192M_g(dst, blocks, stride, l, j0, ties, mask)
}

// bin192M_g is the twin of bin192xM[A]: bin192_g's blocks, each byte
// stored only where its bit of mask is set.
func bin192M_g(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64) {
	binLanesBlocks(192, dst, blocks, stride, l, j0, ties, mask)
}

// bin128M_g is the twin of bin128xM[A]: bin128_g's blocks under the masks
// mask[0] and mask[1].
func bin128M_g(dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64) {
	binLanesBlocks(128, dst, blocks, stride, l, j0, ties, mask)
}

// binLanesBlocks writes the twins' blocks of blk bytes, the words of lanes whose
// word lies in the block, each byte only where its bit of mask is set (nil:
// every byte).
func binLanesBlocks(blk int, dst *byte, blocks, stride int, l *binLanes, j0, ties uint64, mask *[3]uint64) {
	if blocks <= 0 {
		return
	}
	out := unsafe.Slice(dst, (blocks-1)*stride+blk)
	var block [192]byte
	for k := range blocks {
		for L, w := range binWord {
			if 2*int(w) >= blk {
				continue
			}
			xy := l.x[L] + uint32(j0+uint64(k))*l.dm[L] // y
			q := xy >> l.s[L]
			if ties != 0 && xy&l.m[L] == 0 {
				q &^= 1
			}
			y := min(max(int64(int32(q)), 0), 0xffff)
			binary.LittleEndian.PutUint16(block[2*int(w):], uint16(y)+l.c[w])
		}
		for b := range blk {
			if mask == nil || mask[b/64]>>(b%64)&1 != 0 {
				out[k*stride+b] = block[b]
			}
		}
	}
}

// zip_g is the twin of zipx and zipBx: blocks*z.rows rows of z.n elements
// of 2^z.lg bytes, one after another at dst, element e of row r from
// element r of the column z.stride*e bytes into cols.
func zip_g(dst, cols *byte, blocks int, z *zipPlan) {
	size, rows := 1<<z.lg, blocks*z.rows
	if rows == 0 {
		return
	}
	out := unsafe.Slice(dst, rows*z.n*size)
	in := unsafe.Slice(cols, (z.n-1)*z.stride+rows*size)
	for r := range rows {
		for e := range z.n {
			copy(out[(r*z.n+e)*size:][:size], in[e*z.stride+r*size:][:size])
		}
	}
}

// packOrder[l] is the element of a 32-element block that lane l of the
// int32 binade kernels holds: the even elements in lanes 0-15, the odd ones
// in lanes 16-31, so that the odd elements' results, in the high words of
// their lanes, fall between the even ones' in the low words.
var packOrder = func() (o [32]int64) {
	for l := range o {
		o[l] = int64(2*(l%16) + l/16)
	}
	return o
}()

func putLE(b []byte, size int, w uint64) {
	switch size {
	case 1:
		b[0] = byte(w)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(w))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(w))
	default:
		binary.LittleEndian.PutUint64(b, w)
	}
}

func getLE(b []byte, size int) uint64 {
	switch size {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	default:
		return binary.LittleEndian.Uint64(b)
	}
}

// rows_g is the twin of rowsAdd{B,W,D,Q,S}[NT], by lane.
func rows_g(lane int, dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte) {
	if lane == laneS {
		rowsAdd(4, true, dst, rows, pitch, rowBytes, base, steps, inc)
		return
	}
	rowsAdd(1<<lane, false, dst, rows, pitch, rowBytes, base, steps, inc)
}

// rowsAdd writes rows as the row kernels of elements of size bytes do
// (float: float32 lanes), each block from its row's place (rowBlocks) and
// each lane as addLane computes it.
func rowsAdd(size int, float bool, dst *byte, rows, pitch, rowBytes int, base *[128]byte, steps *rowSteps, inc *[32]byte) {
	v := math.Float64frombits(steps.first) // a float row's first value
	for r := range rows {
		row := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(dst), r*pitch)), rowBytes)
		at := uintptr(unsafe.Pointer(&row[0]))
		fs := intPlaces(steps, r, at, size)
		if float {
			fs = floatPlaces(v, uint64(-at&63)/uint64(size), steps)
			v += math.Float64frombits(steps.rowD)
		}
		rowBlocks(at, rowBytes, 128, func(at, f, k int) {
			for l := 0; l < 128; l += size {
				putLE(row[at+l:], size, addLane(size, float, base, fs[f], inc, l, k))
			}
		})
	}
}

// rowsFMAS_g is the twin of rowsFMASx and rowsFMASY [NT]: each place's blocks of 16
// float32 as fmaS_g writes its lanes.
func rowsFMAS_g(dst *byte, rows, pitch, rowBytes int, base *[16]float32, steps *rowSteps, inc, start, delta uint64) {
	st := float64(math.Float32frombits(uint32(start)))
	d := float64(math.Float32frombits(uint32(delta)))
	step := float64(math.Float32frombits(uint32(inc)))
	for r := range rows {
		row := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(dst), r*pitch)), rowBytes)
		fs := intPlaces(steps, r, uintptr(unsafe.Pointer(&row[0])), 4) // the places' indices
		rowBlocks(uintptr(unsafe.Pointer(&row[0])), rowBytes, 64, func(at, f, k int) {
			first := float64(float32(fs[f])) // (exact: below 2^24)
			for l := range 16 {
				i := float64(base[l]) + first + float64(k)*step // an exact integer below 2^24
				binary.LittleEndian.PutUint32(row[at+4*l:], math.Float32bits(sumToF32(float64(i*d), st)))
			}
		})
	}
}
