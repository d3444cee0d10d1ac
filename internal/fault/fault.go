// Package fault turns a panic in a computation into an error, so that no
// input can end a program that calls the library: a Monte Carlo worker, an
// exact solve or a compile that panics hands back an *Error naming the step
// it was in, and the caller (the CLI, the service, a Go program) carries on.
//
// A panic is always a bug in ti4sim, never a fault of the input: the error
// says so, and keeps the stack for a report.
package fault

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// ErrInternal is matched (errors.Is) by every *Error: a panic inside the
// library, a bug in ti4sim. The public packages export it as
// combat.ErrInternal and agenda.ErrInternal.
var ErrInternal = errors.New("internal error")

// Error is a panic recovered in a computation.
type Error struct {
	// Value is what was panicked with.
	Value any
	// Step names the step of the scenario the panic happened in ("the
	// ground combat (combat rounds)"), or "" when no Namer recognised it.
	Step string
	// At is the source file and line of the innermost frame in the
	// module's own code ("faction_nekro.go:109"), or "".
	At string
	// Stack is the goroutine's stack when the panic was recovered, for a
	// log or a bug report; Error() does not print it.
	Stack []byte
	// frames are the frames of the panicking goroutine, innermost first.
	frames []runtime.Frame
}

// Error is one line: what failed, where, and that it is a bug.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("internal error")
	if e.Step != "" {
		b.WriteString(" in " + e.Step)
	}
	if e.At != "" {
		b.WriteString(", at " + e.At)
	}
	b.WriteString(": ")
	b.WriteString(strings.Join(strings.Fields(fmt.Sprint(e.Value)), " "))
	b.WriteString(" (a bug in ti4sim, not in the input: please report it with the input)")
	return b.String()
}

// Is reports whether target is ErrInternal.
func (e *Error) Is(target error) bool { return target == ErrInternal }

// Frames returns the frames of the panicking goroutine, innermost first.
func (e *Error) Frames() []runtime.Frame { return e.frames }

// A Namer names the step a panic happened in from its frames (innermost
// first), or returns "".
type Namer func(frames []runtime.Frame) string

// own reports whether function is one of this package's functions that
// recover, left out of the frames (a switch, not a map: no work at
// package initialisation).
func own(function string) bool {
	switch function {
	case module + "internal/fault.New", module + "internal/fault.Catch", module + "internal/fault.Recover":
		return true
	}
	return false
}

// module is the import path prefix of ti4sim's own code.
const module = "github.com/ti4sim/ti4sim/"

// New returns the Error for the panic value v. It must be called in the
// deferred function that recovered v, so that the stack still holds the
// panicking frames.
func New(v any) *Error {
	e := &Error{Value: v, Stack: debug.Stack()}
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs) // runtime.Callers, New, the deferred function
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "runtime.") || own(f.Function) {
			if !more {
				break
			}
			continue
		}
		e.frames = append(e.frames, f)
		if e.At == "" && strings.HasPrefix(f.Function, module) {
			e.At = fmt.Sprintf("%s:%d", base(f.File), f.Line)
		}
		if !more {
			break
		}
	}
	return e
}

func base(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		return path[i+1:]
	}
	return path
}

// Catch, deferred, turns a panic in the calling function into an *Error in
// *err, named by name (which may be nil); an *Error the function returned
// without a step is named too.
//
//	func Run(...) (r Result, err error) {
//		defer fault.Catch(&err, engine.StepOf)
func Catch(err *error, name Namer) {
	if v := recover(); v != nil {
		*err = New(v)
	}
	var e *Error
	if name != nil && *err != nil && errors.As(*err, &e) && e.Step == "" {
		e.Step = name(e.frames)
	}
}

// Recover, deferred by a goroutine the library starts, hands that
// goroutine's panic to keep as an *Error instead of ending the program.
//
//	go func() {
//		defer wg.Done()
//		defer fault.Recover(func(e *fault.Error) { first.CompareAndSwap(nil, e) })
func Recover(keep func(*Error)) {
	if v := recover(); v != nil {
		keep(New(v))
	}
}

// Named is the Namer of a computation that is one step: it names every
// panic step.
func Named(step string) Namer {
	return func([]runtime.Frame) string { return step }
}
