package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Mahact Gene-Sorcerers's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Arvicon Rex: the Mahact flagship (5 (x2), +2: hits on 3, 0.8 a die,
// Sustain Damage) against a cruiser (7: 0.4), to the end. The flagship
// scores a hit with 0.96. Undamaged (U): a hit wins whatever the cruiser
// does (it sustains the reply); a miss with a cruiser hit (0.016) leads to
// D; both missing (0.024) repeats. Damaged (D): a hit alone wins (0.576),
// both hitting draws, the cruiser alone wins (0.016), 0.024 repeats. So
// W_D = 0.576/0.976 and W_U = (0.96 + 0.016·W_D)/0.976.
func TestArviconRex(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "mahact", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	wd := 0.576 / 0.976
	wu := (0.96 + 0.016*wd) / 0.976
	res := mustRun(t, sc, factionTrials, 303)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, wu, bernoulliSD(wu))
	modelled(t, res, "Arvicon Rex")
	warned(t, res, "Arvicon Rex", "fleet pool")
	ex := mustSolve(t, sc)
	if math.Abs(ex.Outcome.AttackerWin.P-wu) > 1e-9 {
		t.Errorf("exact attacker win = %.12f, want %.12f", ex.Outcome.AttackerWin.P, wu)
	}
}

// Crimson Legionnaire II always returns: Revived is the expected number
// destroyed. 2 of them (7: 0.4) against 2 infantry (0.3), to the end:
// reference.PointDuelEnds with a point and a die per infantry. Exact mode agrees.
func TestCrimsonLegionnaireII(t *testing.T) {
	ends := reference.PointDuelEnds(2, 2, reference.DiePerPoint, reference.DiePerPoint, 0.4, 0.3)
	killed, sq := 0.0, 0.0
	for e, q := range ends {
		k := float64(2 - e[0])
		killed += q * k
		sq += q * k * k
	}
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "mahact", "2 infantry", "infantry-ii"),
		Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
	res := mustRun(t, sc, factionTrials, 640)
	modelled(t, res, "Crimson Legionnaire II")
	near(t, "revived", res.Attacker.Revived.Value, killed, math.Sqrt(sq-killed*killed))
	ex := mustSolve(t, sc)
	exactNear(t, "revived", ex.Attacker.Revived.Value, killed)
	win, _ := reference.EndsWinDraw(ends)
	exactNear(t, "attacker wins", ex.Outcome.AttackerWin.P, win)
}
