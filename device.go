package dml

import (
	"fmt"
	"sync/atomic"
)

// OperatorType is DML_OPERATOR_TYPE, with DirectML's numbers.
type OperatorType uint32

// The operator types this package knows.
const (
	OperatorTypeFillValueConstant OperatorType = 103 // DML_OPERATOR_FILL_VALUE_CONSTANT
	OperatorTypeFillValueSequence OperatorType = 104 // DML_OPERATOR_FILL_VALUE_SEQUENCE
)

// String returns DirectML's name for the operator type.
func (t OperatorType) String() string {
	switch t {
	case OperatorTypeFillValueConstant:
		return "DML_OPERATOR_FILL_VALUE_CONSTANT"
	case OperatorTypeFillValueSequence:
		return "DML_OPERATOR_FILL_VALUE_SEQUENCE"
	}
	return fmt.Sprintf("OperatorType(%d)", uint32(t))
}

// OperatorDesc is one of the operator descriptions (DML_OPERATOR_DESC's Desc):
// *FillValueSequenceOperatorDesc.
type OperatorDesc interface {
	OperatorType() OperatorType
}

// Operator is a validated, planned operator. It is safe for concurrent use:
// any number of goroutines may execute it at once, each on its own buffer
// (or on disjoint windows of one).
type Operator interface {
	// Execute runs the operator on output, its whole output buffer. The
	// buffer must hold at least OutputTensor.TotalTensorSizeInBytes bytes
	// and start at a multiple of a non-zero GuaranteedBaseOffsetAlignment.
	// Only the bytes of the tensor's elements are written; on an error,
	// none are.
	Execute(output []byte) error

	// ExecuteWindow writes the part of the output buffer that begins at byte
	// offset off and is len(window) bytes long: every element that lies
	// wholly inside it, and nothing else. A buffer can so be produced piece
	// by piece, in any order; off must be a multiple of the element size.
	ExecuteWindow(window []byte, off uint64) error
}

// Device plays the part of an IDMLDevice: it knows its feature level, and how
// many goroutines an Execute may use. A Device is safe for concurrent use.
type Device struct {
	level   FeatureLevel
	workers atomic.Int64
}

// NewDevice returns a device that supports the given feature level, and that
// executes with up to GOMAXPROCS goroutines.
func NewDevice(level FeatureLevel) *Device {
	return &Device{level: level}
}

// FeatureLevel returns the device's feature level.
func (d *Device) FeatureLevel() FeatureLevel { return d.level }

// SetMaxWorkers sets how many goroutines one Execute of an operator created
// afterwards may use; n <= 0 means GOMAXPROCS at the time of the Execute.
// Within it, a fill uses as many as this machine measured a fill of its
// size is worth (the first fill of each size class measures, on scratch
// memory: see the README's library section).
// The results are the same bits for every n. It may be called while other
// goroutines create operators: each operator takes the value in force when
// it is created.
func (d *Device) SetMaxWorkers(n int) { d.workers.Store(int64(n)) }

// CreateOperator validates desc as DirectML's IDMLDevice::CreateOperator does
// at the device's feature level and plans its execution. A rejected
// description gives an error that wraps ErrInvalidArg and names the field and
// the value at fault.
func (d *Device) CreateOperator(desc OperatorDesc) (Operator, error) {
	switch desc := desc.(type) {
	case *FillValueSequenceOperatorDesc:
		if desc == nil {
			return nil, fmt.Errorf("%w: the operator description is nil", ErrInvalidArg)
		}
		return newFillValueSequence(d, desc)
	case nil:
		return nil, fmt.Errorf("%w: the operator description is nil", ErrInvalidArg)
	}
	return nil, fmt.Errorf("%w: operator type %v is not supported", ErrInvalidArg, desc.OperatorType())
}
