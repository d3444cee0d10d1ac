package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// applyEntropicScar applies the Entropic Scar anomaly (Thunder's Edge) to the
// plan when sc.EntropicScar is set.
//
// Units in an entropic scar cannot use unit abilities, and units outside it
// cannot use unit abilities against units inside it. The rules say no more
// yet; the reading here is the reference's, which it flags as an inference
// (not a quoted ruling), and agrees with TTPG's modifier:
//   - no Space Cannon Offense by anyone, in the system or from adjacent
//     systems (PDS II), nor from a card that makes a unit use SPACE CANNON
//     (it runs after the cards, so their added rolls are removed too);
//   - no Anti-Fighter Barrage, no Bombardment (Blitz's included), no Space
//     Cannon Defense;
//   - no Planetary Shield;
//   - no Sustain Damage for any unit in the system: ships and ground forces
//     of both sides, against every kind of hit.
//
// Combat rolls are not unit abilities: space and ground combat rounds are
// fought as usual. The changes are static, so the fast tables and the exact
// solver pick them up.
func applyEntropicScar(p *engine.Plan, sc *Scenario) {
	for side := range engine.NumSides {
		stripUnitAbilities(p, side, false)
	}
}

// stripUnitAbilities takes side's unit abilities away in the active system:
// Space Cannon (offense and defense), Anti-Fighter Barrage, Bombardment,
// Planetary Shield and Sustain Damage. With keepAdjacent, PDS in adjacent
// systems keep their Space Cannon.
func stripUnitAbilities(p *engine.Plan, side engine.Side, keepAdjacent bool) {
	sp := &p.Side[side]
	for _, r := range [...]engine.RollKind{engine.RollSCO, engine.RollAFB, engine.RollBombard, engine.RollSCD} {
		var kept []engine.Roller
		for _, ro := range sp.Rollers[r] {
			if keepAdjacent && sp.Slots[ro.Slot].Zone == engine.ZoneAdjacent {
				kept = append(kept, ro)
			}
		}
		sp.SetRollers(r, kept)
		if len(kept) == 0 {
			sp.ClearExtraDice(r) // Plasma Scoring's die goes with the ability
		}
	}
	sp.SetShields(nil)
	for i := range sp.Slots {
		if sp.Slots[i].Zone != engine.ZoneAdjacent {
			sp.LoseSustain(uint8(i))
		}
	}
}
