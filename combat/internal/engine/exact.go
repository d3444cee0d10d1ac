package engine

import (
	"context"
	"fmt"
)

// The exact solver: the Solver type, its entry (Solve), its refusals
// before any work (Unreplayed, refusal) and the action's steps carried as
// a distribution of joint states (solve). The chain it walks is in
// exactchain.go, its combat rounds in exactfight.go and settlerounds.go,
// the space area in exactspace.go, the invasion in exactinvasion.go and its
// tallies and Result in exactresult.go.

// Unreplayed names a window where hooks act that the solver does not
// replay (it uses tables for combat rounds, space cannon offense and the
// barrage, and replays the engine's own code only around the invasion), or
// returns "". Effects are meant to declare themselves inexact; this check
// keeps a missed declaration from giving a silently wrong answer.
func (p *Plan) Unreplayed() string {
	switch w := p.windowRefusal(); {
	case w != "":
		return w
	case p.NoTables:
		return "by adding units during the action"
	}
	for _, r := range []RollKind{RollSCO, RollAFB, RollSpace, RollGround, RollEffect} {
		if p.rollTouchedBeyond(r, true) {
			return "on " + r.String() + " rolls"
		}
	}
	for _, r := range []RollKind{RollBombard, RollSCD} {
		if p.invasionRollRefused(r) {
			return "on " + r.String() + " rolls"
		}
	}
	return ""
}

// Solver accumulates the exact answer.
type Solver struct {
	Ctx context.Context
	P   *Plan
	// MaxStates bounds the joint states each combat reaches (SolveWithin).
	MaxStates int
	// Optimal[side] makes side assign the hits of combat rounds optimally
	// (optimal.go) instead of by its order.
	Optimal [2]bool
	// first is the action's first combat that rolled, and firstStart its
	// joint states at the start of its first round (Decisions).
	first      *chain
	firstStart map[uint32]float64
	// retreatRule is the space combat's best retreat, when a side has one.
	retreatRule *retreatRule
	// copies, when set, are the counted cards' copies left at the start of
	// the space combat being solved (spaceCombatByCopies); else the
	// plan's.
	copies *counters
	// roundOffset is the space combat's rounds before the ground combat
	// being solved, for a first-rounds bonus (walkPlanetByRounds).
	roundOffset int
	// collect, when set, takes each final state of the space area
	// instead of the steps on the planet (a system's composition,
	// SystemPlan.Solve).
	collect func(spaceEndState) error
	// keepTails turns foldTails off (sweep.fold), for the test that
	// bounds what it changes; sparseCodes numbers every chain's states
	// densely (layCodes), for the test that compares the numberings.
	keepTails   bool
	sparseCodes bool
	// jointOrder settles every combat by joint health, never row by row
	// (rowsweep.go), for the test that compares the two orders;
	// abandonRows abandons the row order after its first row, as a hit
	// that breaks it does, for the test of that hand-back.
	jointOrder, abandonRows bool
	// spare are the chunks of its finished sweeps, for the next (fight).
	spare spareChunks
	// chains are the chains this solver made, whose dense numberings
	// Solve checks once it is done (chain.codesErr).
	chains []*chain

	outcome, space [numOutcomes]float64
	invaded        float64
	// wipedOut is the mass of invasions whose ground combat left neither
	// side with ground forces (Outcomes.BothWipedOut).
	wipedOut float64
	// neutral holds, during one bombardment, the joint ground states
	// whose hits turned the planet neutral (SetNeutralOnBombard).
	neutral    map[uint32]float64
	alive      [2][MaxSlots]float64 // expected units left at the end
	hist       [NumCombatTypes]roundsHist
	total      roundsHist
	meanRounds [NumCombatTypes]float64
	unresolved float64
	// massOf is the mass afterCapacity is applied to.
	massOf float64
	// shipsDamaged are the damaged counts that go with the ships of the
	// invasion being solved (scratch sets them with the ships: TI3's
	// damaged war suns bombard with fewer dice).
	shipsDamaged [MaxSlots]uint16
	// removed is the expected number of units per slot taken off without
	// being destroyed (capacity, no ship to carry them); capacityLost the
	// capacity part per side.
	removed      [2][MaxSlots]float64
	capacityLost [2]float64
	// states, under a round limit, is the mass of each end state (the
	// units of both sides), for Result.States.
	states map[unitState]float64
	// planetEnds, when not nil, is the mass of each end of a planet's
	// landing (a system's composition asks for them: SystemPlan.Ends).
	planetEnds map[landingEnd]float64
	// Left is the mass per outcome and number of units left (UnitsLeft);
	// shipsLeft the units of each side in the space area of the invasion
	// being solved (0 for a ground combat), and structures the defender's
	// structures outside the chains.
	Left       exactLeft
	shipsLeft  [2]int
	Structures int
}

