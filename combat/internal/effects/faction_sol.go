package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// solTexts lists the texts of the Federation of Sol that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func solTexts() []Effect {
	return []Effect{
		modelled("evelyn-delouis", evelynDelouis),
		byNumbers("advanced-carrier-ii"),
		byNumbers("spec-ops-ii"),
		outside("genesis", "a placement in the status phase"),
		outside("zs-thunderbolt-m2", "a deploy after Orbital Drop"),
	}
}

// evelynDelouis (Sol agent, Evelyn Delouis; catalog text: "agent: at the
// start of a ground combat round, exhaust to pick 1 ground force in the
// active system; it rolls 1 additional die that round"). Listed by a side,
// it is that side's to use, on its own ground forces. Policy: at the start
// of round 1 of the ground combat, on the holder's ground force with the
// best combat value then (auras and static modifiers included): a hidden
// roller rolls 1 die at that value in round 1 only (the round's roll
// modifiers apply to it). Once (it exhausts). The die acts at the start of
// a round: exact mode refuses it.
func evelynDelouis(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Action == engine.SpaceCombat {
		factionIdle(p, "Evelyn Delouis", holder, "the action has no ground combat")
		return
	}
	sp := &p.Side[holder]
	if len(sp.Rollers[engine.RollGround]) == 0 {
		factionIdle(p, "Evelyn Delouis", holder, "the side has no ground force that rolls in ground combat")
		return
	}
	extra, ok := engine.HiddenRoller(p, holder, "Evelyn Delouis's die", sp.Rollers[engine.RollGround][0].Threshold())
	if !ok {
		return
	}
	p.OnStartOfRound(engine.OnGround, func(t *engine.Trial) {
		t.Alive[holder][extra] = 0
		if t.Round == 1 {
			t.Alive[holder][extra] = 1
		}
	})
	p.OnSlotModifier(engine.RollGround, func(t *engine.Trial, side engine.Side, s uint8) int {
		if side != holder || s != extra {
			return 0
		}
		own, _ := engine.GroundThreshold(t, side, extra)
		best, found := 0, false
		for _, ro := range t.P.Side[side].Rollers[engine.RollGround] {
			if t.P.Side[side].Slots[ro.Slot].Zone == engine.ZoneAdjacent || t.Alive[side][ro.Slot] == 0 {
				// not a unit on the board (this die, another hidden roll)
				continue
			}
			if thr, _ := engine.GroundThreshold(t, side, ro.Slot); !found || thr < best {
				best, found = thr, true
			}
		}
		if !found {
			return -20 // no ground force: the die cannot hit
		}
		return own - best
	})
	p.BeyondExact("Evelyn Delouis (a die in round 1)")
}
