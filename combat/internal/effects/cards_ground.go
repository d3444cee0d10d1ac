package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// groundCards returns the action cards of invasions and ground combat.
func groundCards() []Effect {
	return []Effect{bunker(), fireTeam(), disable(), parley(), blitz()}
}

// groundNoInvasion is the reason an invasion card is idle outside an invasion.
const groundNoInvasion = "the action has no invasion"

// invasionCard reports whether the invasion card name, held by holder, is
// played: only by owner (the side whose window it is; otherwise why it is
// idle) and only in an invasion. When it is not, a warning says why.
func invasionCard(p *engine.Plan, sc *Scenario, name string, holder, owner engine.Side, why string) bool {
	switch {
	case holder != owner:
		cardIdle(p, name, holder, why)
		return false
	case sc.Action != engine.Invasion:
		cardIdle(p, name, holder, groundNoInvasion)
		return false
	}
	return true
}

// bunker: "At the start of an invasion: During this invasion, apply -4 to
// the result of each BOMBARDMENT roll against planets you control." The
// holder must control the planet, so only the defender plays it. Every
// bombardment roll of the invasion is against the contested planet,
// including the dice Blitz gives (the attacker's cards attach first) and
// bombardment during ground combat (Harrow; tirules.com's L1Z1X notes).
func bunker() Effect {
	return Effect{CardInfo: CardInfo{Slug: "bunker", Name: "Bunker", Kind: KindActionCard, Copies: 1,
		Effect: "held by the defender: at the start of an invasion, -4 to each of the attacker's bombardment dice during the invasion (all of them, incl. those Blitz gives); always played; nothing when held by the attacker"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			if !invasionCard(p, sc, "Bunker", holder, engine.Defender, "only the player who controls the planet can play it") {
				return
			}
			p.AdjustThresholds(engine.Attacker, engine.RollBombard, +4, func(uint8) bool { return true })
		}}
}

// fireTeam: "After your ground forces make combat rolls during a round of
// ground combat: Reroll any number of your dice." Policy: played in round 1
// of the ground combat, rerolling every die that missed, once (rerolling a
// hit never helps). Exact mode computes it: round 1's hit distribution has
// the holder's misses rerolled (Plan.RerollMisses).
func fireTeam() Effect {
	return Effect{CardInfo: CardInfo{Slug: "fire-team", Name: "Fire Team", Kind: KindActionCard, Copies: 1,
		Effect: "in round 1 of a ground combat, after the holder's ground forces roll, reroll their missed dice once; either side"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			if sc.Action == engine.SpaceCombat {
				cardIdle(p, "Fire Team", holder, "a space combat has no ground combat")
			}
			p.RerollMisses(holder, engine.RollGround, 1)
		}}
}

// disable: "At the start of an invasion in a system that contains 1 or more
// of your opponents' PDS units: Your opponents' PDS units lose PLANETARY
// SHIELD and SPACE CANNON during this invasion." Held by the attacker and
// played whenever the defender has a PDS on the planet: those PDS give no
// Planetary Shield and fire no Space Cannon Defense. Space Cannon Offense
// comes before the invasion and is untouched (ruling: "Disable does not
// touch SCO"). Adjacent PDS are not in the system and do not fire in the
// invasion anyway. Both changes are static, made here on the plan.
func disable() Effect {
	return Effect{CardInfo: CardInfo{Slug: "disable", Name: "Disable", Kind: KindActionCard, Copies: 1,
		Effect: "held by the attacker: at the start of an invasion, if the defender has PDS on the planet, those PDS give no Planetary Shield and fire no space cannon defense; space cannon offense is unaffected; nothing when held by the defender"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			if !invasionCard(p, sc, "Disable", holder, engine.Attacker, "it works against the opponent's PDS during the holder's invasion") {
				return
			}
			sp := &p.Side[engine.Defender]
			pds := func(s uint8) bool {
				return sp.Slots[s].Stats.Kind == units.PDS && sp.Slots[s].Zone == engine.ZonePlanet && sp.Start[s] > 0
			}
			found := false
			for i := range sp.Slots {
				found = found || pds(uint8(i))
			}
			if !found {
				cardIdle(p, "Disable", holder, "the defender has no PDS in the active system")
				return
			}
			var scd []engine.Roller
			for _, ro := range sp.Rollers[engine.RollSCD] {
				if !pds(ro.Slot) {
					scd = append(scd, ro)
				}
			}
			sp.SetRollers(engine.RollSCD, scd)
			var shields []uint8
			for _, s := range sp.Shields {
				if !pds(s) {
					shields = append(shields, s)
				}
			}
			sp.SetShields(shields)
		}}
}

// parley: "After another player commits units to land on a planet you
// control: Return the committed units to the space area." Held by the
// defender and played as soon as the attacker commits ground forces: they
// go back to the space area and survive, there is no space cannon defense
// and no ground combat, and the defender keeps the planet.
func parley() Effect {
	return Effect{CardInfo: CardInfo{Slug: "parley", Name: "Parley", Kind: KindActionCard, Copies: 1,
		Effect: "held by the defender: when the attacker commits ground forces, they return to the space area (they survive); no invasion, the defender keeps the planet; always played; nothing when held by the attacker"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			if !invasionCard(p, sc, "Parley", holder, engine.Defender, "only the player who controls the planet can play it") {
				return
			}
			p.OnAfterCommit(func(t *engine.Trial) bool {
				return !t.Has(engine.Attacker, engine.TGround) // play it only against committed units
			})
		}}
}

// blitz: "At the start of an invasion: Each of your non-fighter ships in the
// active system that does not have BOMBARDMENT gains BOMBARDMENT 6 until the
// end of the invasion." Held by the attacker: each such ship type gets a
// bombardment roller of its own slot (one die on 6+ per ship alive), so the
// dice follow the ships that survived the space combat. Always played.
func blitz() Effect {
	return Effect{CardInfo: CardInfo{Slug: "blitz", Name: "Blitz", Kind: KindActionCard, Copies: 1,
		Effect: "held by the attacker: at the start of an invasion, each of its non-fighter ships without Bombardment gains BOMBARDMENT 6 (x1) for the invasion; always played; nothing when held by the defender"},
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			if !invasionCard(p, sc, "Blitz", holder, engine.Attacker, "only the active player bombards") {
				return
			}
			sp := &p.Side[engine.Attacker]
			for i, sl := range sp.Slots {
				k := sl.Stats.Kind
				if sl.Zone == engine.ZoneSpace && k.Ship() && k != units.Fighter && !sl.Stats.Bombardment.Has() {
					// Base 6: bombardment modifiers (Bunker's -4) compose onto it; the side's modifier does not (Side.Modifier: combat rounds only).
					sp.AppendRoller(engine.RollBombard, engine.Roller{Slot: uint8(i), Dice: 1, Base: 6})
				}
			}
		}}
}
