package combat

import (
	"math/bits"
	"math/rand/v2"
)

// outcome of a combat or of the whole action, from the attacker's view.
type outcome uint8

const (
	attackerWins outcome = iota
	draw
	defenderWins
	attackerRetreats // the attacker's ships left the combat (LRR 78 retreat)
	defenderRetreats // the defender's ships left the combat
	unfinished       // the round limit was reached with both sides fighting
	numOutcomes
)

// hitEvent is what one hit did.
type hitEvent uint8

const (
	noTarget  hitEvent = iota // no unit could take it
	sustained                 // a unit used Sustain Damage
	destroyed                 // a unit was destroyed
)

// trial is the state of one simulated tactical action. It lives in a
// worker, is reset for every trial and holds only fixed-size arrays.
type trial struct {
	p   *plan
	rng *rand.PCG

	// alive counts each slot's units; damaged counts those of them that
	// have used Sustain Damage.
	alive, damaged [2][maxSlots]uint16
	// lost is each side's destroyed units' cost, in half resources.
	lost [2]int32
	// count is the number of each side's units in each target set.
	count [2][numTargets]int32

	// round is the current combat round, 1-based.
	round int
	// rounds counts the rounds fought in each combat type.
	rounds [numCombatTypes]int
	// fought records which combats took place.
	fought [numCombatTypes]bool
	// invaded is true once the attacker has committed ground forces.
	invaded bool
	// unresolved is true when a combat hit the round limit.
	unresolved bool
	// space is who holds the space area after the space steps.
	space outcome
	// retreated is the side whose ships retreated from the space combat,
	// or noSide.
	retreated sideID
	// unfinishedCombat is true when the round limit stopped a combat.
	unfinishedCombat bool
	// before holds a side's units before a bombardment, for the effects
	// after it (kept in the trial so that taking its address allocates
	// nothing).
	before [maxSlots]uint16
	// hits holds the round's hits of each side while the after-rolls
	// effects see them (kept in the trial for the same reason).
	hits [2]int
	// endCombat is set by an effect that ends the current combat at once
	// (Skilled Retreat); the units stay as they are.
	endCombat bool
	// sustainedRound counts, per slot, the units that used Sustain Damage
	// in the current combat round (Duranium Armor repairs only others).
	sustainedRound [2][maxSlots]uint16
	// capacityLost counts each side's units removed for lack of capacity.
	capacityLost [2]int32
	// captured counts the units each side captured (Devour).
	captured [2]int32
	// killed counts, per slot, the units destroyed (for revivals), not
	// those removed for capacity.
	killed [2][maxSlots]uint16
	// used counts, per card effect, the copies played this trial; mark is
	// the effect's own note (e.g. the round it was played in). Indexes are
	// given out by plan.counter.
	used [maxCounters]uint8
	mark [maxCounters]int32
	// report is scratch for the tally (kept in the trial so that slicing
	// it allocates nothing).
	report [maxSlots]uint16
	// tradeGoods and influence are what each side has left to spend.
	tradeGoods, influence [2]int16
	// noSustain holds, while frozen is set, the target sets of each side
	// whose units may not use Sustain Damage in the current Assign Hits
	// step (freezeSustain).
	noSustain [2]targetSet
	frozen    bool
	// repairs counts, per slot, units repaired during the current hit
	// assignment (Dynamo); they take effect when it ends (afterAssign), so
	// a unit uses Sustain Damage at most once per assignment (LRR 1.18).
	repairs [2][maxSlots]uint16
}

// maxCounters bounds the per-trial usage counters effects can ask for.
const maxCounters = 32

func (t *trial) reset() {
	for s := range numSides {
		t.alive[s] = t.p.side[s].start
		t.damaged[s] = t.p.side[s].startDamaged
		t.count[s] = t.p.side[s].count
		t.tradeGoods[s], t.influence[s] = t.p.side[s].tradeGoods, t.p.side[s].influence
	}
	t.lost = [2]int32{}
	t.round = 0
	t.rounds = [numCombatTypes]int{}
	t.fought = [numCombatTypes]bool{}
	t.invaded = false
	t.unresolved = false
	t.space = draw
	t.retreated = noSide
	t.unfinishedCombat = false
	t.endCombat = false
	t.capacityLost = [2]int32{}
	t.captured = [2]int32{}
	t.killed = [2][maxSlots]uint16{}
	t.used = [maxCounters]uint8{}
	t.mark = [maxCounters]int32{}
}

// play runs one trial from the start and returns its outcome.
func (t *trial) play() outcome {
	t.reset()
	for _, step := range t.p.steps {
		if !step(t) {
			break
		}
	}
	o := t.result()
	for _, h := range t.p.hooks.afterResult {
		h(t)
	}
	return o
}

