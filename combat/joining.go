package combat

import (
	"fmt"
	"slices"

	"github.com/ti4sim/ti4sim/units"
)

// Units that join a space combat during the action (Brother Milor's
// fighters, the ships Ipswitch, Loose Cannon places): the side's plan gets
// a hidden slot of the holder's own unit of that kind, empty at the start,
// which effects fill during a trial with trial.join. The slot is never
// reported among the survivors (the units were not in the fleet) and its
// losses cost nothing (they come from the reinforcements); the outcome
// counts its units like any other.

// joinSlot adds to holder's plan a hidden slot of the holder's faction unit
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
// (a destroyer placed before the barrage, after an Ambush hit, does not
// fire it), the side's auras (the Sardakk N'orr flagship's +1 goes to the
// units in the fleet only) and modifiers that name single units.
func (p *plan) joinSlot(sc *input, holder sideID, k units.Kind, label string) (uint8, error) {
	sp := &p.side[holder]
	if len(sp.slots) >= maxSlots {
		return 0, fmt.Errorf("too many unit types to add its %ss", k)
	}
	s := sc.side(holder)
	up := s.Upgraded
	st, err := s.faction().Unit(k, up[k])
	if err != nil {
		return 0, err
	}
	thr, ok := p.unitThreshold(sc, holder, st, rollSpace)
	i := uint8(len(sp.slots))
	st.Name += " (" + label + ")"
	sp.slots = append(sp.slots, slot{stats: st, zone: zoneSpace, sustain: st.Sustain})
	if ok {
		sp.rollers[rollSpace] = append(sp.rollers[rollSpace], roller{slot: i, dice: uint8(st.Combat.Dice), thr: int8(thr)})
		sp.groups[rollSpace] = groupRollers(sp.rollers[rollSpace])
	}
	if holder == attacker && sc.Action == Invasion && st.Bombardment.Has() {
		sp.rollers[rollBombard] = append(sp.rollers[rollBombard], roller{slot: i, dice: uint8(st.Bombardment.Dice), thr: int8(st.Bombardment.Value)})
		sp.groups[rollBombard] = groupRollers(sp.rollers[rollBombard])
	}
	// First of its kind in each order of ships: ahead of the first unit of
	// its kind or of a kind the side loses after it; in the non-fighters-
	// first order, a fighter among the fighters, a non-fighter ahead of them.
	seq := s.Order.sequence()
	fighter := k == units.Fighter
	sp.insertFirstOfKind(tShips, i, k, seq)
	if fighter {
		sp.insertFirstOfKind(tFighters, i, k, seq)
	}
	nf := slices.IndexFunc(sp.order[tNonFighters], func(o uint8) bool { return sp.slots[o].stats.Kind == units.Fighter })
	if nf < 0 {
		nf = len(sp.order[tNonFighters])
	}
	if fighter {
		sp.order[tNonFighters] = append(sp.order[tNonFighters][:nf:nf], append([]uint8{i}, sp.order[tNonFighters][nf:]...)...)
	} else {
		// Among the non-fighters, by rank.
		head := append([]uint8(nil), sp.order[tNonFighters][:nf]...)
		tail := sp.order[tNonFighters][nf:]
		sp.order[tNonFighters] = head
		sp.insertFirstOfKind(tNonFighters, i, k, seq)
		sp.order[tNonFighters] = append(sp.order[tNonFighters], tail...)
	}
	sp.in[i] |= 1 << tNonFighters
	sp.insertFirstOfKind(tFleet, i, k, seq)
	sp.derive()
	cp := &sp.capacity
	if st.Capacity > 0 && len(cp.cargo) > 0 {
		cp.carriers = append(cp.carriers, i)
	}
	if fighter && st.Move == 0 { // a Fighter I needs room when the combat ends
		if len(cp.carriers) == 0 {
			for j, sl := range sp.slots {
				if sl.zone == zoneSpace && sl.stats.Capacity > 0 {
					cp.carriers = append(cp.carriers, uint8(j))
				}
			}
		}
		cp.cargo = slices.Insert(cp.cargo, 0, i)
	}
	p.noTables = true
	return i, nil
}

