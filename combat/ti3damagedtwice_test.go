package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// TestTI3WarSunDamagedTwice: an SA war sun sustains twice (SA unit table:
// War Sun HP 3) and each use costs it a combat die, to a minimum of 1 (SA:
// "any unit using the Sustain Damage ability immediately loses one combat
// die"): 3, 2, then 1 die at 3. One given as damaged twice rolls 1 die
// (0.8) and has no Sustain Damage left: against a cruiser (7: 0.4) the
// plain duel, duel(0.8, 0.4).
func TestTI3WarSunDamagedTwice(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 war sun (damaged twice)", "1 cruiser")
	ti3Check(t, "war sun damaged twice", sc, duel(0.8, 0.4))
	// Damaged once it rolls 2 dice (1 − 0.2² = 0.96) and sustains once
	// more: the cruiser's hit alone (0.04·0.4) leaves the duel above;
	// rounds where nobody scores (0.04·0.6) divided out.
	once := ti3Scenario(t, combat.SpaceCombat, "1 war sun (1 damaged)", "1 cruiser")
	ti3Check(t, "war sun damaged once", once, (0.96+0.04*0.4*duel(0.8, 0.4))/(1-0.04*0.6))
	// Mixed with undamaged and once-damaged war suns, Monte Carlo agrees
	// with exact mode, and the survivors count every war sun.
	mixed := ti3Scenario(t, combat.SpaceCombat, "1 war sun (damaged twice), 2 war sun (1 damaged)", "6 cruiser, 2 dreadnought")
	runAgreesWithExact(t, mixed, 3)
	if got := mustSolve(t, mixed).Attacker.Survivors[0].Start; got != 3 {
		t.Errorf("war suns at the start: %d, want 3", got)
	}
	// Only a unit that sustains twice can be damaged twice.
	refused(t, ti3Scenario(t, combat.SpaceCombat, "1 dreadnought (damaged twice)", "1 cruiser"), "dreadnought cannot be damaged twice")
	ti4 := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustTI3Fleet(t, "1 war sun (damaged twice)")}, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	refused(t, ti4, "war sun cannot be damaged twice")
}
