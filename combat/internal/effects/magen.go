package effects

import (
	"fmt"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
)

// addMagen attaches Magen Defense Grid held by holder (base game,
// Codex I, Codex IV).
// It acts only in ground combat.
func addMagen(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Action == engine.SpaceCombat {
		return
	}
	if sc.Printings.Magen == MagenOriginal {
		p.Attached(TechMagen+":original", holder)
		addMagenShutdown(p, holder)
		return
	}
	name := fmt.Sprintf("Magen Defense Grid (%s printing)", sc.Printings.Magen)
	if p.StructuresOnPlanet(holder) == 0 {
		p.Warn(fmt.Sprintf("%s: the %s has no structure on the planet, so it has no effect", name, holder.String()))
		return
	}
	// At the start of ground combat on a planet with the holder's
	// structures: 1 hit on an opponent's ground force of the holder's
	// choice — one that dies if there is one (infantry, a damaged mech),
	// else a mech that cancels it with Sustain Damage. Ω may decline the
	// hit, but never gains by it; ΩΩ must produce it.
	victim := holder.Opp()
	p.OnStartOfCombat(engine.OnGround, func(t *engine.Trial) {
		t.TakeHit(victim, t.P.Side[victim].Order[engine.TGround], true, true)
	})
}

// addMagenShutdown attaches the original printing: at the start of a round
// of ground combat on a planet with the holder's Planetary Shield units, the
// holder may exhaust the card and the opponent makes no combat rolls that
// round; once per invasion. The holder uses it in round 1, unless the
// shield has been removed (a war sun in the system).
func addMagenShutdown(p *engine.Plan, holder engine.Side) {
	if len(p.Side[holder].Shields) == 0 {
		p.Warn(fmt.Sprintf("Magen Defense Grid (original printing): the %s has no unit with Planetary Shield on the planet, so it has no effect", holder.String()))
		return
	}
	victim := holder.Opp()
	p.OnStartOfCombat(engine.OnGround, func(t *engine.Trial) {
		if holder == engine.Defender && !t.Shielded() {
			return // the war sun took the shield: the card cannot be used
		}
		// Round 1, in which only the holder rolls.
		t.Assign(victim, engine.RollGround, t.Roll(holder, engine.RollGround))
		t.Round = 2
	})
	p.BeyondExact("Magen Defense Grid (original printing: a round in which only the holder rolls)")
}
