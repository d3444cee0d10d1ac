package combat_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Annihilator: the L1Z1X mech in the space area bombards (8: 0.3) before
// it lands. Against 2 infantry, the mech (6: 0.5, Sustain Damage: 2 hit
// points, 1 die) then fights 1 infantry with 0.3 and 2 with 0.7 (pointDuel:
// one point per infantry, one die each);
// without the text (Articles of War) always 2.
func TestAnnihilator(t *testing.T) {
	one, each := func(int) int { return 1 }, func(k int) int { return k }
	w2, _ := pointDuel(2, 2, one, each, 0.5, 0.3)
	w1, _ := pointDuel(2, 1, one, each, 0.5, 0.3)
	for _, c := range []struct {
		cards []string
		win   float64
	}{{nil, 0.7*w2 + 0.3*w1}, {[]string{"articles-of-war"}, w2}} {
		a := factionSide(t, "l1z1x", "1 carrier, 1 mech")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.Invasion, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
		res := mustRun(t, sc, factionTrials, 350)
		near(t, "the L1Z1X take the planet", res.Outcome.AttackerWin.P, c.win, bernoulliSD(c.win))
		modelled(t, res, "Annihilator")
	}
}

// Aerie Sentinel: an Argent dreadnought (capacity 1) brings 2 mechs; they
// need no room, so none is removed for capacity (1 otherwise, with Articles
// of War taking the text away... which does not apply to capacity texts:
// the generic side shows the loss).
func TestAerieSentinel(t *testing.T) {
	for _, c := range []struct {
		faction string
		lost    float64
	}{{"argent", 0}, {"sardakk", 1}} {
		sc := combat.Scenario{Action: combat.Invasion, Attacker: factionSide(t, c.faction, "1 dreadnought, 2 mech"),
			Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
		res := mustRun(t, sc, 2000, 351)
		near(t, c.faction+": mechs removed for capacity", res.Attacker.CapacityLost.Value, c.lost, 0)
	}
}

// Linkship and Miniaturization: the Ral Nel carry a PDS (Space Cannon 6:
// 0.5) into the space area, where it fires nothing itself; Linkship I lets
// as many destroyers as structures fire it (1 roll), Linkship II every
// destroyer (2 rolls). Nobody hits in the combat round (modifier −9 on both
// sides), so 2 cruisers are left with 2 − 0.5 and 2 − 1.0.
func TestLinkship(t *testing.T) {
	for _, c := range []struct {
		techs    []string
		left, sd float64
	}{{nil, 1.5, 0.5}, {[]string{"destroyer-ii"}, 1.0, math.Sqrt(0.5)}} {
		a := factionSide(t, "ral-nel", "2 destroyer, 1 pds", c.techs...)
		a.Modifier = -9
		d := combat.Side{Fleet: mustFleet(t, "2 cruiser"), Modifier: -9}
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: d}
		res := mustRun(t, sc, factionTrials, 352)
		near(t, "cruisers left", survivors(t, res.Defender, "Cruiser I"), c.left, c.sd)
		modelled(t, res, "Linkship")
		modelled(t, res, "Miniaturization")
	}
	refused(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 destroyer, 1 pds")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}, "only the Ral Nel carry theirs")
}

// The Table's Grace: the Mentak Cruiser II becomes the Corsair, capacity 2:
// 2 of them carry 4 Fighter I, which 2 Cruiser II (capacity 1) cannot (2
// removed when the combat ends). The defender never hits (modifier −9).
func TestTablesGrace(t *testing.T) {
	for _, c := range []struct {
		cards []string
		lost  float64
	}{{[]string{"the-tables-grace"}, 0}, {nil, 2}} {
		a := factionSide(t, "mentak", "2 cruiser II, 4 fighter")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Modifier: -9}}
		res := mustRun(t, sc, 2000, 353)
		near(t, "fighters removed for capacity", res.Attacker.CapacityLost.Value, c.lost, 0)
		if c.cards != nil {
			survivors(t, res.Attacker, "Corsair")
			modelled(t, res, "The Table's Grace")
		}
	}
}

