package check_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/check"
)

// TestOffsetsInTheData: every offset a check reports (each mismatch's,
// the worst's, the first bad padding byte's) is the byte's offset in the
// data checked, past the first window of 1 MiB as in it: in packed floats
// (with and without a series for a plot), packed integers, and a whole
// strided buffer with its padding; the text and the JSON report say the
// same offsets.
func TestOffsetsInTheData(t *testing.T) {
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	zero := byte(0)
	for _, c := range []struct {
		name    string
		desc    *dml.FillValueSequenceOperatorDesc
		opts    check.Options
		bad     []uint64 // the byte offsets of the elements changed, 1 ULP and 3
		worst   int      // which of them is the worst (integers: the first, all as far)
		padding uint64   // the offset of the padding byte changed (0: none)
	}{
		{"FLOAT32 packed", checkDesc(dml.TensorDataTypeFloat32, []uint32{600000}, nil, "0.1", "0.3"), check.Options{}, []uint64{300000 * 4, 500000 * 4}, 1, 0},
		{"FLOAT32 packed, a series", checkDesc(dml.TensorDataTypeFloat32, []uint32{600000}, nil, "0.1", "0.3"), check.Options{Buckets: 10}, []uint64{300000 * 4, 500000 * 4}, 1, 0},
		{"UINT8 packed", intDesc(dml.TensorDataTypeUint8, []uint32{3000000}), check.Options{}, []uint64{1048577, 2500000}, 0, 0},
		{"FLOAT16 buffer", checkDesc(dml.TensorDataTypeFloat16, []uint32{1000, 1000}, []uint32{1024, 1}, "0.5", "0.0001"), check.Options{Buffer: true, Padding: &zero},
			[]uint64{(600*1024 + 5) * 2, (700*1024 + 5) * 2}, 1, (800*1024+1000)*2 + 3},
	} {
		op, err := dev.CreateOperator(c.desc)
		if err != nil {
			t.Fatal(err)
		}
		data := make([]byte, c.desc.OutputTensor.TotalTensorSizeInBytes)
		if !c.opts.Buffer {
			data = data[:elements(c.desc.OutputTensor.Sizes)*uint64(c.desc.OutputTensor.DataType.ElementSize())]
		}
		if err := op.Execute(data); err != nil {
			t.Fatal(err)
		}
		for k, at := range c.bad {
			data[at] += byte(1 + 2*k) // 1 ULP, then 3 (the worst)
		}
		if c.padding != 0 {
			data[c.padding] = 0x55
		}
		rep, err := check.Reader(dev, c.desc, bytes.NewReader(data), c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Mismatches) != len(c.bad) || rep.Worst == nil || rep.Worst.Offset != c.bad[c.worst] {
			t.Fatalf("%s: mismatches %+v, worst %+v; want them at bytes %v", c.name, rep.Mismatches, rep.Worst, c.bad)
		}
		for k, m := range rep.Mismatches {
			if m.Offset != c.bad[k] {
				t.Errorf("%s: mismatch %d at byte %d, want %d", c.name, k, m.Offset, c.bad[k])
			}
		}
		if c.padding != 0 && (rep.BadPadding != 1 || rep.FirstBadPadding != c.padding) {
			t.Errorf("%s: %d bad padding bytes, the first at %d; want 1 at %d", c.name, rep.BadPadding, rep.FirstBadPadding, c.padding)
		}
		var js, text bytes.Buffer
		sum := rep.Summary("data", "the exact result")
		if err := sum.WriteJSON(&js); err != nil {
			t.Fatal(err)
		}
		if err := sum.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Worst      struct{ Offset uint64 }
			Mismatches []struct{ Offset uint64 }
			Padding    *struct{ FirstBad uint64 }
		}
		if err := json.Unmarshal(js.Bytes(), &doc); err != nil || doc.Worst.Offset != c.bad[c.worst] || len(doc.Mismatches) != len(c.bad) || doc.Mismatches[0].Offset != c.bad[0] {
			t.Errorf("%s: the JSON says %+v (%v)", c.name, doc, err)
		}
		if c.padding != 0 && (doc.Padding == nil || doc.Padding.FirstBad != c.padding || !strings.Contains(text.String(), fmt.Sprintf("(the first at byte %d)", c.padding))) {
			t.Errorf("%s: the JSON's padding %+v, the text %q; want the first bad byte at %d", c.name, doc.Padding, text.String(), c.padding)
		}
	}
}

// intDesc is an integer fill of 0, +1 over sizes.
func intDesc(dt dml.TensorDataType, sizes []uint32) *dml.FillValueSequenceOperatorDesc {
	return &dml.FillValueSequenceOperatorDesc{
		OutputTensor:  &dml.BufferTensorDesc{DataType: dt, Sizes: sizes, TotalTensorSizeInBytes: dml.CalcBufferTensorSize(dt, sizes, nil)},
		ValueDataType: dt, ValueDelta: dml.ScalarBits(1),
	}
}

func elements(sizes []uint32) uint64 {
	n := uint64(1)
	for _, s := range sizes {
		n *= uint64(s)
	}
	return n
}

