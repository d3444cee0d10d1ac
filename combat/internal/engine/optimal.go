package engine

import (
	"context"
	"fmt"
	"slices"
)

// The best hit assignment. A side with an optimal policy chooses, each time
// it assigns the hits of a combat round (LRR 78.4, 38.3: the player whose
// units are hit chooses which units are destroyed, and whether a unit with
// Sustain Damage cancels a hit instead), the units it loses and the units
// that sustain so as to maximise its objective from then on. Its objective,
// in order: the chance to win the combat, then the chance of a draw (both
// sides destroyed) rather than a loss, then the resources it keeps.
//
// Against a fixed policy this is a best response: a dynamic programme over
// the joint states, the values of the states its choices lead to computed
// first (every round that scores a hit lowers the joint health, and the
// rounds where nobody hits are divided out as in the exact solver).
//
// When both sides are optimal, the two assign a round's hits at the same
// time, neither seeing the other's choice: each round, for each pair of
// hit counts, the choices form a zero-sum matrix game whose payoff is the
// attacker's score — a win 1, a draw or unfinished combat ½, a loss 0 (the
// defender's score is 1 minus it) — solved exactly: by a pure saddle point
// when one exists, otherwise by the linear programme of the game (mixed
// strategies). Resources do not enter that game.

// optValue is what a joint state is worth: the chance that the attacker
// wins, that neither side does (both destroyed, or a combat that cannot
// end), that the defender wins, and the expected resources (in halves)
// each side keeps when the combat ends.
type optValue struct {
	p    [3]float64
	keep [2]float64
}

// optimalPolicy is the decision rule of the sides that assign hits
// optimally in one combat chain, computed on demand and memoized.
//
// With one side optimal (a best response) its best assignment of h hits
// against the other side's next state f is found by B(s, h, f) =
// max over the states s1 one hit leaves it in of B(s1, h−1, f), B(s, 0, f)
// = s — the states h hits can reach are those h−1 hits reach from the
// states one hit reaches — memoized per (f, h), so a round's choice costs
// the few one-hit moves, not the many h-hit assignments. The optimal
// side's states are indexed densely (any assignment can reach any of
// them), the other side's as they are met.
type optimalPolicy struct {
	c   *chain
	opt [2]bool
	nd  uint32
	// me is the optimal side of a best response, other the side that
	// follows its order (both: the simultaneous game, me unused).
	me, other Side
	// game holds the simultaneous game's values and decisions (both sides
	// optimal; nil otherwise).
	game *gameTables
	// otherIdx numbers the other side's states as they are met; vals[f]
	// holds the worth of every joint state with the other side in its
	// state number f, by the optimal side's state (zero: not computed);
	// after[f][h] the optimal side's best state after h hits against it,
	// plus one (0: not computed).
	otherIdx map[uint32]int32
	vals     [][]optValue
	after    [][][]uint32
	// oneHit memoizes oneHitOptions of the optimal side, by state.
	oneHit [2][][]uint32
	// choices memoizes a side's options: choices[side][st][h] the states
	// h hits can leave it in from state st (nil: not computed).
	choices [2][][][]uint32
	// end, when set, is the worth of a joint state where the combat ended
	// (an invasion's space combat: the rest of the action decides);
	// terminal otherwise.
	end func(sa, sd uint32) optValue
	// err is the first failure: a game's linear programme, the values
	// passing maxCells, or the context's end (poll).
	err      error
	maxCells int
	// poll looks at the solver's context as the values are computed: the
	// first decision fills the memos by recursion, which can run for
	// seconds before the solver's own loop looks again.
	poll poll
}

// weightedState is a joint state a decision leads to with probability w
// (1 for a pure decision).
type weightedState struct {
	j uint32
	w float64
}

// optimalRefusal names what the best hit assignment cannot handle in plan
// p's combat ct, or returns "".
func (p *Plan) optimalRefusal(ct CombatType) string {
	switch {
	case p.roundLimit > 0:
		return "a round limit"
	case p.retreats && ct == InSpace:
		return "retreats"
	case p.roundBound(ct):
		return "rolls that change with the round (a first rounds' bonus, a round's reroll)"
	case p.blocksSustain():
		return "a unit that stops Sustain Damage while it is there (The Fourth Moon, Moll Terminus, Quietus)"
	case p.roundState(ct):
		return "cards and technologies that act round by round (Duranium Armor, Shields Holding, Direct Hit)"
	}
	for side := range NumSides {
		sp := &p.Side[side]
		if sp.SustainCancels > 1 {
			return "Sustain Damage that cancels more than one hit"
		}
		if sp.Revert.On {
			return "units that revert (shock troops)"
		}
	}
	return ""
}