// has reports whether side has a unit in target set tg.
func (t *trial) has(side sideID, tg targets) bool {
	return t.count[side][tg] > 0
}

// hasAs is has for a set that may be derived (tFleet, tGroundAbility,
// tShipsAbility): it reads the count that stands for it (countAs).
func (t *trial) hasAs(side sideID, tg targets) bool {
	return t.count[side][t.p.side[side].countAs[tg]] > 0
}

// roll rolls side's dice of kind r and returns the hits. Dice are grouped by
// hit threshold; each group's hits are one draw from its exact binomial
// distribution (slot by slot when an effect modifies single slots). Effects
// may reroll the misses, add a die, multiply the hits or force a full
// reroll.
func (t *trial) roll(side sideID, r rollKind) int {
	h := &t.p.hooks
	hits := t.rollOnce(side, r)
	for _, f := range h.rerollAll[r] {
		if f(t, side, hits) {
			return t.rollOnce(side, r)
		}
	}
	return hits
}

// rollMods returns the side's modifier to every die of a roll of kind r
// now (the rollModifier hooks: +1 makes hits easier) and whether its
// misses are rerolled once (the rerollMisses hooks).
func (t *trial) rollMods(side sideID, r rollKind) (mod int, reroll bool) {
	h := &t.p.hooks
	for _, m := range h.rollModifier[r] {
		mod += m(t, side)
	}
	for _, f := range h.rerollMisses[r] {
		reroll = reroll || f(t, side)
	}
	return mod, reroll
}

func (t *trial) rollOnce(side sideID, r rollKind) int {
	h := &t.p.hooks
	sp := &t.p.side[side]
	mod, reroll := t.rollMods(side, r)
	buy := false // Wrath of Kenara: dice that miss by 1 may be bought
	for _, f := range h.buyHits[r] {
		buy = buy || f(t, side)
	}
	hits := 0
	alive := &t.alive[side]
	if len(h.slotModifier[r]) > 0 || len(sp.auras[r]) > 0 || sp.special[r] || len(h.boostOne[r]) > 0 || buy {
		boost, delta, boosting := uint8(0), 0, false
		for _, f := range h.boostOne[r] {
			if s, d, ok := f(t, side); ok {
				boost, delta, boosting = s, d, true
			}
		}
		for _, ro := range sp.rollers[r] {
			thr := int(ro.thr) - mod + sp.auraShift(r, ro.slot, alive)
			for _, m := range h.slotModifier[r] {
				thr -= m(t, side, ro.slot)
			}
			n := int(alive[ro.slot])*int(ro.dice) - int(t.damaged[side][ro.slot])*int(ro.loss)
			if boosting && ro.slot == boost && n > 0 {
				// One unit's dice at the better threshold.
				boosting = false
				hits += t.diceBuying(side, thr-delta, int(ro.dice), reroll, buy)
				n -= int(ro.dice)
			}
			if ro.perOpponentShip {
				n = int(alive[ro.slot]) * t.nonFighterShips(side.opp())
			}
			if ro.bonusFrom > 0 {
				hits += t.bonusDice(thr, n, int(ro.bonusFrom), int(ro.bonus), reroll)
				continue
			}
			hits += t.diceBuying(side, thr, n, reroll, buy)
		}
	} else {
		for _, g := range sp.groups[r] {
			n := 0
			for _, ro := range g.members {
				n += int(alive[ro.slot])*int(ro.dice) - int(t.damaged[side][ro.slot])*int(ro.loss)
			}
			hits += t.dice(int(g.thr)-mod, n, reroll)
		}
	}
	if n := sp.extraDice[r]; n > 0 {
		if thr, ok := t.p.bestRoller(side, r, alive); ok {
			hits += t.diceBuying(side, thr-mod, int(n), reroll, buy)
		}
	}
	return hits * t.p.hitFactor[side][r]
}

// diceBuying is dice, and with buy the dice that missed by 1 bought while
// side's trade goods last (buyNearMisses).
func (t *trial) diceBuying(side sideID, thr, n int, reroll, buy bool) int {
	hits := t.dice(thr, n, reroll)
	if buy && thr >= 2 && thr <= 10 {
		hits += t.buyNearMisses(side, thr, n-hits)
	}
	return hits
}

// buyNearMisses counts, among misses dice that missed a threshold thr
// (their results uniform on 1..thr−1), those that rolled thr−1, and buys
// as many of them as side's trade goods allow, 1 each: the hits bought.
func (t *trial) buyNearMisses(side sideID, thr, misses int) int {
	bought := 0
	for range misses {
		if t.tradeGoods[side] == 0 {
			break
		}
		if hi, _ := bits.Mul64(t.rng.Uint64(), uint64(thr-1)); hi == uint64(thr-2) {
			t.tradeGoods[side]--
			bought++
		}
	}
	return bought
}

