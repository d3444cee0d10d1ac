package units

import (
	"fmt"
	"strings"
)

// MaxCount is the largest number of units of one kind a fleet may hold
// (one item is 1..99; repeated items add up to at most this).
const MaxCount = 200

// Group is a number of units of one kind.
type Group struct {
	// Kind is the unit kind.
	Kind Kind
	// Upgraded is true for the "II" unit.
	Upgraded bool
	// Count is the number of units, 1..MaxCount.
	Count int
	// Damaged is how many of them start damaged (have used Sustain
	// Damage), 0..Count; only for units with Sustain Damage.
	Damaged int
	// DamagedTwice is how many of them have used Sustain Damage twice
	// (Twilight Imperium 3's war sun, which sustains twice), besides
	// Damaged: Damaged + DamagedTwice is at most Count.
	DamagedTwice int
}

// Fleet is the units one side brings, at most one Group per kind, in kind
// order. The zero Fleet is empty.
type Fleet struct {
	groups []Group
}

// NewFleet builds a fleet from groups, adding up repeated kinds. It fails on
// counts out of range and on a kind given both with and without "II" (a
// player's units of one kind are all upgraded or none are).
func NewFleet(groups ...Group) (Fleet, error) {
	var count, damaged, twice [NumKinds]int
	var seen [NumKinds]bool
	var up [NumKinds]bool
	for _, g := range groups {
		if g.Kind >= NumKinds {
			return Fleet{}, fmt.Errorf("unknown unit kind %d", g.Kind)
		}
		if g.Count < 1 || g.Count > MaxCount {
			return Fleet{}, fmt.Errorf("count %d of %s out of range: allowed 1..%d", g.Count, g.Kind, MaxCount)
		}
		if g.Damaged < 0 || g.Damaged > g.Count {
			return Fleet{}, fmt.Errorf("%d damaged of %d %s: allowed 0..%d", g.Damaged, g.Count, g.Kind, g.Count)
		}
		if g.DamagedTwice < 0 || g.Damaged+g.DamagedTwice > g.Count {
			return Fleet{}, fmt.Errorf("%d damaged and %d damaged twice of %d %s: allowed at most %d in all", g.Damaged, g.DamagedTwice, g.Count, g.Kind, g.Count)
		}
		if g.Upgraded && !mayUpgrade(g.Kind) {
			return Fleet{}, fmt.Errorf("%s has no II upgrade", g.Kind)
		}
		if seen[g.Kind] && up[g.Kind] != g.Upgraded {
			return Fleet{}, fmt.Errorf("%s given both with and without II: a player's %s units are all upgraded or none are", g.Kind, g.Kind)
		}
		seen[g.Kind], up[g.Kind] = true, g.Upgraded
		count[g.Kind] += g.Count
		damaged[g.Kind] += g.Damaged
		twice[g.Kind] += g.DamagedTwice
		if count[g.Kind] > MaxCount {
			return Fleet{}, fmt.Errorf("%d %s in all: allowed at most %d", count[g.Kind], g.Kind, MaxCount)
		}
	}
	var f Fleet
	for k := range NumKinds {
		if count[k] > 0 {
			f.groups = append(f.groups, Group{Kind: k, Upgraded: up[k], Count: count[k], Damaged: damaged[k], DamagedTwice: twice[k]})
		}
	}
	return f, nil
}

// Groups returns the fleet's groups in kind order.
func (f Fleet) Groups() []Group { return append([]Group(nil), f.groups...) }

// Count returns the number of units of kind k.
func (f Fleet) Count(k Kind) int {
	for _, g := range f.groups {
		if g.Kind == k {
			return g.Count
		}
	}
	return 0
}

// Damaged returns how many units of kind k start damaged.
func (f Fleet) Damaged(k Kind) int {
	for _, g := range f.groups {
		if g.Kind == k {
			return g.Damaged
		}
	}
	return 0
}

// DamagedTwice returns how many units of kind k have used Sustain Damage
// twice (Group.DamagedTwice).
func (f Fleet) DamagedTwice(k Kind) int {
	for _, g := range f.groups {
		if g.Kind == k {
			return g.DamagedTwice
		}
	}
	return 0
}

// Upgraded reports whether the fleet's units of kind k are upgraded.
func (f Fleet) Upgraded(k Kind) bool {
	for _, g := range f.groups {
		if g.Kind == k {
			return g.Upgraded
		}
	}
	return false
}

// Empty reports whether the fleet has no units.
func (f Fleet) Empty() bool { return len(f.groups) == 0 }

// Len returns the total number of units.
func (f Fleet) Len() int {
	n := 0
	for _, g := range f.groups {
		n += g.Count
	}
	return n
}

// Filter returns the groups whose kind satisfies keep.
func (f Fleet) Filter(keep func(Kind) bool) []Group {
	var out []Group
	for _, g := range f.groups {
		if keep(g.Kind) {
			out = append(out, g)
		}
	}
	return out
}

// String returns the fleet in the command-line grammar, biggest ships
// first as players write it, e.g. "2 dreadnought II, 1 carrier, 4 fighter,
// 3 infantry"; "" for an empty fleet. ParseFleet(f.String()) gives f back
// (a kind with more than 99 units is written as several items).
func (f Fleet) String() string { return f.write(Kind.String) }

// Items returns the fleet as the grammar writes it: biggest ships first,
// items of at most MaxItemCount units each, the damaged units going with
// the first items of their kind after the units damaged twice, which
// come first in items of their own. A kind over MaxItemCount takes
// several items.
func (f Fleet) Items() []Group {
	var items []Group
	for _, k := range DisplayOrder() {
		for _, g := range f.groups {
			if g.Kind != k {
				continue
			}
			dm := g.Damaged
			for left := g.DamagedTwice; left > 0; left -= MaxItemCount {
				c := min(left, MaxItemCount)
				items = append(items, Group{Kind: k, Upgraded: g.Upgraded, Count: c, DamagedTwice: c})
			}
			for left := g.Count - g.DamagedTwice; left > 0; left -= MaxItemCount {
				c := min(left, MaxItemCount)
				d := min(dm, c)
				dm -= d
				items = append(items, Group{Kind: k, Upgraded: g.Upgraded, Count: c, Damaged: d})
			}
		}
	}
	return items
}

// write returns the fleet's items (Items), each kind under the name name
// gives it ("II" added for upgraded units).
func (f Fleet) write(name func(Kind) string) string {
	items := f.Items()
	parts := make([]string, len(items))
	for i, it := range items {
		n := name(it.Kind)
		if it.Upgraded {
			n += " II"
		}
		parts[i] = fmt.Sprintf("%d %s", it.Count, n)
		if it.Damaged > 0 {
			parts[i] += fmt.Sprintf(" (%d damaged)", it.Damaged)
		}
		if it.DamagedTwice > 0 {
			parts[i] += fmt.Sprintf(" (%d damaged twice)", it.DamagedTwice)
		}
	}
	return strings.Join(parts, ", ")
}
