package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the L1Z1X Mindnet's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Harrow. The L1Z1X invade with a Super-Dreadnought I (Bombardment 5: 0.6)
// and 1 infantry against 2 infantry (all infantry hit on 8: 0.3). The
// bombardment leaves 1 defender w.p. 0.6 and 2 w.p. 0.4; then at the end of
// each ground round the dreadnought bombards again (0.6) if a defender is
// left — also in the round the attacker's infantry died, which makes draws.
// reference.HarrowDuel solves that chain. With a PDS on the planet (Planetary Shield),
// neither the bombardment nor Harrow happens; the PDS's space cannon
// offense only damages the dreadnought (1 die), and its space cannon
// defense (6: 0.5) kills the lone infantry, so the attacker wins
// 0.5 · win(1 vs 2, no Harrow).
func TestHarrow(t *testing.T) {
	w1, d1 := reference.HarrowDuel(1, 1, 0.3, 0.3, 0.6)
	w2, d2 := reference.HarrowDuel(1, 2, 0.3, 0.3, 0.6)
	win, draw := 0.6*w1+0.4*w2, 0.6*d1+0.4*d2
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSideCards(t, "l1z1x", "1 dreadnought, 1 infantry", nil, nil),
		Defender: factionSideCards(t, "", "2 infantry", nil, nil)}
	res := mustRun(t, sc, factionTrials, 301)
	near(t, "Harrow: attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "Harrow: draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	modelled(t, res, "Harrow")
	refused(t, sc, "Harrow")
	// Without Harrow the attacker would win much less often.
	w1n, _ := reference.HarrowDuel(1, 1, 0.3, 0.3, 0)
	w2n, _ := reference.HarrowDuel(1, 2, 0.3, 0.3, 0)
	if plain := 0.6*w1n + 0.4*w2n; win-plain < 0.1 {
		t.Fatalf("hand values: with Harrow %.4f, without %.4f; the test does not tell them apart", win, plain)
	}

	sc.Defender = factionSideCards(t, "", "1 pds, 2 infantry", nil, nil)
	wn, dn := reference.HarrowDuel(1, 2, 0.3, 0.3, 0)
	res = mustRun(t, sc, factionTrials, 302)
	near(t, "Harrow under a shield: attacker wins", res.Outcome.AttackerWin.P, 0.5*wn, bernoulliSD(0.5*wn))
	near(t, "Harrow under a shield: draw", res.Outcome.Draw.P, 0.5*dn, bernoulliSD(0.5*dn))
}

// L1Z1X flagship ([0.0.1], 5 (x2): 0.6 a die), with dreadnought ones
// (Super-Dreadnought I, 5: 0.6) and a cruiser (7: 0.4), one round against
// a carrier and 3 fighters that never hit (modifier −9), whose hit order
// takes fighters first. The flagship's and dreadnoughts' hits F ~
// Binomial(2+d, 0.6) go to the carrier first, the surplus to fighters;
// the cruiser's hit C ~ Bernoulli(0.4) goes to a fighter. So the carrier
// is left when F = 0 and the fighters left are 3 − C − max(F−1, 0)
// (the mean and standard deviations from the cases). Without the text
// every hit would go to the fighters first.
func TestL1Z1XFlagship(t *testing.T) {
	for d := range 2 {
		fleet := "1 flagship, 1 cruiser"
		if d == 1 {
			fleet = "1 flagship, 1 dreadnought, 1 cruiser"
		}
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
			Attacker: factionSide(t, "l1z1x", fleet),
			Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 3 fighter"), Modifier: -9}}
		nf := 2 + d
		carrier, fm, fsq := 0.0, 0.0, 0.0
		for f := 0; f <= nf; f++ {
			pf := reference.BinomP(nf, f, 0.6)
			for c, pc := range [2]float64{0.6, 0.4} {
				left := float64(3 - c - max(f-1, 0))
				if f == 0 {
					carrier += pf * pc
				}
				fm += pf * pc * left
				fsq += pf * pc * left * left
			}
		}
		res := mustRun(t, sc, factionTrials, 300+uint64(d))
		near(t, "carriers left", survivors(t, res.Defender, "Carrier I"), carrier, bernoulliSD(carrier))
		near(t, "fighters left", survivors(t, res.Defender, "Fighter I"), fm, math.Sqrt(fsq-fm*fm))
		modelled(t, res, "[0.0.1]")
		// Exact mode plays the pool itself: the same values to 1e-9.
		ex := mustSolve(t, sc)
		exactNear(t, "carriers left", survivors(t, ex.Defender, "Carrier I"), carrier)
		exactNear(t, "fighters left", survivors(t, ex.Defender, "Fighter I"), fm)
	}
}

