package dml_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/benchcore"
)

// These benchmarks are a second harness for the speed targets, beside
// cmd/dmlbench: Execute is reached through the public API only and timed
// here, by a loop of its own (buffers, the ceiling's store methods and the
// operators come from internal/benchcore, which both share). Each reports GB/s and two ratios, to
// ceilings measured around the same samples (the machine is shared and its
// speed drifts): "x-memmove", to the Go runtime's memmove copying an 8 KiB
// non-zero pattern that stays in L1 (independent of this module, but it
// also loads, and in cache it stays well below a store loop), and
// "x-stores", to the fastest of the store loops of internal/kernel
// (kernel.StoreMethods, the ceiling cmd/dmlbench uses):
//
//	go test -run '^$' -bench Execute .            # every row (about two minutes)
//	go test -run '^$' -bench Execute/FLOAT16 .      # one type's rows
//
// Nothing here asserts a speed; the figures are read, not tested.

// benchSizes are the sizes the targets name.
var benchSizes = []struct {
	name  string
	bytes int
}{{"64KiB", 64 << 10}, {"4MiB", 4 << 20}, {"256MiB", 256 << 20}}

// bestRate returns the best rate, in GB/s, of f writing n bytes, over
// samples of at least 10 ms.
func bestRate(n, samples int, f func()) float64 {
	best := 0.0
	for range samples {
		reps := 0
		start := time.Now()
		for time.Since(start) < 10*time.Millisecond {
			f()
			reps++
		}
		best = max(best, float64(n)*float64(reps)/time.Since(start).Seconds()/1e9)
	}
	return best
}

// copyRate is the rate of filling b with copies of an 8 KiB non-zero
// pattern (the runtime's memmove).
func copyRate(b []byte, samples int) float64 {
	var pat [8192]byte
	for i := range pat {
		pat[i] = byte(i*7 + 1)
	}
	return bestRate(len(b), samples, func() {
		for off := 0; off < len(b); off += len(pat) {
			copy(b[off:], pat[:])
		}
	})
}

// storeRate is the rate of the fastest of internal/kernel's store loops
// writing a non-zero pattern over b.
func storeRate(b []byte, samples int) float64 {
	return benchcore.Ceiling(b, func(n int, f func()) float64 { return bestRate(n, samples, f) })
}

func benchOp(b *testing.B, dt dml.TensorDataType, sizes, strides []uint32, start, delta string, workers int) dml.Operator {
	op, err := benchcore.Op(dt, sizes, strides, start, delta, workers)
	if err != nil {
		b.Fatal(err)
	}
	return op
}

// BenchmarkExecute runs Execute on packed tensors of every type (an easy
// sequence for all, a rounding-heavy one for the float types) at each size,
// on one thread, and reports its best rate over chunks of the run against
// the best of the two ceilings sampled between the chunks.
func BenchmarkExecute(b *testing.B) {
	types := []dml.TensorDataType{
		dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16,
		dml.TensorDataTypeUint8, dml.TensorDataTypeInt8, dml.TensorDataTypeUint16, dml.TensorDataTypeInt16,
		dml.TensorDataTypeUint32, dml.TensorDataTypeInt32, dml.TensorDataTypeUint64, dml.TensorDataTypeInt64,
	}
	buf := benchcore.PageAligned(benchSizes[len(benchSizes)-1].bytes)
	for _, dt := range types {
		seqs := [][3]string{{"easy", "0", "1"}}
		if dt.IsFloat() {
			seqs = append(seqs, [3]string{"round", "0.1", "0.3"})
		}
		for _, sq := range seqs {
			for _, sz := range benchSizes {
				b.Run(fmt.Sprintf("%v/%s/%s", dt, sq[0], sz.name), func(b *testing.B) {
					n := sz.bytes / int(dt.ElementSize())
					op := benchOp(b, dt, []uint32{uint32(n)}, nil, sq[1], sq[2], 1)
					out := buf[:sz.bytes]
					if err := op.Execute(out); err != nil { // fault the pages in
						b.Fatal(err)
					}
					// Execute in chunks of about 50 ms, each followed by a
					// sample of each ceiling: the best of each, as close
					// in time as they can be.
					t := time.Now()
					_ = op.Execute(out)
					chunk := max(1, int(50*time.Millisecond/max(time.Since(t), 1)))
					var rate, cp, st float64
					b.SetBytes(int64(sz.bytes))
					b.ResetTimer()
					for done := 0; done < b.N; {
						m := min(chunk, b.N-done)
						t := time.Now()
						for range m {
							_ = op.Execute(out)
						}
						rate = max(rate, float64(sz.bytes)*float64(m)/time.Since(t).Seconds()/1e9)
						done += m
						b.StopTimer()
						cp, st = max(cp, copyRate(out, 1)), max(st, storeRate(out, 1))
						b.StartTimer()
					}
					b.ReportMetric(rate/cp, "x-memmove")
					b.ReportMetric(rate/st, "x-stores")
				})
			}
		}
	}
}

// BenchmarkExecutePadded compares rows of 1024 elements padded by 16 with
// the same rows packed, one thread, in alternation: "x-packed" is the padded
// layout's rate over the packed one's.
func BenchmarkExecutePadded(b *testing.B) {
	buf := benchcore.PageAligned(benchSizes[len(benchSizes)-1].bytes)
	for _, dt := range []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeUint8, dml.TensorDataTypeFloat16, dml.TensorDataTypeInt64} {
		for _, sz := range benchSizes[1:] {
			b.Run(fmt.Sprintf("%v/%s", dt, sz.name), func(b *testing.B) {
				es := int(dt.ElementSize())
				rows := sz.bytes / es / 1040
				packed := benchOp(b, dt, []uint32{uint32(rows), 1024}, nil, "0", "1", 1)
				padded := benchOp(b, dt, []uint32{uint32(rows), 1024}, []uint32{1040, 1}, "0", "1", 1)
				out := buf[:rows*1040*es]
				_ = packed.Execute(out)
				var tPacked, tPadded time.Duration
				for range b.N {
					t := time.Now()
					_ = padded.Execute(out)
					tPadded += time.Since(t)
					t = time.Now()
					_ = packed.Execute(out)
					tPacked += time.Since(t)
				}
				b.ReportMetric(tPacked.Seconds()/tPadded.Seconds(), "x-packed")
			})
		}
	}
}

// BenchmarkExecuteSmall is a 4-element Execute: its cost is the call's.
func BenchmarkExecuteSmall(b *testing.B) {
	op := benchOp(b, dml.TensorDataTypeFloat32, []uint32{4}, nil, "0.1", "0.3", 0)
	out := make([]byte, 16)
	b.ReportAllocs()
	for b.Loop() {
		_ = op.Execute(out)
	}
}
