package check

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/textfmt"
)

// A Summary is a Report's verdict in the terms every view of it uses:
// dmlfill's text report (WriteText) and -report json (WriteJSON), the title
// of its -plot (ExplainedBy), and the C library's DMLFILL_CHECK_REPORT and
// texts. Each view is made from one Summary, so that none says what
// another does not: a thread split that explains the data is a fit of its
// own, under its full name, in all of them.
type Summary struct {
	Name    string // the data's name: a file's, "standard input", "the buffer"
	Against string // what it was held to: "the exact result", or a reference's name
	Type    dml.TensorDataType

	Elements, Exact, Within uint64
	ULP                     uint64 // the tolerance (Options.ULP)
	Histogram               [6]uint64
	Worst                   *Mismatch
	Mismatches              []Mismatch

	// Fits are, for a FLOAT32 or FLOAT16 check by Reader, each model's
	// fit in the order of Models, then each thread split that explains
	// every element, an entry of its own (its Name says its parts); nil
	// for other checks.
	Fits []ModelFit
	// Explained are the fits that explain every element, in the order
	// of Fits.
	Explained []ModelFit
	// Nearest is, where no fit explains every element, the one that
	// explains the most (the first in Fits of those), nil where none
	// explains any.
	Nearest *ModelFit
	// Implied is, where no fit explains every element, the start and
	// delta that elements 0 and 1 imply (Report.Implied), in the fewest
	// digits that read back to the values of Type.
	Implied *Implied
	// Frameworks says, for each model among Explained that stands for
	// frameworks (Model.Frameworks), which they are, whether the model is
	// held to their real output or only an emulation of their source, and
	// which models compute alike: the report names the framework behind
	// the data, not only a model.
	Frameworks []ExplainedModel
	// Padding is, where Options.Padding asked for it, the padding's count.
	Padding *PaddingCount
	// OK is the verdict: every element within ULP, no padding byte
	// changed.
	OK bool
}

// An ExplainedModel is a model that explains a check's data and the
// frameworks it stands for (see Summary.Frameworks).
type ExplainedModel struct {
	Model      Model
	Frameworks []Framework
	// Emulation is Model.Emulation: no framework's real output holds the
	// model in this module's tests, only an emulation of its source.
	Emulation bool
	// Alike are the models that compute the same elements on every fill
	// of the check's type (Model.Alike).
	Alike []Model
}

// Text writes m as the text report's line under "explained by:":
// "torch-cuda: PyTorch 2.11, CUDA; held to its real output; computes as
// cupy, jax-jit on every FLOAT32 fill".
func (m ExplainedModel) Text(t dml.TensorDataType) string {
	var fs []string
	for _, f := range m.Frameworks {
		fs = append(fs, f.String())
	}
	held := "held to its real output"
	if m.Emulation {
		held = "an emulation of its source, not held to its real output"
	}
	line := fmt.Sprintf("%s: %s; %s", m.Model, strings.Join(fs, " and "), held)
	if len(m.Alike) > 0 {
		var as []string
		for _, a := range m.Alike {
			as = append(as, string(a))
		}
		line += fmt.Sprintf("; computes as %s on every %v fill", strings.Join(as, ", "), t)
	}
	return line
}

// explainedModels returns the Frameworks of a Summary whose Explained fits
// are fits: each model once, in their order.
func explainedModels(t dml.TensorDataType, fits []ModelFit) []ExplainedModel {
	var ms []ExplainedModel
	for _, f := range fits {
		fs := f.Model.Frameworks()
		if len(fs) == 0 || len(ms) > 0 && ms[len(ms)-1].Model == f.Model {
			continue
		}
		ms = append(ms, ExplainedModel{Model: f.Model, Frameworks: fs, Emulation: f.Model.Emulation(), Alike: f.Model.Alike(t)})
	}
	return ms
}

// Implied is the start and delta that a check's first two elements imply,
// as text of the check's type.
type Implied struct{ Start, Delta string }

