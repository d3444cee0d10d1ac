package combat

import "github.com/ti4sim/ti4sim/units"

// dimensionalSplicer (Creuss technology): "At the start of space combat in
// a system that contains a wormhole and 1 or more of your ships, you may
// produce 1 hit and assign it to 1 of your opponent's ships." The system is
// taken to contain a wormhole: the Hil Colish (Creuss flagship) brings one;
// otherwise list the technology only when the system has one. The Creuss
// choose the ship, and only it may sustain (TR). Policy: always used, on
// the opponent's most expensive ship that the hit destroys (no Sustain
// Damage, or damaged); when every ship would sustain it, on the most
// expensive ship.
func dimensionalSplicer(p *plan, sc *scenarioIn, holder sideID) {
	if sc.Action == GroundCombat {
		factionIdle(p, "Dimensional Splicer", holder, "a ground combat has no space combat")
		return
	}
	if len(kindSlots(p, holder, tShips, units.Flagship)) == 0 {
		p.warnOnce("Dimensional Splicer: the active system is taken to contain a wormhole (list the technology only when it does)")
	}
	opp := holder.opp()
	victims := shipsByValue(p, opp)
	p.onStartOfCombat(inSpace, func(t *trial) {
		if s, ok := firstDestroyable(t, opp, victims); ok {
			hitChosen(t, opp, s)
			return
		}
		for _, s := range victims {
			if t.alive[opp][s] > 0 {
				hitChosen(t, opp, s)
				return
			}
		}
	})
}
