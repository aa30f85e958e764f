package dxdispatch

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/testtmp"
)

// FuzzParse: no model text makes the parser panic, and a model it accepts
// never holds more resource bytes than its memory limit (here 1 MiB, so
// that the fuzzer's workers stay small whatever counts the text claims).
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("../../examples/*.json")
	for _, p := range seeds {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{ "resources": { "Out": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 4000000000, "value": 1 } } }, "dispatchables": {}, "commands": [] }`))
	f.Add([]byte(`{ "resources": { "Out": { "initialValuesDataType": "UINT8", "initialValues": [1, 2, 3], "sizeInBytes": 99999999999 } }, "dispatchables": {}, "commands": [ { "type": "writeFile", "resource": "Out", "targetPath": "../x" } ] }`))
	dir := testtmp.Dir(f)
	const limit = 1 << 20
	f.Fuzz(func(t *testing.T, text []byte) {
		m, err := Parse(text, dir, dml.NewDevice(dml.FeatureLevelLatest), Options{MaxMemory: limit})
		if err != nil {
			return
		}
		total := 0
		for _, r := range m.resources {
			total += len(r.data)
		}
		if total > limit {
			t.Fatalf("the model's resources hold %d bytes, past the limit of %d", total, limit)
		}
	})
}