// dice draws the hits of n dice that hit on thr or more, rerolling the
// misses once if reroll.
func (t *trial) dice(thr, n int, reroll bool) int {
	if n == 0 || thr >= 11 {
		return 0
	}
	if thr <= 1 {
		return n
	}
	hits := 0
	cdfs := &t.p.binom[thr]
	for m := n; m > 0; m -= binomMaxN {
		hits += drawCDF(cdfs[min(m, binomMaxN)], t.rng.Uint64())
	}
	if reroll && hits < n {
		hits += t.dice(thr, n-hits, false)
	}
	return hits
}

// bonusDice rolls n dice one by one: each hits on thr or more, and a
// natural result of from or more adds bonus hits (before modifiers, so
// whatever thr is). A missed die is rerolled once if reroll.
func (t *trial) bonusDice(thr, n, from, bonus int, reroll bool) int {
	hits := 0
	for range n {
		face := dieFace(t.rng.Uint64())
		if reroll && face < thr && face < from {
			face = dieFace(t.rng.Uint64())
		}
		if face >= thr {
			hits++
		}
		if face >= from {
			hits += bonus
		}
	}
	return hits
}

// dieFace turns a uniform 64-bit number into a d10 result, 1..10, exactly
// uniform up to 2^-64.
func dieFace(u uint64) int {
	hi, _ := bits.Mul64(u, 10)
	return int(hi) + 1
}

// spend takes n from a side's budget (t.tradeGoods or t.influence) if
// that much is left, and reports whether it did.
func spend(budget *int16, n int16) bool {
	if *budget < n {
		return false
	}
	*budget -= n
	return true
}

// nonFighterShips counts side's non-fighter ships.
func (t *trial) nonFighterShips(side sideID) int {
	return int(t.count[side][tShips] - t.count[side][tFighters])
}

// bestRoller returns the best (lowest) threshold among side's rollers of
// kind r with units alive, and whether there is one: the unit that rolls
// the additional die of a text giving "1 of those units" one (Plasma
// Scoring, Trrakan Aun Zulok). A roll no unit makes (Metali Void
// Armaments) has no such unit.
func (p *plan) bestRoller(side sideID, r rollKind, alive *[maxSlots]uint16) (int, bool) {
	best, ok := 0, false
	sp := &p.side[side]
	for _, ro := range sp.rollers[r] {
		if alive[ro.slot] > 0 && !sp.slots[ro.slot].notUnit && (!ok || int(ro.thr) < best) {
			best, ok = int(ro.thr), true
		}
	}
	return best, ok
}

// assign makes side take hits produced by a roll of kind r, following the
// side's hit-assignment policy and the roll's forced targets; hits beyond
// the units that can take them are lost.
func (t *trial) assign(side sideID, r rollKind, hits int) {
	for _, h := range t.p.hooks.beforeAssign[r] {
		hits = h(t, side, hits)
	}
	sp := &t.p.side[side]
	ord := sp.order[sp.targetOf[r]]
	sustain := r.sustainable() && !t.sustainBlocked(side, sp.targetOf[r])
	for ; hits > 0; hits-- {
		ev, s := t.takeHit(side, ord, sustain, sp.sustainLast)
		if ev == noTarget {
			break // excess hits are lost
		}
		switch ev {
		case sustained:
			hits -= sp.sustainCancels - 1 // Non-Euclidean Shielding: it cancels more
			t.sustainedRound[side][s]++
			for _, h := range t.p.hooks.onSustain {
				h(t, side, s, r)
			}
		case destroyed:
			for _, h := range t.p.hooks.onDestroyed {
				h(t, side, s, r)
			}
		}
	}
	for _, h := range t.p.hooks.afterAssign[r] {
		h(t, side)
	}
}

// sustainBlocked reports whether side's units of target set tg may not use
// Sustain Damage against the hits being assigned: an opponent's unit that
// forbids it (The Fourth Moon, Moll Terminus) is there. Within an Assign
// Hits step where both players assign hits (freezeSustain) that is decided
// on the units present at its start, before anything is destroyed
// (LRR 78.6, 78.6a, 87); otherwise on the units present now.
func (t *trial) sustainBlocked(side sideID, tg targets) bool {
	if t.frozen {
		return t.noSustain[side].has(tg)
	}
	return t.blockedNow(side).has(tg)
}

// blockedNow returns the target sets of side whose units may not use
// Sustain Damage with the opponent's units as they are now.
func (t *trial) blockedNow(side sideID) targetSet {
	var m targetSet
	for _, b := range t.p.side[side].sustainBlockers {
		if t.alive[side.opp()][b.source] > 0 {
			m |= b.sets
		}
	}
	return m
}

