package engine

import (
	"cmp"
	"slices"

	"github.com/ti4sim/ti4sim/units"
)

// The helpers that several texts share: finding a side's slots (KindSlots,
// ShipsByValue, GroundSlot, HiddenRoller, FlagshipSlot, FlagshipRoller,
// SlotsOf, StructuresOnPlanet), choosing and hitting units during a trial
// (Destroyable, FirstDestroyable, HitChosen, AssignTo, GroundThreshold),
// counters for per-trial state (Counter), and the roll kinds of unit
// abilities (UnitAbilityRolls).

// FlagshipRoller returns the index of side's flagship roller of kind r, or
// -1.
func (p *Plan) FlagshipRoller(side Side, r RollKind) int {
	for i, ro := range p.Side[side].Rollers[r] {
		if p.Side[side].Slots[ro.Slot].Stats.Kind == units.Flagship {
			return i
		}
	}
	return -1
}

// KindSlots returns side's slots of kind k that belong to target set tg,
// in hit order.
func KindSlots(p *Plan, side Side, tg Targets, k units.Kind) []uint8 {
	return p.SlotsOf(side, tg, func(x units.Kind) bool { return x == k })
}

// ShipsByValue lists side's ships in the space area, the most expensive
// first; among equal costs, those later in the side's own hit order (the
// ones it keeps longest) first. It is the order in which an opponent who
// chooses the target picks the ships it hits or destroys.
func ShipsByValue(p *Plan, side Side) []uint8 {
	sp := &p.Side[side]
	ord := sp.Order[TShips]
	out := make([]uint8, 0, len(ord))
	for i := len(ord) - 1; i >= 0; i-- {
		out = append(out, ord[i])
	}
	slices.SortStableFunc(out, func(a, b uint8) int {
		return cmp.Compare(sp.Slots[b].CostHalves, sp.Slots[a].CostHalves)
	})
	return out
}

// destroyable reports whether one hit on a unit of side's slot s chosen by
// the opponent destroys it: the slot has a damaged unit that cannot use
// Sustain Damage again (no worn form), or its units cannot use Sustain
// Damage (now).
func destroyable(t *Trial, side Side, s uint8) bool {
	sl := &t.P.Side[side].Slots[s]
	return (t.Damaged[side][s] > 0 && !sl.HasWorn) || !sl.Sustain || t.sustainBlocked(side, TShips)
}

// FirstDestroyable returns the first slot of list with a unit alive that
// one hit destroys, and whether there is one.
func FirstDestroyable(t *Trial, side Side, list []uint8) (uint8, bool) {
	for _, s := range list {
		if t.Alive[side][s] > 0 && destroyable(t, side, s) {
			return s, true
		}
	}
	return 0, false
}

// HitChosen makes side take one hit of an ability (kind rollEffect) that
// the opponent assigns to a unit of slot s: a damaged one if there is one
// (it is destroyed, or worn when it may use Sustain Damage a second time);
// else the unit cancels it with Sustain Damage if it can (only the chosen
// ship may); else it is destroyed. Hit-cancelling effects
// and the triggers of sustaining and destruction fire as in assign.
func HitChosen(t *Trial, side Side, s uint8) {
	h := &t.P.Hooks
	hits := 1
	for _, f := range h.beforeAssign[RollEffect] {
		hits = f(t, side, hits)
	}
	if hits > 0 && t.Alive[side][s] > 0 {
		sl := &t.P.Side[side].Slots[s]
		canSustain := sl.Sustain && !t.sustainBlocked(side, TShips)
		switch {
		case canSustain && t.Damaged[side][s] == 0:
			t.Damaged[side][s]++
			t.SustainedRound[side][s]++
			for _, f := range h.OnSustain {
				f(t, side, s, RollEffect)
			}
		case canSustain && sl.HasWorn: // its second Sustain Damage
			t.wear(side, s)
			for _, f := range h.OnSustain {
				f(t, side, s, RollEffect)
			}
		default:
			t.Destroy(side, s)
			for _, f := range h.onDestroyed {
				f(t, side, s, RollEffect)
			}
		}
	}
	for _, f := range h.afterAssign[RollEffect] {
		f(t, side)
	}
}

