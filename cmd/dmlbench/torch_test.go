package main

import (
	"strings"
	"testing"
)

// TestTorchCell: a worker row's cell against PyTorch prints both rates
// and dml's over PyTorch's, and the summary judges that ratio against
// 0.95: met at 0.95 or more, short when its rounds agree within 5%, too
// noisy to judge when they do not.
func TestTorchCell(t *testing.T) {
	var s summary
	cells := []string{
		torchCell(&s, "INT64 easy 0,+1 64KiB workers chosen", 2, 61.7, 17.2, []float64{3.5, 3.6}),
		torchCell(&s, "INT64 easy 0,+1 4MiB workers chosen", 2, 29.8, 45.7, []float64{0.64, 0.65}),
		torchCell(&s, "INT64 easy 0,+1 16MiB workers chosen", 2, 38.6, 40.9, []float64{0.80, 0.94}),
		torchCell(&s, "FLOAT32 easy 0,+1 1MiB workers chosen", 16, 19.0, 20.0, []float64{0.95, 0.96}),
	}
	for i, want := range []string{
		"  61.7 vs torch-2 17.2 GB/s: 3.59",
		"  29.8 vs torch-2 45.7 GB/s: 0.65",
		"  38.6 vs torch-2 40.9 GB/s: 0.94",
		"  19.0 vs torch-16 20.0 GB/s: 0.95",
	} {
		if cells[i] != want {
			t.Errorf("cell %d: %q, want %q", i, cells[i], want)
		}
	}
	var out strings.Builder
	s.print(&out)
	text := out.String()
	for _, line := range []string{
		"Summary: 2 of 4 rows meet their targets, 1 short, 1 too noisy to judge",
		"  short: INT64 easy 0,+1 4MiB workers chosen (of PyTorch, 2 threads): 0.652 (target >= 0.95)\n",
		"  too noisy to judge: INT64 easy 0,+1 16MiB workers chosen (of PyTorch, 2 threads): 0.944 (target >= 0.95; measured 0.8, 0.94, tolerance 5%)\n",
	} {
		if !strings.Contains(text, line) {
			t.Errorf("the summary lacks %q:\n%s", line, text)
		}
	}
	for _, met := range []string{"64KiB", "FLOAT32"} {
		if strings.Contains(text, met) {
			t.Errorf("the summary lists the %s row, which meets 0.95:\n%s", met, text)
		}
	}
}

// TestTorchReplies: the script's first line gives PyTorch's threads or why
// there are none, each later line a rate or why there is none; anything
// else is an error naming what came.
func TestTorchReplies(t *testing.T) {
	if n, err := parseReady("ready 16"); n != 16 || err != nil {
		t.Errorf(`parseReady("ready 16"): %d, %v`, n, err)
	}
	for line, want := range map[string]string{
		"none: python3-torch is not installed": "python3-torch is not installed",
		"ready 0":                              `the PyTorch script began "ready 0", not "ready N"`,
		"(python3-numpy is not installed)":     `the PyTorch script began "(python3-numpy is not installed)", not "ready N"`,
	} {
		if _, err := parseReady(line); err == nil || err.Error() != want {
			t.Errorf("parseReady(%q): %v, want %q", line, err, want)
		}
	}
	if r, err := parseRate("45.7"); r != 45.7 || err != nil {
		t.Errorf(`parseRate("45.7"): %v, %v`, r, err)
	}
	for line, want := range map[string]string{
		"none: this PyTorch has no uint16": "this PyTorch has no uint16",
		"nan":                              `the PyTorch script answered "nan", not a rate`,
		"0":                                `the PyTorch script answered "0", not a rate`,
		"ready 2":                          `the PyTorch script answered "ready 2", not a rate`,
	} {
		if _, err := parseRate(line); err == nil || err.Error() != want {
			t.Errorf("parseRate(%q): %v, want %q", line, err, want)
		}
	}
}
