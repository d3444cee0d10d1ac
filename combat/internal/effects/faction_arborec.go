package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// arborecTexts lists the texts of the Arborec that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func arborecTexts() []Effect {
	return []Effect{
		modelled("letani-behemoth", letaniBehemoth),
		byNumbers("letani-warrior-ii"),
		outside("duha-menaimon", "it produces units after activation, before any combat: give them in the fleet"),
	}
}

// letaniBehemoth (Arborec mech; catalog text: "its Planetary Shield keeps
// its planet from being bombarded unless something removes the shield; it
// also has Production 2"). The unit's numbers already have Planetary
// Shield: a defender's mech on the planet stops bombardment (and Harrow)
// unless a war sun or the Letnev flagship removes it, and Articles of War
// takes it away. Nothing is attached. Not modelled: Production and the
// Mitosis deploy (outside combat).
func letaniBehemoth(p *engine.Plan, sc *Scenario, holder engine.Side) {
}
