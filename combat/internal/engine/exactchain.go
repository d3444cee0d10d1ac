package engine

import (
	"fmt"
	"maps"
	"slices"
)

// The chain over one combat's unit states: each side's state space, and
// for the states the combat reaches their hit distributions, health and
// transitions, memoized as the solver asks (newChain, pmfOf, healthOf,
// nextOf); the joint state of both sides (a uint32: attacker's state × the
// defender's state count + the defender's), and the trials that stand for
// one (trialAt, encodeJoint).

// chain is one combat type's Markov chain: each side's state space and,
// for the states the combat reaches, each state's hit distribution, health
// and transitions, computed the first time the solver asks (pmfOf,
// healthOf, nextOf): the solver's time and memory follow the states it
// visits, not the product of the slots' counts.
type chain struct {
	ct   CombatType
	r    RollKind // the combat's rolls
	ss   [2]stateSpace
	plan *Plan
	// reach is the solver's estimate of each side's states the combat
	// reaches (reachEstimate: a count, not a bound), for the sweep's
	// tables to start at their size.
	reach [2]int
	// pmf, health and rows memoize pmfOf, healthOf and nextOf by state;
	// one memoizes the state after one hit.
	pmf    [2]memo[[]float64]
	health [2]memo[int]
	rows   [2]memo[[]uint32]
	one    [2]memo[uint32]
	// boosted memoizes pmfMod by state, bonus and reroll.
	boosted [2]map[uint64][]float64
	// maxHealth bounds every state's health (all units alive, none
	// damaged).
	maxHealth [2]int
	// policy, when a side assigns its hits optimally, decides the round's
	// assignments (nil: both sides follow their orders); retreatRule, when
	// a side's retreat policy is best, its retreats.
	policy      *optimalPolicy
	retreatRule *retreatRule
	// pools memoizes the hits that must go to non-fighter ships
	// (exactpool.go), made on first use.
	pools *poolMemo
	// blocked memoizes nextOfIn; outside, when set, are the attacker's
	// units outside the chain (its ships above an invasion's ground
	// combat), read by blockedAt.
	blocked map[blockKey]uint32
	outside *[MaxSlots]uint16
}

