package effects

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// CardKind says what sort of game component a card is.
type CardKind string

// The kinds of card the engine models.
const (
	KindTechnology CardKind = "technology"
	KindActionCard CardKind = "action card"
	KindAgenda     CardKind = "agenda"
	KindRelic      CardKind = "relic"
	KindNote       CardKind = "promissory note"
)

// CardInfo describes a modelled card for listings.
type CardInfo struct {
	// Slug is the command-line name, e.g. "morale-boost".
	Slug string
	// Name is the printed name.
	Name string
	// Kind is the component type.
	Kind CardKind
	// Copies is the most copies one side may play: the number in the deck
	// for action cards, 1 otherwise.
	Copies int
	// Effect says, in our words, what the engine does with the card and
	// when (the play policy where the player has a choice).
	Effect string
}

// lookupCard finds a card by slug or alias.
func lookupCard(slug string) (Effect, bool) {
	s := techSlug(slug)
	for _, c := range catalog() {
		if c.Slug == s || slices.Contains(c.aliases, s) {
			return c, true
		}
	}
	return Effect{}, false
}

func cardNames(kind func(CardKind) bool) string {
	var names []string
	for _, c := range catalog() {
		if kind(c.Kind) {
			names = append(names, c.Slug)
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// heldCards resolves the side's cards: slug → copies. It fails on unknown
// cards, technologies given as cards, repeated cards and copies out of range.
func heldCards(s *engine.Force) ([]Effect, []int, error) {
	var cs []Effect
	var copies []int
	for at, item := range s.Cards {
		name, n := strings.TrimSpace(item), 1
		i := strings.LastIndex(name, ":")
		if i >= 0 {
			k, err := strconv.Atoi(strings.TrimSpace(name[i+1:]))
			if err != nil {
				return nil, nil, engine.InputAtf("", "Cards", at, "card %s: the copies after ':' must be a whole number", echo.Quote(item))
			}
			name, n = name[:i], k
		}
		if b, ok := lookupBoardState(name); ok {
			if err := checkBoardState(s, item, b, i >= 0); err != nil {
				return nil, nil, engine.InputAt("Cards", at, err)
			}
			continue
		}
		if a, owner, isFaction := factionAbility(name); isFaction && a.Kind != units.AbilityKindTechnology && a.Kind != units.AbilityKindAbility {
			// A faction's note, leader or breakthrough: see applyFaction.
			if err := checkUnitText(s, item, a, owner); err != nil {
				return nil, nil, engine.InputAt("Cards", at, err)
			}
			if err := checkFactionItem(item, a.Slug, n, i >= 0); err != nil {
				return nil, nil, engine.InputAt("Cards", at, err)
			}
			continue
		}
		c, ok := lookupCard(name)
		if !ok || c.Kind == KindTechnology {
			hint := ""
			if ok {
				hint = " (it is a technology: give it with the techs)"
			}
			return nil, nil, engine.InputAtf("", "Cards", at, "unknown card %s%s; allowed: %s", echo.Quote(name), hint, cardNames(func(k CardKind) bool { return k != KindTechnology }))
		}
		if n < 1 || n > c.Copies {
			return nil, nil, engine.InputAtf("", "Cards", at, "card %s: %d copies; allowed 1..%d", c.Slug, n, c.Copies)
		}
		for _, d := range cs {
			if d.Slug == c.Slug {
				return nil, nil, engine.InputAtf("", "Cards", at, "card %s listed twice; give the copies as %s:%d", c.Slug, c.Slug, n+1)
			}
		}
		cs = append(cs, c)
		copies = append(copies, n)
	}
	return cs, copies, nil
}

// heldTechs returns the side's technologies from the catalog (unit upgrades
// and the cards with printings are handled elsewhere).
func heldTechs(s *engine.Force) []Effect {
	var out []Effect
	for _, t := range s.Techs {
		if c, ok := lookupCard(t); ok && c.Kind == KindTechnology && !slices.ContainsFunc(out, func(d Effect) bool { return d.Slug == c.Slug }) {
			out = append(out, c)
		}
	}
	return out
}

// checkUnitText refuses a flagship's or mech's text listed among a side's
// cards where it can change nothing, instead of ignoring it. Such a text is
// listed only by a side of its faction, for what its text needs that no
// fleet says (quietus and heavens-eye: a board state; alarum:N: the
// infantry nearby; dunlain-reaper:N: the mechs the side pays to deploy), or by a Nekro side with Valefar Assimilator Z (the flagship text
// it carries); a mech's text that needs nothing of the kind acts through
// the mechs in the fleet and is not listed.
func checkUnitText(s *engine.Force, item string, a units.Ability, owner *units.Faction) error {
	f := s.FactionOrNone()
	switch a.Kind {
	case units.AbilityKindMech:
		if _, counted := factionCounts.Get()[a.Slug]; !counted {
			return fmt.Errorf("card %q: %s is the mech text of %s; it acts when the side's fleet has the mech, and is not listed", item, a.Name, inSentence(owner.Name))
		}
		if f.Slug != owner.Slug {
			return fmt.Errorf("card %q: %s is the mech text of %s; only a side of that faction lists it (this side's faction is %s)", item, a.Name, inSentence(owner.Name), f.Slug)
		}
	case units.AbilityKindFlagship:
		if f.Slug == owner.Slug || (f.Slug == "nekro" && slices.Contains(cardNamesOf(s.Cards), "valefar-assimilator-z")) {
			return nil
		}
		return fmt.Errorf("card %q: %s is the flagship text of %s; only a side of that faction lists it (this side's faction is %s), or a Nekro side with valefar-assimilator-z", item, a.Name, inSentence(owner.Name), f.Slug)
	}
	return nil
}

// inSentence returns a faction's name as it reads within a sentence: its
// leading article in lower case ("the Barony of Letnev"), so that a
// template never doubles it ("the The Barony of Letnev").
func inSentence(name string) string {
	if rest, ok := strings.CutPrefix(name, "The "); ok {
		return "the " + rest
	}
	return name
}

// cardIdle records that a card held by holder cannot be played: by the
// wrong side, or in an action without the card's window.
func cardIdle(p *engine.Plan, name string, holder engine.Side, why string) {
	p.Warn(name + " held by the " + holder.String() + " does nothing: " + why)
}
