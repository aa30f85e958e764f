package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/dmlgo/dml"
	"github.com/x448/float16"
)

// The sweep (-sweep N): N sequences of each type drawn at random (seeded by
// -seed), one thread, packed, at every size, each against the ceiling in
// alternation and judged by the packed rows' targets. The table's rows are
// the sequences its targets name; the sweep looks for the ones nobody named.

// randomSeqs returns n sequences of type dt drawn from r: starts and deltas
// of every magnitude and sign the targets speak of (small, fractional,
// fine, large, near the type's limits, crossing zero), as text that
// dml.ParseScalar reads back to the same value.
func randomSeqs(dt dml.TensorDataType, n int, r *rand.Rand) []seq {
	out := make([]seq, 0, n)
	for len(out) < n {
		var s seq
		switch dt {
		case dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16:
			s = randomFloatSeq(dt, r)
		default:
			s = randomIntSeq(dt, r)
		}
		out = append(out, s)
	}
	return out
}

func randomFloatSeq(dt dml.TensorDataType, r *rand.Rand) seq {
	sign := func() float64 { return float64(1 - 2*r.IntN(2)) }
	top := 4.8 // log10 of the largest start drawn: float16 ends at 65504
	if dt == dml.TensorDataTypeFloat32 {
		top = 9
	}
	var start, delta float64
	switch r.IntN(5) {
	case 0:
		start = 0
	case 1:
		start = float64(r.IntN(201) - 100)
	case 2:
		start = (r.Float64()*2 - 1) * 1000
	case 3:
		start = sign() * math.Pow(10, 3+r.Float64()*(top-3))
	default:
		start = sign() * math.Pow(10, -8+r.Float64()*5)
	}
	switch r.IntN(4) {
	case 0:
		delta = float64(r.IntN(21) - 10)
	case 1:
		delta = sign() * math.Pow(10, -5+r.Float64()*6)
	case 2:
		delta = sign() * math.Ldexp(1, -1-r.IntN(10))
	default:
		delta = sign() * float64(1+r.IntN(9)) / float64(2+r.IntN(11))
	}
	text := func(v float64) string {
		if dt == dml.TensorDataTypeFloat16 {
			v = float64(float16.Fromfloat32(float32(v)).Float32())
		}
		return strconv.FormatFloat(float64(float32(v)), 'g', -1, 32)
	}
	s := seq{start: text(start), delta: text(delta)}
	s.name = s.start + "," + s.delta
	return s
}

func randomIntSeq(dt dml.TensorDataType, r *rand.Rand) seq {
	bits := 8 * int(dt.ElementSize())
	signed := dt == dml.TensorDataTypeInt8 || dt == dml.TensorDataTypeInt16 || dt == dml.TensorDataTypeInt32 || dt == dml.TensorDataTypeInt64
	// whole draws a value of the type's whole range.
	whole := func() uint64 { return r.Uint64() >> (64 - bits) }
	text := func(v uint64) string {
		if signed {
			return strconv.FormatInt(int64(v<<(64-bits))>>(64-bits), 10)
		}
		return strconv.FormatUint(v, 10)
	}
	var start, delta uint64
	switch r.IntN(3) {
	case 0:
		start = uint64(r.IntN(100))
	case 1:
		start = whole()
	default:
		start = uint64(-int64(r.IntN(100))) // small negative, or near the unsigned top (masked below)
	}
	switch r.IntN(4) {
	case 0:
		delta = uint64(int64(r.IntN(11) - 5))
	case 1:
		delta = uint64(1) << r.IntN(bits)
	case 2:
		delta = whole()
	default:
		delta = uint64(r.IntN(1000))
	}
	mask := uint64(1)<<bits - 1
	if bits == 64 {
		mask = math.MaxUint64
	}
	s := seq{start: text(start & mask), delta: text(delta & mask)}
	s.name = s.start + "," + s.delta
	return s
}

// exactIn reports whether every value of the sequence over n elements is
// exact in dt (a float type), by a sufficient test: start and delta as
// integers times 2^e, e the exponent of the lowest bit set in either, every
// sum below 2^precision and 2^e no finer than the type's least subnormal.
// A sequence it does not call exact is judged as a rounding one.
func exactIn(dt dml.TensorDataType, start, delta float64, n int) bool {
	prec, least := 24, -149
	if dt == dml.TensorDataTypeFloat16 {
		prec, least = 11, -24
	}
	low := func(v float64) int { // the exponent of v's lowest set bit
		if v == 0 {
			return math.MaxInt32
		}
		m, e := math.Frexp(v)
		for m != math.Trunc(m) {
			m *= 2
			e--
		}
		return e
	}
	e := min(low(start), low(delta))
	if e == math.MaxInt32 {
		return true // all zeros
	}
	if e < least {
		return false
	}
	a, b := math.Ldexp(start, -e), math.Ldexp(start+float64(n-1)*delta, -e)
	lim := math.Ldexp(1, prec)
	return math.Abs(a) < lim && math.Abs(b) < lim
}

// sweep measures the random sequences and adds them to sum.
func sweep(types []dml.TensorDataType, n int, seed uint64, buf, cbuf []byte, sum *summary) {
	fmt.Printf("Sweep: %d random sequences a type (-seed %d), packed, one thread, GB/s and ratio to the ceiling in alternation:\n", n, seed)
	r := rand.New(rand.NewPCG(seed, 0x9E3779B97F4A7C15))
	for _, dt := range types {
		for _, sq := range randomSeqs(dt, n, r) {
			fmt.Printf("  %-8v %-28s", dt, sq.name)
			for _, s := range sizes {
				count := s.bytes / int(dt.ElementSize())
				sq.rounding = false
				if dt == dml.TensorDataTypeFloat32 || dt == dml.TensorDataTypeFloat16 {
					st, _ := strconv.ParseFloat(sq.start, 32)
					de, _ := strconv.ParseFloat(sq.delta, 32)
					sq.rounding = !exactIn(dt, st, de, count)
				}
				op := mustOp(dt, []uint32{uint32(count)}, nil, sq, 1)
				b := buf[:s.bytes]
				rate, ratio, measured := pair(s.bytes, cbuf, func() { _ = op.Execute(b) })
				fmt.Printf(" %7.1f (%4.2f)", rate, ratio)
				want := 0.85
				if s.name == "64KiB" {
					want = 0.8
					if sq.rounding {
						want = 0.7
					}
				}
				sum.atLeast(fmt.Sprintf("sweep %v %s %s (of the ceiling)", dt, sq.name, s.name), ratio, want, measured, noise)
			}
			fmt.Println()
		}
	}
	fmt.Println()
}
