package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// Effect is one text the engine knows: a card — a technology, action card,
// agenda, relic or promissory note, with its CardInfo for listings — or a
// faction text, one units.Ability (an ability, faction technology, leader,
// note, breakthrough or unit text), of which only CardInfo.Slug is set: its
// printed name and text are the Ability's. Each is a row in the file of its
// faction (faction_<slug>.go, <slug>Texts) or of its card family, and the
// catalogue (catalog.go) gathers those rows; doc.go says how to add one.
type Effect struct {
	CardInfo
	// aliases are other names the command line accepts for a card.
	aliases []string
	// early texts attach before any other text or card of either side:
	// they change which of the others attach (the Watcher's
	// cancellations).
	early bool
	// late cards change what the other cards set up (every space cannon
	// roll, every bombardment roll): they attach after all others.
	late bool
	// attach adds the text's hooks, held by side holder in the given
	// number of copies (1 for a faction text), to the plan through the
	// engine's registration methods; nil when nothing attaches (the
	// fields below say why).
	attach func(p *engine.Plan, sc *Scenario, holder engine.Side, copies int)
	// appliedBy names the step that applies a text with no hooks of its
	// own (the unit variants laid out with the side's units).
	appliedBy string
	// byNumbers: the unit's printed numbers (capacity, Sustain Damage,
	// combat value, revival) already say the whole text.
	byNumbers bool
	// outside says why a text acts only outside the simulated action —
	// movement, production, deploys, costs paid before it, effects after
	// it; it changes no number of the combats and raises no warning.
	outside string
}

// modelled is the row of a faction text that attach models.
func modelled(slug string, attach func(p *engine.Plan, sc *Scenario, holder engine.Side)) Effect {
	return Effect{CardInfo: CardInfo{Slug: slug}, attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
		attach(p, sc, holder)
	}}
}

// modelledEarly is modelled for a text that attaches before all others.
func modelledEarly(slug string, attach func(p *engine.Plan, sc *Scenario, holder engine.Side)) Effect {
	e := modelled(slug, attach)
	e.early = true
	return e
}

// appliedBy is the row of a faction text that step applies, with no hooks
// of its own.
func appliedBy(slug, step string) Effect {
	return Effect{CardInfo: CardInfo{Slug: slug}, appliedBy: step}
}

// byNumbers is the row of a faction unit text that the unit's numbers say
// completely.
func byNumbers(slug string) Effect {
	return Effect{CardInfo: CardInfo{Slug: slug}, byNumbers: true}
}

// outside is the row of a faction text that acts outside the action, and
// why.
func outside(slug, why string) Effect {
	return Effect{CardInfo: CardInfo{Slug: slug}, outside: why}
}
