package engine

// invasionGate decides whether the invasion happens: the attacker needs
// ships left in the space area to carry its ground forces, unless it brought
// none (its ground forces are then taken to be in place to land). Ground
// forces left in space with no ship to carry them are removed (capacity).
func (t *Trial) invasionGate() bool {
	if t.P.Side[Attacker].hadShips && !t.Has(Attacker, TShips) {
		t.removeAll(Attacker, TGround)
		return false
	}
	for _, h := range t.P.Hooks.startOfInvasion {
		h(t)
	}
	return true
}

// Shielded reports whether the planet has Planetary Shield against the
// attacker: one of the defender's units on it has the ability and the
// attacker has no unit in the system that removes it (war sun, LRR 65).
func (t *Trial) Shielded() bool {
	return t.P.shieldedAgainst(&t.Alive[Attacker], &t.Alive[Defender])
}

// shieldedAgainst reports whether the planet, with the defender's units
// alive as in defender, has Planetary Shield against an attacker whose
// units alive are attacker (LRR 65: a shield unit there, and no war sun
// in the system).
func (p *Plan) shieldedAgainst(attacker, defender *[MaxSlots]uint16) bool {
	for _, s := range p.Side[Attacker].ShieldBreakers {
		if attacker[s] > 0 {
			return false
		}
	}
	for _, s := range p.Side[Defender].Shields {
		if defender[s] > 0 {
			return true
		}
	}
	return false
}

// bombardment is the Bombardment step (LRR 15): the attacker's units with
// Bombardment in the space area roll against the planet's ground forces,
// which may Sustain Damage; a shielded planet cannot be bombarded.
//
// With SetNeutralOnBombard the planet is bombarded even without ground
// forces, and a hit beyond the ground forces there turns it neutral.
func (t *Trial) bombardment() bool {
	hits := -1
	switch {
	case !t.Has(Defender, TGround) && !t.P.neutralOnBombard:
	case !t.Shielded():
		hits = t.Roll(Attacker, RollBombard)
	case len(t.P.Side[Attacker].ThroughShield) > 0:
		hits = t.rollThroughShield()
	}
	if hits < 0 {
		return true
	}
	if t.P.neutralOnBombard && hits > t.absorbs(Defender, RollBombard) {
		t.Neutral = true
	}
	t.Bombard(hits)
	return true
}

// absorbs returns how many hits of kind r side's units can take before
// none is left: one a unit, and one more for each that may still use
// Sustain Damage against them.
func (t *Trial) absorbs(side Side, r RollKind) int {
	sp := &t.P.Side[side]
	tg := sp.TargetOf[r]
	sustain := r.Sustainable() && !t.sustainBlocked(side, tg)
	n := 0
	for _, s := range sp.Order[tg] {
		a := int(t.Alive[side][s])
		n += a
		if sustain && sp.Slots[s].Sustain {
			n += a - int(t.Damaged[side][s])
		}
	}
	return n
}

// Bombard assigns bombardment hits to the defender's ground forces, then
// runs the effects after a bombardment with the units as they were
// before it. The bombardment step and effects that bombard use it.
func (t *Trial) Bombard(hits int) {
	t.before = t.Alive[Defender] // in the trial: hooks take its address
	t.Assign(Defender, RollBombard, hits)
	for _, h := range t.P.Hooks.afterBombard {
		h(t, &t.before)
	}
}

// commitGroundForces lands every attacker ground force on the planet (the
// policy: commit everything). An attacker with none to commit has only
// bombarded: no invasion, and the defender keeps the planet.
func (t *Trial) commitGroundForces() bool {
	if t.P.noCommit {
		return false
	}
	t.Invaded = true
	for _, h := range t.P.Hooks.afterCommit {
		if !h(t) {
			t.Invaded = false // back to the space area: no invasion
			return false
		}
	}
	return true
}

// spaceCannonDefense is the Space Cannon Defense step (LRR 49.3, 77):
// the defender's units with Space Cannon on the planet fire at the committed
// ground forces; adjacent units do not fire.
func (t *Trial) spaceCannonDefense() bool {
	if t.Has(Attacker, TGround) {
		t.Assign(Attacker, RollSCD, t.Roll(Defender, RollSCD))
	}
	return true
}

// groundCombat is a ground combat (LRR 42), fought when both players have
// ground forces on the planet: start-of-combat effects, then rounds until
// one side or neither has ground forces.
func (t *Trial) groundCombat() bool {
	if t.Has(Attacker, TGround) && t.Has(Defender, TGround) {
		t.Fought[OnGround] = true
		t.beginCombat(OnGround)
		t.combatRounds(OnGround, RollGround, TGround)
	}
	for _, h := range t.P.Hooks.endOfCombat[OnGround] {
		h(t)
	}
	return true
}

// result is the trial's outcome for its action (see Outcomes): for a space
// combat, who holds the space area; for a ground combat, who has ground
// forces left; for an invasion, who controls the planet (Establish Control,
// LRR 49.5). A defender's structures are destroyed when the attacker takes
// the planet.
func (t *Trial) result() outcome {
	if t.unresolved {
		return unfinished // a combat that never ends decides nothing
	}
	switch t.P.action {
	case SpaceCombat:
		return t.space
	case GroundCombat:
		if t.unfinishedCombat {
			return unfinished
		}
		return t.P.planetHolder(t.hasAs(Attacker, TGround), t.hasAs(Defender, TGround), t.Fought[OnGround])
	}
	if t.Retreated == Attacker {
		return attackerRetreats
	}
	if t.Neutral {
		return draw // neither player controls the planet
	}
	if !t.Invaded {
		return DefenderWins
	}
	o := t.P.planetHolder(t.Has(Attacker, TGround), t.Has(Defender, TGround), t.Fought[OnGround])
	if o == AttackerWins {
		// The defender's structures on the planet are captured.
		sp := &t.P.Side[Defender]
		for i, sl := range sp.Slots {
			if sl.Zone == ZonePlanet && sl.Stats.Kind.Structure() {
				t.Alive[Defender][i] = 0
			}
		}
	}
	return o
}

// wipedOut reports whether the invasion's ground combat was fought and
// left no ground forces on either side (Result's Outcomes.BothWipedOut).
func (t *Trial) wipedOut() bool {
	return t.Invaded && t.Fought[OnGround] && !t.unresolved && !t.Has(Attacker, TGround) && !t.Has(Defender, TGround)
}

// rollThroughShield rolls the attacker's bombardment of the units that
// bombard through Planetary Shield (TI3's war suns), damaged ones with a
// die fewer.
func (t *Trial) rollThroughShield() int {
	hits := 0
	for _, ro := range t.P.Side[Attacker].ThroughShield {
		n := int(t.Alive[Attacker][ro.Slot])*int(ro.Dice) - int(t.Damaged[Attacker][ro.Slot])*int(ro.loss)
		hits += t.Dice(int(ro.thr), n, false)
	}
	return hits * t.P.HitFactor[Attacker][RollBombard]
}
