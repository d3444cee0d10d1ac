package combat_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// TestTI3FriendlyFire (SA Friendly Fire): in the first round the
// opponent's fighters hit their own side for each die showing a natural 1
// to 4. With nobody able to score (modifier -9) and a one-round limit, 4
// fighters lose Binomial(4, 0.4): 2.4 left, SD √(4·0.4·0.6). The faces
// count whatever the modifiers: with +5 (fighters hit on a natural 4 or
// more) a natural 4 both hits the cruisers and backfires: the fighters
// still lose Binomial(4, 0.4) to their own dice, and the two cruisers
// lose the hits of the fighters and their carrier, Binomial(5, 0.7),
// capped at 2.
func TestTI3FriendlyFire(t *testing.T) {
	a := ti3Side(t, "2 cruiser")
	a.Modifier, a.Cards = -9, []string{"Friendly Fire"}
	d := ti3Side(t, "4 fighter")
	d.Modifier = -9
	sc := combat.Scenario{Action: combat.SpaceCombat, Edition: ti3Edition(), MaxRounds: 1, Attacker: a, Defender: d}
	res := mustRun(t, sc, factionTrials, 441)
	near(t, "fighters left", survivors(t, res.Defender, "Fighter"), 2.4, math.Sqrt(4*0.4*0.6))
	near(t, "cruisers left", survivors(t, res.Attacker, "Cruiser"), 2, 0)
	sc.Defender = ti3Side(t, "1 carrier, 4 fighter") // the carrier keeps the fighters when the battle ends
	sc.Defender.Modifier = 5
	res = mustRun(t, sc, factionTrials, 442)
	near(t, "fighters left (+5)", survivors(t, res.Defender, "Fighter"), 2.4, math.Sqrt(4*0.4*0.6))
	// The cruisers left: 2 − E[min(H, 2)] for H ~ Binomial(5, 0.7), the
	// fighters' and the carrier's dice: 2·P(0) + P(1).
	p0, p1 := math.Pow(0.3, 5), 5*0.7*math.Pow(0.3, 4)
	e := 2*p0 + p1
	near(t, "cruisers left (+5)", survivors(t, res.Attacker, "Cruiser"), e, 1)
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), "Friendly Fire") {
		t.Errorf("exact mode with Friendly Fire: %v", err)
	}
	// Only TI3 cards under ti3-sa, once each.
	for _, c := range [][]string{{"morale-boost-x"}, {"friendly-fire", "friendly fire"}, {"direct-hit-ii"}} {
		sc.Attacker.Cards = c
		if err := sc.Validate(); err == nil {
			t.Errorf("cards %q under ti3-sa: no error", c)
		}
	}
}
