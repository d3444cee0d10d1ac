package combat

import "github.com/ti4sim/ti4sim/units"

// factionRulesC returns one group of modelled faction texts, by ability
// slug: the L1Z1X flagship, the Nomad mech, the Argent and Mahact flagships and the Letnev
// agent. The helpers of this file end in C so as not to clash with the
// other faction files of the package.
func factionRulesC() map[string]factionRule {
	return map[string]factionRule{
		"0-0-1":               {attach: l1z1xFlagship},
		"quantum-manipulator": {attach: quantumManipulator},
		"quetzecoatl":         {attach: quetzecoatl},
		"arvicon-rex":         {attach: arviconRex},
		"viscount-unlenn":     {attach: viscountUnlenn},
	}
}

// quantumManipulator (Nomad mech): "While this unit is in a space area
// during combat, you may use its SUSTAIN DAMAGE ability to cancel a hit
// that is produced against your ships in this system." Only the mechs in
// the space area: the attacker's (the defender's stand on the planet).
// During the space combat rounds, hits of the opponent's space combat
// rolls against the holder's ships may be cancelled by an undamaged mech
// there using Sustain Damage (it becomes damaged; with Non-Euclidean
// Shielding one use cancels 2 hits). Policy: the mechs' Sustain Damage is
// used first, before any ship takes a hit (whatever the hit-order policy
// says; a damaged mech still fights in a later ground combat, damaged).
// Fourth Moon does not stop it (the mech is not a ship). Not modelled:
// hits of space cannon offense (not during combat) and of abilities during
// the combat (Ambush, Devotion, ...), and the triggers of a use of Sustain
// Damage (Direct Hit targets ships; the mech is not one). Articles of War
// removes the text. The exact solver's states hold the ships only, not
// the mechs, so it refuses the text.
func quantumManipulator(p *plan, sc *Scenario, holder int) {
	switch {
	case sc.Action == GroundCombat:
		p.addEffect("Quantum Manipulator", true)
		return
	case mechTextLost(sc):
		p.addEffect("Quantum Manipulator", true)
		factionIdle(p, "Quantum Manipulator", holder, "Articles of War takes the mechs' texts away")
		return
	}
	var mechs []uint8
	for _, s := range kindSlots(p, holder, tGround, units.Mech) {
		if p.side[holder].slots[s].zone == zoneSpace {
			mechs = append(mechs, s)
		}
	}
	if len(mechs) == 0 {
		p.addEffect("Quantum Manipulator", true)
		return
	}
	p.addEffect("Quantum Manipulator (mechs in space cancel hits on ships)", false)
	p.hooks.beforeAssign[rollSpace] = append(p.hooks.beforeAssign[rollSpace], func(t *trial, side, hits int) int {
		if side != holder || !t.has(holder, tShips) {
			return hits
		}
		sp := &t.p.side[holder]
		for _, s := range mechs {
			if !sp.slots[s].sustain {
				continue // a law took Sustain Damage away
			}
			for hits > 0 && t.alive[holder][s] > t.damaged[holder][s] {
				t.damaged[holder][s]++
				t.sustainedRound[holder][s]++
				hits -= sp.sustainCancels
			}
		}
		return max(hits, 0)
	})
}

// quetzecoatl (Argent flagship): "Other players cannot use SPACE CANNON
// against your ships in this system." While the flagship is in the space
// area (alive), every hit of the opponent's space cannon offense against
// the holder's ships is cancelled before it is assigned (PDS, ships and
// mechs with Space Cannon, adjacent PDS II, cards that add to the roll).
// Space cannon defense aims at ground forces, not ships, and is untouched.
// Deterministic, but exact mode does not express effects on space cannon
// offense and refuses it there.
func quetzecoatl(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Quetzecoatl (no space cannon against its ships)", true)
	flags := kindSlots(p, holder, tShips, units.Flagship)
	if sc.Action == GroundCombat || len(flags) == 0 {
		return
	}
	flag := flags[0]
	p.hooks.beforeAssign[rollSCO] = append(p.hooks.beforeAssign[rollSCO], func(t *trial, side, hits int) int {
		if side == holder && t.alive[holder][flag] > 0 {
			return 0
		}
		return hits
	})
}

