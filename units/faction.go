package units

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// Faction is a faction as it matters to combat: the units it replaces. The
// zero-effect faction "none" plays every generic unit.
//
// Factions are read-only values; share them freely between goroutines.
type Faction struct {
	// Slug is the lower-case command-line name, e.g. "none".
	Slug string
	// Name is the printed faction name.
	Name string
	// Aliases are other accepted command-line names.
	Aliases []string
	// Abilities lists the faction's combat-relevant texts that the unit
	// numbers do not capture (faction abilities, faction technologies,
	// flagship and mech texts, promissory notes, leaders, breakthroughs),
	// in our own words.
	Abilities []Ability
	// units holds the faction's replacements of generic units, indexed by
	// kind and upgraded (0 or 1); a zero Stats means "use the generic unit".
	units [NumKinds][2]Stats
	// missing, when not nil, marks a complete unit table (another
	// ruleset's, see TI3): Unit never falls back to the generic units and
	// returns missing's error for an empty slot.
	missing func(k Kind, upgraded bool) error
}

// None is the faction-less player: generic units only, no flagship.
var none = &Faction{Slug: "none", Name: "no faction (generic units)", Aliases: []string{"generic", ""}}

// factions lists every known faction in the order `ti4sim units` shows them,
// built at its first use (not at every process's start).
var factions = lazy.Value[[]*Faction]{Build: func() []*Faction { return append([]*Faction{none}, allFactions()...) }}

// Factions returns every known faction.
func Factions() []*Faction { return append([]*Faction(nil), factions.Get()...) }

// upgradedBy returns the slugs of the factions that have an upgraded
// unit of kind k of their own (the Muaat's Prototype War Sun II).
func upgradedBy(k Kind) []string {
	var out []string
	for _, f := range factions.Get() {
		if f.units[k][1].Name != "" {
			out = append(out, f.Slug)
		}
	}
	return out
}

// mayUpgrade reports whether some player can have kind k upgraded: the
// generic unit has a II, or a faction has one of its own. Whether this
// player's faction can is checked by Faction.Unit.
func mayUpgrade(k Kind) bool {
	return HasUpgrade(k) || k == Flagship || len(upgradedBy(k)) > 0
}

// NoFaction returns the faction-less player.
func NoFaction() *Faction { return none }

// FactionNames returns the slugs of every faction, for error messages.
func FactionNames() []string {
	names := make([]string, len(factions.Get()))
	for i, f := range factions.Get() {
		names[i] = f.Slug
	}
	return names
}

// LookupFaction finds a faction by slug or alias, ignoring case and
// surrounding space.
func LookupFaction(name string) (*Faction, error) {
	if f := findFaction(factions.Get(), name); f != nil {
		return f, nil
	}
	return nil, fmt.Errorf("unknown faction %s; allowed: %s", echo.Quote(name), strings.Join(FactionNames(), ", "))
}

// findFaction returns the faction of list whose slug or alias is name (any
// case, trimmed), or nil.
func findFaction(list []*Faction, name string) *Faction {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, f := range list {
		if n == f.Slug || slices.Contains(f.Aliases, n) {
			return f
		}
	}
	return nil
}

// Unit returns the faction's version of kind k (upgraded or not): its own
// unit where it has one, else the generic unit. It fails for units the
// faction does not have, naming what is missing.
func (f *Faction) Unit(k Kind, upgraded bool) (Stats, error) {
	if k >= NumKinds {
		return Stats{}, fmt.Errorf("unknown unit kind %d", k)
	}
	if k == ShockTroop && f.missing == nil {
		return Stats{}, fmt.Errorf("shock troops exist only in ruleset %s", TI3Slug)
	}
	i := 0
	if upgraded {
		i = 1
	}
	if s := f.units[k][i]; s.Name != "" {
		return s, nil
	}
	if f.missing != nil {
		return Stats{}, f.missing(k, upgraded)
	}
	if k == Flagship {
		if f.Slug == "neutral" {
			return Stats{}, fmt.Errorf("neutral units have no flagship")
		}
		if upgraded && f.units[k][0].Name != "" {
			return Stats{}, fmt.Errorf("%s has no upgraded flagship (only the Nomad's Memoria has a II)", f.Name)
		}
		return Stats{}, fmt.Errorf("a flagship is a faction unit: choose a faction for this side (allowed: %s)", strings.Join(FactionNames(), ", "))
	}
	if s, ok := Generic(k, upgraded); ok {
		return s, nil
	}
	if by := upgradedBy(k); len(by) > 0 {
		return Stats{}, fmt.Errorf("%s II is a faction unit: only %s has one (choose the side's faction)", k, strings.Join(by, ", "))
	}
	return Stats{}, fmt.Errorf("%s has no II upgrade", k)
}

// Units returns every unit of the faction: for each kind, the unupgraded
// and upgraded sides that exist.
func (f *Faction) Units() []Stats {
	var out []Stats
	for _, k := range Kinds() {
		for _, up := range []bool{false, true} {
			if s, err := f.Unit(k, up); err == nil {
				out = append(out, s)
			}
		}
	}
	return out
}