// 2RAM: the L1Z1X invade with a Super-Dreadnought I (Bombardment 5: 0.6),
// 1 infantry and Harrow against 2 infantry and a PDS (Planetary Shield).
// With 2RAM the shield stops neither the bombardment nor Harrow. The PDS's
// space cannon offense (1 die) only damages the dreadnought; the
// bombardment leaves 1 infantry w.p. 0.6, 2 w.p. 0.4; the PDS's space
// cannon defense (6: 0.5) kills the lone attacking infantry (no ground
// combat: the defender keeps the planet); else the ground combat with
// Harrow after every round is reference.HarrowDuel's chain. Without 2RAM it would be
// 0.5 · win(1 vs 2, no Harrow), as in TestHarrow.
func TestTwoRAM(t *testing.T) {
	a := factionSide(t, "l1z1x", "1 dreadnought, 1 infantry")
	a.Cards = []string{"2ram"}
	sc := combat.Scenario{Action: combat.Invasion, Attacker: a,
		Defender: combat.Side{Fleet: mustFleet(t, "2 infantry, 1 pds")}}
	w1, d1 := reference.HarrowDuel(1, 1, 0.3, 0.3, 0.6)
	w2, d2 := reference.HarrowDuel(1, 2, 0.3, 0.3, 0.6)
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

// Annihilator: the L1Z1X mech in the space area bombards (8: 0.3) before
// it lands. Against 2 infantry, the mech (6: 0.5, Sustain Damage: 2 hit
// points, 1 die) then fights 1 infantry with 0.3 and 2 with 0.7 (reference.PointDuel:
// one point per infantry, one die each);
// without the text (Articles of War) always 2.
func TestAnnihilator(t *testing.T) {
	one, each := func(int) int { return 1 }, func(k int) int { return k }
	w2, _ := reference.PointDuel(2, 2, one, each, 0.5, 0.3)
	w1, _ := reference.PointDuel(2, 1, one, each, 0.5, 0.3)
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

// 2RAM with Harrow's printings: TestHarrowPrintings' invasion (a
// Super-Dreadnought I and 1 infantry against 1 infantry) on a planet with
// a PDS. 2RAM's bombardment at the start of the invasion kills the
// infantry with 0.6 (the shield stops nothing); the PDS's space cannon
// defense (6: 0.5) kills the lone attacking infantry, and the defender
// keeps the planet; otherwise the ground combat and Harrow through the
// shield go as in TestHarrowPrintings, in the printing chosen: the
// original has no bombardment after the round that ended the combat.
func TestTwoRAMHarrowPrintings(t *testing.T) {
	rep := 1 - 0.49*0.4
	for _, c := range []struct {
		rules      combat.Printings
		draw, loss float64
	}{
		{combat.Printings{}, 0.5 * 0.4 * (0.09 + 0.21*0.6) / rep, 0.5 + 0.5*0.4*0.21*0.4/rep},
		{combat.Printings{Harrow: combat.TextOriginal}, 0.5 * 0.4 * 0.09 / rep, 0.5 + 0.5*0.4*0.21/rep},
	} {
		a := factionSide(t, "l1z1x", "1 dreadnought, 1 infantry")
		a.Cards = []string{"2ram"}
		sc := combat.Scenario{Action: combat.Invasion, Printings: c.rules,
			Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 infantry, 1 pds")}}
		res := mustRun(t, sc, factionTrials, 355)
		name := "2ram, harrow=" + c.rules.Harrow.String()
		near(t, name+": draw", res.Outcome.Draw.P, c.draw, bernoulliSD(c.draw))
		near(t, name+": defender keeps it", res.Outcome.DefenderWin.P, c.loss, bernoulliSD(c.loss))
	}
}