// arviconRex (Mahact flagship): "During combat against an opponent whose
// command token is not in your fleet pool, apply +2 to the results of this
// unit's combat rolls." Whether the opponent's token is in the Mahact
// fleet pool (taken by Edict) is a board state: the Mahact side lists
// "fleet-pool-token" among its cards when it is, and the flagship gets no
// +2. Otherwise (the default, the usual case) the token is assumed not to
// be there: the flagship's space combat rolls get +2 (a static modifier,
// which the exact solver replays) and a warning states the assumption.
// Not its anti-fighter barrage, space cannon or bombardment (none printed;
// not combat rolls).
func arviconRex(p *plan, sc *Scenario, holder int) {
	if boardStateHolds(sideOf(sc, holder), "fleet-pool-token") {
		p.addEffect("Arvicon Rex (no +2: the opponent's command token is in the Mahact fleet pool)", true)
		return
	}
	defer p.addEffect("Arvicon Rex", true)
	flags := kindSlots(p, holder, tShips, units.Flagship)
	if sc.Action == GroundCombat || len(flags) == 0 {
		return
	}
	var flag [maxSlots]bool
	for _, s := range flags {
		flag[s] = true
	}
	p.adjustThresholds(holder, rollSpace, -2, func(s uint8) bool { return flag[s] })
	p.warnOnce("Arvicon Rex (" + sideName(holder) + "): the opponent's command token is assumed not to be in the Mahact fleet pool (list fleet-pool-token among the Mahact side's cards when it is), so the flagship gets +2 to its combat rolls")
}

// viscountUnlenn (Letnev agent): "At the start of a space combat round:
// You may exhaust this card to choose 1 ship in the active system; that
// ship rolls 1 additional die during this combat round." Listed in the
// side's Cards (or Techs), it is the holder's to use (any player may be
// given the agent's use by the Letnev; the target is the holder's own
// ship). Policy: round 1 of the space combat, on the holder's ship alive
// with the best combat value (lowest threshold after static modifiers):
// one more space combat roll die, with the round's dynamic modifiers and
// rerolls of misses. Not modelled: using the die for that ship's
// anti-fighter barrage in round 1 instead (TR allows it), and choosing a
// later round. Random, after both sides roll; exact mode refuses it.
func viscountUnlenn(p *plan, sc *Scenario, holder int) {
	if sc.Action == GroundCombat {
		p.addEffect("Viscount Unlenn", true)
		factionIdle(p, "Viscount Unlenn", holder, "a ground combat has no space combat")
		return
	}
	p.addEffect("Viscount Unlenn (an extra die in round 1)", false)
	p.hooks.afterRolls[inSpace] = append(p.hooks.afterRolls[inSpace], func(t *trial, hits *[2]int) {
		if t.round != 1 {
			return
		}
		thr, ok := t.p.bestRoller(holder, rollSpace, &t.alive[holder])
		if !ok {
			return
		}
		mod, reroll := t.rollMods(holder, rollSpace)
		hits[holder] += t.dice(thr-mod, 1, reroll) * t.p.hitFactor[holder][rollSpace]
	})
}

// maxPoolDice bounds the space combat dice for which the L1Z1X
// flagship's share of the hits is drawn exactly.
const maxPoolDice = 256

