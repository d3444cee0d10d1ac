package answer

import (
	"encoding/json"
	"io"
	"slices"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
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
	Choices  map[string][]string `json:"choices"`
	Factions []CatalogFaction    `json:"factions"`
	Cards    []CardJSON          `json:"cards"`
	VaryKeys []string            `json:"vary_keys"`
	Limits   catalogLimits       `json:"limits"`
}

type catalogRuleset struct {
	Name  string     `json:"name"`
	Title string     `json:"title"`
	Units []UnitJSON `json:"units"`
	// Technologies are the ruleset's own technologies with their text
	// (ti3-sa; ti4's are among the cards).
	Technologies map[string]string `json:"technologies,omitempty"`
	// Leaders are the ruleset's leaders a side may have in the fight, with
	// what each does (ti3-sa), and System its system tokens and anomalies
	// by flag (high_alert, ion_storm).
	Leaders map[string]string `json:"leaders,omitempty"`
	System  map[string]string `json:"system,omitempty"`
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
		if g == combat.EditionTI3SA {
			r.Technologies = combat.TI3Technologies()
			r.Leaders = combat.TI3Leaders()
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
	return c
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
