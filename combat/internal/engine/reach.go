package engine

// The exact solver's estimate, before it runs, of the unit states a combat
// reaches: a side's states reachable from its start one hit at a time, by
// the hit order of every roll that targets its units in that combat (the
// combat rounds, the anti-fighter barrage, space cannon, bombardment) —
// its health chain, times the fighters the barrage takes — and every
// assignment for a side that assigns its hits optimally. The product of
// the two sides' is the joint states the combat may reach, what its memory
// follows (chaincodes.go).

// hitKinds returns the rolls that may hit side's units in a combat of type
// ct: the combat's rounds, and the other rolls of that area its opponent
// makes.
func (p *Plan) hitKinds(side Side, ct CombatType) []RollKind {
	kinds := []RollKind{CombatRollOf(ct)}
	others := []RollKind{RollSCO, RollAFB, RollPreCombat, RollEffect}
	if ct == OnGround {
		others = []RollKind{RollBombard, RollSCD}
	}
	for _, r := range others {
		if len(p.Side[side.Opp()].Rollers[r]) > 0 {
			kinds = append(kinds, r)
		}
	}
	return kinds
}

// reachable counts side's states of space ss a combat of type ct can reach
// from its start, one hit at a time of the rolls of hitKinds, each
// assigned by the side's order (the engine's own takeHit), with Sustain
// Damage where the roll allows it and, when the opponent may block it,
// without; then reverted where due (TI3 shock troops). It stops past
// limit states (returning limit+1, and more set). What changes units
// otherwise — an effect (a repair, a destroyed ship), the capacity check
// before a landing, a commit policy's split of the ground forces — is
// outside it: the solver's bound on the joint states it reaches stays the
// backstop.
func (p *Plan) reachable(side Side, ct CombatType, ss *stateSpace, limit int) (n int, more bool) {
	sp := &p.Side[side]
	kinds := p.hitKinds(side, ct)
	ways := []bool{true}
	if len(sp.SustainBlockers) > 0 {
		ways = append(ways, false)
	}
	var start sideUnits
	for _, s := range ss.slots {
		start[0][s], start[1][s] = sp.Start[s], sp.StartDamaged[s]
	}
	seen := map[slotCodes]struct{}{}
	stack := []sideUnits{start}
	t := &Trial{P: p}
	for len(stack) > 0 && len(seen) <= limit {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		key := ss.slotKey(&u[0], &u[1])
		if _, ok := seen[key]; ok {
			continue
		}
		seen[key] = struct{}{}
		if !p.possible(side, &u[0]) {
			continue // never reached (a unit with its worn form)
		}
		for _, r := range kinds {
			for _, way := range ways {
				t.Alive[side], t.Damaged[side] = u[0], u[1]
				ev, _ := t.TakeHit(side, sp.Order[sp.TargetOf[r]], way && r.Sustainable(), sp.sustainLast)
				if ev == NoTarget {
					continue
				}
				next := sideUnits{t.Alive[side], t.Damaged[side]}
				stack = append(stack, next)
				if p.reverts(side, r, ss) && sp.Revert.due(&next[0]) {
					sp.Revert.apply(&next[0], &next[1])
					stack = append(stack, next)
				}
			}
		}
	}
	return min(len(seen), limit+1), len(seen) > limit
}

// sideUnits are a side's alive and damaged units by slot.
type sideUnits [2][MaxSlots]uint16
