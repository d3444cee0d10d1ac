package effects

// Texts of the standalone Shattered Ascension 4.2 race sheets that the SA
// combat calculator (CALC: zekash-dev/ti-sa-combat-calc, its
// src/logic/participant.ts descriptions) offers and Twilight Imperium 3's
// race sheets do not have. Ruleset ti3-sa plays TI3 race sheets (with
// Shards of the Throne) under the SA 4.0 patch; no SA 4.2 race sheet was
// found in a source we could check, and CALC's descriptions are
// paraphrases (one of them says "One of your War Sun gains Bombardment
// (x2)", which does not say whether x2 is the dice or dice added). Each is
// refused with why, rather than guessed, when given as a technology.
var ti3SA42Texts = map[string]string{
	"magma-obliterator":    "Magma Obliterator is a Muaat race technology of the standalone Shattered Ascension 4.2 sheets, not of TI3's (Magmus Reactor and Nova Seed: GK 577); its text was found only as the SA combat calculator's paraphrase (\"One of your War Sun gains Bombardment (x2)\"), which leaves the number of dice open",
	"saimoc-infused-hulls": "Saimoc-Infused Hulls is a Letnev race technology of the standalone Shattered Ascension 4.2 sheets, not of TI3's (L4 Disruptors and Noneuclidean Shielding: GK; PCT); its text was found only as the SA combat calculator's paraphrase (a ship repaired after each round; fighters' hits kept off non-fighter ships in round 1), not a race sheet",
	"deep-roots":           "the Arborec ground forces' -1 (Deep Roots) is on the standalone Shattered Ascension 4.2 sheet only: TI3's Arborec sheet has none (GK 479; RD \"The Arborec\"); its text was found only as the SA combat calculator's paraphrase",
	"chronos-field":        "Chronos Field belongs to the Order of the Last, a race of the standalone Shattered Ascension 4.2 sheets, not a TI3 race; its text was not found (the SA combat calculator leaves it unimplemented)",
}

// ti3SA42Refusal returns why the technology t (a slug) is refused when it is
// a text of the SA 4.2 race sheets only.
func ti3SA42Refusal(t string) (string, bool) {
	why, ok := ti3SA42Texts[ti3TechSlug(t)]
	return why, ok
}
