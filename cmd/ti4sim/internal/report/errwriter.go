package report

import "io"

// ErrWriter passes writes on to the writer it wraps until one fails; from
// then on it writes nothing and Err holds the first error. A renderer
// writes through one and returns Err at the end, so that a full disk or a
// closed pipe is reported (exit status 1) instead of a silently cut output.
type ErrWriter struct {
	w   io.Writer
	err error
}

// NewErrWriter returns an ErrWriter writing to w.
func NewErrWriter(w io.Writer) *ErrWriter { return &ErrWriter{w: w} }

// Write writes p to the wrapped writer unless an earlier write failed; a
// short write counts as a failure (io.ErrShortWrite).
func (e *ErrWriter) Write(p []byte) (int, error) {
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

// Err is the first write error, or nil.
func (e *ErrWriter) Err() error { return e.err }
