package engine

import "context"

// The best retreat. A side whose retreat policy is best (Retreat.Best)
// announces a retreat (LRR 78.5: in the Announce Retreats step; the round
// is still fought, and the side leaves at its end if both sides have ships
// left) in exactly the round-start states where announcing serves it better
// than fighting on, by its objective: the score P(win) + V·P(neither) —
// neither being a retreat, a draw or a combat that never ends; V is
// Retreat.Value, ½ by default — then the resources it keeps. (Ranking the
// chance to win first would never retreat: a side with units left can
// still win.) The other side never retreats, and both follow their hit
// orders.
//
// It is a dynamic programme over the joint states of the space combat, the
// values of the states a round leads to first: fighting on is worth the
// mean of the next states' values over the rounds that score a hit (the
// others divided out: a side that fights on in a state does so again after
// a round without hits); announcing is worth the mean, over every outcome
// of the round, of the combat's end there — the side's retreat where both
// sides keep ships. The rule depends on the state alone.

// retreatRule is the best retreat of side in chain c, computed on demand
// and memoized.
type retreatRule struct {
	c    *chain
	side Side
	// value is what a retreat is worth, a win 1 (Retreat.Value, ½ for 0).
	value float64
	nd    uint32
	// memo holds each joint state's worth; leave says whether the side
	// announces there.
	memo  map[uint32]optValue
	leave map[uint32]bool
	// end, when set, is the worth of the combat ending in a joint state, by
	// fled's retreat or (NoSide) otherwise: an invasion's (invasionWorth).
	end func(sa, sd uint32, fled Side) optValue
	// reached is the chance that the combat reaches each state where the
	// side announces (RetreatWhen).
	reached map[uint32]float64
	// err is the first failure: an invasion's solve (end), or the
	// context's end (poll: the first state asked for fills the memo by
	// recursion).
	err  error
	poll poll
}

// newRetreatRule returns the best retreat of side in chain c, a retreat
// worth value of a win (0: ½), which stops (err) when ctx ends.
func newRetreatRule(ctx context.Context, c *chain, side Side, value float64) *retreatRule {
	if value == 0 {
		value = 0.5
	}
	return &retreatRule{c: c, side: side, value: value, nd: uint32(c.ss[Defender].n),
		memo: map[uint32]optValue{}, leave: map[uint32]bool{}, reached: map[uint32]float64{}, poll: poll{ctx: ctx}}
}

// bestRetreat returns the side whose retreat policy is best, or NoSide.
func (p *Plan) bestRetreat() Side {
	for side := range NumSides {
		if p.Side[side].Retreat.Best {
			return side
		}
	}
	return NoSide
}

// bestRetreatRefusal names what the best retreat of side cannot handle, or
// returns "".
func (p *Plan) bestRetreatRefusal(side Side) string {
	switch {
	case !p.Side[side.Opp()].Retreat.Never():
		return "a retreat policy for the other side too"
	case len(p.Hooks.retreat) > 0 || p.used[wRetreat][0] > 0:
		return "an effect that changes retreats"
	case p.roundLimit > 0:
		return "a round limit"
	case p.roundBound(InSpace):
		return "rolls that change with the round (a first rounds' bonus, a round's reroll)"
	case p.blocksSustain():
		return "a unit that stops Sustain Damage while it is there (The Fourth Moon, Moll Terminus, Quietus)"
	case p.roundState(InSpace):
		return "cards and technologies that act round by round (Duranium Armor, Shields Holding, Direct Hit)"
	}
	return ""
}

// retreats reports whether the side announces a retreat in joint state j.
func (r *retreatRule) retreats(j uint32) bool {
	r.valueOf(j)
	return r.leave[j]
}

// ended is the worth of the combat ending in joint state (sa, sd), by
// fled's retreat or otherwise.
func (r *retreatRule) ended(sa, sd uint32, fled Side) optValue {
	if r.end != nil {
		return r.end(sa, sd, fled)
	}
	var v optValue
	if fled != NoSide {
		v.p[1] = 1 // neither side won
	} else {
		v = outcomeWorth(sa, sd)
	}
	v.keep[Attacker], v.keep[Defender] = r.c.worth(Attacker, sa), r.c.worth(Defender, sd)
	return v
}

// prefers reports whether a is worth more than b to the side.
func (r *retreatRule) prefers(a, b optValue) bool {
	const eps = 1e-12
	win := 0
	if r.side == Defender {
		win = 2
	}
	if d := (a.p[win] + r.value*a.p[1]) - (b.p[win] + r.value*b.p[1]); d > eps || d < -eps {
		return d > 0
	}
	return a.keep[r.side]-b.keep[r.side] > eps
}

// valueOf returns the worth of joint state j at the start of a round,
// deciding whether the side announces there. After a failure (err), and
// when the context has ended, it returns the zero value at once, memoizing
// nothing: the values are discarded with the error.
func (r *retreatRule) valueOf(j uint32) optValue {
	if v, ok := r.memo[j]; ok {
		return v
	}
	if r.err != nil {
		return optValue{}
	}
	if err := r.poll.stopped(); err != nil {
		r.err = err
		return optValue{}
	}
	c := r.c
	sa, sd := j/r.nd, j%r.nd
	if sa == 0 || sd == 0 {
		v := r.ended(sa, sd, NoSide)
		r.memo[j] = v
		return v
	}
	pa, pd := c.pmfOf(Attacker, sa), c.pmfOf(Defender, sd)
	p00 := pa[0] * pd[0]
	var stay, leave optValue
	add := func(v *optValue, n optValue, q float64) {
		for k := range v.p {
			v.p[k] += q * n.p[k]
		}
		for k := range v.keep {
			v.keep[k] += q * n.keep[k]
		}
	}
	for ha, qa := range pa {
		for hd, qd := range pd {
			q := qa * qd
			if q == 0 {
				continue
			}
			na, nd := c.nextOf(Attacker, sa, hd), c.nextOf(Defender, sd, ha)
			if na == 0 || nd == 0 {
				add(&leave, r.ended(na, nd, NoSide), q)
			} else {
				add(&leave, r.ended(na, nd, r.side), q)
			}
			if p00 < 1 && (ha > 0 || hd > 0) {
				add(&stay, r.valueOf(na*r.nd+nd), q/(1-p00))
			}
		}
	}
	if p00 >= 1 {
		// Nobody can hit: fighting on never ends the combat.
		stay = optValue{}
		stay.p[1] = 1
		stay.keep[Attacker], stay.keep[Defender] = c.worth(Attacker, sa), c.worth(Defender, sd)
	}
	v := stay
	if r.prefers(leave, stay) {
		v = leave
		r.leave[j] = true
	}
	r.memo[j] = v
	return v
}

// states returns the units of the states where the side announced, with
// the chance the combat reached each.
func (r *retreatRule) states(s *Solver) map[unitState]float64 {
	out := map[unitState]float64{}
	for j, m := range r.reached {
		var k unitState
		for side, st := range [2]uint32{j / r.nd, j % r.nd} {
			k[side][0], k[side][1] = s.overlay(r.c, Side(side), st)
		}
		out[k] += m
	}
	return out
}