// Solve carries the action's start state through its steps (actionSteps,
// the list Monte Carlo plays): the space-area steps on the space chain,
// then, from each final state of the space area, the steps on the planet
// (walkPlanet). A ground combat alone starts on the planet.
func (s *Solver) Solve() error {
	if err := s.refusal(); err != nil {
		return err
	}
	if s.P.roundLimit > 0 {
		s.states = map[unitState]float64{}
	}
	if err := s.solve(); err != nil {
		return err
	}
	for _, c := range s.chains {
		if err := c.codesErr(); err != nil {
			return err
		}
	}
	return nil
}

// DefaultMaxStates is the exact solver's usual bound on the joint states
// of a combat.
const DefaultMaxStates = 1 << 22

// refusal returns, before any work, why the plan cannot be solved exactly
// (nil when it can, as far as can be told before the chains are built).
func (s *Solver) refusal() error {
	p := s.P
	if p.roundLimit > histBins-2 {
		return NotExact("exact mode: a round limit of %d passes the %d rounds the exact solver counts one by one", p.roundLimit, histBins-2)
	}
	for side := range NumSides {
		for _, u := range p.bonusUses[side] {
			if u > histBins-2 {
				return NotExact("exact mode: a bonus in the first %d rounds passes the %d rounds the exact solver counts one by one", u, histBins-2)
			}
		}
	}
	if p.retreats {
		for side := range NumSides {
			if n := p.Side[side].Retreat.AfterRound; n > histBins-2 {
				return NotExact("exact mode: a retreat after round %d passes the %d rounds the exact solver counts one by one", n, histBins-2)
			}
		}
		if p.used[wOnRetreat][0] > 0 {
			return NotExact("exact mode cannot express an effect that acts when ships retreat")
		}
	}
	if why := s.poolRefusal(); why != "" {
		return NotExact("exact mode cannot express hits that must go to non-fighter ships ([0.0.1]) %s", why)
	}
	if why := p.countedRefusal(); why != "" {
		return NotExact("exact mode cannot express %s", why)
	}
	return nil
}

// solve is Solve once refusal has passed.
func (s *Solver) solve() error {
	p := s.P
	steps := actionSteps[p.action]
	if !steps[0].inSpaceArea() {
		g, err := s.newChain(OnGround)
		if err != nil {
			return err
		}
		start := map[uint32]float64{s.startState(g): 1}
		return s.walkPlanet(steps, planetState{g: g, dist: start, m: 1})
	}
	c, err := s.newChain(InSpace)
	if err != nil {
		return err
	}
	var g *chain
	if p.action == Invasion {
		if g, err = s.newChain(OnGround); err != nil {
			return err
		}
	}
	// steps[:k] are the space area's, steps[k:] the planet's.
	k := 0
	for k < len(steps) && steps[k].inSpaceArea() {
		k++
	}
	if err := s.spacePolicies(c, g, steps[k:]); err != nil {
		return err
	}
	dist := map[uint32]float64{s.startState(c): 1}
	var final map[uint32]*absorbed
	var fled [2]map[uint32]*roundsHist
	var groups map[uint64]map[uint32]float64 // by the copies left (Direct Hit on space cannon)
	for _, st := range steps[:k] {
		switch st {
		case stepSpaceCannonOffense:
			if p.directHitsBeforeCombat() {
				groups = s.spaceCannonOffenseCounted(c, dist)
				break
			}
			dist = s.spaceCannonOffense(c, dist)
		case stepSpaceCombat:
			if groups != nil {
				final, fled, err = s.spaceCombatByCopies(c, groups)
			} else {
				final, fled, err = s.spaceCombat(c, dist)
			}
			if err != nil {
				return err
			}
		}
	}
	return s.spaceEnds(c, g, final, fled, steps[k:])
}

