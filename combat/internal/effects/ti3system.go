package effects

// The Twilight Imperium 3 system options and the rule of bombardment alone
// that one of them turns off: the neutral planet (SA), --home-system,
// --wormhole, --negate-mine-hits and --commandos (their texts and checks).

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// TI3NeutralBombardment says what bombardment alone does to a planet in
// Twilight Imperium 3 with Shattered Ascension.
const TI3NeutralBombardment = "bombardment without an invasion (SA: dreadnoughts and war suns may bombard without one): a non-home planet taking a bombardment hit with no ground force present to take it turns neutral (SA: \"A non-Home System planet without Ground Forces present taking a bombardment hit reverts immediately to neutral status\"); ti4sim reads it as a hit beyond the planet's ground forces, reports it as neither player controlling the planet (the draw column), and a home system turns it off (the bombarding player may also omit the effect: then read it as the defender's)"

// TI3Wormhole and TI3NegateMineHits say what --wormhole and
// --negate-mine-hits do under ruleset ti3-sa.
const (
	TI3Wormhole       = "the active system has a wormhole: the Creuss Dimensional Splicer acts at the start of a space battle there (its only effect on a combat)"
	TI3NegateMineHits = "the attacker negates a space mine hit that would destroy its ship by taking 2 hits on two other non-fighter ships that can use Sustain Damage, when it can, after seeing every mine die (SA Space Mines: \"The victim of a Space Mines hit may negate the specific hit by taking 2 hits to non-fighter ships in the same fleet\")"
)

// validateTI3System refuses the Twilight Imperium 3 system options where
// they mean nothing: commandos outside a TI3 invasion (or more than the
// attacker's shock troops), a wormhole outside TI3, and --home-system (the
// exception to Shattered Ascension's bombardment rule) outside a TI3
// invasion.
func (sc *Scenario) validateTI3System() error {
	switch {
	case sc.Commandos != 0 && (sc.Edition != engine.EditionTI3SA || sc.Action != engine.Invasion):
		return engine.Inputf("", "Commandos", "commandos: Twilight Imperium 3's shock troops held back in an invasion; give ruleset ti3-sa and an invasion")
	case sc.Commandos < 0 || sc.Commandos > sc.Attacker.Fleet.Count(units.ShockTroop):
		return engine.Inputf("", "Commandos", "commandos %d: the attacker has %d shock troops", sc.Commandos, sc.Attacker.Fleet.Count(units.ShockTroop))
	case sc.Wormhole && sc.Edition != engine.EditionTI3SA:
		return engine.Inputf("", "Wormhole", "wormhole: only Twilight Imperium 3's Dimensional Splicer reads it; give ruleset ti3-sa")
	case !sc.HomeSystem:
	case sc.Edition != engine.EditionTI3SA:
		return engine.Inputf("", "HomeSystem", "home system: it changes only Twilight Imperium 3's bombardment (a planet taking a hit with no ground forces turns neutral unless in a home system); give ruleset ti3-sa")
	case sc.Action != engine.Invasion:
		return engine.Inputf("", "HomeSystem", "home system: it changes only the bombardment of an invasion; use invade")
	}
	return nil
}

// applyNeutralBombardment (SA, general rules: bombardment): in an
// invasion that lands nothing, a bombardment hit beyond the ground forces
// on a non-home planet turns it neutral (Outcomes.Draw). An invasion that
// lands takes the planet either way, so the rule acts only on bombardment
// alone. A system's planets keep the defender's count: said in the
// output.
func applyNeutralBombardment(p *engine.Plan, sc *Scenario) {
	if sc.Action != engine.Invasion || sc.HomeSystem {
		return
	}
	if sc.PlanetOfSystem {
		if len(p.Side[engine.Attacker].Rollers[engine.RollBombard]) == 0 {
			return
		}
		p.Warn("bombardment alone of a planet in a several-planet system: a hit beyond its ground forces would turn it neutral (SA); ti4sim counts that planet as still the defender's")
		return
	}
	if p.SetNeutralOnBombard() {
		p.Warn("bombardment alone: a hit beyond the planet's ground forces turns it neutral (SA), shown as \"planet turns neutral\"; a home planet does not (when the system is a home system), and the bombarding player may omit the effect")
	}
}
