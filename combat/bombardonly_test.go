package combat_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Bombardment without ground forces to commit (LRR 15: the active player
// may bombard a planet of the active system whether or not it lands on
// it). 2 dreadnoughts (Bombardment 5: 0.6 a die) against 3 infantry: the
// hits are Binomial(2, 0.6), so the infantry left are 3 − H with
// E = 3 − 1.2 = 1.8 and SD = √(2·0.6·0.4). Nothing lands: the defender
// keeps the planet in every trial and no invasion is counted.
func TestBombardmentWithoutGroundForces(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "2 dreadnought")},
		Defender: combat.Side{Fleet: mustFleet(t, "3 infantry")}}
	ex := mustSolve(t, sc)
	exactNear(t, "infantry left", ex.Defender.Survivors[0].Expected.Value, 1.8)
	exactNear(t, "defender keeps the planet", ex.Outcome.DefenderWin.P, 1)
	exactNear(t, "invaded", ex.Invaded.P, 0)
	res := mustRun(t, sc, factionTrials, 601)
	near(t, "infantry left", res.Defender.Survivors[0].Expected.Value, 1.8, math.Sqrt(2*0.6*0.4))
	if res.Outcome.DefenderWin.P != 1 || res.Invaded.P != 0 {
		t.Errorf("defender keeps the planet %v, invaded %v; want 1 and 0", res.Outcome.DefenderWin.P, res.Invaded.P)
	}
	// Blitz gives the cruisers Bombardment 6 (0.5 a die): E = 3 − 1.
	sc.Attacker = combat.Side{Fleet: mustFleet(t, "2 cruiser"), Cards: []string{"blitz"}}
	ex = mustSolve(t, sc)
	exactNear(t, "infantry left (Blitz)", ex.Defender.Survivors[0].Expected.Value, 2)
	// Planetary Shield stops the bombardment: nothing happens.
	sc.Attacker = combat.Side{Fleet: mustFleet(t, "2 dreadnought")}
	sc.Defender = combat.Side{Fleet: mustFleet(t, "3 infantry, 1 pds")}
	ex = mustSolve(t, sc)
	exactNear(t, "infantry left (shielded)", ex.Defender.Survivors[0].Expected.Value, 3)
	// Nothing to bombard or land with: refused.
	sc.Attacker = combat.Side{Fleet: mustFleet(t, "2 cruiser")}
	if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), "no unit with Bombardment") {
		t.Errorf("cruisers alone: Validate = %v, want a refusal", err)
	}
}
