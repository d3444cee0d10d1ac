package effects

// outsideCombat lists faction texts that act outside the simulated action —
// movement, production, deploys, costs paid before it, effects after it —
// with why. They change no number of the combats the scenario describes,
// so they attach nothing and raise no warning; `ti4sim units --faction`
// shows the reason.
var outsideCombat = map[string]string{
	"duha-menaimon":          "it produces units after activation, before any combat: give them in the fleet",
	"hil-colish":             "movement and a wormhole",
	"icarus-drive":           "it places a wormhole token",
	"pride-of-kenara":        "a trade of its planet's card",
	"artemiris":              "a cost of activating the system, paid before the action",
	"omniopiares":            "a cost of committing ground forces, taken as paid: give the ground forces that land",
	"edict":                  "command tokens taken after the combat",
	"starlancer":             "it ends the activating player's turn before any combat",
	"the-inferno":            "an action that places a cruiser, outside combat",
	"ember-colossus":         "a placement when Star Forge is used",
	"foresight":              "movement that avoids the combat: simulate the combat that does take place",
	"genesis":                "a placement in the status phase",
	"zs-thunderbolt-m2":      "a deploy after Orbital Drop",
	"ouranos":                "a deploy on activation: give the flagship in the fleet",
	"hecatoncheires":         "a deploy",
	"coalescence":            "a placement: give the units present in the fleets",
	"dimensional-tear":       "a gravity rift, which acts on movement",
	"reclaimer":              "a placement after the tactical action",
	"ysia-yssrila":           "movement",
	"blackshade-infiltrator": "a deploy after Stall Tactics",
	"survival-instinct":      "ships moved in before the combat: give them in the fleet",
	"nanomachines":           "an action",
	"sundered":               "the Rebellion home system only",
	"subatomic-splicer":      "production at home after a ship is destroyed",
	"exile":                  "breaches placed after combats",
	"revenant":               "a deploy",
	"dws-luminous":           "movement",
	"eanautic":               "production, and a withdrawal on activation",
	"research-team":          "a choice to coexist instead of fighting: simulate only a ground combat that is fought",
	"viper-ex-23":            "a choice to coexist instead of fighting: simulate only a ground combat that is fought",
	"plots-within-plots":     "secret objectives and plot cards",
	"puppets-of-the-blade":   "the faction's flip to the Obsidian",
	"marionettes":            "which players a plot puppets",
	"viper-hollow":           "control of a planet when the faction flips",
	"neural-parasite":        "the start of the Obsidian's turn, before any action: give the infantry left",
	"valefar-assimilator":    "give the assimilated technology among the side's technologies: it is modelled as the Nekro's own",
	"scavenger-zeta":         "a deploy after the planet is taken",
	"memoria":                "movement",
	"floating-factory":       "space docks in the space area: they do not fight",
}

// OutsideCombat reports whether the faction text with this slug acts only
// outside the combats the engine simulates, and why.
func OutsideCombat(slug string) (string, bool) {
	why, ok := outsideCombat[slug]
	return why, ok
}
