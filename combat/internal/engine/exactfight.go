package engine

import "errors"

// The combat rounds of the exact solver: fight carries a combat's joint
// distribution to its final states by a sweep that settles each joint
// state once, from the highest joint health down (every hit lowers it),
// dividing out the rounds where nobody hits; the hits of a round spread
// along the defender's axis in groups (pendingSpread, spreadtable.go), each
// side's outcomes of a roll worked out once (outcometable.go). A big
// combat is settled row by row instead, where that order holds
// (rowsweep.go). A combat that may return to a state it was in is fought
// round by round instead (rounds.go); a round limit, retreats or rolls that
// change with the round settle a state round by round (settlerounds.go).

// absorbed is the mass that ended a combat in one joint state, by rounds.
type absorbed struct {
	hist  roundsHist
	stuck bool // neither side could hit: the combat never ends (its rounds: RoundCap)
	// stopped: the round limit stopped the combat here, both sides with
	// units left (its rounds: the limit).
	stopped bool
	// fled: the combat ended here by side by's retreat.
	fled bool
	by   Side
}

// fight runs the combat chain from the joint distribution start (all at 0
// rounds) and returns the mass absorbed in each final joint state, per
// side the mass that ended the combat by that side's retreat (nil without
// retreats), and the expected number of rounds of rolling.
func (s *Solver) fight(c *chain, start map[uint32]float64) (map[uint32]*absorbed, [2]map[uint32]*roundsHist, float64, error) {
	if s.first == nil && len(start) > 0 {
		s.first, s.firstStart = c, start
	}
	w := s.newFightSweep(c, start)
	defer func() { w.spreads.release() }() // the sweep in use at the end
	if s.P.roundState(c.ct) {
		return s.fightRounds(w, start)
	}
	if !s.jointOrder && w.byRows() {
		err := s.fightByRows(w, start)
		if !errors.Is(err, errNotByRows) {
			return w.final, w.fled, w.occupancy, err
		}
		w.spreads.release()
		w = s.newFightSweep(c, start) // settled by joint health instead
	}
	for _, j := range sortedKeys(start) {
		w.put(j, nil, start[j])
	}
	for hb := len(w.buckets) - 1; hb >= 0; hb-- {
		if err := s.Ctx.Err(); err != nil {
			return nil, [2]map[uint32]*roundsHist{}, 0, err
		}
		w.spreadRows(hb)
		for _, j := range w.buckets[hb] {
			w.settle(j)
		}
		w.buckets[hb] = nil
		if w.seen > s.MaxStates {
			return nil, [2]map[uint32]*roundsHist{}, 0, NotExact("exact mode: the %s combat reaches more than %d joint states, the limit of the exact solver (%d)", combatName(c.ct), s.MaxStates, s.MaxStates)
		}
	}
	if c.policy != nil && c.policy.err != nil {
		return nil, [2]map[uint32]*roundsHist{}, 0, c.policy.err
	}
	if c.retreatRule != nil && c.retreatRule.err != nil {
		return nil, [2]map[uint32]*roundsHist{}, 0, c.retreatRule.err
	}
	return w.final, w.fled, w.occupancy, nil
}

// newFightSweep returns fight's sweep of chain c from start, set for the
// solver's round limit, retreats and round bonuses.
func (s *Solver) newFightSweep(c *chain, start map[uint32]float64) *sweep {
	w := newSweep(c, len(start), &s.spare)
	w.limit = s.P.roundLimit
	if c.ct == InSpace && s.P.retreats {
		w.retreats = true
		w.fled = [2]map[uint32]*roundsHist{{}, {}}
	}
	w.bonus = s.P.roundBound(c.ct)
	w.offset = s.roundOffset
	// An invasion's first-rounds bonus splits the ground combat by the
	// space combat's rounds (walkPlanetByRounds): those must stay exact.
	w.fold = !s.keepTails && !(c.ct == InSpace && s.P.mostBonusUses() > 0)
	return w
}