// Harrow's printings: an L1Z1X Super-Dreadnought I (Bombardment 5: 0.6) and
// 1 infantry invade 1 infantry (each 0.3). The bombardment kills it with
// 0.6; otherwise a round is A-only 0.21 (win), both 0.09 (draw), D-only
// 0.21, none 0.49, and Harrow (0.6) follows the rounds the defender
// survives. Current printing, at the end of every round: after D-only it
// can still kill the defender (draw), after none it wins, so per round win
// 0.21 + 0.49·0.6, draw 0.09 + 0.21·0.6, loss 0.21·0.4, repeat 0.49·0.4.
// Original ("after each round"): nothing after the round that ended the
// combat, so draw 0.09 and loss 0.21.
func TestHarrowPrintings(t *testing.T) {
	rep := 1 - 0.49*0.4
	for _, c := range []struct {
		rules      combat.Printings
		draw, loss float64
	}{
		{combat.Printings{}, 0.4 * (0.09 + 0.21*0.6) / rep, 0.4 * 0.21 * 0.4 / rep},
		{combat.Printings{Harrow: combat.TextOriginal}, 0.4 * 0.09 / rep, 0.4 * 0.21 / rep},
	} {
		sc := combat.Scenario{Action: combat.Invasion, Printings: c.rules,
			Attacker: factionSide(t, "l1z1x", "1 dreadnought, 1 infantry"), Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
		res := mustRun(t, sc, factionTrials, 354)
		name := "harrow=" + c.rules.Harrow.String()
		near(t, name+": draw", res.Outcome.Draw.P, c.draw, bernoulliSD(c.draw))
		near(t, name+": defender keeps it", res.Outcome.DefenderWin.P, c.loss, bernoulliSD(c.loss))
	}
}

// The Cavalry (Memoria II printing, "the-cavalry:2"): of a carrier and a
// destroyer (both combat 9, neither sustains), the cheaper destroyer takes
// the Memoria II's numbers: combat 5 (x2) and Anti-Fighter Barrage 5 (x3)
// instead of 9 (x2). Against 3 fighters (a space dock keeps them in the
// system), one round: the barrage kills X ~ Bin(3, 0.6), then the combat
// dice Y ~ Bin(1, 0.2) + Bin(2, 0.6) of what is left.
func TestTheCavalry(t *testing.T) {
	want := 0.0
	for x, px := range binomDist(3, 0.6) {
		for yc, pc := range binomDist(1, 0.2) {
			for yd, pd := range binomDist(2, 0.6) {
				want += px * pc * pd * float64(max(0, 3-x-yc-yd))
			}
		}
	}
	a := factionSide(t, "sardakk", "1 carrier, 1 destroyer")
	a.Faction = nil
	a.Cards = []string{"the-cavalry:2"}
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "3 fighter, 1 space dock")}}
	res := mustRun(t, sc, factionTrials, 355)
	near(t, "fighters left", survivors(t, res.Defender, "Fighter I"), want, 1)
	survivors(t, res.Attacker, "Destroyer I (The Cavalry)")
	modelled(t, res, "The Cavalry")
	runAgreesWithExact(t, sc, 357)
	a.Cards = []string{"the-cavalry:3"}
	sc.Attacker = a
	refused(t, sc, "must be 1..2")
}

// runAgreesWithExact checks that exact mode solves sc fought to the end and that
// Monte Carlo agrees with it within 4 standard errors (the split slot is a
// unit type of its own for both).
func runAgreesWithExact(t *testing.T, sc combat.Scenario, seed uint64) {
	t.Helper()
	sc.MaxRounds = 0
	ex := mustSolve(t, sc)
	mc := mustRun(t, sc, factionTrials, seed)
	for _, o := range []struct {
		name      string
		mc, exact float64
	}{{"attacker wins", mc.Outcome.AttackerWin.P, ex.Outcome.AttackerWin.P}, {"draw", mc.Outcome.Draw.P, ex.Outcome.Draw.P}} {
		near(t, "to the end, against exact: "+o.name, o.mc, o.exact, bernoulliSD(o.exact))
	}
}

