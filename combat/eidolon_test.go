package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

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
