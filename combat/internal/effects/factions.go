package effects

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// factionAbility finds an ability slug among every faction's abilities.
func factionAbility(slug string) (units.Ability, *units.Faction, bool) {
	s := techSlug(slug)
	for _, f := range units.Factions() {
		for _, a := range f.Abilities {
			if a.Slug == s {
				return a, f, true
			}
		}
	}
	return units.Ability{}, nil, false
}

// applyFaction attaches the side's faction texts that act in this
// scenario: the faction's own abilities, its flagship's and mech's texts
// when those units are in the fleet, its unit upgrades' texts when they are,
// and faction technologies, notes, leaders and breakthroughs the side lists
// in Techs or Cards (of any faction: notes change hands). Modelled ones
// attach; the others add a warning naming them. With early, only the
// early rules attach (and nothing warns); without, only the others.
func applyFaction(p *engine.Plan, sc *Scenario, side engine.Side, early bool) {
	s := []*engine.Force{&sc.Attacker, &sc.Defender}[side]
	use := func(a units.Ability, who string) {
		// The catalogue is built at its first lookup: a side of no faction
		// (no abilities) never builds it.
		if e, ok := factionTexts.Get()[a.Slug]; ok {
			if e.attach != nil && e.early == early && statesNever(s, a.Slug) {
				factionIdle(p, a.Name, side, "the side states "+a.Slug+"=never")
				return
			}
			if e.attach != nil && e.early == early {
				p.Attached(a.Slug, side)
				e.attach(p, sc, side, 1)
			}
			return
		}
		if early {
			return
		}
		p.Warn(fmt.Sprintf("%s: %s (%s %s) is not modelled yet; the answer ignores it: %s", side.String(), a.Name, who, a.Kind, a.Text))
	}
	f := s.FactionOrNone()
	for _, a := range f.Abilities {
		relevant := false
		switch a.Kind {
		case units.AbilityKindAbility:
			relevant = true
		case units.AbilityKindFlagship:
			// A flagship in an adjacent system acts by the board state
			// that says so (Dynamo: flagship-adjacent).
			relevant = s.Fleet.Count(units.Flagship) > 0 || flagshipAdjacent(s, f.Slug, a.Slug)
		case units.AbilityKindMech:
			// A Deploy text acts from the reinforcements (fewer than 4
			// mechs on the board); the others need a mech present.
			relevant = s.Fleet.Count(units.Mech) > 0 || (strings.HasPrefix(a.Text, "Deploy") && s.Fleet.Count(units.Mech) < 4)
		case units.AbilityKindUnit:
			for _, g := range s.Fleet.Groups() {
				if st, err := f.Unit(g.Kind, g.Upgraded || upgradedByTech(s, g.Kind)); err == nil && unitTextOf(st.Name, a.Slug) {
					relevant = true
				}
			}
		}
		if relevant {
			use(a, f.Name+"'s")
		}
	}
	// Valefar Assimilator Z: the Nekro flagship has another faction's
	// flagship texts, listed among the cards.
	valefarZ := f.Slug == "nekro" && slices.Contains(cardNamesOf(s.Cards), "valefar-assimilator-z") && s.Fleet.Count(units.Flagship) > 0
	for _, name := range append(append([]string(nil), s.Techs...), cardNamesOf(s.Cards)...) {
		a, owner, ok := factionAbility(name)
		switch {
		case !ok || a.Kind == units.AbilityKindAbility || a.Kind == units.AbilityKindMech:
		case a.Kind == units.AbilityKindFlagship:
			if valefarZ && owner.Slug != "nekro" {
				use(a, owner.Name+"'s (Valefar Assimilator Z)")
			}
		default:
			use(a, owner.Name+"'s")
		}
	}
}

func upgradedByTech(s *engine.Force, k units.Kind) bool {
	up, _ := upgrades(s)
	return up[k]
}

// unitTextOf reports whether the faction unit text with this slug belongs
// to the unit named name: its slug, with or without the " I"/" II" of the
// printing ("Hel-Titan II" carries the "hel-titan" text and
// "Advanced Carrier II" the "advanced-carrier-ii" one).
func unitTextOf(name, slug string) bool {
	n := slugOf(name)
	return n == slug || strings.TrimSuffix(n, "-i") == slug || strings.TrimSuffix(n, "-ii") == slug
}

// slugOf turns a printed name into a slug: "Exotrireme II" → "exotrireme-ii".
func slugOf(name string) string {
	r := strings.NewReplacer(" ", "-", "'", "", ".", "", "\"", "")
	return strings.ToLower(r.Replace(name))
}

// cardNamesOf strips copies (":N") from card items.
func cardNamesOf(items []string) []string {
	out := make([]string, 0, len(items))
	for _, it := range items {
		name, _, _ := strings.Cut(it, ":")
		out = append(out, strings.TrimSpace(name))
	}
	return out
}
