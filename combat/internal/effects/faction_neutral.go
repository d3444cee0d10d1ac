package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
)

// neutralTexts lists the texts of the neutral units (Thunder's Edge) that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func neutralTexts() []Effect {
	return []Effect{
		modelled("neutral-hit-order", neutralHitOrder),
	}
}

// Neutral units (Thunder's Edge rules, "Neutral Units"): non-player forces
// whose rolls another player makes. They "always use unit abilities when
// they can (sustain damage, space cannon, etc.) but are otherwise unable to
// use any other abilities", and hits are assigned to them "in the order
// presented on the neutral unit reference, prioritizing units lower on the
// reference card first (for example, hits will always be assigned to
// neutral destroyers before they are assigned to neutral cruisers)". The
// engine's default order (fighter, destroyer, cruiser, carrier,
// dreadnought, war sun; infantry, mech) is that order, with Sustain Damage
// used at the first hit it can cancel.

// isNeutral reports whether the side is the neutral units.
func isNeutral(s *engine.Force) bool {
	return s.Faction != nil && s.Faction.Slug == "neutral"
}

// validateNeutral refuses what neutral units cannot have or do: upgrades,
// technologies, cards, a hit order of their own (nobody chooses it) or a
// retreat (they make no decisions).
func validateNeutral(s *engine.Force) error {
	if !isNeutral(s) {
		return nil
	}
	for _, g := range s.Fleet.Groups() {
		if g.Upgraded {
			return engine.Inputf("", "Fleet", "neutral units are never upgraded: %s II is not allowed", g.Kind)
		}
	}
	switch {
	case len(s.Techs) > 0:
		return engine.Inputf("", "Techs", "neutral units hold no technologies (got %q)", s.Techs)
	case len(s.Cards) > 0:
		return engine.Inputf("", "Cards", "neutral units use no cards or abilities other than unit abilities (got %q)", s.Cards)
	case len(s.Order.Kinds) > 0 || s.Order.SustainLast:
		return engine.Inputf("", "Order", "neutral units take hits in the fixed order of their reference card (destroyers before cruisers, Sustain Damage whenever they can); no custom order")
	case !s.Retreat.Never():
		return engine.Inputf("", "Retreat", "neutral units make no decisions: they do not retreat")
	case s.TradeGoods > 0:
		return errNeutralBudget("TradeGoods")
	case s.Influence > 0:
		return errNeutralBudget("Influence")
	case !s.Galvanized.Empty():
		return errNeutralBudget("Galvanized")
	}
	return nil
}

// neutralHitOrder is the modelled text of the neutral units: validation
// enforces it and the default order is the reference card's.
func neutralHitOrder(p *engine.Plan, sc *Scenario, holder engine.Side) {
}

// errNeutralBudget refuses neutral units' trade goods, influence or
// galvanize tokens, field the one given.
func errNeutralBudget(field string) error {
	return engine.Inputf("", field, "neutral units have no trade goods, influence or galvanize tokens")
}
