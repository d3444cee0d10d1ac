//go:build !unix

package main

import (
	"errors"
	"os/exec"
)

// runNetProgram runs the program at path with the arguments, the standard
// streams passed through, and returns its exit status as a *childExit
// (where a process cannot replace itself by another, as on Windows).
func runNetProgram(path string, args []string, e *env) error {
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return &childExit{code: 0}
	case errors.As(err, &ee):
		return &childExit{code: ee.ExitCode()}
	}
	return err
}
