package engine

// spaceCannonOffense is the Space Cannon Offense step (LRR 77): starting with
// the active player, each player fires every unit with Space Cannon in the
// active system (and, with PDS II, in adjacent systems) at the other player's
// ships. Ships may Sustain Damage. It is not a combat.
func (t *Trial) spaceCannonOffense() bool {
	for _, side := range [2]Side{Attacker, Defender} {
		opp := side.Opp()
		if len(t.P.Side[side].Rollers[RollSCO]) == 0 || !t.Has(opp, TShips) {
			continue
		}
		t.Assign(opp, RollSCO, t.Roll(side, RollSCO))
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
func (t *Trial) spaceCombat() bool {
	if t.Has(Attacker, TShips) && t.Has(Defender, TShips) {
		t.Fought[InSpace] = true
		t.beginCombat(InSpace)
		if f := t.P.Fast[InSpace]; f != nil && f.afb != nil {
			t.fastRounds(InSpace, f, true)
		} else {
			t.antiFighterBarrage()
			t.preCombatShots()
			t.combatRounds(InSpace, RollSpace, TFleet)
		}
	}
	return t.endSpaceCombat()
}

// endSpaceCombat is the end of the space combat step, once its rounds are
// fought (or none were): who holds the space area, the end-of-combat
// effects, capacity; false when the action ends there.
func (t *Trial) endSpaceCombat() bool {
	// Who won the combat is settled before capacity (a side can win with
	// only fighters left, and then lose them for lack of carriers).
	t.space = t.spaceOutcome()
	for _, h := range t.P.Hooks.endOfCombat[InSpace] {
		h(t)
	}
	if !t.unfinishedCombat { // a combat stopped by the round limit has not ended
		t.capacity()
	}
	return !t.unresolved && !t.unfinishedCombat && t.Retreated != Attacker
}

// spaceOutcome is who holds the space area: a retreat is its own outcome.
func (t *Trial) spaceOutcome() outcome {
	switch {
	case t.unresolved, t.unfinishedCombat:
		return unfinished
	case t.Retreated == Attacker:
		return attackerRetreats
	case t.Retreated == Defender:
		return defenderRetreats
	}
	return t.holder(TFleet)
}

// beginCombat opens a combat: round 1, the start-of-combat effects, then
// the start-of-round effects of round 1, which share a window with them
// (LRR 78: before anti-fighter barrage).
func (t *Trial) beginCombat(ct CombatType) {
	t.Round = 1
	for _, h := range t.P.Hooks.startOfCombat[ct] {
		h(t)
	}
	t.rounds[ct] = 1
	for _, h := range t.P.Hooks.startOfRound[ct] {
		h(t)
	}
}

// antiFighterBarrage is step 1 of round 1 (LRR 10, 78): both sides' units
// with Anti-Fighter Barrage fire at once; each hit destroys one of the
// opponent's fighters, with no Sustain Damage; excess hits are lost. The fast
// path does the same with tables (fastRounds).
func (t *Trial) antiFighterBarrage() {
	if t.Has(Attacker, TShips) && t.Has(Defender, TShips) {
		ha, hd := t.Roll(Attacker, RollAFB), t.Roll(Defender, RollAFB)
		t.assignStep(RollAFB, ha, hd)
	}
}

// preCombatShots is Twilight Imperium 3's pre-combat step after the
// barrage (Shattered Ascension: "First both sides roll for Anti-Fighter Barrage
// and removing casualties. Then remaining pre-combat effects are conducted
// simultaneously"): both sides' pre-combat shots are
// rolled, then both sides take their hits.
func (t *Trial) preCombatShots() {
	if len(t.P.Side[Attacker].Rollers[RollPreCombat])+len(t.P.Side[Defender].Rollers[RollPreCombat]) == 0 {
		return
	}
	if t.Has(Attacker, TShips) && t.Has(Defender, TShips) {
		ha, hd := t.Roll(Attacker, RollPreCombat), t.Roll(Defender, RollPreCombat)
		t.assignStep(RollPreCombat, ha, hd)
	}
}

// combatRounds fights rounds of a combat from round t.round on, whose
// start-of-round effects have run: announce retreats (space), both sides
// roll at once, assign hits, end-of-round effects, then an announced retreat
// happens — until one side or neither has units of tg, a retreat, or the
// round limit.
func (t *Trial) combatRounds(ct CombatType, r RollKind, tg Targets) {
	if f := t.P.Fast[ct]; f != nil {
		t.fastRounds(ct, f, false)
		return
	}
	// Rounds where nobody can hit still let a retreat or the round limit
	// end the combat; otherwise the combat can never end.
	decides := t.P.roundLimit > 0 || (ct == InSpace && t.P.retreats)
	for t.hasAs(Attacker, tg) && t.hasAs(Defender, tg) && !t.EndCombat {
		if (!t.P.canHit[ct] && !decides) || t.Round > MaxRounds {
			t.unresolved = true // it never ends: stopped at the round cap
			t.rounds[ct] = MaxRounds
			return
		}
		t.rounds[ct] = t.Round
		t.SustainedRound = [2][MaxSlots]uint16{}
		leaving := NoSide
		if ct == InSpace {
			leaving = t.announceRetreats()
		}
		t.hits = [2]int{t.Roll(Attacker, r), t.Roll(Defender, r)}
		for _, h := range t.P.Hooks.afterRolls[ct] {
			h(t, &t.hits)
		}
		t.assignStep(r, t.hits[Attacker], t.hits[Defender])
		for _, h := range t.P.Hooks.endOfRound[ct] {
			h(t)
		}
		if leaving != NoSide && t.hasAs(leaving, tg) && t.hasAs(leaving.Opp(), tg) {
			t.Retreated = leaving // its ships leave; the combat ends
			for _, h := range t.P.Hooks.onRetreat {
				h(t, leaving)
			}
			return
		}
		if t.P.roundLimit > 0 && t.Round >= t.P.roundLimit {
			t.unfinishedCombat = t.hasAs(Attacker, tg) && t.hasAs(Defender, tg)
			return
		}
		t.Round++
		if t.hasAs(Attacker, tg) && t.hasAs(Defender, tg) {
			for _, h := range t.P.Hooks.startOfRound[ct] {
				h(t)
			}
		}
	}
}
