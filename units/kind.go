// Package units describes Twilight Imperium 4 units: their kinds, their
// printed numbers (base game and Prophecy of Kings unit cards), the
// factions that replace some of them, and fleets as players write them.
package units

import "fmt"

// Kind is a unit type as the rules name it. Faction units (a faction's
// flagship, mech or unit upgrade) have the Kind of the generic unit they
// replace.
//
// The order of the constants is the default hit-assignment priority:
// within ships, fighters are lost first and war suns last; within
// ground forces, infantry before shock troops before mechs. ShockTroop is a
// Twilight Imperium 3 unit only (units.TI3); no TI4 table has it.
type Kind uint8

// The unit kinds.
const (
	Infantry Kind = iota
	ShockTroop
	Mech
	Fighter
	Destroyer
	Cruiser
	Carrier
	Dreadnought
	Flagship
	WarSun
	PDS
	SpaceDock
	NumKinds // the number of kinds; not a kind
)

var kindNames = [NumKinds]string{
	Infantry:    "infantry",
	ShockTroop:  "shock troop",
	Mech:        "mech",
	Fighter:     "fighter",
	Destroyer:   "destroyer",
	Cruiser:     "cruiser",
	Carrier:     "carrier",
	Dreadnought: "dreadnought",
	Flagship:    "flagship",
	WarSun:      "war sun",
	PDS:         "pds",
	SpaceDock:   "space dock",
}

// String returns the lower-case name used on the command line and in JSON
// ("dreadnought", "war sun", "space dock").
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Key returns the name with spaces replaced by underscores, for JSON keys
// ("war_sun").
func (k Kind) Key() string {
	switch k {
	case WarSun:
		return "war_sun"
	case SpaceDock:
		return "space_dock"
	case ShockTroop:
		return "shock_troop"
	}
	return k.String()
}

// Ship reports whether units of this kind are ships (they fight in the space
// area).
func (k Kind) Ship() bool { return k >= Fighter && k <= WarSun }

// GroundForce reports whether units of this kind are ground forces.
func (k Kind) GroundForce() bool { return k == Infantry || k == ShockTroop || k == Mech }

// Structure reports whether units of this kind are structures (they stay on
// a planet and take no part in combat).
func (k Kind) Structure() bool { return k == PDS || k == SpaceDock }

// Kinds returns every kind in priority order.
func Kinds() []Kind {
	ks := make([]Kind, NumKinds)
	for i := range ks {
		ks[i] = Kind(i)
	}
	return ks
}

// DisplayOrder returns every kind in the order players list a fleet: ships
// from the biggest down, then ground forces, then structures.
func DisplayOrder() []Kind {
	return []Kind{WarSun, Flagship, Dreadnought, Carrier, Cruiser, Destroyer, Fighter, Mech, ShockTroop, Infantry, PDS, SpaceDock}
}