// spacePolicies gives the space combat's chain c the worth its optimal hit
// assignment and its best retreat, if any side plays them, judge its final
// states by: the space combat's outcome, or for an invasion (g its ground
// combat's chain) that of the planet's steps rest after it.
func (s *Solver) spacePolicies(c, g *chain, rest []step) error {
	p := s.P
	var worth func(sa, sd uint32, fled Side) optValue
	switch {
	case c.policy != nil && g != nil:
		worth = s.invasionWorth(c, g, rest, &c.policy.err)
		c.policy.end = func(sa, sd uint32) optValue { return worth(sa, sd, NoSide) }
	case c.policy != nil:
		c.policy.end = s.spaceWorth(c)
	}
	if side := p.bestRetreat(); side != NoSide {
		if why := p.bestRetreatRefusal(side); why != "" {
			return fmt.Errorf("the best retreat (%s's retreat policy best) cannot handle %s", side, why)
		}
		rr := newRetreatRule(s.Ctx, c, side, p.Side[side].Retreat.Value)
		if g != nil {
			rr.end = s.invasionWorth(c, g, rest, &rr.err)
		}
		c.retreatRule, s.retreatRule = rr, rr
	}
	return nil
}

// spaceEnds plays the planet's steps rest (spaceEnd) from each final state
// of the space combat, in a fixed order so that sums are reproducible:
// those of final, then those the combats that ended by a retreat reached
// (fled), the defender's first.
func (s *Solver) spaceEnds(c, g *chain, final map[uint32]*absorbed, fled [2]map[uint32]*roundsHist, rest []step) error {
	for _, j := range sortedKeys(final) {
		if err := s.spaceEnd(c, g, j, final[j], rest); err != nil {
			return err
		}
	}
	for _, side := range [2]Side{Defender, Attacker} {
		for _, j := range sortedKeys(fled[side]) {
			if err := s.spaceEnd(c, g, j, &absorbed{hist: *fled[side][j], fled: true, by: side}, rest); err != nil {
				return err
			}
		}
	}
	return nil
}

// invasionWorth returns the worth, to the optimal hit assignment and the
// best retreat, of the space combat ending in a joint state of chain c —
// fled the side whose retreat ended it, or NoSide: the outcome of the rest
// of the invasion (steps rest; who holds the planet, and the resources
// each side keeps), solved from that state alone with the same policies.
// An attacker's retreat is neither a win nor a loss. A failure is stored
// in *errp.
func (s *Solver) invasionWorth(c, g *chain, rest []step, errp *error) func(sa, sd uint32, fled Side) optValue {
	nd := uint32(c.ss[Defender].n)
	return func(sa, sd uint32, fled Side) optValue {
		sub := &Solver{Ctx: s.Ctx, P: s.P, MaxStates: s.MaxStates, Left: NewExactLeft(s.P), Optimal: s.Optimal, Structures: s.Structures}
		a := &absorbed{fled: fled != NoSide, by: fled}
		a.hist[1] = 1
		var v optValue
		if err := sub.spaceEnd(c, g, sa*nd+sd, a, rest); err != nil {
			if *errp == nil {
				*errp = err
			}
			return v
		}
		copy(v.p[:], sub.outcome[:3])
		for _, o := range sub.outcome[3:] {
			v.p[1] += o // a retreat or an unfinished action: neither side won
		}
		v.keep = s.P.worthOf(func(side Side, i int) float64 { return sub.alive[side][i] })
		return v
	}
}

// spaceWorth returns the worth, to the optimal hit assignment, of a space
// combat ending in a joint state of chain c: its outcome, and the
// resources each side keeps once the fighters its ships cannot carry are
// removed (capacity, checked when the combat ends).
func (s *Solver) spaceWorth(c *chain) func(sa, sd uint32) optValue {
	nd := uint32(c.ss[Defender].n)
	return func(sa, sd uint32) optValue {
		v := outcomeWorth(sa, sd)
		t := s.scratch(c, sa*nd+sd, nil)
		t.capacity()
		v.keep = s.P.worthOf(func(side Side, i int) float64 { return float64(t.Alive[side][i]) })
		return v
	}
}
