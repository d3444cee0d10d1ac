package engine

import (
	"math/bits"
	"math/rand/v2"
)

// outcome of a combat or of the whole action, from the attacker's view.
type outcome uint8

const (
	AttackerWins outcome = iota
	draw
	DefenderWins
	attackerRetreats // the attacker's ships left the combat (LRR 78 retreat)
	defenderRetreats // the defender's ships left the combat
	unfinished       // the round limit was reached with both sides fighting
	numOutcomes
)

// hitEvent is what one hit did.
type hitEvent uint8

const (
	NoTarget  hitEvent = iota // no unit could take it
	sustained                 // a unit used Sustain Damage
	destroyed                 // a unit was destroyed
)

// Trial is the state of one simulated tactical action. It lives in a
// worker, is reset for every trial and holds only fixed-size arrays.
type Trial struct {
	P   *Plan
	Rng *rand.PCG

	// Alive counts each slot's units; damaged counts those of them that
	// have used Sustain Damage.
	Alive, Damaged [2][MaxSlots]uint16
	// lost is each side's destroyed units' cost, in half resources.
	lost [2]int32
	// Count is the number of each side's units in each target set.
	Count [2][numTargets]int32

	// Round is the current combat round, 1-based.
	Round int
	// rounds counts the rounds fought in each combat type.
	rounds [NumCombatTypes]int
	// Fought records which combats took place.
	Fought [NumCombatTypes]bool
	// Invaded is true once the attacker has committed ground forces.
	Invaded bool
	// unresolved is true when a combat hit the round limit.
	unresolved bool
	// Neutral is true once a bombardment hit found no ground force to
	// take it on a planet that then turns neutral (SetNeutralOnBombard).
	Neutral bool
	// space is who holds the space area after the space steps.
	space outcome
	// Retreated is the side whose ships retreated from the space combat,
	// or noSide.
	Retreated Side
	// unfinishedCombat is true when the round limit stopped a combat.
	unfinishedCombat bool
	// before holds a side's units before a bombardment, for the effects
	// after it (kept in the trial so that taking its address allocates
	// nothing).
	before [MaxSlots]uint16
	// hits holds the round's hits of each side while the after-rolls
	// effects see them (kept in the trial for the same reason).
	hits [2]int
	// EndCombat is set by an effect that ends the current combat at once
	// (a card that moves the ships away); the units stay as they are.
	EndCombat bool
	// SustainedRound counts, per slot, the units that used Sustain Damage
	// in the current combat round (repairs at the end of a round take only others).
	SustainedRound [2][MaxSlots]uint16
	// sustaining is, while the hooks of one use of Sustain Damage run,
	// the count SustainedRound had for its slot with that use: below it,
	// the unit that used it was destroyed meanwhile (an earlier hook's
	// hits set off a text of the opponent's that destroys it: Reflective
	// Shielding's hits, then Courageous to the End).
	sustaining uint16
	// capacityLost counts each side's units removed for lack of capacity.
	capacityLost [2]int32
	// Captured counts the units each side captured (Devour).
	Captured [2]int32
	// Killed counts, per slot, the units destroyed (for revivals), not
	// those removed for capacity.
	Killed [2][MaxSlots]uint16
	// Used counts, per card effect, the copies played this trial; mark is
	// the effect's own note (e.g. the round it was played in). Indexes are
	// given out by plan.counter.
	Used [maxCounters]uint8
	Mark [maxCounters]int32
	// report is scratch for the tally (kept in the trial so that slicing
	// it allocates nothing).
	report [MaxSlots]uint16
	// TradeGoods and influence are what each side has left to spend.
	TradeGoods, Influence [2]int16
	// Backfired counts the hits each side's dice inflicted on the side
	// itself this round (SidePlan.Backfire), for an effect to assign.
	Backfired [2]int
	// RerollPool is what is left of each side's rerolls for the action
	// (SidePlan.PooledRerolls).
	RerollPool [2]int16
	// noSustain holds, while frozen is set, the target sets of each side
	// whose units may not use Sustain Damage in the current Assign Hits
	// step (freezeSustain).
	noSustain [2]targetSet
	Frozen    bool
	// Repairs counts, per slot, units repaired during the current hit
	// assignment (Dynamo); they take effect when it ends (afterAssign), so
	// a unit uses Sustain Damage at most once per assignment (LRR 1.18).
	Repairs [2][MaxSlots]uint16
}