// newOptimalPolicy returns the decision rule of chain c's optimal sides,
// which stops (err) when ctx ends.
// A best response keeps, for each state of the other side it meets, a
// value for every state of the optimal side: it refuses an optimal side
// with more than maxCells states, and stops (err) when the states met
// would hold more than maxCells values. The game (both sides optimal)
// keeps a value for every joint state, and refuses more than maxCells
// (newGameTables).
func newOptimalPolicy(ctx context.Context, c *chain, opt [2]bool, maxCells int) (*optimalPolicy, error) {
	o := &optimalPolicy{c: c, opt: opt, nd: uint32(c.ss[Defender].n), otherIdx: map[uint32]int32{}, maxCells: maxCells, poll: poll{ctx: ctx}}
	o.me, o.other = Attacker, Defender
	if !opt[Attacker] {
		o.me, o.other = Defender, Attacker
	}
	if o.both() {
		var err error
		if o.game, err = newGameTables(c, maxCells); err != nil {
			return nil, err
		}
	} else {
		if n := c.ss[o.me].n; n > maxCells {
			return nil, fmt.Errorf("the optimal hit assignment: the %s's units in %s combat have %d states, more than the %d it can hold", o.me, combatName(c.ct), n, maxCells)
		}
		o.oneHit[o.me] = make([][]uint32, c.ss[o.me].n)
	}
	for side := range NumSides {
		o.choices[side] = make([][][]uint32, c.ss[side].n)
	}
	return o, nil
}

// both reports whether both sides are optimal (the game's path).
func (o *optimalPolicy) both() bool { return o.opt[Attacker] && o.opt[Defender] }

// joint returns the joint state of the optimal side in state me and the
// other in state other.
func (o *optimalPolicy) joint(me, other uint32) uint32 {
	if o.me == Attacker {
		return me*o.nd + other
	}
	return other*o.nd + me
}

// otherNumber returns the number of the other side's state f.
func (o *optimalPolicy) otherNumber(f uint32) int32 {
	if k, ok := o.otherIdx[f]; ok {
		return k
	}
	k := int32(len(o.vals))
	if n := o.c.ss[o.me].n; (int(k)+1)*n > o.maxCells {
		// Past the limit: stop growing and report it; the values computed
		// from here on are discarded with the error.
		if o.err == nil {
			o.err = fmt.Errorf("the optimal hit assignment: the %s meets more than %d states of the %s (%d × %d values), more than the %d it can hold", o.me, k, o.other, k+1, n, o.maxCells)
		}
		if k > 0 {
			return 0
		}
	}
	o.otherIdx[f] = k
	o.vals = append(o.vals, make([]optValue, o.c.ss[o.me].n))
	o.after = append(o.after, nil)
	return k
}

// bestAfter returns the optimal side's best state after taking h hits in
// state s, against the other side's next state f (number fk): B above.
// After a failure (err) it returns s at once: the recursion over the
// one-hit moves unwinds, its choices discarded with the values.
func (o *optimalPolicy) bestAfter(s uint32, h int, f uint32, fk int32) uint32 {
	if h == 0 || o.err != nil {
		return s
	}
	for len(o.after[fk]) < h {
		o.after[fk] = append(o.after[fk], nil)
	}
	row := o.after[fk][h-1]
	if row == nil {
		row = make([]uint32, o.c.ss[o.me].n)
		o.after[fk][h-1] = row
	}
	if b := row[s]; b > 0 {
		return b - 1
	}
	moves := o.oneHit[o.me][s]
	if moves == nil {
		moves = o.oneHitOptions(o.me, s)
		o.oneHit[o.me][s] = moves
	}
	var best uint32
	var bv optValue
	for i, s1 := range moves {
		cand := o.bestAfter(s1, h-1, f, fk)
		if v := o.worthWith(cand, f, fk); i == 0 || better(o.me, v, bv) {
			best, bv = cand, v
		}
	}
	o.after[fk][h-1][s] = best + 1 // the slice may have moved: index again
	return best
}

// worthWith is the worth of the joint state of the optimal side in state
// s and the other side in state f (number fk).
func (o *optimalPolicy) worthWith(s, f uint32, fk int32) optValue {
	if v := o.vals[fk][s]; v.p[0]+v.p[1]+v.p[2] > 0 {
		return v
	}
	v := o.compute(o.joint(s, f))
	o.vals[fk][s] = v
	return v
}

