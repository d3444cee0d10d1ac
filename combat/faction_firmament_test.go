package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of the Firmament's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

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
