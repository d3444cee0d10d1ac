package combat

// spaceCannonOffense is the Space Cannon Offense step (LRR 77): starting with
// the active player, each player fires every unit with Space Cannon in the
// active system (and, with PDS II, in adjacent systems) at the other player's
// ships. Ships may Sustain Damage. It is not a combat.
func (t *trial) spaceCannonOffense() bool {
	for _, side := range [2]int{attacker, defender} {
		opp := 1 - side
		if len(t.p.side[side].rollers[rollSCO]) == 0 || !t.has(opp, tShips) {
			continue
		}
		t.assign(opp, rollSCO, t.roll(side, rollSCO))
	}
	return true
}

// spaceCombat is the space combat (LRR 78), fought when both players have
// ships in the active system: start-of-combat effects, anti-fighter barrage
// in round 1 (both sides at once, fighters only, no Sustain Damage), then
// rounds of simultaneous combat rolls and hit assignment until one side or
// neither has ships left.
func (t *trial) spaceCombat() bool {
	if t.has(attacker, tShips) && t.has(defender, tShips) {
		t.fought[inSpace] = true
		t.round = 1
		for _, h := range t.p.hooks.startOfCombat[inSpace] {
			h(t)
		}
		t.rounds[inSpace] = 1
		if f := t.p.fast[inSpace]; f != nil && f.afb != nil {
			t.fastRounds(inSpace, f, true)
		} else {
			t.antiFighterBarrage()
			t.combatRounds(inSpace, rollSpace, tShips)
		}
	}
	t.space = t.holder(tShips)
	return !t.unresolved
}

// antiFighterBarrage is step 1 of round 1 (LRR 10, 78): both sides' units
// with Anti-Fighter Barrage fire at once; each hit destroys one of the
// opponent's fighters, with no Sustain Damage; excess hits are lost. The fast
// path does the same with tables (fastRounds).
func (t *trial) antiFighterBarrage() {
	if t.has(attacker, tShips) && t.has(defender, tShips) {
		ha, hd := t.roll(attacker, rollAFB), t.roll(defender, rollAFB)
		t.assign(defender, rollAFB, ha)
		t.assign(attacker, rollAFB, hd)
	}
}

// combatRounds fights rounds of a combat from round t.round on: both sides
// roll at once, then assign hits, until one side or neither has units of tg.
func (t *trial) combatRounds(ct combatType, r rollKind, tg targets) {
	if f := t.p.fast[ct]; f != nil {
		t.fastRounds(ct, f, false)
		return
	}
	for t.has(attacker, tg) && t.has(defender, tg) {
		if !t.p.canHit[ct] || t.round > maxRounds {
			t.unresolved = true
			return
		}
		t.rounds[ct] = t.round
		for _, h := range t.p.hooks.startOfRound[ct] {
			h(t)
		}
		ha, hd := t.roll(attacker, r), t.roll(defender, r)
		t.assign(defender, r, ha)
		t.assign(attacker, r, hd)
		for _, h := range t.p.hooks.endOfRound[ct] {
			h(t)
		}
		t.round++
	}
}