// unitThreshold is the threshold at which holder's unit st, added during
// the action, rolls in combat rounds of kind r (rollSpace or rollGround):
// the value of its kind's rollers (static modifiers included), else st's
// value shifted as static modifiers shifted the side's other units of that
// combat (non-flagship ships in the space area; ground forces), else st's
// value less the side's Modifier (and 1 for a defender's ship in a nebula).
// False when the unit has no combat roll.
func (p *plan) unitThreshold(sc *input, holder sideID, st units.Stats, r rollKind) (int, bool) {
	if !st.Combat.Has() {
		return 0, false
	}
	sp := &p.side[holder]
	space := r == rollSpace
	tg := tGround
	if space {
		tg = tShips
	}
	for _, f := range kindSlots(p, holder, tg, st.Kind) {
		if t, ok := p.rollerThr(holder, r, f); ok {
			return int(t), true
		}
	}
	for _, ro := range sp.rollers[r] {
		sl := sp.slots[ro.slot]
		k := sl.stats.Kind
		if sl.form != formUnit || !sl.report || k == units.Flagship || (space && (sl.zone != zoneSpace || !k.Ship())) || (!space && !k.GroundForce()) {
			continue
		}
		return st.Combat.Value + int(ro.thr) - sl.stats.Combat.Value, true
	}
	thr := st.Combat.Value - sc.side(holder).Modifier
	if space && sc.Nebula && holder == defender {
		thr--
	}
	return thr, true
}

// insertFirstOfKind puts slot i (of kind k) into the side's order tg ahead
// of the first unit of its kind or of a kind the side loses after it.
func (sp *sidePlan) insertFirstOfKind(tg targets, i uint8, k units.Kind, seq []units.Kind) {
	rank := func(k units.Kind) int { return slices.Index(seq, k) }
	at := len(sp.order[tg])
	for j, o := range sp.order[tg] {
		if rank(sp.slots[o].stats.Kind) >= rank(k) {
			at = j
			break
		}
	}
	sp.order[tg] = slices.Insert(sp.order[tg], at, i)
	sp.in[i] |= 1 << tg
}

// join places n more units in side's joining slot s (joinSlot), or takes
// -n away without a loss when n < 0, keeping the target sets' counts
// right.
func (t *trial) join(side sideID, s uint8, n int) {
	if n == 0 {
		return
	}
	t.alive[side][s] = uint16(int(t.alive[side][s]) + n)
	for tg, b := 0, t.p.side[side].in[s]; b != 0; tg, b = tg+1, b>>1 {
		t.count[side][tg] += int32(b&1) * int32(n)
	}
}

// hiddenGroundSlot adds to holder's plan, for the effect name, a hidden
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
func (p *plan) hiddenGroundSlot(sc *input, holder sideID, k units.Kind, name, label string) (uint8, bool) {
	sp := &p.side[holder]
	if len(sp.slots) >= maxSlots {
		p.warnings = append(p.warnings, name+": too many unit types to add its units; ignored")
		return 0, false
	}
	s := sc.side(holder)
	up := s.Upgraded
	st, err := s.faction().Unit(k, up[k])
	if err != nil {
		p.warnings = append(p.warnings, name+": "+err.Error()+"; ignored")
		return 0, false
	}
	thr, rolls := p.unitThreshold(sc, holder, st, rollGround)
	i := uint8(len(sp.slots))
	st.Name += " (" + label + ")"
	sp.slots = append(sp.slots, slot{stats: st, zone: zonePlanet, sustain: st.Sustain})
	if rolls {
		sp.rollers[rollGround] = append(sp.rollers[rollGround], roller{slot: i, dice: uint8(st.Combat.Dice), thr: int8(thr)})
		sp.groups[rollGround] = groupRollers(sp.rollers[rollGround])
	}
	sp.insertFirstOfKind(tGround, i, k, s.Order.sequence())
	sp.derive()
	p.noTables = true
	p.warnOnce(fmt.Sprintf("%s: the units it gives the %s are not listed among its survivors (they were not in the fleet); the outcome counts them", name, holder.String()))
	return i, true
}
