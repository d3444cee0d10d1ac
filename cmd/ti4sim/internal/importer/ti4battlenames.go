package importer

import (
	"github.com/ti4sim/ti4sim/units"

	"github.com/ti4sim/ti4sim/internal/lazy"
)

// ti4battleFactions maps the faction names ti4battle.com writes in
// <side>-faction (its faction list, matched exactly) to ti4sim faction
// slugs. "Neutral" is its side without a faction's units (the neutral
// units of Thunder's Edge).
var ti4battleFactions = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"Arborec":            "arborec",
		"Argent flight":      "argent",
		"Barony of Letnev":   "letnev",
		"Clan of Saar":       "saar",
		"Creuss":             "creuss",
		"Crimson Rebellion":  "crimson",
		"Deepwrought":        "deepwrought",
		"Empyrean":           "empyrean",
		"Firmament":          "firmament",
		"Hacan":              "hacan",
		"Jol-Nar":            "jol-nar",
		"Keleres":            "keleres",
		"L1z1x":              "l1z1x",
		"Last Bastion":       "last-bastion",
		"Mahact":             "mahact",
		"Mentak":             "mentak",
		"Muaat":              "muaat",
		"Naalu":              "naalu",
		"Naaz-Rokha":         "naaz-rokha",
		"Nekro":              "nekro",
		"Neutral":            "neutral",
		"Nomad":              "nomad",
		"Obsidian":           "obsidian",
		"Ral Nel Consortium": "ral-nel",
		"Sardakk N'orr":      "sardakk",
		"Sol":                "sol",
		"Titans of Ul":       "titans",
		"Vuil'Raith":         "vuil-raith",
		"Winnu":              "winnu",
		"Xxcha":              "xxcha",
		"Yin":                "yin",
		"Yssaril":            "yssaril",
	}
}}

// ti4battleUnit is a unit type as ti4battle.com names it in its
// <side>-unit-, -damaged-, -galvanized- and -upgrade- parameters.
type ti4battleUnit struct {
	name string     // the name in the link
	kind units.Kind // the ti4sim unit kind
}

// ti4battleUnits lists ti4battle's unit types in the order its battle
// setup lists them; the document's fleets follow this order. Its two
// internal placeholders ("other" and "nonunit", which the page never
// writes) are not units.
var ti4battleUnits = [...]ti4battleUnit{
	{"flagship", units.Flagship},
	{"warsun", units.WarSun},
	{"dreadnought", units.Dreadnought},
	{"carrier", units.Carrier},
	{"cruiser", units.Cruiser},
	{"destroyer", units.Destroyer},
	{"fighter", units.Fighter},
	{"mech", units.Mech},
	{"infantry", units.Infantry},
	{"pds", units.PDS},
}

// ti4battleUnitIndex returns the index in ti4battleUnits of the unit named
// name, or -1.
func ti4battleUnitIndex(name string) int {
	for i, u := range ti4battleUnits {
		if u.name == name {
			return i
		}
	}
	return -1
}
