package luck

import (
	"errors"
	"fmt"
	"math"
)

// Outcome is how a battle ended for one side, worst first.
type Outcome int

const (
	// Lost: the opponent won (it has units left, the side none).
	Lost Outcome = iota
	// Drew: neither side won (no units left on either side, or the
	// combat stopped unfinished).
	Drew
	// Won: the side has units left and the opponent none.
	Won
)

// String is the outcome's word: lost, drew or won.
func (o Outcome) String() string {
	switch o {
	case Lost:
		return "lost"
	case Drew:
		return "drew"
	case Won:
		return "won"
	}
	return fmt.Sprintf("Outcome(%d)", int(o))
}

// Key is how good an end of the battle is for one side. Keys are
// compared in order: Planets first (more is better), then Outcome (Lost <
// Drew < Won), then Kept (more is better), then OpponentKept (less is
// better); two ends with equal keys are equally good.
//
// A space or a ground combat leaves Planets 0 and ranks by its Outcome.
// An invasion ranks by the planets the side holds at the end (LRR 49:
// the attacker invades to take planets; the defender's aim is to keep
// them): the attacker's taken, the defender's kept; its Outcome is Drew
// for every end (the planets say who won), and Kept counts every unit the
// side has left, in space and on the planets.
type Key struct {
	// Outcome is how the battle ended for the side.
	Outcome Outcome
	// Kept is what the side has left, ≥ 0: its units' resource cost, or
	// another measure where cost is not known (a count of units).
	Kept float64
	// OpponentKept is what the opponent has left, ≥ 0, in the same
	// measure.
	OpponentKept float64
	// Planets is the number of planets the side holds at the end of an
	// invasion, ≥ 0 (0 for a space or a ground combat).
	Planets int
}

// Compare returns -1 when k is worse for the side than o, 0 when equally
// good, 1 when better (Key's order; costs equal within 1e-9).
func (k Key) Compare(o Key) int {
	switch {
	case k.Planets != o.Planets:
		return sign(float64(k.Planets - o.Planets))
	case k.Outcome != o.Outcome:
		return sign(float64(k.Outcome - o.Outcome))
	case math.Abs(k.Kept-o.Kept) > 1e-9:
		return sign(k.Kept - o.Kept)
	case math.Abs(k.OpponentKept-o.OpponentKept) > 1e-9:
		return sign(o.OpponentKept - k.OpponentKept)
	}
	return 0
}

func sign(x float64) int {
	if x < 0 {
		return -1
	}
	return 1
}

// End is one way the battle can end, with its probability, 0..1.
type End struct {
	P   float64
	Key Key
}

// Tail is where an observed end falls among the possible ends, for one
// side.
type Tail struct {
	// Worse, Equal and Better are the probabilities of ends strictly
	// worse than the observed one, as good, and strictly better; they add
	// up to 1 (the ends' probabilities, normalised).
	Worse, Equal, Better float64
	// AtMost is Worse + Equal, "this or worse"; AtLeast is Equal + Better,
	// "this or better".
	AtMost, AtLeast float64
	// Percentile is Worse + Equal/2, 0..1.
	Percentile float64
	// OneIn is 1/AtMost: "this or worse happens 1 time in OneIn" (+Inf
	// when AtMost is 0: the observed end is not among the possible ones).
	OneIn float64
}

// Rank places observed among ends (their probabilities need not add up
// to exactly 1: a Monte Carlo estimate, rounding; they are normalised).
// Every probability must be in 0..1 and at least one positive.
func Rank(ends []End, observed Key) (Tail, error) {
	var t Tail
	total := 0.0
	for i, e := range ends {
		if !(e.P >= 0 && e.P <= 1) {
			return Tail{}, fmt.Errorf("end %d: probability %v out of range: allowed 0..1", i+1, e.P)
		}
		total += e.P
		switch e.Key.Compare(observed) {
		case -1:
			t.Worse += e.P
		case 0:
			t.Equal += e.P
		default:
			t.Better += e.P
		}
	}
	if total <= 0 {
		return Tail{}, errors.New("no possible end")
	}
	t.Worse, t.Equal, t.Better = t.Worse/total, t.Equal/total, t.Better/total
	t.AtMost, t.AtLeast = math.Min(1, t.Worse+t.Equal), math.Min(1, t.Equal+t.Better)
	t.Percentile = t.Worse + t.Equal/2
	t.OneIn = 1 / t.AtMost
	return t, nil
}
