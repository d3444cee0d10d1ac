package engine

import (
	"fmt"
	"slices"

	"github.com/ti4sim/ti4sim/units"
)

// Units that join a space combat during the action (fighters or ships an
// effect places in the system): the side's plan gets
// a hidden slot of the holder's own unit of that kind, empty at the start,
// which effects fill during a trial with trial.join. The slot is never
// reported among the survivors (the units were not in the fleet) and its
// losses cost nothing (they come from the reinforcements); the outcome
// counts its units like any other.

// JoinSlot adds to holder's plan a hidden slot of the holder's faction unit
// of kind k (a ship), upgraded as the side is, whose units join the space
// combat when an effect places them. Its name is the unit's with
// " (label)". The slot:
//   - rolls in the space combat at the unit's value with the static
//     modifiers the side's other units of kind k have (else the shift static
//     modifiers gave the side's other non-flagship ships, else the side's
//     Modifier and the nebula's), one die more each per Combat dice;
//   - for an attacker in an invasion, bombards with the unit's Bombardment,
//     if any (it is in the space area at the bombardment step);
//   - takes hits first of the side's units of its kind in every order of
//     ships (ships, fighters if a fighter, non-fighters first, the fleet),
//     keeping sidePlan.same right; it may use Sustain Damage if the
//     unit has it;
//   - as a Fighter I, needs room on the side's ships when the combat ends;
//     with capacity, gives room.
//
// It turns the fast tables off (units are added during the action). It
// returns the slot, or an error (no room for another slot, no such unit).
// Not modelled: anti-fighter barrage and space cannon of the joining units
// (a destroyer placed before the barrage does not fire it), the side's auras (an aura's +1 goes to the units in the fleet
// only) and modifiers that name single units.
func (p *Plan) JoinSlot(sc *Input, holder Side, k units.Kind, label string) (uint8, error) {
	sp := &p.Side[holder]
	if len(sp.Slots) >= MaxSlots {
		return 0, fmt.Errorf("too many unit types to add its %ss", k)
	}
	s := sc.Side(holder)
	up := s.Upgraded
	st, err := s.FactionOrNone().Unit(k, up[k])
	if err != nil {
		return 0, err
	}
	thr, ok := p.unitThreshold(sc, holder, st, RollSpace)
	i := uint8(len(sp.Slots))
	st.Name += " (" + label + ")"
	sp.Slots = append(sp.Slots, Slot{Stats: st, Zone: ZoneSpace, Sustain: st.Sustain})
	if ok {
		// Base: the value of a unit of its kind already composed (the
		// side's modifiers that apply to that unit), since a slot added now
		// is outside the modifiers recorded before (addModifier).
		sp.AppendRoller(RollSpace, Roller{Slot: i, Dice: uint8(st.Combat.Dice), Base: int8(thr)})
	}
	if holder == Attacker && sc.Action == Invasion && st.Bombardment.Has() {
		sp.AppendRoller(RollBombard, Roller{Slot: i, Dice: uint8(st.Bombardment.Dice), Base: int8(st.Bombardment.Value)})
	}
	// First of its kind in each order of ships: ahead of the first unit of
	// its kind or of a kind the side loses after it; in the non-fighters-
	// first order, a fighter among the fighters, a non-fighter ahead of them.
	seq := s.Order.Sequence()
	fighter := k == units.Fighter
	sp.insertFirstOfKind(TShips, i, k, seq)
	if fighter {
		sp.insertFirstOfKind(TFighters, i, k, seq)
	}
	nf := slices.IndexFunc(sp.Order[TNonFighters], func(o uint8) bool { return sp.Slots[o].Stats.Kind == units.Fighter })
	if nf < 0 {
		nf = len(sp.Order[TNonFighters])
	}
	if fighter {
		sp.Order[TNonFighters] = append(sp.Order[TNonFighters][:nf:nf], append([]uint8{i}, sp.Order[TNonFighters][nf:]...)...)
	} else {
		// Among the non-fighters, by rank.
		head := append([]uint8(nil), sp.Order[TNonFighters][:nf]...)
		tail := sp.Order[TNonFighters][nf:]
		sp.Order[TNonFighters] = head
		sp.insertFirstOfKind(TNonFighters, i, k, seq)
		sp.Order[TNonFighters] = append(sp.Order[TNonFighters], tail...)
	}
	sp.In[i] |= 1 << TNonFighters
	sp.insertFirstOfKind(TFleet, i, k, seq)
	sp.Derive()
	cp := &sp.Capacity
	if st.Capacity > 0 && len(cp.Cargo) > 0 {
		cp.carriers = append(cp.carriers, i)
	}
	if fighter && st.Move == 0 { // a Fighter I needs room when the combat ends
		if len(cp.carriers) == 0 {
			for j, sl := range sp.Slots {
				if sl.Zone == ZoneSpace && sl.Stats.Capacity > 0 {
					cp.carriers = append(cp.carriers, uint8(j))
				}
			}
		}
		cp.Cargo = slices.Insert(cp.Cargo, 0, i)
	}
	p.NoTables = true
	return i, nil
}

