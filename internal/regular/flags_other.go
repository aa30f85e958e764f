//go:build !unix

package regular

const openFlags = 0
