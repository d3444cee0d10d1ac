package units

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// Homebrew factions: units as data, read from unit files in the AsyncTI4
// Discord bot's format (AsyncTI4/TI4_map_generator_bot,
// src/main/resources/data/units/*.json, e.g. ds.json for Discordant
// Stars). A file is a JSON array of units, each a flat object:
//
//	id, baseType, name, faction, upgradesFromUnitId, upgradesToUnitId,
//	cost, moveValue, capacityValue, productionValue,
//	combatHitsOn/combatDieCount, afbHitsOn/afbDieCount,
//	bombardHitsOn/bombardDieCount, spaceCannonHitsOn/spaceCannonDieCount,
//	sustainDamage, planetaryShield, deepSpaceCannon,
//	disablesPlanetaryShield, canBeDirectHit, ability
//
// Other fields (asyncId, source, requiredTechId, isShip, imageURL…) are
// read past. Numbers may be JSON numbers or strings ("productionValue":
// "+2" in some files, 5 in others); a "+" production adds to the planet's
// resources, as a space dock's does.

// UnitFile is one unit file: its name (for messages) and contents.
type UnitFile struct {
	Name string
	Data []byte
}

// HomebrewError is a fault in a unit file: the file's index in the list
// given to LoadHomebrew, the unit's id (or its index when it has none) and
// the field at fault.
type HomebrewError struct {
	File  int
	Name  string // the file's name, "" if not given
	Unit  string // the unit's id, or "#N" (its index) without one
	Field string // "" for the unit or file as a whole
	Msg   string
}

func (e *HomebrewError) Error() string {
	var b strings.Builder
	if e.Name != "" {
		fmt.Fprintf(&b, "unit file %s", echo.Quote(e.Name))
	} else {
		fmt.Fprintf(&b, "unit file %d", e.File+1)
	}
	if e.Unit != "" {
		fmt.Fprintf(&b, ", unit %s", echo.Quote(e.Unit))
	}
	if e.Field != "" {
		fmt.Fprintf(&b, ", field %s", e.Field)
	}
	return b.String() + ": " + e.Msg
}

// HomebrewUnit is one unit as a unit file gives it and what became of it.
type HomebrewUnit struct {
	// ID is the unit's id in the file; Faction its faction's slug.
	ID, Faction string
	// Stats are its numbers (Text its ability text, "" for none).
	Stats Stats
	// Loaded is true when the faction plays this unit; false when another
	// unit of the faction holds its slot (see Homebrew.Notes).
	Loaded bool
}

// NumbersOnly reports whether the unit fights by its numbers alone: it has
// no ability text that ti4sim would have to model, and every roll it has
// is one its kind rolls in ti4sim.
func (u HomebrewUnit) NumbersOnly() bool { return u.Stats.Text == "" && len(u.Unplayed()) == 0 }

// Unplayed names the unit's rolls that ti4sim's combat does not roll for a
// unit of its kind: a ship rolls them all; a ground force only its combat
// value (not a Discordant Stars mech's Space Cannon nor an infantry's
// Bombardment); a structure only Space Cannon (not a space dock's
// Anti-Fighter Barrage nor a PDS's Bombardment).
func (u HomebrewUnit) Unplayed() []string { return unplayedRolls(u.Stats) }

func unplayedRolls(s Stats) []string {
	var out []string
	if !s.Kind.Ship() {
		if s.AFB.Has() {
			out = append(out, "Anti-Fighter Barrage")
		}
		if s.Bombardment.Has() {
			out = append(out, "Bombardment")
		}
	}
	if s.Kind.GroundForce() && s.SpaceCannon.Has() {
		out = append(out, "Space Cannon")
	}
	return out
}

// Homebrew is a catalogue of factions loaded from unit files. It belongs
// to the request that loaded it: nothing is registered globally. A nil
// *Homebrew is an empty catalogue.
type Homebrew struct {
	factions []*Faction
	// Units are the files' faction units in file order, those of a
	// unit code other than the kind's own (asyncId "lady") last.
	Units []HomebrewUnit
	// Notes say what the files hold that ti4sim reads past or leaves
	// out: units without a faction, factions ti4sim has built in, a
	// second unit for one slot, an upgrade chain read from one side.
	Notes []string
}

// homebrewKinds are the bot's baseType values.
var homebrewKinds = lazy.Value[map[string]Kind]{Build: func() map[string]Kind {
	return map[string]Kind{
		"infantry": Infantry, "mech": Mech, "fighter": Fighter, "destroyer": Destroyer, "cruiser": Cruiser,
		"carrier": Carrier, "dreadnought": Dreadnought, "flagship": Flagship, "warsun": WarSun,
		"pds": PDS, "spacedock": SpaceDock,
	}
}}

// Limits of a homebrew unit's numbers: nonsense beyond them is an error.
const (
	maxHomebrewDice  = 10 // dice of one roll
	maxHomebrewValue = 99 // cost, move, capacity, production
)