// l1z1xFlagship (L1Z1X flagship, [0.0.1]): "During a space combat, hits
// produced by this ship and by your dreadnoughts in this system must be
// assigned to non-fighter ships if able." While the flagship is alive,
// each space combat round the hits of the flagship's and the side's
// dreadnoughts' dice (one pool) are assigned by the opponent to its
// non-fighter ships (its hit order over them, Sustain Damage allowed),
// and only when none is left to fighters; the side's other dice's hits
// are assigned as usual. The opponent assigns the forced pool first, then
// the other hits.
//
// The engine draws a roll's total hits, not each die's. Given the total,
// the forced pool's share is drawn from its exact conditional
// distribution: P(k) ∝ P(pool scores k)·P(other dice score total − k),
// each die hitting with its probability this round (static and round
// modifiers, auras, single-slot modifiers, a reroll of misses). With more
// than maxPoolDice dice in the roll, the hits are split one by one in
// proportion to the two parts' expected hits. It only matters when the
// opponent has both fighters and non-fighter ships. Not modelled: hits
// that other effects add after the roll (Viscount Unlenn's die is counted
// as if any ship could have rolled it), and a reroll of all dice counts as
// one roll as usual. Random; exact mode refuses it.
func l1z1xFlagship(p *plan, sc *Scenario, holder int) {
	flags := kindSlots(p, holder, tShips, units.Flagship)
	if sc.Action == GroundCombat || len(flags) == 0 {
		p.addEffect("[0.0.1]", true)
		return
	}
	p.addEffect("[0.0.1] (its and the dreadnoughts' hits on non-fighter ships)", false)
	flag := flags[0]
	var pool [maxSlots]bool
	pool[flag] = true
	for _, s := range kindSlots(p, holder, tShips, units.Dreadnought) {
		pool[s] = true
	}
	opp := 1 - holder
	p.hooks.afterRolls[inSpace] = append(p.hooks.afterRolls[inSpace], func(t *trial, hits *[2]int) {
		if t.alive[holder][flag] == 0 || hits[holder] == 0 || !t.has(opp, tFighters) || t.nonFighterShips(opp) == 0 {
			return
		}
		if k := poolShare(t, holder, &pool, hits[holder]); k > 0 {
			hits[holder] -= k
			assignTo(t, opp, tNonFighters, rollSpace, k)
		}
	})
}

// poolShare draws how many of side's space combat hits this round, total,
// came from the dice of the slots in pool (see l1z1xFlagship).
func poolShare(t *trial, side int, pool *[maxSlots]bool, total int) int {
	sp, h, alive := &t.p.side[side], &t.p.hooks, &t.alive[side]
	mod, reroll := t.rollMods(side, rollSpace)
	var pmf [2][maxPoolDice + 2]float64
	var n [2]int
	var mean [2]float64
	pmf[0][0], pmf[1][0] = 1, 1
	exact := true
	for _, ro := range sp.rollers[rollSpace] {
		dice := int(alive[ro.slot]) * int(ro.dice)
		if dice == 0 {
			continue
		}
		thr := int(ro.thr) - mod + sp.auraShift(rollSpace, ro.slot, alive)
		for _, m := range h.slotModifier[rollSpace] {
			thr -= m(t, side, ro.slot)
		}
		q := hitProbability(thr)
		if reroll {
			q = 1 - (1-q)*(1-q)
		}
		i := 1
		if pool[ro.slot] {
			i = 0
		}
		mean[i] += float64(dice) * q
		if n[0]+n[1]+dice > maxPoolDice {
			exact = false
		}
		for ; dice > 0 && exact; dice-- {
			for k := n[i]; k >= 0; k-- {
				pmf[i][k+1] += pmf[i][k] * q
				pmf[i][k] *= 1 - q
			}
			n[i]++
		}
		if !exact {
			n[i] += dice
		}
	}
	if !exact {
		k := 0
		if all := mean[0] + mean[1]; all > 0 {
			for range total {
				if uniform(t)*all < mean[0] {
					k++
				}
			}
		}
		return min(k, n[0])
	}
	lo, hi := max(0, total-n[1]), min(total, n[0])
	sum := 0.0
	for k := lo; k <= hi; k++ {
		sum += pmf[0][k] * pmf[1][total-k]
	}
	if sum <= 0 {
		return 0
	}
	u := uniform(t) * sum
	for k := lo; k < hi; k++ {
		if u -= pmf[0][k] * pmf[1][total-k]; u < 0 {
			return k
		}
	}
	return hi
}