// Galvanize: a galvanized Last Bastion cruiser rolls 2 dice at 7: a
// dreadnought falls in one round to 2 hits, 0.16 (never to one cruiser
// die).
func TestGalvanize(t *testing.T) {
	a := factionSide(t, "last-bastion", "1 cruiser")
	a.Galvanized = mustFleet(t, "1 cruiser")
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
	res := mustRun(t, sc, factionTrials, 356)
	near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), 0.84, bernoulliSD(0.84))
	survivors(t, res.Attacker, "Cruiser I (galvanized)")
	runAgreesWithExact(t, sc, 358)
	a.Faction = nil
	sc.Attacker = a
	refused(t, sc, "only the Last Bastion galvanize")
}

// Last Dispatch: the Ral Nel flagship retreats at the end of round 1
// (nobody can hit: modifier −9 on both sides) and destroys the opponent's
// most valuable ship without Sustain Damage, the carrier; the destroyer
// stays. A retreat without the flagship destroys nothing.
func TestLastDispatch(t *testing.T) {
	for _, c := range []struct {
		fleet   string
		carrier float64
	}{{"1 flagship", 0}, {"1 cruiser", 1}} {
		a := factionSide(t, "ral-nel", c.fleet)
		a.Modifier = -9
		a.Retreat = combat.Retreat{AfterRound: 1}
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 1 destroyer"), Modifier: -9}}
		res := mustRun(t, sc, 1000, 359)
		near(t, c.fleet+": carrier left", survivors(t, res.Defender, "Carrier I"), c.carrier, 0)
		near(t, c.fleet+": destroyer left", survivors(t, res.Defender, "Destroyer I"), 1, 0)
		near(t, c.fleet+": the Ral Nel retreat", res.Outcome.AttackerRetreats.P, 1, 0)
		modelled(t, res, "Last Dispatch")
	}
}

// The trials of the texts of twins.go, variants.go, kenara.go,
// gravleash.go and factions_h.go allocate nothing.
func TestFactionsHDoNotAllocate(t *testing.T) {
	side := func(faction, fleet string, cards ...string) combat.Side {
		s := factionSide(t, faction, fleet)
		s.Cards = cards
		return s
	}
	hacan := side("hacan", "1 flagship, 2 cruiser")
	hacan.TradeGoods = 5
	letnev := side("letnev", "1 flagship, 2 cruiser, 2 destroyer", "gravleash-maneuvers")
	letnev.TradeGoods = 4
	lb := side("last-bastion", "2 cruiser, 1 dreadnought")
	lb.Galvanized = mustFleet(t, "1 cruiser")
	enemy := combat.Side{Fleet: mustFleet(t, "2 cruiser, 2 destroyer, 2 infantry")}
	ships := combat.Side{Fleet: mustFleet(t, "2 cruiser, 2 destroyer, 2 fighter")}
	for _, c := range []struct {
		name string
		sc   combat.Scenario
	}{
		{"alastor", combat.Scenario{Action: combat.Invasion, Attacker: side("nekro", "1 flagship, 1 carrier, 3 infantry"), Defender: enemy}},
		{"z-grav", combat.Scenario{Action: combat.Invasion, Attacker: side("naaz-rokha", "2 carrier, 2 mech, 2 infantry"), Defender: enemy}},
		{"eidolon maximum", combat.Scenario{Action: combat.Invasion, Attacker: side("naaz-rokha", "1 carrier, 1 mech, 2 infantry", "eidolon-maximum"), Defender: enemy}},
		{"matriarch", combat.Scenario{Action: combat.Invasion, Attacker: side("naalu", "1 flagship, 4 fighter, 1 infantry"), Defender: enemy}},
		{"kenara", combat.Scenario{Action: combat.SpaceCombat, Attacker: hacan, Defender: ships}},
		{"gravleash and munitions", combat.Scenario{Action: combat.SpaceCombat, Attacker: letnev, Defender: ships}},
		{"galvanize and cavalry", combat.Scenario{Action: combat.SpaceCombat, Attacker: lb, Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 2 destroyer"), Cards: []string{"the-cavalry:2"}}}},
		{"annihilator", combat.Scenario{Action: combat.Invasion, Attacker: side("l1z1x", "1 dreadnought, 2 mech, 1 infantry"), Defender: enemy}},
		{"linkship", combat.Scenario{Action: combat.Invasion, Attacker: side("ral-nel", "2 destroyer, 1 pds, 1 carrier, 2 infantry"), Defender: enemy}},
	} {
		noTrialAllocs(t, c.name, c.sc)
	}
}

// atLeast2 is P(at least 2 hits) from a dice at pa and b dice at pb.
func atLeast2(a int, pa float64, b int, pb float64) float64 {
	p := 0.0
	for i, qa := range binomDist(a, pa) {
		for j, qb := range binomDist(b, pb) {
			if i+j >= 2 {
				p += qa * qb
			}
		}
	}
	return p
}

// Quietus with an active breach (the Crimson list "quietus"): the
// opponent's dreadnought loses Sustain Damage, so the Crimson flagship (2
// dice at 5) and 2 cruisers (7) kill it with any hit in round 1: left
// 0.4²·0.6²; without the breach it needs 2 hits. Static: exact mode agrees.
func TestQuietus(t *testing.T) {
	for _, c := range []struct {
		cards []string
		left  float64
	}{{[]string{"quietus"}, 0.16 * 0.36}, {nil, 1 - atLeast2(2, 0.6, 2, 0.4)}} {
		a := factionSide(t, "crimson", "1 flagship, 2 cruiser")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 pds")}}
		res := mustRun(t, sc, factionTrials, 360)
		near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), c.left, bernoulliSD(c.left))
		modelled(t, res, "Quietus")
	}
}

