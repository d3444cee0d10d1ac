package engine

import (
	"context"
	"encoding/binary"
	"fmt"
	"maps"
	"math"
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

// settleRounds is settle round by round, for a round limit R (w.limit)
// or retreat policies, which decide by the round and the state. The mass
// in state j at the start of round r is y[r] = m[r−1] + carry, carry the
// mass that scored no hit in round r−1 (none after a retreat). In rounds
// 1..last (R, or the histogram's 30 rounds of their own) it rolls, each
// unit of it one round of occupancy, and leaves for the states its hits
// lead to; in a round where a side announces a retreat (LRR 78.5: the
// defender first), the mass that still has ships on both sides after the
// hits — the no-hit part included — ends the combat by that side's
// retreat (w.fled). Under a round limit the mass still there after round
// R is stopped there (unfinished, no capacity); without one, the mass past
// round 30 (the open bin) goes on as in settle, with one decision for all
// its rounds (retreat policies after round 30 are refused up front).
func (w *sweep) settleRounds(j uint32, m *roundsHist, mom float64, pa, pd []float64, p00 float64) {
	last := w.limit
	if last == 0 {
		last = histBins - 2
	}
	var dec [histBins]Side
	for r := range dec {
		dec[r] = NoSide
	}
	if w.retreats {
		// A policy decides by the state, except in the round its after=N
		// names: one decision for the other rounds (histBins is no N).
		base := w.leaving(j, histBins)
		if rr := w.c.retreatRule; rr != nil && base == rr.side {
			rr.reached[j] += m.sum()
		}
		for r := 1; r < histBins; r++ {
			dec[r] = base
			if r == w.c.plan.Side[Attacker].Retreat.AfterRound || r == w.c.plan.Side[Defender].Retreat.AfterRound {
				dec[r] = w.leaving(j, r)
			}
		}
	}
	y := &w.y
	*y = roundsHist{}
	var plain roundsHist // the mass that leaves in rounds without a retreat
	carry := 0.0
	for r := 1; r <= last; r++ {
		y[r] = m[r-1] + carry
		w.occupancy += y[r]
		rpa, rpd, rp00, boosted := w.roundPMFs(j, r, pa, pd, p00)
		switch {
		case dec[r] != NoSide:
			carry = 0
			w.retreatRound(j, r, y[r], dec[r], rpa, rpd, rp00)
		case boosted:
			carry = rp00 * y[r]
			w.spreadRound(j, r, y[r], rpa, rpd)
		default:
			plain[r] = y[r]
			carry = p00 * y[r]
		}
	}
	w.spread(j, &plain, pa, pd)
	if w.limit > 0 {
		if stopped := m[last] + carry; stopped > 0 {
			a := &absorbed{stopped: true}
			a.hist[last] = stopped
			w.final[j] = a
		}
		return
	}
	w.tail(j, m[last]+m[last+1]+carry, mom, m, carry, dec[last+1], pa, pd, p00)
}

// roundPMFs returns the hit distributions and the no-hit chance of round r
// in state j: pa, pd and p00, unless a side has a bonus that round
// (Plan.roundBonus), then boosted.
func (w *sweep) roundPMFs(j uint32, r int, pa, pd []float64, p00 float64) (rpa, rpd []float64, rp00 float64, boosted bool) {
	if !w.bonus {
		return pa, pd, p00, false
	}
	c := w.c
	ba, bd := c.plan.roundBonus(Attacker, r+w.offset), c.plan.roundBonus(Defender, r+w.offset)
	if r == 1 { // a first round's modifier: each combat's own round 1
		ba, bd = ba+c.plan.roundOneMod[Attacker][c.ct], bd+c.plan.roundOneMod[Defender][c.ct]
	}
	ra, rd := c.plan.roundReroll(Attacker, c.ct, r), c.plan.roundReroll(Defender, c.ct, r)
	if ba == 0 && bd == 0 && !ra && !rd {
		return pa, pd, p00, false
	}
	rpa, rpd = c.pmfMod(Attacker, j/w.nd, ba, ra), c.pmfMod(Defender, j%w.nd, bd, rd)
	return rpa, rpd, rpa[0] * rpd[0], true
}

// spreadRound puts mass v of state j, leaving in round r with the hit
// distributions pa and pd, on the states the hits lead to.
func (w *sweep) spreadRound(j uint32, r int, v float64, pa, pd []float64) {
	var one roundsHist
	one[r] = v
	w.leave(j, pa, pd, &one, r, histBins, 1, v*float64(r))
}

// leaving returns the side that announces a retreat in round r of joint
// state j (its units, the others at their start), or NoSide.
func (w *sweep) leaving(j uint32, r int) Side {
	if rr := w.c.retreatRule; rr != nil {
		if rr.retreats(j) {
			return rr.side
		}
		return NoSide
	}
	t := w.c.trialAt(j, nil, nil)
	t.Round = r
	return t.announceRetreats()
}

// spread puts the mass y of state j — y[r] leaving in round r — on the
// states the hits lead to, each with its moment (rounds on arrival times
// mass).
func (w *sweep) spread(j uint32, y *roundsHist, pa, pd []float64) {
	mom := 0.0
	for r, v := range y {
		mom += float64(r) * v
	}
	if lo := firstBin(y); y[lo] != 0 {
		w.leave(j, pa, pd, y, lo, histBins, 1, mom)
	}
}

// retreatRound is round r of state j with mass v when side leaving
// announces a retreat: the hits are rolled and assigned, then the mass
// with ships left on both sides ends by that retreat; the rest (a side
// destroyed) goes on as usual.
func (w *sweep) retreatRound(j uint32, r int, v float64, leaving Side, pa, pd []float64, p00 float64) {
	c, nd := w.c, w.nd
	sa, sd := j/nd, j%nd
	w.flee(leaving, j, r, p00*v)
	for ha, qa := range pa {
		for hd, qd := range pd {
			q := qa * qd
			if q == 0 || (ha == 0 && hd == 0) {
				continue
			}
			na, nd2 := c.nextOf(Attacker, sa, hd), c.nextOf(Defender, sd, ha)
			if na != 0 && nd2 != 0 {
				w.flee(leaving, na*nd+nd2, r, v*q)
				continue
			}
			var one roundsHist
			one[r] = v
			w.putFrom(na*nd+nd2, &one, q, r, histBins).moment += q * (v * float64(r))
		}
	}
}

// flee adds mass v, after r rounds, to the combats side ended by its
// retreat in joint state j.
func (w *sweep) flee(side Side, j uint32, r int, v float64) {
	if v == 0 {
		return
	}
	h, ok := w.fled[side][j]
	if !ok {
		h = new(roundsHist)
		w.fled[side][j] = h
	}
	h[min(r, histBins-1)] += v
}

// tail settles the mass z of state j past round 30 (the open bin; its
// moment from mom less the bins' own, m and carry as settleRounds had
// them): with a retreat announced (dec; the same decision for all those
// rounds), it rolls once and ends by it; otherwise it leaves as in settle,
// or never ends when nobody can hit.
func (w *sweep) tail(j uint32, z, mom float64, m *roundsHist, carry float64, dec Side, pa, pd []float64, p00 float64) {
	if z <= 0 {
		return
	}
	last := histBins - 2
	// The moment of z: bin last's mass and the carried mass have rolled
	// last rounds; the open bin's is the state's moment less every other
	// bin's.
	open := mom
	for r := 0; r <= last; r++ {
		open -= float64(r) * m[r]
	}
	zm := float64(last)*(m[last]+carry) + open
	if dec != NoSide {
		w.occupancy += z
		w.retreatRound(j, histBins-1, z, dec, pa, pd, p00)
		return
	}
	if p00 >= 1 {
		a := &absorbed{stuck: true}
		a.hist[histBins-1] = z
		w.occupancy += z*MaxRounds - zm
		w.final[j] = a
		return
	}
	stay := z / (1 - p00)
	w.occupancy += stay
	var y roundsHist
	y[histBins-1] = stay
	w.leave(j, pa, pd, &y, histBins-1, histBins, 1-p00, zm+stay)
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
