package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// vuilRaithTexts lists the texts of the Vuil'raith Cabal that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func vuilRaithTexts() []Effect {
	return []Effect{
		modelled("devour", devour),
		modelled("the-terror-between", terrorBetween),
		modelled("reanimator", reanimator),
		outside("dimensional-tear", "a gravity rift, which acts on movement"),
	}
}

// reanimator (Vuil'raith mech, Reanimator): "Your infantry on this planet
// are captured instead of being returned to reinforcements when they are
// destroyed" (catalog: Vuil'raith infantry destroyed on its planet are
// captured). Each of the holder's infantry destroyed by a hit while on the
// contested planet with a holder's mech alive there is counted in
// SideResult.Captured (the holder's own captures). On the planet: the
// defender's ground forces always are; the attacker's are after the
// commitment of an invasion (so not those a barrage destroys in the space
// area), and in a ground combat alone. Space cannon defense and ground
// combat hits count, and a defender's infantry lost to bombardment. As for
// Devour, only destructions by hits count (not units an effect removes).
// No double count: Devour counts only the opponent's units, and while the
// holder's flagship (The Terror Between) is alive it already captures the
// holder's own destroyed units, so Reanimator counts only when the holder
// has no flagship alive. Articles of War removes the text. Captures are
// counted in hooks on destruction: exact mode refuses.
func reanimator(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if mechTextLost(sc) {
		factionIdle(p, "Reanimator", holder, "Articles of War takes the mechs' texts away")
		return
	}
	mechs := engine.KindSlots(p, holder, engine.TGround, units.Mech)
	inf := engine.KindSlots(p, holder, engine.TGround, units.Infantry)
	if sc.Action == engine.SpaceCombat || len(mechs) == 0 || len(inf) == 0 {
		return
	}
	var isInf [engine.MaxSlots]bool
	for _, s := range inf {
		isInf[s] = true
	}
	flag, hasFlag := engine.FlagshipSlot(p, holder)
	onPlanetAlways := holder == engine.Defender || sc.Action == engine.GroundCombat
	p.OnDestroyed(func(t *engine.Trial, side engine.Side, s uint8, _ engine.RollKind) {
		if side != holder || !isInf[s] || !(onPlanetAlways || t.Invaded) {
			return
		}
		if hasFlag && t.Alive[holder][flag] > 0 {
			return // The Terror Between counts it
		}
		for _, m := range mechs {
			if t.Alive[holder][m] > 0 {
				t.Captured[holder]++
				return
			}
		}
	})
	p.BeyondExact("Reanimator (captured infantry are counted)")
}

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
func devour(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.BeyondExact("Devour (captured units are counted)")
	flag, hasFlag := engine.FlagshipSlot(p, holder)
	opp := holder.Opp()
	// The opponent's slots are read when a unit is destroyed, not when the
	// plan is built: a text may add a slot later (Brother Milor's fighters
	// join in one), and its units are captured too.
	p.OnDestroyed(func(t *engine.Trial, side engine.Side, s uint8, r engine.RollKind) {
		if side != opp || t.P.Side[opp].Slots[s].Stats.Kind.Structure() || (hasFlag && t.Alive[holder][flag] > 0) {
			return
		}
		switch r {
		case engine.RollAFB, engine.RollSpace, engine.RollGround, engine.RollEffect:
			t.Captured[holder]++
		}
	})
}

// terrorBetween (Vuil'raith flagship): "Capture all other
// non-structure units that are destroyed in this system, including your
// own." Either side's, by any hit (space cannon and bombardment too),
// while the flagship is alive.
func terrorBetween(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.BeyondExact("The Terror Between (captured units are counted)")
	flag, ok := engine.FlagshipSlot(p, holder)
	if !ok {
		return
	}
	p.OnDestroyed(func(t *engine.Trial, side engine.Side, s uint8, _ engine.RollKind) {
		if t.Alive[holder][flag] > 0 && !t.P.Side[side].Slots[s].Stats.Kind.Structure() {
			t.Captured[holder]++
		}
	})
}
