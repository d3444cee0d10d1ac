package combat

// invasionGate decides whether the invasion happens: the attacker needs
// ships left in the space area to carry its ground forces, unless it brought
// none (its ground forces are then taken to be in place to land). Ground
// forces left in space with no ship to carry them are removed (capacity).
func (t *trial) invasionGate() bool {
	if t.p.side[attacker].hadShips && !t.has(attacker, tShips) {
		t.removeAll(attacker, tGround)
		return false
	}
	for _, h := range t.p.hooks.startOfInvasion {
		h(t)
	}
	return true
}

// shielded reports whether the planet has Planetary Shield against the
// attacker: one of the defender's units on it has the ability and the
// attacker has no unit in the system that removes it (war sun, LRR 65).
func (t *trial) shielded() bool {
	for _, s := range t.p.side[attacker].shieldBreakers {
		if t.alive[attacker][s] > 0 {
			return false
		}
	}
	for _, s := range t.p.side[defender].shields {
		if t.alive[defender][s] > 0 {
			return true
		}
	}
	return false
}

// bombardment is the Bombardment step (LRR 15): the attacker's units with
// Bombardment in the space area roll against the planet's ground forces,
// which may Sustain Damage; a shielded planet cannot be bombarded.
func (t *trial) bombardment() bool {
	switch {
	case !t.has(defender, tGround):
	case !t.shielded():
		t.bombard(t.roll(attacker, rollBombard))
	case len(t.p.side[attacker].throughShield) > 0:
		t.bombard(t.rollThroughShield())
	}
	return true
}

// bombard assigns bombardment hits to the defender's ground forces, then
// runs the effects after a bombardment (X-89 Ω) with the units as they were
// before it. The bombardment step and Harrow use it.
func (t *trial) bombard(hits int) {
	t.before = t.alive[defender] // in the trial: hooks take its address
	t.assign(defender, rollBombard, hits)
	for _, h := range t.p.hooks.afterBombard {
		h(t, &t.before)
	}
}

// commitGroundForces lands every attacker ground force on the planet (the
// policy: commit everything). An attacker with none to commit has only
// bombarded: no invasion, and the defender keeps the planet.
func (t *trial) commitGroundForces() bool {
	if t.p.noCommit {
		return false
	}
	t.invaded = true
	for _, h := range t.p.hooks.afterCommit {
		if !h(t) {
			t.invaded = false // back to the space area: no invasion
			return false
		}
	}
	return true
}

// spaceCannonDefense is the Space Cannon Defense step (LRR 49.3, 77):
// the defender's units with Space Cannon on the planet fire at the committed
// ground forces; adjacent units do not fire.
func (t *trial) spaceCannonDefense() bool {
	if t.has(attacker, tGround) {
		t.assign(attacker, rollSCD, t.roll(defender, rollSCD))
	}
	return true
}

// groundCombat is a ground combat (LRR 42), fought when both players have
// ground forces on the planet: start-of-combat effects, then rounds until
// one side or neither has ground forces.
func (t *trial) groundCombat() bool {
	if t.has(attacker, tGround) && t.has(defender, tGround) {
		t.fought[onGround] = true
		t.beginCombat(onGround)
		t.combatRounds(onGround, rollGround, tGround)
	}
	for _, h := range t.p.hooks.endOfCombat[onGround] {
		h(t)
	}
	return true
}

// result is the trial's outcome for its action (see Outcomes): for a space
// combat, who holds the space area; for a ground combat, who has ground
// forces left; for an invasion, who controls the planet (Establish Control,
// LRR 49.5). A defender's structures are destroyed when the attacker takes
// the planet.
func (t *trial) result() outcome {
	if t.unresolved {
		return unfinished // a combat that never ends decides nothing
	}
	switch t.p.action {
	case SpaceCombat:
		return t.space
	case GroundCombat:
		if t.unfinishedCombat {
			return unfinished
		}
		return t.holder(tGround)
	}
	if t.retreated == attacker {
		return attackerRetreats
	}
	if !t.invaded {
		return defenderWins
	}
	if t.has(attacker, tGround) {
		sp := &t.p.side[defender]
		for i, sl := range sp.slots {
			if sl.zone == zonePlanet && sl.stats.Kind.Structure() {
				t.alive[defender][i] = 0
			}
		}
		return attackerWins
	}
	if t.wipedOut() && !t.p.ti3 {
		return draw // TI3: the defender keeps a planet where both sides died
	}
	return defenderWins
}

// wipedOut reports whether the invasion's ground combat was fought and
// left no ground forces on either side (Result's Outcomes.BothWipedOut).
func (t *trial) wipedOut() bool {
	return t.invaded && t.fought[onGround] && !t.unresolved && !t.has(attacker, tGround) && !t.has(defender, tGround)
}

// rollThroughShield rolls the attacker's bombardment of the units that
// bombard through Planetary Shield (TI3's war suns), damaged ones with a
// die fewer.
func (t *trial) rollThroughShield() int {
	hits := 0
	for _, ro := range t.p.side[attacker].throughShield {
		n := int(t.alive[attacker][ro.slot])*int(ro.dice) - int(t.damaged[attacker][ro.slot])*int(ro.loss)
		hits += t.dice(int(ro.thr), n, false)
	}
	return hits * t.p.hitFactor[attacker][rollBombard]
}
