package combat

import (
	"errors"
	"fmt"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
)

// InputError is a fault of the input given to the library: every entry
// point reports an input it cannot take as one (errors.As), naming the
// side, the field and, for a list, the element at fault, so that a front
// end can point at its own control for it: the command line at its flag,
// the service at its JSON path, the page at its form control.
type InputError struct {
	// Side is "attacker" or "defender" for a field of Scenario.Attacker
	// or Scenario.Defender (a Side's field), "" for a field of Scenario or
	// Options.
	Side string
	// Field is the Go name of the field at fault: a field of Side (e.g.
	// "Cards", "Modifier"), of Scenario (e.g. "MaxRounds", "Commit") or of
	// Options (e.g. "Trials"); "" when the fault is no one field's (the
	// scenario as a whole).
	Field string
	// Index, for a list field (Cards, Techs, Leaders, Planets), is the
	// element at fault: 0..len-1; -1 otherwise.
	Index int
	// Msg says what is wrong and what is allowed; it does not repeat the
	// side.
	Msg string
}

// Error is "side: msg", or msg for a field of Scenario or Options.
func (e *InputError) Error() string {
	if e.Side == "" {
		return e.Msg
	}
	return e.Side + ": " + e.Msg
}

// inputError converts the engine's input errors to the library's at the
// seam; any other error is returned as it is.
func inputError(err error) error {
	var in *engine.InputError
	if err == nil || !errors.As(err, &in) {
		return err
	}
	return &InputError{Side: in.Side, Field: in.Field, Index: in.Index, Msg: in.Msg}
}

// inputf is an InputError of a field of Scenario or Options (no side, no
// element).
func inputf(field, format string, a ...any) *InputError {
	return &InputError{Field: field, Index: -1, Msg: fmt.Sprintf(format, a...)}
}

// inputWithin is err said within a part of the input (a variant, a
// planet) that prefix names ("variant 2: "): an InputError of err's side,
// field and element, its message after the prefix, when err is an input
// error; else err wrapped after the prefix.
func inputWithin(err error, prefix string) error {
	var in *InputError
	if !errors.As(inputError(err), &in) {
		return fmt.Errorf("%s%w", prefix, err)
	}
	return &InputError{Side: in.Side, Field: in.Field, Index: in.Index, Msg: prefix + in.Msg}
}

// inputAtf is inputf for element i of a list field.
func inputAtf(field string, i int, format string, a ...any) *InputError {
	return &InputError{Field: field, Index: i, Msg: fmt.Sprintf(format, a...)}
}