// maxCounters bounds the per-trial usage counters effects can ask for.
const maxCounters = 32

func (t *Trial) Reset() {
	for s := range NumSides {
		t.Alive[s] = t.P.Side[s].Start
		t.Damaged[s] = t.P.Side[s].StartDamaged
		t.Count[s] = t.P.Side[s].Count
		t.TradeGoods[s], t.Influence[s] = t.P.Side[s].tradeGoods, t.P.Side[s].influence
		t.RerollPool[s] = t.P.Side[s].rerollPool
		t.Backfired[s] = 0
	}
	t.lost = [2]int32{}
	t.Round = 0
	t.rounds = [NumCombatTypes]int{}
	t.Fought = [NumCombatTypes]bool{}
	t.Invaded = false
	t.unresolved = false
	t.Neutral = false
	t.space = draw
	t.Retreated = NoSide
	t.unfinishedCombat = false
	t.EndCombat = false
	t.capacityLost = [2]int32{}
	t.Captured = [2]int32{}
	t.Killed = [2][MaxSlots]uint16{}
	t.Used = [maxCounters]uint8{}
	t.Mark = [maxCounters]int32{}
}

// Play runs one trial from the start and returns its outcome.
func (t *Trial) Play() outcome {
	t.Reset()
	for _, step := range t.P.Steps {
		if !step(t) {
			break
		}
	}
	o := t.result()
	for _, h := range t.P.Hooks.afterResult {
		h(t)
	}
	return o
}

// Has reports whether side has a unit in target set tg.
func (t *Trial) Has(side Side, tg Targets) bool {
	return t.Count[side][tg] > 0
}

// hasAs is has for a set that may be derived (tFleet, tGroundAbility,
// tShipsAbility): it reads the count that stands for it (countAs).
func (t *Trial) hasAs(side Side, tg Targets) bool {
	return t.Count[side][t.P.Side[side].countAs[tg]] > 0
}

// Roll rolls side's dice of kind r and returns the hits. Dice are grouped by
// hit threshold; each group's hits are one draw from its exact binomial
// distribution (slot by slot when an effect modifies single slots). Effects
// may reroll the misses, add a die, multiply the hits or force a full
// reroll.
func (t *Trial) Roll(side Side, r RollKind) int {
	h := &t.P.Hooks
	hits := t.rollOnce(side, r)
	for _, f := range h.rerollAll[r] {
		if f(t, side, hits) {
			return t.rollOnce(side, r)
		}
	}
	return hits
}

// RollMods returns the side's modifier to every die of a roll of kind r
// now (the rollModifier hooks: +1 makes hits easier) and whether its
// misses are rerolled once (the rerollMisses hooks).
func (t *Trial) RollMods(side Side, r RollKind) (mod int, reroll bool) {
	h := &t.P.Hooks
	for _, m := range h.rollModifier[r] {
		mod += m(t, side)
	}
	for _, f := range h.rerollMisses[r] {
		reroll = reroll || f(t, side)
	}
	return mod, reroll
}

