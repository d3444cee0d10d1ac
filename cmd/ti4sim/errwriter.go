package main

import "io"

// errWriter passes writes on to w until one fails; from then on it writes
// nothing and err holds the first error. A renderer writes through one and
// returns err at the end, so that a full disk or a closed pipe is reported
// (exit status 1) instead of a silently cut output.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	e.err = err
	return n, err
}
