package main

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/benchcore"
	"github.com/dmlgo/dml/internal/kernel"
	"github.com/dmlgo/dml/internal/workers"
)

// A bench is one run's buffers (the rows' and the ceiling's own) and its
// summary of the rows short of their targets.
type bench struct {
	buf, cbuf []byte
	sum       summary
}

// ceilingRows measures the ceiling: the fastest way this machine writes
// non-zero bytes, each store method at each size.
func (bn *bench) ceilingRows() {
	buf := bn.buf
	ceiling := map[string]float64{}
	fmt.Println("Write ceiling, one thread, GB/s (non-zero pattern):")
	fmt.Printf("  %-10s", "method")
	for _, s := range sizes {
		fmt.Printf(" %9s", s.name)
	}
	fmt.Println()
	for _, m := range kernel.StoreMethods {
		fmt.Printf("  %-10s", m.Name)
		for _, s := range sizes {
			b := buf[:s.bytes]
			r := measure(s.bytes, func() { m.Store(b, benchcore.Pattern) })
			if r > ceiling[s.name] && *quick {
				quickCeiling[s.bytes] = m
			}
			ceiling[s.name] = math.Max(ceiling[s.name], r)
			fmt.Printf(" %9.1f", r)
		}
		fmt.Println()
	}
	fmt.Printf("  %-10s", "clear()")
	for _, s := range sizes {
		b := buf[:s.bytes]
		fmt.Printf(" %9.1f", measure(s.bytes, func() { clear(b) }))
	}
	fmt.Println("   (zeros: not a ceiling for a sequence)")
	fmt.Println()

}

// packedRows measures Execute on packed tensors of every type and
// sequence, one thread and all, each against the ceiling in alternation;
// then all threads against one, and the worker counts.
func (bn *bench) packedRows(types []dml.TensorDataType) {
	buf, cbuf, sum := bn.buf, bn.cbuf, &bn.sum
	var threads []string // the all-threads rows' figures against one thread, printed after the table
	fmt.Println("Execute on packed tensors, GB/s and ratio to the ceiling measured in alternation with it:")
	fmt.Printf("  %-8s %-16s %-8s", "type", "sequence", "threads")
	for _, s := range sizes {
		fmt.Printf(" %15s", s.name)
	}
	fmt.Println()
	for _, dt := range types {
		for _, sq := range sequences(dt) {
			for _, wk := range threadCounts() {
				wname := "1"
				if wk == 0 {
					wname = fmt.Sprint(runtime.GOMAXPROCS(0))
				}
				fmt.Printf("  %-8v %-16s %-8s", dt, sq.name, wname)
				against := fmt.Sprintf("  %-8v %-16s", dt, sq.name)
				for _, s := range sizes {
					n := s.bytes / int(dt.ElementSize())
					op := mustOp(dt, []uint32{uint32(n)}, nil, sq, wk)
					b := buf[:s.bytes]
					r, ratio, measured := pair(s.bytes, cbuf, func() { _ = op.Execute(b) })
					fmt.Printf(" %7.1f (%4.2f)", r, ratio)
					row := fmt.Sprintf("%v %s %s threads %s", dt, sq.name, wname, s.name)
					switch {
					case wk == 1:
						want := 0.85
						if s.name == "64KiB" {
							want = 0.8
							if sq.rounding {
								want = 0.7
							}
						}
						sum.atLeast(row+" (of the ceiling)", ratio, want, measured, noise)
					case workers.For(uint64(n), uint64(dt.ElementSize()), 0) == 1:
						// All threads choose one worker here: the same
						// code as one thread's (the choice itself is
						// measured in the worker-count rows).
						against += fmt.Sprintf(" %14s", "one worker")
					default:
						// Against one thread measured in alternation with
						// all (as the ceiling is with each).
						one := mustOp(dt, []uint32{uint32(n)}, nil, sq, 1)
						r1, rAll, measured := alternate(func() float64 { return measure(s.bytes, func() { _ = one.Execute(b) }) },
							func() float64 { return measure(s.bytes, func() { _ = op.Execute(b) }) })
						sum.atLeast(row+" (of one thread)", rAll/r1, sameSpeed, measured, 1-sameSpeed)
						against += fmt.Sprintf(" %14s", fmt.Sprintf("%d of 1: %.2f", runtime.GOMAXPROCS(0), rAll/r1))
					}
				}
				fmt.Println()
				if wk == 0 {
					threads = append(threads, against)
				}
			}
		}
	}
	fmt.Println()
	if len(threads) > 0 {
		fmt.Printf("All threads against one, in alternation: where they split, their rate of one thread's (\"%d of 1\"); where they choose one worker, one thread's code:\n",
			runtime.GOMAXPROCS(0))
		for _, t := range threads {
			fmt.Println(t)
		}
		fmt.Println()
		workerRows(types, buf, sum)
	}

}

// sequenceRows measures the Go-native API, dml.Sequence, against
// one-thread Execute on the same bytes.
func (bn *bench) sequenceRows(types []dml.TensorDataType) {
	sum := &bn.sum
	buf, cbuf := bn.buf, bn.cbuf
	fmt.Println("The Go-native API, dml.Sequence (as many goroutines as measured worth it), against one-thread Execute on the same bytes (FLOAT64: the ceiling):")
	for _, g := range goNative(types) {
		fmt.Printf("  %-10s %-16s", g.name, g.seq.name)
		for _, s := range sizes {
			b := buf[:s.bytes]
			fill := g.fill(b)
			var rs, rx float64
			var measured []float64
			of := "Execute"
			if g.dt == dml.TensorDataTypeUnknown {
				of = "the ceiling"
				rs, rx, measured = pair(s.bytes, cbuf, fill)
				rx = rs / rx // the ceiling's rate
			} else {
				op := mustOp(g.dt, []uint32{uint32(s.bytes / int(g.dt.ElementSize()))}, nil, g.seq, 1)
				rx, rs, measured = alternate(func() float64 { return measure(s.bytes, func() { _ = op.Execute(b) }) },
					func() float64 { return measure(s.bytes, fill) })
			}
			fmt.Printf("  %s: %.1f vs %.1f GB/s (%.2f)", s.name, rs, rx, rs/rx)
			sum.atLeast(fmt.Sprintf("Sequence %s %s %s (of %s)", g.name, g.seq.name, s.name, of), rs/rx, 0.9, measured, noise)
		}
		fmt.Println()
	}
	fmt.Println()

}

// smallExecute measures a 4-element Execute: its time and allocations.
func (bn *bench) smallExecute() {
	buf, sum := bn.buf, &bn.sum
	fmt.Println("A 4-element Execute (FLOAT32, 0.1 + i*0.3):")
	small := mustOp(dml.TensorDataTypeFloat32, []uint32{4}, nil, seq{"", "0.1", "0.3", true}, 0)
	sb := buf[:16]
	var ns []float64
	var allocs int64
	for range 2 { // twice: a noisy machine shows as the two differing
		res := testing.Benchmark(func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = small.Execute(sb)
			}
		})
		ns = append(ns, float64(res.NsPerOp()))
		allocs = max(allocs, res.AllocsPerOp())
	}
	fmt.Printf("  %.0f ns/op (measured %s), %d allocs/op\n\n", slices.Min(ns), figures(ns), allocs)
	sum.atMost("4-element Execute (ns)", slices.Min(ns), 100, ns, noise)
	sum.atMost("4-element Execute (allocations)", float64(allocs), 0, nil, 0)
}
