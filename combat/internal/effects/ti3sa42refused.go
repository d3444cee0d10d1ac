package effects

import "github.com/ti4sim/ti4sim/internal/lazy"

// Texts of the standalone Shattered Ascension 4.2 race sheets that ti4sim
// refuses when given as a technology, with why. The others the SA combat
// calculator (CALC: zekash-dev/ti-sa-combat-calc, src/logic/participant.ts)
// offers are modelled from its wording (ti3sa42texts.go).
var ti3SA42Texts = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"chronos-field": "Chronos Field, the Order of the Last's Racial Upgrade (standalone Shattered Ascension 4.2), is not modelled: its text was not found (the SA combat calculator leaves it unimplemented); the answer for the Order leaves it out, with a warning",
	}
}}

// ti3SA42Refusal returns why the technology t (a slug) is refused when it is
// a text of the SA 4.2 race sheets only.
func ti3SA42Refusal(t string) (string, bool) {
	why, ok := ti3SA42Texts.Get()[ti3TechSlug(t)]
	return why, ok
}