// assignStep is the Assign Hits step of a roll both players make at once
// (anti-fighter barrage, a combat round, TI3's pre-combat shots): the
// defender's hits are assigned, then the attacker's, with who may use
// Sustain Damage decided on the units present at the start of the step, so
// that the order of assignment changes nothing (LRR 78.6a: both players
// decide Sustain Damage before any unit is destroyed).
func (t *trial) assignStep(r rollKind, onDefender, onAttacker int) {
	if len(t.p.side[attacker].sustainBlockers)+len(t.p.side[defender].sustainBlockers) == 0 {
		t.assign(defender, r, onDefender) // nothing to freeze
		t.assign(attacker, r, onAttacker)
		return
	}
	t.freezeSustain()
	t.assign(defender, r, onDefender)
	t.assign(attacker, r, onAttacker)
	t.frozen = false
}

// freezeSustain fixes, until t.frozen is cleared, which target sets of each
// side may not use Sustain Damage (sustainBlocked).
func (t *trial) freezeSustain() {
	t.noSustain = [2]targetSet{t.blockedNow(attacker), t.blockedNow(defender)}
	t.frozen = true
}

// takeHit assigns one hit among the slots of ord and says what it did to
// which slot. It fires no effects: assign does, so that the tables built
// from takeHit stay free of them.
func (t *trial) takeHit(side sideID, ord []uint8, sustain, sustainLast bool) (hitEvent, uint8) {
	al, dm := &t.alive[side], &t.damaged[side]
	slots := t.p.side[side].slots
	if sustain && sustainLast {
		// Destroy the first unit that could not sustain anyway.
		for _, s := range ord {
			if al[s] > 0 && (!slots[s].sustain || (dm[s] > 0 && !slots[s].hasWorn)) {
				t.destroy(side, s)
				return destroyed, s
			}
		}
	}
	if sustain {
		for _, s := range ord {
			if slots[s].sustain && al[s] > dm[s] {
				dm[s]++
				return sustained, s
			}
		}
	}
	for _, s := range ord {
		if al[s] > 0 {
			if sustain && slots[s].hasWorn && dm[s] > 0 {
				t.wear(side, s)
				return sustained, s
			}
			t.destroy(side, s)
			return destroyed, s
		}
	}
	return noTarget, 0
}

// wear moves one damaged unit of slot s to its worn slot: its second use of
// Sustain Damage (Twilight Imperium 3's war sun).
func (t *trial) wear(side sideID, s uint8) {
	w := t.p.side[side].slots[s].worn
	t.alive[side][s]--
	t.damaged[side][s]--
	t.alive[side][w]++ // a worn slot has no further Sustain Damage: no damaged count
}

// destroy destroys one unit of slot s, a damaged one first (Infantry II
// may revive from it).
func (t *trial) destroy(side sideID, s uint8) {
	t.killed[side][s]++
	t.remove(side, s)
}

// remove takes one unit of slot s off the board without destroying it in
// the rules' sense (capacity, no ship to carry it), a damaged one first —
// and of the damaged ones, one that used Sustain Damage this round: the
// others may still be repaired this round (Duranium Armor), so the player
// keeps those.
func (t *trial) remove(side sideID, s uint8) {
	if t.damaged[side][s] > 0 {
		t.damaged[side][s]--
		if t.sustainedRound[side][s] > 0 {
			t.sustainedRound[side][s]--
		}
	}
	t.alive[side][s]--
	sp := &t.p.side[side]
	t.lost[side] += sp.slots[s].costHalves
	for tg, in := 0, sp.in[s]; in != 0; tg, in = tg+1, in>>1 {
		t.count[side][tg] -= int32(in & 1)
	}
}

// removeAll removes every unit of the target set (ground forces left in
// space with no ship to carry them).
func (t *trial) removeAll(side sideID, tg targets) {
	for _, s := range t.p.side[side].order[tg] {
		for t.alive[side][s] > 0 {
			t.remove(side, s)
		}
	}
}

// removeSlots destroys every unit of the given slots.
func (t *trial) removeSlots(side sideID, slots []uint8) {
	for _, s := range slots {
		for t.alive[side][s] > 0 {
			t.destroy(side, s)
		}
	}
}

// recount sets side's target-set counts from its units.
func (t *trial) recount(side sideID) {
	sp := &t.p.side[side]
	for tg, ord := range sp.order {
		n := int32(0)
		for _, s := range ord {
			n += int32(t.alive[side][s])
		}
		t.count[side][tg] = n
	}
}

// holder returns who has units of target set tg: the attacker, the
// defender, or draw for neither (or both).
func (t *trial) holder(tg targets) outcome {
	a, d := t.hasAs(attacker, tg), t.hasAs(defender, tg)
	switch {
	case a && !d:
		return attackerWins
	case d && !a:
		return defenderWins
	}
	return draw
}
