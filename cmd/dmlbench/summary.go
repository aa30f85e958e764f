package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// noise is the tolerance of a row whose figure is a ratio to the ceiling
// or to another layout: the same figure measured twice, on this shared
// machine, differs by up to a few percent when it is quiet (benchcmp.py
// takes 5% as noise too). The rows that hold two speeds to each other
// have their target's own margin as tolerance: sameSpeed's 2% and the
// worker counts' 5%.
const noise = 0.05

// summary collects every row's figure against its target and names the
// worst.
type summary struct {
	rows []target
}

// A target is a row's figure against what it should be. The figure was
// measured once a round (measured) as well as best of all rounds (got): a
// row short of its target whose measurements differ by more than tol is
// too noisy to judge, not short.
type target struct {
	row       string
	got, want float64
	atMost    bool
	measured  []float64
	tol       float64
}

// atLeast adds a row whose figure got should be want or more; measured
// is the figure as each round measured it, tol how far two of them may
// differ, as a fraction, before the row is too noisy to judge.
func (s *summary) atLeast(row string, got, want float64, measured []float64, tol float64) {
	s.rows = append(s.rows, target{row, got, want, false, measured, tol})
}

// atMost adds a row whose figure should be want or less.
func (s *summary) atMost(row string, got, want float64, measured []float64, tol float64) {
	s.rows = append(s.rows, target{row, got, want, true, measured, tol})
}

// margin is how far a row is past its target (negative: short of it), as a
// ratio.
func (t target) margin() float64 {
	if t.atMost {
		return (t.want + 1) / (t.got + 1)
	}
	return t.got / t.want
}

// spread is how far apart the row's measurements are: the largest over
// the smallest, less one (0 for fewer than two).
func (t target) spread() float64 {
	if len(t.measured) < 2 {
		return 0
	}
	lo, hi := slices.Min(t.measured), slices.Max(t.measured)
	if lo <= 0 {
		return 0
	}
	return hi/lo - 1
}

// verdict is "meets", "short" or "noisy": a row short of its target
// whose measurements differ by more than its tolerance is noisy.
func (t target) verdict() string {
	switch {
	case t.margin() >= 1:
		return "meets"
	case t.spread() > t.tol:
		return "noisy"
	}
	return "short"
}

func (t target) op() string {
	if t.atMost {
		return "<="
	}
	return ">="
}

// print writes the summary to w: how many rows meet their targets, the
// worst of those judged, then every row short and every row too noisy to
// judge.
func (s *summary) print(w io.Writer) {
	if len(s.rows) == 0 {
		return
	}
	count := map[string]int{}
	var worst *target
	for i, t := range s.rows {
		v := t.verdict()
		count[v]++
		if v != "noisy" && (worst == nil || t.margin() < worst.margin()) {
			worst = &s.rows[i]
		}
	}
	fmt.Fprintf(w, "Summary: %d of %d rows meet their targets, %d short, %d too noisy to judge",
		count["meets"], len(s.rows), count["short"], count["noisy"])
	if worst != nil {
		fmt.Fprintf(w, "; the worst judged: %s: %.2f (target %s %.2f)", worst.row, worst.got, worst.op(), worst.want)
	}
	fmt.Fprintln(w)
	if count["noisy"] > 0 {
		fmt.Fprintln(w, "(too noisy to judge: short of its target, but the same figure measured in two rounds differed by more than its tolerance: the machine's noise, not a verdict; run again on a quieter machine)")
	}
	for _, t := range s.rows {
		switch t.verdict() {
		case "short":
			fmt.Fprintf(w, "  short: %s: %.3f (target %s %.2f)\n", t.row, t.got, t.op(), t.want)
		case "noisy":
			fmt.Fprintf(w, "  too noisy to judge: %s: %.3f (target %s %.2f; measured %s, tolerance %.0f%%)\n",
				t.row, t.got, t.op(), t.want, figures(t.measured), 100*t.tol)
		}
	}
	fmt.Fprintln(w)
	s.printLayouts(w)
}

// figures is a row's measurements as text: "0.88, 0.97".
func figures(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("%.3g", x)
	}
	return strings.Join(parts, ", ")
}