// options returns the states side can be left in after taking h hits of
// the combat's rolls in state st, in a fixed order: every way to destroy
// units (a damaged one before an undamaged one of its kind) and to use
// Sustain Damage, one hit at a time, duplicates removed. A side with no
// unit left to take a hit stays as it is.
func (o *optimalPolicy) options(side Side, st uint32, h int) []uint32 {
	memo := o.choices[side][st]
	if h < len(memo) && memo[h] != nil {
		return memo[h]
	}
	var opts []uint32
	if h == 0 {
		opts = []uint32{st}
	} else {
		seen := map[uint32]bool{}
		for _, prev := range o.options(side, st, h-1) {
			for _, n := range o.oneHitOptions(side, prev) {
				if !seen[n] {
					seen[n] = true
					opts = append(opts, n)
				}
			}
		}
		slices.Sort(opts)
	}
	for len(o.choices[side][st]) <= h {
		o.choices[side][st] = append(o.choices[side][st], nil)
	}
	o.choices[side][st][h] = opts
	return opts
}

// oneHitOptions lists the states one hit can leave side in from state st:
// for each unit kind the hit may be assigned to, a use of Sustain Damage by
// an undamaged unit that has it, a second use by a damaged one that has it
// (Twilight Imperium 3's war sun), and the unit's destruction.
func (o *optimalPolicy) oneHitOptions(side Side, st uint32) []uint32 {
	c := o.c
	p := c.plan
	sp := &p.Side[side]
	ss := &c.ss[side]
	var out []uint32
	t := &Trial{P: p}
	load := func() {
		ss.decode(st, &t.Alive[side], &t.Damaged[side])
	}
	for _, s := range sp.Order[sp.TargetOf[c.r]] {
		load()
		al, dm := t.Alive[side][s], t.Damaged[side][s]
		if al == 0 {
			continue
		}
		sl := &sp.Slots[s]
		if sl.Sustain && al > dm && c.r.Sustainable() {
			t.Damaged[side][s]++
			out = append(out, ss.encode(&t.Alive[side], &t.Damaged[side]))
			load()
		}
		if sl.HasWorn && dm > 0 && c.r.Sustainable() {
			t.wear(side, s)
			out = append(out, ss.encode(&t.Alive[side], &t.Damaged[side]))
			load()
		}
		t.Destroy(side, s)
		out = append(out, ss.encode(&t.Alive[side], &t.Damaged[side]))
	}
	if len(out) == 0 {
		return []uint32{st}
	}
	return out
}

// terminal returns the worth of joint state (sa, sd) when the combat is
// over there (a side has no unit left): the combat's outcome and the units
// left, unless end says otherwise (a space combat: after capacity).
func (o *optimalPolicy) terminal(sa, sd uint32) optValue {
	if o.end != nil {
		return o.end(sa, sd)
	}
	v := outcomeWorth(sa, sd)
	v.keep[Attacker], v.keep[Defender] = o.c.worth(Attacker, sa), o.c.worth(Defender, sd)
	return v
}

// outcomeWorth is the outcome of a combat that ended in joint state (sa,
// sd), without the resources kept.
func outcomeWorth(sa, sd uint32) optValue {
	var v optValue
	switch {
	case sa > 0:
		v.p[0] = 1
	case sd > 0:
		v.p[2] = 1
	default:
		v.p[1] = 1
	}
	return v
}

// worthOf is the cost in half resources of each side's units, n(side,
// slot) of each slot.
func (p *Plan) worthOf(n func(side Side, slot int) float64) [2]float64 {
	var w [2]float64
	for side := range NumSides {
		for i, sl := range p.Side[side].Slots {
			w[side] += n(side, i) * float64(sl.CostHalves)
		}
	}
	return w
}

// worth is the cost in half resources of side's units in state st of
// the chain.
func (c *chain) worth(side Side, st uint32) float64 {
	ss := &c.ss[side]
	w := 0.0
	for j, slot := range ss.slots {
		w += float64(ss.unit(st, j)[0]) * float64(c.plan.Side[side].Slots[slot].CostHalves)
	}
	return w
}

// valueOf returns the worth of joint state j at the start of a round.
func (o *optimalPolicy) valueOf(j uint32) optValue {
	if o.err != nil {
		return optValue{} // discarded with the error
	}
	if !o.both() {
		me, f := j/o.nd, j%o.nd
		if o.me == Defender {
			me, f = f, me
		}
		return o.worthWith(me, f, o.otherNumber(f))
	}
	g := o.game
	if s := g.score[j]; s == s { // not NaN: computed
		return g.val[j]
	}
	v := o.compute(j)
	g.val[j], g.score[j] = v, v.score()
	return v
}

