package combat_test

import (
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of the Nekro Virus's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Mordred: a Nekro mech (6: 0.5, Sustain Damage: 2 points) against 1
// infantry (0.3). No assimilator token is given, so no +2: pointDuel(2, 1)
// at 0.5 (with the +2 it would be 0.7: boardstate_test.go), exact-solvable,
// with a warning saying how to give the token.
func TestMordred(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "nekro", "1 mech"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	win, draw := pointDuel(2, 1, fixedDice(1), diePerPoint, 0.5, 0.3)
	ex := mustSolve(t, sc)
	exactNear(t, "attacker win", ex.Outcome.AttackerWin.P, win)
	exactNear(t, "draw", ex.Outcome.Draw.P, draw)
	res := mustRun(t, sc, factionTrials, 404)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	modelled(t, res, "Mordred")
	warned(t, res, "Mordred", "assimilator-token", "not applied")
}

// Valefar Assimilator Z: the Nekro flagship with the C'morran N'orr's text
// (listed among the cards) gives +1 to the Nekro cruiser (6: 0.5): with
// the flagship's 2 dice at 9, a dreadnought falls in one round to 2 hits.
// Without the breakthrough another faction's flagship text listed by the
// Nekro could change nothing: it is refused rather than ignored.
func TestValefarAssimilatorZ(t *testing.T) {
	lone := factionSide(t, "nekro", "1 flagship, 1 cruiser")
	lone.Cards = []string{"cmorran-norr"}
	if err := (&combat.Scenario{Action: combat.SpaceCombat, Attacker: lone, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}).Validate(); err == nil || !strings.Contains(err.Error(), "valefar-assimilator-z") {
		t.Errorf("cmorran-norr without valefar-assimilator-z: %v, want a refusal naming valefar-assimilator-z", err)
	}
	for _, c := range []struct {
		cards []string
		pc    float64
	}{{[]string{"valefar-assimilator-z", "cmorran-norr"}, 0.5}} {
		a := factionSide(t, "nekro", "1 flagship, 1 cruiser")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
		res := mustRun(t, sc, factionTrials, 362)
		kill := atLeast2(2, 0.2, 1, c.pc)
		near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), 1-kill, bernoulliSD(kill))
	}
}
