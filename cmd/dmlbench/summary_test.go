package main

import (
	"strings"
	"testing"
)

// TestSummaryNoise: a row short of its target is short when its two
// measurements agree within its tolerance, and too noisy to judge when
// they do not; a row that meets its target meets, however noisy; the
// summary counts each kind and lists the short and the noisy rows.
func TestSummaryNoise(t *testing.T) {
	var s summary
	s.atLeast("meets, noisy", 0.90, 0.85, []float64{0.70, 0.90}, noise)
	s.atLeast("short, steady", 0.80, 0.85, []float64{0.79, 0.80}, noise)
	s.atLeast("short, noisy", 0.80, 0.85, []float64{0.70, 0.80}, noise)
	s.atLeast("short by more than 2%, steady within 2%", 0.97, 0.98, []float64{0.96, 0.97}, 0.02)
	s.atLeast("short, noisy past 2%", 0.97, 0.98, []float64{0.94, 0.97}, 0.02)
	s.atMost("ns, noisy", 120, 100, []float64{120, 150}, noise)
	s.atMost("ns, steady", 120, 100, []float64{120, 122}, noise)
	s.atMost("allocations", 1, 0, nil, 0)
	want := map[string]string{
		"meets, noisy": "meets", "short, steady": "short", "short, noisy": "noisy",
		"short by more than 2%, steady within 2%": "short", "short, noisy past 2%": "noisy",
		"ns, noisy": "noisy", "ns, steady": "short", "allocations": "short",
	}
	for _, r := range s.rows {
		if got := r.verdict(); got != want[r.row] {
			t.Errorf("%s: %s, want %s", r.row, got, want[r.row])
		}
	}
	var out strings.Builder
	s.print(&out)
	text := out.String()
	for _, line := range []string{
		"Summary: 1 of 8 rows meet their targets, 4 short, 3 too noisy to judge; the worst judged: allocations: 1.00 (target <= 0.00)\n",
		"  short: short, steady: 0.800 (target >= 0.85)\n",
		"  too noisy to judge: short, noisy: 0.800 (target >= 0.85; measured 0.7, 0.8, tolerance 5%)\n",
		"  too noisy to judge: short, noisy past 2%: 0.970 (target >= 0.98; measured 0.94, 0.97, tolerance 2%)\n",
		"  short: allocations: 1.000 (target <= 0.00)\n",
	} {
		if !strings.Contains(text, line) {
			t.Errorf("the summary lacks %q:\n%s", line, text)
		}
	}
	if strings.Contains(text, "meets, noisy") {
		t.Errorf("the summary lists a row that meets its target:\n%s", text)
	}
}

// TestSummaryLayouts: the summary's line on the layouts against their own
// ceilings counts those rows alone, at 0.9 or better, and names the short
// and the too noisy with their figures.
func TestSummaryLayouts(t *testing.T) {
	var s summary
	s.atLeast("padded FLOAT32 easy 0,+1 256MiB (of its own ceiling)", 0.95, 0.9, []float64{0.95, 0.94}, noise)
	s.atLeast("padded UINT8 easy 0,+1 256MiB (of its own ceiling)", 0.70, 0.9, []float64{0.70, 0.71}, noise)
	s.atLeast("NHWC C=3 P=4 FLOAT32 round 0.1,+0.3 4MiB (of its own ceiling)", 0.62, 0.9, []float64{0.40, 0.62}, noise)
	s.atLeast("FLOAT32 easy 0,+1 1 threads 4MiB (of the ceiling)", 0.5, 0.85, []float64{0.5, 0.5}, noise)
	var out strings.Builder
	s.print(&out)
	want := "Layouts against their own ceilings: 1 of 3 rows at 0.90 or better; short: padded UINT8 easy 0,+1 256MiB 0.70; " +
		"too noisy to judge: NHWC C=3 P=4 FLOAT32 round 0.1,+0.3 4MiB 0.62\n"
	if !strings.Contains(out.String(), want) {
		t.Errorf("the summary lacks %q:\n%s", want, out.String())
	}
	var none strings.Builder
	(&summary{}).print(&none)
	s = summary{}
	s.atLeast("FLOAT32 easy 0,+1 1 threads 4MiB (of the ceiling)", 0.9, 0.85, nil, noise)
	s.print(&none)
	if strings.Contains(none.String(), "Layouts") {
		t.Errorf("a summary without layout rows has a line on them:\n%s", none.String())
	}
}
