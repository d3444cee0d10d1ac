package engine

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
)

// fastCombat holds the tables of the fast round path of one combat type:
// for every state of each side, the exact distribution of the hits it
// produces in a round (so a side's hits cost one random number) and the
// state it moves to after taking h hits under its hit-assignment policy.
// Built once per plan and shared read-only by the workers.
type fastCombat struct {
	ss [2]stateSpace
	// cdf[side][state] is the CDF of the side's hits in a round, scaled to
	// 2^64 as drawCDF wants; nil when the side cannot score a hit.
	cdf [2][][]uint64
	// next[side][state*(in+1)+h] is the state after taking h hits.
	next [2][]uint32
	// in[side] is the most hits the opponent can score in one round.
	in [2]int
	// lost[side][state] is the cost, in half resources, of the units the
	// side has lost in that state; count[side][state*numTargets+tg] is the
	// number of its units of target set tg that the state holds.
	lost  [2][]int32
	count [2][]int32
	// counted[side] are the derived target sets the side counts apart
	// (sidePlan.countAs); the base sets are always counted.
	counted [2][]Targets
	// afb holds the same tables for anti-fighter barrage at the start of a
	// space combat (fighters only, no Sustain Damage); nil on the ground.
	afb *barrageTables
	// Joint, when the two sides' state spaces are small enough, gives for
	// every pair of states the distribution of the next pair, so that a
	// round costs one random number; nil otherwise.
	Joint *jointTable
	// Whole, when small enough, gives for every start state the combat can
	// have the distribution of how it ends, so that a combat costs one
	// random number; nil otherwise.
	Whole *wholeCombat
}

// jointTable is the round's transition over joint states j = sa*nd + sd:
// outcomes off[j]..off[j+1] list the possible next joint states next[i]
// with the 2^64-scaled CDF cdf[i], most probable first so a scan ends
// early. A joint state where one side has no units has no outcomes.
type jointTable struct {
	nd   uint32
	off  []uint32
	cdf  []uint64
	next []uint32
	// prob[i] is outcome i's probability (used only to build wholeCombat).
	prob []float64
	// stuck[j] is true when no unit of either side can score a hit.
	stuck []bool
}

// Limits of the joint table: joint states, and outcomes in all.
const (
	maxJointStates   = 1 << 17
	maxJointOutcomes = 1 << 21
)

// barrageTables are the anti-fighter barrage's hit CDFs and transitions
// over the space combat's state spaces.
type barrageTables struct {
	cdf  [2][][]uint64
	next [2][]uint32
	in   [2]int
}

// maxTableEntries bounds each fast-path table; a larger battle uses the
// generic path, whose cost is linear in the fleet.
const maxTableEntries = 1 << 22

// roundsAreFixed reports whether nothing but the dice and the hit policy
// acts during the rounds of a combat type, so that tables can replace the
// step-by-step round: no hook in the rounds (the windows' table), no round
// limit, retreat or unit that stops Sustain Damage, no unit added during
// the action.
func (p *Plan) roundsAreFixed(ct CombatType) bool {
	if p.roundLimit > 0 || p.NoTables || p.SlowRounds || len(p.Side[Attacker].SustainBlockers)+len(p.Side[Defender].SustainBlockers) > 0 || p.roundsTouched(ct) ||
		p.Side[Attacker].rerollPool > 0 || p.Side[Defender].rerollPool > 0 {
		return false
	}
	if ct == InSpace && !(p.Side[Attacker].Retreat.Never() && p.Side[Defender].Retreat.Never()) {
		return false
	}
	if ct == InSpace && !p.rollIsFixed(RollAFB) { // the space tables cover the barrage too
		return false
	}
	return p.rollIsFixed(CombatRollOf(ct))
}

// rollIsFixed reports whether no effect acts on rolls of kind r or on the
// assignment of their hits.
func (p *Plan) rollIsFixed(r RollKind) bool { return !p.rollTouched(r) }

// participants returns the slots of side that fight in combat type ct.
func (p *Plan) participants(side Side, ct CombatType) []uint8 {
	if ct == InSpace {
		return p.Side[side].Order[TFleet]
	}
	return p.Side[side].Order[TGround]
}

// combatRoll is the roll kind of a combat type's rounds.
func CombatRollOf(ct CombatType) RollKind {
	if ct == InSpace {
		return RollSpace
	}
	return RollGround
}

