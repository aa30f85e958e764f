package main

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/ceiling"
)

// ownCeiling is the target of a layout row against its own ceiling: the
// fastest plain writer of exactly the layout's bytes (internal/ceiling)
// measured in alternation with it. A plain writer does no arithmetic, so
// a fill may come close to it but not reach it by much.
const ownCeiling = 0.9

// ofOwnCeiling ends the name of every summary row that holds a layout to
// its own ceiling.
const ofOwnCeiling = "(of its own ceiling)"

// A layoutCeiling measures a layout's own ceiling on its buffer: every
// writer of internal/ceiling that this machine runs, the fastest kept. In
// the full run each measurement takes them all; under -quick, the one the
// first measurement found fastest alone.
type layoutCeiling struct {
	rows    ceiling.Rows
	b       []byte
	writers []ceiling.Writer
	best    string // the writer fastest the last time all were measured
}

func newLayoutCeiling(rows ceiling.Rows, b []byte) *layoutCeiling {
	ws, err := ceiling.Writers(rows)
	check(err)
	return &layoutCeiling{rows: rows, b: b[:rows.Span()], writers: ws}
}

// rate is the layout's ceiling, in GB/s of its bytes written.
func (c *layoutCeiling) rate() float64 {
	if *quick && c.best != "" {
		for _, w := range c.writers {
			if w.Name == c.best {
				return measure(c.rows.Written(), func() { w.Write(c.b) })
			}
		}
	}
	best := 0.0
	for _, w := range c.writers {
		r := measure(c.rows.Written(), func() { w.Write(c.b) })
		if r > best {
			best, c.best = r, w.Name
		}
	}
	return best
}

// against writes a layout of a type and sequence (sizes and strides; its
// bytes as runs, rows) one thread, alternated with its own ceiling and
// with the packed tensor of the same sizes, and holds it to ownCeiling of
// its own ceiling; the ratio to packed it prints. All three write b.
func (bn *bench) against(label string, dt dml.TensorDataType, sq seq, sizeName string, sz, strides []uint32, rows ceiling.Rows) {
	packed := mustOp(dt, sz, nil, sq, 1)
	laid := mustOp(dt, sz, strides, sq, 1)
	n := int(dml.CalcBufferTensorSize(dt, sz, nil)) // element bytes written, the same for all three
	b := bn.buf[:dml.CalcBufferTensorSize(dt, sz, strides)]
	// (A tensor's buffer is rounded up to 4 bytes.)
	if n != rows.Written() || len(b) != (rows.Span()+3)&^3 {
		check(fmt.Errorf("%s %v: the ceiling's runs %+v write %d bytes over %d, the layout %d over %d",
			label, dt, rows, rows.Written(), rows.Span(), n, len(b)))
	}
	check(packed.Execute(b)) // (the rows time Execute, ignoring its error: none here)
	check(laid.Execute(b))
	// The ceiling writes the same memory as the rows: on this bench's
	// second buffer the same writer measured up to 10% faster at 256 MiB
	// (its pages, not its bytes; docs/performance-log.md, 2026-12-02), a
	// bias for the ceiling that no fill could close.
	own := newLayoutCeiling(rows, b)
	best, each := alternateAll(
		func() float64 { return measure(n, func() { _ = packed.Execute(b) }) },
		func() float64 { return measure(n, func() { _ = laid.Execute(b) }) },
		own.rate)
	rp, rs, rc := best[0], best[1], best[2]
	var ofCeiling []float64
	for _, r := range each {
		ofCeiling = append(ofCeiling, r[1]/r[2])
	}
	// (As before there was an own ceiling, for scripts/benchcmp.py: the
	// rate, packed's, the ratio to packed.)
	fmt.Printf("  %s: %.1f vs %.1f GB/s (%.2f of packed; %.2f of its ceiling, %.1f by %s)", sizeName, rs, rp, rs/rp, rs/rc, rc, own.best)
	bn.sum.atLeast(fmt.Sprintf("%s %v %s %s %s", label, dt, sq.name, sizeName, ofOwnCeiling), rs/rc, ownCeiling, ofCeiling, noise)
}

