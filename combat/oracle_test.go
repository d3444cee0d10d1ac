package combat_test

// An exact calculator for the combat model, written from the rules model of
// the test brief (unit numbers, hit assignment, step order) and not from the
// engine's code. It is the reference the Monte Carlo engine is compared with
// in exact_test.go; oracle_selftest_test.go checks it against hand-derived
// numbers.
//
// A state is the number of undamaged and damaged units of every kind on each
// side, plus two flags of the invasion.
//
// The printings of Magen Defense Grid and X-89 Bacterial Weapon (the
// scenario's Rules, for the side whose Techs hold the card) are modelled as
// the test brief describes them; see magenPlace, x89Original, bombard and
// ground. Every step of an action maps a state
// to an exact distribution over states; the combat rounds are a Markov chain
// solved by memoised recursion. Every round either scores at least one hit
// (which strictly lowers the total health of some side) or scores none and
// returns to the same state, so the self-loop is removed exactly:
//
//	V(s) = Σ_{(i,j) ≠ (0,0)} P(i,j)·V(next(s,i,j)) / (1 − P(0,0)).

import (
	"fmt"
	"math"
	"slices"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

const onk = int(units.NumKinds)

// ostats are a unit's numbers as the oracle knows them (rules model).
type ostats struct {
	kind           units.Kind
	combat, dice   int // combat value ("hits on X or more") and dice; dice 0: no combat roll
	sustain        bool
	afb, afbDice   int
	bomb, bombDice int
	sc, scDice     int
	cost           float64
	ship, ground   bool
}

// ostatsFor returns the rules-model numbers of kind k, upgraded or not.
func ostatsFor(k units.Kind, up bool) ostats {
	s := ostatsOf(k, up)
	s.kind = k
	return s
}

func ostatsOf(k units.Kind, up bool) ostats {
	pick := func(a, b int) int {
		if up {
			return b
		}
		return a
	}
	switch k {
	case units.Infantry:
		return ostats{combat: pick(8, 7), dice: 1, cost: 0.5, ground: true}
	case units.Mech:
		return ostats{combat: 6, dice: 1, sustain: true, cost: 2, ground: true}
	case units.Fighter:
		return ostats{combat: pick(9, 8), dice: 1, cost: 0.5, ship: true}
	case units.Destroyer:
		return ostats{combat: pick(9, 8), dice: 1, afb: pick(9, 6), afbDice: pick(2, 3), cost: 1, ship: true}
	case units.Cruiser:
		return ostats{combat: pick(7, 6), dice: 1, cost: 2, ship: true}
	case units.Carrier:
		return ostats{combat: 9, dice: 1, cost: 3, ship: true}
	case units.Dreadnought:
		return ostats{combat: 5, dice: 1, sustain: true, bomb: 5, bombDice: 1, cost: 4, ship: true}
	case units.WarSun:
		return ostats{combat: 3, dice: 3, sustain: true, bomb: 3, bombDice: 3, cost: 12, ship: true}
	case units.PDS:
		return ostats{sc: pick(6, 5), scDice: 1}
	case units.SpaceDock:
		return ostats{}
	}
	panic(fmt.Sprintf("oracle: no rules-model numbers for %v", k))
}

// oracleTechSlug is the technology that upgrades kind k ("" if none used).
var oracleTechSlug = map[units.Kind]string{
	units.Infantry:    "infantry-ii",
	units.Fighter:     "fighter-ii",
	units.Destroyer:   "destroyer-ii",
	units.Cruiser:     "cruiser-ii",
	units.Carrier:     "carrier-ii",
	units.Dreadnought: "dreadnought-ii",
	units.PDS:         "pds-ii",
	units.SpaceDock:   "space-dock-ii",
}

// ocount is a side's units: [kind][0] undamaged, [kind][1] damaged.
type ocount [onk][2]int16

func (c *ocount) alive(k units.Kind) int { return int(c[k][0] + c[k][1]) }

// ostate is one state of the action.
type ostate struct {
	a, d ocount
	// fought: a ground combat was fought in the invasion.
	fought bool
	// committed: the attacker committed at least one ground force.
	committed bool
}

// odist is an exact distribution over states.
type odist map[ostate]float64

// then applies step f to every state of d and merges the results.
func (d odist) then(f func(ostate) odist) odist {
	out := odist{}
	for s, p := range d {
		for t, q := range f(s) {
			out[t] += p * q
		}
	}
	return out
}

func opoint(s ostate) odist { return odist{s: 1} }

// oside is one side of the scenario as the oracle models it.
type oside struct {
	stats       [onk]ostats
	start       ocount
	order       []units.Kind // full hit-assignment priority
	sustainLast bool
	mod         int
	pdsII       bool
	adjPDS      int
	// magen, x89: the side holds Magen Defense Grid, X-89 Bacterial
	// Weapon.
	magen, x89 bool
}

func newOSide(s combat.Side) oside {
	var o oside
	for _, g := range s.Fleet.Groups() {
		up := g.Upgraded || (oracleTechSlug[g.Kind] != "" && slices.Contains(s.Techs, oracleTechSlug[g.Kind]))
		o.stats[g.Kind] = ostatsFor(g.Kind, up)
		o.start[g.Kind][0] = int16(g.Count)
		if g.Kind == units.PDS && up {
			o.pdsII = true
		}
	}
	if slices.Contains(s.Techs, "pds-ii") {
		o.pdsII = true
	}
	// Listed kinds first, then the rest in the default order, which is
	// the numeric order of units.Kind (infantry, mech; fighter ... war sun).
	o.order = append(o.order, s.Order.Kinds...)
	for k := range units.NumKinds {
		if !slices.Contains(o.order, k) {
			o.order = append(o.order, k)
		}
	}
	o.sustainLast = s.Order.SustainLast
	o.mod = s.Modifier
	o.adjPDS = s.AdjacentPDS
	o.magen = slices.Contains(s.Techs, combat.TechMagen)
	o.x89 = slices.Contains(s.Techs, combat.TechX89)
	if o.start.alive(units.Infantry) == 0 {
		// Infantry placed by Magen Defense Grid ΩΩ are of the side's
		// infantry type: Infantry II with the technology.
		o.stats[units.Infantry] = ostatsFor(units.Infantry, slices.Contains(s.Techs, oracleTechSlug[units.Infantry]))
	}
	return o
}

func (o *oside) has(c *ocount, dom func(ostats) bool) bool {
	for k := range onk {
		if c[k][0]+c[k][1] > 0 && dom(o.stats[k]) {
			return true
		}
	}
	return false
}

func oShip(s ostats) bool    { return s.ship }
func oGround(s ostats) bool  { return s.ground }
func oFighter(s ostats) bool { return s.kind == units.Fighter }

// assign applies n hits one at a time to the units of c that dom accepts,
// with the side's policy. Excess hits are lost.
func (o *oside) assign(c ocount, n int, dom func(ostats) bool, sustainOK bool) ocount {
	for range n {
		if !o.assignOne(&c, dom, sustainOK) {
			break
		}
	}
	return c
}

func (o *oside) assignOne(c *ocount, dom func(ostats) bool, sustainOK bool) bool {
	valid := func(k units.Kind) bool { return c.alive(k) > 0 && dom(o.stats[k]) }
	canSustain := func(k units.Kind) bool { return sustainOK && o.stats[k].sustain && c[k][0] > 0 }
	sustain := func() bool {
		for _, k := range o.order {
			if valid(k) && canSustain(k) {
				c[k][0]--
				c[k][1]++
				return true
			}
		}
		return false
	}
	if !o.sustainLast {
		// (1) Sustain Damage of the first undamaged sustain unit.
		if sustain() {
			return true
		}
		// (2) Destroy the first alive unit, a damaged one first.
		for _, k := range o.order {
			if !valid(k) {
				continue
			}
			if c[k][1] > 0 {
				c[k][1]--
			} else {
				c[k][0]--
			}
			return true
		}
		return false
	}
	// SustainLast: destroy the first unit that cannot sustain.
	for _, k := range o.order {
		if !valid(k) {
			continue
		}
		if c[k][1] > 0 {
			c[k][1]--
			return true
		}
		if !canSustain(k) {
			c[k][0]--
			return true
		}
	}
	return sustain()
}

// hitP is the chance that one d10 hits on threshold thr or more.
func ohitP(thr int) float64 { return min(1, max(0, float64(11-thr)/10)) }

// binom is the distribution of the number of hits of n dice hitting with p.
func obinom(n int, p float64) []float64 {
	out := make([]float64, n+1)
	for k := 0; k <= n; k++ {
		c := 1.0
		for i := 1; i <= k; i++ {
			c = c * float64(n-k+i) / float64(i)
		}
		out[k] = c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
	}
	return out
}

// convolve is the distribution of the sum of two independent hit counts.
func oconvolve(a, b []float64) []float64 {
	out := make([]float64, len(a)+len(b)-1)
	for i, x := range a {
		for j, y := range b {
			out[i+j] += x * y
		}
	}
	return out
}

// odouble is the distribution of twice the hits of d (X-89 ΩΩ: 2 hits per
// hit).
func odouble(d []float64) []float64 {
	out := make([]float64, 2*len(d)-1)
	for i, p := range d {
		out[2*i] = p
	}
	return out
}

// rollDist is the number of hits of c's units that dom accepts, each
// rolling dice(stats) dice hitting on thr(stats).
func (o *oside) rollDist(c *ocount, dom func(ostats) bool, roll func(ostats) (thr, dice int)) []float64 {
	d := []float64{1}
	for k := range onk {
		n := c.alive(units.Kind(k))
		if n == 0 || !dom(o.stats[k]) {
			continue
		}
		thr, dice := roll(o.stats[k])
		if dice == 0 {
			continue
		}
		d = oconvolve(d, obinom(n*dice, ohitP(thr)))
	}
	return d
}

type oracle struct {
	sc   combat.Scenario
	A, D oside
	memo map[memoKey]odist
}

type memoKey struct {
	s     ostate
	space bool
}

func newOracle(sc combat.Scenario) *oracle {
	o := &oracle{sc: sc, A: newOSide(sc.Attacker), D: newOSide(sc.Defender), memo: map[memoKey]odist{}}
	o.magenPlace()
	return o
}

// magenPlace: Magen Defense Grid ΩΩ places 1 infantry with each of the
// holder's structures on the planet when the active system is activated,
// before space cannon offense. Only the defender has structures, and only
// an invasion activates the system (a ground combat alone starts after
// activation). The placed infantry are part of the side's start: the
// survivors row and the resources lost count them.
func (o *oracle) magenPlace() {
	if o.sc.Action != combat.Invasion || !o.D.magen || o.sc.Rules.Magen != combat.MagenOmega2 {
		return
	}
	o.D.start[units.Infantry][0] += int16(o.D.start.alive(units.PDS) + o.D.start.alive(units.SpaceDock))
}

// x89Doubles: the side's bombardment and ground combat hits are doubled
// (X-89 Bacterial Weapon ΩΩ, either side).
func (o *oracle) x89Doubles(side *oside) bool {
	return side.x89 && o.sc.Rules.X89 == combat.X89Omega2
}

func (o *oracle) start() ostate { return ostate{a: o.A.start, d: o.D.start} }

// combatHits is the distribution of one side's hits in a combat round.
func (o *oracle) combatHits(side *oside, c *ocount, space, defender bool) []float64 {
	dom := oGround
	if space {
		dom = oShip
	}
	h := side.rollDist(c, dom, func(st ostats) (int, int) {
		thr := st.combat - side.mod
		if space && defender && o.sc.Nebula {
			thr-- // nebula: +1 to the defender's rolls in space combat
		}
		return thr, st.dice
	})
	if !space && o.x89Doubles(side) {
		h = odouble(h)
	}
	return h
}

// rounds plays combat rounds (space or ground) from s to the end.
func (o *oracle) rounds(s ostate, space bool) odist {
	dom := oGround
	if space {
		dom = oShip
	}
	if !o.A.has(&s.a, dom) || !o.D.has(&s.d, dom) {
		return opoint(s)
	}
	key := memoKey{s, space}
	if r, ok := o.memo[key]; ok {
		return r
	}
	ha := o.combatHits(&o.A, &s.a, space, false) // the attacker's hits on the defender
	hd := o.combatHits(&o.D, &s.d, space, true)
	p00 := ha[0] * hd[0]
	if p00 >= 1-1e-12 {
		panic("oracle: a combat round can never score a hit")
	}
	out := odist{}
	for i, pa := range ha {
		for j, pd := range hd {
			if (i == 0 && j == 0) || pa*pd == 0 {
				continue
			}
			n := s
			n.d = o.D.assign(s.d, i, dom, true)
			n.a = o.A.assign(s.a, j, dom, true)
			w := pa * pd / (1 - p00)
			for t, q := range o.rounds(n, space) {
				out[t] += w * q
			}
		}
	}
	o.memo[key] = out
	return out
}

// sco is space cannon offense: the defender's PDS on the planet, plus the
// adjacent ones if its PDS are upgraded, fire at the attacker's ships.
func (o *oracle) sco(s ostate) odist {
	n := s.d.alive(units.PDS)
	if o.D.pdsII {
		n += o.D.adjPDS
	}
	if n == 0 || !o.A.has(&s.a, oShip) {
		return opoint(s)
	}
	st := ostatsFor(units.PDS, o.D.pdsII)
	out := odist{}
	for h, p := range obinom(n*st.scDice, ohitP(st.sc)) {
		t := s
		t.a = o.A.assign(s.a, h, oShip, true)
		out[t] += p
	}
	return out
}

// afb is anti-fighter barrage: both sides' destroyers at the same time.
func (o *oracle) afb(s ostate) odist {
	roll := func(st ostats) (int, int) { return st.afb, st.afbDice }
	ha := o.A.rollDist(&s.a, oShip, roll)
	hd := o.D.rollDist(&s.d, oShip, roll)
	out := odist{}
	for i, pa := range ha {
		for j, pd := range hd {
			t := s
			t.d = o.D.assign(s.d, i, oFighter, false)
			t.a = o.A.assign(s.a, j, oFighter, false)
			out[t] += pa * pd
		}
	}
	return out
}

// space is space cannon offense and the space combat, if both have ships.
func (o *oracle) space(s ostate) odist {
	return o.sco(s).then(func(s ostate) odist {
		if !o.A.has(&s.a, oShip) || !o.D.has(&s.d, oShip) {
			return opoint(s)
		}
		return o.afb(s).then(func(s ostate) odist { return o.rounds(s, true) })
	})
}

// landing is everything of an invasion after the space combat.
func (o *oracle) landing(hadShips bool) func(ostate) odist {
	return func(s ostate) odist {
		if hadShips && !o.A.has(&s.a, oShip) {
			// No invasion: the attacker's ground forces are lost.
			for k := range onk {
				if o.A.stats[k].ground {
					s.a[k] = [2]int16{}
				}
			}
			return opoint(s)
		}
		return o.x89Original(s).then(o.bombard).then(o.commit).then(o.scd).then(o.ground).then(func(s ostate) odist {
			if o.A.has(&s.a, oGround) {
				// The attacker controls the planet: the
				// defender's structures are destroyed.
				s.d[units.PDS] = [2]int16{}
				s.d[units.SpaceDock] = [2]int16{}
			}
			return opoint(s)
		})
	}
}

// shielded: the defender's Planetary Shield (a PDS on the planet) is up,
// not removed by an attacker's war sun in the space area.
func shielded(s *ostate) bool {
	return s.d.alive(units.PDS) > 0 && s.a.alive(units.WarSun) == 0
}

func oBombards(st ostats) bool { return st.ship && st.bombDice > 0 }

// x89Original: X-89 Bacterial Weapon as first printed. When the invasion
// takes place, before bombardment, an attacker holding the card with a unit
// with Bombardment in the space area destroys all the defender's infantry
// on the planet, Planetary Shield or not. A defender holder: no effect.
func (o *oracle) x89Original(s ostate) odist {
	if o.A.x89 && o.sc.Rules.X89 == combat.X89Original && o.A.has(&s.a, oBombards) {
		s.d[units.Infantry] = [2]int16{}
	}
	return opoint(s)
}

// bombard: the attacker's dreadnoughts and war suns, unless the planet is
// shielded (a defender PDS there and no attacker war sun). X-89 Bacterial
// Weapon of an attacker holder: ΩΩ doubles the hits; after the bombardment
// Ω destroys all the defender's infantry if it destroyed at least one
// infantry, the companion printing all the defender's ground forces if it
// destroyed at least one ground force (a mech that sustained was not
// destroyed).
func (o *oracle) bombard(s ostate) odist {
	if !o.D.has(&s.d, oGround) || shielded(&s) {
		return opoint(s)
	}
	h := o.A.rollDist(&s.a, oShip, func(st ostats) (int, int) { return st.bomb, st.bombDice })
	if o.x89Doubles(&o.A) {
		h = odouble(h)
	}
	groundAlive := func(c *ocount) int { return c.alive(units.Infantry) + c.alive(units.Mech) }
	out := odist{}
	for i, p := range h {
		t := s
		t.d = o.D.assign(s.d, i, oGround, true)
		if o.A.x89 {
			switch o.sc.Rules.X89 {
			case combat.X89Omega:
				if t.d.alive(units.Infantry) < s.d.alive(units.Infantry) {
					t.d[units.Infantry] = [2]int16{}
				}
			case combat.X89Companion:
				if groundAlive(&t.d) < groundAlive(&s.d) {
					t.d[units.Infantry] = [2]int16{}
					t.d[units.Mech] = [2]int16{}
				}
			}
		}
		out[t] += p
	}
	return out
}

func (o *oracle) commit(s ostate) odist {
	s.committed = o.A.has(&s.a, oGround)
	return opoint(s)
}

// scd is space cannon defense: the defender's PDS on the planet fire at the
// committed ground forces.
func (o *oracle) scd(s ostate) odist {
	n := s.d.alive(units.PDS)
	if n == 0 || !o.A.has(&s.a, oGround) {
		return opoint(s)
	}
	st := ostatsFor(units.PDS, o.D.pdsII)
	out := odist{}
	for h, p := range obinom(n*st.scDice, ohitP(st.sc)) {
		t := s
		t.a = o.A.assign(s.a, h, oGround, true)
		out[t] += p
	}
	return out
}

// ground is a ground combat on the planet, if both sides have ground forces
// there: Magen Defense Grid's start-of-combat effect, then the rounds.
//
// Ω and ΩΩ: a holder with a structure (PDS or space dock) on the planet
// produces 1 hit on the opponent's ground forces, chosen by the holder: an
// infantry, else a damaged mech, else an undamaged mech, which sustains.
// Only the defender has structures. If the opponent has no ground force
// left, no round follows.
//
// Original: if the holder's Planetary Shield is up (the defender's PDS, no
// attacker war sun), only the holder rolls in the first round; then both
// roll as usual.
func (o *oracle) ground(s ostate) odist {
	if !o.A.has(&s.a, oGround) || !o.D.has(&s.d, oGround) {
		return opoint(s)
	}
	s.fought = true
	if !o.D.magen {
		return o.rounds(s, false)
	}
	switch o.sc.Rules.Magen {
	case combat.MagenOmega, combat.MagenOmega2:
		if s.d.alive(units.PDS)+s.d.alive(units.SpaceDock) > 0 {
			a := &s.a
			switch {
			case a[units.Infantry][0] > 0: // infantry are never damaged
				a[units.Infantry][0]--
			case a[units.Mech][1] > 0:
				a[units.Mech][1]--
			case a[units.Mech][0] > 0:
				a[units.Mech][0]--
				a[units.Mech][1]++
			}
		}
		return o.rounds(s, false)
	case combat.MagenOriginal:
		if !shielded(&s) {
			return o.rounds(s, false)
		}
		out := odist{}
		for j, p := range o.combatHits(&o.D, &s.d, false, true) {
			t := s
			t.a = o.A.assign(s.a, j, oGround, true)
			for u, q := range o.rounds(t, false) {
				out[u] += p * q
			}
		}
		return out
	}
	panic("oracle: unknown Magen Defense Grid printing")
}

// oresult is the oracle's exact answer for a scenario.
type oresult struct {
	final odist
	// Outcome probabilities.
	win, draw, loss float64
	// Space holder after the space steps (invasions): attacker, neither,
	// defender.
	spaceWin, spaceDraw, spaceLoss float64
	// invaded: the attacker committed ground forces (invasions).
	invaded float64
	// Survivors per side (0 attacker, 1 defender) and kind: first and
	// second moments.
	mean, meanSq [2][onk]float64
	// Resources lost per side: first and second moments.
	lost, lostSq [2]float64
	// states: the number of memoised combat states.
	states int
}

// solve computes the exact answer for sc.
func oracleSolve(sc combat.Scenario) oresult {
	o := newOracle(sc)
	s0 := o.start()
	var final odist
	switch sc.Action {
	case combat.SpaceCombat:
		final = o.space(s0)
	case combat.GroundCombat:
		final = o.ground(s0)
	case combat.Invasion:
		final = o.space(s0).then(o.landing(o.A.has(&s0.a, oShip)))
	default:
		panic("oracle: unknown action")
	}
	r := oresult{final: final, states: len(o.memo)}
	sides := [2]*oside{&o.A, &o.D}
	for s, p := range final {
		c := [2]*ocount{&s.a, &s.d}
		aShips, dShips := o.A.has(&s.a, oShip), o.D.has(&s.d, oShip)
		aGround, dGround := o.A.has(&s.a, oGround), o.D.has(&s.d, oGround)
		var a, d bool // the attacker / defender holds the field
		switch sc.Action {
		case combat.SpaceCombat:
			a, d = aShips, dShips
		case combat.GroundCombat:
			a, d = aGround, dGround
		case combat.Invasion:
			a = aGround
			d = !a && !(s.fought && !dGround)
			switch {
			case aShips:
				r.spaceWin += p
			case dShips:
				r.spaceLoss += p
			default:
				r.spaceDraw += p
			}
			if s.committed {
				r.invaded += p
			}
		}
		switch {
		case a && !d:
			r.win += p
		case d && !a:
			r.loss += p
		case !a && !d:
			r.draw += p
		default:
			panic("oracle: both sides hold the field at the end")
		}
		for i, side := range sides {
			lost := 0.0
			for k := range onk {
				n := float64(c[i].alive(units.Kind(k)))
				r.mean[i][k] += p * n
				r.meanSq[i][k] += p * n * n
				lost += side.stats[k].cost * (float64(side.start.alive(units.Kind(k))) - n)
			}
			r.lost[i] += p * lost
			r.lostSq[i] += p * lost * lost
		}
	}
	// A sum of probabilities that should be 1 (or 0) can miss by a
	// rounding error, e.g. 1 + 2e-16, and then p(1 − p) < 0 makes the
	// standard error of compareExact NaN, and a NaN z passes every test.
	for _, q := range []*float64{&r.win, &r.draw, &r.loss, &r.spaceWin, &r.spaceDraw, &r.spaceLoss, &r.invaded} {
		*q = min(1, max(0, *q))
	}
	return r
}

// total is the total probability of the final distribution (1 up to
// rounding).
func (r oresult) total() float64 {
	t := 0.0
	for _, p := range r.final {
		t += p
	}
	return t
}

// sd is the standard deviation of a quantity with moments m1, m2.
func oracleSD(m1, m2 float64) float64 { return math.Sqrt(max(0, m2-m1*m1)) }
