package combat

import "fmt"

// addMagen attaches Magen Defense Grid held by holder (base game,
// Codex I, Codex IV).
// It acts only in ground combat.
func (p *plan) addMagen(sc *scenarioIn, holder sideID) {
	if sc.Action == SpaceCombat {
		return
	}
	if sc.Printings.Magen == MagenOriginal {
		p.addMagenShutdown(holder)
		return
	}
	name := fmt.Sprintf("Magen Defense Grid (%s printing)", sc.Printings.Magen)
	if p.structuresOnPlanet(holder) == 0 {
		p.warnings = append(p.warnings, fmt.Sprintf("%s: the %s has no structure on the planet, so it has no effect", name, holder.String()))
		return
	}
	// At the start of ground combat on a planet with the holder's
	// structures: 1 hit on an opponent's ground force of the holder's
	// choice — one that dies if there is one (infantry, a damaged mech),
	// else a mech that cancels it with Sustain Damage. Ω may decline the
	// hit, but never gains by it; ΩΩ must produce it.
	victim := holder.opp()
	p.onStartOfCombat(onGround, func(t *trial) {
		t.takeHit(victim, t.p.side[victim].order[tGround], true, true)
	})
}

// addMagenShutdown attaches the original printing: at the start of a round
// of ground combat on a planet with the holder's Planetary Shield units, the
// holder may exhaust the card and the opponent makes no combat rolls that
// round; once per invasion. The holder uses it in round 1, unless the
// shield has been removed (a war sun in the system).
func (p *plan) addMagenShutdown(holder sideID) {
	if len(p.side[holder].shields) == 0 {
		p.warnings = append(p.warnings, fmt.Sprintf("Magen Defense Grid (original printing): the %s has no unit with Planetary Shield on the planet, so it has no effect", holder.String()))
		return
	}
	victim := holder.opp()
	p.onStartOfCombat(onGround, func(t *trial) {
		if holder == defender && !t.shielded() {
			return // the war sun took the shield: the card cannot be used
		}
		// Round 1, in which only the holder rolls.
		t.assign(victim, rollGround, t.roll(holder, rollGround))
		t.round = 2
	})
	p.beyondExact("Magen Defense Grid (original printing: a round in which only the holder rolls)")
}
