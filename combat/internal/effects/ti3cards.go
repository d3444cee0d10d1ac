package effects

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// ti3Card is a Twilight Imperium 3 action card the engine models under
// ruleset ti3-sa (Side.Cards there): its text and how it attaches for the
// side that plays it.
type ti3Card struct {
	text   string
	attach func(p *engine.Plan, sc *Scenario, holder engine.Side)
}

// ti3Cards are the TI3 action cards modelled, by slug. Sources: the
// Shattered Ascension v4.0 "Miscellaneous cards" section (SA) where it
// rewrites a card, the TI3 card texts otherwise (cited in each).
var ti3Cards = map[string]ti3Card{
	"friendly-fire": {
		text:   "played just before the first round of a space battle: during that round the opponent's fighters inflict a hit on their own side for each die showing a natural 1 to 4, besides hitting or missing as usual; the opponent assigns those hits (SA Friendly Fire, the whole card rewritten: any fleet, whatever its fighter-to-ship ratio); ti4sim plays it before round 1, when the opponent's fighters are most",
		attach: friendlyFire,
	},
}

// ti3CardSlug is the slug of a TI3 action card name.
func ti3CardSlug(c string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(c)), " ", "-")
}

// TI3Cards returns the Twilight Imperium 3 action cards the engine models
// (for Side.Cards under EditionTI3SA), with their text.
func TI3Cards() map[string]string {
	out := make(map[string]string, len(ti3Cards))
	for k, c := range ti3Cards {
		out[k] = c.text
	}
	return out
}

// checkTI3Cards refuses a card that is not a modelled TI3 action card, or
// one given twice.
func checkTI3Cards(cards []string) error {
	seen := map[string]bool{}
	for _, c := range cards {
		slug := ti3CardSlug(c)
		if _, ok := ti3Cards[slug]; !ok {
			names := make([]string, 0, len(ti3Cards))
			for k := range ti3Cards {
				names = append(names, k)
			}
			sort.Strings(names)
			if _, ti4 := lookupCard(c); ti4 {
				return fmt.Errorf("ruleset ti3-sa: %s is one of the Twilight Imperium 4 cards; the Twilight Imperium 3 action cards modelled: %s", echo.Quote(c), strings.Join(names, ", "))
			}
			return fmt.Errorf("ruleset ti3-sa: unknown Twilight Imperium 3 action card %s; allowed: %s", echo.Quote(c), strings.Join(names, ", "))
		}
		if seen[slug] {
			return fmt.Errorf("ruleset ti3-sa: action card %s given twice", slug)
		}
		seen[slug] = true
	}
	return nil
}

// applyTI3Cards attaches the sides' TI3 action cards.
func applyTI3Cards(p *engine.Plan, sc *Scenario) {
	for side := range engine.NumSides {
		for _, c := range sc.Side(side).TI3Cards {
			p.Attached(c, side)
			ti3Cards[c].attach(p, sc, side)
		}
	}
}

// friendlyFire (SA Friendly Fire): "During this combat round, opposing
// fighters will inflict a hit on their own forces at natural rolls of 1
// through 4." Played before round 1 of the space battle: the opponent's
// fighters' dice of that round are drawn one by one; each natural 1 to 4
// counts a hit on the opponent, which it assigns at the end of the round
// with its hit order (after that round's other hits; the same units take
// them as if they came together). Those hits may be cancelled by Sustain
// Damage as any hit. Monte Carlo only.
func friendlyFire(p *engine.Plan, sc *Scenario, holder engine.Side) {
	opp := holder.Opp()
	fighters := p.SlotsOf(opp, engine.TShips, func(k units.Kind) bool { return k == units.Fighter })
	if sc.Action == engine.GroundCombat || len(fighters) == 0 {
		p.WarnOnce("Friendly Fire (" + holder.String() + ") does nothing: the opponent has no fighters in a space battle")
		return
	}
	b := engine.Backfire{Roll: engine.RollSpace, Round: 1, UpTo: 4}
	for _, s := range fighters {
		b.Slots[s] = true
	}
	p.Side[opp].SetBackfire(b)
	p.OnEndOfRound(engine.InSpace, func(t *engine.Trial) {
		if k := t.Backfired[opp]; k > 0 {
			t.Backfired[opp] = 0
			t.Assign(opp, engine.RollSpace, k)
		}
	})
	p.BeyondExact("Friendly Fire (the opponent's fighters' own dice hit them)")
}
