package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Gravleash Maneuvers: the Letnev flagship (2 dice at 5) and a cruiser (7)
// have 2 ship types, X = 2. The flagship gains most (2 dice × 2 faces
// against the cruiser's 1 × 2), so its dice hit on 3: against 3 fighters
// one round destroys H ~ Bin(2, 0.8) + Bin(1, 0.4) of them (H ≤ 3), leaving
// 3 − 2.0 = 1.0 (1.4 without), standard deviation √(2·0.8·0.2 + 0.4·0.6).
// With a single cruiser X = 1: it hits on 6, leaving 3 − 0.5. (The space
// dock keeps the fighters from being removed for capacity.)
func TestGravleashManeuvers(t *testing.T) {
	for _, c := range []struct {
		fleet    string
		left, sd float64
	}{{"1 flagship, 1 cruiser", 1.0, math.Sqrt(0.56)}, {"1 cruiser", 2.5, 0.5}} {
		a := factionSide(t, "letnev", c.fleet)
		a.Cards = []string{"gravleash-maneuvers"}
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "3 fighter, 1 space dock")}}
		res := mustRun(t, sc, factionTrials, 330)
		near(t, c.fleet+": fighters left", survivors(t, res.Defender, "Fighter I"), c.left, c.sd)
		modelled(t, res, "Gravleash Maneuvers")
		notExact(t, sc)
	}
}
