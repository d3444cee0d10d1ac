package combat_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// Unrelenting: a N'orr cruiser hits on 6 (p = 0.5) against a cruiser on 7
// (0.4). Per round A-only 0.3, D-only 0.2, both 0.2, none 0.3, so the
// attacker wins 0.3/0.7 = 3/7 and draws 0.2/0.7 = 2/7. Fragile (Jol-Nar)
// mirrors it: a Jol-Nar cruiser hits on 8 (0.3): A-only 0.18, D-only 0.28,
// both 0.12, none 0.42 → 0.18/0.58.
func TestFactionRollModifiers(t *testing.T) {
	for _, c := range []struct {
		faction   string
		win, draw float64
	}{{"sardakk", 3.0 / 7, 2.0 / 7}, {"jol-nar", 0.18 / 0.58, 0.12 / 0.58}} {
		sc := combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, c.faction, "1 cruiser"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
		ex := mustSolve(t, sc)
		if math.Abs(ex.Outcome.AttackerWin.P-c.win) > 1e-9 || math.Abs(ex.Outcome.Draw.P-c.draw) > 1e-9 {
			t.Errorf("%s: exact %.9f/%.9f, hand %.9f/%.9f", c.faction, ex.Outcome.AttackerWin.P, ex.Outcome.Draw.P, c.win, c.draw)
		}
		mc := mustRun(t, sc, 200000, 21)
		if se := math.Sqrt(c.win * (1 - c.win) / 200000); math.Abs(mc.Outcome.AttackerWin.P-c.win) > 4*se {
			t.Errorf("%s: Monte Carlo %.5f, hand %.5f", c.faction, mc.Outcome.AttackerWin.P, c.win)
		}
	}
}

// Abilities the engine does not model yet are named in the warnings, never
// silently ignored. The faction is made up (generic units, one text with
// no row in the catalogue), so the test does not depend on the data still
// holding an unmodelled text.
func TestUnmodelledFactionAbilitiesWarn(t *testing.T) {
	made := &units.Faction{Slug: "made-up", Name: "The Made-Up", Abilities: []units.Ability{{
		Slug: "unmodelled-text", Name: "Unmodelled Text", Kind: units.AbilityKindAbility,
		Text: "once per combat, something the engine does not know"}}}
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Faction: made, Fleet: mustFleet(t, "2 cruiser")}, Defender: combat.Side{Fleet: mustFleet(t, "3 destroyer")}}
	res := mustRun(t, sc, 1000, 1)
	found := false
	for _, w := range res.Warnings {
		if strings.Contains(w, "Unmodelled Text") && strings.Contains(w, "not modelled yet") {
			found = true
		}
	}
	if !found {
		t.Errorf("warnings %q do not name the unmodelled text", res.Warnings)
	}
}

// Hybrid Crystal Fighter II move on their own: a Naalu destroyer with 4 of
// them loses none for capacity when the combat ends (its numbers: move 2),
// while Hybrid Crystal Fighter I need room and all 4 surviving ones are
// removed, the destroyer having none.
func TestHybridCrystalFighterCapacity(t *testing.T) {
	for _, c := range []struct {
		techs []string
		zero  bool
	}{{[]string{"fighter-ii"}, true}, {nil, false}} {
		sc := combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "naalu", "1 destroyer, 4 fighter", c.techs...),
			Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
		res := mustRun(t, sc, 2000, 5)
		modelled(t, res, "Hybrid Crystal Fighter II")
		if got := res.Attacker.CapacityLost.Value; (got == 0) != c.zero {
			t.Errorf("techs %v: capacity lost %v, want zero: %v", c.techs, got, c.zero)
		}
	}
}

// Modelled reports these faction texts, whose effects the faction_*_test.go
// files test.
func TestFactionTextsModelled(t *testing.T) {
	for _, slug := range []string{
		"valkyrie-exoskeleton", "valkyrie-particle-weave", "exotrireme-ii", "tekklar-legion",
		"devotion", "indoctrination", "impulse-core", "van-hauge", "greyfire-mutagen", "ambush",
		"fourth-moon", "moll-terminus", "dimensional-splicer", "raid-formation",
		"strike-wing-alpha-ii", "strike-wing-ambuscade", "supercharge",
		"0-0-1", "quantum-manipulator", "quetzecoatl", "arvicon-rex", "viscount-unlenn",
		"ta-zern", "trrakan-aun-zulok", "tellurian",
		"rickar-rickani", "imperator", "the-egeiro", "reanimator", "crimson-legionnaire-ii", "brother-milor", "iconoclast", "dynamo",
		"proxima-targeting-vi", "phoenix-standard", "raise-the-standard", "a3-valiance", "ipswitch-loose-cannon",
		"watcher", "moyins-ashes", "alarum",
	} {
		if !combat.Modelled(slug) {
			t.Errorf("%s is not modelled", slug)
		}
	}
}
