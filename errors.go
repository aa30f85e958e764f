package dml

import (
	"errors"
	"fmt"
)

// ErrInvalidArg is the error every rejected descriptor, value or buffer wraps:
// the E_INVALIDARG that DirectML's CreateOperator and dispatch return. Test for
// it with errors.Is; the wrapping error names the field and the value at fault.
var ErrInvalidArg = errors.New("dml: invalid argument")

// ArgError is a rejected argument: the field (as directml.h names it, with
// indices where they help), its value as text, and why it is rejected.
type ArgError struct {
	Field  string // for example "OutputTensor.Sizes[2]"
	Value  string // for example "0"
	Reason string // for example "sizes must be at least 1"
}

// Error returns "dml: FIELD is VALUE; REASON".
func (e *ArgError) Error() string {
	return fmt.Sprintf("dml: %s is %s; %s", e.Field, e.Value, e.Reason)
}

// Unwrap returns ErrInvalidArg.
func (e *ArgError) Unwrap() error { return ErrInvalidArg }

func argError(field string, value any, reason string, args ...any) error {
	return &ArgError{Field: field, Value: fmt.Sprint(value), Reason: fmt.Sprintf(reason, args...)}
}
