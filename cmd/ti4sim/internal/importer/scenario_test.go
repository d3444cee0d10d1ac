package importer

import (
	"fmt"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// testScenario turns a combat document into the engine's scenario, for the
// tests only: it stands in for the scenario package's own conversion
// (Combat.Scenario), which this package's tests should use once it exists.
// It covers what the importers fill.
func testScenario(d scenario.Combat) (combat.Scenario, error) {
	var sc combat.Scenario
	switch d.Action {
	case scenario.ActionSpace:
		sc.Action = combat.SpaceCombat
	case scenario.ActionGround:
		sc.Action = combat.GroundCombat
	case scenario.ActionInvade:
		sc.Action = combat.Invasion
	default:
		return sc, fmt.Errorf("action %q", d.Action)
	}
	if d.Ruleset != "ti4" {
		return sc, fmt.Errorf("ruleset %q", d.Ruleset)
	}
	var printings []string
	for card, p := range d.Printings {
		printings = append(printings, card+"="+p)
	}
	rules, err := combat.ParseRules(printings)
	if err != nil {
		return sc, err
	}
	sc.Printings = rules
	sc.Nebula, sc.EntropicScar, sc.Cultural, sc.SpaceMine = d.System.Nebula, d.System.EntropicScar, d.System.Cultural, d.System.SpaceMine
	for i, ds := range []scenario.Side{d.Attacker, d.Defender} {
		s := &sc.Attacker
		if i == 1 {
			s = &sc.Defender
		}
		if s.Fleet, err = testFleet(ds.Fleet); err != nil {
			return sc, err
		}
		if s.Galvanized, err = testFleet(ds.Galvanized); err != nil {
			return sc, err
		}
		if ds.Faction != "" {
			if s.Faction, err = units.LookupFaction(ds.Faction); err != nil {
				return sc, err
			}
		}
		s.Techs = ds.Technologies
		for _, c := range ds.Cards {
			if c.Copies != 0 {
				s.Cards = append(s.Cards, fmt.Sprintf("%s:%d", c.Name, c.Copies))
			} else {
				s.Cards = append(s.Cards, c.Name)
			}
		}
		if ds.Order != "" {
			if s.Order, err = combat.ParseOrder(ds.Order); err != nil {
				return sc, err
			}
		}
		if ds.Retreat != "" {
			return sc, fmt.Errorf("retreat %q: not filled by the importers", ds.Retreat)
		}
		s.Modifier, s.TradeGoods, s.Influence, s.AdjacentPDS, s.SystemPDS = ds.Modifier, ds.TradeGoods, ds.Influence, ds.AdjacentPDS, ds.PDS
	}
	return sc, sc.Validate()
}

// testFleet builds a fleet from the document's units.
func testFleet(us []scenario.Units) (units.Fleet, error) {
	var groups []units.Group
	for _, u := range us {
		k, up, err := units.ParseKind(u.Unit)
		if err != nil {
			return units.Fleet{}, err
		}
		if strings.ToLower(u.Unit) != k.String() {
			return units.Fleet{}, fmt.Errorf("unit %q is not the canonical name %q", u.Unit, k.String())
		}
		groups = append(groups, units.Group{Kind: k, Upgraded: up || u.Upgraded, Count: u.Count, Damaged: u.Damaged})
	}
	if len(groups) == 0 {
		return units.Fleet{}, nil
	}
	return units.NewFleet(groups...)
}
