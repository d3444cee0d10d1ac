package effects

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// factionRule models one faction ability, faction technology, note,
// leader, or flagship/mech/unit text (units.Ability) by its slug.
type factionRule struct {
	// attach adds the effect, held by side holder, like a card's attach.
	attach func(p *engine.Plan, sc *Scenario, holder engine.Side)
	// early rules attach before any other text or card of either side
	// (they change which of them attach: the Watcher's cancellations).
	early bool
}

// factionRules returns the faction texts the engine models, by slug. The
// others raise a warning when they would act (see applyFaction), so a
// faction's answer is never silently incomplete.
func factionRules() map[string]factionRule {
	return map[string]factionRule{
		// The Arborec.
		"letani-behemoth": {attach: letaniBehemoth},

		// The Argent Flight.
		"raid-formation":        {attach: raidFormation},
		"strike-wing-alpha-ii":  {attach: strikeWingAlphaII},
		"strike-wing-ambuscade": {attach: strikeWingAmbuscade},
		"quetzecoatl":           {attach: quetzecoatl},
		"trrakan-aun-zulok":     {attach: trrakanAunZulok},
		"aerie-sentinel":        {attach: aerieSentinel},

		// The Ghosts of Creuss.
		"dimensional-splicer": {attach: dimensionalSplicer},

		// The Crimson Rebellion.
		"quietus": {attach: quietus},

		// The Empyrean.
		"dynamo":  {attach: dynamo},
		"watcher": {attach: watcher, early: true},

		// The Firmament.
		"heavens-eye": {attach: heavensEye},

		// The Emirates of Hacan.
		"wrath-of-kenara": {attach: wrathOfKenara},

		// The Universities of Jol-Nar.
		"fragile":       {attach: fragile},
		"jns-hylarim":   {attach: jolNarFlagship},
		"shield-paling": {attach: shieldPaling},
		"ta-zern":       {attach: taZern},

		// The Council Keleres.
		"iihq-modernization": {attach: iihqModernization},

		// The L1Z1X Mindnet.
		"harrow":      {attach: harrow},
		"0-0-1":       {attach: l1z1xFlagship},
		"2ram":        {attach: twoRAM},
		"annihilator": {attach: annihilator},

		// Last Bastion.
		"galvanize":            {attach: inVariants},
		"the-egeiro":           {attach: theEgeiro},
		"proxima-targeting-vi": {attach: proximaTargetingVI},
		"phoenix-standard":     {attach: phoenixStandard},
		"raise-the-standard":   {attach: raiseTheStandard},
		"a3-valiance":          {attach: a3Valiance},

		// The Barony of Letnev.
		"non-euclidean-shielding": {attach: nonEuclideanShielding},
		"gravleash-maneuvers":     {attach: gravleashManeuvers},
		"arc-secundus":            {attach: arcSecundus},
		"munitions-reserves":      {attach: munitionsReserves},
		"war-funding":             {attach: warFunding},
		"l4-disruptors":           {attach: l4Disruptors},
		"viscount-unlenn":         {attach: viscountUnlenn},
		"dunlain-reaper":          {attach: dunlainReaper},

		// The Mahact Gene-Sorcerers.
		"arvicon-rex":            {attach: arviconRex},
		"crimson-legionnaire-ii": {attach: crimsonLegionnaireII},

		// The Mentak Coalition.
		"ambush":                {attach: ambush},
		"fourth-moon":           {attach: fourthMoon},
		"moll-terminus":         {attach: mollTerminus},
		"ipswitch-loose-cannon": {attach: ipswitch},
		"the-tables-grace":      {attach: inVariants},

		// The Naalu Collective.
		"matriarch":  {attach: matriarch},
		"iconoclast": {attach: iconoclast},

		// The Naaz-Rokha Alliance.
		"eidolon":         {attach: zGrav},
		"eidolon-maximum": {attach: eidolonMax},
		"supercharge":     {attach: supercharge},
		"visz-el-vir":     {attach: viszElVir},

		// The Nekro Virus.
		"the-alastor": {attach: theAlastor},
		"mordred":     {attach: mordred},
		"valefar-assimilator-z": {attach: func(p *engine.Plan, sc *Scenario, holder engine.Side) {
		}},

		// neutral units (Thunder's Edge): generic units, never upgraded; they take hits in the fixed order printed on their reference card.
		"neutral-hit-order": {attach: neutralHitOrder},

		// The Nomad.
		"the-cavalry":         {attach: inVariants},
		"quantum-manipulator": {attach: quantumManipulator},

		// The Ral Nel Consortium.
		"miniaturization": {attach: miniaturization},
		"linkship":        {attach: linkship},
		"last-dispatch":   {attach: lastDispatch},
		"alarum":          {attach: alarum},

		// Sardakk N'orr.
		"unrelenting":             {attach: unrelenting},
		"cmorran-norr":            {attach: sardakkFlagship},
		"valkyrie-exoskeleton":    {attach: valkyrieExoskeleton},
		"valkyrie-particle-weave": {attach: valkyrieParticleWeave},
		"exotrireme-ii":           {attach: exotriremeII},
		"tekklar-legion":          {attach: tekklarLegion},

		// The Federation of Sol.
		"evelyn-delouis": {attach: evelynDelouis},

		// The Titans of Ul.
		"ul-the-progenitor": {attach: ulTheProgenitor},
		"hel-titan":         {attach: helTitan},
		"tellurian":         {attach: tellurian},

		// The Vuil'raith Cabal.
		"devour":             {attach: devour},
		"the-terror-between": {attach: terrorBetween},
		"reanimator":         {attach: reanimator},

		// The Winnu.
		"salai-sai-corian": {attach: winnuFlagship},
		"rickar-rickani":   {attach: rickarRickani},
		"imperator":        {attach: imperator},

		// The Xxcha Kingdom.
		"indomitus":     {attach: indomitus},
		"loncara-ssodu": {attach: loncaraSsodu},

		// The Yin Brotherhood.
		"devotion":         {attach: devotion},
		"indoctrination":   {attach: indoctrination},
		"impulse-core":     {attach: impulseCore},
		"van-hauge":        {attach: vanHauge},
		"greyfire-mutagen": {attach: greyfireMutagen},
		"brother-milor":    {attach: brotherMilor},
		"moyins-ashes":     {attach: moyinsAshes},
	}
}

// inVariants is the rule of texts applied when the side's units are laid
// out (variants.go): nothing more to attach.
func inVariants(*engine.Plan, *Scenario, engine.Side) {}

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
func applyFaction(p *engine.Plan, sc *Scenario, side engine.Side, early bool) {
	s := []*engine.Force{&sc.Attacker, &sc.Defender}[side]
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
		p.Warnings = append(p.Warnings, fmt.Sprintf("%s: %s (%s %s) is not modelled yet; the answer ignores it: %s", side.String(), a.Name, who, a.Kind, a.Text))
	}
	f := s.FactionOrNone()
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
