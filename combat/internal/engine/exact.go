package engine

import (
	"context"
	"fmt"
	"maps"
)

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
	case len(p.Side[Attacker].SustainBlockers)+len(p.Side[Defender].SustainBlockers) > 0:
		return "by stopping Sustain Damage while a unit is present"
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
	// bounds what it changes.
	keepTails bool

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
	// Left is the mass per outcome and number of units left (UnitsLeft);
	// shipsLeft the units of each side in the space area of the invasion
	// being solved (0 for a ground combat), and structures the defender's
	// structures outside the chains.
	Left       exactLeft
	shipsLeft  [2]int
	Structures int
}

// fire applies a roll of kind r by side shooter (units as in its state of
// chain c, or its start when it has none there) to the target side's state,
// to every joint state of dist.
func (s *Solver) fire(c *chain, dist map[uint32]float64, shooter Side, r RollKind) map[uint32]float64 {
	target := shooter.Opp()
	nd := uint32(c.ss[Defender].n)
	out := make(map[uint32]float64, len(dist))
	for _, j := range sortedKeys(dist) {
		m := dist[j]
		st := [2]uint32{j / nd, j % nd}
		alive, damaged := s.overlay(c, shooter, st[shooter])
		pmf := s.P.hitPMF(shooter, r, &alive, &damaged, 0)
		for h, q := range pmf {
			if q == 0 {
				continue
			}
			ns := st
			ns[target] = s.advance(c, target, r, st[target], h)
			out[ns[0]*nd+ns[1]] += m * q
		}
	}
	return out
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
	return s.solve()
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
	var worth func(sa, sd uint32, fled Side) optValue
	switch {
	case c.policy != nil && g != nil:
		worth = s.invasionWorth(c, g, steps[k:], &c.policy.err)
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
			rr.end = s.invasionWorth(c, g, steps[k:], &rr.err)
		}
		c.retreatRule, s.retreatRule = rr, rr
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
	// Each final state of the space area, in a fixed order so that sums are
	// reproducible.
	for _, j := range sortedKeys(final) {
		if err := s.spaceEnd(c, g, j, final[j], steps[k:]); err != nil {
			return err
		}
	}
	// The combats that ended by a retreat, the defender's first.
	for _, side := range [2]Side{Defender, Attacker} {
		for _, j := range sortedKeys(fled[side]) {
			if err := s.spaceEnd(c, g, j, &absorbed{hist: *fled[side][j], fled: true, by: side}, steps[k:]); err != nil {
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

// spaceCannonOffense is the step's exact form: the attacker fires first,
// then the defender.
func (s *Solver) spaceCannonOffense(c *chain, dist map[uint32]float64) map[uint32]float64 {
	for _, side := range [2]Side{Attacker, Defender} {
		if len(s.P.Side[side].Rollers[RollSCO]) > 0 {
			dist = s.fire(c, dist, side, RollSCO)
		}
	}
	return dist
}

// spaceCombat is the step's exact form: where both sides have ships, the
// start-of-combat effects, anti-fighter barrage (both at
// once), the TI3 pre-combat rolls and the rounds. It returns the final
// states of the space area with their rounds; a state where no space
// combat took place ends with 0 rounds.
func (s *Solver) spaceCombat(c *chain, dist map[uint32]float64) (map[uint32]*absorbed, [2]map[uint32]*roundsHist, error) {
	p := s.P
	nd := uint32(c.ss[Defender].n)
	fights, quiet := split(dist, nd)
	if hs := p.Hooks.startOfCombat[InSpace]; len(hs) > 0 {
		fights = s.replay(c, fights, nil, func(t *Trial) {
			for _, h := range hs {
				h(t)
			}
		})
	}
	if len(fights) > 0 {
		fights = s.volley(c, fights, RollAFB)
	}
	if len(fights) > 0 && len(p.Side[Attacker].Rollers[RollPreCombat])+len(p.Side[Defender].Rollers[RollPreCombat]) > 0 {
		fights = s.volley(c, fights, RollPreCombat) // TI3: after the barrage's casualties
	}
	final, fled, occupancy, err := s.fight(c, fights)
	if err != nil {
		return nil, fled, err
	}
	s.meanRounds[InSpace] += occupancy + endedBeforeRolls(final) // once, or once per group of copies (spaceCombatByCopies)
	for _, j := range sortedKeys(quiet) {
		a, ok := final[j]
		if !ok {
			a = &absorbed{}
			final[j] = a
		}
		a.hist[0] += quiet[j]
	}
	return final, fled, nil
}

// spaceEnd settles one final state j of the space area, reached with the
// rounds and mass of a: capacity when the space combat ends, then the
// outcome of a space combat (no steps left), or of an invasion — none
// when the space combat never ends, otherwise the steps on the planet
// (walkPlanet).
func (s *Solver) spaceEnd(c, g *chain, j uint32, a *absorbed, rest []step) error {
	nd := uint32(c.ss[Defender].n)
	m := a.hist.sum()
	s.hist[InSpace].add(&a.hist, 1)
	sp := holderOf(j/nd, j%nd) // who won, before capacity
	switch {
	case a.stuck || a.stopped:
		sp = unfinished
	case a.fled && a.by == Attacker:
		sp = attackerRetreats
	case a.fled:
		sp = defenderRetreats
	}
	s.massOf = m
	sa, sd, ga := j/nd, j%nd, uint32(0)
	if !a.stopped { // a combat stopped by the round limit has not ended: no capacity
		sa, sd, ga = s.afterCapacity(c, g, j)
	}
	s.addSurvivors(c, Attacker, sa, m)
	s.addSurvivors(c, Defender, sd, m)
	s.space[sp] += m
	if s.collect != nil {
		return s.collect(spaceEndState{c: c, g: g, sa: sa, ga: ga, m: m, sp: sp, stuck: a.stuck, stopped: a.stopped})
	}
	if len(rest) == 0 {
		s.addState(c, sa, sd, m)
		s.outcome[sp] += m
		s.Left.add(sp, unitsIn(c, Attacker, sa), unitsIn(c, Defender, sd)+s.Structures, m)
		s.addStructures(m, false)
		s.total.add(&a.hist, 1)
		if a.stuck {
			s.unresolved += m
		}
		return nil
	}
	gd := s.startState(g) % uint32(g.ss[Defender].n)
	if a.stuck || sp == attackerRetreats {
		// An unending space combat, or the attacker's ships retreated: no
		// invasion.
		o := attackerRetreats
		if a.stuck {
			s.unresolved += m
			o = unfinished
		}
		s.outcome[o] += m
		s.addSurvivors(g, Attacker, ga, m)
		s.addSurvivors(g, Defender, gd, m)
		s.Left.add(o, unitsIn(c, Attacker, sa)+unitsIn(g, Attacker, ga),
			unitsIn(c, Defender, sd)+unitsIn(g, Defender, gd)+s.Structures, m)
		s.addStructures(m, false)
		s.total.add(&a.hist, 1)
		s.hist[OnGround][0] += m
		return nil
	}
	ships, damaged := s.overlay(c, Attacker, sa)
	st := planetState{
		c: c, g: g, sa: sa, sd: sd, ga: ga, gd: gd, m: m, hist: &a.hist,
		dist:  map[uint32]float64{ga*uint32(g.ss[Defender].n) + gd: 1},
		ships: &ships, damaged: damaged,
	}
	if most := s.P.mostBonusUses(); most > 0 {
		return s.walkPlanetByRounds(rest, st, most)
	}
	return s.walkPlanet(rest, st)
}

// walkPlanetByRounds is walkPlanet for an invasion where a first-rounds
// bonus (FirstRoundsBonus: Morale Boost's copies, played at the start of
// each round of either combat while they last) reaches the ground combat
// with the copies the space combat left: its mass is split by the space
// combat's rounds r (a round's start spends a copy), 0 to most (most: r of
// most or more), and each part walks the planet with its ground combat's
// bonus rounds shifted by r.
func (s *Solver) walkPlanetByRounds(steps []step, st planetState, most int) error {
	defer func() { s.roundOffset = 0 }()
	for r := 0; r <= most; r++ {
		var h roundsHist
		if r < most {
			h[r] = st.hist[r]
		} else {
			copy(h[most:], st.hist[most:])
		}
		part := st
		if part.m = h.sum(); part.m == 0 {
			continue
		}
		part.hist = &h
		part.dist = maps.Clone(st.dist)
		s.roundOffset = r
		if err := s.walkPlanet(steps, part); err != nil {
			return err
		}
	}
	return nil
}

// afterCapacity applies the capacity check at the end of the space combat
// to final joint ship state j of chain c, with the attacker's ground forces
// (chain g, at their start) in the space area. It returns the ships' states
// and the attacker's ground state after it (0 when g is nil).
func (s *Solver) afterCapacity(c, g *chain, j uint32) (sa, sd, ga uint32) {
	t := s.scratch(c, j, nil)
	before := t.Alive
	t.capacity()
	m := s.massOf
	for side := range before {
		for i := range before[side] {
			s.removed[side][i] += m * float64(before[side][i]-t.Alive[side][i])
		}
		s.capacityLost[side] += m * float64(t.capacityLost[side])
	}
	sa = c.ss[Attacker].encode(&t.Alive[Attacker], &t.Damaged[Attacker])
	sd = c.ss[Defender].encode(&t.Alive[Defender], &t.Damaged[Defender])
	if g != nil {
		ga = g.ss[Attacker].encode(&t.Alive[Attacker], &t.Damaged[Attacker])
	}
	return sa, sd, ga
}

// volley applies both sides' rolls of kind r at once (anti-fighter
// barrage; TI3's pre-combat shots) to every joint state of dist.
func (s *Solver) volley(c *chain, dist map[uint32]float64, r RollKind) map[uint32]float64 {
	nd := uint32(c.ss[Defender].n)
	out := make(map[uint32]float64, len(dist))
	for _, j := range sortedKeys(dist) {
		m := dist[j]
		st := [2]uint32{j / nd, j % nd}
		var pmf [2][]float64
		for side := range NumSides {
			alive, damaged := s.overlay(c, side, st[side])
			pmf[side] = s.P.hitPMF(side, r, &alive, &damaged, 0)
		}
		for ha, qa := range pmf[Attacker] {
			for hd, qd := range pmf[Defender] {
				if qa*qd == 0 {
					continue
				}
				na := s.advance(c, Attacker, r, st[Attacker], hd)
				nd2 := s.advance(c, Defender, r, st[Defender], ha)
				out[na*nd+nd2] += m * qa * qd
			}
		}
	}
	return out
}

// planetState is what walkPlanet carries: the distribution dist of joint
// ground states (chain g) for mass m of the action, and, in an invasion,
// the final states sa, sd of the space chain c with their rounds hist, the
// attacker's ground state ga and the defender's gd that dist starts from,
// and the attacker's ships left in space with their damage.
type planetState struct {
	c, g           *chain
	sa, sd, ga, gd uint32
	m              float64
	hist           *roundsHist
	dist           map[uint32]float64
	ships          *[MaxSlots]uint16
	damaged        [MaxSlots]uint16
}

// walkPlanet carries st through the steps on the planet, in the order of
// actionSteps: the invasion's gate, bombardment, commitment, space cannon
// defense, and the ground combat with control.
func (s *Solver) walkPlanet(steps []step, st planetState) error {
	p := s.P
	g, m := st.g, st.m
	nd := uint32(g.ss[Defender].n)
	dist := st.dist
	for _, step := range steps {
		switch step {
		case stepInvasionGate:
			// No ship left to carry the ground forces: they are removed,
			// not destroyed, and there is no invasion (capacity, LRR 16).
			if p.Side[Attacker].hadShips && st.sa == 0 {
				s.noCarrier(st)
				return nil
			}
			s.shipsLeft = [2]int{unitsIn(st.c, Attacker, st.sa), unitsIn(st.c, Defender, st.sd)}
			s.shipsDamaged = st.damaged
			// Effects at the start of the invasion.
			if len(p.Hooks.startOfInvasion) > 0 {
				dist = s.replay(g, dist, st.ships, func(t *Trial) {
					for _, h := range p.Hooks.startOfInvasion {
						h(t)
					}
				})
			}
		case stepBombardment:
			// Bombardment by the attacker's ships left in space, unless
			// shielded, and the effects after it.
			switch {
			case !s.shieldedBy(st.ships):
				dist = s.roll(g, dist, st.ships, Attacker, RollBombard, nil)
			case len(p.Side[Attacker].ThroughShield) > 0: // TI3 war suns
				dist = s.roll(g, dist, st.ships, Attacker, RollBombard, p.Side[Attacker].ThroughShield)
			}
			// A hit that found no ground force turned the planet neutral
			// (SetNeutralOnBombard): neither player controls it.
			for _, j := range sortedKeys(s.neutral) {
				s.settleUninvaded(st, j, s.neutral[j], draw)
			}
			clear(s.neutral)
		case stepCommit:
			if !p.noCommit {
				s.invaded += m
			}
			// After the commitment: effects may send the ground forces
			// back to space: no invasion for that mass.
			if hs := p.Hooks.afterCommit; len(hs) > 0 && !p.noCommit {
				dist = s.sentBack(st, dist, nd, hs)
			}
		case stepSpaceCannonDefense:
			// Space cannon defense at the committed ground forces.
			if len(p.Side[Defender].Rollers[RollSCD]) > 0 {
				dist = s.roll(g, dist, st.ships, Defender, RollSCD, nil)
			}
		case stepGroundCombat:
			return s.groundPhase(g, dist, m, st.hist, st.ships)
		}
	}
	return nil
}

// noCarrier settles st when the attacker has no ship left to carry its
// ground forces: they are removed, not destroyed, and the defender keeps
// the planet.
func (s *Solver) noCarrier(st planetState) {
	g, m := st.g, st.m
	var ag, dg [MaxSlots]uint16
	g.ss[Attacker].decode(st.ga, &ag, &dg)
	for _, sl := range g.ss[Attacker].slots {
		s.removed[Attacker][sl] += m * float64(ag[sl])
	}
	s.outcome[DefenderWins] += m
	s.addSurvivors(g, Defender, st.gd, m)
	s.Left.add(DefenderWins, unitsIn(st.c, Attacker, st.sa), unitsIn(st.c, Defender, st.sd)+unitsIn(g, Defender, st.gd)+s.Structures, m)
	s.addStructures(m, false)
	s.total.add(st.hist, 1)
	s.hist[OnGround][0] += m
}

// sentBack runs the hooks after the commitment (hs) on each state of dist:
// the mass they send back to space is settled (no invasion: the defender
// keeps the planet) and the rest returned.
func (s *Solver) sentBack(st planetState, dist map[uint32]float64, nd uint32, hs []func(t *Trial) bool) map[uint32]float64 {
	g, m := st.g, st.m
	kept := map[uint32]float64{}
	for _, j := range sortedKeys(dist) {
		t := s.scratch(g, j, st.ships)
		t.Invaded = true
		back := false
		for _, h := range hs {
			if !h(t) {
				back = true
				break
			}
		}
		if !back {
			kept[j] += dist[j]
			continue
		}
		s.invaded -= m * dist[j]
		s.settleUninvaded(st, j, dist[j], DefenderWins)
	}
	return kept
}

// settleUninvaded settles the fraction q of st's mass in joint ground
// state j where no ground combat follows (the planet is not invaded) with
// outcome o: survivors, units left, the defender's structures, and no
// ground round.
func (s *Solver) settleUninvaded(st planetState, j uint32, q float64, o outcome) {
	g, m := st.g, st.m
	nd := uint32(g.ss[Defender].n)
	s.addSurvivors(g, Attacker, j/nd, m*q)
	s.addSurvivors(g, Defender, j%nd, m*q)
	s.outcome[o] += m * q
	s.Left.add(o, s.shipsLeft[Attacker]+unitsIn(g, Attacker, j/nd),
		s.shipsLeft[Defender]+unitsIn(g, Defender, j%nd)+s.Structures, m*q)
	s.addStructures(m*q, false)
	s.hist[OnGround][0] += m * q
	s.total.add(st.hist, q)
}

// scratch returns a trial holding the attacker's units as in ships (or at
// their start when ships is nil) with chain g's units replaced by its
// joint state j, and the defender's units at their start with g's units
// from j: the state on which the exact solver replays the engine's own
// steps and effects.
func (s *Solver) scratch(g *chain, j uint32, ships *[MaxSlots]uint16) *Trial {
	return g.trialAt(j, ships, &s.shipsDamaged)
}

// replay applies a deterministic step f to every joint state of dist (of
// chain g: the space combat's ships, or the invasion's ground forces with
// the attacker's ships as in ships).
func (s *Solver) replay(g *chain, dist map[uint32]float64, ships *[MaxSlots]uint16, f func(*Trial)) map[uint32]float64 {
	out := make(map[uint32]float64, len(dist))
	for _, j := range sortedKeys(dist) {
		t := s.scratch(g, j, ships)
		f(t)
		out[encodeJoint(g, t)] += dist[j]
	}
	return out
}

// roll applies a roll of kind r by shooter (bombardment or space cannon
// defense) to every joint ground state of dist: each number of hits with
// its exact probability, assigned by the engine's own assign and followed
// by the effects after a bombardment. only, when not nil, are the rollers
// that fire instead of all of kind r (TI3's war suns through a shield).
func (s *Solver) roll(g *chain, dist map[uint32]float64, ships *[MaxSlots]uint16, shooter Side, r RollKind, only []Roller) map[uint32]float64 {
	target := shooter.Opp()
	out := make(map[uint32]float64, len(dist))
	for _, j := range sortedKeys(dist) {
		t := s.scratch(g, j, ships)
		neutral := r == RollBombard && s.P.neutralOnBombard
		if !t.Has(target, TGround) && !neutral {
			out[j] += dist[j]
			continue
		}
		var pmf []float64
		if only != nil {
			pmf = rollersPMF(only, &t.Alive[shooter], &t.Damaged[shooter], s.P.HitFactor[shooter][r])
		} else {
			pmf = s.P.hitPMF(shooter, r, &t.Alive[shooter], &t.Damaged[shooter], 0)
		}
		for h, q := range pmf {
			if q == 0 {
				continue
			}
			u := s.scratch(g, j, ships)
			before := u.Alive[target]
			u.Assign(target, r, h)
			if r == RollBombard {
				for _, f := range s.P.Hooks.afterBombard {
					f(u, &before)
				}
			}
			if neutral && h > t.absorbs(target, r) {
				if s.neutral == nil {
					s.neutral = map[uint32]float64{}
				}
				s.neutral[encodeJoint(g, u)] += dist[j] * q
				continue
			}
			out[encodeJoint(g, u)] += dist[j] * q
		}
	}
	return out
}

// shieldedBy reports whether the planet is shielded against an attacker
// whose units are alive.
func (s *Solver) shieldedBy(alive *[MaxSlots]uint16) bool {
	// Structures are never destroyed before control: the defender's at
	// their start.
	return s.P.shieldedAgainst(alive, &s.P.Side[Defender].Start)
}

// groundPhase fights the ground combat from dist (joint ground states) for
// mass m and records outcomes, ground survivors and rounds; spaceHist, for
// an invasion, is the space combat's rounds of this mass.
func (s *Solver) groundPhase(g *chain, dist map[uint32]float64, m float64, spaceHist *roundsHist, ships *[MaxSlots]uint16) error {
	nd := uint32(g.ss[Defender].n)
	fights, quiet := split(dist, nd)
	// Effects at the start of ground combat act
	// wherever a combat takes place; a combat they end lasted one round.
	if len(s.P.Hooks.startOfCombat[OnGround]) > 0 {
		fights = s.replay(g, fights, ships, func(t *Trial) {
			for _, h := range s.P.Hooks.startOfCombat[OnGround] {
				h(t)
			}
		})
	}
	final, _, occupancy, err := s.fight(g, fights) // no retreat from a ground combat
	if err != nil {
		return err
	}
	s.meanRounds[OnGround] += m * (occupancy + endedBeforeRolls(final))
	var groundHist roundsHist
	record := func(j uint32, q float64, fought bool, a *absorbed) {
		ga, gd := j/nd, j%nd
		s.addSurvivors(g, Attacker, ga, m*q)
		s.addSurvivors(g, Defender, gd, m*q)
		s.addState(g, ga, gd, m*q)
		o := s.P.planetHolder(ga != 0, gd != 0, fought)
		switch {
		case a.stuck:
			o = unfinished
			s.unresolved += m * q
		case a.stopped:
			o = unfinished
		case ga == 0 && fought && gd == 0 && s.P.action == Invasion:
			s.wipedOut += m * q
		}
		s.outcome[o] += m * q
		captured := o == AttackerWins && s.P.action == Invasion
		d := s.shipsLeft[Defender] + unitsIn(g, Defender, gd)
		if !captured {
			d += s.Structures
		}
		s.Left.add(o, s.shipsLeft[Attacker]+unitsIn(g, Attacker, ga), d, m*q)
		s.addStructures(m*q, captured)
	}
	for _, j := range sortedKeys(final) {
		a := final[j]
		q := a.hist.sum()
		groundHist.add(&a.hist, 1)
		record(j, q, true, a)
	}
	for _, j := range sortedKeys(quiet) {
		groundHist[0] += quiet[j]
		record(j, quiet[j], false, &absorbed{})
	}
	s.hist[OnGround].add(&groundHist, m)
	if spaceHist == nil {
		s.total.add(&groundHist, m)
	} else {
		// spaceHist carries mass m; groundHist is a distribution.
		t := spaceHist.convolve(&groundHist)
		s.total.add(&t, 1)
	}
	return nil
}

// addSurvivors adds mass m of side's chain state st to the expected
// survivors.
func (s *Solver) addSurvivors(c *chain, side Side, st uint32, m float64) {
	s.alive[side] = addUnits(s.alive[side], c, side, st, m)
}

// addState adds mass m of chain c's joint end state (sa, sd) — each side's
// units, the others at their start — to the end states a round limit
// reports (Result.States); nothing without a round limit.
func (s *Solver) addState(c *chain, sa, sd uint32, m float64) {
	if s.states == nil || m == 0 {
		return
	}
	var k unitState
	for side, st := range [2]uint32{sa, sd} {
		k[side][0], k[side][1] = s.overlay(c, Side(side), st)
	}
	s.states[k] += m
}

func addUnits(acc [MaxSlots]float64, c *chain, side Side, st uint32, m float64) [MaxSlots]float64 {
	ss := &c.ss[side]
	for j, slot := range ss.slots {
		if sl := &c.plan.Side[side].Slots[slot]; sl.Form == FormWorn {
			slot = sl.Of // reported with its unit
		}
		acc[slot] += m * float64(ss.unit(st, j)[0])
	}
	return acc
}

// addStructures adds mass m of the defender's structures, destroyed when
// the attacker took the planet; structures that are also ground forces
// are in the states already.
func (s *Solver) addStructures(m float64, captured bool) {
	if captured {
		return
	}
	sp := &s.P.Side[Defender]
	for i, sl := range sp.Slots {
		if sl.Zone == ZonePlanet && sl.Stats.Kind.Structure() && sp.In[i]&(1<<TGround) == 0 {
			s.alive[Defender][i] += m * float64(sp.Start[i])
		}
	}
}

func holderOf(sa, sd uint32) outcome {
	switch {
	case sa != 0 && sd == 0:
		return AttackerWins
	case sd != 0 && sa == 0:
		return DefenderWins
	}
	return draw
}

// Result turns the solver's sums into a Result.
func (s *Solver) Result() Result {
	p := s.P
	exactP := exactProbability
	outs := func(o [numOutcomes]float64) Outcomes {
		return Outcomes{AttackerWin: exactP(o[AttackerWins]), Draw: exactP(o[draw]), DefenderWin: exactP(o[DefenderWins]), Unfinished: exactP(o[unfinished]),
			AttackerRetreats: exactP(o[attackerRetreats]), DefenderRetreats: exactP(o[defenderRetreats])}
	}
	rounds := func(h *roundsHist, mean float64) Rounds {
		last := histBins
		for last > 0 && h[last-1] < 1e-15 {
			last--
		}
		return Rounds{Mean: Mean{Value: mean}, Histogram: append([]float64(nil), h[:last]...)}
	}
	r := Result{Action: p.action, Exact: true, Outcome: outs(s.outcome)}
	for side, sr := range []*SideResult{&r.Attacker, &r.Defender} {
		lost := 0.0
		for i, sl := range p.Side[side].Slots {
			if !sl.Report {
				continue
			}
			sr.Survivors = append(sr.Survivors, Survivor{
				Kind: sl.Stats.Kind, Name: sl.Stats.Name, Start: int(p.Side[side].Start[i]),
				Expected: Mean{Value: s.alive[side][i]},
			})
			lost += float64(sl.CostHalves) / 2 * (float64(p.Side[side].Start[i]) - s.alive[side][i])
		}
		sr.ResourcesLost = Mean{Value: lost}
		sr.CapacityLost = Mean{Value: s.capacityLost[side]}
		sr.Left = s.Left.side(side)
		for _, i := range p.Side[side].Revivers {
			killed := float64(p.Side[side].Start[i]) - s.alive[side][i] - s.removed[side][i]
			sr.Revived.Value += HitProbability(p.Side[side].Slots[i].Stats.Revive.Value) * killed
		}
	}
	switch p.action {
	case SpaceCombat:
		r.Rounds = rounds(&s.hist[InSpace], s.meanRounds[InSpace])
	case GroundCombat:
		r.Rounds = rounds(&s.hist[OnGround], s.meanRounds[OnGround])
	case Invasion:
		r.Rounds = rounds(&s.total, s.meanRounds[InSpace]+s.meanRounds[OnGround])
		r.Space = &Phase{Outcome: outs(s.space), Rounds: rounds(&s.hist[InSpace], s.meanRounds[InSpace])}
		gr := rounds(&s.hist[OnGround], s.meanRounds[OnGround])
		r.GroundRounds = &gr
		r.Invaded = exactP(s.invaded)
		r.Outcome.BothWipedOut = exactP(s.wipedOut)
	}
	if s.states != nil {
		r.States = statesOf(p, s.states, exactP)
	}
	if rr := s.retreatRule; rr != nil {
		r.RetreatWhen = statesOf(p, rr.states(s), exactP)
	}
	r.Warnings = append(r.Warnings, p.Warnings...)
	if s.unresolved > 0 && !p.neverEnds {
		r.Warnings = append(r.Warnings, fmt.Sprintf("with probability %.3g a combat reaches a state where no unit can score a hit: it never ends; reported as unfinished, stopped at the round cap of %d rounds", s.unresolved, MaxRounds))
	}
	return r
}
