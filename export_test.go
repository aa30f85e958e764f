package dml

// OnTable makes the fills of op, an operator CreateOperator made, write
// with the kernel table of that name ("avx512", "avx2" or "go", the Go
// twins) if this machine runs it, whatever the process's: the tests fill
// each operator on the table they name, every table at once if they like,
// and change no process-wide state (kernel.UseTable is dmlbench's).
func OnTable(op Operator, table string) error {
	return op.(*fillValueSequence).seq.SetTable(table)
}