// alternateAll takes samples of the rates fs in turn, a round at a time,
// and returns the best of each and each round's rates.
func alternateAll(fs ...func() float64) (best []float64, each [][]float64) {
	best = make([]float64, len(fs))
	for range rounds() {
		r := make([]float64, len(fs))
		for i, f := range fs {
			r[i] = f()
			best[i] = math.Max(best[i], r[i])
		}
		each = append(each, r)
	}
	return best, each
}

// paddedRows measures rows of 1024 elements padded by 16 against their own
// ceiling and packed.
func (bn *bench) paddedRows(padTypes []dml.TensorDataType) {
	fmt.Println("Padded strided layout (rows of 1024 elements padded by 16), one thread, against its own ceiling and packed:")
	for _, dt := range padTypes {
		e := int(dt.ElementSize())
		for _, sq := range padSequences(dt) {
			fmt.Printf("  %-8v %-16s", dt, sq.name)
			for _, s := range sizes[1:] {
				rows := s.bytes / e / 1040
				bn.against("padded", dt, sq, s.name, []uint32{uint32(rows), 1024}, []uint32{1040, 1},
					ceiling.Rows{Count: rows, Pitch: 1040 * e, Bytes: 1024 * e})
			}
			fmt.Println()
		}
	}
	fmt.Println()
}

// nhwcRows measures channels-innermost layouts against their own ceiling
// and packed.
func (bn *bench) nhwcRows(padTypes []dml.TensorDataType) {
	fmt.Println("Channels innermost (NHWC: sizes [1, C, H, W], strides [P*H*W, 1, P*W, P], a pixel P elements: 3 channels of W = 1024, and 3 channels in pixels of 4; FLOAT16 also 64 channels of W = 64; FLOAT32 and INT64 5 channels), one thread, against its own ceiling and packed:")
	type pixels struct{ c, w, p int }
	for _, dt := range padTypes {
		e := int(dt.ElementSize())
		sq := padSequences(dt)[len(padSequences(dt))-1]
		nhwc := []pixels{{3, 1024, 3}, {3, 1024, 4}}
		switch dt {
		case dml.TensorDataTypeFloat16:
			nhwc = append(nhwc, pixels{64, 64, 64})
		case dml.TensorDataTypeFloat32, dml.TensorDataTypeInt64:
			nhwc = append(nhwc, pixels{5, 1024, 5})
		}
		for _, l := range nhwc {
			label := "NHWC"
			switch {
			case l.p != l.c:
				label = fmt.Sprintf("NHWC C=%d P=%d", l.c, l.p)
			case l.c != 3:
				label = fmt.Sprintf("NHWC C=%d", l.c)
			}
			fmt.Printf("  %-8v %-16s C=%-3d P=%-3d", dt, sq.name, l.c, l.p)
			for _, s := range sizes[1:] {
				h := s.bytes / e / (l.p * l.w) // (the span within the buffer)
				bn.against(label, dt, sq, s.name, []uint32{1, uint32(l.c), uint32(h), uint32(l.w)},
					[]uint32{uint32(l.p * h * l.w), 1, uint32(l.p * l.w), uint32(l.p)},
					ceiling.Rows{Count: h * l.w, Pitch: l.p * e, Bytes: l.c * e})
			}
			fmt.Println()
		}
	}
	fmt.Println()
}

// printLayouts writes the summary's line on the layout rows against their
// own ceilings, if any were measured: how many are at ownCeiling or
// better, and which are short and which too noisy to judge.
func (s *summary) printLayouts(w io.Writer) {
	var n int
	var short, noisy []string
	for _, t := range s.rows {
		if !strings.HasSuffix(t.row, ofOwnCeiling) {
			continue
		}
		n++
		name := fmt.Sprintf("%s %.2f", strings.TrimSpace(strings.TrimSuffix(t.row, ofOwnCeiling)), t.got)
		switch t.verdict() {
		case "short":
			short = append(short, name)
		case "noisy":
			noisy = append(noisy, name)
		}
	}
	if n == 0 {
		return
	}
	fmt.Fprintf(w, "Layouts against their own ceilings: %d of %d rows at %.2f or better", n-len(short)-len(noisy), n, ownCeiling)
	if len(short) > 0 {
		fmt.Fprintf(w, "; short: %s", strings.Join(short, ", "))
	}
	if len(noisy) > 0 {
		fmt.Fprintf(w, "; too noisy to judge: %s", strings.Join(noisy, ", "))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
}
