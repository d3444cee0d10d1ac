package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Arborec's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Letani Behemoth: a dreadnought (Bombardment 5: 0.6) and 1 infantry
// (0.3) invade an Arborec mech (6: 0.5, Sustain Damage: 2 points). Its
// Planetary Shield stops the bombardment, so the ground combat starts at
// 1 point against 2: reference.PointDuel(1, 2). With Articles of War the mech loses the
// shield: the bombardment damages it w.p. 0.6, so
// 0.6 · reference.PointDuel(1, 1) + 0.4 · reference.PointDuel(1, 2). Both are exact-solvable.
func TestLetaniBehemoth(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry")},
		Defender: factionSide(t, "arborec", "1 mech")}
	win, draw := reference.PointDuel(1, 2, reference.DiePerPoint, reference.FixedDice(1), 0.3, 0.5)
	ex := mustSolve(t, sc)
	exactNear(t, "attacker win", ex.Outcome.AttackerWin.P, win)
	exactNear(t, "draw", ex.Outcome.Draw.P, draw)
	res := mustRun(t, sc, factionTrials, 403)
	near(t, "attacker takes the planet", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	modelled(t, res, "Letani Behemoth")

	sc.Attacker.Cards = []string{"articles-of-war"}
	w1, d1 := reference.PointDuel(1, 1, reference.DiePerPoint, reference.FixedDice(1), 0.3, 0.5)
	win2, draw2 := 0.6*w1+0.4*win, 0.6*d1+0.4*draw
	ex = mustSolve(t, sc)
	exactNear(t, "attacker win (Articles of War)", ex.Outcome.AttackerWin.P, win2)
	exactNear(t, "draw (Articles of War)", ex.Outcome.Draw.P, draw2)
}