// sweep is fight's working state. Every hit lowers the joint health (the
// sum of both sides' health), so the joint states are settled bucket by
// bucket from the highest health down, each once, after all the mass that
// can reach it has arrived (or row by row: rows).
type sweep struct {
	c  *chain
	nd uint32
	// buckets[h] lists the states of joint health h that hold mass.
	buckets [][]uint32
	// pending[j] is the mass in state j not yet settled, by rounds, and
	// its moment: the sum of rounds times mass that reached j (the mean
	// exactly, where the histogram's last bin is open-ended).
	pending *pendingTable
	// final holds the settled final states; occupancy the expected rounds
	// of rolling.
	final     map[uint32]*absorbed
	occupancy float64
	// y is settle's scratch: the mass that scores its first hit, by round.
	y roundsHist
	// seen counts the joint states that have held mass.
	seen int
	// limit is the round limit (0: none), at most histBins-2 so that
	// every round has its own bin.
	limit int
	// retreats: a side may announce a retreat (its policy) in this
	// combat; fled[side] holds the mass that ended the combat by side's
	// retreat, by state and rounds (kept apart from final: a state where
	// both sides have ships can end both ways).
	retreats bool
	fled     [2]map[uint32]*roundsHist
	// bonus: a side's combat rolls change with the round (a first-rounds
	// bonus, a round's reroll: Plan.roundBound): rounds are settled one by
	// one.
	bonus bool
	// outcomeTables are each side's outcomes of a roll, hitClasses its
	// hit distributions' classes (leaveGrouped).
	outcomeTables [2]outcomeTable
	hitClasses    [2]hitClasses
	// spreads are the pending spreads along the defender's axis
	// (spreadTable).
	spreads spreadTable
	// offset is the rounds played before this combat that count for a
	// first-rounds bonus (an invasion's space combat: walkPlanetByRounds).
	offset int
	// fold: the rounds are only reported (no round limit, retreat or
	// bonus, and no later combat reads them), so settle may fold their
	// negligible tails (foldTails); the outcomes and the mean rounds
	// are the same either way.
	fold bool
	// freeMass holds settled pending masses for reuse (a sweep allocates
	// only its peak).
	freeMass []*pendingMass
	// shortened counts the states whose rounds leavingRounds worked out
	// without the bins that cannot change them (for the tests).
	shortened int
	// rows, when set, settles the states row by row (rowsweep.go)
	// instead of by joint health.
	rows *rowSweep
}

func newSweep(c *chain, states int, spare *spareChunks) *sweep {
	maxHealth := max(c.maxHealth[Attacker], c.maxHealth[Defender])
	return &sweep{c: c, nd: uint32(c.ss[Defender].n), buckets: make([][]uint32, 2*maxHealth+1),
		spreads: newSpreadTable(2*maxHealth+1, spare), pending: newPendingTable(c), final: map[uint32]*absorbed{},
		outcomeTables: [2]outcomeTable{{side: Attacker}, {side: Defender}}}
}

// put adds to state j the mass h scaled by scale, or, with h nil, the mass
// scale at 0 rounds.
func (w *sweep) put(j uint32, h *roundsHist, scale float64) *pendingMass {
	return w.putFrom(j, h, scale, 0, histBins)
}

// putFrom is put for a histogram h whose bins outside [lo, hi) are zero:
// it adds only those bins (the same sums: the others would add zeros).
func (w *sweep) putFrom(j uint32, h *roundsHist, scale float64, lo, hi int) *pendingMass {
	t := w.pending
	a, d := t.number(Attacker, j/w.nd), t.number(Defender, j%w.nd)
	if h == nil {
		return w.putAt(a, d, nil, 0, scale)
	}
	return w.putAt(a, d, h[lo:hi], lo, scale)
}