// newChain returns the chain of combat type ct, its states numbered by
// layCodes (which refuses a combat whose joint states would pass the
// solver's bound).
func (s *Solver) newChain(ct CombatType) (*chain, error) {
	p := s.P
	c := &chain{ct: ct, r: CombatRollOf(ct), plan: p}
	for side := range NumSides {
		c.ss[side], _ = p.stateCodes(side, p.participants(side, ct), maxCodes)
	}
	if err := s.layCodes(c, s.sparseCodes); err != nil {
		return nil, err
	}
	s.chains = append(s.chains, c)
	for side := range NumSides {
		ss := &c.ss[side]
		c.pmf[side] = memoFor[[]float64](ss)
		c.health[side] = memoFor[int](ss)
		c.rows[side] = memoFor[[]uint32](ss)
		c.one[side] = memoFor[uint32](ss)
		for j, slot := range ss.slots {
			a := int(ss.pairs[j][len(ss.pairs[j])-1][0]) // the most units the slot can hold
			c.maxHealth[side] += a
			if ss.sustain[j] {
				c.maxHealth[side] += a
			}
			if p.Side[side].Slots[slot].HasWorn {
				c.maxHealth[side] += a
			}
		}
	}
	if s.Optimal[Attacker] || s.Optimal[Defender] {
		if why := p.optimalRefusal(ct); why != "" {
			return nil, fmt.Errorf("the optimal hit assignment cannot handle %s", why)
		}
		var err error
		if c.policy, err = newOptimalPolicy(s.Ctx, c, s.Optimal, s.MaxStates); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// tableSize is the length a sweep's table by side's state number starts
// at: the states the solver expects side to reach, at most 4,096 (an
// estimate that large is grown into, not taken at its word).
func (c *chain) tableSize(side Side) int { return min(c.reach[side], 4096) }

// pmfOf returns the distribution of side's hits with the combat's rolls in
// state st (its other units at their start).
func (c *chain) pmfOf(side Side, st uint32) []float64 {
	if pmf, ok := c.pmf[side].get(st); ok {
		return pmf
	}
	pmf := c.computePMF(side, st, 0, false)
	c.pmf[side].set(st, pmf)
	return pmf
}

// computePMF is the distribution of side's hits with the combat's rolls,
// mod added to them, in state st (its other units at their start).
func (c *chain) computePMF(side Side, st uint32, mod int, reroll bool) []float64 {
	return c.plan.stateRolledPMF(side, c.r, &c.ss[side], st, mod, reroll)
}

// pmfMod is pmfOf with mod added to the side's combat rolls (a round's
// bonus) and, with reroll, its missed dice rerolled once (a round's
// reroll); pmfOf itself for neither.
func (c *chain) pmfMod(side Side, st uint32, mod int, reroll bool) []float64 {
	if mod == 0 && !reroll {
		return c.pmfOf(side, st)
	}
	key := uint64(st)<<9 | uint64(mod+128)&0xff<<1 // mod may be negative (RoundOneModifier)
	if reroll {
		key |= 1
	}
	if pmf, ok := c.boosted[side][key]; ok {
		return pmf
	}
	pmf := c.computePMF(side, st, mod, reroll)
	if c.boosted[side] == nil {
		c.boosted[side] = map[uint64][]float64{}
	}
	c.boosted[side][key] = pmf
	return pmf
}

// healthOf returns side's hit points left in state st: 1 a unit, 1 more
// for an unused Sustain Damage, 1 more for a second one (a TI3 war sun).
func (c *chain) healthOf(side Side, st uint32) int {
	if h, ok := c.health[side].get(st); ok {
		return h
	}
	ss := &c.ss[side]
	h := 0
	for j, slot := range ss.slots {
		u := ss.unit(st, j)
		h += int(u[0])
		if ss.sustain[j] {
			h += int(u[0] - u[1])
		}
		if c.plan.Side[side].Slots[slot].HasWorn {
			h += int(u[0])
		}
	}
	c.health[side].set(st, h)
	return h
}

// nextOf returns side's state after taking h hits of the combat's rolls
// in state st, by the engine's own takeHit, then the reversion of its
// units where due (TI3 shock troops) — the fast tables' transitionTable,
// for one state.
func (c *chain) nextOf(side Side, st uint32, h int) uint32 {
	row, _ := c.rows[side].get(st)
	if h < len(row) {
		return row[h]
	}
	p := c.plan
	ss := &c.ss[side]
	if len(p.unitHooks[c.r]) > 0 {
		// Hooks after the assignment: each count from scratch, as a round.
		for k := len(row); k <= h; k++ {
			row = append(row, c.reverted(side, c.afterRound(side, st, k)))
		}
		c.rows[side].set(st, row)
		return row[h]
	}
	if p.Side[side].SustainCancels > 1 {
		// A sustain cancels more than one hit: each count from scratch.
		for k := len(row); k <= h; k++ {
			row = append(row, c.reverted(side, p.afterHits(side, c.r, ss, st, k, &Trial{P: p})))
		}
		c.rows[side].set(st, row)
		return row[h]
	}
	// The raw chain of single hits, reverted entry by entry.
	raw := st
	for k := 1; k < len(row); k++ {
		raw = c.oneOf(side, raw)
	}
	for k := len(row); k <= h; k++ {
		if k > 0 {
			raw = c.oneOf(side, raw)
		}
		row = append(row, c.reverted(side, raw))
	}
	c.rows[side].set(st, row)
	return row[h]
}

// afterRound returns side's state after it assigns h hits of the combat's
// rolls in state st as a round does (assignRound).
func (c *chain) afterRound(side Side, st uint32, h int) uint32 {
	ss := &c.ss[side]
	t := &Trial{P: c.plan}
	ss.decode(st, &t.Alive[side], &t.Damaged[side])
	if !c.plan.possible(side, &t.Alive[side]) {
		return st // never reached
	}
	c.assignRound(t, side, c.r, h, nil)
	return ss.encode(&t.Alive[side], &t.Damaged[side])
}

// assignRound makes side take h hits of roll kind r on scratch trial t as
// trial.assign does (the uses of Sustain Damage counted for the round),
// calling onSustain, when set, after each use, then, for the combat's own
// rolls, the hooks after the assignment the solver replays
// (Plan.unitHooks).
func (c *chain) assignRound(t *Trial, side Side, r RollKind, h int, onSustain func(s uint8)) {
	p := c.plan
	sp := &p.Side[side]
	ord := sp.Order[sp.TargetOf[r]]
	sustain := r.Sustainable() && !t.sustainBlocked(side, sp.TargetOf[r])
	for ; h > 0; h-- {
		ev, s := t.TakeHit(side, ord, sustain, sp.sustainLast)
		if ev == NoTarget {
			break
		}
		if ev == sustained {
			h -= sp.SustainCancels - 1
			t.SustainedRound[side][s]++
			if onSustain != nil {
				onSustain(s)
			}
		}
	}
	if r != c.r {
		return
	}
	for _, f := range p.unitHooks[c.r] {
		f(t, side)
	}
}

// oneOf returns side's state after one hit of the combat's rolls in state
// st (unchanged for a state that cannot occur).
func (c *chain) oneOf(side Side, st uint32) uint32 {
	if n, ok := c.one[side].get(st); ok {
		return n
	}
	n := c.plan.afterHit(side, c.r, &c.ss[side], st, &Trial{P: c.plan})
	c.one[side].set(st, n)
	return n
}

// reverted applies side's reversion to state st where it is due and the
// combat's rolls revert (revertAll, for one state).
func (c *chain) reverted(side Side, st uint32) uint32 {
	if !c.plan.reverts(side, c.r, &c.ss[side]) {
		return st
	}
	return c.plan.revertState(side, &c.ss[side], st)
}

func combatName(ct CombatType) string { return [2]string{"space", "ground"}[ct] }

// advance returns the state of side after taking h hits of roll kind r,
// its opponent in state oppSt (which may stop its Sustain Damage:
// blockedAt).
func (s *Solver) advance(c *chain, side Side, r RollKind, st, oppSt uint32, h int) uint32 {
	// Rolls that hit the same targets as the chain's combat rolls, with
	// Sustain Damage, move along its transition table — unless that
	// replays hooks after a combat round's assignment (a repair), which
	// other rolls do not fire.
	sp := &s.P.Side[side]
	blk := c.blockedAt(side, oppSt)
	if r.Sustainable() && sp.sameTargets(sp.TargetOf[r], sp.TargetOf[CombatRollOf(c.ct)]) && len(s.P.unitHooks[c.r]) == 0 {
		return c.nextOfIn(side, st, h, blk)
	}
	ss := &c.ss[side]
	sc := c.frozenScratch(side, st, blk)
	sc.absorb(side, r, h)
	return ss.encode(&sc.Alive[side], &sc.Damaged[side])
}

// overlay returns the side's units (alive, damaged) with the chain's
// participants set from state st and every other slot at its start.
func (s *Solver) overlay(c *chain, side Side, st uint32) (alive, damaged [MaxSlots]uint16) {
	alive, damaged = s.P.Side[side].Start, s.P.Side[side].StartDamaged
	c.ss[side].decode(st, &alive, &damaged)
	return alive, damaged
}

// startState is the joint state of a chain with every unit at its start.
func (s *Solver) startState(c *chain) uint32 {
	var st [2]uint32
	for side := range NumSides {
		alive, damaged := s.P.Side[side].Start, s.P.Side[side].StartDamaged
		st[side] = c.ss[side].encode(&alive, &damaged)
	}
	return st[Attacker]*uint32(c.ss[Defender].n) + st[Defender]
}

// trialAt returns a trial in joint state j of chain g, every other unit
// at its start — the attacker's at ships and damaged when ships is not
// nil.
func (g *chain) trialAt(j uint32, ships, damaged *[MaxSlots]uint16) *Trial {
	t := &Trial{P: g.plan}
	t.Reset()
	if ships != nil {
		t.Alive[Attacker] = *ships
		t.Damaged[Attacker] = *damaged
	}
	nd := uint32(g.ss[Defender].n)
	g.ss[Attacker].decode(j/nd, &t.Alive[Attacker], &t.Damaged[Attacker])
	g.ss[Defender].decode(j%nd, &t.Alive[Defender], &t.Damaged[Defender])
	t.recount(Attacker)
	t.recount(Defender)
	return t
}

// encodeJoint returns the joint state of t's units of chain g.
func encodeJoint(g *chain, t *Trial) uint32 {
	return g.ss[Attacker].encode(&t.Alive[Attacker], &t.Damaged[Attacker])*uint32(g.ss[Defender].n) +
		g.ss[Defender].encode(&t.Alive[Defender], &t.Damaged[Defender])
}

// split separates the joint states of dist where both sides have units
// (a combat follows) from the others.
func split(dist map[uint32]float64, nd uint32) (fights, quiet map[uint32]float64) {
	fights, quiet = map[uint32]float64{}, map[uint32]float64{}
	for j, m := range dist {
		if j/nd != 0 && j%nd != 0 {
			fights[j] = m
		} else {
			quiet[j] = m
		}
	}
	return fights, quiet
}

// sortedKeys returns m's keys in increasing order, so that sums over a map
// are made in a fixed order and the result is reproducible.
func sortedKeys[V any](m map[uint32]V) []uint32 {
	return slices.Sorted(maps.Keys(m))
}
