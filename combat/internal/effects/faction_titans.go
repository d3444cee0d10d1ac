package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// titansTexts lists the texts of the Titans of Ul that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func titansTexts() []Effect {
	return []Effect{
		modelled("ul-the-progenitor", ulTheProgenitor),
		modelled("hel-titan", helTitan),
		modelled("tellurian", tellurian),
		byNumbers("saturn-engine-ii"),
		outside("ouranos", "a deploy on activation: give the flagship in the fleet"),
		outside("hecatoncheires", "a deploy"),
		outside("coalescence", "a placement: give the units present in the fleets"),
	}
}

// ulTheProgenitor (Titans hero, Geoform): attached to Elysium, the planet
// gains Space Cannon 5 (x3) "as if it were a unit". Listing the hero says
// it is attached and Elysium (the Titans' home planet, alone in its system)
// is in the active system: held by the defender, Elysium is the contested
// planet and fires in space cannon offense and defense; held by the
// attacker, Elysium is another planet of the active system and fires in
// space cannon offense only. The planet is never hit nor destroyed.
func ulTheProgenitor(p *engine.Plan, sc *Scenario, holder engine.Side) {
	sp := &p.Side[holder]
	n := len(sp.Slots)
	p.AddRoller(holder, engine.RollSCO, "Elysium (Geoform)", 5, 3)
	if len(sp.Slots) == n || holder != engine.Defender {
		return
	}
	sp.AppendRoller(engine.RollSCD, engine.Roller{Slot: uint8(n), Dice: 3, Base: 5}) // space cannon modifiers (Antimass) compose onto it
}

// helTitan (Titans PDS, Hel-Titan I/II: "This unit is treated as both a
// structure and a ground force. It cannot be transported."): the defender's
// Hel-Titans on the planet fight in ground combat with their combat value
// (7, or 6 upgraded) and the side's static modifier, can be hit by ground
// combat rolls and Bombardment and use Sustain Damage against them, and
// keep the planet from falling while one is left. They take hits after the
// side's other ground forces (the player keeps the PDS longest). Space
// cannon and Planetary Shield are the structure's, as before. Static: exact
// mode solves it. Not modelled: an attacker's Hel-Titans (a PDS cannot be
// committed: it cannot be transported).
func helTitan(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if holder != engine.Defender || sc.Action == engine.SpaceCombat {
		return
	}
	sp := &p.Side[holder]
	for i, sl := range sp.Slots {
		if sl.Stats.Kind != units.PDS || sl.Zone != engine.ZonePlanet || !sl.Stats.Combat.Has() {
			continue
		}
		s := uint8(i)
		// At its printed combat value: the side's modifier (Side.Modifier,
		// a modifier to combat rolls) and every other ground combat
		// modifier of the slot are composed onto it (engine compose).
		sp.AppendRoller(engine.RollGround, engine.Roller{Slot: s, Dice: uint8(sl.Stats.Combat.Dice), Base: int8(sl.Stats.Combat.Value)})
		sp.JoinTargets(s, engine.TGround, len(sp.Order[engine.TGround]))
	}
	sp.Derive()
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
func tellurian(p *engine.Plan, sc *Scenario, holder engine.Side) {
	c := p.Counter()
	for r := range engine.RollKind(engine.NumRollKinds) {
		p.OnBeforeAssign(r, func(t *engine.Trial, side engine.Side, hits int) int {
			if side != holder || hits == 0 || t.Used[c] > 0 {
				return hits
			}
			t.Used[c] = 1
			return hits - 1
		})
	}
	p.BeyondExact("Tellurian (cancels the first hit)")
}
