package cli

import "io"

func runModel(path string, stdout, stderr io.Writer) error {
	return usagef("-model is not supported yet")
}