// BuildFast builds the fast tables of combat type ct, or returns nil when
// the rounds are not fixed or the tables would be too large; without the
// joint table when ctx ends while it is built.
func (p *Plan) BuildFast(ctx context.Context, ct CombatType) *fastCombat {
	if !p.roundsAreFixed(ct) {
		return nil
	}
	f := &fastCombat{}
	r := CombatRollOf(ct)
	var most [2]int
	for side := range NumSides {
		ss, ok := p.newStateSpace(side, p.participants(side, ct))
		if !ok {
			return nil
		}
		f.ss[side] = ss
		// Every unit at its start and undamaged: the most hits of any
		// state (a damaged TI3 unit rolls fewer dice).
		full := p.Side[side].Start
		most[side] = len(p.hitPMF(side, r, &full, nil, 0)) - 1
	}
	var afbMost [2]int
	if ct == InSpace {
		for side := range NumSides {
			full := p.Side[side].Start
			afbMost[side] = len(p.hitPMF(side, RollAFB, &full, nil, 0)) - 1
			if f.ss[side].n*(afbMost[side.Opp()]+1) > maxTableEntries {
				return nil
			}
		}
	}
	for side := range NumSides {
		f.in[side] = most[side.Opp()]
		if f.ss[side].n*(f.in[side]+1) > maxTableEntries || f.ss[side].n*(most[side]+1) > maxTableEntries {
			return nil
		}
	}
	for side := range NumSides {
		ss := &f.ss[side]
		f.cdf[side] = p.cdfTable(side, r, ss)
		f.next[side] = p.transitionTable(side, r, ss, f.in[side])
		f.lost[side] = make([]int32, ss.n)
		f.count[side] = make([]int32, ss.n*int(numTargets))
		sp := &p.Side[side]
		for _, d := range derivedSets {
			if sp.countAs[d.set] == d.set {
				f.counted[side] = append(f.counted[side], d.set)
			}
		}
		for s := range ss.n {
			for j, slot := range ss.slots {
				a := ss.units[s*len(ss.slots)+j][0]
				f.lost[side][s] += (int32(sp.Start[slot]) - int32(a)) * sp.Slots[slot].CostHalves // a reverting slot may gain units
				for tg := range numTargets {
					if sp.In[slot]&(1<<tg) != 0 {
						f.count[side][s*int(numTargets)+int(tg)] += int32(a)
					}
				}
			}
		}
	}
	f.Joint = p.buildJoint(ctx, f, r)
	if f.Joint != nil {
		f.Whole = p.buildWhole(f, ct)
	}
	if ct == InSpace {
		b := &barrageTables{}
		for side := range NumSides {
			b.in[side] = afbMost[side.Opp()]
			b.cdf[side] = p.cdfTable(side, RollAFB, &f.ss[side])
			b.next[side] = p.transitionTable(side, RollAFB, &f.ss[side], b.in[side])
		}
		f.afb = b
	}
	return f
}

// buildJoint builds the joint round table from the per-side tables, or
// returns nil when it would be too large or ctx ends first (looked at once
// per attacker state: a row of at most maxJointStates/na defender states).
func (p *Plan) buildJoint(ctx context.Context, f *fastCombat, r RollKind) *jointTable {
	na, nd := f.ss[Attacker].n, f.ss[Defender].n
	if na*nd > maxJointStates {
		return nil
	}
	var pmfs [2][][]float64
	for side := range NumSides {
		pmfs[side] = p.pmfTable(side, r, &f.ss[side])
	}
	jt := &jointTable{nd: uint32(nd), off: make([]uint32, 0, na*nd+1), stuck: make([]bool, na*nd)}
	type outcome struct {
		next uint32
		p    float64
	}
	var outs []outcome
	wa, wd := f.in[Attacker]+1, f.in[Defender]+1
	for sa := range na {
		if ctx.Err() != nil {
			return nil
		}
		for sd := range nd {
			jt.off = append(jt.off, uint32(len(jt.next)))
			if sa == 0 || sd == 0 {
				continue
			}
			pa, pd := pmfs[Attacker][sa], pmfs[Defender][sd]
			if len(pa) == 1 && len(pd) == 1 {
				jt.stuck[sa*nd+sd] = true
				continue
			}
			outs = outs[:0]
			for ha, qa := range pa {
				for hd, qd := range pd {
					if qa*qd == 0 {
						continue
					}
					n := f.next[Attacker][sa*wa+hd]*uint32(nd) + f.next[Defender][sd*wd+ha]
					found := false
					for i := range outs {
						if outs[i].next == n {
							outs[i].p += qa * qd
							found = true
							break
						}
					}
					if !found {
						outs = append(outs, outcome{n, qa * qd})
					}
				}
			}
			slices.SortStableFunc(outs, func(a, b outcome) int { return cmp.Compare(b.p, a.p) })
			pmf := make([]float64, len(outs))
			for i, o := range outs {
				pmf[i] = o.p
				jt.next = append(jt.next, o.next)
				jt.prob = append(jt.prob, o.p)
			}
			c := scaledCDF(pmf)
			if c == nil { // a single outcome: certain
				c = []uint64{math.MaxUint64}
			}
			jt.cdf = append(jt.cdf, c...)
			if len(jt.next) > maxJointOutcomes {
				return nil
			}
		}
	}
	jt.off = append(jt.off, uint32(len(jt.next)))
	return jt
}

