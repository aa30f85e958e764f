//go:build unix

package regular

import "syscall"

// openFlags: opening a FIFO with no writer returns at once, and a terminal
// does not become the process's controlling one. (A regular file reads the
// same with O_NONBLOCK.)
const openFlags = syscall.O_NONBLOCK | syscall.O_NOCTTY
