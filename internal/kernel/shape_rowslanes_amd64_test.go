//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestAdd640Kernels: add640x{B,W,D,Q}[NT] (AVX-512, rows-lanes' rows
// that repeat every five blocks of 128 bytes) against their twin: random
// lanes, first and inc, any number of blocks, at any offset (the regular
// forms; the streaming ones aligned to 64 bytes), the bytes around
// untouched.
func TestAdd640Kernels(t *testing.T) {
	r := rand.New(rand.NewPCG(113, 114))
	for _, p := range add640Pairs {
		if skip(p) {
			t.Skipf("%s: no AVX-512 on this CPU", p.name)
		}
		lane := laneOf(p.name, len("add640x"))
		for c := range 40 {
			blocks := r.IntN(30)
			var base [640]byte
			var inc [32]byte
			for i := range base {
				base[i] = byte(r.Uint32())
			}
			v, first := r.Uint64(), r.Uint64()
			for l := 0; l < 32; l += 1 << lane {
				putLE(inc[l:], 1<<lane, v)
			}
			m := newKernelMem(r, blocks*640, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, first, &inc)
			p.twin(w.dst(), blocks, &base, first, &inc)
			compareMem(t, fmt.Sprintf("%s blocks %d case %d", p.name, blocks, c), m, w)
		}
	}
}

// TestFMA640SKernels: fma640xS[NT] (AVX-512, rows-lanes' float32 rows
// that repeat every five blocks of 128 bytes, as fma-s lanes) against its
// twin: exact index lanes below 2^24 in every block, random finite start
// and delta, any number of blocks, the bytes around untouched.
func TestFMA640SKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(115, 116))
	for _, p := range fma640SPairs {
		if skip(p) {
			t.Skipf("%s: no AVX-512 on this CPU", p.name)
		}
		for c := range 100 {
			blocks := r.IntN(30)
			var base [160]float32
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
			m := newKernelMem(r, blocks*640, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, first, &inc, start, delta)
			p.twin(w.dst(), blocks, &base, first, &inc, start, delta)
			compareMem(t, fmt.Sprintf("%s blocks %d case %d", p.name, blocks, c), m, w)
		}
	}
}

// TestF64PeriodKernels: cvt320xF32[NT] (AVX-512, rows-lanes' float32 rows
// of f64 lanes that repeat every five blocks of 64 bytes) against its
// twin: lanes exact in float64 as TestF64Kernels draws them (float32 from
// far below its subnormals to past its largest), in any order, any number
// of blocks, at any offset (the regular form; the streaming one aligned to
// 64 bytes), the bytes around untouched.
func TestF64PeriodKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(117, 118))
	for _, p := range f64PeriodPairs {
		if skip(p) {
			t.Skipf("%s: no AVX-512 on this CPU", p.name)
		}
		for c := range 200 {
			blocks := r.IntN(30)
			b, f, in := exactLanes(r, 80, blocks, 53, r.IntN(300)-200)
			r.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
			var base [80]float64
			copy(base[:], b)
			inc := [4]float64{in, in, in, in}
			m := newKernelMem(r, blocks*320, p.nt)
			w := m.twin()
			p.asm(m.dst(), blocks, &base, math.Float64bits(f), &inc)
			p.twin(w.dst(), blocks, &base, math.Float64bits(f), &inc)
			compareMem(t, fmt.Sprintf("%s blocks %d case %d", p.name, blocks, c), m, w)
		}
	}
}
