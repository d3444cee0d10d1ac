package units

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dsFile is the Discordant Stars unit file of the AsyncTI4 bot, numbers
// and ids only (testdata/asyncti4/README.md says where from).
var dsFile = filepath.Join("testdata", "asyncti4", "ds.json")

func loadDS(t testing.TB) *Homebrew {
	t.Helper()
	data, err := os.ReadFile(dsFile)
	if err != nil {
		t.Fatal(err)
	}
	h, err := LoadHomebrew([]UnitFile{{Name: "ds.json", Data: data}})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func hbFaction(t *testing.T, h *Homebrew, name string) *Faction {
	t.Helper()
	f, err := h.LookupFaction(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func hbUnit(t *testing.T, f *Faction, k Kind, upgraded bool) Stats {
	t.Helper()
	s, err := f.Unit(k, upgraded)
	if err != nil {
		t.Fatalf("%s %s (upgraded %v): %v", f.Slug, k, upgraded, err)
	}
	return s
}

// TestHomebrewDSFactions: the file's 108 units (counted in the file) make
// 34 factions once the ids' case is ignored ("DihMohn" and "Dihmohn" are
// one), and none is built in.
func TestHomebrewDSFactions(t *testing.T) {
	h := loadDS(t)
	if got := len(h.Units); got != 108 {
		t.Errorf("%d units, want 108", got)
	}
	if got := len(h.Factions()); got != 34 {
		t.Errorf("%d factions, want 34", got)
	}
	for _, name := range []string{"DIHMOHN", "dihmohn", " DihMohn "} {
		f := hbFaction(t, h, name)
		if f.Slug != "dihmohn" {
			t.Errorf("%q → %s, want dihmohn", name, f.Slug)
		}
	}
	f := hbFaction(t, h, "dihmohn")
	if got := hbUnit(t, f, Flagship, false).Name; got != "Maximus" {
		t.Errorf("dihmohn flagship %q, want Maximus", got)
	}
	if got := hbUnit(t, f, Dreadnought, true); got.Name != "Aegis II" || got.Combat != (Roll{4, 1}) {
		t.Errorf("dihmohn dreadnought II %+v, want Aegis II, combat 4", got)
	}
	// A built-in faction is still found, and the homebrew ones are not
	// found without the catalogue.
	if f := hbFaction(t, h, "sol"); f.Slug != "sol" {
		t.Errorf("sol → %s", f.Slug)
	}
	if _, err := LookupFaction("tnelis"); err == nil {
		t.Error("LookupFaction found tnelis without the catalogue")
	}
	if _, err := h.LookupFaction("nosuch"); err == nil || !strings.Contains(err.Error(), "tnelis") {
		t.Errorf("unknown faction: %v, want the homebrew slugs among those allowed", err)
	}
}

// TestHomebrewDSNumbers checks units against the file's numbers (read off
// ds.json by eye), one of each variation of the format.
func TestHomebrewDSNumbers(t *testing.T) {
	h := loadDS(t)
	type want struct {
		faction  string
		k        Kind
		upgraded bool
		s        Stats
	}
	for _, w := range []want{
		{"tnelis", Destroyer, false, Stats{Kind: Destroyer, Name: "Blockade Runner I", Cost: 1, Combat: Roll{9, 1}, Move: 2, AFB: Roll{9, 3}}},
		{"tnelis", Destroyer, true, Stats{Kind: Destroyer, Name: "Blockade Runner II", Upgraded: true, Cost: 1, Combat: Roll{8, 1}, Move: 2, AFB: Roll{6, 4}}},
		// productionValue "+2": two more than the planet's resources.
		{"celdauri", SpaceDock, false, Stats{Kind: SpaceDock, Name: "Trade Port I", Capacity: 3, AFB: Roll{6, 2}, Production: 2, ProductionPlusResources: true}},
		// productionValue 5 (a number): flat; no cost given: 0.
		{"rohdhna", WarSun, false, Stats{Kind: WarSun, Name: "Terrafactory I", Combat: Roll{5, 2}, Capacity: 3, Production: 5}},
		{"rohdhna", WarSun, true, Stats{Kind: WarSun, Name: "Terrafactory II", Upgraded: true, Cost: 12, Combat: Roll{3, 3}, Move: 2, Capacity: 6,
			Sustain: true, Bombardment: Roll{3, 3}, RemovesPlanetaryShield: true, Production: 5}},
		// No canBeDirectHit on a dreadnought II: Direct Hit cannot destroy it.
		{"cheiran", Dreadnought, true, Stats{Kind: Dreadnought, Name: "Chitin Hulk II", Upgraded: true, Cost: 4, Combat: Roll{5, 1}, Move: 2, Capacity: 1,
			Sustain: true, Bombardment: Roll{5, 1}, DirectHitImmune: true}},
		{"cheiran", Dreadnought, false, Stats{Kind: Dreadnought, Name: "Chitin Hulk I", Cost: 4, Combat: Roll{5, 1}, Move: 1, Capacity: 1,
			Sustain: true, Bombardment: Roll{5, 1}}},
		// deepSpaceCannon: PDS II range.
		{"gledge", PDS, true, Stats{Kind: PDS, Name: "Orion Platform II", Upgraded: true, SpaceCannon: Roll{5, 1}, SpaceCannonAdjacent: true, PlanetaryShield: true}},
		{"zelian", Infantry, false, Stats{Kind: Infantry, Name: "Impactor I", Cost: 0.5, Combat: Roll{8, 1}, Bombardment: Roll{9, 1}}},
		{"cymiae", Infantry, false, Stats{Kind: Infantry, Name: "Unholy Abomination I", Cost: 1, Combat: Roll{5, 1}}},
		{"kolume", Mech, false, Stats{Kind: Mech, Name: "Rook", Cost: 2, Combat: Roll{6, 1}, Sustain: true, SpaceCannon: Roll{8, 2}}},
		{"tnelis", Flagship, false, Stats{Kind: Flagship, Name: "Principia Aneris", Cost: 8, Combat: Roll{9, 4}, Move: 2, Capacity: 3, Sustain: true}},
		// The bot's fleets mean asyncId "fs" by "flagship": The Lord, not The Lady.
		{"ghemina", Flagship, false, Stats{Kind: Flagship, Name: "The Lord", Cost: 6, Combat: Roll{7, 2}, Move: 2, Capacity: 7, Sustain: true}},
		// upgradesToUnitId names the unit itself in the file; the II's
		// upgradesFromUnitId makes the chain.
		{"lizho", Fighter, true, Stats{Kind: Fighter, Name: "Heavy Bomber II", Upgraded: true, Cost: 0.5, Combat: Roll{8, 1}, Move: 2, Bombardment: Roll{8, 1}}},
	} {
		got := hbUnit(t, hbFaction(t, h, w.faction), w.k, w.upgraded)
		got.Text = ""
		if got != w.s {
			t.Errorf("%s %s (upgraded %v):\n got %+v\nwant %+v", w.faction, w.k, w.upgraded, got, w.s)
		}
	}
	// A kind the file does not replace is the generic unit.
	if got := hbUnit(t, hbFaction(t, h, "tnelis"), Carrier, false); got.Name != "Carrier I" {
		t.Errorf("tnelis carrier %q, want the generic Carrier I", got.Name)
	}
}

// TestHomebrewDSNotes: what the file holds that a fleet cannot name, or
// that ti4sim does not roll, is said, not dropped silently: The Lady
// (asyncId "lady"), Olradin's two policy mechs, and seven units' rolls.
func TestHomebrewDSNotes(t *testing.T) {
	h := loadDS(t)
	notes := strings.Join(h.Notes, "\n")
	for _, id := range []string{"ghemina_flagship_lady", "olradin_mech_negative", "olradin_mech_positive"} {
		if !strings.Contains(notes, id) {
			t.Errorf("notes do not name %s:\n%s", id, notes)
		}
	}
	// Rolls ti4sim does not roll for the unit's kind (engine/plan.go's
	// compileRolls: ground forces roll their combat value only, structures
	// their Space Cannon only): the Zelian infantry's Bombardment, the
	// Kolume mech's Space Cannon, the Celdauri docks' barrage and the
	// Mirveda PDS' Bombardment.
	for _, id := range []string{"zelian_infantry", "zelian_infantry2", "kolume_mech", "celdauri_spacedock", "celdauri_spacedock2", "mirveda_pds", "mirveda_pds2"} {
		if !strings.Contains(notes, "("+id+") has ") {
			t.Errorf("notes do not say %s has a roll ti4sim does not roll:\n%s", id, notes)
		}
	}
	if len(h.Notes) != 10 {
		t.Errorf("%d notes, want 10:\n%s", len(h.Notes), notes)
	}
	left := 0
	for _, u := range h.Units {
		if !u.Loaded {
			left++
		}
	}
	if left != 3 {
		t.Errorf("%d units left out, want 3", left)
	}
}

// TestHomebrewDSNumbersOnly: the units with no ability text in the file
// (found by searching ds.json for objects without "ability") fight by
// their numbers alone; every other loaded unit's text is one of its
// faction's abilities, which the engine names in a battle's warnings.
func TestHomebrewDSNumbersOnly(t *testing.T) {
	h := loadDS(t)
	want := map[string]bool{"cymiae_infantry": true, "ghemina_carrier": true, "khrask_cruiser": true,
		"khrask_cruiser2": true, "lizho_fighter": true, "tnelis_destroyer": true, "veldyr_dreadnought": true}
	for _, u := range h.Units {
		if u.NumbersOnly() != want[u.ID] {
			t.Errorf("%s: numbers only %v, want %v", u.ID, u.NumbersOnly(), want[u.ID])
		}
		if !u.Loaded || u.NumbersOnly() {
			continue
		}
		f := hbFaction(t, h, u.Faction)
		found := false
		for _, a := range f.Abilities {
			found = found || a.Name == u.Stats.Name && a.Text == u.Stats.Text
		}
		if !found {
			t.Errorf("%s: its text is not among %s's abilities", u.ID, f.Slug)
		}
	}
}

// TestHomebrewSkips: generic units, a faction ti4sim has built in, and a
// base type it does not play are left out with a note each.
func TestHomebrewSkips(t *testing.T) {
	data := `[
	{"id": "cruiser", "baseType": "cruiser", "cost": 2, "combatHitsOn": 7, "combatDieCount": 1},
	{"id": "monument", "baseType": "monument", "faction": "x"},
	{"id": "letnev_flagship", "baseType": "flagship", "faction": "Letnev", "combatHitsOn": 5, "combatDieCount": 2},
	{"id": "x_mech", "baseType": "mech", "faction": "X", "combatHitsOn": "6", "combatDieCount": "1", "cost": "2", "sustainDamage": "true"}
	]`
	h, err := LoadHomebrew([]UnitFile{{Name: "mixed.json", Data: []byte(data)}})
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(h.Notes, "\n")
	for _, s := range []string{"1 units have no faction", `"monument"`, `"letnev" is built into ti4sim`} {
		if !strings.Contains(notes, s) {
			t.Errorf("notes lack %q:\n%s", s, notes)
		}
	}
	// Numbers given as strings read as numbers.
	m := hbUnit(t, hbFaction(t, h, "x"), Mech, false)
	if m.Combat != (Roll{6, 1}) || m.Cost != 2 || !m.Sustain {
		t.Errorf("x mech %+v", m)
	}
	if f := hbFaction(t, h, "letnev"); f.Name != "The Barony of Letnev" {
		t.Errorf("letnev → %q, want the built-in faction", f.Name)
	}
}

// TestHomebrewErrors: nonsense is an error naming the file, the unit and
// the field.
func TestHomebrewErrors(t *testing.T) {
	unit := func(fields string) string {
		return `[{"id": "a_ship", "baseType": "cruiser", "faction": "A", "cost": 2, "combatHitsOn": 7, "combatDieCount": 1` + fields + `}]`
	}
	for _, c := range []struct{ data, want string }{
		{`{}`, `unit file "f.json": not a unit file`},
		{`[1]`, `unit "#1": a unit is a JSON object`},
		{`[{"baseType": "cruiser"}]`, `unit "#1", field id: missing`},
		{`[]x`, `unit file "f.json": not one JSON document`},
		{unit(`, "combatHitsOn": 11`), `field combatHitsOn: 11`}, // a key twice: the last counts
		{`[{"id": "a", "faction": "A"}]`, `unit "a", field baseType: missing`},
		{unit(`, "afbHitsOn": 11, "afbDieCount": 2`), `unit "a_ship", field afbHitsOn: 11: a whole number 0..10`},
		{unit(`, "afbHitsOn": 9, "afbDieCount": -1`), `field afbDieCount: -1`},
		{unit(`, "bombardDieCount": 2`), `field bombardDieCount: 2 dice without bombardHitsOn`},
		{unit(`, "spaceCannonHitsOn": 6, "spaceCannonDieCount": 0`), `field spaceCannonDieCount: 0 dice`},
		{unit(`, "moveValue": 1.5`), `field moveValue: 1.5`},
		{unit(`, "capacityValue": "lots"`), `field capacityValue: "lots" is not a number`},
		{unit(`, "productionValue": "+x"`), `field productionValue`},
		{unit(`, "sustainDamage": 1`), `field sustainDamage: not true or false`},
		{unit(`, "name": 3`), `field name: not a string`},
		{unit(`, "upgradesFromUnitId": "nothing"`), `field upgradesFromUnitId: "nothing" is no unit`},
		{unit(`, "upgradesFromUnitId": "a_ship"`), `field upgradesFromUnitId: names the unit itself`},
		{`[{"id": "a_ship", "baseType": "cruiser", "faction": "A", "cost": 0.3, "combatHitsOn": 7}]`, `field cost: 0.3`},
		{`[{"id": "a_ship", "baseType": "cruiser", "faction": "A"}]`, `field combatHitsOn: missing`},
		{`[{"id": "a", "baseType": "pds", "faction": "A"}, {"id": "a", "baseType": "pds", "faction": "A"}]`, `unit "a", field id: given twice`},
		{`[{"id": "a", "baseType": "pds", "faction": "A"}, {"id": "b", "baseType": "dreadnought", "faction": "A", "combatHitsOn": 5, "upgradesFromUnitId": "a"}]`,
			`unit "b", field upgradesFromUnitId: "a" is a "pds", not a "dreadnought"`},
		{`[{"id": "a", "baseType": "pds", "faction": "A"}, {"id": "b", "baseType": "pds", "faction": "B", "upgradesFromUnitId": "a"}]`,
			`"a" belongs to another faction`},
	} {
		_, err := LoadHomebrew([]UnitFile{{Name: "f.json", Data: []byte(c.data)}})
		var he *HomebrewError
		if !errors.As(err, &he) || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), `unit file "f.json"`) {
			t.Errorf("%s:\n got %v\nwant one containing %q", c.data, err, c.want)
		}
	}
}

// TestHomebrewTwoFiles: an id in two files is an error naming the second
// file; a faction may span files.
func TestHomebrewTwoFiles(t *testing.T) {
	a := []byte(`[{"id": "z_fs", "baseType": "flagship", "faction": "Z", "cost": 8, "combatHitsOn": 5, "combatDieCount": 2, "sustainDamage": true}]`)
	b := []byte(`[{"id": "z_mech", "baseType": "mech", "faction": "z", "cost": 2, "combatHitsOn": 6, "combatDieCount": 1}]`)
	h, err := LoadHomebrew([]UnitFile{{Name: "a.json", Data: a}, {Name: "b.json", Data: b}})
	if err != nil {
		t.Fatal(err)
	}
	f := hbFaction(t, h, "Z")
	hbUnit(t, f, Flagship, false)
	hbUnit(t, f, Mech, false)
	_, err = LoadHomebrew([]UnitFile{{Name: "a.json", Data: a}, {Name: "c.json", Data: a}})
	var he *HomebrewError
	if !errors.As(err, &he) || he.File != 1 || he.Field != "id" {
		t.Errorf("an id twice: %v, want an error of file 2 at id", err)
	}
}

// TestHomebrewNil: a nil catalogue finds the built-in factions only.
func TestHomebrewNil(t *testing.T) {
	var h *Homebrew
	if f, err := h.LookupFaction("Sol"); err != nil || f.Slug != "sol" {
		t.Errorf("nil catalogue: %v, %v", f, err)
	}
	if len(h.Factions()) != 0 {
		t.Error("nil catalogue has factions")
	}
}
