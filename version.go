package dml

// Version is this module's version, the one place it is written: dmlfill
// -version prints it, the C library returns it (DmlFillVersion) and the
// Python package's __version__ is it. A report that names the reference it
// used cites it. CHANGELOG.md says what each version holds.
const Version = "0.1.0"
