package effects

import "github.com/ti4sim/ti4sim/internal/lazy"

// techCodes maps the AsyncTI4 Discord bot's codes of faction technologies
// and unit upgrades (its technology data's alias field) to the slugs
// Side.Techs accepts, so that a technology list copied from the bot reads
// as it is. The bot's codes of the generic technology cards (amd, ps, da,
// asc, gls, md, x89) are aliases of those cards (their catalogue entries,
// cardTechs).
//
// A faction's unit upgrade stands for the generic upgrade of that unit: the
// side's faction turns it into the faction's own unit (Super-Dreadnought II
// for the L1Z1X). Prototype War Sun II (pws2) and Memoria II (m2) are no
// technology here: they are "war sun II" and "flagship II" in the fleet.
var techCodes = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		// Generic unit upgrades.
		"dn2":  "dreadnought-ii",
		"dd2":  "destroyer-ii",
		"cr2":  "cruiser-ii",
		"cv2":  "carrier-ii",
		"ff2":  "fighter-ii",
		"inf2": "infantry-ii",
		"pds2": "pds-ii",
		"sd2":  "space-dock-ii",
		// Faction unit upgrades, as the generic upgrade they replace.
		"lw2":       "infantry-ii",    // Letani Warrior II (Arborec)
		"swa2":      "destroyer-ii",   // Strike Wing Alpha II (Argent Flight)
		"ac2":       "carrier-ii",     // Advanced Carrier II (Sol)
		"so2":       "infantry-ii",    // Spec Ops II (Sol)
		"sdn2":      "dreadnought-ii", // Super-Dreadnought II (L1Z1X)
		"exo2":      "dreadnought-ii", // Exotrireme II (Sardakk N'orr)
		"hcf2":      "fighter-ii",     // Hybrid Crystal Fighter II (Naalu)
		"cl2":       "infantry-ii",    // Crimson Legionnaire II (Mahact)
		"se2":       "cruiser-ii",     // Saturn Engine II (Titans of Ul)
		"ht2":       "pds-ii",         // Hel-Titan II (Titans of Ul)
		"ffac2":     "space-dock-ii",  // Floating Factory II (Saar)
		"dt2":       "space-dock-ii",  // Dimensional Tear II (Vuil'raith)
		"exile2":    "destroyer-ii",   // Exile II (Crimson Rebellion)
		"linkship2": "destroyer-ii",   // Linkship II (Ral Nel)
		"helios2":   "space-dock-ii",  // 4X41C "Helios" V2 (Last Bastion)
		// Faction technologies with a combat effect.
		"nes":       "non-euclidean-shielding", // Non-Euclidean Shielding (Letnev)
		"l4":        "l4-disruptors",           // L4 Disruptors (Letnev)
		"ds":        "dimensional-splicer",     // Dimensional Splicer (Creuss)
		"sc":        "supercharge",             // Supercharge (Naaz-Rokha)
		"vpw":       "valkyrie-particle-weave", // Valkyrie Particle Weave (Sardakk N'orr)
		"ic":        "impulse-core",            // Impulse Core (Yin)
		"iihq":      "iihq-modernization",      // I.I.H.Q. Modernization (Keleres)
		"proxima":   "proxima-targeting-vi",    // Proxima Targeting VI (Last Bastion)
		"vax":       "valefar-assimilator",     // Valefar Assimilator X (Nekro)
		"vay":       "valefar-assimilator",     // Valefar Assimilator Y (Nekro)
		"subatomic": "subatomic-splicer",       // Subatomic Splicer (Crimson Rebellion)
	}
}}
