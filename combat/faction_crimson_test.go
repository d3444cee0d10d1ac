package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Crimson Rebellion's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Quietus with an active breach (the Crimson list "quietus"): the
// opponent's dreadnought loses Sustain Damage, so the Crimson flagship (2
// dice at 5) and 2 cruisers (7) kill it with any hit in round 1: left
// 0.4²·0.6²; without the breach it needs 2 hits. Static: exact mode agrees.
func TestQuietus(t *testing.T) {
	for _, c := range []struct {
		cards []string
		left  float64
	}{{[]string{"quietus"}, 0.16 * 0.36}, {nil, 1 - reference.AtLeast2(2, 0.6, 2, 0.4)}} {
		a := factionSide(t, "crimson", "1 flagship, 2 cruiser")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 pds")}}
		res := mustRun(t, sc, factionTrials, 360)
		near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), c.left, bernoulliSD(c.left))
		modelled(t, res, "Quietus")
	}
}
