package engine

import (
	"encoding/binary"
	"math"
)

// The combat rounds of the exact solver: fight carries a combat's joint
// distribution to its final states by a sweep that settles each joint
// state once, from the highest joint health down (every hit lowers it),
// dividing out the rounds where nobody hits; the hits of a round spread
// along the defender's axis in groups (pendingSpread). A combat that may
// return to a state it was in is fought round by round instead
// (rounds.go); a round limit, retreats or rolls that change with the round
// settle a state round by round (settlerounds.go).

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
	w := newSweep(c, len(start))
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
	if s.first == nil && len(start) > 0 {
		s.first, s.firstStart = c, start
	}
	if s.P.roundState(c.ct) {
		return s.fightRounds(w, start)
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

// sweep is fight's working state. Every hit lowers the joint health (the
// sum of both sides' health), so the joint states are settled bucket by
// bucket from the highest health down, each once, after all the mass that
// can reach it has arrived.
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
	// ga and gd are leaveGrouped's scratch.
	ga, gd []weightedState
	// spreads are the pending spreads along the defender's axis by row,
	// defender state and hit distribution class, spreadBuckets by joint
	// health; classes number hit distributions (pmfClass).
	spreads        map[spreadKey]*pendingSpread
	outcomes       map[uint64][]weightedState
	spreadBuckets  [][]*pendingSpread
	classes        map[*float64]int32
	classByContent map[string]int32
	// offset is the rounds played before this combat that count for a
	// first-rounds bonus (an invasion's space combat: walkPlanetByRounds).
	offset int
	// fold: the rounds are only reported (no round limit, retreat or
	// bonus, and no later combat reads them), so settle may fold their
	// negligible tails (foldTails); the outcomes and the mean rounds
	// are the same either way.
	fold bool
	// freeMass and freeSpreads hold settled pending masses and spread
	// spreads for reuse (a sweep allocates only its peak).
	freeMass    []*pendingMass
	freeSpreads []*pendingSpread
}

func newSweep(c *chain, states int) *sweep {
	maxHealth := max(c.maxHealth[Attacker], c.maxHealth[Defender])
	return &sweep{c: c, nd: uint32(c.ss[Defender].n), buckets: make([][]uint32, 2*maxHealth+1),
		spreads: map[spreadKey]*pendingSpread{}, outcomes: map[uint64][]weightedState{}, spreadBuckets: make([][]*pendingSpread, 2*maxHealth+1),
		classes: map[*float64]int32{}, classByContent: map[string]int32{},
		pending: newPendingTable(c), final: map[uint32]*absorbed{}}
}

// put adds to state j the mass h scaled by scale, or, with h nil, the mass
// scale at 0 rounds.
func (w *sweep) put(j uint32, h *roundsHist, scale float64) *pendingMass {
	return w.putFrom(j, h, scale, 0, histBins)
}

// putFrom is put for a histogram h whose bins outside [lo, hi) are zero:
// it adds only those bins (the same sums: the others would add zeros).
func (w *sweep) putFrom(j uint32, h *roundsHist, scale float64, lo, hi int) *pendingMass {
	cell := w.pending.cell(j/w.nd, j%w.nd)
	pm := *cell
	if pm == nil {
		if k := len(w.freeMass) - 1; k >= 0 {
			pm, w.freeMass = w.freeMass[k], w.freeMass[:k]
		} else {
			pm = new(pendingMass)
		}
		*cell = pm
		w.seen++
		hb := w.c.healthOf(Attacker, j/w.nd) + w.c.healthOf(Defender, j%w.nd)
		w.buckets[hb] = append(w.buckets[hb], j)
	}
	if h == nil {
		pm.hist[0] += scale
		return pm
	}
	for i := lo; i < hi; i++ {
		pm.hist[i] += h[i] * scale
	}
	return pm
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
	w.settleMass(j, pm)
	*pm = pendingMass{}
	w.freeMass = append(w.freeMass, pm) // nothing keeps pm: reused by putFrom
}

