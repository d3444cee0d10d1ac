package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// Tests of the Naaz-Rokha Alliance's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Supercharge: a Naaz-Rokha cruiser (6 with it: 0.5; 7 without: 0.4)
// against a cruiser (0.4). After round 1 the defender's cruiser is left
// with 0.5. It is used once: after 2 rounds, 0.5·(0.4 + 0.6·0.6) = 0.38
// (the attacker's cruiser dies in round 1 with 0.4, ending the combat), not
// 0.5·(0.4 + 0.6·0.5) = 0.35.
func TestSupercharge(t *testing.T) {
	for _, c := range []struct {
		rounds int
		left   float64
	}{{1, 0.5}, {2, 0.38}} {
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: c.rounds,
			Attacker: factionSide(t, "naaz-rokha", "1 cruiser", "supercharge"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
		res := mustRun(t, sc, factionTrials, 120)
		near(t, "cruiser left", res.Defender.Survivors[0].Expected.Value, c.left, bernoulliSD(c.left))
		modelled(t, res, "Supercharge")
		sc.MaxRounds = 0
		notExact(t, sc)
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