func (t *Trial) rollOnce(side Side, r RollKind) int {
	h := &t.P.Hooks
	sp := &t.P.Side[side]
	mod, reroll := t.RollMods(side, r)
	buy := false // dice that miss by 1 may be bought with trade goods
	for _, f := range h.buyHits[r] {
		buy = buy || f(t, side)
	}
	hits := 0
	alive := &t.Alive[side]
	left := -1 // pooled rerolls this roll may still use (-1: no limit)
	if c := sp.PoolPerRoll[r]; c > 0 {
		left = int(c)
	}
	if len(h.SlotModifier[r]) > 0 || len(sp.Auras[r]) > 0 || sp.Special[r] || len(h.boostOne[r]) > 0 || buy {
		hits = t.rollSlotBySlot(side, r, mod, reroll, buy, &left)
	} else if ones := sp.RerollOnes[r]; ones || sp.PooledRerolls[r] || sp.RerollBudget[r] > 0 {
		budget := int(sp.RerollBudget[r])
		for _, g := range sp.Groups[r] {
			n := 0
			for _, ro := range g.members {
				n += int(alive[ro.Slot])*int(ro.Dice) - int(t.Damaged[side][ro.Slot])*int(ro.loss)
			}
			thr := int(g.thr) - mod
			h := t.diceOnes(thr, n, reroll, ones)
			hits += h
			// Groups come best chance first: the budget's rerolls go to
			// their misses first, a die missed again rerolled again.
			misses := n - h
			for ; budget > 0 && misses > 0; budget-- {
				if t.diceOnes(thr, 1, reroll, ones) == 1 {
					hits++
					misses--
				}
			}
			// Then the action's pool.
			hits += t.spendPool(side, r, thr, misses, reroll, &left)
		}
	} else {
		for _, g := range sp.Groups[r] {
			n := 0
			for _, ro := range g.members {
				n += int(alive[ro.Slot])*int(ro.Dice) - int(t.Damaged[side][ro.Slot])*int(ro.loss)
			}
			hits += t.Dice(int(g.thr)-mod, n, reroll)
		}
	}
	if n := sp.ExtraDice[r]; n > 0 {
		if thr, ok := t.P.BestRoller(side, r, alive); ok {
			hits += t.diceBuying(side, thr-mod, int(n), reroll, buy, sp.RerollOnes[r])
		}
	}
	hits *= t.P.HitFactor[side][r]
	if hits > 0 && sp.HitOnScore[r] {
		hits++
	}
	return hits
}

// rollSlotBySlot rolls side's dice of kind r slot by slot, for the rolls
// that modify single slots (slot modifiers, auras, one unit's boost) or
// buy near misses, and returns the hits; mod and reroll are the roll's
// modifiers, left the pooled rerolls it may still use.
func (t *Trial) rollSlotBySlot(side Side, r RollKind, mod int, reroll, buy bool, left *int) int {
	h := &t.P.Hooks
	sp := &t.P.Side[side]
	alive := &t.Alive[side]
	hits := 0
	boost, delta, boosting := uint8(0), 0, false
	for _, f := range h.boostOne[r] {
		if s, d, ok := f(t, side); ok {
			boost, delta, boosting = s, d, true
		}
	}
	for _, ro := range sp.Rollers[r] {
		thr := int(ro.thr) - mod + sp.AuraShift(r, ro.Slot, alive)
		for _, m := range h.SlotModifier[r] {
			thr -= m(t, side, ro.Slot)
		}
		n := int(alive[ro.Slot])*int(ro.Dice) - int(t.Damaged[side][ro.Slot])*int(ro.loss)
		if boosting && ro.Slot == boost && n > 0 {
			// One unit's dice at the better threshold.
			boosting = false
			hits += t.diceBuying(side, thr-delta, int(ro.Dice), reroll, buy, sp.RerollOnes[r])
			n -= int(ro.Dice)
		}
		if ro.PerOpponentShip {
			n = ro.DiceOf(alive[ro.Slot], t.Damaged[side][ro.Slot], t.NonFighterShips(side.Opp()))
		}
		if ro.BonusFrom > 0 {
			hits += t.bonusDice(side, r, thr, n, int(ro.BonusFrom), int(ro.Bonus), reroll, left)
			continue
		}
		if bf := &sp.Backfire; bf.Round == t.Round && bf.Roll == r && bf.Slots[ro.Slot] {
			hits += t.backfireDice(side, thr, n, bf.UpTo, reroll)
			continue
		}
		got := t.diceBuying(side, thr, n, reroll, buy, sp.RerollOnes[r])
		hits += got + t.spendPool(side, r, thr, n-got, reroll, left)
	}
	return hits
}

// diceBuying is diceOnes, and with buy the dice that missed by 1 bought
// while side's trade goods last (buyNearMisses).
func (t *Trial) diceBuying(side Side, thr, n int, reroll, buy, ones bool) int {
	hits := t.diceOnes(thr, n, reroll, ones)
	if buy && thr >= 2 && thr <= 10 {
		hits += t.buyNearMisses(side, thr, n-hits)
	}
	return hits
}

