package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Xxcha Kingdom's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Indomitus (Space Cannon 8: 0.3). Defending: its space cannon defense
// kills the lone attacking infantry w.p. 0.3; else the infantry (0.3)
// fights the mech (0.5, Sustain Damage): it must hit twice before the mech
// hits once; a damaged mech and the infantry hitting each other is a draw.
// Win = 0.7 · (0.15/0.65)² (0.15 = 0.3·0.5 both the infantry hits and the
// mech misses; 0.65 = 1 − 0.7·0.5). Attacking: its space cannon offense
// destroys the defender's lone destroyer w.p. 0.3 (then the invasion is
// unopposed); else carrier (9) against destroyer (9): A-only 0.16, D-only
// 0.16, both 0.04, so 0.16/0.36; a lost carrier ends the invasion. Win =
// 0.3 + 0.7·4/9. Under Articles of War the mech has no Space Cannon.
func TestIndomitus(t *testing.T) {
	r := 0.15 / 0.65
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSideCards(t, "", "1 infantry", nil, nil),
		Defender: factionSideCards(t, "xxcha", "1 mech", nil, nil)}
	exactNear(t, "Indomitus defending", mustSolve(t, sc).Outcome.AttackerWin.P, 0.7*r*r)
	res := mustRun(t, sc, factionTrials, 313)
	near(t, "Indomitus defending", res.Outcome.AttackerWin.P, 0.7*r*r, bernoulliSD(0.7*r*r))
	modelled(t, res, "Indomitus")

	sc.Attacker.Cards = []string{"articles-of-war"}
	exactNear(t, "Indomitus under Articles of War", mustSolve(t, sc).Outcome.AttackerWin.P, r*r)

	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: factionSideCards(t, "xxcha", "1 carrier, 1 mech", nil, nil),
		Defender: factionSideCards(t, "", "1 destroyer", nil, nil)}
	exactNear(t, "Indomitus attacking", mustSolve(t, sc).Outcome.AttackerWin.P, 0.3+0.7*4/9)
	res = mustRun(t, sc, factionTrials, 314)
	near(t, "Indomitus attacking", res.Outcome.AttackerWin.P, 0.3+0.7*4/9, bernoulliSD(0.3+0.7*4/9))
}

// Loncara Ssodu fires its Space Cannon 5 (x3) in space cannon offense, as a
// ship, and not in space cannon defense. Defending a planet against 2
// infantry with 1 infantry, it does nothing: win(2 vs 1). Attacking a lone
// destroyer: no offense hit 0.4³ = 0.064; then the flagship (2 dice on 7:
// ≥ 1 hit 0.64, Sustain Damage) fights the destroyer (9: 0.2): undamaged it
// wins w.p. (0.64 + 0.36·0.2·W1)/(1 − 0.36·0.8) where damaged it wins
// W1 = 0.64·0.8/(1 − 0.36·0.8).
func TestLoncaraSsodu(t *testing.T) {
	w21, _ := reference.HarrowDuel(2, 1, 0.3, 0.3, 0)
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSideCards(t, "", "2 infantry", nil, nil),
		Defender: factionSideCards(t, "xxcha", "1 flagship, 1 infantry", nil, nil)}
	exactNear(t, "Loncara Ssodu in space cannon defense", mustSolve(t, sc).Outcome.AttackerWin.P, w21)
	res := mustRun(t, sc, factionTrials, 315)
	near(t, "Loncara Ssodu in space cannon defense", res.Outcome.AttackerWin.P, w21, bernoulliSD(w21))
	modelled(t, res, "Loncara Ssodu")

	w1 := 0.64 * 0.8 / (1 - 0.36*0.8)
	w2 := (0.64 + 0.36*0.2*w1) / (1 - 0.36*0.8)
	win := 1 - 0.064 + 0.064*w2
	sc = combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSideCards(t, "xxcha", "1 flagship", nil, nil),
		Defender: factionSideCards(t, "", "1 destroyer", nil, nil)}
	exactNear(t, "Loncara Ssodu in space cannon offense", mustSolve(t, sc).Outcome.AttackerWin.P, win)
	res = mustRun(t, sc, factionTrials, 316)
	near(t, "Loncara Ssodu in space cannon offense", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
}