func (w *sweep) settleMass(j uint32, pm *pendingMass) {
	c, nd := w.c, w.nd
	m, mom := &pm.hist, pm.moment
	sa, sd := j/nd, j%nd
	if sa == 0 || sd == 0 {
		w.final[j] = &absorbed{hist: *m}
		return
	}
	pa, pd := c.pmfOf(Attacker, sa), c.pmfOf(Defender, sd)
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
	// The last bin takes what is left.
	y := &w.y
	*y = roundsHist{}
	for r := 1; r < histBins-1; r++ {
		y[r] = m[r-1] + p00*y[r-1]
	}
	left := total
	for r := 0; r < histBins-1; r++ {
		left -= (1 - p00) * y[r]
	}
	y[histBins-1] = max(left, 0) / (1 - p00)
	lo, hi := firstBin(y), histBins
	if w.fold {
		lo, hi = y.foldTails(foldEps)
	}
	// Mass q/(1-p00) of it leaves for each state, after mom/total rounds
	// before and stay/total here on average.
	w.leave(j, pa, pd, y, lo, hi, 1-p00, mom+stay)
}

// leave puts on every state the hits of one roll lead state j to — the
// attacker's hits pa against the defender's pd, the pair where nobody
// hits left out — the rounds y in bins [lo, hi) scaled by the pair's
// chance q, and adds q/div·mul to that state's moment.
func (w *sweep) leave(j uint32, pa, pd []float64, y *roundsHist, lo, hi int, div, mul float64) {
	c, nd := w.c, w.nd
	sa, sd := j/nd, j%nd
	if pooled := c.activePool(j); pooled != NoSide {
		w.leavePooled(j, pooled, pa, pd, y, lo, hi, div, mul)
		return
	}
	if c.policy == nil {
		w.leaveGrouped(sa, sd, pa, pd, y, lo, hi, div, mul)
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
func (w *sweep) leaveGrouped(sa, sd uint32, pa, pd []float64, y *roundsHist, lo, hi int, div, mul float64) {
	c, nd := w.c, w.nd
	ga := groupNext(w.ga[:0], c, Attacker, sa, pd, 1) // the attacker's states after the defender's hits
	w.ga = ga
	// The source's own row (no hit on the attacker): every defender
	// outcome but the one with no hit either.
	gd := groupNext(w.gd[:0], c, Defender, sd, pa, 1)
	w.gd = gd
	for _, g := range gd {
		if q := pd[0] * g.w; q != 0 {
			w.putFrom(sa*nd+g.j, y, q, lo, hi).moment += q / div * mul
		}
	}
	// The other rows go to the pending spreads (spreadRows): the
	// defender's outcomes depend on its state and the attacker's hit
	// distribution only.
	cls := w.pmfClass(pa)
	for _, g := range ga {
		if g.w != 0 {
			w.spreadTo(g.j, sd, cls, pa).add(y, g.w, lo, hi, g.w/div*mul)
		}
	}
}

// pendingSpread is mass waiting to be spread along the defender's axis:
// what reached row a (the attacker's state after its hits) from sources
// whose defender was in state d and whose attacker rolled pa, by rounds,
// with its moment; the defender's outcomes (d with no hit, and
// groupNext's) are applied once for all of it (spreadRows).
type pendingSpread struct {
	a, d   uint32
	cls    int32
	lo, hi int // the bins that may hold mass: [lo, hi)
	moment float64
	pa     []float64
	hist   roundsHist
}

func (p *pendingSpread) add(y *roundsHist, scale float64, lo, hi int, moment float64) {
	p.lo, p.hi = min(p.lo, lo), max(p.hi, hi)
	for i := lo; i < hi; i++ {
		p.hist[i] += y[i] * scale
	}
	p.moment += moment
}

// spreadKey is a pending spread's key: its row and defender state as a
// joint code, and the hit distribution's class (fewer than 2^24: one per
// state at most, and a combat holds far fewer states), packed.
type spreadKey uint64

func (w *sweep) spreadKeyOf(a, d uint32, cls int32) spreadKey {
	return spreadKey(uint64(a*w.nd+d)<<24 | uint64(cls))
}

// spreadTo returns the pending spread of row a, defender state d and hit
// distribution class cls (pa), adding it to the bucket of its joint
// health: it is spread before that bucket is settled.
func (w *sweep) spreadTo(a, d uint32, cls int32, pa []float64) *pendingSpread {
	k := w.spreadKeyOf(a, d, cls)
	if p, ok := w.spreads[k]; ok {
		return p
	}
	var p *pendingSpread
	if k := len(w.freeSpreads) - 1; k >= 0 {
		p, w.freeSpreads = w.freeSpreads[k], w.freeSpreads[:k]
	} else {
		p = new(pendingSpread)
	}
	*p = pendingSpread{a: a, d: d, cls: cls, pa: pa, lo: histBins, hi: 0}
	w.spreads[k] = p
	hb := w.c.healthOf(Attacker, a) + w.c.healthOf(Defender, d)
	w.spreadBuckets[hb] = append(w.spreadBuckets[hb], p)
	return p
}

// spreadRows spreads the pending spreads of joint health hb along the
// defender's axis: each of the defender's outcomes (its state after the
// attacker's ha hits, ha ≥ 0) gets the spread's rounds scaled by its
// chance.
func (w *sweep) spreadRows(hb int) {
	nd := w.nd
	for _, p := range w.spreadBuckets[hb] {
		delete(w.spreads, w.spreadKeyOf(p.a, p.d, p.cls))
		for _, g := range w.defenderOutcomes(p.d, p.cls, p.pa) {
			if g.w != 0 {
				w.putFrom(p.a*nd+g.j, &p.hist, g.w, p.lo, p.hi).moment += p.moment * g.w
			}
		}
		w.freeSpreads = append(w.freeSpreads, p) // reused by spreadTo
	}
	w.spreadBuckets[hb] = nil
}

// defenderOutcomes returns the defender's states after the attacker's ha
// hits, ha ≥ 0, from state d against hit distribution pa (class cls), with
// their chances (groupNext), remembered by state and class.
func (w *sweep) defenderOutcomes(d uint32, cls int32, pa []float64) []weightedState {
	k := uint64(d)<<24 | uint64(cls)
	if g, ok := w.outcomes[k]; ok {
		return g
	}
	g := groupNext(nil, w.c, Defender, d, pa, 0)
	w.outcomes[k] = g
	return g
}

// pmfClass numbers hit distributions by content (the same number for equal
// ones), remembered by slice.
func (w *sweep) pmfClass(pa []float64) int32 {
	if k, ok := w.classes[&pa[0]]; ok {
		return k
	}
	b := make([]byte, 0, 8*len(pa))
	for _, v := range pa {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	key := string(b)
	k, ok := w.classByContent[key]
	if !ok {
		k = int32(len(w.classByContent))
		w.classByContent[key] = k
	}
	w.classes[&pa[0]] = k
	return k
}

// groupNext appends to dst side's states after from, from+1, … hits from
// state st, each with the summed chance pmf gives the hits that lead there
// (consecutive hit counts that lead to one state merged).
func groupNext(dst []weightedState, c *chain, side Side, st uint32, pmf []float64, from int) []weightedState {
	for h := from; h < len(pmf); h++ {
		if pmf[h] == 0 {
			continue
		}
		n := c.nextOf(side, st, h)
		if k := len(dst) - 1; k >= 0 && dst[k].j == n {
			dst[k].w += pmf[h]
			continue
		}
		dst = append(dst, weightedState{n, pmf[h]})
	}
	return dst
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
