package units

import (
	"strings"
	"testing"
)

// TestGenericNumbers pins every generic unit to its printed numbers (the table
// of unit numbers of the base game and Prophecy of Kings).
func TestGenericNumbers(t *testing.T) {
	type row struct {
		k                 Kind
		up                bool
		cost              float64
		combat, dice      int
		move, cap         int
		sustain           bool
		afb, sc, bomb     Roll
		shield, adjacent  bool
		directHitImmune   bool
		removesShield     bool
		production        int
		productionPlusRes bool
	}
	rows := []row{
		{k: Infantry, cost: 0.5, combat: 8, dice: 1},
		{k: Infantry, up: true, cost: 0.5, combat: 7, dice: 1},
		{k: Mech, cost: 2, combat: 6, dice: 1, sustain: true},
		{k: Fighter, cost: 0.5, combat: 9, dice: 1},
		{k: Fighter, up: true, cost: 0.5, combat: 8, dice: 1, move: 2},
		{k: Destroyer, cost: 1, combat: 9, dice: 1, move: 2, afb: Roll{9, 2}},
		{k: Destroyer, up: true, cost: 1, combat: 8, dice: 1, move: 2, afb: Roll{6, 3}},
		{k: Cruiser, cost: 2, combat: 7, dice: 1, move: 2},
		{k: Cruiser, up: true, cost: 2, combat: 6, dice: 1, move: 3, cap: 1},
		{k: Carrier, cost: 3, combat: 9, dice: 1, move: 1, cap: 4},
		{k: Carrier, up: true, cost: 3, combat: 9, dice: 1, move: 2, cap: 6},
		{k: Dreadnought, cost: 4, combat: 5, dice: 1, move: 1, cap: 1, sustain: true, bomb: Roll{5, 1}},
		{k: Dreadnought, up: true, cost: 4, combat: 5, dice: 1, move: 2, cap: 1, sustain: true, bomb: Roll{5, 1}, directHitImmune: true},
		{k: WarSun, cost: 12, combat: 3, dice: 3, move: 2, cap: 6, sustain: true, bomb: Roll{3, 3}, removesShield: true},
		{k: PDS, shield: true, sc: Roll{6, 1}},
		{k: PDS, up: true, shield: true, sc: Roll{5, 1}, adjacent: true},
		{k: SpaceDock, production: 2, productionPlusRes: true},
		{k: SpaceDock, up: true, production: 4, productionPlusRes: true},
	}
	for _, r := range rows {
		s, ok := Generic(r.k, r.up)
		if !ok {
			t.Errorf("%v up=%v missing", r.k, r.up)
			continue
		}
		got := row{s.Kind, s.Upgraded, s.Cost, s.Combat.Value, s.Combat.Dice, s.Move, s.Capacity, s.Sustain,
			s.AFB, s.SpaceCannon, s.Bombardment, s.PlanetaryShield, s.SpaceCannonAdjacent, s.DirectHitImmune,
			s.RemovesPlanetaryShield, s.Production, s.ProductionPlusResources}
		if got != r {
			t.Errorf("%s:\n got %+v\nwant %+v", s.Name, got, r)
		}
	}
	for _, k := range []Kind{Mech, WarSun, Flagship} {
		if HasUpgrade(k) {
			t.Errorf("%v has a generic II, want none", k)
		}
	}
	if _, ok := Generic(Flagship, false); ok {
		t.Error("a generic flagship exists; flagships are faction units")
	}
}

func TestKinds(t *testing.T) {
	for _, k := range Kinds() {
		n := 0
		for _, b := range []bool{k.Ship(), k.GroundForce(), k.Structure()} {
			if b {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%v is in %d of ship/ground force/structure, want exactly 1", k, n)
		}
		parse := ParseKind
		if k == ShockTroop { // a Twilight Imperium 3 unit only
			parse = ParseKindTI3
		}
		pk, up, err := parse(k.String())
		if err != nil || pk != k || up {
			t.Errorf("ParseKind(%q) = %v, %v, %v", k.String(), pk, up, err)
		}
	}
	if len(DisplayOrder()) != int(NumKinds) {
		t.Errorf("DisplayOrder has %d kinds, want %d", len(DisplayOrder()), NumKinds)
	}
}

func TestFactionLookup(t *testing.T) {
	f, err := LookupFaction(" None ")
	if err != nil || f != NoFaction() {
		t.Fatalf("LookupFaction(none) = %v, %v", f, err)
	}
	if _, err := LookupFaction("sardak"); err == nil || !strings.Contains(err.Error(), "sardakk") {
		t.Errorf("LookupFaction(sardak) error = %v; want one listing the valid names", err)
	}
	if _, err := NoFaction().Unit(Flagship, false); err == nil {
		t.Error("the faction-less player has a flagship")
	}
	if s, err := NoFaction().Unit(Dreadnought, true); err != nil || s.Name != "Dreadnought II" {
		t.Errorf("Unit(dreadnought II) = %v, %v", s.Name, err)
	}
}
