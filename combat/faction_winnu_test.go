package combat_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of the Winnu's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// The Winnu flagship rolls one die per opposing non-fighter ship: against
// 3 cruisers, 3 dice on 7 (0.4) in round 1, so 3 − 1.2 = 1.8 cruisers are
// left; exact mode refuses it by name.
func TestWinnuFlagship(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSide(t, "winnu", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "3 cruiser")}}
	mc := mustRun(t, sc, 200000, 27)
	if got := mc.Defender.Survivors[0].Expected; math.Abs(got.Value-1.8) > 4*got.SE {
		t.Errorf("cruisers left after round 1 = %.4f ± %.4f, want 1.8", got.Value, got.SE)
	}
	sc.MaxRounds = 0
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), "Salai Sai Corian") {
		t.Errorf("Solve error = %v, want a refusal naming the flagship", err)
	}
}

// Rickar Rickani: +2 to the Winnu's combat rolls. In space a Winnu cruiser
// hits on 7 − 2 = 5 (0.6) against a cruiser (0.4): per round only the
// Winnu hit 0.36, only the opponent 0.16, both 0.24, neither 0.24, so the
// Winnu win 0.36/0.76 = 9/19 and draw 0.24/0.76 = 6/19. On the ground a
// Winnu infantry hits on 8 − 2 = 6 (0.5) against an infantry (0.3): only
// the Winnu 0.35, only the opponent 0.15, both 0.15: win 0.35/0.65 = 7/13,
// draw 3/13. Without the commander the cruisers' duel is 0.24/0.64 = 3/8.
func TestRickarRickani(t *testing.T) {
	winnu := factionSide(t, "winnu", "1 cruiser")
	winnu.Cards = []string{"rickar-rickani"}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: winnu,
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	res := checkWinDraw(t, sc, 601, 9.0/19, 6.0/19, true)
	modelled(t, res, "Rickar Rickani")

	inf := factionSide(t, "winnu", "1 infantry")
	inf.Cards = []string{"rickar-rickani"}
	sc = combat.Scenario{Action: combat.GroundCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 infantry")}, Defender: inf}
	// The Winnu defend here: the attacker's win is the Winnu's loss.
	res = checkWinDraw(t, sc, 602, 0.15/0.65, 0.15/0.65, true)
	modelled(t, res, "Rickar Rickani")

	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: factionSide(t, "winnu", "1 cruiser"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	exactNear(t, "attacker wins without the commander", mustSolve(t, sc).Outcome.AttackerWin.P, 3.0/8)
}

// Imperator: +1 per Support for the Throne in the opponent's play area. A
// Winnu cruiser with imperator:3 hits on 7 − 3 = 4 (0.7) against a cruiser
// (0.4): only the Winnu 0.42, only the opponent 0.12, both 0.28, neither
// 0.18: win 0.42/0.82 = 21/41, draw 14/41. With no count (1): 6 (0.5):
// 0.3, 0.2, 0.2, 0.3: win 3/7, draw 2/7. imperator:0 leaves 0.4 against
// 0.4: 0.24, 0.24, 0.16, 0.36: win 3/8, draw 1/4. An out-of-range count
// (imperator:8) is an error.
func TestImperator(t *testing.T) {
	for i, c := range []struct {
		item      string
		win, draw float64
	}{
		{"imperator:3", 21.0 / 41, 14.0 / 41},
		{"imperator", 3.0 / 7, 2.0 / 7},
		{"imperator:0", 3.0 / 8, 1.0 / 4},
	} {
		winnu := factionSide(t, "winnu", "1 cruiser")
		winnu.Cards = []string{c.item}
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: winnu,
			Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
		res := checkWinDraw(t, sc, 610+uint64(i), c.win, c.draw, true)
		modelled(t, res, "Imperator")
	}
	winnu := factionSide(t, "winnu", "1 cruiser")
	winnu.Cards = []string{"imperator:8"}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: winnu,
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	if _, err := combat.Run(context.Background(), sc, combat.Options{Trials: 10}); err == nil || !strings.Contains(err.Error(), "0..7") {
		t.Errorf("imperator:8: error %v, want one naming the range 0..7", err)
	}
}
