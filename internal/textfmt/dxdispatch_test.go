package textfmt

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dmlgo/dml"
)

var printTypes = []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16, dml.TensorDataTypeFloat64,
	dml.TensorDataTypeUint8, dml.TensorDataTypeInt8, dml.TensorDataTypeUint16, dml.TensorDataTypeInt16,
	dml.TensorDataTypeUint32, dml.TensorDataTypeInt32, dml.TensorDataTypeUint64, dml.TensorDataTypeInt64}

// TestWriteResourceAsFormatted: WriteResource writes what the format
// strings say (Resource 'NAME': v, v / "[%*d] %s (0x%*X)"), each value
// CppValue's text, for random bits of every type.
func TestWriteResourceAsFormatted(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, dt := range printTypes {
		n := 1 + r.IntN(200)
		vals := make([]uint64, n)
		mask := ^uint64(0) >> (64 - 8*dt.ElementSize())
		for i := range vals {
			vals[i] = r.Uint64() & mask
		}
		bits := func(i int) uint64 { return vals[i] }
		var want, wantV strings.Builder
		texts := make([]string, n)
		fmt.Fprintf(&wantV, "Resource 'R':\n")
		for i, v := range vals {
			texts[i] = CppValue(dt, v)
			fmt.Fprintf(&wantV, "[%*d] %s (0x%*X)\n", len(fmt.Sprint(n)), i, texts[i], 2*dt.ElementSize(), v)
		}
		wantV.WriteString("\n")
		fmt.Fprintf(&want, "Resource 'R': %s\n", strings.Join(texts, ", "))
		for _, verbose := range []bool{false, true} {
			var got bytes.Buffer
			if err := WriteResource(&got, "R", dt, n, bits, verbose); err != nil {
				t.Fatal(err)
			}
			w := want.String()
			if verbose {
				w = wantV.String()
			}
			if got.String() != w {
				t.Fatalf("%v verbose %v:\n%s\nwant\n%s", dt, verbose, got.String(), w)
			}
		}
	}
}

// TestWriteResourceNoGarbage: printing a resource allocates nothing an
// element (a string an element let a 512 MiB resource's print grow the
// heap to twice that).
func TestWriteResourceNoGarbage(t *testing.T) {
	for _, dt := range []dml.TensorDataType{dml.TensorDataTypeFloat32, dml.TensorDataTypeInt64, dml.TensorDataTypeFloat16} {
		for _, verbose := range []bool{false, true} {
			allocs := testing.AllocsPerRun(3, func() {
				WriteResource(io.Discard, "R", dt, 100000, func(i int) uint64 { return uint64(i) * 0x9E3779B9 }, verbose)
			})
			if allocs > 10 {
				t.Errorf("%v verbose %v: %.0f allocations for 100000 elements", dt, verbose, allocs)
			}
		}
	}
}
