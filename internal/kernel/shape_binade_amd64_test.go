//go:build amd64 && !purego

package kernel

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

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
