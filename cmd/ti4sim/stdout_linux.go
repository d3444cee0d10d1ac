//go:build linux

package main

import (
	"os"
	"syscall"
)

// stdoutClosedAtStart reports whether fd 1 was closed when the process
// started. Go's runtime then opens /dev/null read-write in its place
// before any of this program runs (runtime.checkfds); a shell's
// `>/dev/null` opens it write-only. So standard output being /dev/null
// opened O_RDWR is taken as a closed stdout. (A supervisor that hands a
// program /dev/null opened read-write as its stdout looks the same; its
// output is discarded either way, and ti4sim then says so with exit 1.)
func stdoutClosedAtStart() bool {
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, 1, syscall.F_GETFL, 0)
	if errno != 0 || flags&syscall.O_ACCMODE != syscall.O_RDWR {
		return false
	}
	out, err := os.Stdout.Stat()
	if err != nil {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err == nil && os.SameFile(out, null)
}
