package effects

import "github.com/ti4sim/ti4sim/internal/lazy"

// Texts that an invasion of several planets cannot simply repeat on each
// planet. A system invasion (engine.SystemPlan) fights each planet's
// landing on a trial of its own, so a text acting there acts once per
// planet. That is the rule for most texts (a unit's modifier, an ability
// used in every ground combat, X-89 Ω "against each planet"), and the one
// bombardment is on one planet, so bombardment's once-per-step dice stay
// once. The texts below spend something the planets share — a card's
// copies, an exhausted card or agent, influence or trade goods, a supply —
// or move units between planets; ti4sim refuses them with several planets
// rather than let each planet spend them again (each reason follows the
// card's text: a card played is discarded, an exhausted card or agent is
// used once, a note goes back to its owner).
var sharedAcrossPlanets = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"morale-boost":          "its copies are shared by every combat of the action",
		"supercharge":           "it exhausts: one combat round of the whole action",
		"fire-team":             "one card rerolls one ground combat roll",
		"tekklar-legion":        "the note returns to the N'orr after one combat",
		"evelyn-delouis":        "the agent exhausts once",
		"greyfire-mutagen":      "the note returns to the Yin after one use",
		"indoctrination":        "it spends influence the planets' combats share",
		"moyins-ashes":          "it spends influence the planets' combats share",
		"dynamo":                "it spends influence the planets' combats share",
		"dunlain-reaper":        "its resources and the mech supply are shared by the planets",
		"alarum":                "its pool of infantry is shared by the planets",
		"emergency-repairs":     "one card repairs once",
		"maneuvering-jets":      "its copies are shared by every space cannon roll",
		"scramble-frequency":    "one card rerolls one roll",
		"heart-of-ixth":         "it exhausts once per action",
		"tellurian":             "the agent exhausts once",
		"strike-wing-ambuscade": "it adds one die once per action",
		"parley":                "it returns the forces committed to one planet",
		"matriarch":             "its fighters are committed to planets like ground forces",
		"a3-valiance":           "it galvanizes infantry anywhere in the system",
		"watcher":               "it removes one mech once",
		"the-alastor":           "the ground forces of every planet fight in space and go back to their own planets",
		TechMagen + ":original": "the original printing exhausts: one ground combat round of the whole invasion",
	}
}}

// SharedAcrossPlanets returns why the text slug (as engine.Plan.Texts
// records it) cannot be repeated on each planet of an invasion of several
// planets, and whether it is such a text.
func SharedAcrossPlanets(slug string) (string, bool) {
	why, ok := sharedAcrossPlanets.Get()[slug]
	return why, ok
}
