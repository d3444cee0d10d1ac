// Package lazy holds values built at their first use rather than at
// package initialisation, with no initialisation work of their own.
//
// Every process pays every package's initialisation whatever its
// command: a table a package builds there (a map literal, a catalogue, a
// compiled regexp) costs a one-question command-line call its time and
// the page faults of its fresh memory, though that call may never read
// it. A package-level Value whose Build is a function literal is laid out
// by the linker (no init code, no allocation); sync.OnceValue, by
// contrast, allocates its closure's state at initialisation.
package lazy

import "sync"

// Value is a T built once, by Build, at the first Get. Declare it at
// package level as lazy.Value[T]{Build: func() T { ... }}; it must not be
// copied after its first Get.
type Value[T any] struct {
	// Build makes the value; it runs at most once, at the first Get.
	Build func() T

	once sync.Once
	v    T
}

// Get returns the value, building it at the first call (concurrent
// callers wait for that one build).
func (l *Value[T]) Get() T {
	l.once.Do(func() { l.v = l.Build() })
	return l.v
}
