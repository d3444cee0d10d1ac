package report

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
)

// failWriter accepts the first ok bytes, then fails every write, as a full
// disk (/dev/full) or a closed pipe does.
type failWriter struct {
	ok  int
	buf bytes.Buffer
}

var errDiskFull = errors.New("no space left on device")

func (f *failWriter) Write(p []byte) (int, error) {
	if len(p) <= f.ok {
		f.ok -= len(p)
		return f.buf.Write(p)
	}
	n, _ := f.buf.Write(p[:f.ok])
	f.ok = 0
	return n, errDiskFull
}

// shortWriter takes at most half of every write and reports no error, as
// the io.Writer contract forbids.
type shortWriter struct{}

func (shortWriter) Write(p []byte) (int, error) { return len(p) / 2, nil }

// ErrWriter keeps the first error and writes nothing after it; a short
// write with no error counts as io.ErrShortWrite.
func TestErrWriter(t *testing.T) {
	f := &failWriter{ok: 5}
	w := NewErrWriter(f)
	fmt.Fprint(w, "abc")
	if w.Err() != nil {
		t.Fatalf("after 3 of 5 bytes: %v, want no error", w.Err())
	}
	fmt.Fprint(w, "defg")
	if !errors.Is(w.Err(), errDiskFull) {
		t.Fatalf("after 7 of 5 bytes: %v, want %v", w.Err(), errDiskFull)
	}
	f.ok = 100 // the disk has room again: nothing more is written
	if n, err := fmt.Fprint(w, "hij"); n != 0 || !errors.Is(err, errDiskFull) {
		t.Errorf("write after the error: %d, %v; want 0 and %v", n, err, errDiskFull)
	}
	if got := f.buf.String(); got != "abcde" {
		t.Errorf("written %q, want %q", got, "abcde")
	}

	s := NewErrWriter(shortWriter{})
	fmt.Fprint(s, "abcd")
	if !errors.Is(s.Err(), io.ErrShortWrite) {
		t.Errorf("short write: %v, want %v", s.Err(), io.ErrShortWrite)
	}
}

// checkWriteErrors renders once to a buffer, then with a writer that
// fails after byte counts from 0 to one short of the whole output (every
// count, or about 100 spread evenly over a long output, and always the
// last): each must return the write error, and the output written up to
// the failure must be the start of the whole. The whole output fits a
// writer with exactly room for it.
func checkWriteErrors(t *testing.T, name string, render func(io.Writer) error) {
	t.Helper()
	var whole bytes.Buffer
	if err := render(&whole); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if whole.Len() == 0 {
		t.Fatalf("%s: wrote nothing", name)
	}
	step := max(1, whole.Len()/100)
	for ok := 0; ok < whole.Len(); ok += step {
		ok := min(ok, whole.Len()-1)
		f := &failWriter{ok: ok}
		if err := render(f); !errors.Is(err, errDiskFull) {
			t.Fatalf("%s, failing after %d of %d bytes: %v, want %v", name, ok, whole.Len(), err, errDiskFull)
		}
		if !bytes.HasPrefix(whole.Bytes(), f.buf.Bytes()) {
			t.Fatalf("%s, failing after %d bytes: wrote %q, not the start of the output", name, ok, f.buf.String())
		}
	}
	f := &failWriter{ok: whole.Len()}
	if err := render(f); err != nil || !bytes.Equal(f.buf.Bytes(), whole.Bytes()) {
		t.Errorf("%s, with room for the whole output: %v, wrote %d of %d bytes", name, err, f.buf.Len(), whole.Len())
	}
}
