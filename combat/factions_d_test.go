package combat_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// Tests of the faction texts of factions_d.go. Expected values come from
// hand calculations or the small Markov chain pointDuel, independent of the
// engine; Monte Carlo answers must fall within 4 standard errors.

// pointDuel solves a combat between two sides described by hit points: the
// attacker has a points and rolls attackerDice(a) dice hitting with pa, the
// defender d points and defenderDice(d) dice hitting with pd; each hit takes one
// point (a unit with Sustain Damage has 2). Both roll at once; the combat
// ends when a side has no points. It returns the attacker's chances to
// win (points left, the defender none) and to draw (neither has any): the
// chain pointDuelEnds, summed.
func pointDuel(a, d int, attackerDice, defenderDice func(int) int, pa, pd float64) (win, draw float64) {
	return endsWinDraw(pointDuelEnds(a, d, attackerDice, defenderDice, pa, pd))
}

// fixedDice returns a dice function that always rolls n dice.
func fixedDice(n int) func(int) int { return func(int) int { return n } }

// diePerPoint returns a dice function for units of 1 point that roll 1 die
// each.
func diePerPoint(p int) int { return p }

// exactNear checks an exact answer against the hand value within 1e-9.
func exactNear(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("exact %s = %.12f, hand %.12f", what, got, want)
	}
}

