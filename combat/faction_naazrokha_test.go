package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
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
// 0.5·(0.4 + 0.6·0.5) = 0.35. Exact mode gives both (a bonus in a single
// combat).
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
		ex := mustSolve(t, sc)
		exactNear(t, "cruiser left (exact)", ex.Defender.Survivors[0].Expected.Value, c.left)
	}
}

// Visz el Vir: the Naaz-Rokha invade with the flagship and 1 Eidolon
// (combat 6 x2, Sustain Damage: 2 points) against 3 infantry (8: 0.3).
// The defender has no ship and no space cannon, so the flagship is in the
// system throughout and the mech rolls 3 dice at 0.5 in every round:
// reference.PointDuel(2, 3) with 3 attacker dice. Without the text it would roll 2.
func TestViszElVir(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSide(t, "naaz-rokha", "1 flagship, 1 mech"),
		Defender: combat.Side{Fleet: mustFleet(t, "3 infantry")}}
	win, draw := reference.PointDuel(2, 3, reference.FixedDice(3), reference.DiePerPoint, 0.5, 0.3)
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
			w, _ := reference.PointDuel(pts, 3, reference.FixedDice(dice), reference.DiePerPoint, 0.5, 0.3)
			win += 0.25 * w
		}
	}
	res = mustRun(t, sc, factionTrials, 411)
	near(t, "attacker takes the planet (flagship may die)", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
}

// Z-Grav Eidolon: a Naaz-Rokha carrier (9) and mech against a cruiser (7)
// for one round. The mech fights as the Z-Grav Eidolon, 2 dice at 8 and no
// Sustain Damage, and takes the cruiser's hit before the carrier: it is
// left with 1 − 0.4 = 0.6 (a mech would sustain: 1). The cruiser survives
// only if the carrier's die (0.2) and both Eidolon dice (0.3) miss:
// 0.8·0.49 = 0.392.
func TestZGravEidolon(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSide(t, "naaz-rokha", "1 carrier, 1 mech"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	res := mustRun(t, sc, factionTrials, 303)
	near(t, "cruiser left", survivors(t, res.Defender, "Cruiser I"), 0.392, bernoulliSD(0.392))
	near(t, "mech left", survivors(t, res.Attacker, "Eidolon"), 0.6, bernoulliSD(0.6))
	near(t, "carrier left", survivors(t, res.Attacker, "Carrier I"), 1, 0)
	modelled(t, res, "Eidolon")
	notExact(t, sc)
}

// Eidolon Maximum: a lone Naaz-Rokha mech flipped to Eidolon Maximum (4
// dice at 4, Sustain Damage, repaired every round, no unit-ability hits)
// invades a planet with 2 PDS and 2 infantry. The PDS's space cannon, in
// offense and in defense, cannot be assigned to it. On the ground (k
// infantry, each 0.3; its hits H ~ Bin(4, 0.7)) it dies only to 2 hits in
// one round, so only while both infantry live (0.09). From k = 2: D ≥ 2
// and H ≥ 2 is a draw, D ≥ 2 and H ≤ 1 a loss, D < 2 and H ≥ 1 a win
// (one infantry left cannot kill it), D < 2 and H = 0 a repeat:
// draw = 0.09·P(H≥2)/(1 − 0.91·0.3⁴), loss = 0.09·P(H≤1)/(1 − 0.91·0.3⁴).
func TestEidolonMaximum(t *testing.T) {
	h0 := 0.0081
	h1 := 4 * 0.7 * 0.027
	den := 1 - 0.91*h0
	draw, loss := 0.09*(1-h0-h1)/den, 0.09*(h0+h1)/den
	a := factionSide(t, "naaz-rokha", "1 mech")
	a.Cards = []string{"eidolon-maximum"}
	sc := combat.Scenario{Action: combat.Invasion, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "2 pds, 2 infantry")}}
	res := mustRun(t, sc, factionTrials, 340)
	near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	near(t, "defender keeps the planet", res.Outcome.DefenderWin.P, loss, bernoulliSD(loss))
	near(t, "attacker takes it", res.Outcome.AttackerWin.P, 1-draw-loss, bernoulliSD(1-draw-loss))
	modelled(t, res, "Eidolon Maximum")

	// Not the Naaz-Rokha: it does nothing and says so.
	b := factionSide(t, "sardakk", "1 mech")
	b.Cards = []string{"eidolon-maximum"}
	sc.Attacker = b
	warned(t, mustRun(t, sc, 1000, 1), "Eidolon Maximum", "does nothing")
}
