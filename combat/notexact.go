package combat

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// NotExactError is Solve's answer to a scenario exact mode cannot answer:
// an effect it cannot express, or more unit states than its limit. Run
// answers the same scenario by simulation. Every exact entry point
// (Solve, SolveSystem, Optimize and their Within forms, and RunSystem's
// commit policies that judge planets exactly) reports it so that
// errors.As finds it.
type NotExactError struct {
	// Reason says what exact mode cannot do, e.g. "exact mode cannot
	// express <the effect> (<why>)".
	Reason string
}

// Error is the reason and the advice to run without exact mode.
func (e *NotExactError) Error() string { return (&engine.NotExactError{Reason: e.Reason}).Error() }