// Heaven's Eye against a puppeted player ("heavens-eye" listed): the
// Firmament flagship is repaired at the end of every round, so one cruiser
// (0.4) can never kill it; without it, 2 rounds kill it with 0.4².
func TestHeavensEye(t *testing.T) {
	for _, c := range []struct {
		cards []string
		left  float64
	}{{[]string{"heavens-eye"}, 1}, {nil, 0.84}} {
		a := factionSide(t, "firmament", "1 flagship")
		a.Cards, a.Modifier = c.cards, -9
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 2, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
		res := mustRun(t, sc, factionTrials, 361)
		near(t, "flagship left", survivors(t, res.Attacker, "Heaven's Eye"), c.left, bernoulliSD(c.left))
		modelled(t, res, "Heaven's Eye")
	}
}

// Valefar Assimilator Z: the Nekro flagship with the C'morran N'orr's text
// (listed among the cards) gives +1 to the Nekro cruiser (6: 0.5): with
// the flagship's 2 dice at 9, a dreadnought falls in one round to 2 hits.
// Without the breakthrough another faction's flagship text listed by the
// Nekro could change nothing: it is refused rather than ignored.
func TestValefarAssimilatorZ(t *testing.T) {
	lone := factionSide(t, "nekro", "1 flagship, 1 cruiser")
	lone.Cards = []string{"cmorran-norr"}
	if err := (&combat.Scenario{Action: combat.SpaceCombat, Attacker: lone, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}).Validate(); err == nil || !strings.Contains(err.Error(), "valefar-assimilator-z") {
		t.Errorf("cmorran-norr without valefar-assimilator-z: %v, want a refusal naming valefar-assimilator-z", err)
	}
	for _, c := range []struct {
		cards []string
		pc    float64
	}{{[]string{"valefar-assimilator-z", "cmorran-norr"}, 0.5}} {
		a := factionSide(t, "nekro", "1 flagship, 1 cruiser")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
		res := mustRun(t, sc, factionTrials, 362)
		kill := atLeast2(2, 0.2, 1, c.pc)
		near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), 1-kill, bernoulliSD(kill))
	}
}
