package engine

import (
	"github.com/ti4sim/ti4sim/units"
)

// Unit variants: some units of a side are not like the others of their
// kind — a galvanized unit rolls one more die, a ship a promissory note
// names fights like a flagship. Before its rolls are built, a side's plan
// splits those units off into a slot of their own with their own numbers:
// everything after (rolls, hit order, capacity, survivors) then treats
// them as a unit type of their own, reported under their own name.

// SplitSlot moves n units of slot i (undamaged ones first) into a new slot
// with stats st, and returns it; false when there is no room for another
// slot.
func (sp *SidePlan) SplitSlot(i uint8, n int, st units.Stats) (uint8, bool) {
	if len(sp.Slots) >= MaxSlots || n <= 0 || int(sp.Start[i]) < n {
		return 0, false
	}
	j := uint8(len(sp.Slots))
	sl := sp.Slots[i]
	sl.Stats, sl.Sustain = st, st.Sustain
	sl.CostHalves = int32(st.Cost * 2)
	sp.Slots = append(sp.Slots, sl)
	sp.Start[i] -= uint16(n)
	sp.Start[j] = uint16(n)
	// Damaged units stay in slot i while it has room for them.
	if over := int(sp.StartDamaged[i]) - int(sp.Start[i]); over > 0 {
		sp.StartDamaged[i] -= uint16(over)
		sp.StartDamaged[j] = uint16(over)
	}
	return j, true
}

// SlotOfKind returns the side's slot of kind k in the active system.
func (sp *SidePlan) SlotOfKind(k units.Kind) (uint8, bool) {
	for i, sl := range sp.Slots {
		if sl.Stats.Kind == k && sl.Zone != ZoneAdjacent && sp.Start[i] > 0 {
			return uint8(i), true
		}
	}
	return 0, false
}
