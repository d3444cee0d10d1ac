package combat

// spaceCannonOffense is the Space Cannon Offense step (LRR 77): starting with
// the active player, each player fires every unit with Space Cannon in the
// active system (and, with PDS II, in adjacent systems) at the other player's
// ships. Ships may Sustain Damage. It is not a combat.
func (t *trial) spaceCannonOffense() bool {
	for _, side := range [2]sideID{attacker, defender} {
		opp := side.opp()
		if len(t.p.side[side].rollers[rollSCO]) == 0 || !t.has(opp, tShips) {
			continue
		}
		t.assign(opp, rollSCO, t.roll(side, rollSCO))
	}
	return true
}

// spaceCombat is the space combat (LRR 78), fought when both players have
// ships in the active system: start-of-combat and start-of-round effects,
// anti-fighter barrage in round 1 (both sides at once, fighters only, no
// Sustain Damage), then rounds — announce retreats, roll, assign hits, retreat
// — until one side or neither has ships left, a side retreats, or the round
// limit. When it ends, fighters and ground forces beyond the ships' capacity
// are removed (LRR 16; the engine checks capacity there only, so a fleet
// given over capacity fights with everything and loses the excess then).
func (t *trial) spaceCombat() bool {
	if t.has(attacker, tShips) && t.has(defender, tShips) {
		t.fought[inSpace] = true
		t.beginCombat(inSpace)
		if f := t.p.fast[inSpace]; f != nil && f.afb != nil {
			t.fastRounds(inSpace, f, true)
		} else {
			t.antiFighterBarrage()
			t.preCombatShots()
			t.combatRounds(inSpace, rollSpace, tFleet)
		}
	}
	// Who won the combat is settled before capacity (a side can win with
	// only fighters left, and then lose them for lack of carriers).
	t.space = t.spaceOutcome()
	for _, h := range t.p.hooks.endOfCombat[inSpace] {
		h(t)
	}
	if !t.unfinishedCombat { // a combat stopped by the round limit has not ended
		t.capacity()
	}
	return !t.unresolved && !t.unfinishedCombat && t.retreated != attacker
}

// spaceOutcome is who holds the space area: a retreat is its own outcome.
func (t *trial) spaceOutcome() outcome {
	switch {
	case t.unresolved, t.unfinishedCombat:
		return unfinished
	case t.retreated == attacker:
		return attackerRetreats
	case t.retreated == defender:
		return defenderRetreats
	}
	return t.holder(tFleet)
}

// beginCombat opens a combat: round 1, the start-of-combat effects, then
// the start-of-round effects of round 1, which share a window with them
// (LRR 78: before anti-fighter barrage).
func (t *trial) beginCombat(ct combatType) {
	t.round = 1
	for _, h := range t.p.hooks.startOfCombat[ct] {
		h(t)
	}
	t.rounds[ct] = 1
	for _, h := range t.p.hooks.startOfRound[ct] {
		h(t)
	}
}

// antiFighterBarrage is step 1 of round 1 (LRR 10, 78): both sides' units
// with Anti-Fighter Barrage fire at once; each hit destroys one of the
// opponent's fighters, with no Sustain Damage; excess hits are lost. The fast
// path does the same with tables (fastRounds).
func (t *trial) antiFighterBarrage() {
	if t.has(attacker, tShips) && t.has(defender, tShips) {
		ha, hd := t.roll(attacker, rollAFB), t.roll(defender, rollAFB)
		t.assignStep(rollAFB, ha, hd)
	}
}

// preCombatShots is Twilight Imperium 3's pre-combat step after the
// barrage (Shattered Ascension: "First both sides roll for Anti-Fighter Barrage
// and removing casualties. Then remaining pre-combat effects are conducted
// simultaneously"): both sides' pre-combat shots (Assault Cannon) are
// rolled, then both sides take their hits.
func (t *trial) preCombatShots() {
	if len(t.p.side[attacker].rollers[rollPreCombat])+len(t.p.side[defender].rollers[rollPreCombat]) == 0 {
		return
	}
	if t.has(attacker, tShips) && t.has(defender, tShips) {
		ha, hd := t.roll(attacker, rollPreCombat), t.roll(defender, rollPreCombat)
		t.assignStep(rollPreCombat, ha, hd)
	}
}

// combatRounds fights rounds of a combat from round t.round on, whose
// start-of-round effects have run: announce retreats (space), both sides
// roll at once, assign hits, end-of-round effects, then an announced retreat
// happens — until one side or neither has units of tg, a retreat, or the
// round limit.
func (t *trial) combatRounds(ct combatType, r rollKind, tg targets) {
	if f := t.p.fast[ct]; f != nil {
		t.fastRounds(ct, f, false)
		return
	}
	// Rounds where nobody can hit still let a retreat or the round limit
	// end the combat; otherwise the combat can never end.
	decides := t.p.roundLimit > 0 || (ct == inSpace && t.p.retreats)
	for t.hasAs(attacker, tg) && t.hasAs(defender, tg) && !t.endCombat {
		if (!t.p.canHit[ct] && !decides) || t.round > maxRounds {
			t.unresolved = true // it never ends: stopped at the round cap
			t.rounds[ct] = maxRounds
			return
		}
		t.rounds[ct] = t.round
		t.sustainedRound = [2][maxSlots]uint16{}
		leaving := noSide
		if ct == inSpace {
			leaving = t.announceRetreats()
		}
		t.hits = [2]int{t.roll(attacker, r), t.roll(defender, r)}
		for _, h := range t.p.hooks.afterRolls[ct] {
			h(t, &t.hits)
		}
		t.assignStep(r, t.hits[attacker], t.hits[defender])
		for _, h := range t.p.hooks.endOfRound[ct] {
			h(t)
		}
		if leaving != noSide && t.hasAs(leaving, tg) && t.hasAs(leaving.opp(), tg) {
			t.retreated = leaving // its ships leave; the combat ends
			for _, h := range t.p.hooks.onRetreat {
				h(t, leaving)
			}
			return
		}
		if t.p.roundLimit > 0 && t.round >= t.p.roundLimit {
			t.unfinishedCombat = t.hasAs(attacker, tg) && t.hasAs(defender, tg)
			return
		}
		t.round++
		if t.hasAs(attacker, tg) && t.hasAs(defender, tg) {
			for _, h := range t.p.hooks.startOfRound[ct] {
				h(t)
			}
		}
	}
}
