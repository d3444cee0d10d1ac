package engine

import "github.com/ti4sim/ti4sim/units"

// capacityPlan says which of a side's units need room on its ships in the
// space area and how much room its units give (LRR 16).
type capacityPlan struct {
	// carriers are the slots whose units have capacity, in space.
	carriers []uint8
	// free is room that needs no ship: 3 fighters per space dock of the
	// defender's on the planet (space dock text).
	free int32
	// Cargo are the slots needing room, in the order they are removed when
	// there is too little: Fighter I (Fighter II need none), then infantry,
	// then mechs, in the space area.
	Cargo []uint8
}

func (p *Plan) buildCapacity(side Side) {
	sp := &p.Side[side]
	cp := &sp.Capacity
	for i, sl := range sp.Slots {
		st := sl.Stats
		switch {
		case sl.Zone == ZoneSpace && st.Capacity > 0:
			cp.carriers = append(cp.carriers, uint8(i))
		case sl.Zone == ZonePlanet && st.Kind == units.SpaceDock:
			cp.free += 3 * int32(sp.Start[i])
		}
	}
	for _, k := range []units.Kind{units.Fighter, units.Infantry, units.ShockTroop, units.Mech} {
		if k.GroundForce() && !sp.hadShips {
			continue // no ships brought: the ground forces are taken to be in place
		}
		for i, sl := range sp.Slots {
			if sl.Zone == ZoneSpace && sl.Form == FormUnit && !sl.NoAbilityHits && sl.Stats.Kind == k && (k != units.Fighter || sl.Stats.Move == 0) {
				cp.Cargo = append(cp.Cargo, uint8(i))
			}
		}
	}
	if len(cp.Cargo) == 0 {
		cp.carriers = nil
	}
}

// capacity removes each side's fighters and ground forces in the space area
// beyond what its ships there can carry: fighters first, then infantry, then
// mechs (the player's choice; this keeps ground forces for the invasion).
// Ground forces committed to the planet no longer need room.
func (t *Trial) capacity() {
	for side := range NumSides {
		cp := &t.P.Side[side].Capacity
		if len(cp.Cargo) == 0 {
			continue
		}
		excess := -cp.free
		if t.Retreated == side {
			excess = 0 // the ships left: no room from the docks they left behind
		}
		for _, s := range cp.carriers {
			excess -= int32(t.Alive[side][s]) * int32(t.P.Side[side].Slots[s].Stats.Capacity)
		}
		for _, s := range cp.Cargo {
			if !t.committed(side, s) {
				excess += int32(t.Alive[side][s])
			}
		}
		for _, s := range cp.Cargo {
			if excess <= 0 {
				break
			}
			if t.committed(side, s) {
				continue
			}
			for ; excess > 0 && t.Alive[side][s] > 0; excess-- {
				t.Remove(side, s)
				t.capacityLost[side]++
			}
		}
	}
}

// committed reports whether slot s of side holds ground forces already
// landed on the planet (they need no room on ships).
func (t *Trial) committed(side Side, s uint8) bool {
	return t.Invaded && side == Attacker && t.P.Side[side].Slots[s].Stats.Kind.GroundForce()
}