// buyNearMisses counts, among misses dice that missed a threshold thr
// (their results uniform on 1..thr−1), those that rolled thr−1, and buys
// as many of them as side's trade goods allow, 1 each: the hits bought.
func (t *Trial) buyNearMisses(side Side, thr, misses int) int {
	bought := 0
	for range misses {
		if t.TradeGoods[side] == 0 {
			break
		}
		if hi, _ := bits.Mul64(t.Rng.Uint64(), uint64(thr-1)); hi == uint64(thr-2) {
			t.TradeGoods[side]--
			bought++
		}
	}
	return bought
}

// spendPool rerolls once each of up to misses missed dice of side hitting
// on thr, from the action's pool of rerolls (SidePlan.PooledRerolls), at
// most *left more in this roll (-1: no limit); it returns their hits.
// Dice with bonus hits take theirs in bonusDice; backfiring dice take none
// (the one round they backfire).
func (t *Trial) spendPool(side Side, r RollKind, thr, misses int, reroll bool, left *int) int {
	if !t.P.Side[side].PooledRerolls[r] {
		return 0
	}
	ones := t.P.Side[side].RerollOnes[r]
	hits := 0
	for ; misses > 0 && t.RerollPool[side] > 0 && *left != 0; misses-- {
		if *left > 0 {
			*left--
		}
		t.RerollPool[side]--
		hits += t.diceOnes(thr, 1, reroll, ones)
	}
	return hits
}

// diceOnes is Dice, and with ones each die left a miss showing a natural
// 1 rerolled once: a miss's result is uniform on 1..thr−1.
func (t *Trial) diceOnes(thr, n int, reroll, ones bool) int {
	hits := t.Dice(thr, n, reroll)
	if !ones || thr < 2 || thr > 10 {
		return hits
	}
	k := 0
	for range n - hits {
		if hi, _ := bits.Mul64(t.Rng.Uint64(), uint64(thr-1)); hi == 0 {
			k++
		}
	}
	return hits + t.Dice(thr, k, false)
}

// Dice draws the hits of n dice that hit on thr or more, rerolling the
// misses once if reroll.
func (t *Trial) Dice(thr, n int, reroll bool) int {
	if n == 0 || thr >= 11 {
		return 0
	}
	if thr <= 1 {
		return n
	}
	hits := 0
	cdfs := &t.P.binom[thr]
	for m := n; m > 0; m -= BinomMaxN {
		hits += DrawCDF(cdfs[min(m, BinomMaxN)], t.Rng.Uint64())
	}
	if reroll && hits < n {
		hits += t.Dice(thr, n-hits, false)
	}
	return hits
}

