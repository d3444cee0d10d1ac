package combat

// evelynDelouis (Sol agent, Evelyn Delouis; catalog text: "agent: at the
// start of a ground combat round, exhaust to pick 1 ground force in the
// active system; it rolls 1 additional die that round"). Listed by a side,
// it is that side's to use, on its own ground forces. Policy: at the start
// of round 1 of the ground combat, on the holder's ground force with the
// best combat value then (auras and static modifiers included): a hidden
// roller rolls 1 die at that value in round 1 only (the round's roll
// modifiers apply to it). Once (it exhausts). The die acts at the start of
// a round: exact mode refuses it.
func evelynDelouis(p *plan, sc *scenarioIn, holder sideID) {
	if sc.Action == SpaceCombat {
		factionIdle(p, "Evelyn Delouis", holder, "the action has no ground combat")
		return
	}
	sp := &p.side[holder]
	if len(sp.rollers[rollGround]) == 0 {
		factionIdle(p, "Evelyn Delouis", holder, "the side has no ground force that rolls in ground combat")
		return
	}
	extra, ok := hiddenRoller(p, holder, "Evelyn Delouis's die", sp.rollers[rollGround][0].thr)
	if !ok {
		return
	}
	p.onStartOfRound(onGround, func(t *trial) {
		t.alive[holder][extra] = 0
		if t.round == 1 {
			t.alive[holder][extra] = 1
		}
	})
	p.onSlotModifier(rollGround, func(t *trial, side sideID, s uint8) int {
		if side != holder || s != extra {
			return 0
		}
		own, _ := groundThreshold(t, side, extra)
		best, found := 0, false
		for _, ro := range t.p.side[side].rollers[rollGround] {
			if t.p.side[side].slots[ro.slot].zone == zoneAdjacent || t.alive[side][ro.slot] == 0 {
				// not a unit on the board (this die, another hidden roll)
				continue
			}
			if thr, _ := groundThreshold(t, side, ro.slot); !found || thr < best {
				best, found = thr, true
			}
		}
		if !found {
			return -20 // no ground force: the die cannot hit
		}
		return own - best
	})
	p.beyondExact("Evelyn Delouis (a die in round 1)")
}
