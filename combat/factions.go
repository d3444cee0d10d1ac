package combat

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/units"
)

// factionRule models one faction ability, faction technology, note,
// leader, or flagship/mech/unit text (units.Ability) by its slug.
type factionRule struct {
	// attach adds the effect, held by side holder, like a card's attach.
	attach func(p *plan, sc *Scenario, holder int)
	// early rules attach before any other text or card of either side
	// (they change which of them attach: the Watcher's cancellations).
	early bool
}

// factionRules returns the faction texts the engine models, by slug. The
// others raise a warning when they would act (see applyFaction), so a
// faction's answer is never silently incomplete.
func factionRules() map[string]factionRule {
	rules := map[string]factionRule{
		"unrelenting":             {attach: unrelenting},
		"fragile":                 {attach: fragile},
		"cmorran-norr":            {attach: sardakkFlagship},
		"non-euclidean-shielding": {attach: nonEuclideanShielding},
		"jns-hylarim":             {attach: jolNarFlagship},
		"salai-sai-corian":        {attach: winnuFlagship},
		"devour":                  {attach: devour},
		"the-terror-between":      {attach: terrorBetween},
		"neutral-hit-order":       {attach: neutralHitOrder},
		"the-alastor":             {attach: theAlastor},
		"eidolon":                 {attach: zGrav},
		"matriarch":               {attach: matriarch},
		"wrath-of-kenara":         {attach: wrathOfKenara},
		"gravleash-maneuvers":     {attach: gravleashManeuvers},
		"eidolon-maximum":         {attach: eidolonMax},
		"the-cavalry":             {attach: inVariants},
		"galvanize":               {attach: inVariants},
		"iihq-modernization":      {attach: iihqModernization},
	}
	for _, group := range []map[string]factionRule{factionRulesA(), factionRulesB(), factionRulesC(), factionRulesD(), factionRulesE(), factionRulesF(), factionRulesG(), factionRulesH(), factionRulesI()} {
		for slug, r := range group {
			rules[slug] = r
		}
	}
	return rules
}

// inVariants is the rule of texts applied when the side's units are laid
// out (variants.go): nothing more to attach.
func inVariants(*plan, *Scenario, int) {}

// byNumbers lists faction unit texts that the unit's numbers already say
// completely (capacity, Sustain Damage, combat value, revival).
var byNumbers = []string{"advanced-carrier-ii", "spec-ops-ii", "saturn-engine-ii", "super-dreadnought-ii", "prototype-war-sun", "letani-warrior-ii", "memoria-ii", "son-of-ragh", "heavens-hollow", "hybrid-crystal-fighter-ii"}

// Modelled reports whether the engine models the faction text (an
// units.Ability) with this slug; the others produce a warning when they
// would act.
func Modelled(slug string) bool {
	_, ok := factionRules()[slug]
	return ok || slices.Contains(byNumbers, slug)
}

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
func (p *plan) applyFaction(sc *Scenario, side int, early bool) {
	s := []*Side{&sc.Attacker, &sc.Defender}[side]
	rules := factionRules()
	use := func(a units.Ability, who string) {
		if r, ok := rules[a.Slug]; ok {
			if r.early == early {
				r.attach(p, sc, side)
			}
			return
		}
		if early {
			return
		}
		if _, outside := outsideCombat[a.Slug]; outside || slices.Contains(byNumbers, a.Slug) {
			return
		}
		p.warnings = append(p.warnings, fmt.Sprintf("%s: %s (%s %s) is not modelled yet; the answer ignores it: %s", sideName(side), a.Name, who, a.Kind, a.Text))
	}
	f := s.faction()
	for _, a := range f.Abilities {
		relevant := false
		switch a.Kind {
		case units.AbilityKindAbility:
			relevant = true
		case units.AbilityKindFlagship:
			relevant = s.Fleet.Count(units.Flagship) > 0
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

func upgradedByTech(s *Side, k units.Kind) bool {
	up, _ := s.upgrades()
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

// unrelenting (Sardakk N'orr): +1 to each of the side's combat rolls.
func unrelenting(p *plan, sc *Scenario, holder int) {
	all := func(uint8) bool { return true }
	p.adjustThresholds(holder, rollSpace, -1, all)
	p.adjustThresholds(holder, rollGround, -1, all)
	p.addEffect("Unrelenting", true)
}

// fragile (Jol-Nar): −1 to each of the side's combat rolls.
func fragile(p *plan, sc *Scenario, holder int) {
	all := func(uint8) bool { return true }
	p.adjustThresholds(holder, rollSpace, +1, all)
	p.adjustThresholds(holder, rollGround, +1, all)
	p.addEffect("Fragile", true)
}

// sardakkFlagship (C'morran N'orr): +1 to the combat rolls of the side's
// other ships in the system while the flagship is there.
func sardakkFlagship(p *plan, sc *Scenario, holder int) {
	sp := &p.side[holder]
	a := aura{delta: -1}
	found := false
	for i, sl := range sp.slots {
		switch {
		case sl.stats.Kind == units.Flagship && sl.zone == zoneSpace:
			a.source, found = uint8(i), true
		case sl.stats.Kind.Ship() && sl.zone == zoneSpace:
			a.targets[i] = true
		}
	}
	if found {
		sp.auras[rollSpace] = append(sp.auras[rollSpace], a)
	}
	p.addEffect("C'morran N'orr", true)
}

// nonEuclideanShielding (Letnev technology): each use of Sustain Damage by
// the side's units cancels 2 hits instead of 1.
func nonEuclideanShielding(p *plan, sc *Scenario, holder int) {
	p.side[holder].sustainCancels = 2
	p.addEffect("Non-Euclidean Shielding", true)
}

// flagshipRoller returns the index of side's flagship roller of kind r, or
// -1.
func (p *plan) flagshipRoller(side int, r rollKind) int {
	for i, ro := range p.side[side].rollers[r] {
		if p.side[side].slots[ro.slot].stats.Kind == units.Flagship {
			return i
		}
	}
	return -1
}

// jolNarFlagship (J.N.S. Hylarim): each of its combat dice whose result is 9
// or 10 before modifiers produces 2 additional hits.
func jolNarFlagship(p *plan, sc *Scenario, holder int) {
	for _, r := range []rollKind{rollSpace, rollGround} {
		if i := p.flagshipRoller(holder, r); i >= 0 {
			ro := &p.side[holder].rollers[r][i]
			ro.bonusFrom, ro.bonus = 9, 2
			p.side[holder].special[r] = true
			p.side[holder].groups[r] = groupRollers(p.side[holder].rollers[r])
		}
	}
	p.addEffect("J.N.S. Hylarim", true)
}

// winnuFlagship (Salai Sai Corian): it rolls as many combat dice as the
// opponent has non-fighter ships in the system. The dice depend on the
// other side's units, so the per-side tables and exact mode do not apply.
func winnuFlagship(p *plan, sc *Scenario, holder int) {
	if i := p.flagshipRoller(holder, rollSpace); i >= 0 {
		p.side[holder].rollers[rollSpace][i].perOpponentShip = true
		p.side[holder].special[rollSpace] = true
		p.noTables = true
	}
	p.addEffect("Salai Sai Corian (dice that depend on the opponent's ships)", false)
}
