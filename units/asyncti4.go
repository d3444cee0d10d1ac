package units

import (
	"strings"

	"github.com/ti4sim/ti4sim/internal/lazy"
)

// asyncTI4Aliases are the unit names the AsyncTI4 Discord bot accepts (its
// unit_alias.properties) beyond ti4sim's own, so that a fleet copied from
// the bot parses as it is: its codes (pd, cr, csd for the Vuil'raith
// Dimensional Tear dock, which the faction resolves), and the spellings,
// misspellings and nicknames its players type. "groundforce" is left out:
// ti4sim reads it as the Twilight Imperium 3 name and says so.
var asyncTI4Aliases = lazy.Value[map[string]Kind]{Build: func() map[string]Kind {
	return map[string]Kind{
		"groud": Infantry, "dude": Infantry, "duder": Infantry, "dudes": Infantry, "duders": Infantry,
		"dudette": Infantry, "dudettes": Infantry, "infantery": Infantry,
		"mechanized": Mech,
		"figter":     Fighter, "figther": Fighter, "fight": Fighter, "ftr": Fighter, "hp": Fighter, "hps": Fighter, "ffs": Fighter,
		"destoryer": Destroyer, "destoryers": Destroyer, "dest": Destroyer, "des": Destroyer,
		"stroter": Destroyer, "stroters": Destroyer, "stroder": Destroyer, "stroders": Destroyer,
		"strudel": Destroyer, "strudels": Destroyer, "dangle": Destroyer, "bopper": Destroyer, "danglebopper": Destroyer,
		"cr": Cruiser, "cru": Cruiser, "cruser": Cruiser, "criuser": Cruiser, "cruiswr": Cruiser, "crusier": Cruiser, "tommer": Cruiser,
		"car": Carrier, "carr": Carrier, "carol": Carrier, "carols": Carrier,
		"dr": Dreadnought, "dred": Dreadnought, "dreds": Dreadnought, "dreadnough": Dreadnought, "dreadnaugh": Dreadnought,
		"dreadnaught": Dreadnought, "dreadnaughts": Dreadnought, "chad": Dreadnought, "chads": Dreadnought,
		"flag": Flagship, "flaggy": Flagship, "flagy": Flagship, "hugevan": Flagship,
		"war": WarSun, "war_sun": WarSun, "peacesun": WarSun, "peace": WarSun,
		"pd": PDS, "pdf": PDS,
		"space_dock": SpaceDock, "spd": SpaceDock,
		"csd": SpaceDock, "vsd": SpaceDock, "vrcsd": SpaceDock, "dtsd": SpaceDock, "cabalspacedock": SpaceDock,
		"vuildock": SpaceDock, "cabaldock": SpaceDock, "cabalsd": SpaceDock,
	}
}}

// withAsyncTI4 returns own with the AsyncTI4 names added; own's win.
func withAsyncTI4(own map[string]Kind) map[string]Kind {
	for name, k := range asyncTI4Aliases.Get() {
		if _, ok := own[name]; !ok {
			own[name] = k
		}
	}
	return own
}

// upgradedCode returns the kind of an AsyncTI4-style upgraded unit name: an
// alias glued to "2" ("dd2", "dn2", "cruiser2", "inf2", "spacedock2"), as
// the bot names its unit-upgrade technologies and upgraded unit models.
// Only kinds some player can upgrade qualify; "mech2" and "carrier 2" (with
// a space) are unknown names, which get a suggestion.
func upgradedCode(key string) (Kind, bool) {
	stem, ok := strings.CutSuffix(key, "2")
	if !ok || stem == "" || strings.HasSuffix(stem, " ") {
		return 0, false
	}
	k, ok := aliases.Get()[stem]
	if !ok || !mayUpgrade(k) {
		return 0, false
	}
	return k, true
}
