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
