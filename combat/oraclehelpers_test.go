package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
	"github.com/ti4sim/ti4sim/units"
)

// Helpers of the tests that compare the engine with the exact oracle
// (package reference).

// onk is the number of unit kinds, the length of the oracle's per-kind
// arrays.
const onk = int(units.NumKinds)

// oracleApprox checks an oracle value against a hand-derived one to 1e-12.
func oracleApprox(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-12 {
		t.Errorf("%s = %.15g, want %.15g", what, got, want)
	}
}

// oracleCheckOutcome compares the oracle's outcome with (win, draw, loss)
// and checks that the final distribution sums to 1.
func oracleCheckOutcome(t *testing.T, r reference.Result, win, draw, loss float64) {
	t.Helper()
	oracleApprox(t, "total probability", r.Total(), 1)
	oracleApprox(t, "P(attacker wins)", r.Win, win)
	oracleApprox(t, "P(draw)", r.Draw, draw)
	oracleApprox(t, "P(defender wins)", r.Loss, loss)
}

// oracleScen is a scenario of action a between two fleets with no faction,
// techs or cards.
func oracleScen(t testing.TB, a combat.Action, att, def string) combat.Scenario {
	return combat.Scenario{
		Action:   a,
		Attacker: combat.Side{Fleet: mustFleet(t, att)},
		Defender: combat.Side{Fleet: mustFleet(t, def)},
	}
}