// pmfTable returns, for every state, the distribution of the side's hits
// with roll kind r.
func (p *Plan) pmfTable(side Side, r RollKind, ss *stateSpace) [][]float64 {
	out := make([][]float64, ss.n)
	for s := range ss.n {
		out[s] = p.statePMF(side, r, ss, uint32(s), 0)
	}
	return out
}

// statePMF is the distribution of the side's hits with roll kind r, mod
// added to them, in state st of ss (its other units at their start).
func (p *Plan) statePMF(side Side, r RollKind, ss *stateSpace, st uint32, mod int) []float64 {
	return p.stateRolledPMF(side, r, ss, st, mod, false)
}

// stateRolledPMF is statePMF with the side's missed dice rerolled once
// when reroll is set.
func (p *Plan) stateRolledPMF(side Side, r RollKind, ss *stateSpace, st uint32, mod int, reroll bool) []float64 {
	alive, damaged := p.Side[side].Start, [MaxSlots]uint16{}
	ss.decode(st, &alive, &damaged)
	if !p.possible(side, &alive) {
		return []float64{1} // never reached (a unit with its worn form)
	}
	return p.rolledPMF(side, r, &alive, &damaged, mod, reroll)
}

// cdfTable returns, for every state, the CDF of the side's hits with roll
// kind r, sharing one table between states with the same alive counts.
func (p *Plan) cdfTable(side Side, r RollKind, ss *stateSpace) [][]uint64 {
	out := make([][]uint64, ss.n)
	byUnits := map[[2][MaxSlots]uint16][]uint64{}
	// Slots outside the state space (rolls an effect adds, units not in
	// this combat) keep their start counts.
	alive, damaged := p.Side[side].Start, [MaxSlots]uint16{}
	for s := range ss.n {
		ss.decode(uint32(s), &alive, &damaged)
		if !p.possible(side, &alive) {
			continue // never reached: no hits
		}
		key := [2][MaxSlots]uint16{alive}
		if p.Ti3 {
			key[1] = damaged // damaged units roll fewer dice
		}
		c, ok := byUnits[key]
		if !ok {
			c = scaledCDF(p.hitPMF(side, r, &alive, &damaged, 0))
			byUnits[key] = c
		}
		out[s] = c
	}
	return out
}

// scaledCDF turns a distribution into the 2^64-scaled CDF drawCDF wants,
// or nil for a distribution with a single outcome of 0 hits.
func scaledCDF(pmf []float64) []uint64 {
	if len(pmf) == 1 {
		return nil
	}
	cdf := make([]uint64, len(pmf))
	cum := 0.0
	for k, q := range pmf {
		cum += q
		switch {
		case k == len(pmf)-1 || cum >= 1:
			cdf[k] = math.MaxUint64
		default:
			cdf[k] = uint64(cum * (1 << 64))
		}
	}
	return cdf
}

// transitionTable returns next[state*(in+1)+h], the state after the side
// takes h hits of roll kind r, built from one hit at a time with the
// engine's own takeHit so the policy lives in one place.
func (p *Plan) transitionTable(side Side, r RollKind, ss *stateSpace, in int) []uint32 {
	w := in + 1
	next := make([]uint32, ss.n*w)
	if p.Side[side].SustainCancels > 1 {
		// A sustain cancels more than one hit: hits are not independent
		// steps, so each count is applied from scratch.
		scratch := &Trial{P: p}
		for s := range ss.n {
			for h := 0; h <= in; h++ {
				next[s*w+h] = p.afterHits(side, r, ss, uint32(s), h, scratch)
			}
		}
		p.revertAll(side, r, ss, next)
		return next
	}
	one := p.oneHit(side, r, ss)
	for s := range ss.n {
		next[s*w] = uint32(s)
		for h := 1; h <= in; h++ {
			next[s*w+h] = one[next[s*w+h-1]]
		}
	}
	p.revertAll(side, r, ss, next)
	return next
}

