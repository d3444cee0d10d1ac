package combat

import "github.com/ti4sim/ti4sim/units"

// fragile (Jol-Nar): −1 to each of the side's combat rolls.
func fragile(p *plan, sc *scenarioIn, holder sideID) {
	all := func(uint8) bool { return true }
	p.adjustThresholds(holder, rollSpace, +1, all)
	p.adjustThresholds(holder, rollGround, +1, all)
}

// jolNarFlagship (J.N.S. Hylarim): each of its combat dice whose result is 9
// or 10 before modifiers produces 2 additional hits.
func jolNarFlagship(p *plan, sc *scenarioIn, holder sideID) {
	for _, r := range []rollKind{rollSpace, rollGround} {
		if i := p.flagshipRoller(holder, r); i >= 0 {
			ro := &p.side[holder].rollers[r][i]
			ro.bonusFrom, ro.bonus = 9, 2
			p.side[holder].special[r] = true
			p.side[holder].groups[r] = groupRollers(p.side[holder].rollers[r])
		}
	}
}

// shieldPaling (Jol-Nar mech): "Your infantry on this planet are not
// affected by your FRAGILE faction ability." While a Jol-Nar mech is on the
// planet (alive; the attacker commits all its ground forces to the one
// planet), the side's infantry roll without Fragile's −1: an aura of −1 on
// their ground combat thresholds, undoing Fragile's +1. Articles of War
// removes the text.
func shieldPaling(p *plan, sc *scenarioIn, holder sideID) {
	if mechTextLost(sc) {
		p.warnOnce("Shield Paling does nothing: Articles of War removes the mech's printed abilities")
		return
	}
	sp := &p.side[holder]
	a := aura{delta: -1}
	mech, inf := false, false
	for i, sl := range sp.slots {
		switch {
		case sl.stats.Kind == units.Mech && sl.zone != zoneAdjacent:
			a.source, mech = uint8(i), true
		case sl.stats.Kind == units.Infantry && sl.zone != zoneAdjacent:
			a.targets[i], inf = true, true
		}
	}
	if mech && inf {
		sp.auras[rollGround] = append(sp.auras[rollGround], a)
	}
}

// taZern (Jol-Nar commander, Ta Zern; catalog text: "after Jol-Nar units
// roll dice for a unit ability, any of those dice may be rerolled").
// Listed by a side, it acts on that side's rolls. Policy: every die of the
// holder's unit-ability rolls — space cannon offense and defense,
// anti-fighter barrage, bombardment — that missed is rerolled once
// (rerolling a hit never helps). Plasma Scoring's and similar extra dice
// belong to the roll and are rerolled too, as are the unit-ability rolls
// cards make with the holder's units (Experimental Battlestation) and
// Harrow's bombardments. The rerolls are outside what exact mode's tables
// express, so it refuses them (a ground combat alone has no such roll: there
// it does nothing, and exact mode solves it). Not modelled: Thunder's
// Edge's replacement commander (Agnlan Oln).
func taZern(p *plan, sc *scenarioIn, holder sideID) {
	if sc.Action == GroundCombat {
		factionIdle(p, "Ta Zern", holder, "a ground combat alone has no unit-ability roll")
		return
	}
	for _, r := range unitAbilityRolls {
		p.onRerollMisses(r, func(t *trial, side sideID) bool {
			return side == holder
		})
	}
	p.beyondExact("Ta Zern (rerolls of unit-ability dice)")
}
