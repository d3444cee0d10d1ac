//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// main runs the command line of the process (wasm.go holds the
// WebAssembly engine's main instead).
//
// A broken pipe on standard output (`ti4sim units | head -1`) is a failed
// write, reported like a full disk: exit status 1 and one line
// `ti4sim: writing output: ...` on stderr (ignoreBrokenPipe). Ctrl-C
// cancels the command's context (interruptible).
func main() {
	growStack()
	ignoreBrokenPipe()
	ctx, stop := interruptible(context.Background(), interruptWatchAfter)
	out := &outputWriter{w: os.Stdout, closed: stdoutClosedAtStart()}
	code := run(ctx, os.Args[1:], os.Stdin, out, os.Stderr)
	stop()
	os.Exit(code)
}

// errStdoutClosed is the write error of a standard output that was closed
// when the process started (`ti4sim units >&-`).
var errStdoutClosed = errors.New("standard output is closed")

// outputWriter is the process's standard output: its write errors say
// that the output could not be written ("writing output: ..."), and when
// stdout was closed at start every write fails with errStdoutClosed (Go's
// runtime opens /dev/null on a closed fd 1, which would swallow the output
// silently).
type outputWriter struct {
	w      io.Writer
	closed bool
}

// Write writes p to standard output, or fails as described above.
func (o *outputWriter) Write(p []byte) (int, error) {
	if o.closed {
		return 0, fmt.Errorf("writing output: %w", errStdoutClosed)
	}
	n, err := o.w.Write(p)
	if err != nil {
		err = fmt.Errorf("writing output: %w", err)
	}
	return n, err
}

// growStack grows the main goroutine's stack once, to 64 KiB, while it is
// shallow. A battle's calls (flag parsing, the answer, the reflection of
// encoding/json) outgrew the starting 8 KiB stack three to four times, each
// growth copying the stack and walking every frame on it; one copy of a
// few frames costs less. 32 KiB of frame is what a one-battle command
// needs (no growth after it, in gdb at runtime.morestack); the frame is
// zeroed, so a larger one costs every command, help included, for nothing.
//
//go:noinline
func growStack() {
	var frame [stackAtStart]byte
	touch(frame[:])
}

// stackAtStart is growStack's frame.
const stackAtStart = 32 << 10

// touch writes b's last byte, so that growStack's frame is neither
// optimised away nor moved to the heap.
//
//go:noinline
func touch(b []byte) { b[len(b)-1] = 1 }
