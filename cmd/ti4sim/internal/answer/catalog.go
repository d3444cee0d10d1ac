package answer

import (
	"encoding/json"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/lazy"
	"github.com/ti4sim/ti4sim/units"
)

// The catalog: everything a client needs to build a form for a scenario
// document — rulesets, actions, card printings, every faction with its
// units, texts and how each is modelled, its board states, the
// technologies and cards with their copies, the --vary keys and the
// documents' limits. ti4sim serve answers it at GET /v1/catalog; `ti4sim
// units` and `ti4sim cards` show the same facts as tables.

// CatalogJSON is the catalogue (GET /v1/catalog).
type CatalogJSON struct {
	Version   int                 `json:"version"`
	Rulesets  []catalogRuleset    `json:"rulesets"`
	Actions   []string            `json:"actions"`
	Printings map[string][]string `json:"printings"`
	// Choices are the texts whose player's choice a side states
	// (choices, --attacker-choice), each with its choices, the default
	// first.
	Choices map[string][]string `json:"choices"`
	// ChoiceTexts are the same texts with their names and whose they are,
	// by slug: what a form shows beside each choice.
	ChoiceTexts []catalogChoice  `json:"choice_texts"`
	Factions    []CatalogFaction `json:"factions"`
	Cards       []CardJSON       `json:"cards"`
	VaryKeys    []string         `json:"vary_keys"`
	Limits      catalogLimits    `json:"limits"`
}

type catalogRuleset struct {
	Name  string     `json:"name"`
	Title string     `json:"title"`
	Units []UnitJSON `json:"units"`
	// Technologies are the ruleset's own technologies with their text
	// (ti3-sa; ti4's are among the cards).
	Technologies map[string]string `json:"technologies,omitempty"`
	// Techs are every technology a side may hold under the ruleset (a
	// side's technologies, --attacker-tech), each with its name, kind and
	// text: ti4's unit upgrades, Magen Defense Grid, X-89 Bacterial Weapon
	// and the technology cards; ti3-sa's own. A faction's own technologies
	// are among its texts.
	Techs []catalogTech `json:"techs"`
	// Leaders are the ruleset's leaders a side may have in the fight, with
	// what each does (ti3-sa), and System its system tokens and anomalies
	// by flag (high_alert, ion_storm).
	Leaders map[string]string `json:"leaders,omitempty"`
	// LeaderOptions are the options a leader takes after a colon
	// (general:no-rerolls, admiral:UNIT with each ship it may be on,
	// scientist:adjacent).
	LeaderOptions map[string][]string `json:"leader_options,omitempty"`
	// PlanetUnits are the kinds a planet of the system holds (a
	// planet's units): the ruleset's ground forces and structures.
	PlanetUnits []string          `json:"planet_units"`
	System      map[string]string `json:"system,omitempty"`
	// Cards are the ruleset's own action cards with their text (ti3-sa;
	// ti4's are in the catalogue's cards).
	Cards map[string]string `json:"cards,omitempty"`
	// Factions are the ruleset's own races (ti3-sa; ti4's are the
	// catalogue's factions).
	Factions []CatalogFaction `json:"factions,omitempty"`
	// UnitNames maps every unit name a document's fleet may give (lower
	// case, single spaces; " II" may follow) to the unit's kind.
	UnitNames map[string]string `json:"unit_names"`
}

// catalogTech is one technology a side may hold.
type catalogTech struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
	// Kind is "unit upgrade" or "technology".
	Kind string `json:"kind"`
	Text string `json:"text"`
	// Printing is the key of its printings (magen, x89), if it has several.
	Printing string `json:"printing,omitempty"`
}

// catalogChoice is a text whose player's choice a side may state.
type catalogChoice struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
	// Of says whose text it is: a faction's name, or the card's kind.
	Of      string   `json:"of"`
	Choices []string `json:"choices"`
}

// CatalogFaction is a faction (or a TI3 race) in the catalogue.
type CatalogFaction struct {
	Slug        string              `json:"slug"`
	Name        string              `json:"name"`
	Aliases     []string            `json:"aliases"`
	Units       []UnitJSON          `json:"units"`
	Texts       []catalogText       `json:"texts"`
	BoardStates []combat.BoardState `json:"board_states"`
}

