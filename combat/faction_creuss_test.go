package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of the Ghosts of Creuss's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Dimensional Splicer on a lone ship ends the combat before the barrage
// (the long scenario sweep's seed 1007670, where the exact solver went on
// to the barrage): the Creuss carrier's hit destroys the defender's only
// ship, a cruiser, at the start of combat, so the defender's Metali Void
// Armaments (Anti-Fighter Barrage 6 ×3, rolled by no unit) with Waylay
// (its hits against every ship) is never rolled: the Creuss win with their
// carrier, always, exactly and in the trials.
func TestDimensionalSplicerEndsCombatBeforeBarrage(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "creuss", "1 carrier", "dimensional-splicer"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Cards: []string{"metali-void-armaments", "waylay"}}}
	ex := mustSolve(t, sc)
	if ex.Outcome.AttackerWin.P != 1 || survivors(t, ex.Attacker, "Carrier I") != 1 {
		t.Errorf("exact: Creuss win %v with %v carriers; want 1 and 1", ex.Outcome.AttackerWin.P, survivors(t, ex.Attacker, "Carrier I"))
	}
	mc := mustRun(t, sc, factionTrials, 117)
	if mc.Outcome.AttackerWin.P != 1 || survivors(t, mc.Attacker, "Carrier I") != 1 {
		t.Errorf("Monte Carlo: Creuss win %v with %v carriers; want 1 and 1", mc.Outcome.AttackerWin.P, survivors(t, mc.Attacker, "Carrier I"))
	}
}

// Dimensional Splicer with Direct Hit spends the copy (the long scenario
// sweep's seed 1041630): the Creuss defender's hit at the start damages one
// of the attacker's 2 dreadnoughts, Direct Hit (1 copy, current printing:
// an ability's hit counts) destroys it, and the combat goes on as 1
// dreadnought against 2 cruisers with no Direct Hit left — exactly that
// battle's figures. The exact solver had kept the copy for the rounds.
func TestDimensionalSplicerSpendsDirectHit(t *testing.T) {
	def := factionSide(t, "creuss", "2 cruiser", "dimensional-splicer")
	def.Cards = []string{"direct-hit"}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "2 dreadnought")}, Defender: def}
	ex := mustSolve(t, sc)
	ref := mustSolve(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought")},
		Defender: factionSide(t, "creuss", "2 cruiser")})
	if d := math.Abs(ex.Outcome.AttackerWin.P - ref.Outcome.AttackerWin.P); d > 1e-12 {
		t.Errorf("exact: attacker wins %.15f, 1 dreadnought against 2 cruisers %.15f", ex.Outcome.AttackerWin.P, ref.Outcome.AttackerWin.P)
	}
	mc := mustRun(t, sc, factionTrials, 118)
	w := ref.Outcome.AttackerWin.P
	near(t, "Monte Carlo: attacker wins", mc.Outcome.AttackerWin.P, w, bernoulliSD(w))
}

// Dimensional Splicer: the Creuss (2 cruisers, 0.4 each) hit the
// defender's cruiser at the start (it dies; the dreadnought would only
// sustain). After round 1 no cruiser is left, and the dreadnought only if
// fewer than 2 dice hit: 0.84. Exactly, the whole combat equals one
// against the dreadnought alone; and against a lone dreadnought the hit
// damages it, as if it started damaged.
func TestDimensionalSplicer(t *testing.T) {
	a := factionSide(t, "creuss", "2 cruiser", "dimensional-splicer")
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a,
		Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 cruiser")}}
	res := mustRun(t, sc, factionTrials, 115)
	near(t, "cruiser left", survivors(t, res.Defender, "Cruiser I"), 0, 0)
	near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), 0.84, bernoulliSD(0.84))
	modelled(t, res, "Dimensional Splicer")
	warned(t, res, "Dimensional Splicer", "wormhole")

	plain := factionSide(t, "creuss", "2 cruiser")
	for _, c := range []struct{ with, without string }{
		{"1 dreadnought, 1 cruiser", "1 dreadnought"},
		{"1 dreadnought", "1 dreadnought (damaged)"},
	} {
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, c.with)}}
		ex := mustSolve(t, sc)
		ref := mustSolve(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: plain, Defender: combat.Side{Fleet: mustFleet(t, c.without)}})
		if math.Abs(ex.Outcome.AttackerWin.P-ref.Outcome.AttackerWin.P) > 1e-9 || math.Abs(ex.Outcome.Draw.P-ref.Outcome.Draw.P) > 1e-9 {
			t.Errorf("%s: exact %.9f/%.9f, equivalent %.9f/%.9f", c.with, ex.Outcome.AttackerWin.P, ex.Outcome.Draw.P, ref.Outcome.AttackerWin.P, ref.Outcome.Draw.P)
		}
		mc := mustRun(t, sc, factionTrials, 116)
		w := ref.Outcome.AttackerWin.P
		near(t, c.with+": Creuss win", mc.Outcome.AttackerWin.P, w, bernoulliSD(w))
	}
}
