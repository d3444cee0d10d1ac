package combat

import (
	"cmp"
	"slices"

	"github.com/ti4sim/ti4sim/units"
)

// The helpers that several faction texts share: finding a side's slots
// (sideOf, kindSlots, shipsByValue, groundSlot, hiddenRoller, flagshipSlot,
// flagshipRoller), choosing and hitting units during a trial (destroyable,
// firstDestroyable, hitChosen, assignTo, groundThreshold), and saying that
// a text has nothing to do (factionIdle, mechTextLost), and the roll kinds
// of unit abilities (unitAbilityRolls).

// flagshipRoller returns the index of side's flagship roller of kind r, or
// -1.
func (p *plan) flagshipRoller(side sideID, r rollKind) int {
	for i, ro := range p.side[side].rollers[r] {
		if p.side[side].slots[ro.slot].stats.Kind == units.Flagship {
			return i
		}
	}
	return -1
}

// kindSlots returns side's slots of kind k that belong to target set tg,
// in hit order.
func kindSlots(p *plan, side sideID, tg targets, k units.Kind) []uint8 {
	return p.slotsOf(side, tg, func(x units.Kind) bool { return x == k })
}

// shipsByValue lists side's ships in the space area, the most expensive
// first; among equal costs, those later in the side's own hit order (the
// ones it keeps longest) first. It is the order in which an opponent who
// chooses the target picks the ships it hits or destroys.
func shipsByValue(p *plan, side sideID) []uint8 {
	sp := &p.side[side]
	ord := sp.order[tShips]
	out := make([]uint8, 0, len(ord))
	for i := len(ord) - 1; i >= 0; i-- {
		out = append(out, ord[i])
	}
	slices.SortStableFunc(out, func(a, b uint8) int {
		return cmp.Compare(sp.slots[b].costHalves, sp.slots[a].costHalves)
	})
	return out
}

// destroyable reports whether one hit on a unit of side's slot s chosen by
// the opponent destroys it: the slot has a damaged unit, or its units
// cannot use Sustain Damage (now).
func destroyable(t *trial, side sideID, s uint8) bool {
	return t.damaged[side][s] > 0 || !t.p.side[side].slots[s].sustain || t.sustainBlocked(side, tShips)
}

// firstDestroyable returns the first slot of list with a unit alive that
// one hit destroys, and whether there is one.
func firstDestroyable(t *trial, side sideID, list []uint8) (uint8, bool) {
	for _, s := range list {
		if t.alive[side][s] > 0 && destroyable(t, side, s) {
			return s, true
		}
	}
	return 0, false
}

// hitChosen makes side take one hit of an ability (kind rollEffect) that
// the opponent assigns to a unit of slot s: a damaged one if there is one
// (it is destroyed); else the unit cancels it with Sustain Damage if it can
// (only the chosen ship may); else it is destroyed. Hit-cancelling effects
// and the triggers of sustaining and destruction fire as in assign.
func hitChosen(t *trial, side sideID, s uint8) {
	h := &t.p.hooks
	hits := 1
	for _, f := range h.beforeAssign[rollEffect] {
		hits = f(t, side, hits)
	}
	if hits > 0 && t.alive[side][s] > 0 {
		if t.damaged[side][s] == 0 && t.p.side[side].slots[s].sustain && !t.sustainBlocked(side, tShips) {
			t.damaged[side][s]++
			t.sustainedRound[side][s]++
			for _, f := range h.onSustain {
				f(t, side, s, rollEffect)
			}
		} else {
			t.destroy(side, s)
			for _, f := range h.onDestroyed {
				f(t, side, s, rollEffect)
			}
		}
	}
	for _, f := range h.afterAssign[rollEffect] {
		f(t, side)
	}
}

// assignTo is assign with the hits forced onto target set tg (Impulse
// Core's non-fighter ships): side takes them in its hit order within tg.
func assignTo(t *trial, side sideID, tg targets, r rollKind, hits int) {
	h := &t.p.hooks
	for _, f := range h.beforeAssign[r] {
		hits = f(t, side, hits)
	}
	sp := &t.p.side[side]
	sustain := r.sustainable() && !t.sustainBlocked(side, tg)
	for ; hits > 0; hits-- {
		ev, s := t.takeHit(side, sp.order[tg], sustain, sp.sustainLast)
		if ev == noTarget {
			break
		}
		switch ev {
		case sustained:
			hits -= sp.sustainCancels - 1
			t.sustainedRound[side][s]++
			for _, f := range h.onSustain {
				f(t, side, s, r)
			}
		case destroyed:
			for _, f := range h.onDestroyed {
				f(t, side, s, r)
			}
		}
	}
	for _, f := range h.afterAssign[r] {
		f(t, side)
	}
}

// groundSlot returns holder's first slot of kind k that takes part in the
// action's ground combat (not in an adjacent system), and whether there is
// one.
func groundSlot(p *plan, holder sideID, k units.Kind) (uint8, bool) {
	for i, sl := range p.side[holder].slots {
		if sl.stats.Kind == k && sl.zone != zoneAdjacent {
			return uint8(i), true
		}
	}
	return 0, false
}

// hiddenRoller gives holder a hidden roller (plan.addRoller) with one
// ground combat die per unit at threshold thr and no units at the start:
// hooks set its units per round with t.alive. It returns the slot and
// whether there was room for it.
func hiddenRoller(p *plan, holder sideID, name string, thr int8) (uint8, bool) {
	i, ok := p.addRoller(holder, rollGround, name, int(thr), 1)
	if ok {
		p.side[holder].start[i] = 0
	}
	return i, ok
}

// groundThreshold returns side's effective ground combat threshold for the units
// of slot s (its roller's threshold with the side's auras now), and whether
// s has a ground combat roller. It reads the final plan, so every static
// modifier attached after the caller is included.
func groundThreshold(t *trial, side sideID, s uint8) (int, bool) {
	thr, ok := t.p.rollerThr(side, rollGround, s)
	if !ok {
		return 0, false
	}
	return int(thr) + t.p.side[side].auraShift(rollGround, s, &t.alive[side]), true
}

// unitAbilityRolls are the roll kinds of unit abilities: space cannon
// (offense and defense), anti-fighter barrage and bombardment.
var unitAbilityRolls = [...]rollKind{rollSCO, rollAFB, rollBombard, rollSCD}

// flagshipSlot returns holder's flagship slot, if the fleet has one.
func flagshipSlot(p *plan, holder sideID) (uint8, bool) {
	flags := kindSlots(p, holder, tShips, units.Flagship)
	if len(flags) == 0 {
		return 0, false
	}
	return flags[0], true
}

// slotsOf returns side's slots whose kind satisfies keep, in hit order.
func (p *plan) slotsOf(side sideID, tg targets, keep func(units.Kind) bool) []uint8 {
	var out []uint8
	for _, s := range p.side[side].order[tg] {
		if keep(p.side[side].slots[s].stats.Kind) {
			out = append(out, s)
		}
	}
	return out
}

// structuresOnPlanet counts side's structures on the contested planet.
func (p *plan) structuresOnPlanet(side sideID) int {
	n := 0
	for i, sl := range p.side[side].slots {
		if sl.zone == zonePlanet && sl.stats.Kind.Structure() {
			n += int(p.side[side].start[i])
		}
	}
	return n
}

// counter gives an effect a per-trial counter (t.used, t.mark) of its own.
func (p *plan) counter() int {
	if p.counters >= maxCounters {
		panic("combat: too many effect counters")
	}
	p.counters++
	return p.counters - 1
}