type catalogText struct {
	Slug   string `json:"slug"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Text   string `json:"text"`
	Status string `json:"status"` // modelled, outside combat, or not modelled
	Why    string `json:"why,omitempty"`
}

type catalogLimits struct {
	UnitsPerEntry int   `json:"units_per_entry"`
	UnitsPerKind  int   `json:"units_per_kind"`
	MaxTrials     int64 `json:"max_trials"`
	MaxRounds     int   `json:"max_rounds"`
	Modifier      int   `json:"modifier"`
	Budget        int   `json:"budget"`
	AdjacentPDS   int   `json:"adjacent_pds"`
	Voters        int   `json:"voters"`
	Variants      int   `json:"variants"`
}

// Catalog builds the catalog.
func Catalog() CatalogJSON {
	c := CatalogJSON{Version: scenario.Version,
		Actions:   []string{scenario.ActionSpace, scenario.ActionGround, scenario.ActionInvade},
		Printings: combat.PrintingChoices(), Choices: combat.Choices(), Cards: AllCards().Cards, VaryKeys: slices.Clone(scenario.VaryKeys),
		Limits: catalogLimits{UnitsPerEntry: scenario.MaxItemCount, UnitsPerKind: units.MaxCount, MaxTrials: scenario.MaxTrials,
			MaxRounds: scenario.MaxRounds, Modifier: combat.MaxModifier, Budget: combat.MaxBudget, AdjacentPDS: combat.MaxAdjacentPDS,
			Voters: scenario.MaxVoters, Variants: combat.MaxVariants}}
	for _, g := range []combat.Edition{combat.EditionTI4, combat.EditionTI3SA} {
		f := units.NoFaction()
		if g == combat.EditionTI3SA {
			f = units.TI3()
		}
		title := "Twilight Imperium 4 with Prophecy of Kings, the Codices and Thunder's Edge"
		if g == combat.EditionTI3SA {
			title = units.TI3Name
		}
		r := catalogRuleset{Name: g.String(), Title: title, Units: UnitsJSON(f), UnitNames: map[string]string{}}
		for name, k := range units.UnitNames(g == combat.EditionTI3SA) {
			r.UnitNames[name] = k.Key()
		}
		r.Techs = catalogTechs(g, r.Units)
		for _, k := range units.DisplayOrder() {
			if (k.GroundForce() || k.Structure()) && slices.ContainsFunc(r.Units, func(u UnitJSON) bool { return u.Kind == k.Key() }) {
				r.PlanetUnits = append(r.PlanetUnits, k.Key())
			}
		}
		if g == combat.EditionTI3SA {
			r.Technologies = combat.TI3Technologies()
			r.Leaders = combat.TI3Leaders()
			r.LeaderOptions = map[string][]string{"general": {"no-rerolls"}, "scientist": {"adjacent"}}
			for _, k := range units.DisplayOrder() {
				if k.Ship() && k != units.Fighter {
					r.LeaderOptions["admiral"] = append(r.LeaderOptions["admiral"], strings.ToLower(units.KindNameTI3(k)))
				}
			}
			r.Cards = combat.TI3Cards()
			for _, f := range units.TI3Races() {
				r.Factions = append(r.Factions, catalogFactionOf(f))
			}
			r.System = map[string]string{"high_alert": combat.TI3HighAlert, "ion_storm": combat.TI3IonStorm, "home_system": combat.TI3NeutralBombardment, "wormhole": combat.TI3Wormhole, "negate_mine_hits": combat.TI3NegateMineHits}
		}
		c.Rulesets = append(c.Rulesets, r)
	}
	for _, f := range units.Factions() {
		c.Factions = append(c.Factions, catalogFactionOf(f))
	}
	holders := append([]CatalogFaction{}, c.Factions...)
	for _, r := range c.Rulesets {
		holders = append(holders, r.Factions...) // a TI3 race's upgrades
	}
	c.ChoiceTexts = catalogChoices(c.Choices, holders, c.Cards)
	return c
}

// cardTechs are the names and texts of the technologies with several
// printings, which are no cards of combat.Cards.
var cardTechs = lazy.Value[map[string]catalogTech]{Build: func() map[string]catalogTech {
	return map[string]catalogTech{
		combat.TechMagen: {Name: "Magen Defense Grid", Printing: "magen",
			Text: "today (Codex IV): at the start of ground combat on a planet with the holder's structures, 1 hit on an opponent's ground force, and 1 infantry placed with each of its structures when the system is activated; the other printings under Card printings"},
		combat.TechX89: {Name: "X-89 Bacterial Weapon", Printing: "x89",
			Text: "today (Codex IV): the hits of the holder's bombardment and ground combat rolls are doubled; the other printings under Card printings"},
	}
}}

// catalogTechs lists every technology a side may hold under ruleset g,
// whose units are us.
func catalogTechs(g combat.Edition, us []UnitJSON) []catalogTech {
	out := []catalogTech{}
	if g == combat.EditionTI3SA {
		techs := combat.TI3Technologies()
		for _, slug := range slices.Sorted(maps.Keys(techs)) {
			out = append(out, catalogTech{Slug: slug, Name: titleOf(slug), Kind: "technology", Text: techs[slug]})
		}
		return out
	}
	cards := map[string]combat.CardInfo{}
	for _, c := range combat.Cards() {
		cards[c.Slug] = c
	}
	for _, slug := range combat.Technologies() {
		t, ok := cardTechs.Get()[slug]
		switch {
		case ok:
		case strings.HasSuffix(slug, "-ii"):
			kind := strings.ReplaceAll(strings.TrimSuffix(slug, "-ii"), "-", "_")
			t = catalogTech{Name: titleOf(slug), Kind: "unit upgrade"}
			for _, u := range us {
				if u.Kind == kind && u.Upgraded {
					t.Name = u.Name
				}
			}
			t.Text = "the unit upgrade, for every unit of the kind the side has (its units here, and its PDS in adjacent systems)"
		default:
			t = catalogTech{Name: cards[slug].Name, Text: cards[slug].Effect}
		}
		if t.Kind == "" {
			t.Kind = "technology"
		}
		t.Slug = slug
		out = append(out, t)
	}
	return out
}

// titleOf is a slug in words with capitals: "pds-ii" → "Pds Ii" for none
// better; "hylar-v-assault-laser" → "Hylar V Assault Laser".
func titleOf(slug string) string {
	words := strings.Split(slug, "-")
	for i, w := range words {
		if w == "ii" || w == "pds" {
			words[i] = strings.ToUpper(w)
		} else if w == "x89" {
			words[i] = "X-89"
		} else if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// catalogChoices names each text of choices: a faction's text by its
// name and faction, else a card by its name and kind.
func catalogChoices(choices map[string][]string, fs []CatalogFaction, cards []CardJSON) []catalogChoice {
	out := []catalogChoice{}
	for _, slug := range slices.Sorted(maps.Keys(choices)) {
		c := catalogChoice{Slug: slug, Name: titleOf(slug), Choices: choices[slug]}
		for _, f := range fs {
			for _, t := range f.Texts {
				if t.Slug == slug || t.Slug == "ti3-"+slug { // a TI3 race text is slugged ti3-NAME
					c.Name, c.Of = t.Name, f.Name
				}
			}
		}
		for _, k := range cards {
			if k.Slug == slug {
				c.Name, c.Of = k.Name, k.Kind
			}
		}
		out = append(out, c)
	}
	return out
}

// catalogFactionOf is a faction (or a TI3 race) in the catalogue: its
// units and each text with how it is modelled.
func catalogFactionOf(f *units.Faction) CatalogFaction {
	cf := CatalogFaction{Slug: f.Slug, Name: f.Name, Aliases: append([]string{}, f.Aliases...), Units: UnitsJSON(f),
		Texts: []catalogText{}, BoardStates: append([]combat.BoardState{}, combat.BoardStates(f.Slug)...)}
	for _, a := range f.Abilities {
		t := catalogText{Slug: a.Slug, Name: a.Name, Kind: a.Kind, Text: a.Text, Status: "not modelled"}
		if why, ok := combat.OutsideCombat(a.Slug); ok {
			t.Status, t.Why = "outside combat", why
		} else if combat.Modelled(a.Slug) {
			t.Status = "modelled"
		}
		cf.Texts = append(cf.Texts, t)
	}
	return cf
}

// WriteCatalogJSON writes the catalog as one line of JSON.
func WriteCatalogJSON(w io.Writer) error {
	return json.NewEncoder(w).Encode(Catalog())
}
