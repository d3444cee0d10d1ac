package importer

import (
	"strings"

	"github.com/ti4sim/ti4sim/internal/lazy"
	"github.com/ti4sim/ti4sim/units"
)

// asyncColors maps the bot's colour names to the ids its units and tokens
// carry (AsyncTI4/TI4_map_generator_bot,
// src/main/resources/data/colors/solidColors.json: "name" → "alias"). A
// colour not listed here is matched by its name.
var asyncColors = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"lightgray": "lgy", "red": "red", "orange": "org", "yellow": "ylw", "green": "grn", "blue": "blu",
		"purple": "ppl", "pink": "pnk", "black": "blk", "petrol": "ptr", "brown": "bwn", "gray": "gry",
		"tan": "tan", "forest": "frs", "teal": "tea", "rose": "rse", "lime": "lme", "lavender": "lvn",
		"spring": "spr", "ethereal": "eth",
	}
}}

// colorID is the id a player's units carry.
func colorID(color string) string {
	if id, ok := asyncColors.Get()[strings.ToLower(color)]; ok {
		return id
	}
	return strings.ToLower(color)
}

// asyncUnitIDs maps the base names of the bot's unit ids (units_owned,
// e.g. "l1z1x_dreadnought2" → "dreadnought") to its unit codes.
var asyncUnitIDs = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"infantry": "gf", "mech": "mf", "pds": "pd", "spacedock": "sd", "fighter": "ff", "destroyer": "dd",
		"cruiser": "ca", "carrier": "cv", "dreadnought": "dn", "flagship": "fs", "warsun": "ws",
	}
}}

// upgradedCodes returns the unit codes whose II version the player owns:
// "dreadnought2", "l1z1x_dreadnought2", "carrier2" in units_owned.
func upgradedCodes(owned []string) map[string]bool {
	out := map[string]bool{}
	for _, id := range owned {
		if i := strings.LastIndex(id, "_"); i >= 0 {
			id = id[i+1:]
		}
		if base, ok := strings.CutSuffix(id, "2"); ok {
			if code, ok := asyncUnitIDs.Get()[base]; ok {
				out[code] = true
			}
		}
	}
	return out
}

// factionLeader returns the slug of the faction's leader of this type
// (agent, commander, hero) that ti4sim models, if any.
func factionLeader(f *units.Faction, typ string) (units.Ability, bool) {
	for _, a := range f.Abilities {
		if a.Kind == units.AbilityKindLeader && strings.HasPrefix(a.Text, typ+":") {
			return a, true
		}
	}
	return units.Ability{}, false
}

// squash is a name with every character but letters and digits dropped,
// lower-case, to match the bot's ids ("dominusorb") with ti4sim's slugs
// ("dominus-orb").
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// asyncLaws maps the bot's ids of the laws ti4sim models to its slugs
// (src/main/resources/data/agendas: "articles_war" is Articles of War).
var asyncLaws = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"articles_war": "articles-of-war",
		"conventions":  "conventions-of-war",
		"prophecy":     "prophecy-of-ixth",
		"schematics":   "publicize-weapon-schematics",
	}
}}
