package combat

import "github.com/ti4sim/ti4sim/units"

// capacityPlan says which of a side's units need room on its ships in the
// space area and how much room its units give (LRR 16).
type capacityPlan struct {
	// carriers are the slots whose units have capacity, in space.
	carriers []uint8
	// free is room that needs no ship: 3 fighters per space dock of the
	// defender's on the planet (space dock text).
	free int32
	// cargo are the slots needing room, in the order they are removed when
	// there is too little: Fighter I (Fighter II need none), then infantry,
	// then mechs, in the space area.
	cargo []uint8
}

func (p *plan) buildCapacity(side sideID) {
	sp := &p.side[side]
	cp := &sp.capacity
	for i, sl := range sp.slots {
		st := sl.stats
		switch {
		case sl.zone == zoneSpace && st.Capacity > 0:
			cp.carriers = append(cp.carriers, uint8(i))
		case sl.zone == zonePlanet && st.Kind == units.SpaceDock:
			cp.free += 3 * int32(sp.start[i])
		}
	}
	for _, k := range []units.Kind{units.Fighter, units.Infantry, units.ShockTroop, units.Mech} {
		if k.GroundForce() && !sp.hadShips {
			continue // no ships brought: the ground forces are taken to be in place
		}
		for i, sl := range sp.slots {
			if sl.zone == zoneSpace && sl.form == formUnit && !sl.noAbilityHits && sl.stats.Kind == k && (k != units.Fighter || sl.stats.Move == 0) {
				cp.cargo = append(cp.cargo, uint8(i))
			}
		}
	}
	if len(cp.cargo) == 0 {
		cp.carriers = nil
	}
}

// capacity removes each side's fighters and ground forces in the space area
// beyond what its ships there can carry: fighters first, then infantry, then
// mechs (the player's choice; this keeps ground forces for the invasion).
// Ground forces committed to the planet no longer need room.
func (t *trial) capacity() {
	for side := range numSides {
		cp := &t.p.side[side].capacity
		if len(cp.cargo) == 0 {
			continue
		}
		excess := -cp.free
		if t.retreated == side {
			excess = 0 // the ships left: no room from the docks they left behind
		}
		for _, s := range cp.carriers {
			excess -= int32(t.alive[side][s]) * int32(t.p.side[side].slots[s].stats.Capacity)
		}
		for _, s := range cp.cargo {
			if !t.committed(side, s) {
				excess += int32(t.alive[side][s])
			}
		}
		for _, s := range cp.cargo {
			if excess <= 0 {
				break
			}
			if t.committed(side, s) {
				continue
			}
			for ; excess > 0 && t.alive[side][s] > 0; excess-- {
				t.remove(side, s)
				t.capacityLost[side]++
			}
		}
	}
}

// committed reports whether slot s of side holds ground forces already
// landed on the planet (they need no room on ships).
func (t *trial) committed(side sideID, s uint8) bool {
	return t.invaded && side == attacker && t.p.side[side].slots[s].stats.Kind.GroundForce()
}
