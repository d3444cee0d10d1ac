package combat_test

import (
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Naalu Collective's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Iconoclast, by printing.
//
// PoK: +2 to the mech's combat rolls. A Naalu mech (6 − 2 = 4: 0.7; 2
// points, 1 die) against 2 infantry (0.3): reference.PointDuelEnds; Thunder's Edge and Ω do
// nothing on the ground (0.5), nor does PoK under Articles of War.
//
// Ω: no anti-fighter barrage against the Naalu. The space combat of an
// invasion: 2 Naalu fighters (8: 0.3 each; the mech beside them in the
// space area) against a destroyer (barrage 9 (x2), combat 9: 0.2; one
// point). From f fighters: W(1) = 0.24/0.44 and D(1) = 0.06/0.44 (only
// the fighter hits 0.24, both 0.06, only the destroyer 0.14, neither
// 0.56); from 2, the fighters hit with 0.51: neither 0.392, the fighters
// hit and win (one is left at worst) 0.51, only the destroyer 0.098 → 1:
// W(2) = (0.51 + 0.098·W(1))/0.608, D(2) = 0.098·D(1)/0.608. Under Ω
// there is no barrage: the Naalu hold the space area with W(2). Under the
// Thunder's Edge text the barrage first destroys X ~ Bin(2, 0.2)
// fighters: 0.64·W(2) + 0.32·W(1) (with none left the destroyer holds
// it). The same with the Naalu defending (2 fighters in space, the mech
// on the planet) against a destroyer and an infantry.
func TestIconoclast(t *testing.T) {
	for i, c := range []struct {
		rules string
		cards []string
		p     float64
	}{{"iconoclast=original", nil, 0.7}, {"", nil, 0.5}, {"iconoclast=omega", nil, 0.5},
		{"iconoclast=original", []string{"articles-of-war"}, 0.5}} {
		rules, err := combat.ParseRules(strings.Split(c.rules, ","))
		if err != nil {
			t.Fatal(err)
		}
		sc := combat.Scenario{Action: combat.GroundCombat, Printings: rules,
			Attacker: factionSide(t, "naalu", "1 mech"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 infantry"), Cards: c.cards}}
		win, draw := reference.EndsWinDraw(reference.PointDuelEnds(2, 2, reference.OneDie, reference.DiePerPoint, c.p, 0.3))
		res := checkWinDraw(t, sc, 660+uint64(i), win, draw, true)
		modelled(t, res, "Iconoclast")
		for _, w := range res.Warnings {
			if c.cards == nil && strings.Contains(w, "Iconoclast") {
				t.Errorf("warning about Iconoclast (%q): %q", c.rules, w)
			}
		}
	}

	w1, d1 := 0.24/0.44, 0.06/0.44
	w2, d2 := (0.51+0.098*w1)/0.608, 0.098*d1/0.608
	te, omega := combat.Printings{}, combat.Printings{Iconoclast: combat.IconoclastOmega}
	for i, c := range []struct {
		rules     combat.Printings
		win, draw float64
		naalu     int
	}{
		{omega, w2, d2, 0}, {te, 0.64*w2 + 0.32*w1, 0.64*d2 + 0.32*d1, 0},
		{omega, w2, d2, 1}, {te, 0.64*w2 + 0.32*w1, 0.64*d2 + 0.32*d1, 1},
	} {
		sc := combat.Scenario{Action: combat.Invasion, Printings: c.rules}
		if c.naalu == 0 {
			sc.Attacker = factionSide(t, "naalu", "2 fighter, 1 mech")
			sc.Defender = combat.Side{Fleet: mustFleet(t, "1 destroyer")}
		} else {
			sc.Attacker = combat.Side{Fleet: mustFleet(t, "1 destroyer, 1 infantry")}
			sc.Defender = factionSide(t, "naalu", "2 fighter, 1 mech")
		}
		res := mustRun(t, sc, factionTrials, 670+uint64(i))
		naaluWin := []combat.Probability{res.Space.Outcome.AttackerWin, res.Space.Outcome.DefenderWin}[c.naalu]
		near(t, "the Naalu hold the space area", naaluWin.P, c.win, bernoulliSD(c.win))
		near(t, "space draw", res.Space.Outcome.Draw.P, c.draw, bernoulliSD(c.draw))
		modelled(t, res, "Iconoclast")
		if c.rules == omega {
			refused(t, sc, "Iconoclast Ω")
			continue
		}
		ex := mustSolve(t, sc)
		exactNear(t, "the Naalu hold the space area", []combat.Probability{ex.Space.Outcome.AttackerWin, ex.Space.Outcome.DefenderWin}[c.naalu].P, c.win)
		exactNear(t, "space draw", ex.Space.Outcome.Draw.P, c.draw)
	}
}

// Matriarch: the Naalu flagship and 2 Hybrid Crystal Fighter I (8: 0.3)
// invade a planet with 1 infantry (8: 0.3) and no ground forces of their
// own: the fighters fight on the planet (reference.PointDuel: a point and a die per
// fighter, against the infantry's one). Current printing:
// they return to space before control, so killing the infantry is a draw;
// original printing: they are still there, and take the planet.
func TestMatriarch(t *testing.T) {
	win, both := reference.PointDuel(2, 1, func(f int) int { return f }, func(int) int { return 1 }, 0.3, 0.3)
	lose := 1 - win - both
	for _, c := range []struct {
		rules            combat.Printings
		aWin, draw, dWin float64
	}{
		{combat.Printings{}, 0, win + both, lose},
		{combat.Printings{Matriarch: combat.TextOriginal}, win, both, lose},
	} {
		sc := combat.Scenario{Action: combat.Invasion, Printings: c.rules,
			Attacker: factionSide(t, "naalu", "1 flagship, 2 fighter"), Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
		res := mustRun(t, sc, factionTrials, 304)
		name := "matriarch=" + c.rules.Matriarch.String()
		near(t, name+": attacker takes the planet", res.Outcome.AttackerWin.P, c.aWin, bernoulliSD(c.aWin))
		near(t, name+": draw", res.Outcome.Draw.P, c.draw, bernoulliSD(c.draw))
		near(t, name+": defender keeps it", res.Outcome.DefenderWin.P, c.dWin, bernoulliSD(c.dWin))
		modelled(t, res, "Matriarch")
		notExact(t, sc)
	}
	// Without the flagship the fighters stay in space: no ground combat.
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSide(t, "naalu", "1 carrier, 2 fighter, 1 infantry"), Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	res := mustRun(t, sc, factionTrials, 305)
	// 1 infantry against 1 infantry, both 0.3: the attacker wins
	// 0.21/0.51, a draw 0.09/0.51.
	near(t, "no flagship: attacker wins", res.Outcome.AttackerWin.P, 0.21/0.51, bernoulliSD(0.21/0.51))
}
