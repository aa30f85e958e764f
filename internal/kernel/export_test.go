package kernel

// SetStreaming is setStreaming, for the package's external tests: those
// that hold fills to internal/exact, which imports dml (and so this
// package) and so cannot be imported here.
var SetStreaming = setStreaming
