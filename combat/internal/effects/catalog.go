package effects

import (
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/internal/lazy"
)

// factionTexts is the catalogue of faction texts: every row of every
// faction's file (its <faction>Texts function), by slug. A text with no
// row is not modelled: it raises a warning when it would act, so that a
// faction's answer is never silently incomplete. Cards have their own
// catalogue (cards.go). Built once, at its first use: the rows hold no
// state (their attach functions are package functions or closures over
// constants), and every caller only reads the map.
var factionTexts = lazy.Value[map[string]Effect]{Build: func() map[string]Effect {
	out := map[string]Effect{}
	for _, texts := range factionFiles() {
		for _, e := range texts() {
			out[e.Slug] = e
		}
	}
	for _, e := range ti3RaceTexts() { // Twilight Imperium 3's races (ti3races.go)
		out[e.Slug] = e
	}
	return out
}}

// factionFiles returns the factions' row functions, one per faction file
// (TestFactionTexts checks that each row is one of that faction's texts
// and that no slug has two rows).
func factionFiles() []func() []Effect {
	return []func() []Effect{
		arborecTexts, argentTexts, creussTexts, empyreanTexts, hacanTexts,
		jolNarTexts, keleresTexts, l1z1xTexts, letnevTexts, mahactTexts,
		mentakTexts, muaatTexts, naaluTexts, naazRokhaTexts, nekroTexts,
		nomadTexts, saarTexts, sardakkTexts, solTexts, titansTexts,
		vuilRaithTexts, winnuTexts, xxchaTexts, yinTexts, yssarilTexts,
		lastBastionTexts, ralNelTexts, crimsonTexts, deepwroughtTexts, firmamentTexts,
		obsidianTexts, neutralTexts,
	}
}

// Modelled reports whether the engine models the faction text (a
// units.Ability) with this slug: it attaches, another step applies it, or
// the unit's numbers say it. Texts that act outside the action and texts
// with no row are not; the latter produce a warning when they would act.
func Modelled(slug string) bool {
	e, ok := factionTexts.Get()[slug]
	return ok && e.outside == ""
}

// OutsideCombat reports whether the faction text with this slug acts only
// outside the combats the engine simulates, and why.
func OutsideCombat(slug string) (string, bool) {
	e := factionTexts.Get()[slug]
	return e.outside, e.outside != ""
}

// catalog lists every modelled technology, action card, agenda, relic and
// promissory note. Each comes from its own file.
func catalog() []Effect {
	out := []Effect{assaultCannon(), duraniumArmor(), moraleBoost(), shieldsHolding()}
	for _, group := range [][]Effect{techCards(), lawAndRelicCards(), spaceCards(), groundCards()} {
		out = append(out, group...)
	}
	return out
}

// Cards returns every card the engine models, technologies first, each
// kind by name.
func Cards() []CardInfo {
	var out []CardInfo
	for _, c := range catalog() {
		out = append(out, c.CardInfo)
	}
	slices.SortStableFunc(out, func(a, b CardInfo) int {
		if a.Kind != b.Kind {
			return strings.Compare(string(a.Kind), string(b.Kind))
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}
