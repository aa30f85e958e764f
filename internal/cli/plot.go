package cli

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dmlgo/dml/check"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// plotBuckets is how many points a -plot draws at most: one per element up
// to that many, else the largest and the mean error of each run of elements.
const plotBuckets = 400

// writePlot draws the error in ULP against the element index (-plot FILE,
// .svg or .png): a point per element or per run of elements, NaN against a
// number in a row of its own above the rest, and in the title what
// explains the data, as the report says it (sum.ExplainedBy, a clause a
// line). The file is written as -o writes it (writeAtomic).
func writePlot(path string, stdout io.Writer, what string, rep *check.Report, sum *check.Summary) error {
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".svg" && ext != ".png" {
		return usagef("-plot %s: want a .svg or .png file", path)
	}
	p := plot.New()
	p.Title.Text = what
	if by := sum.ExplainedBy(); by != "" { // (models are ways of computing floats)
		p.Title.Text += "\nexplained by: " + strings.ReplaceAll(by, "; ", ";\n")
	}
	p.X.Label.Text = "element index"
	p.Y.Label.Text = "error (ULP)"
	if !rep.Type.IsFloat() {
		p.Y.Label.Text = "error (an integer differs or not)"
	}
	p.Y.Tick.Marker = integerTicks{} // (distances are whole ULPs, indices whole numbers)
	p.X.Tick.Marker = integerTicks{}
	pts, means, nans, top := plotPoints(rep)
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return usagef("-plot: %v", err)
	}
	sc.GlyphStyle.Radius = vg.Points(1.2)
	sc.GlyphStyle.Shape = draw.CircleGlyph{}
	p.Add(sc, plotter.NewGrid())
	p.Legend.Add("largest error of each point's elements", sc)
	if len(means) > 0 {
		ms, err := plotter.NewScatter(means)
		if err != nil {
			return usagef("-plot: %v", err)
		}
		ms.GlyphStyle.Color = color.RGBA{R: 200, G: 60, B: 40, A: 255}
		ms.GlyphStyle.Radius = vg.Points(1.2)
		ms.GlyphStyle.Shape = draw.CircleGlyph{}
		p.Add(ms)
		p.Legend.Add("mean error of each point's elements", ms)
	}
	if len(nans) > 0 {
		ns, err := plotter.NewScatter(nans)
		if err != nil {
			return usagef("-plot: %v", err)
		}
		ns.GlyphStyle.Shape = draw.CrossGlyph{}
		p.Add(ns)
		p.Legend.Add("NaN against a number, or a different integer", ns)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	p.Y.Min, p.Y.Max = 0, top*1.45 // room for the legend above the points
	wt, err := p.WriterTo(20*vg.Centimeter, 11*vg.Centimeter, strings.TrimPrefix(ext, "."))
	if err != nil {
		return &ioError{fmt.Errorf("drawing %s: %w", path, err)}
	}
	// As -o writes: a regular file atomically (a temporary file renamed
	// over it), a device or FIFO through, never half a plot.
	return writeAtomic(path, stdout, func(w io.Writer) error {
		_, err := wt.WriteTo(w)
		return err
	})
}

// plotPoints turns the report's series into the plot's points: the largest
// and the mean error of each point's elements, and the points of NaN
// against a number (or a different integer), in a row above the rest; top
// is the largest error, at least 1.
func plotPoints(rep *check.Report) (pts, means, nans plotter.XYs, top float64) {
	top = 1.0
	for _, s := range rep.Series {
		if s.Elements == 0 {
			continue
		}
		switch {
		case s.MaxULP >= math.MaxUint64-1:
			nans = append(nans, plotter.XY{X: float64(s.Index)})
		default:
			pts = append(pts, plotter.XY{X: float64(s.Index), Y: float64(s.MaxULP)})
			means = append(means, plotter.XY{X: float64(s.Index), Y: s.SumULP / float64(s.Elements)})
			top = max(top, float64(s.MaxULP))
		}
	}
	for k := range nans {
		nans[k].Y = top * 1.1 // above every distance
	}
	return pts, means, nans, top
}

// integerTicks marks the y axis at whole numbers only: a distance in ULP is
// an integer, and ticks at 0.6 or 1.2 read as distances that cannot be.
type integerTicks struct{}

// Ticks returns the default ticks moved to integers, with labels only on
// whole numbers and at most one tick per integer.
func (integerTicks) Ticks(min, max float64) []plot.Tick {
	// A step of 1, 2 or 5 times a power of ten, at least 1: about 4 to 8
	// ticks.
	step := 1.0
	if raw := (max - min) / 6; raw > 1 {
		p := math.Pow(10, math.Floor(math.Log10(raw)))
		step = 10 * p
		for _, m := range []float64{1, 2, 5} {
			if m*p >= raw {
				step = m * p
				break
			}
		}
	}
	var ts []plot.Tick
	for v := math.Ceil(min/step) * step; v <= max; v += step {
		ts = append(ts, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64)})
	}
	return ts
}
