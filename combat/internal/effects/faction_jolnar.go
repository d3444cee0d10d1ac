package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// jolNarTexts lists the texts of the Universities of Jol-Nar that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func jolNarTexts() []Effect {
	return []Effect{
		modelled("fragile", fragile),
		modelled("jns-hylarim", jolNarFlagship),
		modelled("shield-paling", shieldPaling),
		modelled("ta-zern", taZern),
	}
}

// fragile (Jol-Nar): −1 to each of the side's combat rolls.
func fragile(p *engine.Plan, sc *Scenario, holder engine.Side) {
	all := func(uint8) bool { return true }
	p.AdjustThresholds(holder, engine.RollSpace, +1, all)
	p.AdjustThresholds(holder, engine.RollGround, +1, all)
}

// jolNarFlagship (J.N.S. Hylarim): each of its combat dice whose result is 9
// or 10 before modifiers produces 2 additional hits.
func jolNarFlagship(p *engine.Plan, sc *Scenario, holder engine.Side) {
	for _, r := range []engine.RollKind{engine.RollSpace, engine.RollGround} {
		if i := p.FlagshipRoller(holder, r); i >= 0 {
			sp := &p.Side[holder]
			sp.DieByDie(r)
			ro := sp.Rollers[r][i]
			ro.BonusFrom, ro.Bonus = 9, 2
			sp.SetRoller(r, i, ro)
		}
	}
}

// shieldPaling (Jol-Nar mech): "Your infantry on this planet are not
// affected by your FRAGILE faction ability." While a Jol-Nar mech is on the
// planet (alive; the attacker commits all its ground forces to the one
// planet), the side's infantry roll without Fragile's −1: an aura of −1 on
// their ground combat thresholds, undoing Fragile's +1. Articles of War
// removes the text.
func shieldPaling(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if mechTextLost(sc) {
		p.WarnOnce("Shield Paling does nothing: Articles of War removes the mech's printed abilities")
		return
	}
	sp := &p.Side[holder]
	a := engine.Aura{Delta: -1}
	mech, inf := false, false
	for i, sl := range sp.Slots {
		switch {
		case sl.Stats.Kind == units.Mech && sl.Zone != engine.ZoneAdjacent:
			a.Source, mech = uint8(i), true
		case sl.Stats.Kind == units.Infantry && sl.Zone != engine.ZoneAdjacent:
			a.Targets[i], inf = true, true
		}
	}
	if mech && inf {
		sp.AddAura(engine.RollGround, a)
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
// Harrow's bombardments. Exact mode computes the rerolls in those rolls'
// hit distributions (Plan.RerollMisses: a die hitting with chance q hits
// with 1 − (1 − q)²); a ground combat alone has no such roll: there it does
// nothing. Not modelled: Thunder's Edge's replacement commander (Agnlan
// Oln).
func taZern(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Action == engine.GroundCombat {
		factionIdle(p, "Ta Zern", holder, "a ground combat alone has no unit-ability roll")
		return
	}
	for _, r := range engine.UnitAbilityRolls {
		p.RerollMisses(holder, r, 0)
	}
}
