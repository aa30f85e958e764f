package dxdispatch

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/dmlgo/dml"
	"github.com/dmlgo/dml/internal/halfpp"
	"github.com/dmlgo/dml/internal/numtext"
)

// The numbers of a model file are read as DxDispatch's JsonParsers reads
// them (DxDispatch/src/model/JsonParsers.cpp), not as the dmlfill flags are:
//
//   - FLOAT64, FLOAT32, FLOAT16: a JSON number that is a double (it has a
//     fraction or an exponent) or an integer that a double holds exactly
//     (rapidjson's IsLosslessDouble), or the string inf, -inf or nan in any
//     letter case. The number becomes a double (rounded once: DxDispatch's
//     rapidjson may, without its full-precision flag, miss by an ulp of the
//     double on long decimals), then a float (static_cast: to nearest
//     even), and for FLOAT16 a half_float::half constructed from that float:
//     half.hpp 1.12.0 with its default HALF_ROUND_STYLE -1, which truncates
//     toward zero and gives an infinity from 65536 on (halfpp.FromFloat32). So
//     "ValueStart": 0.3 is 0x34CC for FLOAT16 where the operator's rule
//     would round it to 0x34CD.
//   - Integer types: only an integer literal (no fraction, no exponent) that
//     fits int64 (signed types) or uint64 (unsigned: no minus sign), and
//     then the type (gsl::narrow): -2 for UINT8, 300 for UINT8 or 2.0 are
//     errors, as they are for DxDispatch.

// parseValue reads one element of type t from a JSON value.
func parseValue(raw json.RawMessage, t dml.TensorDataType, where string) (dml.ScalarUnion, error) {
	text := strings.TrimSpace(string(raw))
	switch t {
	case dml.TensorDataTypeFloat64, dml.TensorDataTypeFloat32, dml.TensorDataTypeFloat16:
		return parseFloat(text, t, where)
	}
	return parseInt(text, t, where)
}

func parseFloat(text string, t dml.TensorDataType, where string) (dml.ScalarUnion, error) {
	var d float64
	if strings.HasPrefix(text, `"`) {
		var s string
		if json.Unmarshal([]byte(text), &s) != nil {
			return dml.ScalarUnion{}, errAt(where, "want a number, or \"inf\", \"-inf\" or \"nan\", got %s", short([]byte(text)))
		}
		switch strings.ToLower(s) {
		case "inf":
			d = math.Inf(1)
		case "-inf":
			d = math.Inf(-1)
		case "nan":
			// std::numeric_limits<T>::quiet_NaN() of the parsed type.
			switch t {
			case dml.TensorDataTypeFloat64:
				return dml.ScalarBits(0x7FF8000000000000), nil
			case dml.TensorDataTypeFloat32:
				return dml.ScalarBits(0x7FC00000), nil
			}
			return dml.ScalarBits(uint64(halfpp.FromFloat32(math.Float32frombits(0x7FC00000)))), nil
		default:
			return dml.ScalarUnion{}, errAt(where, "%q is not a number; a string here may only be \"inf\", \"-inf\" or \"nan\" (any case)", s)
		}
	} else {
		var ok bool
		if d, ok = jsonDouble(text); !ok {
			return dml.ScalarUnion{}, errAt(where, "want a number that a double holds (an integer past 2^53 must be one a double holds exactly), or \"inf\", \"-inf\" or \"nan\", got %s", short([]byte(text)))
		}
	}
	switch t {
	case dml.TensorDataTypeFloat64:
		return dml.ScalarFloat64(d), nil
	case dml.TensorDataTypeFloat32:
		return dml.ScalarFloat32(float32(d)), nil
	}
	return dml.ScalarBits(uint64(halfpp.FromFloat32(float32(d)))), nil
}

// jsonDouble reads a JSON number token as rapidjson gives a double: a
// number with a fraction or an exponent, or an integer beyond 64 bits,
// is a double (rounded); a 64-bit integer must be one a double holds
// exactly.
func jsonDouble(text string) (float64, bool) {
	if !isJSONNumber(text) {
		return 0, false
	}
	if !strings.ContainsAny(text, ".eE") {
		// A 64-bit integer (rapidjson's int types) must be one a double
		// holds exactly; a longer one is a double, as below.
		if v, err := strconv.ParseInt(text, 10, 64); err == nil {
			f := float64(v)
			return f, f < 1<<63 && int64(f) == v
		}
		if v, err := strconv.ParseUint(text, 10, 64); err == nil {
			f := float64(v)
			return f, f < 1<<64 && uint64(f) == v
		}
	}
	d, err := strconv.ParseFloat(numtext.Shorten(text), 64) // (any length: ParseFloat has limits)
	if err != nil {                                         // out of a double's range: rapidjson refuses it too
		return 0, false
	}
	return d, true
}

// isJSONNumber reports whether text is one JSON number token (RFC 8259:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?).
func isJSONNumber(text string) bool {
	i := 0
	digits := func() int {
		k := i
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			i++
		}
		return i - k
	}
	if i < len(text) && text[i] == '-' {
		i++
	}
	start := i
	if n := digits(); n == 0 || n > 1 && text[start] == '0' {
		return false
	}
	if i < len(text) && text[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		i++
		if i < len(text) && (text[i] == '+' || text[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(text)
}

func parseInt(text string, t dml.TensorDataType, where string) (dml.ScalarUnion, error) {
	bits := 8 * uint(t.ElementSize())
	signed := t.IsSigned()
	if !isJSONNumber(text) || strings.ContainsAny(text, ".eE") {
		kind := "an unsigned"
		if signed {
			kind = "a signed"
		}
		return dml.ScalarUnion{}, errAt(where, "want %s integer (no fraction or exponent), got %s", kind, short([]byte(text)))
	}
	if signed {
		v, err := strconv.ParseInt(text, 10, 64)
		lo, hi := -int64(1)<<(bits-1), int64(uint64(1)<<(bits-1)-1)
		if err != nil || v < lo || v > hi {
			return dml.ScalarUnion{}, errAt(where, "%s does not fit %v (%d to %d)", text, t, lo, hi)
		}
		return dml.ScalarBits(uint64(v)), nil
	}
	v, err := strconv.ParseUint(text, 10, 64)
	if hi := ^uint64(0) >> (64 - bits); err != nil || v > hi {
		return dml.ScalarUnion{}, errAt(where, "%s does not fit %v (0 to %d)", text, t, hi)
	}
	return dml.ScalarBits(v), nil
}
