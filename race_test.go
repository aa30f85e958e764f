//go:build race

package dml_test

// raceOn: the race detector's build, where the tests of every byte of
// large fills run a part of their layouts (the detector's cost is per
// memory access of the reference, not of the fills).
const raceOn = true