// compute is valueOf without the memo: the mean worth of the states the
// round's hits and decisions lead to, the rounds where nobody hits divided
// out. After a failure (err), and when the context has ended, it returns
// the zero value at once: the recursion unwinds, and what it computed is
// discarded with the error.
func (o *optimalPolicy) compute(j uint32) optValue {
	if o.err != nil {
		return optValue{}
	}
	if err := o.poll.stopped(); err != nil {
		o.err = err
		return optValue{}
	}
	c := o.c
	sa, sd := j/o.nd, j%o.nd
	if sa == 0 || sd == 0 {
		return o.terminal(sa, sd)
	}
	pa, pd := c.pmfOf(Attacker, sa), c.pmfOf(Defender, sd)
	p00 := pa[0] * pd[0]
	var v optValue
	if p00 >= 1 {
		// Nobody can hit: the combat never ends.
		v.p[1] = 1
		v.keep[Attacker], v.keep[Defender] = o.c.worth(Attacker, sa), o.c.worth(Defender, sd)
		return v
	}
	for ha, qa := range pa {
		for hd, qd := range pd {
			q := qa * qd / (1 - p00)
			if q == 0 || (ha == 0 && hd == 0) {
				continue
			}
			next := o.decide(j, ha, hd)
			if o.err != nil {
				return optValue{} // unwind at once: discarded
			}
			for _, ws := range next {
				n := o.valueOf(ws.j)
				for k := range v.p {
					v.p[k] += q * ws.w * n.p[k]
				}
				for k := range v.keep {
					v.keep[k] += q * ws.w * n.keep[k]
				}
			}
		}
	}
	return v
}

// better reports whether a is worth more than b to side: a higher chance to
// win, then of a draw, then more resources kept (differences under 1e-12
// are ties).
func better(side Side, a, b optValue) bool {
	const eps = 1e-12
	win := 0
	if side == Defender {
		win = 2
	}
	if d := a.p[win] - b.p[win]; d > eps || d < -eps {
		return d > 0
	}
	if d := a.p[1] - b.p[1]; d > eps || d < -eps {
		return d > 0
	}
	return a.keep[side]-b.keep[side] > eps
}

// decide returns the joint states the round's assignment leads joint state
// j to when the attacker scored ha hits and the defender hd, with their
// probabilities. Both sides optimal, a pure decision is returned in a
// buffer that the next call overwrites (gameTables.decision): read it
// before deciding again.
func (o *optimalPolicy) decide(j uint32, ha, hd int) []weightedState {
	if o.err != nil {
		return nil // failed or cancelled: the values are discarded
	}
	c := o.c
	sa, sd := j/o.nd, j%o.nd
	if !o.both() {
		me, f, taken, scored := sa, sd, hd, ha
		if o.me == Defender {
			me, f, taken, scored = sd, sa, ha, hd
		}
		f = c.nextOf(o.other, f, scored)
		return []weightedState{{o.joint(o.bestAfter(me, taken, f, o.otherNumber(f)), f), 1}}
	}
	g := o.game
	k := g.decIndex(sa, sd, ha, hd)
	if g.dec[k] == 0 {
		e := o.solveRound(o.options(Attacker, sa, hd), o.options(Defender, sd, ha))
		if o.err != nil {
			return nil // failed or cancelled: the values are discarded
		}
		g.dec[k] = e
	}
	return g.decision(g.dec[k])
}

// score is the attacker's payoff in the simultaneous game: a win 1, a draw
// or an unending combat ½.
func (v optValue) score() float64 { return v.p[0] + v.p[1]/2 }

// solveRound solves the zero-sum matrix game of a round's simultaneous
// assignment: the attacker picks a row (one of its options), the defender a
// column. It returns the decision (gameTables.dec) of an equilibrium: a
// pure saddle point when one exists (ties broken by the resources each
// side keeps), otherwise the mixed strategies of the game's linear
// programme. The values of every pair of options are computed first (the
// recursion), then read from the game's tables.
func (o *optimalPolicy) solveRound(rows, cols []uint32) uint32 {
	nd, g := o.nd, o.game
	for _, a := range rows {
		row := g.score[a*nd:]
		for _, d := range cols {
			if s := row[d]; s != s { // NaN: not computed (valueOf)
				o.valueOf(a*nd + d)
			}
		}
	}
	if o.err != nil {
		return 0
	}
	lo := g.bounds(rows, cols, nd)
	keep := func(side Side, i, k int) float64 { return g.val[rows[i]*nd+cols[k]].keep[side] }
	if i, k, pure := saddlePoint(g.rowMin, g.colMax, keep); pure {
		return rows[i]*nd + cols[k] + 1
	}
	m := make([][]float64, len(rows))
	for i, a := range rows {
		m[i] = make([]float64, len(cols))
		for k, d := range cols {
			m[i][k] = g.score[a*nd+d]
		}
	}
	x, y := make([]float64, len(rows)), make([]float64, len(cols))
	if err := mixedStrategies(m, lo, x, y); err != nil {
		o.err = err
		return 0
	}
	var out []weightedState
	for i, pi := range x {
		for k, qk := range y {
			if w := pi * qk; w > 0 {
				out = append(out, weightedState{rows[i]*nd + cols[k], w})
			}
		}
	}
	g.mixed = append(g.mixed, out)
	return mixedDecision | uint32(len(g.mixed)-1)
}