// bonusDice rolls n dice of side one by one: each hits on thr or more,
// and a natural result of from or more adds bonus hits (before modifiers,
// so whatever thr is). A missed die is rerolled once if reroll, and then,
// still a miss, once more from the action's pool of rerolls (spendPool's
// rules: at most *left more this roll).
func (t *Trial) bonusDice(side Side, r RollKind, thr, n, from, bonus int, reroll bool, left *int) int {
	pooled := t.P.Side[side].PooledRerolls[r]
	hits := 0
	for range n {
		face := dieFace(t.Rng.Uint64())
		if reroll && face < thr && face < from {
			face = dieFace(t.Rng.Uint64())
		}
		if pooled && face < thr && face < from && t.RerollPool[side] > 0 && *left != 0 {
			if *left > 0 {
				*left--
			}
			t.RerollPool[side]--
			face = dieFace(t.Rng.Uint64())
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

// backfireDice rolls n dice one by one: each hits on thr or more (a miss
// rerolled once if reroll), and one whose result is upTo or less counts
// a hit on side itself (Trial.Backfired).
func (t *Trial) backfireDice(side Side, thr, n, upTo int, reroll bool) int {
	hits := 0
	for range n {
		face := dieFace(t.Rng.Uint64())
		if reroll && face < thr {
			face = dieFace(t.Rng.Uint64())
		}
		if face >= thr {
			hits++
		}
		if face <= upTo {
			t.Backfired[side]++
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

// Spend takes n from a side's budget (t.tradeGoods or t.influence) if
// that much is left, and reports whether it did.
func Spend(budget *int16, n int16) bool {
	if *budget < n {
		return false
	}
	*budget -= n
	return true
}

// NonFighterShips counts side's non-fighter ships.
func (t *Trial) NonFighterShips(side Side) int {
	return int(t.Count[side][TShips] - t.Count[side][TFighters])
}

// BestRoller returns the best (lowest) threshold among side's rollers of
// kind r with units alive, and whether there is one: the unit that rolls
// the additional die of a text giving "1 of those units" one. A roll no
// unit makes (a relic that rolls) has no such unit.
func (p *Plan) BestRoller(side Side, r RollKind, alive *[MaxSlots]uint16) (int, bool) {
	best, ok := 0, false
	sp := &p.Side[side]
	for _, ro := range sp.Rollers[r] {
		if alive[ro.Slot] > 0 && !sp.Slots[ro.Slot].NotUnit && (!ok || int(ro.thr) < best) {
			best, ok = int(ro.thr), true
		}
	}
	return best, ok
}

// Assign makes side take hits produced by a roll of kind r, following the
// side's hit-assignment policy and the roll's forced targets; hits beyond
// the units that can take them are lost.
func (t *Trial) Assign(side Side, r RollKind, hits int) {
	for _, h := range t.P.Hooks.beforeAssign[r] {
		hits = h(t, side, hits)
	}
	sp := &t.P.Side[side]
	ord := sp.Order[sp.TargetOf[r]]
	sustain := r.Sustainable() && !t.sustainBlocked(side, sp.TargetOf[r])
	for ; hits > 0; hits-- {
		ev, s := t.TakeHit(side, ord, sustain, sp.sustainLast)
		if ev == NoTarget {
			break // excess hits are lost
		}
		switch ev {
		case sustained:
			hits -= sp.SustainCancels - 1 // one use cancels more than one hit
			t.SustainedRound[side][s]++
			n := t.SustainedRound[side][s]
			for _, h := range t.P.Hooks.OnSustain {
				t.sustaining = n // an earlier hook's own Assign may have set it
				h(t, side, s, r)
			}
		case destroyed:
			for _, h := range t.P.Hooks.onDestroyed {
				h(t, side, s, r)
			}
		}
	}
	for _, h := range t.P.Hooks.afterAssign[r] {
		h(t, side)
	}
}

// sustainBlocked reports whether side's units of target set tg may not use
// Sustain Damage against the hits being assigned: an opponent's unit that
// forbids it (The Fourth Moon, Moll Terminus) is there. Within an Assign
// Hits step where both players assign hits (freezeSustain) that is decided
// on the units present at its start, before anything is destroyed
// (LRR 78.6, 78.6a, 87); otherwise on the units present now.
func (t *Trial) sustainBlocked(side Side, tg Targets) bool {
	if t.Frozen {
		return t.noSustain[side].has(tg)
	}
	return t.blockedNow(side).has(tg)
}

// blockedNow returns the target sets of side whose units may not use
// Sustain Damage with the opponent's units as they are now.
func (t *Trial) blockedNow(side Side) targetSet {
	var m targetSet
	for _, b := range t.P.Side[side].SustainBlockers {
		if t.Alive[side.Opp()][b.Source] > 0 {
			m |= b.Sets
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
func (t *Trial) assignStep(r RollKind, onDefender, onAttacker int) {
	if len(t.P.Side[Attacker].SustainBlockers)+len(t.P.Side[Defender].SustainBlockers) == 0 {
		t.Assign(Defender, r, onDefender) // nothing to freeze
		t.Assign(Attacker, r, onAttacker)
		return
	}
	t.FreezeSustain()
	t.Assign(Defender, r, onDefender)
	t.Assign(Attacker, r, onAttacker)
	t.Frozen = false
}

// FreezeSustain fixes, until t.frozen is cleared, which target sets of each
// side may not use Sustain Damage (sustainBlocked).
func (t *Trial) FreezeSustain() {
	t.noSustain = [2]targetSet{t.blockedNow(Attacker), t.blockedNow(Defender)}
	t.Frozen = true
}

// TakeHit assigns one hit among the slots of ord and says what it did to
// which slot. It fires no effects: assign does, so that the tables built
// from takeHit stay free of them.
func (t *Trial) TakeHit(side Side, ord []uint8, sustain, sustainLast bool) (hitEvent, uint8) {
	al, dm := &t.Alive[side], &t.Damaged[side]
	slots := t.P.Side[side].Slots
	if sustain && sustainLast {
		// Destroy the first unit that could not sustain anyway.
		for _, s := range ord {
			if al[s] > 0 && (!slots[s].Sustain || (dm[s] > 0 && !slots[s].HasWorn)) {
				t.Destroy(side, s)
				return destroyed, s
			}
		}
	}
	if sustain {
		for _, s := range ord {
			if slots[s].Sustain && al[s] > dm[s] {
				dm[s]++
				return sustained, s
			}
		}
	}
	for _, s := range ord {
		if al[s] > 0 {
			if sustain && slots[s].HasWorn && dm[s] > 0 {
				t.wear(side, s)
				return sustained, s
			}
			t.Destroy(side, s)
			return destroyed, s
		}
	}
	return NoTarget, 0
}

// wear moves one damaged unit of slot s to its worn slot: its second use of
// Sustain Damage (Twilight Imperium 3's war sun).
func (t *Trial) wear(side Side, s uint8) {
	w := t.P.Side[side].Slots[s].Worn
	t.Alive[side][s]--
	t.Damaged[side][s]--
	t.Alive[side][w]++ // a worn slot has no further Sustain Damage: no damaged count
}

// Destroy destroys one unit of slot s, a damaged one first (Infantry II
// may revive from it).
func (t *Trial) Destroy(side Side, s uint8) {
	t.Killed[side][s]++
	t.Remove(side, s)
}

// Remove takes one unit of slot s off the board without destroying it in
// the rules' sense (capacity, no ship to carry it), a damaged one first —
// and of the damaged ones, one that used Sustain Damage this round: the
// others may still be repaired this round, so the player
// keeps those. Removing from an empty slot is a bug of the caller's (a
// text that destroys a unit already gone): it panics, reported as an
// internal error, rather than wrap the count.
func (t *Trial) Remove(side Side, s uint8) {
	if t.Alive[side][s] == 0 {
		panic("engine: a unit removed from an empty slot")
	}
	if t.Damaged[side][s] > 0 {
		t.Damaged[side][s]--
		if t.SustainedRound[side][s] > 0 {
			t.SustainedRound[side][s]--
		}
	}
	t.Alive[side][s]--
	sp := &t.P.Side[side]
	t.lost[side] += sp.Slots[s].CostHalves
	for tg, in := 0, sp.In[s]; in != 0; tg, in = tg+1, in>>1 {
		t.Count[side][tg] -= int32(in & 1)
	}
}

// removeAll removes every unit of the target set (ground forces left in
// space with no ship to carry them).
func (t *Trial) removeAll(side Side, tg Targets) {
	for _, s := range t.P.Side[side].Order[tg] {
		for t.Alive[side][s] > 0 {
			t.Remove(side, s)
		}
	}
}

// RemoveSlots destroys every unit of the given slots.
func (t *Trial) RemoveSlots(side Side, slots []uint8) {
	for _, s := range slots {
		for t.Alive[side][s] > 0 {
			t.Destroy(side, s)
		}
	}
}

// recount sets side's target-set counts from its units.
func (t *Trial) recount(side Side) {
	sp := &t.P.Side[side]
	for tg, ord := range sp.Order {
		n := int32(0)
		for _, s := range ord {
			n += int32(t.Alive[side][s])
		}
		t.Count[side][tg] = n
	}
}

// holder returns who has units of target set tg: the attacker, the
// defender, or draw for neither (or both).
func (t *Trial) holder(tg Targets) outcome {
	a, d := t.hasAs(Attacker, tg), t.hasAs(Defender, tg)
	switch {
	case a && !d:
		return AttackerWins
	case d && !a:
		return DefenderWins
	}
	return draw
}