// PaddingCount is what a check of a whole buffer found in its padding: the
// bytes compared with Value, how many differ, and the byte offset in the
// buffer of the first that does.
type PaddingCount struct {
	Value                byte
	Bytes, Bad, FirstBad uint64
}

// Summary returns the verdict of r on the data called name, held to
// against ("the exact result" for Reader).
func (r *Report) Summary(name, against string) *Summary {
	s := &Summary{
		Name: name, Against: against, Type: r.Type,
		Elements: r.Elements, Exact: r.Exact, Within: r.Within, ULP: r.tolerance,
		Histogram: r.Histogram, Worst: r.Worst, Mismatches: r.Mismatches,
		Fits: r.Models, Explained: r.ExplainedFits(), OK: r.OK(),
	}
	s.Frameworks = explainedModels(r.Type, s.Explained)
	if r.padding != nil {
		s.Padding = &PaddingCount{Value: *r.padding, Bytes: r.PaddingBytes, Bad: r.BadPadding, FirstBad: r.FirstBadPadding}
	}
	if len(s.Fits) == 0 || len(s.Explained) > 0 {
		return s
	}
	if f, ok := r.Nearest(); ok {
		s.Nearest = &f
	}
	if start, delta, ok := r.Implied(); ok {
		s.Implied = &Implied{Start: typeText(r.Type, start), Delta: typeText(r.Type, delta)}
	}
	return s
}

// share writes n of total as a percentage, in four significant digits, or
// more where four would round a share that is not all to 100%: "100%" only
// when n is total, "0%" only when n is 0 ("99.999%" for 99,999 of
// 100,000).
func share(n, total uint64) string {
	if n == 0 || total == 0 {
		return "0%"
	}
	if n == total {
		return "100%"
	}
	v := 100 * float64(n) / float64(total)
	for digits := 4; digits <= 17; digits++ {
		if s := strconv.FormatFloat(v, 'g', digits, 64); s != "100" {
			return s + "%"
		}
	}
	return "99.99999999999999%" // (not reached: total would pass 2^53)
}

// ExplainedBy says what explains the data, as the text report's
// "explained by:" line and the plot's title say it: the names of the fits
// that explain every element, or "none of the models", the nearest and
// where it first differs, and what elements 0 and 1 imply. It is "" where
// the check has no models.
func (s *Summary) ExplainedBy() string {
	if len(s.Fits) == 0 {
		return ""
	}
	var names []string
	for _, f := range s.Explained {
		names = append(names, f.Name())
	}
	if len(names) > 0 {
		return strings.Join(names, ", ")
	}
	line := "none of the models"
	if f := s.Nearest; f != nil {
		line += fmt.Sprintf("; the nearest, %s (%s), first differs at element %d", f.Name(), share(f.Matches, s.Elements), f.FirstMiss)
	}
	if p := s.Implied; p != nil {
		line += fmt.Sprintf("; elements 0 and 1 imply start %s and delta %s", p.Start, p.Delta)
	}
	return line
}

