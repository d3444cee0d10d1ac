package fault

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

func panics() (err error) {
	defer Catch(&err, func(frames []runtime.Frame) string {
		for _, f := range frames {
			if strings.HasSuffix(f.Function, ".deepest") {
				return "the deepest step"
			}
		}
		return ""
	})
	deepest()
	return nil
}

func deepest() {
	var m map[string]int
	m["x"] = 1 // assignment to entry in nil map
}

// TestCatch checks that a panic becomes an *Error on one line, named by the
// Namer from the panicking frames, at the line of the panic, with the stack
// kept apart.
func TestCatch(t *testing.T) {
	err := panics()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Catch: %v, want an *Error", err)
	}
	msg := err.Error()
	for _, want := range []string{"internal error in the deepest step, at fault_test.go:", "assignment to entry in nil map", "a bug in ti4sim"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not say %q", msg, want)
		}
	}
	if !errors.Is(err, ErrInternal) {
		t.Error("the error does not match ErrInternal")
	}
	if strings.Contains(msg, "\n") || !strings.Contains(string(e.Stack), "fault.deepest") || len(e.Frames()) == 0 {
		t.Errorf("want one line and the stack apart: %q, %d stack bytes, %d frames", msg, len(e.Stack), len(e.Frames()))
	}
}

// TestCatchNamesAReturnedError checks that an *Error handed back (from a
// worker goroutine) is named by the Namer of the entry point that returns
// it, and that other errors and nil pass unchanged.
func TestCatchNamesAReturnedError(t *testing.T) {
	fromWorker := func() (err error) {
		errc := make(chan *Error, 1)
		go func() {
			defer Recover(func(e *Error) { errc <- e })
			deepest()
		}()
		defer Catch(&err, Named("the worker's step"))
		return <-errc
	}
	if err := fromWorker(); err == nil || !strings.HasPrefix(err.Error(), "internal error in the worker's step, at fault_test.go:") {
		t.Errorf("an error from a worker: %v", err)
	}
	plain := errors.New("plain")
	for _, want := range []error{plain, nil} {
		got := func() (err error) {
			defer Catch(&err, Named("x"))
			return want
		}()
		if got != want {
			t.Errorf("Catch changed %v into %v", want, got)
		}
	}
}

// TestErrorOnOneLine checks that a multi-line panic value is folded.
func TestErrorOnOneLine(t *testing.T) {
	e := &Error{Value: "two\nlines", Step: "s"}
	if got := e.Error(); strings.Contains(got, "\n") || !strings.Contains(got, "two lines") {
		t.Errorf("%q", got)
	}
}