// unitThreshold is the threshold at which holder's unit st, added during
// the action, rolls in combat rounds of kind r (rollSpace or rollGround):
// the value of its kind's rollers (static modifiers included), else st's
// value shifted as static modifiers shifted the side's other units of that
// combat (non-flagship ships in the space area; ground forces), else st's
// value less the side's Modifier (and 1 for a defender's ship in a nebula).
// False when the unit has no combat roll.
func (p *Plan) unitThreshold(sc *Input, holder Side, st units.Stats, r RollKind) (int, bool) {
	if !st.Combat.Has() {
		return 0, false
	}
	sp := &p.Side[holder]
	space := r == RollSpace
	tg := TGround
	if space {
		tg = TShips
	}
	for _, f := range KindSlots(p, holder, tg, st.Kind) {
		if t, ok := p.RollerThr(holder, r, f); ok {
			return int(t), true
		}
	}
	for _, ro := range sp.Rollers[r] {
		sl := sp.Slots[ro.Slot]
		k := sl.Stats.Kind
		if sl.Form != FormUnit || !sl.Report || k == units.Flagship || (space && (sl.Zone != ZoneSpace || !k.Ship())) || (!space && !k.GroundForce()) {
			continue
		}
		return st.Combat.Value + int(ro.thr) - sl.Stats.Combat.Value, true
	}
	thr := st.Combat.Value - sc.Side(holder).Modifier
	if space && sc.Nebula && holder == Defender {
		thr--
	}
	return thr, true
}

// insertFirstOfKind puts slot i (of kind k) into the side's order tg ahead
// of the first unit of its kind or of a kind the side loses after it.
func (sp *SidePlan) insertFirstOfKind(tg Targets, i uint8, k units.Kind, seq []units.Kind) {
	rank := func(k units.Kind) int { return slices.Index(seq, k) }
	at := len(sp.Order[tg])
	for j, o := range sp.Order[tg] {
		if rank(sp.Slots[o].Stats.Kind) >= rank(k) {
			at = j
			break
		}
	}
	sp.Order[tg] = slices.Insert(sp.Order[tg], at, i)
	sp.In[i] |= 1 << tg
}

// Join places n more units in side's joining slot s (joinSlot), or takes
// -n away without a loss when n < 0, keeping the target sets' counts
// right.
func (t *Trial) Join(side Side, s uint8, n int) {
	if n == 0 {
		return
	}
	t.Alive[side][s] = uint16(int(t.Alive[side][s]) + n)
	for tg, b := 0, t.P.Side[side].In[s]; b != 0; tg, b = tg+1, b>>1 {
		t.Count[side][tg] += int32(b&1) * int32(n)
	}
}

// HiddenGroundSlot adds to holder's plan, for the effect name, a hidden
// slot of the holder's faction unit of kind k (a ground force), upgraded as
// the side is, named with " (label)", on the planet, empty at the start,
// which hooks fill with trial.join. It rolls in ground combat at the
// threshold the side's units of kind k roll at (static modifiers so far
// included), else at the unit's value shifted as the side's other ground
// forces are, else less the side's Modifier; it takes hits first of the
// side's units of kind k and may use Sustain Damage if the unit has it. It
// is never reported among the survivors and its losses cost nothing (the
// units come from the reinforcements); the outcome counts it. The fast
// tables are turned off. False (with a warning) when there is no room or no
// such unit.
func (p *Plan) HiddenGroundSlot(sc *Input, holder Side, k units.Kind, name, label string) (uint8, bool) {
	sp := &p.Side[holder]
	if len(sp.Slots) >= MaxSlots {
		p.Warnings = append(p.Warnings, name+": too many unit types to add its units; ignored")
		return 0, false
	}
	s := sc.Side(holder)
	up := s.Upgraded
	st, err := s.FactionOrNone().Unit(k, up[k])
	if err != nil {
		p.Warnings = append(p.Warnings, name+": "+err.Error()+"; ignored")
		return 0, false
	}
	thr, rolls := p.unitThreshold(sc, holder, st, RollGround)
	i := uint8(len(sp.Slots))
	st.Name += " (" + label + ")"
	sp.Slots = append(sp.Slots, Slot{Stats: st, Zone: ZonePlanet, Sustain: st.Sustain})
	if rolls {
		sp.AppendRoller(RollGround, Roller{Slot: i, Dice: uint8(st.Combat.Dice), Base: int8(thr)}) // as in JoinSlot
	}
	sp.insertFirstOfKind(TGround, i, k, s.Order.Sequence())
	sp.Derive()
	p.NoTables = true
	p.WarnOnce(fmt.Sprintf("%s: the units it gives the %s are not listed among its survivors (they were not in the fleet); the outcome counts them", name, holder.String()))
	return i, true
}
