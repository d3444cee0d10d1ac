package units

import (
	"errors"
	"strings"
	"testing"
)

// TestTI3Numbers pins every unit of the TI3 ruleset to its sources (the
// tags of ti3.go: SA is the Shattered Ascension v4.0 rules). Text is
// not compared.
func TestTI3Numbers(t *testing.T) {
	rows := []struct {
		source string
		want   Stats
	}{
		{"SA table: Fighter (9, cost 3/2 = 1/2); SA Mix and Match; CHEAT; carried, no move",
			Stats{Kind: Fighter, Name: "Fighter", Cost: 0.5, Combat: Roll{9, 1}}},
		{"SA table: Destroyer (1, 9, move 2, AFB); AFB 2 dice: CRB, CALC",
			Stats{Kind: Destroyer, Name: "Destroyer", Cost: 1, Combat: Roll{9, 1}, Move: 2, AFB: Roll{9, 2}}},
		{"SA table: Cruiser (2, 7, move 2, no capacity)",
			Stats{Kind: Cruiser, Name: "Cruiser", Cost: 2, Combat: Roll{7, 1}, Move: 2}},
		{"SA table: Carrier (3, 9, capacity 6, move 1)",
			Stats{Kind: Carrier, Name: "Carrier", Cost: 3, Combat: Roll{9, 1}, Move: 1, Capacity: 6}},
		{"SA Dreadnoughts, SA table: Dreadnought (5, 5 x2, HP 2, move 1); bombardment 1 die: DEMO, CRB",
			Stats{Kind: Dreadnought, Name: "Dreadnought", Cost: 5, Combat: Roll{5, 2}, Move: 1, Sustain: true, Bombardment: Roll{5, 1}}},
		{"SA War Suns, SA table: War Sun (12, 3 x3, HP 3 = sustains twice, capacity 6, move 2, bombardment through PDS); bombardment 3 dice: CALC",
			Stats{Kind: WarSun, Name: "War Sun", Cost: 12, Combat: Roll{3, 3}, Move: 2, Capacity: 6, Sustain: true, ExtraSustains: 1,
				Bombardment: Roll{3, 3}, BombardsThroughShield: true}},
		{"SA table: Ground Forces (ground force 8, cost 1/2); SA Mix and Match; CHEAT",
			Stats{Kind: Infantry, Name: "Ground Force", Cost: 0.5, Combat: Roll{8, 1}}},
		{"SA table: Shock Troop (shock troop 5, not bought: valued as a ground force); SA Shock Troops",
			Stats{Kind: ShockTroop, Name: "Shock Troop", Cost: 0.5, Combat: Roll{5, 1}}},
		{"SA silent: CRB Armor (cost 2, 6 x2, Sustain Damage 1), CALC Mech",
			Stats{Kind: Mech, Name: "Mechanized Unit", Cost: 2, Combat: Roll{6, 2}, Sustain: true}},
		{"SA table: PDS (2, space cannon 6, planetary shield); 1 die per PDS: TI3 rules",
			Stats{Kind: PDS, Name: "PDS", Cost: 2, SpaceCannon: Roll{6, 1}, PlanetaryShield: true}},
		{"SA table: Space Dock (4, 3 fighters); production resources + 2: TI3, CRB",
			Stats{Kind: SpaceDock, Name: "Space Dock", Cost: 4, Production: 2, ProductionPlusResources: true}},
	}
	f := TI3()
	if f.Slug != "ti3-sa" || f.Name != "Twilight Imperium 3 with Shattered Ascension (v4.0)" {
		t.Errorf("TI3() = %q %q", f.Slug, f.Name)
	}
	for _, r := range rows {
		s, err := f.Unit(r.want.Kind, r.want.Upgraded)
		if err != nil {
			t.Errorf("%s (%s): %v", r.want.Name, r.source, err)
			continue
		}
		if s.Text == "" && (s.Sustain || s.Kind == Infantry) {
			t.Errorf("%s has no text", s.Name)
		}
		s.Text = ""
		if s != r.want {
			t.Errorf("%s (%s):\n got %+v\nwant %+v", r.want.Name, r.source, s, r.want)
		}
	}
	if n := len(f.Units()); n != len(rows) {
		t.Errorf("TI3().Units() has %d units, want %d", n, len(rows))
	}
	ws, _ := f.Unit(WarSun, false)
	if ws.SustainUses() != 2 || ws.RemovesPlanetaryShield {
		t.Errorf("TI3 war sun: %d sustains, removes shield %v; want 2, false", ws.SustainUses(), ws.RemovesPlanetaryShield)
	}
	dn, _ := f.Unit(Dreadnought, false)
	if dn.SustainUses() != 1 || dn.BombardsThroughShield {
		t.Errorf("TI3 dreadnought: %d sustains, through shield %v; want 1, false", dn.SustainUses(), dn.BombardsThroughShield)
	}
}

