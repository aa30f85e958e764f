// Command dmlfill runs DirectML's DML_OPERATOR_FILL_VALUE_SEQUENCE on the CPU,
// from flags or from a DxDispatch model file, and prints or writes the result
// as text, raw bytes, the whole output buffer, .npy or JSON.
//
// Run dmlfill -h for the usage.
package main

import (
	"os"

	"github.com/dmlgo/dml/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
