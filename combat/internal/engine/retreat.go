package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// Retreat is a side's retreat policy in space combat (LRR 78.5: a retreat is
// announced in the Announce Retreats step of a round, the defender first —
// if the defender announces, the attacker cannot that round — and happens
// after that round's hits are assigned, if the side still has ships and the
// opponent too). The zero Retreat never retreats. The engine assumes an
// eligible system to retreat to exists.
type Retreat struct {
	// AfterRound, 1..1000, makes the side announce in round AfterRound and
	// leave at its end; 0 for no fixed round.
	AfterRound int
	// WhenLosing makes the side announce in any round where, at the
	// announce step, its expected hits per combat round are below
	// Threshold times the opponent's.
	WhenLosing bool
	// Threshold is the WhenLosing ratio, > 0; 0 means 1.
	Threshold float64
	// Best makes the side retreat where that serves it best
	// (retreatrule.go): exact mode only, the other side never retreating.
	// The side maximises P(win) + Value·P(neither), neither being a
	// retreat, a draw or a combat that never ends, then the resources it
	// keeps. Value is above 0 and below 1; 0 means ½ (a retreat is neither
	// a win nor a loss).
	Best  bool
	Value float64
}

// Never reports whether the policy never retreats.
func (r Retreat) Never() bool { return r.AfterRound == 0 && !r.WhenLosing && !r.Best }

// ParseRetreat parses a retreat policy as the command line gives it:
// "never", "after=N" (leave at the end of round N), "when=losing" or
// "when=losing:T" (leave when expected hits per round fall below T times the
// opponent's; T defaults to 1), "best" or "best:V" (leave where it serves
// the side best, a retreat worth V of a win; Retreat.Best).
func ParseRetreat(s string) (Retreat, error) {
	var r Retreat
	v := strings.ToLower(strings.TrimSpace(s))
	switch {
	case v == "" || v == "never":
		return r, nil
	case strings.HasPrefix(v, "after="):
		n, err := strconv.Atoi(strings.TrimPrefix(v, "after="))
		if err != nil || n < 1 || n > MaxRounds {
			return r, Inputf("", "Retreat", "retreat %s: after=N wants a round 1..%d", echo.Quote(s), MaxRounds)
		}
		r.AfterRound = n
		return r, nil
	case v == "best" || strings.HasPrefix(v, "best:"):
		r.Best = true
		if t, ok := strings.CutPrefix(v, "best:"); ok {
			f, err := strconv.ParseFloat(t, 64)
			if err != nil || !(f > 0 && f < 1) {
				return r, Inputf("", "Retreat", "retreat %s: best:V wants the value of a retreat as a share of a win, above 0 and below 1", echo.Quote(s))
			}
			r.Value = f
		}
		return r, nil
	case v == "when=losing" || strings.HasPrefix(v, "when=losing:"):
		r.WhenLosing = true
		if t, ok := strings.CutPrefix(v, "when=losing:"); ok {
			f, err := strconv.ParseFloat(t, 64)
			if err != nil || !(f > 0 && f <= 100) {
				return r, Inputf("", "Retreat", "retreat %s: the threshold must be a number above 0 and at most 100", echo.Quote(s))
			}
			r.Threshold = f
		}
		return r, nil
	}
	return r, Inputf("", "Retreat", "retreat %s: allowed never, after=N, when=losing, when=losing:T, best or best:V", echo.Quote(s))
}

// String returns the policy in the ParseRetreat grammar.
func (r Retreat) String() string {
	switch {
	case r.AfterRound > 0:
		return fmt.Sprintf("after=%d", r.AfterRound)
	case r.WhenLosing && r.Threshold > 0 && r.Threshold != 1:
		return fmt.Sprintf("when=losing:%g", r.Threshold)
	case r.WhenLosing:
		return "when=losing"
	case r.Best && r.Value > 0:
		return fmt.Sprintf("best:%g", r.Value)
	case r.Best:
		return "best"
	}
	return "never"
}

func (r Retreat) Validate() error {
	if r.AfterRound < 0 || r.AfterRound > MaxRounds {
		return Inputf("", "Retreat", "retreat after round %d: allowed 1..%d", r.AfterRound, MaxRounds)
	}
	if r.Threshold < 0 || r.Threshold > 100 || r.Threshold != r.Threshold {
		return Inputf("", "Retreat", "retreat threshold %v: allowed above 0, at most 100", r.Threshold)
	}
	if r.Value < 0 || r.Value >= 1 || r.Value != r.Value || (r.Value > 0 && !r.Best) {
		return Inputf("", "Retreat", "retreat value %v: allowed 0 up to 1 (exclusive), with Best only", r.Value)
	}
	return nil
}

// announceRetreats is the Announce Retreats step: the defender first, then
// the attacker if the defender did not announce; effects may change the
// result. It returns the side that will retreat, or noSide.
func (t *Trial) announceRetreats() Side {
	leaving := NoSide
	first := [2]Side{Defender, Attacker}
	if t.P.Ti3 {
		first = [2]Side{Attacker, Defender} // TI3: the attacker announces first
	}
	for _, side := range first {
		if t.WantsRetreat(side) {
			leaving = side
			break
		}
	}
	for _, h := range t.P.Hooks.retreat {
		leaving = h(t, leaving)
	}
	return leaving
}

// WantsRetreat applies side's policy at this announce step.
func (t *Trial) WantsRetreat(side Side) bool {
	r := &t.P.Side[side].Retreat
	if r.AfterRound > 0 && t.Round == r.AfterRound {
		return true
	}
	if r.WhenLosing {
		th := r.Threshold
		if th == 0 {
			th = 1
		}
		return t.ExpectedHits(side, RollSpace) < th*t.ExpectedHits(side.Opp(), RollSpace)
	}
	return false
}

// ExpectedHits is side's expected hits from a roll of kind r with its
// units now (static modifiers; the hit factor included).
func (t *Trial) ExpectedHits(side Side, r RollKind) float64 {
	e := 0.0
	for _, ro := range t.P.Side[side].Rollers[r] {
		e += float64(t.Alive[side][ro.Slot]) * float64(ro.Dice) * HitProbability(int(ro.thr))
	}
	return e * float64(t.P.HitFactor[side][r])
}
