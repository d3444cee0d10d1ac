package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of the Federation of Sol's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

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
