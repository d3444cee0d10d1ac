package reference

import (
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// The steps of an action in the oracle (space cannon offense, anti-fighter
// barrage, space combat, capacity, bombardment, invasion, ground combat):
// each maps a state to an exact distribution over states.

type oracle struct {
	sc   combat.Scenario
	A, D oside
	memo map[memoKey]odist
	// general: the scenario needs roundsIter (see the package comment);
	// iterMemo are its answers, iterStates the live states it visited.
	general    bool
	iterMemo   map[memoKey]odist
	iterStates int
	// moraleCap is the largest Morale Boost count of the two sides: the
	// rounds counter of a state stops there.
	moraleCap int8
}

type memoKey struct {
	s     ostate
	space bool
}

func newOracle(sc combat.Scenario) *oracle {
	o := &oracle{sc: sc, A: newOSide(sc.Attacker), D: newOSide(sc.Defender), memo: map[memoKey]odist{}, iterMemo: map[memoKey]odist{}}
	o.magenPlace()
	o.moraleCap = int8(max(o.A.morale, o.D.morale))
	o.general = sc.MaxRounds > 0
	for _, side := range []*oside{&o.A, &o.D} {
		if side.retreat.AfterRound > 0 || side.retreat.WhenLosing || side.duranium || side.morale > 0 || side.shields > 0 {
			o.general = true
		}
	}
	return o
}

// magenPlace: Magen Defense Grid ΩΩ places 1 infantry with each of the
// holder's structures on the planet when the active system is activated,
// before space cannon offense. Only the defender has structures, and only
// an invasion activates the system (a ground combat alone starts after
// activation). The placed infantry are part of the side's start: the
// survivors row and the resources lost count them.
func (o *oracle) magenPlace() {
	if o.sc.Action != combat.Invasion || !o.D.magen || o.sc.Printings.Magen != combat.MagenOmega2 {
		return
	}
	o.D.start[units.Infantry][0] += int16(o.D.start.alive(units.PDS) + o.D.start.alive(units.SpaceDock))
}

// x89Doubles: the side's bombardment and ground combat hits are doubled
// (X-89 Bacterial Weapon ΩΩ, either side).
func (o *oracle) x89Doubles(side *oside) bool {
	return side.x89 && o.sc.Printings.X89 == combat.X89Omega2
}

func (o *oracle) start() ostate {
	return ostate{a: o.A.start, d: o.D.start, shields: [2]int8{int8(o.A.shields), int8(o.D.shields)}}
}

// combatHits is the distribution of one side's hits in a combat round;
// bonus is added to its rolls (Morale Boost).
func (o *oracle) combatHits(side *oside, c *ocount, space, defender bool, bonus int) []float64 {
	dom := oGround
	if space {
		dom = oShip
	}
	h := side.rollDist(c, dom, func(st ostats) (int, int) {
		thr := st.combat - side.mod - bonus
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
	ha := o.combatHits(&o.A, &s.a, space, false, 0) // the attacker's hits on the defender
	hd := o.combatHits(&o.D, &s.d, space, true, 0)
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

// space is the space combat step: space cannon offense, then, if both
// have ships, the space combat (start-of-combat effects, anti-fighter
// barrage, rounds); then the end of the step (endSpace).
func (o *oracle) space(s ostate) odist {
	both := func(s *ostate) bool { return o.A.has(&s.a, oShip) && o.D.has(&s.d, oShip) }
	return o.sco(s).then(func(s ostate) odist {
		if !both(&s) {
			return opoint(s)
		}
		s = o.assaultCannon(s)
		if !both(&s) {
			return opoint(s)
		}
		return o.afb(s).then(func(s ostate) odist { return o.fight(s, true) })
	}).then(o.endSpace)
}

// endSpace ends the space combat step: the outcome of the space combat is
// who has ships now (sA, sD); then capacity (LRR 16) removes each side's
// units that need room beyond the room of its ships in the space area.
// Attacker: its Fighter I and its ground forces (not yet landed) need room;
// defender: its Fighter I, with 3 extra room per space dock on the planet
// (its ground forces are on the planet). A combat stopped by the round
// limit has not ended: its survivors stay as they are.
func (o *oracle) endSpace(s ostate) odist {
	s.sA, s.sD = o.A.has(&s.a, oShip), o.D.has(&s.d, oShip)
	if s.unfinished {
		return opoint(s)
	}
	var n int
	s.a, n = o.A.capacity(s.a, 0, true)
	s.capLost[0] += int16(n)
	s.d, n = o.D.capacity(s.d, 3*s.d.alive(units.SpaceDock), false)
	s.capLost[1] += int16(n)
	return opoint(s)
}

// capacity removes the excess of c's units that need room over the room of
// c's ships plus extra: Fighter I first, then infantry, then mechs (ground
// forces only if ground). Whether a damaged or an undamaged mech is removed
// is not in the rules model; the oracle panics where it would matter, so no
// test depends on a choice. It returns the units left and the number
// removed.
func (o *oside) capacity(c ocount, extra int, ground bool) (ocount, int) {
	room := extra
	for k := range onk {
		if o.stats[k].ship {
			room += o.stats[k].capacity * c.alive(units.Kind(k))
		}
	}
	needs := func(k units.Kind) bool {
		st := o.stats[k]
		return (k == units.Fighter && st.needsRoom) || (ground && st.ground)
	}
	kinds := []units.Kind{units.Fighter, units.Infantry, units.Mech}
	need := 0
	for _, k := range kinds {
		if needs(k) {
			need += c.alive(k)
		}
	}
	excess, removed := need-room, 0
	if m := &c[units.Mech]; ground && m[0] > 0 && m[1] > 0 && excess > need-c.alive(units.Mech) && excess < need {
		panic("oracle: capacity removes some of a side's mechs, damaged and undamaged: not modelled")
	}
	for _, k := range kinds {
		for j := 1; j >= 0; j-- {
			for excess > 0 && needs(k) && c[k][j] > 0 {
				c[k][j]--
				excess--
				removed++
			}
		}
	}
	return c, removed
}

func oNonFighterShip(st ostats) bool { return st.ship && st.kind != units.Fighter }

// assaultCannon is the start of the space combat: Assault Cannon of the
// attacker, then of the defender, each checked when it resolves. A holder
// with at least 3 non-fighter ships makes the opponent destroy 1 of its
// non-fighter ships: the first such kind in the opponent's hit order, a
// damaged one first; no Sustain Damage.
func (o *oracle) assaultCannon(s ostate) ostate {
	count := func(side *oside, c *ocount) int {
		n := 0
		for k := range onk {
			if oNonFighterShip(side.stats[k]) {
				n += c.alive(units.Kind(k))
			}
		}
		return n
	}
	lose := func(side *oside, c *ocount) {
		for _, k := range side.order {
			if c.alive(k) == 0 || !oNonFighterShip(side.stats[k]) {
				continue
			}
			if c[k][1] > 0 {
				c[k][1]--
			} else {
				c[k][0]--
			}
			return
		}
	}
	if o.A.assault && count(&o.A, &s.a) >= 3 {
		lose(&o.D, &s.d)
	}
	if o.D.assault && count(&o.D, &s.d) >= 3 {
		lose(&o.A, &s.a)
	}
	return s
}

// fight plays the combat rounds from s to the end of the combat.
func (o *oracle) fight(s ostate, space bool) odist {
	if o.general {
		return o.roundsIter(s, space)
	}
	return o.rounds(s, space)
}

// oracleIterEps: roundsIter stops when less probability than this is left
// in combats still going on.
const oracleIterEps = 1e-15

// roundsIter plays combat rounds from s0 to the end of the combat, one
// round at a time (see the package comment). A round: Announce Retreats
// (space only; the defender first, and if it announces the attacker cannot);
// both sides roll (Morale Boost +1 in the side's first rounds of the
// action); each side assigns the opponent's hits, first cancelling up to 2
// with Shields Holding (space only; once a round, at least 1 hit); Duranium
// Armor repairs 1 unit of the holder that did not use Sustain Damage this
// round, the last in its hit order; then an announced retreat happens if
// both sides still have ships; the combat ends if a side has no units in
// the combat, or as unfinished after round Scenario.MaxRounds.
func (o *oracle) roundsIter(s0 ostate, space bool) odist {
	dom := oGround
	if space {
		dom = oShip
	}
	both := func(s *ostate) bool { return o.A.has(&s.a, dom) && o.D.has(&s.d, dom) }
	if !both(&s0) {
		return opoint(s0)
	}
	key := memoKey{s0, space}
	if r, ok := o.iterMemo[key]; ok {
		return r
	}
	out := odist{}
	live := odist{s0: 1}
	for r := 1; len(live) > 0; r++ {
		if r > 100_000 {
			panic("oracle: the combat does not end")
		}
		o.iterStates += len(live)
		next := odist{}
		for s, p := range live {
			var ann int8
			if space {
				ann = o.announce(&s, r)
			}
			ha := o.combatHits(&o.A, &s.a, space, false, o.moraleBonus(&o.A, &s))
			hd := o.combatHits(&o.D, &s.d, space, true, o.moraleBonus(&o.D, &s))
			for i, pa := range ha {
				for j, pd := range hd {
					q := p * pa * pd
					if q == 0 {
						continue
					}
					t := s
					t.rounds = min(t.rounds+1, o.moraleCap)
					t.d = o.takeHits(&o.D, 1, &t, t.d, i, space)
					t.a = o.takeHits(&o.A, 0, &t, t.a, j, space)
					switch {
					case !both(&t):
						out[t] += q
					case ann != oNoRetreat:
						t.retreat = ann
						out[t] += q
					case o.sc.MaxRounds > 0 && r >= o.sc.MaxRounds:
						t.unfinished = true
						out[t] += q
					default:
						next[t] += q
					}
				}
			}
		}
		mass := 0.0
		for _, p := range next {
			mass += p
		}
		if mass < oracleIterEps {
			break
		}
		live = next
	}
	o.iterMemo[key] = out
	return out
}

// moraleBonus is +1 in the side's first Morale Boost rounds of the action.
func (o *oracle) moraleBonus(side *oside, s *ostate) int {
	if int(s.rounds) < side.morale {
		return 1
	}
	return 0
}

// takeHits: side (index idx: 0 attacker, 1 defender) assigns n hits of the
// opponent's combat roll to c, after Shields Holding; then Duranium Armor.
func (o *oracle) takeHits(side *oside, idx int, t *ostate, c ocount, n int, space bool) ocount {
	dom := oGround
	if space {
		dom = oShip
	}
	if space && n > 0 && t.shields[idx] > 0 {
		n = max(0, n-2)
		t.shields[idx]--
	}
	if !side.duranium {
		return side.assign(c, n, dom, true)
	}
	var fresh [onk]int16
	c = side.assignTrack(c, n, dom, true, &fresh)
	for i := len(side.order) - 1; i >= 0; i-- {
		k := side.order[i]
		if dom(side.stats[k]) && c[k][1]-fresh[k] > 0 {
			c[k][1]--
			c[k][0]++
			break
		}
	}
	return c
}

// announce is the Announce Retreats step of space combat round r: the side
// that announces a retreat, the defender first.
func (o *oracle) announce(s *ostate, r int) int8 {
	if o.announces(&o.D, &o.A, &s.d, &s.a, r, true) {
		return oDefenderRetreat
	}
	if o.announces(&o.A, &o.D, &s.a, &s.d, r, false) {
		return oAttackerRetreat
	}
	return oNoRetreat
}

// announces: the policy of side says to announce in round r. WhenLosing
// compares expected hits per space combat round with static modifiers
// (Modifier; the nebula for the defender).
func (o *oracle) announces(side, opp *oside, c, oc *ocount, r int, defender bool) bool {
	p := side.retreat
	if p.AfterRound == r {
		return true
	}
	if !p.WhenLosing {
		return false
	}
	th := p.Threshold
	if th == 0 {
		th = 1
	}
	return o.expectedHits(side, c, defender) < th*o.expectedHits(opp, oc, !defender)
}

// expectedHits is the expected number of hits of c's ships in a space
// combat round.
func (o *oracle) expectedHits(side *oside, c *ocount, defender bool) float64 {
	e := 0.0
	for k := range onk {
		st := side.stats[k]
		n := c.alive(units.Kind(k))
		if n == 0 || !st.ship || st.dice == 0 {
			continue
		}
		thr := st.combat - side.mod
		if defender && o.sc.Nebula {
			thr--
		}
		e += float64(n*st.dice) * ohitP(thr)
	}
	return e
}

// landing is everything of an invasion after the space combat.
func (o *oracle) landing(hadShips bool) func(ostate) odist {
	return func(s ostate) odist {
		if s.retreat == oAttackerRetreat {
			// No invasion: the attacker's ships left with what they
			// carry (capacity already applied).
			return opoint(s)
		}
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
	if o.A.x89 && o.sc.Printings.X89 == combat.X89Original && o.A.has(&s.a, oBombards) {
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
			switch o.sc.Printings.X89 {
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
// roll as usual. (The oracle does not count that first round for Morale
// Boost or a round limit; no test combines them.)
func (o *oracle) ground(s ostate) odist {
	if !o.A.has(&s.a, oGround) || !o.D.has(&s.d, oGround) {
		return opoint(s)
	}
	s.fought = true
	if !o.D.magen {
		return o.fight(s, false)
	}
	switch o.sc.Printings.Magen {
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
		return o.fight(s, false)
	case combat.MagenOriginal:
		if !shielded(&s) {
			return o.fight(s, false)
		}
		out := odist{}
		for j, p := range o.combatHits(&o.D, &s.d, false, true, 0) {
			t := s
			t.a = o.A.assign(s.a, j, oGround, true)
			for u, q := range o.fight(t, false) {
				out[u] += p * q
			}
		}
		return out
	}
	panic("oracle: unknown Magen Defense Grid printing")
}
