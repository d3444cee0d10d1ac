package combat

import "github.com/ti4sim/ti4sim/units"

// Capturing units (the Vuil'raith). A captured unit is taken off the board
// by its destruction as usual; the count of captured units is reported in
// SideResult.Captured. Only destructions by hits count (each fires the
// on-destroyed effects): units an effect destroys outright (Direct Hit,
// Exotrireme II, Devotion's sacrifice) and units removed for capacity are
// not counted.

// devour (Vuil'raith ability): "Capture your opponent's non-structure
// units that are destroyed during combat." During combat: hits of
// anti-fighter barrage, combat rounds and effects within a combat; not of
// space cannon, bombardment or space cannon defense (not combat). While
// the holder's flagship is alive, The Terror Between counts instead (it
// captures more), so no unit is counted twice.
func devour(p *plan, sc *Scenario, holder int) {
	p.addEffect("Devour (captured units are counted)", false)
	flag, hasFlag := captureFlagship(p, holder)
	opp := 1 - holder
	oppSlots := p.side[opp].slots
	p.hooks.onDestroyed = append(p.hooks.onDestroyed, func(t *trial, side int, s uint8, r rollKind) {
		if side != opp || oppSlots[s].stats.Kind.Structure() || (hasFlag && t.alive[holder][flag] > 0) {
			return
		}
		switch r {
		case rollAFB, rollSpace, rollGround, rollEffect:
			t.captured[holder]++
		}
	})
}

// terrorBetween (Vuil'raith flagship): "Capture all other
// non-structure units that are destroyed in this system, including your
// own." Either side's, by any hit (space cannon and bombardment too),
// while the flagship is alive.
func terrorBetween(p *plan, sc *Scenario, holder int) {
	p.addEffect("The Terror Between (captured units are counted)", false)
	flag, ok := captureFlagship(p, holder)
	if !ok {
		return
	}
	p.hooks.onDestroyed = append(p.hooks.onDestroyed, func(t *trial, side int, s uint8, _ rollKind) {
		if t.alive[holder][flag] > 0 && !t.p.side[side].slots[s].stats.Kind.Structure() {
			t.captured[holder]++
		}
	})
}

// captureFlagship returns holder's flagship slot, if the fleet has one.
func captureFlagship(p *plan, holder int) (uint8, bool) {
	flags := kindSlots(p, holder, tShips, units.Flagship)
	if len(flags) == 0 {
		return 0, false
	}
	return flags[0], true
}
