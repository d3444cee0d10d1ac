package engine

import "fmt"

// NotExactError is Solve's answer to a scenario exact mode cannot answer:
// an effect it cannot express, or more unit states than its limit. Run
// answers the same scenario by simulation.
type NotExactError struct {
	// Reason says what exact mode cannot do, e.g. "exact mode cannot
	// express <the effect> (<why>)".
	Reason string
}

func (e *NotExactError) Error() string {
	return e.Reason + "; run without exact mode for a Monte Carlo answer"
}

func NotExact(format string, a ...any) error {
	return &NotExactError{Reason: fmt.Sprintf(format, a...)}
}