// putAt adds to the joint state of the attacker's state numbered a and the
// defender's numbered d (pendingTable) the mass h scaled by scale, h[i]
// after lo+i rounds — or, with h nil, the mass scale at 0 rounds.
func (w *sweep) putAt(a, d int32, h []float64, lo int, scale float64) *pendingMass {
	if w.rows != nil {
		return w.rows.put(w, a, d, h, lo, scale)
	}
	cell := w.pending.cellAt(a, d)
	pm := *cell
	if pm == nil {
		if k := len(w.freeMass) - 1; k >= 0 {
			pm, w.freeMass = w.freeMass[k], w.freeMass[:k]
		} else {
			pm = new(pendingMass)
		}
		*cell = pm
		w.seen++
		j, hb := w.pending.joint(a, d, w.nd)
		w.buckets[hb] = append(w.buckets[hb], j)
	}
	pm.add(h, lo, scale)
	return pm
}

// add adds h scaled by scale to m, h[i] after lo+i rounds, or, with h
// nil, the mass scale at 0 rounds.
func (m *pendingMass) add(h []float64, lo int, scale float64) {
	if h == nil {
		m.hist[0] += scale
		return
	}
	b := m.hist[lo : lo+len(h)]
	for i, v := range h {
		b[i] += v * scale
	}
}

// pendingMass is the mass waiting in a joint state: by rounds, and its
// moment (sweep.pending).
type pendingMass struct {
	moment float64 // first: on the cache line of the early rounds' bins
	hist   roundsHist
}

// settle moves state j's mass on: it stays final where a side has no
// units left or nobody can hit (stopped at the round cap, its rounds
// RoundCap), and otherwise goes, round by round, to the states its hits
// lead to. The rolls where neither side hits (probability p00) are divided
// out: the mass leaving in round r is y[r] = Σ_{k≥1} m[r−k]·p00^(k−1).
func (w *sweep) settle(j uint32) {
	cell := w.pending.cell(j/w.nd, j%w.nd)
	pm := *cell
	*cell = nil
	w.settleMass(j, -1, -1, pm)
	*pm = pendingMass{}
	w.freeMass = append(w.freeMass, pm) // nothing keeps pm: reused by putFrom
}

// settleMass settles the mass pm of state j, whose sides' states are
// numbered a and d in the pending table (-1: not known here).
func (w *sweep) settleMass(j uint32, a, d int32, pm *pendingMass) {
	nd := w.nd
	m, mom := &pm.hist, pm.moment
	sa, sd := j/nd, j%nd
	if sa == 0 || sd == 0 {
		w.final[j] = &absorbed{hist: *m}
		return
	}
	pa, pd := w.pmfOf(Attacker, sa, a), w.pmfOf(Defender, sd, d)
	p00 := pa[0] * pd[0]
	total := m.sum()
	if w.limit > 0 || w.retreats || w.bonus {
		w.settleRounds(j, m, mom, pa, pd, p00)
		return
	}
	if p00 >= 1 {
		// Nobody can hit: the combat never ends. Like a trial, it is
		// stopped at the round cap and its rounds count as RoundCap
		// (occupancy holds the rounds before this state).
		a := &absorbed{stuck: true}
		a.hist[histBins-1] = total
		w.occupancy += total*MaxRounds - mom
		w.final[j] = a
		return
	}
	stay := total / (1 - p00) // expected rounds rolled in state j
	w.occupancy += stay
	lo, hi := w.leavingRounds(m, total, p00) // the last bin takes what is left
	// Mass q/(1-p00) of it leaves for each state, after mom/total rounds
	// before and stay/total here on average.
	w.leave(j, a, d, pa, pd, &w.y, lo, hi, 1-p00, mom+stay)
}

// pmfOf is the chain's hit distribution of side's state st, numbered n
// in the pending table (-1: not known here; else kept by number, a
// look-up by code the less).
func (w *sweep) pmfOf(side Side, st uint32, n int32) []float64 {
	if n < 0 {
		return w.c.pmfOf(side, st)
	}
	t := w.pending
	if int(n) >= len(t.pmfs[side]) {
		t.pmfs[side] = grown(t.pmfs[side], int(n)+1)
	}
	if t.pmfs[side][n] == nil {
		t.pmfs[side][n] = w.c.pmfOf(side, st)
	}
	return t.pmfs[side][n]
}

