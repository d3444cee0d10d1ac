package reference

import (
	"math"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// Result is the oracle's exact answer for a scenario: the probabilities
// of the outcomes (LRR 78 Space Combat, 42 Ground Combat, 49 Invasion) and
// the exact moments of what is left and lost. Every probability is in
// [0, 1]; the outcomes add up to 1 (see Total).
type Result struct {
	// Final is the distribution over the states the action ends in.
	Final odist
	// Outcome probabilities.
	Win, Draw, Loss float64
	// The other outcomes: the attacker's ships retreated (in an invasion:
	// no invasion), the defender's ships retreated (space combat only; in
	// an invasion the action goes on), stopped by the round limit.
	ARetreat, DRetreat, Unfinished float64
	// Space holder after the space steps (invasions): attacker, neither,
	// defender, before capacity; or a side retreated.
	SpaceWin, SpaceDraw, SpaceLoss float64
	SpaceARetreat, SpaceDRetreat   float64
	// Invaded: the attacker committed ground forces (invasions).
	Invaded float64
	// Survivors per side (0 attacker, 1 defender) and kind: first and
	// second moments.
	Mean, MeanSq [2][onk]float64
	// Resources Lost per side: first and second moments.
	Lost, LostSq [2]float64
	// Units removed for lack of capacity per side: first and second
	// moments.
	CapLost, CapLostSq [2]float64
	// The largest value of each of those quantities in any final state:
	// the most one trial can add to a Monte Carlo mean.
	MaxLeft             [2][onk]float64
	MaxLost, MaxCapLost [2]float64
	// States: the number of memoised combat States.
	States int
	// Left[side][o][k] is the probability of outcome o (oOutcomes order)
	// with k of the side's units Left, all kinds together.
	Left [2][oNumOutcomes][]float64
}

// The outcomes in the order of combat.Outcomes, indexing Result.Left.
const (
	oWin = iota
	oDraw
	oLoss
	oARetreat
	oDRetreat
	oUnfinished
	oNumOutcomes
)

// addLeft adds probability p of outcome o with k units of side left.
func (r *Result) addLeft(side, o, k int, p float64) {
	row := &r.Left[side][o]
	for len(*row) <= k {
		*row = append(*row, 0)
	}
	(*row)[k] += p
}

// Solve computes the exact answer for sc. Scenarios whose rounds depend on
// their number (retreat policies, a round limit, Morale Boost, Shields
// Holding, Duranium Armor) are solved round by round (see oracle.go). It
// panics on a scenario outside its model: it is test support, not
// production code.
func Solve(sc combat.Scenario) Result { return newOracle(sc).solve() }

// solve computes the exact answer for o's scenario.
func (o *oracle) solve() Result {
	sc := o.sc
	s0 := o.start()
	var final odist
	switch sc.Action {
	case combat.SpaceCombat:
		final = o.space(s0)
	case combat.GroundCombat:
		final = o.ground(s0)
	case combat.Invasion:
		final = o.space(s0).then(o.landing(o.A.has(&s0.a, oShip)))
	default:
		panic("oracle: unknown action")
	}
	r := Result{Final: final, States: len(o.memo) + o.iterStates}
	sides := [2]*oside{&o.A, &o.D}
	for s, p := range final {
		c := [2]*ocount{&s.a, &s.d}
		oi := o.settle(&r, s, p)
		for i, side := range sides {
			r.addSide(i, side, c[i], oi, float64(s.capLost[i]), p)
		}
	}
	// A sum of probabilities that should be 1 (or 0) can miss by a
	// rounding error, e.g. 1 + 2e-16, and then p(1 − p) < 0 makes the
	// standard error of compareExact NaN, and a NaN z passes every test.
	for _, q := range []*float64{&r.Win, &r.Draw, &r.Loss, &r.ARetreat, &r.DRetreat, &r.Unfinished,
		&r.SpaceWin, &r.SpaceDraw, &r.SpaceLoss, &r.SpaceARetreat, &r.SpaceDRetreat, &r.Invaded} {
		*q = min(1, max(0, *q))
	}
	return r
}

// settle adds final state s of probability p to r's outcomes (and, in an
// invasion, to the space combat's and the commitment's) and returns the
// outcome's index.
func (o *oracle) settle(r *Result, s ostate, p float64) int {
	sc := o.sc
	aGround, dGround := o.A.has(&s.a, oGround), o.D.has(&s.d, oGround)
	var a, d bool // the attacker / defender holds the field
	switch sc.Action {
	case combat.SpaceCombat:
		// The outcome of the space combat, before capacity.
		a, d = s.sA, s.sD
	case combat.GroundCombat:
		a, d = aGround, dGround
	case combat.Invasion:
		a = aGround
		d = !a && !(s.fought && !dGround)
		switch {
		case s.retreat == oAttackerRetreat:
			r.SpaceARetreat += p
		case s.retreat == oDefenderRetreat:
			r.SpaceDRetreat += p
		case s.sA && s.sD:
			panic("oracle: both sides hold the space area at the end")
		case s.sA:
			r.SpaceWin += p
		case s.sD:
			r.SpaceLoss += p
		default:
			r.SpaceDraw += p
		}
		if s.committed {
			r.Invaded += p
		}
	}
	switch {
	case s.retreat == oAttackerRetreat:
		r.ARetreat += p
		return oARetreat
	case s.retreat == oDefenderRetreat && sc.Action == combat.SpaceCombat:
		r.DRetreat += p
		return oDRetreat
	case s.unfinished:
		r.Unfinished += p
		return oUnfinished
	case a && !d:
		r.Win += p
		return oWin
	case d && !a:
		r.Loss += p
		return oLoss
	case !a && !d:
		r.Draw += p
		return oDraw
	}
	panic("oracle: both sides hold the field at the end")
}

// addSide adds side i's units left c (its start and costs in side), with
// cl capacity lost, to r's means for outcome oi of probability p.
func (r *Result) addSide(i int, side *oside, c *ocount, oi int, cl, p float64) {
	lost := 0.0
	left := 0
	for k := range onk {
		left += c.alive(units.Kind(k))
	}
	r.addLeft(i, oi, left, p)
	for k := range onk {
		n := float64(c.alive(units.Kind(k)))
		r.Mean[i][k] += p * n
		r.MeanSq[i][k] += p * n * n
		r.MaxLeft[i][k] = max(r.MaxLeft[i][k], n)
		lost += side.stats[k].cost * (float64(side.start.alive(units.Kind(k))) - n)
	}
	r.Lost[i] += p * lost
	r.LostSq[i] += p * lost * lost
	r.CapLost[i] += p * cl
	r.CapLostSq[i] += p * cl * cl
	r.MaxLost[i] = max(r.MaxLost[i], math.Abs(lost))
	r.MaxCapLost[i] = max(r.MaxCapLost[i], cl)
}

// Total is the total probability of the final distribution (1 up to
// rounding).
func (r Result) Total() float64 {
	t := 0.0
	for _, p := range r.Final {
		t += p
	}
	return t
}

// SD is the standard deviation of a quantity with first and second
// moments m1 and m2 (m2 ≥ m1² up to rounding; a negative variance from
// rounding counts as 0).
func SD(m1, m2 float64) float64 { return math.Sqrt(max(0, m2-m1*m1)) }

// SolveIterated computes the exact answer for sc as Solve does, but always
// by the round-by-round iteration (roundsIter) that Solve keeps for
// scenarios whose rounds depend on their number: the two methods must
// agree where both apply. sc is any scenario Solve accepts.
func SolveIterated(sc combat.Scenario) Result {
	o := newOracle(sc)
	o.general = true
	return o.solve()
}

// DefenderStartsAsFleet reports whether the oracle's defender starts sc
// with exactly its fleet: false when Magen Defense Grid ΩΩ places infantry
// with the defender's structures when the system is activated.
func DefenderStartsAsFleet(sc combat.Scenario) bool {
	return newOracle(sc).D.start == newOSide(sc.Defender).start
}

// StartRows are the survivors rows expected from the oracle's start of
// sc, attacker then defender: the fleet's groups plus the infantry placed
// by Magen Defense Grid ΩΩ, in kind order, one row per kind present.
func StartRows(sc combat.Scenario) [2][]units.Group {
	o := newOracle(sc)
	var rows [2][]units.Group
	for i, start := range []ocount{o.A.start, o.D.start} {
		for k := range units.NumKinds {
			if n := start.alive(k); n > 0 {
				rows[i] = append(rows[i], units.Group{Kind: k, Count: n})
			}
		}
	}
	return rows
}
