package engine

import (
	"errors"
	"fmt"
)

// InputError is a fault of the input: the side (Attacker or Defender, or
// NoSide for the scenario's own settings), the field of the library's
// input at fault (a field name of combat.Scenario, combat.Side or
// combat.Options, e.g. "Cards", "Modifier", "MaxRounds"), the element of a
// list field (-1 when the field is not a list or the whole list is at
// fault) and what is wrong. combat converts it to its own InputError at
// its seam; front ends name the flag, JSON path or page control from Side,
// Field and Index.
type InputError struct {
	// Side is "attacker", "defender" or "" (the scenario's own settings).
	Side string
	// Field is the Go name of the input at fault, "" when no single input
	// is (the combination is).
	Field string
	// Index is the element of a list field at fault, or -1.
	Index int
	// Msg says what is wrong and what is allowed, without the side.
	Msg string
}

// Error is "side: msg", or msg for the scenario's own settings.
func (e *InputError) Error() string {
	if e.Side == "" {
		return e.Msg
	}
	return e.Side + ": " + e.Msg
}

// Inputf is an InputError of side's field (no element) with a formatted
// message; side is "attacker", "defender" or "".
func Inputf(side, field, format string, a ...any) *InputError {
	return &InputError{Side: side, Field: field, Index: -1, Msg: fmt.Sprintf(format, a...)}
}

// InputAtf is Inputf for element i of a list field.
func InputAtf(side, field string, i int, format string, a ...any) *InputError {
	return &InputError{Side: side, Field: field, Index: i, Msg: fmt.Sprintf(format, a...)}
}

// InputIn is err, a fault of side's field, as an InputError whose Error()
// is err's text after "side: ": an InputError err is (or wraps) keeps its
// field, when it names one, and its element.
func InputIn(side, field string, err error) *InputError {
	out := &InputError{Side: side, Field: field, Index: -1, Msg: err.Error()}
	var in *InputError
	if errors.As(err, &in) {
		if in.Field != "" {
			out.Field = in.Field
		}
		out.Index = in.Index
	}
	return out
}

// InputAt is err as element i of field (no side), err's text its message.
func InputAt(field string, i int, err error) *InputError {
	return &InputError{Field: field, Index: i, Msg: err.Error()}
}