// WriteText writes the report as dmlfill prints it: the counts, the worst
// element and the first mismatches, each fit, what explains the data, the
// padding, and on the last line what each element was held to and the
// verdict.
func (s *Summary) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%s: %d %v elements against %s\n", s.Name, s.Elements, s.Type, s.Against)
	fmt.Fprintf(w, "exact: %d (%s)\n", s.Exact, share(s.Exact, s.Elements))
	h := s.Histogram
	if s.Type.IsFloat() {
		fmt.Fprintf(w, "ULP: 0: %d, 1: %d, 2: %d, 3-16: %d, more: %d, NaN against a number: %d\n",
			h[ULP0], h[ULP1], h[ULP2], h[ULP3to16], h[ULPMore], h[ULPNaNOnly])
	}
	if s.Worst != nil {
		fmt.Fprintf(w, "worst: %s\n", mismatchText(s.Type, s.Worst))
	}
	for i := range s.Mismatches {
		if i == 0 {
			fmt.Fprintln(w, "first mismatches:")
		}
		fmt.Fprintf(w, "  %s\n", mismatchText(s.Type, &s.Mismatches[i]))
	}
	if len(s.Fits) > 0 {
		fmt.Fprint(w, "models:")
		for i, f := range s.Fits {
			sep := ","
			if i == 0 {
				sep = ""
			}
			if !f.Evaluated {
				fmt.Fprintf(w, "%s %s not followed (elements out of index order)", sep, f.Name())
				continue
			}
			fmt.Fprintf(w, "%s %s %d (%s)", sep, f.Name(), f.Matches, share(f.Matches, s.Elements))
		}
		fmt.Fprintf(w, "\nexplained by: %s\n", s.ExplainedBy())
		for _, m := range s.Frameworks {
			fmt.Fprintf(w, "  %s\n", m.Text(s.Type))
		}
	}
	if p := s.Padding; p != nil {
		fmt.Fprintf(w, "padding: %d bytes, %d not 0x%02X", p.Bytes, p.Bad, p.Value)
		if p.Bad > 0 {
			fmt.Fprintf(w, " (the first at byte %d)", p.FirstBad)
		}
		fmt.Fprintln(w)
	}
	_, err := fmt.Fprintln(w, s.verdictLine())
	return err
}

// verdictLine is the text report's last line: what each element was held
// to, how many passed, the padding, and what failed.
func (s *Summary) verdictLine() string {
	verdict := "PASS"
	var failed []string
	if s.Within != s.Elements {
		failed = append(failed, "elements")
	}
	if s.Padding != nil && s.Padding.Bad > 0 {
		failed = append(failed, "padding")
	}
	if len(failed) > 0 {
		verdict = "FAIL (" + strings.Join(failed, " and ") + ")"
	}
	held := fmt.Sprintf("within %d ULP", s.ULP)
	if !s.Type.IsFloat() {
		held = "equal (integers pass only when equal; -ulp is for floats)"
	}
	padding := ""
	if p := s.Padding; p != nil {
		padding = fmt.Sprintf("; padding: %d of %d bytes 0x%02X", p.Bytes-p.Bad, p.Bytes, p.Value)
	}
	return fmt.Sprintf("%s: %d of %d (%s)%s: %s", held, s.Within, s.Elements, share(s.Within, s.Elements), padding, verdict)
}

// mismatchText writes a mismatch of type t as the text report does: the
// element (its index and coordinates, or its byte offset where it is no
// element of the tensor), both values with their bits, and the distance.
func mismatchText(t dml.TensorDataType, m *Mismatch) string {
	hw := 2 * int(t.ElementSize())
	at := fmt.Sprintf("element %d %v", m.Index, m.Coords)
	if m.Coords == nil {
		at = fmt.Sprintf("element %d", m.Index)
	}
	if m.Index == math.MaxUint64 {
		at = fmt.Sprintf("the element at byte %d", m.Offset)
	}
	return fmt.Sprintf("%s: got %s (0x%0*X), want %s (0x%0*X), %s", at,
		textfmt.Value(t, m.Got), hw, m.Got, textfmt.Value(t, m.Want), hw, m.Want, ulpText(m.ULP))
}

func ulpText(d uint64) string {
	switch d {
	case math.MaxUint64:
		return "NaN against a number"
	case math.MaxUint64 - 1:
		return "different"
	}
	return fmt.Sprintf("%d ULP", d)
}

// A jsonMismatch is a Mismatch in the JSON report.
type jsonMismatch struct {
	Index    *uint64  `json:"index,omitempty"`
	Coords   []uint32 `json:"coords,omitempty"`
	Offset   uint64   `json:"offset"`
	Got      string   `json:"got"`
	Want     string   `json:"want"`
	GotBits  string   `json:"gotBits"`
	WantBits string   `json:"wantBits"`
	ULP      *uint64  `json:"ulp,omitempty"`
}

