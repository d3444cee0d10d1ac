package effects

import (
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
	"github.com/ti4sim/ti4sim/units"
)

// Technology slugs of the cards modelled, for Side.Techs.
const (
	TechMagen = "magen-defense-grid"
	TechX89   = "x89-bacterial-weapon"
)

// cardTechs maps accepted spellings to the technology cards modelled. md
// and x89 are also the AsyncTI4 bot's codes; its newest data means the Ω
// printings by them (md_base and x89_base being the base game's), but here
// they name the technology only: the printing is chosen separately
// (Printings), as for every other spelling.
var cardTechs = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		TechMagen: TechMagen, "magen": TechMagen, "mdg": TechMagen, "md": TechMagen,
		TechX89: TechX89, "x89": TechX89, "x-89": TechX89, "x-89-bacterial-weapon": TechX89,
	}
}}

// Technologies returns the technology slugs Side.Techs accepts: the unit
// upgrades and the technology cards modelled.
func Technologies() []string {
	var out []string
	for _, k := range units.Kinds() {
		if units.HasUpgrade(k) {
			out = append(out, upgradeSlug(k))
		}
	}
	out = append(out, TechMagen, TechX89)
	for _, c := range catalog() {
		if c.Kind == KindTechnology {
			out = append(out, c.Slug)
		}
	}
	return out
}

// holds reports whether the side holds technology card tech (a Tech*
// constant).
func holds(s *engine.Force, tech string) bool {
	for _, t := range s.Techs {
		if cardTechs.Get()[techSlug(t)] == tech {
			return true
		}
	}
	return false
}

// techSlug is the slug of a technology or card name as given: lower case,
// spaces as hyphens, and an AsyncTI4 bot code of a faction technology or
// unit upgrade replaced by the slug it stands for (techCodes).
func techSlug(t string) string {
	s := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(t)), " ", "-")
	if slug, ok := techCodes.Get()[s]; ok {
		return slug
	}
	return s
}

func upgradeSlug(k units.Kind) string {
	return strings.ReplaceAll(k.String(), " ", "-") + "-ii"
}

// upgrades returns, per kind, whether the side's techs upgrade it; it fails
// on an unknown technology.
func upgrades(s *engine.Force) ([units.NumKinds]bool, error) {
	var up [units.NumKinds]bool
	for at, t := range s.Techs {
		slug := techSlug(t)
		found := techCard(slug)
		if k, ok := techUpgrade(slug); ok {
			up[k], found = true, true
		}
		if !found {
			return up, engine.InputAtf("", "Techs", at, "unknown technology %s; allowed: %s", echo.Quote(t), strings.Join(Technologies(), ", "))
		}
	}
	for _, g := range s.Fleet.Groups() {
		if g.Upgraded {
			up[g.Kind] = true
		}
	}
	return up, nil
}

// techCard reports whether slug names a technology card or a faction
// technology the engine knows.
func techCard(slug string) bool {
	c, ok := lookupCard(slug)
	a, _, isFaction := factionAbility(slug)
	return cardTechs.Get()[slug] != "" || (ok && c.Kind == KindTechnology) || (isFaction && a.Kind == units.AbilityKindTechnology)
}

// techUpgrade returns the kind a unit-upgrade technology slug upgrades.
func techUpgrade(slug string) (units.Kind, bool) {
	for _, k := range units.Kinds() {
		if units.HasUpgrade(k) && (slug == upgradeSlug(k) || slug == strings.TrimSuffix(upgradeSlug(k), "-ii")+"2") {
			return k, true
		}
	}
	return 0, false
}

// TechnologySlug returns the slug Side.Techs knows a name by (a slug, an
// alias or an AsyncTI4 code: "dn2" is dreadnought-ii, "mdg" the Magen
// Defense Grid's slug), and whether it is a technology the engine models.
func TechnologySlug(name string) (string, bool) {
	slug := techSlug(name)
	if k, up := techUpgrade(slug); up {
		return upgradeSlug(k), true
	}
	if c := cardTechs.Get()[slug]; c != "" {
		return c, true
	}
	if c, ok := lookupCard(slug); ok && c.Kind == KindTechnology {
		return c.Slug, true
	}
	if a, _, ok := factionAbility(slug); ok && a.Kind == units.AbilityKindTechnology {
		return a.Slug, true
	}
	return "", false
}