// textAndJSON returns a summary's text and its JSON document.
func textAndJSON(t *testing.T, sum *check.Summary) (string, map[string]any) {
	t.Helper()
	var text, js bytes.Buffer
	if err := sum.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := sum.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	dec := json.NewDecoder(&js)
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("%v: %s", err, js.Bytes())
	}
	return text.String(), doc
}

// TestSummaryTextAndJSON: the text and the JSON report of one check say
// the same fits, what explains the data, the nearest fit and what the
// first elements imply, on data nothing explains (a fill of another start
// and delta: the JSON's nearest is the text's, and its implied start and
// delta those of the data, 0.5 and 0.25), on data several models explain,
// and on a strided buffer whose elements come out of index order (the
// models that must be followed in order are not, in both).
func TestSummaryTextAndJSON(t *testing.T) {
	dev := dml.NewDevice(dml.FeatureLevelLatest)
	other := checkDesc(dml.TensorDataTypeFloat16, []uint32{2000}, nil, "0.5", "0.25")
	op, _ := dev.CreateOperator(other)
	data := make([]byte, 4000)
	op.Execute(data)
	cases := []struct {
		name      string
		desc      *dml.FillValueSequenceOperatorDesc
		data      []byte
		opts      check.Options
		explained string // the explained-by line's start
	}{
		{"another fill", checkDesc(dml.TensorDataTypeFloat16, []uint32{2000}, nil, "0.1", "0.3"), data, check.Options{}, "none of the models; the nearest, "},
		{"exact", other, data, check.Options{}, "exact, "},
	}
	// A transposed layout: the buffer's order is not the index order.
	tr := checkDesc(dml.TensorDataTypeFloat32, []uint32{4, 5}, []uint32{1, 4}, "0.1", "0.3")
	trData := make([]byte, tr.OutputTensor.TotalTensorSizeInBytes)
	trOp, _ := dev.CreateOperator(tr)
	trOp.Execute(trData)
	cases = append(cases, struct {
		name      string
		desc      *dml.FillValueSequenceOperatorDesc
		data      []byte
		opts      check.Options
		explained string
	}{"transposed", tr, trData, check.Options{Buffer: true}, "exact, "})
	for _, c := range cases {
		rep, err := check.Reader(dev, c.desc, bytes.NewReader(c.data), c.opts)
		if err != nil {
			t.Fatal(err)
		}
		text, doc := textAndJSON(t, rep.Summary("d", "the exact result"))
		fits, explained := summaryFits(t, text)
		models, _ := doc["models"].(map[string]any)
		if len(models) != len(fits) || len(models) == 0 {
			t.Errorf("%s: the JSON has %d models, the text %d", c.name, len(models), len(fits))
		}
		for name, n := range fits {
			if got, ok := models[name]; !ok || fmt.Sprint(got) != n {
				t.Errorf("%s: the JSON's %s is %v, the text's %s", c.name, name, got, n)
			}
		}
		var names []string
		for _, n := range doc["explainedBy"].([]any) {
			names = append(names, n.(string))
		}
		if !strings.HasPrefix(explained, c.explained) {
			t.Errorf("%s: explained by %q, want %q...", c.name, explained, c.explained)
		}
		if len(names) > 0 && strings.Join(names, ", ") != explained || len(names) == 0 && !nearestAgrees(doc, explained) {
			t.Errorf("%s: the JSON says explained by %v, nearest %v, implied %v; the text %q", c.name, names, doc["nearest"], doc["implied"], explained)
		}
	}
}

// nearestAgrees reports whether a JSON report's nearest fit and implied
// start and delta are those the text's explained-by line names.
func nearestAgrees(doc map[string]any, explained string) bool {
	n, _ := doc["nearest"].(map[string]any)
	p, _ := doc["implied"].(map[string]any)
	if n == nil || p == nil || p["start"] != "0.5" || p["delta"] != "0.25" {
		return false
	}
	want := fmt.Sprintf("the nearest, %s (", n["name"])
	miss := fmt.Sprintf("first differs at element %v; elements 0 and 1 imply start %v and delta %v", n["firstMiss"], p["start"], p["delta"])
	return strings.Contains(explained, want) && strings.HasSuffix(explained, miss)
}

// summaryFits reads the "models:" line of a text report (name to its count,
// or "<nil>" where not followed) and its "explained by:" line.
func summaryFits(t *testing.T, text string) (map[string]string, string) {
	t.Helper()
	_, models, ok := strings.Cut(text, "\nmodels: ")
	_, explained, ok2 := strings.Cut(text, "\nexplained by: ")
	if !ok || !ok2 {
		t.Fatalf("no models or explained-by line in %q", text)
	}
	models, _, _ = strings.Cut(models, "\n")
	explained, _, _ = strings.Cut(explained, "\n")
	fits := map[string]string{}
	for _, m := range regexp.MustCompile(`(?:^|, )([a-z0-9-]+(?: in \d+ parts of \d+)?) (?:(\d+) \(|not followed)`).FindAllStringSubmatch(models, -1) {
		fits[m[1]] = "<nil>"
		if m[2] != "" {
			n, _ := strconv.ParseUint(m[2], 10, 64)
			fits[m[1]] = fmt.Sprint(n)
		}
	}
	return fits, explained
}