// leave puts on every state the hits of one roll lead state j to — the
// attacker's hits pa against the defender's pd, the pair where nobody
// hits left out — the rounds y in bins [lo, hi) scaled by the pair's
// chance q, and adds q/div·mul to that state's moment.
func (w *sweep) leave(j uint32, a, d int32, pa, pd []float64, y *roundsHist, lo, hi int, div, mul float64) {
	c, nd := w.c, w.nd
	sa, sd := j/nd, j%nd
	if pooled := c.activePool(j); pooled != NoSide {
		w.leavePooled(j, pooled, pa, pd, y, lo, hi, div, mul)
		return
	}
	if c.policy == nil {
		w.leaveGrouped(sa, sd, a, d, pa, pd, y, lo, hi, div, mul)
		return
	}
	for ha, qa := range pa {
		for hd, qd := range pd {
			q := qa * qd
			if q == 0 || (ha == 0 && hd == 0) {
				continue
			}
			if c.policy != nil {
				for _, ws := range c.policy.decide(j, ha, hd) {
					w.putFrom(ws.j, y, q*ws.w, lo, hi).moment += q * ws.w / div * mul
				}
				continue
			}
			w.putFrom(c.nextOf(Attacker, sa, hd)*nd+c.nextOf(Defender, sd, ha), y, q, lo, hi).moment += q / div * mul
		}
	}
}

// leaveGrouped is leave under the sides' orders, with the hits that lead
// a side to the same state taken together: a side's state after h hits is
// its state after its health's worth of hits for every larger h (and
// equal states are consecutive), so the attacker's chances of taking
// 1, 2, … hits are summed per state it leads to, the defender's likewise,
// and each pair of states receives the product of its two sums — the
// same mass, with far fewer histogram additions late in a combat, when
// most rolls score more hits than the other side can take. The pairs with
// no hit on one side keep that side's state (the pair with none on either
// is left out). The pairs are reached in two passes: the row where the
// attacker takes no hit directly, every other row through a pending spread
// (spreadTo), which spreadRows later spreads along the defender's axis
// once for all the sources that share it.
func (w *sweep) leaveGrouped(sa, sd uint32, a, d int32, pa, pd []float64, y *roundsHist, lo, hi int, div, mul float64) {
	t := w.pending
	if a < 0 {
		a, d = t.number(Attacker, sa), t.number(Defender, sd)
	}
	ca, cd := w.hitClasses[Attacker].classOf(a, pa), w.hitClasses[Defender].classOf(d, pd)
	od := w.outcomes(Defender, d, ca, pa) // the defender's states after the attacker's hits
	// The source's own row (no hit on the attacker): every defender
	// outcome but the one with no hit either.
	if w.rows != nil && od.lower {
		w.rows.own(w, od.hit, y[lo:hi], lo, pd[0], div, mul) // row a is being settled
	} else {
		for _, g := range od.hit {
			if q := pd[0] * g.w; q != 0 {
				w.putAt(a, g.n, y[lo:hi], lo, q).moment += q / div * mul
			}
		}
	}
	// The other rows go to the pending spreads (spreadRows): the
	// defender's outcomes depend on its state and the attacker's hit
	// distribution only.
	row := w.spreadRow(d, ca, od.all)
	for _, g := range w.outcomes(Attacker, a, cd, pd).hit {
		if g.w != 0 {
			w.spreads.add(w.spreadTo(row, g.n), y, g.w, lo, hi, g.w/div*mul)
		}
	}
}

// endedBeforeRolls counts a combat that ended before its first roll (in the
// barrage, or by a start-of-combat effect) as one round, as the engine does,
// moving that mass of final from 0 to 1 round; it returns the mass moved.
func endedBeforeRolls(final map[uint32]*absorbed) float64 {
	moved := 0.0
	for _, a := range final {
		if !a.stuck && a.hist[0] > 0 {
			moved += a.hist[0]
			a.hist[1] += a.hist[0]
			a.hist[0] = 0
		}
	}
	return moved
}
