package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// Helpers the texts share: the warning of a text that does nothing here,
// and whether Articles of War took the mechs' texts away.

// factionIdle records that a faction text held by holder does nothing in
// this scenario, and why.
func factionIdle(p *engine.Plan, name string, holder engine.Side, why string) {
	p.WarnOnce(name + " (" + holder.String() + ") does nothing: " + why)
}

// mechTextLost reports whether Articles of War (For), listed by either
// side, takes the mechs' printed texts away.
func mechTextLost(sc *Scenario) bool {
	return holdsCard(&sc.Attacker, "articles-of-war") || holdsCard(&sc.Defender, "articles-of-war")
}

// destroyFirst destroys one unit of side's first slot in slots with a
// unit alive (a damaged one first), and reports whether there was one.
func destroyFirst(t *engine.Trial, side engine.Side, slots []uint8) bool {
	s, ok := firstAlive(t, side, slots)
	if ok {
		t.Destroy(side, s)
	}
	return ok
}