func (s *Summary) jsonMismatch(m *Mismatch) *jsonMismatch {
	if m == nil {
		return nil
	}
	hw := 2 * int(s.Type.ElementSize())
	out := &jsonMismatch{Coords: m.Coords, Offset: m.Offset, Got: textfmt.Value(s.Type, m.Got), Want: textfmt.Value(s.Type, m.Want),
		GotBits: fmt.Sprintf("0x%0*X", hw, m.Got), WantBits: fmt.Sprintf("0x%0*X", hw, m.Want)}
	if m.Index != math.MaxUint64 {
		out.Index = &m.Index
	}
	if m.ULP < math.MaxUint64-1 {
		out.ULP = &m.ULP
	}
	return out
}

// WriteJSON writes the report as dmlfill -report json does: an object
// with "file", "against", "type", "elements", "exact", "within",
// "ulpTolerance", "ok", "histogram", "worst" (null or a mismatch: "index",
// "coords", "offset", "got", "want", "gotBits", "wantBits", "ulp") and
// "mismatches"; with Fits, "models" (each fit's name, a split's full name
// among them, to its matches, or null where it was not followed),
// "explainedBy" (the names of Explained), "frameworks" (each explaining
// model of Frameworks to its "frameworks", "emulation" and "computesAs"),
// "nearest" (null, or "name", "matches" and "firstMiss") and, where
// nothing explains, "implied" ("start", "delta"); with Padding, "padding" ("bytes", "bad",
// "firstBad").
func (s *Summary) WriteJSON(w io.Writer) error {
	var ms []*jsonMismatch
	for i := range s.Mismatches {
		ms = append(ms, s.jsonMismatch(&s.Mismatches[i]))
	}
	h := s.Histogram
	doc := map[string]any{
		"file": s.Name, "against": s.Against, "type": s.Type.String(), "elements": s.Elements, "exact": s.Exact,
		"ulpTolerance": s.ULP, "within": s.Within, "ok": s.OK,
		"histogram": map[string]uint64{"0": h[ULP0], "1": h[ULP1], "2": h[ULP2], "3-16": h[ULP3to16], "more": h[ULPMore], "nanAgainstNumber": h[ULPNaNOnly]},
		"worst":     s.jsonMismatch(s.Worst), "mismatches": ms,
	}
	if len(s.Fits) > 0 {
		models := map[string]*uint64{}
		for _, f := range s.Fits {
			models[f.Name()] = nil
			if f.Evaluated {
				models[f.Name()] = &f.Matches
			}
		}
		explained := []string{}
		for _, f := range s.Explained {
			explained = append(explained, f.Name())
		}
		doc["models"], doc["explainedBy"], doc["nearest"] = models, explained, nil
		if f := s.Nearest; f != nil {
			doc["nearest"] = map[string]any{"name": f.Name(), "matches": f.Matches, "firstMiss": f.FirstMiss}
		}
		if p := s.Implied; p != nil {
			doc["implied"] = map[string]string{"start": p.Start, "delta": p.Delta}
		}
		doc["frameworks"] = s.jsonFrameworks()
	}
	if p := s.Padding; p != nil {
		doc["padding"] = map[string]uint64{"bytes": p.Bytes, "bad": p.Bad, "firstBad": p.FirstBad}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// jsonFrameworks is the JSON report's "frameworks": for each model of
// Frameworks, its name to "frameworks" (their texts), "emulation" and
// "computesAs" (Alike's names).
func (s *Summary) jsonFrameworks() map[string]any {
	doc := map[string]any{}
	for _, m := range s.Frameworks {
		fs, alike := []string{}, []string{}
		for _, f := range m.Frameworks {
			fs = append(fs, f.String())
		}
		for _, a := range m.Alike {
			alike = append(alike, string(a))
		}
		doc[string(m.Model)] = map[string]any{"frameworks": fs, "emulation": m.Emulation, "computesAs": alike}
	}
	return doc
}

// typeText writes v rounded to float type t, in the fewest digits that read
// back to that value of t.
func typeText(t dml.TensorDataType, v float64) string {
	x, err := dml.ParseScalar(t, strconv.FormatFloat(v, 'g', -1, 64))
	if err != nil { // (not expected: any float64 text is a value of t)
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return textfmt.Value(t, x.Bits())
}
