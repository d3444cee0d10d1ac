//go:build unix

package main

import (
	"os"
	"syscall"
)

// runNetProgram replaces this process by the program at path with the
// arguments (ti4sim serve becomes ti4sim-net serve: its pid, its signals,
// its exit status). SIGPIPE, which this process ignores, gets its default
// action back first: an ignored signal would stay ignored across exec.
// It returns only when exec fails.
func runNetProgram(path string, args []string, e *env) error {
	defaultBrokenPipeForChildren()
	return syscall.Exec(path, append([]string{path}, args...), os.Environ())
}
