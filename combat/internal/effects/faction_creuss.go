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
	opp := holder.Opp()
	victims := engine.ShipsByValue(p, opp)
	p.OnStartOfCombat(engine.InSpace, func(t *engine.Trial) {
		if s, ok := engine.FirstDestroyable(t, opp, victims); ok {
			engine.HitChosen(t, opp, s)
			return
		}
		for _, s := range victims {
			if t.Alive[opp][s] > 0 {
				engine.HitChosen(t, opp, s)
				return
			}
		}
	})
}
