package combat

// factionRulesE returns one group of modelled faction texts, by ability
// slug: Ta Zern (Jol-Nar commander), Trrakan Aun Zulok (Argent
// commander) and Tellurian (Titans agent). The helpers of this file end in E so as not to clash with
// the other faction files.
func factionRulesE() map[string]factionRule {
	return map[string]factionRule{
		"ta-zern":           {attach: taZern},
		"trrakan-aun-zulok": {attach: trrakanAunZulok},
		"tellurian":         {attach: tellurian},
	}
}

// unitAbilityRolls are the roll kinds of unit abilities: space cannon
// (offense and defense), anti-fighter barrage and bombardment.
var unitAbilityRolls = [...]rollKind{rollSCO, rollAFB, rollBombard, rollSCD}

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
func taZern(p *plan, sc *Scenario, holder int) {
	if sc.Action == GroundCombat {
		p.addEffect("Ta Zern", true)
		factionIdle(p, "Ta Zern", holder, "a ground combat alone has no unit-ability roll")
		return
	}
	for _, r := range unitAbilityRolls {
		p.hooks.rerollMisses[r] = append(p.hooks.rerollMisses[r], func(t *trial, side int) bool {
			return side == holder
		})
	}
	p.addEffect("Ta Zern (rerolls of unit-ability dice)", false)
}

// trrakanAunZulok (Argent commander, Trrakan Aun Zulok; catalog text: "when
// Argent units roll for a unit ability (Anti-Fighter Barrage, Space Cannon,
// Bombardment), one of those units rolls 1 additional die"). Listed by a
// side, it acts on that side's rolls. Policy: every unit-ability roll of
// the holder — space cannon offense and defense, anti-fighter barrage,
// bombardment — gets 1 extra die, rolled at the best value among the
// holder's units alive in that roll (the engine's extra die, as Plasma
// Scoring's, to which it adds: with both, a roll has 2 extra dice).
// Static: exact mode solves it.
func trrakanAunZulok(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Trrakan Aun Zulok", true)
	for _, r := range unitAbilityRolls {
		p.side[holder].extraDice[r]++
	}
}

// tellurian (Titans agent, Tellurian; catalog text: "agent: when a hit is
// produced against any unit, exhaust to cancel that hit"). Listed by a
// side, that side uses it, on its own units. An agent exhausts: once per
// action. Policy: it cancels the first hit produced against the holder's
// units in the action, whatever the roll (space cannon, anti-fighter
// barrage, combat rounds, bombardment, space cannon defense, the hits of
// effects), before the holder assigns it — even one that its Sustain
// Damage could have cancelled. Not modelled: using it on hits against
// other players' units, and keeping it for a later, more damaging hit. The
// choice depends on what happened earlier in the action: exact mode
// refuses it.
func tellurian(p *plan, sc *Scenario, holder int) {
	c := p.counter()
	for r := range rollKind(numRollKinds) {
		p.hooks.beforeAssign[r] = append(p.hooks.beforeAssign[r], func(t *trial, side, hits int) int {
			if side != holder || hits == 0 || t.used[c] > 0 {
				return hits
			}
			t.used[c] = 1
			return hits - 1
		})
	}
	p.addEffect("Tellurian (cancels the first hit)", false)
}