// revertAll applies the side's reversion (sidePlan.revert) to every state
// of a transition table of roll kind r, once all the hits are taken, as
// the engine does after assigning a roll's hits.
func (p *Plan) revertAll(side Side, r RollKind, ss *stateSpace, next []uint32) {
	if !p.reverts(side, r, ss) {
		return
	}
	for i, s := range next {
		next[i] = p.revertState(side, ss, s)
	}
}

// reverts reports whether the side's reversion acts after rolls of kind r
// on the units of ss.
func (p *Plan) reverts(side Side, r RollKind, ss *stateSpace) bool {
	rv := p.Side[side].Revert
	return rv.On && slices.Contains(RevertingRolls[:], r) && slices.Contains(ss.slots, rv.From) && slices.Contains(ss.slots, rv.To)
}

// revertState returns state st of ss with the side's reversion applied
// where it is due.
func (p *Plan) revertState(side Side, ss *stateSpace, st uint32) uint32 {
	rv := p.Side[side].Revert
	var alive, damaged [MaxSlots]uint16
	ss.decode(st, &alive, &damaged)
	if !rv.due(&alive) {
		return st
	}
	rv.apply(&alive, &damaged)
	return ss.encode(&alive, &damaged)
}

// afterHits returns the side's state after h hits of roll kind r in state
// st of ss, each count from scratch (a sustain that cancels more than one
// hit); an impossible state stays as it is.
func (p *Plan) afterHits(side Side, r RollKind, ss *stateSpace, st uint32, h int, scratch *Trial) uint32 {
	ss.decode(st, &scratch.Alive[side], &scratch.Damaged[side])
	if !p.possible(side, &scratch.Alive[side]) {
		return st // never reached
	}
	scratch.absorb(side, r, h)
	return ss.encode(&scratch.Alive[side], &scratch.Damaged[side])
}

// afterHit returns the side's state after one hit of roll kind r in state
// st of ss, by the engine's own takeHit; an impossible state stays as it
// is.
func (p *Plan) afterHit(side Side, r RollKind, ss *stateSpace, st uint32, scratch *Trial) uint32 {
	ss.decode(st, &scratch.Alive[side], &scratch.Damaged[side])
	if !p.possible(side, &scratch.Alive[side]) {
		return st // never reached
	}
	sp := &p.Side[side]
	sustain := r.Sustainable() && !scratch.sustainBlocked(side, sp.TargetOf[r])
	scratch.TakeHit(side, sp.Order[sp.TargetOf[r]], sustain, sp.sustainLast)
	return ss.encode(&scratch.Alive[side], &scratch.Damaged[side])
}

// absorb makes side take h hits of kind r by the hit policy alone (no
// effects): what the tables and the exact solver apply. A scratch trial
// frozen with a block (chain.blockedAt) takes them without Sustain Damage
// where the block says.
func (t *Trial) absorb(side Side, r RollKind, h int) {
	sp := &t.P.Side[side]
	sustain := r.Sustainable() && !t.sustainBlocked(side, sp.TargetOf[r])
	for ; h > 0; h-- {
		ev, _ := t.TakeHit(side, sp.Order[sp.TargetOf[r]], sustain, sp.sustainLast)
		if ev == NoTarget {
			return
		}
		if ev == sustained {
			h -= sp.SustainCancels - 1
		}
	}
}

// oneHit returns, for every state, the state after the side takes one hit
// of roll kind r, by the engine's own takeHit.
func (p *Plan) oneHit(side Side, r RollKind, ss *stateSpace) []uint32 {
	one := make([]uint32, ss.n)
	scratch := &Trial{P: p}
	for s := range ss.n {
		one[s] = p.afterHit(side, r, ss, uint32(s), scratch)
	}
	return one
}

// possible reports whether a state's units can occur: a unit and its worn
// form (TI3 war suns) never number more than their starts.
func (p *Plan) possible(side Side, alive *[MaxSlots]uint16) bool {
	sp := &p.Side[side]
	for i, sl := range sp.Slots {
		if sl.Form == FormWorn && alive[i]+alive[sl.Of] > sp.Start[sl.Of]+sp.Start[i] {
			return false
		}
	}
	if rv := sp.Revert; rv.On && alive[rv.From]+alive[rv.To] > sp.Start[rv.From]+sp.Start[rv.To] {
		return false
	}
	return true
}