// LoadHomebrew reads unit files in the bot's format into a catalogue. A
// file that is not a JSON array of objects, a value of the wrong type or
// out of range, an unknown or inconsistent upgrade chain, or one id given
// twice is an error (*HomebrewError) naming the file, the unit's id and
// the field. Units ti4sim cannot place (no faction, a faction it has
// built in, a base type it has no kind for, a second unit for a slot) are
// left out, each with a note.
func LoadHomebrew(files []UnitFile) (*Homebrew, error) {
	h := &Homebrew{}
	var recs []homebrewRecord
	seen := map[string]int{}
	for i, f := range files {
		rs, err := readUnitFile(i, f)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			if j, dup := seen[r.id]; dup {
				return nil, r.errorf("id", "given twice (also in unit file %d)", j+1)
			}
			seen[r.id] = r.file
		}
		recs = append(recs, rs...)
	}
	if err := h.build(recs); err != nil {
		return nil, err
	}
	return h, nil
}

// homebrewRecord is one unit read from a file: its position and fields.
type homebrewRecord struct {
	file     int
	fileName string
	id       string
	fields   map[string]any
}

func (r homebrewRecord) errorf(field, format string, a ...any) *HomebrewError {
	return &HomebrewError{File: r.file, Name: r.fileName, Unit: r.id, Field: field, Msg: fmt.Sprintf(format, a...)}
}

// readUnitFile reads one file's array of unit objects and their ids.
func readUnitFile(i int, f UnitFile) ([]homebrewRecord, error) {
	fileErr := func(format string, a ...any) error {
		return &HomebrewError{File: i, Name: f.Name, Msg: fmt.Sprintf(format, a...)}
	}
	dec := json.NewDecoder(bytes.NewReader(f.Data))
	dec.UseNumber()
	var raw []any
	if err := dec.Decode(&raw); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fileErr("not a unit file: a JSON array of units is wanted")
		}
		return nil, fileErr("not a JSON document: %v", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fileErr("not one JSON document: something follows the array")
	}
	out := make([]homebrewRecord, 0, len(raw))
	for j, v := range raw {
		m, ok := v.(map[string]any)
		r := homebrewRecord{file: i, fileName: f.Name, id: fmt.Sprintf("#%d", j+1), fields: m}
		if !ok {
			return nil, r.errorf("", "a unit is a JSON object")
		}
		id, ok := m["id"].(string)
		if !ok || strings.TrimSpace(id) == "" {
			return nil, r.errorf("id", "missing or not a string: every unit has an id")
		}
		r.id = strings.TrimSpace(id)
		out = append(out, r)
	}
	return out, nil
}

// build turns the records into units and factions.
func (h *Homebrew) build(recs []homebrewRecord) error {
	byID := map[string]homebrewRecord{}
	for _, r := range recs {
		byID[r.id] = r
	}
	factionless, builtIn := 0, map[string]bool{}
	var slugs []string
	bySlug := map[string]*Faction{}
	for _, r := range playOrder(recs) {
		s, kind, faction, err := r.unit(byID)
		if err != nil {
			return err
		}
		switch {
		case kind == "":
			h.Notes = append(h.Notes, fmt.Sprintf("unit %s has base type %s, which is no unit ti4sim plays; it is left out", echo.Quote(r.id), echo.Quote(r.str("baseType"))))
			continue
		case faction == "":
			factionless++
			continue
		case findFaction(factions.Get(), faction) != nil:
			builtIn[faction] = true
			continue
		}
		f := bySlug[faction]
		if f == nil {
			f = &Faction{Slug: faction, Name: strings.TrimSpace(r.str("faction")) + " (homebrew)"}
			bySlug[faction] = f
			slugs = append(slugs, faction)
		}
		// A roll ti4sim does not roll joins the unit's text, so that a
		// battle with the unit names it in its warnings.
		un := unplayedRolls(s)
		if len(un) > 0 {
			s.Text = strings.TrimSpace(fmt.Sprintf("%s [ti4sim does not roll its %s]", s.Text, strings.Join(un, " and ")))
		}
		u := HomebrewUnit{ID: r.id, Faction: faction, Stats: s, Loaded: h.place(f, r.id, s)}
		if len(un) > 0 && u.Loaded {
			h.Notes = append(h.Notes, fmt.Sprintf("%s: %s (%s) has %s, which ti4sim's combat does not roll for a unit of kind %s; it fights without", faction, s.Name, r.id, strings.Join(un, " and "), s.Kind))
		}
		h.Units = append(h.Units, u)
	}
	if factionless > 0 {
		h.Notes = append(h.Notes, fmt.Sprintf("%d units have no faction; ti4sim plays its own generic units, so they are left out", factionless))
	}
	for _, slug := range mapKeys(builtIn) {
		h.Notes = append(h.Notes, fmt.Sprintf("faction %s is built into ti4sim; the file's units for it are left out", echo.Quote(slug)))
	}
	for _, slug := range slugs {
		h.factions = append(h.factions, bySlug[slug])
	}
	return nil
}

