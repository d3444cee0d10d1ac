package effects

import (
	"fmt"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// addX89 attaches X-89 Bacterial Weapon held by holder (base
// game, Codex I, Game Companion, Codex IV).
func addX89(p *engine.Plan, sc *Scenario, holder engine.Side) {
	name := fmt.Sprintf("X-89 Bacterial Weapon (%s printing)", sc.Printings.X89)
	if sc.Printings.X89 == X89Omega2 {
		// The hits of the holder's bombardment and ground combat rolls are
		// doubled.
		p.SetHitFactor(holder, engine.RollBombard, 2)
		p.SetHitFactor(holder, engine.RollGround, 2)
		return
	}
	if holder != engine.Attacker || sc.Action != engine.Invasion {
		if holder != engine.Attacker {
			p.Warn(name + ": only the active player bombards, so the defender's card has no effect")
		}
		return
	}
	infantry := p.SlotsOf(engine.Defender, engine.TGround, func(k units.Kind) bool { return k == units.Infantry })
	ground := p.Side[engine.Defender].Order[engine.TGround]
	switch sc.Printings.X89 {
	case X89Original:
		// An action before the tactical action, modelled as used just before
		// this invasion when the holder has a ship with Bombardment in the
		// system: every infantry on the planet is destroyed. Planetary
		// Shield does not stop it.
		bombarders := p.Side[engine.Attacker].Rollers[engine.RollBombard]
		p.OnStartOfInvasion(func(t *engine.Trial) {
			for _, ro := range bombarders {
				if t.Alive[engine.Attacker][ro.Slot] > 0 {
					t.RemoveSlots(engine.Defender, infantry)
					return
				}
			}
		})
		p.Warn(name + " is an action: modelled as used just before the invasion, when the attacker has a ship with Bombardment in the system")
	case X89Omega, X89Companion:
		// After the holder's bombardment destroys at least 1 infantry (Ω) or
		// ground force (the companion's wording), all the opponent's
		// infantry (Ω) or ground forces (companion) there are destroyed.
		// Planetary Shield blocks it along with the bombardment.
		purge := infantry
		if sc.Printings.X89 == X89Companion {
			purge = ground
		}
		p.OnAfterBombard(func(t *engine.Trial, before *[engine.MaxSlots]uint16) {
			for _, s := range purge {
				if t.Alive[engine.Defender][s] < before[s] {
					t.RemoveSlots(engine.Defender, purge)
					return
				}
			}
		})
	}
}

// addX89TI3 attaches Twilight Imperium 3's X-89 Bacterial Weapon
// (technology) as the Shattered Ascension v4.0 technology list gives it:
// "Dreadnaughts may now wipe all GF from a planet during bombardment.
// Discard all Action Cards." Modelled, for the holder's invasion:
//
//   - at the start of the bombardment step, when the holder has a
//     dreadnought in the system and the planet has no Planetary Shield
//     (a PDS stops dreadnought bombardment in TI3; the war sun, which
//     bombards through it, is not a dreadnought), every ground force on
//     the planet is destroyed, the defender's shock troops with them (a
//     shock troop is a ground force promoted, reverting to a "regular
//     Ground Force unit"); mechanized units are not ground forces and stay;
//   - the bombardment dice are then rolled as usual, at what is left;
//   - "may": the holder always uses it (it costs nothing in the combat);
//     the discard of all its action cards is a cost outside the combat,
//     not counted (stated in the warnings).
//
// The defender's card does nothing (only the active player bombards), nor
// does it in a space or ground combat alone.
func addX89TI3(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "X-89 Bacterial Weapon (Shattered Ascension)"
	if holder != engine.Attacker || sc.Action != engine.Invasion {
		if holder != engine.Attacker {
			p.Warn(name + ": only the active player bombards, so the defender's technology has no effect")
		}
		return
	}
	var dreads []uint8
	for i, sl := range p.Side[engine.Attacker].Slots {
		if sl.Stats.Kind == units.Dreadnought && sl.Zone == engine.ZoneSpace {
			dreads = append(dreads, uint8(i))
		}
	}
	gf := p.SlotsOf(engine.Defender, engine.TGround, func(k units.Kind) bool { return k == units.Infantry || k == units.ShockTroop })
	p.OnStartOfInvasion(func(t *engine.Trial) {
		if t.Shielded() {
			return
		}
		for _, d := range dreads {
			if t.Alive[engine.Attacker][d] > 0 {
				t.RemoveSlots(engine.Defender, gf)
				return
			}
		}
	})
	p.Warn(name + ": used whenever the attacker has a dreadnought in the system and the planet has no Planetary Shield, destroying the defender's ground forces and shock troops before the bombardment dice; its cost, discarding all action cards, is outside the combat and not counted")
}
