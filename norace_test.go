//go:build !race

package dml_test

// raceOn: see race_test.go.
const raceOn = false