// TestTI3NoFallback checks that the TI3 table never falls back to the
// Twilight Imperium 4 units: no flagship (a race's: ti3flagships.go), no
// upgrade but the shock troop.
func TestTI3NoFallback(t *testing.T) {
	f := TI3()
	if _, err := f.Unit(Flagship, false); err == nil || !strings.Contains(err.Error(), "a flagship is its race's") {
		t.Errorf("Unit(flagship) error = %v", err)
	}
	if _, err := f.Unit(Flagship, true); err == nil || !strings.Contains(err.Error(), "flagship") {
		t.Errorf("Unit(flagship II) error = %v", err)
	}
	for _, k := range Kinds() {
		if k == Flagship {
			continue
		}
		_, err := f.Unit(k, true)
		if !errors.Is(err, ErrTI3NoUpgrades) {
			t.Errorf("Unit(%v II) error = %v", k, err)
		}
	}
	if _, err := f.Unit(NumKinds, false); err == nil {
		t.Error("Unit(NumKinds) succeeded")
	}
	for _, g := range Factions() {
		if g == f || g.Slug == TI3Slug {
			t.Errorf("TI3 is among Factions")
		}
	}
	if _, err := LookupFaction("ti3-sa"); err == nil {
		t.Error("LookupFaction finds the TI3 ruleset")
	}
	// The TI4 units keep their numbers and one sustain.
	for _, k := range Kinds() {
		for _, up := range []bool{false, true} {
			if s, ok := Generic(k, up); ok && (s.ExtraSustains != 0 || s.BombardsThroughShield) {
				t.Errorf("generic %s changed: %+v", s.Name, s)
			}
		}
	}
}