// AssignTo is assign with the hits forced onto target set tg (Impulse
// Core's non-fighter ships): side takes them in its hit order within tg.
func AssignTo(t *Trial, side Side, tg Targets, r RollKind, hits int) {
	h := &t.P.Hooks
	for _, f := range h.beforeAssign[r] {
		hits = f(t, side, hits)
	}
	sp := &t.P.Side[side]
	sustain := r.Sustainable() && !t.sustainBlocked(side, tg)
	for ; hits > 0; hits-- {
		ev, s := t.TakeHit(side, sp.Order[tg], sustain, sp.sustainLast)
		if ev == NoTarget {
			break
		}
		switch ev {
		case sustained:
			hits -= sp.SustainCancels - 1
			t.SustainedRound[side][s]++
			for _, f := range h.OnSustain {
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

// GroundSlot returns holder's first slot of kind k that takes part in the
// action's ground combat (not in an adjacent system), and whether there is
// one.
func GroundSlot(p *Plan, holder Side, k units.Kind) (uint8, bool) {
	for i, sl := range p.Side[holder].Slots {
		if sl.Stats.Kind == k && sl.Zone != ZoneAdjacent {
			return uint8(i), true
		}
	}
	return 0, false
}

// HiddenRoller gives holder a hidden roller (plan.addRoller) with one
// ground combat die per unit at threshold thr and no units at the start:
// hooks set its units per round with t.alive. It returns the slot and
// whether there was room for it.
func HiddenRoller(p *Plan, holder Side, name string, thr int8) (uint8, bool) {
	i, ok := p.AddRoller(holder, RollGround, name, int(thr), 1)
	if ok {
		p.Side[holder].Start[i] = 0
	}
	return i, ok
}

// GroundThreshold returns side's effective ground combat threshold for the units
// of slot s (its roller's threshold with the side's auras now), and whether
// s has a ground combat roller. It reads the final plan, so every static
// modifier attached after the caller is included.
func GroundThreshold(t *Trial, side Side, s uint8) (int, bool) {
	thr, ok := t.P.RollerThr(side, RollGround, s)
	if !ok {
		return 0, false
	}
	return int(thr) + t.P.Side[side].AuraShift(RollGround, s, &t.Alive[side]), true
}

// UnitAbilityRolls are the roll kinds of unit abilities: space cannon
// (offense and defense), anti-fighter barrage and bombardment.
var UnitAbilityRolls = [...]RollKind{RollSCO, RollAFB, RollBombard, RollSCD}

// FlagshipSlot returns holder's flagship slot, if the fleet has one.
func FlagshipSlot(p *Plan, holder Side) (uint8, bool) {
	flags := KindSlots(p, holder, TShips, units.Flagship)
	if len(flags) == 0 {
		return 0, false
	}
	return flags[0], true
}

// SlotsOf returns side's slots whose kind satisfies keep, in hit order.
func (p *Plan) SlotsOf(side Side, tg Targets, keep func(units.Kind) bool) []uint8 {
	var out []uint8
	for _, s := range p.Side[side].Order[tg] {
		if keep(p.Side[side].Slots[s].Stats.Kind) {
			out = append(out, s)
		}
	}
	return out
}

// StructuresOnPlanet counts side's structures on the contested planet.
func (p *Plan) StructuresOnPlanet(side Side) int {
	n := 0
	for i, sl := range p.Side[side].Slots {
		if sl.Zone == ZonePlanet && sl.Stats.Kind.Structure() {
			n += int(p.Side[side].Start[i])
		}
	}
	return n
}

// AttachedText is a text attached to a plan: its slug (a card's, a
// technology's or a faction text's, with a printing after ':' where one
// matters) and the side holding it.
type AttachedText struct {
	Slug   string
	Holder Side
}

// Attached records that the text slug held by holder attached to the
// plan (the effects do it for every text they attach).
func (p *Plan) Attached(slug string, holder Side) {
	p.texts = append(p.texts, AttachedText{slug, holder})
}

// Texts returns the texts attached to the plan, in the order they attached.
func (p *Plan) Texts() []AttachedText { return append([]AttachedText(nil), p.texts...) }

// Counter gives an effect a per-trial counter (t.used, t.mark) of its own.
func (p *Plan) Counter() int {
	if p.counters >= maxCounters {
		panic("combat: too many effect counters")
	}
	p.counters++
	return p.counters - 1
}