// fastRounds fights a combat with the tables — the anti-fighter barrage if
// barrage is set and both sides still have ships (a start-of-combat effect
// may have left one none), then the rounds: per round, one random number
// per side that can hit and two table look-ups.
func (t *Trial) fastRounds(ct CombatType, f *fastCombat, barrage bool) {
	sa := f.ss[Attacker].encode(&t.Alive[Attacker], &t.Damaged[Attacker])
	sd := f.ss[Defender].encode(&t.Alive[Defender], &t.Damaged[Defender])
	sa0, sd0 := sa, sd
	if b := f.afb; barrage && b != nil && sa != 0 && sd != 0 {
		ha, hd := 0, 0
		if c := b.cdf[Attacker][sa]; c != nil {
			ha = DrawCDF(c, t.Rng.Uint64())
		}
		if c := b.cdf[Defender][sd]; c != nil {
			hd = DrawCDF(c, t.Rng.Uint64())
		}
		sd = b.next[Defender][int(sd)*(b.in[Defender]+1)+ha]
		sa = b.next[Attacker][int(sa)*(b.in[Attacker]+1)+hd]
	}
	round, first := t.Round, t.Round
	if jt := f.Joint; jt != nil {
		j, end, unresolved := f.jointRounds(sa*jt.nd+sd, t.Rng, round)
		if unresolved {
			t.unresolved = true
		}
		t.endJoint(ct, f, sa0, sd0, j, first, end)
		return
	}
	wa, wd := f.in[Attacker]+1, f.in[Defender]+1
	for sa != 0 && sd != 0 {
		ca, cd := f.cdf[Attacker][sa], f.cdf[Defender][sd]
		if (ca == nil && cd == nil) || round > MaxRounds {
			t.unresolved = true // it never ends: stopped at the round cap
			t.rounds[ct], round = MaxRounds, MaxRounds+1
			break
		}
		t.rounds[ct] = round
		ha, hd := 0, 0
		if ca != nil {
			ha = DrawCDF(ca, t.Rng.Uint64())
		}
		if cd != nil {
			hd = DrawCDF(cd, t.Rng.Uint64())
		}
		sd = f.next[Defender][int(sd)*wd+ha]
		sa = f.next[Attacker][int(sa)*wa+hd]
		round++
	}
	t.Round = round
	t.settle(Attacker, f, sa0, sa)
	t.settle(Defender, f, sd0, sd)
}

// jointRounds fights the rounds of a combat from joint state j at round
// round with the joint table (and the whole-combat table first, when
// there is one): the joint state where it ends, the round after its last,
// and whether it was stopped at the round cap (it never ends). One random
// number per round, or one for the whole combat.
func (f *fastCombat) jointRounds(j uint32, rng *rand.PCG, round int) (uint32, int, bool) {
	jt := f.Joint
	if w := f.Whole; w != nil {
		// Jump to how the combat ends (or to its state after
		// wholeRounds rounds, from where the loop below goes on).
		j, round = w.sample(j, rng, round)
	}
	for {
		lo, hi := jt.off[j], jt.off[j+1]
		if lo == hi { // one side has no units left, or nobody can hit
			if jt.stuck[j] { // it never ends: stopped at the round cap
				return j, MaxRounds + 1, true
			}
			return j, round, false
		}
		if round > MaxRounds {
			return j, round, true
		}
		j = jt.next[lo+scanCDF(jt.cdf[lo:hi], rng.Uint64())]
		round++
	}
}

// endJoint writes a combat of type ct fought with the joint table into the
// trial: it began at round first with the sides in states sa0 and sd0 and
// ended in joint state j, round being the round after its last.
func (t *Trial) endJoint(ct CombatType, f *fastCombat, sa0, sd0, j uint32, first, round int) {
	if round > first {
		t.rounds[ct] = round - 1
	}
	t.Round = round
	t.settle(Attacker, f, sa0, j/f.Joint.nd)
	t.settle(Defender, f, sd0, j%f.Joint.nd)
}

// settle writes the side's final state s (from state s0) back into the
// trial: its units, the cost of the units lost and its target-set counts.
func (t *Trial) settle(side Side, f *fastCombat, s0, s uint32) {
	revivers := t.P.Side[side].Revivers // the only slots whose kills are counted
	for _, slot := range revivers {
		t.Killed[side][slot] += t.Alive[side][slot] // minus what is left, below
	}
	f.ss[side].decode(s, &t.Alive[side], &t.Damaged[side])
	for _, slot := range revivers {
		t.Killed[side][slot] -= t.Alive[side][slot] // units lost in rounds were destroyed by hits
	}
	t.lost[side] += f.lost[side][s] - f.lost[side][s0]
	c, c0 := f.count[side][int(s)*int(numTargets):], f.count[side][int(s0)*int(numTargets):]
	for tg := range numBaseTargets {
		t.Count[side][tg] += c[tg] - c0[tg]
	}
	for _, tg := range f.counted[side] {
		t.Count[side][tg] += c[tg] - c0[tg]
	}
}