func TestParseFleetTI3(t *testing.T) {
	cases := []struct{ in, want string }{
		{"3 ground forces, 2 gf, 1 ground force", "6 ground force"},
		{"groundforce", "1 ground force"},
		{"2 shock troops, st, 1 Shock Troop", "4 shock troop"},
		{"2 mechanized units, mu, 1 mechanised unit", "4 mechanized unit"},
		{"2 mech (1 damaged)", "2 mechanized unit (1 damaged)"},
		{"3 infantry, 2 inf", "5 ground force"},
		{"1 war sun (damaged), 2 dread (1 damaged), 1 cv, 6 ff, 2 dd, 1 ca", "1 war sun (1 damaged), 2 dreadnought (1 damaged), 1 carrier, 1 cruiser, 2 destroyer, 6 fighter"},
		{"1 pds, 1 space dock", "1 pds, 1 space dock"},
	}
	for _, c := range cases {
		f, err := ParseFleetTI3(c.in)
		if err != nil {
			t.Errorf("ParseFleetTI3(%q): %v", c.in, err)
			continue
		}
		if got := f.TI3String(); got != c.want {
			t.Errorf("ParseFleetTI3(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	f, _ := ParseFleetTI3("3 gf, 2 st, 1 mu")
	if f.Count(Infantry) != 3 || f.Count(ShockTroop) != 2 || f.Upgraded(ShockTroop) || f.Count(Mech) != 1 || f.Upgraded(Mech) {
		t.Errorf("ParseFleetTI3(3 gf, 2 st, 1 mu) = %v", f.Groups())
	}
}

func TestParseFleetTI3Errors(t *testing.T) {
	noUp := "Twilight Imperium 3 has no unit upgrades (shock troops are a unit of their own: \"shock troop\")"
	cases := []struct{ in, want string }{
		{"2 dreadnought II", noUp + " in item 1"},
		{"1 carrier, 2 infantry ii", noUp + " in item 2"},
		{"1 shock troop II", noUp},
		{"1 ground force II", noUp},
		{"1 pds II", noUp},
		{"2 ground froce", `unknown unit "ground froce" in item 1 ("2 ground froce"); did you mean ground force?`},
		{"2 shok troop", "did you mean shock troop?"},
		{"1 zeppelin", "allowed: ground force, shock troop, mechanized unit, fighter"},
		{"", "empty fleet"},
		{"1 cv,", "item 2 is empty"},
		{"100 gf", "count 100 out of range"},
		{"3", "missing unit name"},
	}
	for _, c := range cases {
		_, err := ParseFleetTI3(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseFleetTI3(%q) error = %v, want it to contain %q", c.in, err, c.want)
		}
	}
}

// TestParseFleetShockTroopTI4 checks that Twilight Imperium 4's grammar
// refuses shock troops, naming the TI3 ruleset, instead of reading them as
// Infantry II; its other names are unchanged.
func TestParseFleetShockTroopTI4(t *testing.T) {
	for _, in := range []string{"2 shock troop", "shock troops", "1 st", "2 shock troop II", "1 carrier, 2 ST"} {
		_, err := ParseFleet(in)
		if err == nil || !strings.Contains(err.Error(), "shock troops exist only in ruleset ti3-sa") {
			t.Errorf("ParseFleet(%q) error = %v", in, err)
		}
	}
	if _, _, err := ParseKind("shock troop"); err == nil || !strings.Contains(err.Error(), "ruleset ti3-sa") {
		t.Errorf("ParseKind(shock troop) error = %v", err)
	}
	f, err := ParseFleet("3 gf, 1 infantry II")
	if err == nil {
		t.Errorf("ParseFleet mixes infantry and infantry II: %v", f)
	}
	f, err = ParseFleet("3 gf")
	if err != nil || f.String() != "3 infantry" {
		t.Errorf("ParseFleet(3 gf) = %v, %v", f, err)
	}
}

// FuzzParseFleetTI3 checks that the TI3 parser never panics, and that
// whatever it accepts prints back (TI3String) to a fleet string that
// parses to the same fleet, with no upgrade but shock troops.
func FuzzParseFleetTI3(f *testing.F) {
	for _, s := range []string{
		"2 dreadnought, 1 carrier, 4 fighter, 3 gf", "ws", "-1 cv", "99 ff, 99 ff", "2 st", "mu (damaged)",
		"1 dread,,", "x", "2x destroyer ii", "\x00", "1 space dock", "3 war suns (1 damaged)", "1 flagship",
		"3 ground forces, 1 shock troop", "99 st, 99 st, 3 st",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fl, err := ParseFleetTI3(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		if fl.Empty() || fl.Len() < 1 {
			t.Fatalf("ParseFleetTI3(%q) accepted an empty fleet", s)
		}
		again, err := ParseFleetTI3(fl.TI3String())
		if err != nil {
			t.Fatalf("round trip of %q via %q: %v", s, fl.TI3String(), err)
		}
		if again.TI3String() != fl.TI3String() {
			t.Fatalf("round trip of %q: %q then %q", s, fl.TI3String(), again.TI3String())
		}
		for _, g := range fl.Groups() {
			if g.Count < 1 || g.Count > MaxCount {
				t.Fatalf("ParseFleetTI3(%q): count %d of %s out of range", s, g.Count, g.Kind)
			}
			if g.Upgraded && g.Kind != Infantry {
				t.Fatalf("ParseFleetTI3(%q): upgraded %s", s, g.Kind)
			}
			if g.Kind == Flagship { // its race gives its numbers
				if g.Damaged > 0 && g.Damaged > g.Count {
					t.Fatalf("ParseFleetTI3(%q): %d damaged of %d flagships", s, g.Damaged, g.Count)
				}
				continue
			}
			st, err := TI3().Unit(g.Kind, g.Upgraded)
			if err != nil {
				t.Fatalf("ParseFleetTI3(%q): %v", s, err)
			}
			// Whether the unit can carry the damage is the library's to say
			// (a race's text may give it Sustain Damage: Sol's Mark II
			// carriers); the grammar keeps the damage within the count.
			if g.Damaged < 0 || g.Damaged > g.Count {
				t.Fatalf("ParseFleetTI3(%q): %d damaged of %d %s", s, g.Damaged, g.Count, st.Name)
			}
		}
	})
}

// TestParseFleetTI3DamagedTwice: "(N damaged twice)" marks war suns that
// have used their Sustain Damage (x2) twice; the fleet writes them back as
// an item of their own.
func TestParseFleetTI3DamagedTwice(t *testing.T) {
	f, err := ParseFleetTI3("1 war sun (damaged twice), 2 war sun (1 damaged)")
	if err != nil {
		t.Fatal(err)
	}
	if f.Count(WarSun) != 3 || f.Damaged(WarSun) != 1 || f.DamagedTwice(WarSun) != 1 {
		t.Errorf("got %d war suns, %d damaged, %d twice", f.Count(WarSun), f.Damaged(WarSun), f.DamagedTwice(WarSun))
	}
	s := f.TI3String()
	if s != "1 war sun (1 damaged twice), 2 war sun (1 damaged)" {
		t.Errorf("TI3String = %q", s)
	}
	if g, err := ParseFleetTI3(s); err != nil || g.TI3String() != s {
		t.Errorf("round trip: %v, %q", err, g.TI3String())
	}
	if _, err := ParseFleetTI3("2 war sun (1 damaged), 2 war sun (2 damaged twice), 1 war sun (1 damaged)"); err != nil {
		t.Errorf("separate items add up: %v", err)
	}
	if _, err := ParseFleetTI3("1 war sun (2 damaged twice)"); err == nil || !strings.Contains(err.Error(), "2 damaged but only 1 war sun") {
		t.Errorf("more damaged twice than units: %v", err)
	}
	if _, err := NewFleet(Group{Kind: WarSun, Count: 2, Damaged: 1, DamagedTwice: 2}); err == nil {
		t.Error("NewFleet: 1 damaged and 2 damaged twice of 2: no error")
	}
}