// Visz el Vir: the Naaz-Rokha invade with the flagship and 1 Eidolon
// (combat 6 x2, Sustain Damage: 2 points) against 3 infantry (8: 0.3).
// The defender has no ship and no space cannon, so the flagship is in the
// system throughout and the mech rolls 3 dice at 0.5 in every round:
// pointDuel(2, 3) with 3 attacker dice. Without the text it would roll 2.
func TestViszElVir(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSide(t, "naaz-rokha", "1 flagship, 1 mech"),
		Defender: combat.Side{Fleet: mustFleet(t, "3 infantry")}}
	win, draw := pointDuel(2, 3, fixedDice(3), diePerPoint, 0.5, 0.3)
	res := mustRun(t, sc, factionTrials, 401)
	near(t, "attacker takes the planet", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	modelled(t, res, "Visz el Vir")
	notExact(t, sc)

	// The flagship destroyed before the ground combat takes the die away.
	// The attacker's flagship starts damaged and is first in its hit order
	// (then a carrier, which carries the mech); the defender's PDS I (6:
	// 0.5) destroys it in space cannon offense w.p. 0.5, and its space
	// cannon defense damages the mech w.p. 0.5 (1 point left). The mech
	// rolls 3 dice with the flagship alive, 2 without.
	fl, err := units.NewFleet(units.Group{Kind: units.Flagship, Count: 1, Damaged: 1},
		units.Group{Kind: units.Carrier, Count: 1}, units.Group{Kind: units.Mech, Count: 1})
	if err != nil {
		t.Fatal(err)
	}
	a := factionSide(t, "naaz-rokha", "1 mech")
	a.Fleet, a.Order = fl, combat.Order{Kinds: []units.Kind{units.Flagship}}
	sc = combat.Scenario{Action: combat.Invasion, Attacker: a,
		Defender: combat.Side{Fleet: mustFleet(t, "1 pds, 3 infantry")}}
	win = 0
	for _, dice := range []int{3, 2} {
		for _, pts := range []int{2, 1} {
			w, _ := pointDuel(pts, 3, fixedDice(dice), diePerPoint, 0.5, 0.3)
			win += 0.25 * w
		}
	}
	res = mustRun(t, sc, factionTrials, 411)
	near(t, "attacker takes the planet (flagship may die)", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
}

// 2RAM: the L1Z1X invade with a Super-Dreadnought I (Bombardment 5: 0.6),
// 1 infantry and Harrow against 2 infantry and a PDS (Planetary Shield).
// With 2RAM the shield stops neither the bombardment nor Harrow. The PDS's
// space cannon offense (1 die) only damages the dreadnought; the
// bombardment leaves 1 infantry w.p. 0.6, 2 w.p. 0.4; the PDS's space
// cannon defense (6: 0.5) kills the lone attacking infantry (no ground
// combat: the defender keeps the planet); else the ground combat with
// Harrow after every round is harrowDuel's chain. Without 2RAM it would be
// 0.5 · win(1 vs 2, no Harrow), as in TestHarrow.
func TestTwoRAM(t *testing.T) {
	a := factionSide(t, "l1z1x", "1 dreadnought, 1 infantry")
	a.Cards = []string{"2ram"}
	sc := combat.Scenario{Action: combat.Invasion, Attacker: a,
		Defender: combat.Side{Fleet: mustFleet(t, "2 infantry, 1 pds")}}
	w1, d1 := harrowDuel(1, 1, 0.3, 0.3, 0.6)
	w2, d2 := harrowDuel(1, 2, 0.3, 0.3, 0.6)
	win := 0.5 * (0.6*w1 + 0.4*w2)
	draw := 0.5 * (0.6*d1 + 0.4*d2)
	res := mustRun(t, sc, factionTrials, 402)
	near(t, "attacker takes the planet", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	modelled(t, res, "2RAM")
	notExact(t, sc)

	// Held by the defender it does nothing.
	d := combat.Side{Fleet: mustFleet(t, "1 infantry"), Cards: []string{"2ram"}}
	res = mustRun(t, combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry")}, Defender: d}, 1000, 1)
	warned(t, res, "2RAM", "does nothing")
}

// Letani Behemoth: a dreadnought (Bombardment 5: 0.6) and 1 infantry
// (0.3) invade an Arborec mech (6: 0.5, Sustain Damage: 2 points). Its
// Planetary Shield stops the bombardment, so the ground combat starts at
// 1 point against 2: pointDuel(1, 2). With Articles of War the mech loses the
// shield: the bombardment damages it w.p. 0.6, so
// 0.6 · pointDuel(1, 1) + 0.4 · pointDuel(1, 2). Both are exact-solvable.
func TestLetaniBehemoth(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry")},
		Defender: factionSide(t, "arborec", "1 mech")}
	win, draw := pointDuel(1, 2, diePerPoint, fixedDice(1), 0.3, 0.5)
	ex := mustSolve(t, sc)
	exactNear(t, "attacker win", ex.Outcome.AttackerWin.P, win)
	exactNear(t, "draw", ex.Outcome.Draw.P, draw)
	res := mustRun(t, sc, factionTrials, 403)
	near(t, "attacker takes the planet", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	modelled(t, res, "Letani Behemoth")

	sc.Attacker.Cards = []string{"articles-of-war"}
	w1, d1 := pointDuel(1, 1, diePerPoint, fixedDice(1), 0.3, 0.5)
	win2, draw2 := 0.6*w1+0.4*win, 0.6*d1+0.4*draw
	ex = mustSolve(t, sc)
	exactNear(t, "attacker win (Articles of War)", ex.Outcome.AttackerWin.P, win2)
	exactNear(t, "draw (Articles of War)", ex.Outcome.Draw.P, draw2)
}

// Mordred: a Nekro mech (6: 0.5, Sustain Damage: 2 points) against 1
// infantry (0.3). No assimilator token is given, so no +2: pointDuel(2, 1)
// at 0.5 (with the +2 it would be 0.7: boardstate_test.go), exact-solvable,
// with a warning saying how to give the token.
func TestMordred(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "nekro", "1 mech"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	win, draw := pointDuel(2, 1, fixedDice(1), diePerPoint, 0.5, 0.3)
	ex := mustSolve(t, sc)
	exactNear(t, "attacker win", ex.Outcome.AttackerWin.P, win)
	exactNear(t, "draw", ex.Outcome.Draw.P, draw)
	res := mustRun(t, sc, factionTrials, 404)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	modelled(t, res, "Mordred")
	warned(t, res, "Mordred", "assimilator-token", "not applied")
}

// Evelyn Delouis: 1 infantry against 1 infantry (0.3 each); the holder's
// infantry rolls 2 dice in round 1 (at least one hit: 1 − 0.7² = 0.51).
// Round 1: holder only 0.51·0.7 = 0.357 (win), both 0.51·0.3 = 0.153
// (draw), neither 0.49·0.7 = 0.343, then a plain duel: per round each
// side alone 0.21, both 0.09, so win 0.21/0.51 and draw 0.09/0.51.
func TestEvelynDelouis(t *testing.T) {
	a := combat.Side{Fleet: mustFleet(t, "1 infantry"), Cards: []string{"evelyn-delouis"}}
	sc := combat.Scenario{Action: combat.GroundCombat, Attacker: a,
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	win := 0.357 + 0.343*0.21/0.51
	draw := 0.153 + 0.343*0.09/0.51
	res := mustRun(t, sc, factionTrials, 405)
	near(t, "holder wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	modelled(t, res, "Evelyn Delouis")
	notExact(t, sc)

	// The best ground force: the die goes to the mech (6: 0.5), not the
	// infantry (0.3). 1 infantry and 1 mech (Sustain Damage first, then
	// the infantry) against 1 infantry (0.3). Round 1: the defender lives
	// only if the holder's 3 dice all miss, 0.5·0.5·0.7 = 0.175 (0.245 if
	// the die went to the infantry); the holder cannot lose in round 1
	// (its mech sustains the one hit). Then plain rounds from 3 points
	// (w.p. 0.175·0.7) or 2 (the mech damaged, 0.175·0.3): with both units
	// the holder hits w.p. 1 − 0.5·0.7 = 0.65, with the mech alone 0.5.
	// W1 = 0.35/0.65 (a hit from both ends in a draw), W2 = (0.65 +
	// 0.35·0.3·W1)/(1 − 0.245), W3 = (0.65 + 0.35·0.3·W2)/(1 − 0.245).
	w1 := 0.35 / 0.65
	w2 := (0.65 + 0.35*0.3*w1) / (1 - 0.245)
	w3 := (0.65 + 0.35*0.3*w2) / (1 - 0.245)
	win = 0.825 + 0.175*0.7*w3 + 0.175*0.3*w2
	d := combat.Side{Fleet: mustFleet(t, "1 infantry, 1 mech"), Cards: []string{"evelyn-delouis"}}
	res = mustRun(t, combat.Scenario{Action: combat.GroundCombat, Attacker: d,
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}, factionTrials, 406)
	near(t, "holder wins (die on the mech)", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
}

// Dunlain Reaper: the Letnev ground forces, 1 infantry and 1 mech (6: 0.5,
// Sustain Damage), against 1 infantry (0.3). At the start of round 1 the
// infantry becomes a mech: 2 mechs, 4 points, rolling 2 dice while both
// live (points 4 to 2, Sustain Damage first) and 1 die at 1 point:
// pointDuel(4, 1).
func TestDunlainReaper(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "letnev", "1 infantry, 1 mech"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	dice := func(p int) int {
		if p >= 2 {
			return 2
		}
		return 1
	}
	win, draw := pointDuel(4, 1, dice, diePerPoint, 0.5, 0.3)
	res := mustRun(t, sc, factionTrials, 407)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "draw", res.Outcome.Draw.P, draw, math.Max(bernoulliSD(draw), 1e-3))
	if inf := survivors(t, res.Attacker, "Infantry I"); inf != 0 {
		t.Errorf("the infantry should have been replaced: %v left", inf)
	}
	modelled(t, res, "Dunlain Reaper")
	warned(t, res, "Dunlain Reaper", "resources are assumed")
	notExact(t, sc)
}

// The texts of factions_d.go allocate nothing per trial.
func TestFactionsDDoNotAllocate(t *testing.T) {
	twoRAM := factionSide(t, "l1z1x", "1 dreadnought, 2 infantry")
	twoRAM.Cards = []string{"2ram"}
	evelyn := combat.Side{Fleet: mustFleet(t, "2 infantry, 1 mech"), Cards: []string{"evelyn-delouis"}}
	cases := []struct {
		name string
		sc   combat.Scenario
	}{
		{"visz el vir", combat.Scenario{Action: combat.Invasion,
			Attacker: factionSide(t, "naaz-rokha", "1 flagship, 1 cruiser, 2 mech, 2 infantry"),
			Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer, 4 infantry, 1 pds")}}},
		{"2ram", combat.Scenario{Action: combat.Invasion, Attacker: twoRAM,
			Defender: factionSide(t, "arborec", "2 infantry, 1 mech")}},
		{"evelyn", combat.Scenario{Action: combat.Invasion,
			Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 3 infantry")}, Defender: evelyn}},
		{"dunlain", combat.Scenario{Action: combat.GroundCombat,
			Attacker: factionSide(t, "letnev", "3 infantry, 1 mech"),
			Defender: factionSide(t, "nekro", "3 infantry, 1 mech")}},
	}
	for _, c := range cases {
		noTrialAllocs(t, c.name, c.sc)
	}
}

// Hel-Titan: a Titans PDS (combat 7, p = 0.4, Sustain Damage) defends its
// planet alone against 1 infantry (p = 0.3). Per round: only the infantry
// hits 0.18, only the PDS 0.28, both 0.12, neither 0.42. Undamaged, the PDS
// is damaged with 0.18/0.58 before the infantry dies; damaged, the
// attacker wins with 0.18/0.58 and draws with 0.12/0.58. So the attacker
// wins (0.18/0.58)², draws (0.18/0.58)(0.12/0.58), and the PDS is left
// whenever the defender wins.
func TestHelTitan(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 infantry")},
		Defender: factionSide(t, "titans", "1 pds")}
	r := 0.18 / 0.58
	win, draw := r*r, r*0.12/0.58
	ex := mustSolve(t, sc)
	exactNear(t, "Hel-Titan: attacker wins", ex.Outcome.AttackerWin.P, win)
	exactNear(t, "Hel-Titan: draw", ex.Outcome.Draw.P, draw)
	exactNear(t, "Hel-Titan left", survivors(t, ex.Defender, "Hel-Titan I"), 1-win-draw)
	res := mustRun(t, sc, factionTrials, 41)
	modelled(t, res, "Hel-Titan")
	near(t, "Hel-Titan: attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "Hel-Titan left", survivors(t, res.Defender, "Hel-Titan I"), 1-win-draw, bernoulliSD(1-win-draw))

	// Another faction's PDS is no ground force: the ground combat is refused.
	sc.Defender = combat.Side{Fleet: mustFleet(t, "1 pds")}
	if _, err := combat.Run(context.Background(), sc, combat.Options{Trials: 10}); err == nil || !strings.Contains(err.Error(), "no ground forces") {
		t.Errorf("a ground combat against a plain PDS: error %v, want one saying the defender has no ground forces", err)
	}
}
