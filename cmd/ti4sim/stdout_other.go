//go:build !linux && !(js && wasm)

package main

// stdoutClosedAtStart reports whether fd 1 was closed when the process
// started; only Linux is checked (stdout_linux.go), elsewhere it is false.
func stdoutClosedAtStart() bool { return false }