// asyncCodes are the bot's unit codes (asyncId) of the units a fleet
// names by kind: "fs" is the flagship a fleet's "flagship" means.
var asyncCodes = lazy.Value[map[string]bool]{Build: func() map[string]bool {
	return map[string]bool{"gf": true, "mf": true, "ff": true, "dd": true, "ca": true, "cv": true,
		"dn": true, "fs": true, "ws": true, "pd": true, "sd": true}
}}

// playOrder returns the records with those of a standard unit code (or
// none) first, each group in file order: where a faction has two units of
// one kind, the one the bot's fleets name by the kind's code takes the
// slot (ds.json: the Ghemina flagship "fs", The Lord, over "lady").
func playOrder(recs []homebrewRecord) []homebrewRecord {
	out := make([]homebrewRecord, 0, len(recs))
	var later []homebrewRecord
	for _, r := range recs {
		if c := strings.ToLower(strings.TrimSpace(r.str("asyncId"))); c == "" || asyncCodes.Get()[c] {
			out = append(out, r)
		} else {
			later = append(later, r)
		}
	}
	return append(out, later...)
}

// place puts unit s (id) into its faction's slot, or notes why not.
func (h *Homebrew) place(f *Faction, id string, s Stats) bool {
	i := 0
	if s.Upgraded {
		i = 1
	}
	if held := f.units[s.Kind][i]; held.Name != "" {
		h.Notes = append(h.Notes, fmt.Sprintf("%s: unit %s (%s) is left out: a fleet names units by kind, and %s is already the faction's %s",
			f.Slug, echo.Quote(id), s.Name, held.Name, slotName(s)))
		return false
	}
	f.units[s.Kind][i] = s
	if s.Text != "" {
		// The engine ties a unit upgrade's text to the unit by the slug of
		// its name; a flagship's or mech's by its kind, so theirs carry
		// the faction's slug and cannot meet a built-in text's (ds.json's
		// Cymiae mech is called Revenant, as a Crimson Rebellion text is).
		a := Ability{Slug: unitTextSlug(s.Name), Name: s.Name, Kind: AbilityKindUnit, Text: s.Text}
		switch s.Kind {
		case Flagship:
			a.Kind, a.Slug = AbilityKindFlagship, f.Slug+"-"+a.Slug
		case Mech:
			a.Kind, a.Slug = AbilityKindMech, f.Slug+"-"+a.Slug
		}
		if owner := builtInAbility(a.Slug); owner != "" {
			h.Notes = append(h.Notes, fmt.Sprintf("%s: %s shares its name with a text of %s; its own text is not attached to battles", f.Slug, s.Name, owner))
		} else {
			f.Abilities = append(f.Abilities, a)
		}
	}
	return true
}

// slotName names a unit slot: "upgraded dreadnought", "flagship".
func slotName(s Stats) string {
	if s.Upgraded {
		return "upgraded " + s.Kind.String()
	}
	return s.Kind.String()
}

// unitTextSlug is the slug the combat engine matches a unit text by: the
// unit's name, lower case, hyphenated ("Sabre II" → "sabre-ii").
func unitTextSlug(name string) string {
	r := strings.NewReplacer(" ", "-", "'", "", ".", "", "\"", "")
	return strings.ToLower(r.Replace(name))
}

// builtInAbility returns the built-in faction that has an ability with
// this slug, or "".
func builtInAbility(slug string) string {
	for _, f := range factions.Get() {
		for _, a := range f.Abilities {
			if a.Slug == slug {
				return f.Name
			}
		}
	}
	return ""
}

func mapKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// NotesOf returns the notes on faction slug's units.
func (h *Homebrew) NotesOf(slug string) []string {
	if h == nil {
		return nil
	}
	var out []string
	for _, n := range h.Notes {
		if strings.HasPrefix(n, slug+": ") {
			out = append(out, n)
		}
	}
	return out
}

// Factions returns the catalogue's factions in the order the files first
// name them.
func (h *Homebrew) Factions() []*Faction {
	if h == nil {
		return nil
	}
	return slices.Clone(h.factions)
}

// LookupFaction finds a faction by slug or alias, ignoring case: a built-in
// one (LookupFaction) or one of the catalogue's.
func (h *Homebrew) LookupFaction(name string) (*Faction, error) {
	if f := findFaction(factions.Get(), name); f != nil {
		return f, nil
	}
	if h != nil {
		if f := findFaction(h.factions, name); f != nil {
			return f, nil
		}
	}
	names := FactionNames()
	if h != nil && len(h.factions) > 0 {
		for _, f := range h.factions {
			names = append(names, f.Slug)
		}
	}
	return nil, fmt.Errorf("unknown faction %s; allowed: %s", echo.Quote(name), strings.Join(names, ", "))
}
