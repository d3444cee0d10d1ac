package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// creussTexts lists the texts of the Ghosts of Creuss that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func creussTexts() []Effect {
	return []Effect{
		modelled("dimensional-splicer", dimensionalSplicer),
		outside("hil-colish", "movement and a wormhole"),
		outside("icarus-drive", "it places a wormhole token"),
	}
}

// dimensionalSplicer (Creuss technology): "At the start of space combat in
// a system that contains a wormhole and 1 or more of your ships, you may
// produce 1 hit and assign it to 1 of your opponent's ships." The system is
// taken to contain a wormhole: the Hil Colish (Creuss flagship) brings one;
// otherwise list the technology only when the system has one. The Creuss
// choose the ship, and only it may sustain (TR). Policy: always used, on
// the opponent's most expensive ship that the hit destroys (no Sustain
// Damage, or damaged); when every ship would sustain it, on the most
// expensive ship.
func dimensionalSplicer(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Action == engine.GroundCombat {
		factionIdle(p, "Dimensional Splicer", holder, "a ground combat has no space combat")
		return
	}
	if len(engine.KindSlots(p, holder, engine.TShips, units.Flagship)) == 0 {
		p.WarnOnce("Dimensional Splicer: the active system is taken to contain a wormhole (list the technology only when it does)")
	}
	addSplicerHit(p, holder)
}

// addSplicerHit attaches the Dimensional Splicer's hit (Twilight Imperium
// 4's and 3's): at the start of the space combat, 1 hit the holder assigns
// to the opponent's most expensive ship that it destroys, else to its most
// expensive ship, which alone may sustain it (HitChosen). Deterministic:
// exact mode replays it.
func addSplicerHit(p *engine.Plan, holder engine.Side) {
	opp := holder.Opp()
	victims := engine.ShipsByValue(p, opp)
	p.OnStartOfCombat(engine.InSpace, func(t *engine.Trial) {
		s, ok := engine.FirstDestroyable(t, opp, victims)
		if !ok {
			s, ok = firstAlive(t, opp, victims)
		}
		if ok {
			engine.HitChosen(t, opp, s)
		}
	})
}
