package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// TestAllRollsModifier: Side.AllRollsModifier is added to every roll of the
// side, the anti-fighter barrage too (unlike Side.Modifier, combat rounds
// only). A destroyer (barrage 9 x2, combat 9; LRR 21 and the unit card)
// with +1 to every roll against a fighter (combat 9): the barrage at 8 x2
// kills the fighter with 1 − 0.7² = 0.51; otherwise the destroyer at 8
// (0.3) duels the fighter at 9 (0.2). Hand chain: 0.51 + 0.49·duel(0.3,
// 0.2).
func TestAllRollsModifier(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 destroyer"), AllRollsModifier: 1},
		Defender: combat.Side{Fleet: mustFleet(t, "1 fighter")}}
	want := 0.51 + 0.49*duel(0.3, 0.2)
	exactNear(t, "every roll +1", mustSolve(t, sc).Outcome.AttackerWin.P, want)
	// Side.Modifier alone leaves the barrage at 9 (1 − 0.8² = 0.36).
	sc.Attacker.AllRollsModifier, sc.Attacker.Modifier = 0, 1
	exactNear(t, "combat rounds +1", mustSolve(t, sc).Outcome.AttackerWin.P, 0.36+0.64*duel(0.3, 0.2))
	// Both add up in the combat rounds: +2 there (0.4), +1 to the barrage.
	sc.Attacker.AllRollsModifier = 1
	exactNear(t, "both", mustSolve(t, sc).Outcome.AttackerWin.P, 0.51+0.49*duel(0.4, 0.2))
	// Out of range: the library names the field.
	sc.Attacker.AllRollsModifier = 10
	refused(t, sc, "modifier to every roll 10 out of range")
}
