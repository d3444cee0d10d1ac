package reference

// An exact calculator for the combat model, written from the rules (unit
// numbers, hit assignment, step order) and not from the engine's code. It
// is the reference the Monte Carlo engine and exact mode are compared with
// in combat's tests (exact_test.go and others); oracle_test.go checks it
// against hand-derived numbers.
//
// A state is the number of undamaged and damaged units of every kind on each
// side, plus the flags and counters of the action (invasion, outcome of the
// space combat, retreat, round limit, rounds fought, Shields Holding copies
// left, units removed for lack of capacity).
//
// The printings of Magen Defense Grid and X-89 Bacterial Weapon (the
// scenario's Rules, for the side whose Techs hold the card) are modelled as
// the rules describe them; see magenPlace, x89Original, bombard and
// ground. Every step of an action maps a state
// to an exact distribution over states; the combat rounds are a Markov chain
// solved by memoised recursion. Every round either scores at least one hit
// (which strictly lowers the total health of some side) or scores none and
// returns to the same state, so the self-loop is removed exactly:
//
//	V(s) = Σ_{(i,j) ≠ (0,0)} P(i,j)·V(next(s,i,j)) / (1 − P(0,0)).
//
// That recursion needs rounds that do not depend on their number and never
// raise a side's health. Retreat policies, a round limit, Morale Boost and
// Shields Holding depend on the round or on cards left, and Duranium Armor's
// repairs raise health (the chain has cycles); a scenario with any of them is
// solved instead round by round (roundsIter): the distribution over live
// states is pushed forward one round at a time, every state that ends the
// combat is collected, until less than oracleIterEps of probability is left.
//
// Capacity (LRR 16) is checked when the space combat step ends, in every
// space action and invasion, combat or not: see endSpace.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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
	// capacity is the room the unit gives on its ships (LRR 16);
	// needsRoom: a ship that needs room (Fighter I; Fighter II needs none).
	capacity  int
	needsRoom bool
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
		return ostats{combat: pick(9, 8), dice: 1, cost: 0.5, ship: true, needsRoom: !up}
	case units.Destroyer:
		return ostats{combat: pick(9, 8), dice: 1, afb: pick(9, 6), afbDice: pick(2, 3), cost: 1, ship: true}
	case units.Cruiser:
		return ostats{combat: pick(7, 6), dice: 1, cost: 2, ship: true, capacity: pick(0, 1)}
	case units.Carrier:
		return ostats{combat: 9, dice: 1, cost: 3, ship: true, capacity: pick(4, 6)}
	case units.Dreadnought:
		return ostats{combat: 5, dice: 1, sustain: true, bomb: 5, bombDice: 1, cost: 4, ship: true, capacity: 1}
	case units.WarSun:
		return ostats{combat: 3, dice: 3, sustain: true, bomb: 3, bombDice: 3, cost: 12, ship: true, capacity: 6}
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
	// sA, sD: the attacker, the defender had ships when the space combat
	// step ended, before capacity (the outcome of the space combat).
	sA, sD bool
	// retreat: a side's ships retreated from the space combat (oNoRetreat,
	// oAttackerRetreat, oDefenderRetreat).
	retreat int8
	// unfinished: the combat was stopped by Scenario.MaxRounds with both
	// sides still fighting.
	unfinished bool
	// rounds: combat rounds of the action fought so far (space, then
	// ground), counted only up to the largest Morale Boost count.
	rounds int8
	// shields: Shields Holding copies left (0 attacker, 1 defender).
	shields [2]int8
	// capLost: units removed for lack of capacity (0 attacker, 1 defender).
	capLost [2]int16
}

const (
	oNoRetreat int8 = iota
	oAttackerRetreat
	oDefenderRetreat
)

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
	// duranium, assault: the side holds Duranium Armor, Assault Cannon.
	duranium, assault bool
	// morale, shields: copies of Morale Boost, Shields Holding (0..4).
	morale, shields int
	// retreat is the side's retreat policy.
	retreat combat.Retreat
}

func newOSide(s combat.Side) oside {
	var o oside
	for _, g := range s.Fleet.Groups() {
		up := g.Upgraded || (oracleTechSlug[g.Kind] != "" && slices.Contains(s.Techs, oracleTechSlug[g.Kind]))
		o.stats[g.Kind] = ostatsFor(g.Kind, up)
		// Units given damaged have used Sustain Damage already.
		o.start[g.Kind][0] = int16(g.Count - g.Damaged)
		o.start[g.Kind][1] = int16(g.Damaged)
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
	o.duranium = slices.Contains(s.Techs, "duranium-armor")
	o.assault = slices.Contains(s.Techs, "assault-cannon")
	o.morale = oracleCopies(s.Cards, "morale-boost")
	o.shields = oracleCopies(s.Cards, "shields-holding")
	o.retreat = s.Retreat
	if o.start.alive(units.Infantry) == 0 {
		// Infantry placed by Magen Defense Grid ΩΩ are of the side's
		// infantry type: Infantry II with the technology.
		o.stats[units.Infantry] = ostatsFor(units.Infantry, slices.Contains(s.Techs, oracleTechSlug[units.Infantry]))
	}
	return o
}

// oracleCopies is the number of copies of card slug in cards: "slug" is 1,
// "slug:N" is N.
func oracleCopies(cards []string, slug string) int {
	n := 0
	for _, c := range cards {
		name, count, found := strings.Cut(c, ":")
		if name != slug {
			continue
		}
		k := 1
		if found {
			var err error
			if k, err = strconv.Atoi(count); err != nil {
				panic(fmt.Sprintf("oracle: card %q: %v", c, err))
			}
		}
		n += k
	}
	return n
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
	return o.assignTrack(c, n, dom, sustainOK, nil)
}

// assignTrack is assign that also counts, if fresh is not nil, the units of
// each kind that used Sustain Damage (Duranium Armor may not repair them in
// this round). Which damaged unit of a kind a hit destroys, one damaged this
// round or before, is not in the rules model; the oracle panics where it
// would matter, so no test depends on a choice.
func (o *oside) assignTrack(c ocount, n int, dom func(ostats) bool, sustainOK bool, fresh *[onk]int16) ocount {
	for range n {
		if !o.assignOne(&c, dom, sustainOK, fresh) {
			break
		}
	}
	return c
}

func (o *oside) assignOne(c *ocount, dom func(ostats) bool, sustainOK bool, fresh *[onk]int16) bool {
	valid := func(k units.Kind) bool { return c.alive(k) > 0 && dom(o.stats[k]) }
	canSustain := func(k units.Kind) bool { return sustainOK && o.stats[k].sustain && c[k][0] > 0 }
	sustain := func() bool {
		for _, k := range o.order {
			if valid(k) && canSustain(k) {
				c[k][0]--
				c[k][1]++
				if fresh != nil {
					fresh[k]++
				}
				return true
			}
		}
		return false
	}
	// destroyDamaged destroys a damaged unit of kind k.
	destroyDamaged := func(k units.Kind) {
		if fresh != nil && fresh[k] > 0 {
			if fresh[k] < c[k][1] {
				panic(fmt.Sprintf("oracle: a hit destroys a damaged %v, and some were damaged this round, some before: not modelled", k))
			}
			fresh[k]--
		}
		c[k][1]--
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
				destroyDamaged(k)
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
			destroyDamaged(k)
			return true
		}
		if !canSustain(k) {
			c[k][0]--
			return true
		}
	}
	return sustain()
}
