package effects

import (
	"fmt"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// naaluTexts lists the texts of the Naalu Collective that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func naaluTexts() []Effect {
	return []Effect{
		modelled("matriarch", matriarch),
		modelled("iconoclast", iconoclast),
		byNumbers("hybrid-crystal-fighter-ii"),
		outside("foresight", "movement that avoids the combat: simulate the combat that does take place"),
	}
}

// iconoclast (Naalu mech, Iconoclast), by the scenario's printing
// (Printings.Iconoclast):
//   - Thunder's Edge (current): "DEPLOY: When another player gains a relic,
//     place 1 mech on any planet you control." Nothing in combat.
//   - Codex III Ω: "Other players cannot use ANTI-FIGHTER BARRAGE against
//     your units in this system." While a holder's mech is in the system
//     (the defender's on the planet, the attacker's in the space area; no
//     step before the barrage can destroy it; in a space combat, the mechs
//     the side lists, which space takes for this text), every hit of the opponent's
//     anti-fighter barrage against the holder is cancelled before it is
//     assigned (first among the effects on it, so Raid Formation sees no
//     hit). Deterministic, but exact mode does not express effects on the
//     barrage and refuses it in an action with a space combat.
//   - Prophecy of Kings: "During combat against an opponent who has at
//     least 1 relic fragment, apply +2 to the results of this unit's combat
//     rolls." The scenario cannot say whether the opponent has a fragment:
//     one is assumed (the effect's name says so). The mech's combat rolls
//     are its ground combat dice (mechs do not roll in space combat).
//     Static: exact mode solves it.
//
// Articles of War removes the Ω and PoK texts.
func iconoclast(p *engine.Plan, sc *Scenario, holder engine.Side) {
	switch sc.Printings.Iconoclast {
	case IconoclastTE:
		return
	}
	if mechTextLost(sc) {
		factionIdle(p, "Iconoclast", holder, "Articles of War takes the mechs' texts away")
		return
	}
	mechs := engine.KindSlots(p, holder, engine.TGround, units.Mech)
	if sc.Printings.Iconoclast == IconoclastOriginal {
		var isMech [engine.MaxSlots]bool
		for _, m := range mechs {
			isMech[m] = true
		}
		p.AdjustThresholds(holder, engine.RollGround, -2, func(s uint8) bool { return isMech[s] })
		return
	}
	if sc.Action == engine.GroundCombat || len(mechs) == 0 {
		return
	}
	cancel := func(t *engine.Trial, side engine.Side, hits int) int {
		if side != holder {
			return hits
		}
		for _, m := range mechs {
			if t.Alive[holder][m] > 0 {
				return 0
			}
		}
		return hits
	}
	p.OnBeforeAssignFirst(engine.RollAFB, cancel)
	p.BeyondExact("Iconoclast Ω (no anti-fighter barrage against the Naalu units)")
}

// matriarch (Naalu flagship): "During an invasion in this
// system, you may commit fighters to planets as if they were ground
// forces. When combat ends, return those units to the space area." Policy:
// when the flagship is alive at the commitment and the planet has ground
// forces to fight, every fighter is committed with the ground forces (first
// to take hits: they cannot take the planet); space cannon defense may hit
// them. Current printing: they return when the combat ends, before control
// is established, so a planet left with only Naalu fighters is not taken (a
// draw). Original printing ("After combat, return those units"): they leave
// after control is established, so fighters alone take the planet.
func matriarch(p *engine.Plan, sc *Scenario, holder engine.Side) {
	twins := p.TwinsOf(holder, engine.FormGround)
	flag, ok := engine.FlagshipSlot(p, holder)
	name := fmt.Sprintf("Matriarch, %s printing (fighters committed as ground forces)", sc.Printings.Matriarch)
	if len(twins) == 0 || !ok {
		return
	}
	p.BeyondExact(name)
	p.AddsUnits()
	p.OnAfterCommit(func(t *engine.Trial) bool {
		if t.Alive[holder][flag] > 0 && t.Has(engine.Defender, engine.TGround) {
			t.MoveTwins(holder, twins, false)
		}
		return true
	})
	back := func(t *engine.Trial) { t.MoveTwins(holder, twins, true) }
	if sc.Printings.Matriarch == TextOriginal {
		p.OnAfterResult(back)
	} else {
		p.OnEndOfCombat(engine.OnGround, back)
	}
}

// matriarchForm is the Matriarch's twin rule: with the flagship in an
// invading fleet, the attacker's fighters are committed to the planet as
// ground forces.
func matriarchForm(s *engine.Force, idx engine.Side, act engine.Action, k units.Kind) engine.Form {
	if idx == engine.Attacker && s.Fleet.Count(units.Flagship) > 0 && act == engine.Invasion && k == units.Fighter {
		return engine.FormGround
	}
	return engine.FormUnit
}
