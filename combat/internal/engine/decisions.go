package engine

import (
	"cmp"
	"slices"
)

// Decision is one assignment an optimal side makes in a round: the hits it
// takes and scores that round, and per slot the units it loses and the
// units that use Sustain Damage. Weight is the assignment's probability in
// the side's strategy for that pair of hit counts: 1 for a pure choice,
// less in a mixed one (both sides optimal).
type Decision struct {
	Taken, Scored int
	Lost          [MaxSlots]uint16
	Sustained     [MaxSlots]uint16
	Weight        float64
}

// PolicyState is one joint state at the start of a round and an optimal
// side's decisions there, for every pair of hit counts the round can
// bring.
type PolicyState struct {
	// Alive and Damaged are both sides' units in the state, by slot.
	Alive, Damaged [2][MaxSlots]uint16
	// Slots are each side's slots in the combat; Side is the side that
	// decides.
	Slots     [2][]uint8
	Side      Side
	Decisions []Decision
}

// FirstDecisions returns side's decisions in the first round of the
// action's first combat, from its most likely start state, with the units
// of both sides there; ok is false when side does not assign optimally or
// no combat was fought.
func (s *Solver) FirstDecisions(side Side) (ps PolicyState, ok bool) {
	c := s.first
	if c == nil || c.policy == nil || !c.policy.opt[side] {
		return ps, false
	}
	j := slices.MaxFunc(sortedKeys(s.firstStart), func(a, b uint32) int {
		return cmp.Or(cmp.Compare(s.firstStart[a], s.firstStart[b]), cmp.Compare(b, a))
	})
	return c.policy.stateDecisions(side, j), true
}

// PolicyStates returns side's decisions in every joint state the first
// combat reaches under the sides' policies, in a fixed order, or nil when
// there are more than limit such states.
func (s *Solver) PolicyStates(side Side, limit int) []PolicyState {
	c := s.first
	if c == nil || c.policy == nil || !c.policy.opt[side] {
		return nil
	}
	o := c.policy
	seen := map[uint32]bool{}
	queue := sortedKeys(s.firstStart)
	for _, j := range queue {
		seen[j] = true
	}
	for i := 0; i < len(queue); i++ {
		if len(queue) > limit {
			return nil
		}
		j := queue[i]
		sa, sd := j/o.nd, j%o.nd
		if sa == 0 || sd == 0 {
			continue
		}
		pa, pd := c.pmfOf(Attacker, sa), c.pmfOf(Defender, sd)
		for ha, qa := range pa {
			for hd, qd := range pd {
				if qa*qd == 0 || (ha == 0 && hd == 0) {
					continue
				}
				for _, ws := range o.decide(j, ha, hd) {
					if n := ws.j; !seen[n] && n/o.nd != 0 && n%o.nd != 0 {
						seen[n] = true
						queue = append(queue, n)
					}
				}
			}
		}
	}
	var out []PolicyState
	for _, j := range queue {
		if j/o.nd != 0 && j%o.nd != 0 {
			out = append(out, o.stateDecisions(side, j))
		}
	}
	return out
}

// stateDecisions lists side's decisions in joint state j.
func (o *optimalPolicy) stateDecisions(side Side, j uint32) PolicyState {
	c := o.c
	ps := PolicyState{Side: side}
	sa, sd := j/o.nd, j%o.nd
	st := [2]uint32{sa, sd}
	for k := range NumSides {
		ps.Alive[k], ps.Damaged[k] = c.plan.Side[k].Start, c.plan.Side[k].StartDamaged
		ps.Slots[k] = c.ss[k].slots
		c.ss[k].decode(st[k], &ps.Alive[k], &ps.Damaged[k])
	}
	pa, pd := c.pmfOf(Attacker, sa), c.pmfOf(Defender, sd)
	taken, scored := pd, pa
	if side == Defender {
		taken, scored = pa, pd
	}
	for ht, qt := range taken {
		for hs, qs := range scored {
			if qt*qs == 0 || ht == 0 {
				continue
			}
			ha, hd := hs, ht
			if side == Defender {
				ha, hd = ht, hs
			}
			for _, ws := range o.merged(side, j, ha, hd) {
				d := o.describe(side, st[side], ws.j, ht, hs)
				d.Weight = ws.w
				ps.Decisions = append(ps.Decisions, d)
			}
		}
	}
	return ps
}

// merged is decide's outcome for side alone: the states side is left in,
// with their probabilities summed over the other side's choices.
func (o *optimalPolicy) merged(side Side, j uint32, ha, hd int) []weightedState {
	var out []weightedState
	for _, ws := range o.decide(j, ha, hd) {
		st := ws.j / o.nd
		if side == Defender {
			st = ws.j % o.nd
		}
		if k := slices.IndexFunc(out, func(e weightedState) bool { return e.j == st }); k >= 0 {
			out[k].w += ws.w
			continue
		}
		out = append(out, weightedState{st, ws.w})
	}
	return out
}

// describe turns side's move from state from to state to into a Decision:
// per slot the units lost, and the units that used Sustain Damage (the
// damaged count's rise once the destroyed units are taken from the damaged
// first, as the engine destroys them; a worn form's gain counts as a use by
// its unit).
func (o *optimalPolicy) describe(side Side, from, to uint32, taken, scored int) Decision {
	c := o.c
	sp := &c.plan.Side[side]
	var a0, d0, a1, d1 [MaxSlots]uint16
	a0, a1 = sp.Start, sp.Start
	c.ss[side].decode(from, &a0, &d0)
	c.ss[side].decode(to, &a1, &d1)
	d := Decision{Taken: taken, Scored: scored}
	for i := range sp.Slots {
		if a1[i] < a0[i] {
			d.Lost[i] = a0[i] - a1[i]
		}
		kept := d0[i] - min(d0[i], d.Lost[i])
		if d1[i] > kept {
			d.Sustained[i] += d1[i] - kept
		}
	}
	// A unit that wore down left its slot for the worn one: a second use
	// of Sustain Damage, not a loss.
	for i := range sp.Slots {
		if sl := &sp.Slots[i]; sl.Form == FormWorn && a1[i] > a0[i] {
			g := a1[i] - a0[i]
			d.Sustained[sl.Of] += g
			d.Lost[sl.Of] -= min(g, d.Lost[sl.Of])
		}
	}
	return d
}
