package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// Tests of the Universities of Jol-Nar's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// The Jol-Nar flagship (combat 6, 7 with Fragile) gets 2 more hits on each
// natural 9 or 10: a die gives 1 hit on 7–8 (0.2), 3 hits on 9–10 (0.2).
// Against 3 cruisers for one round, the sum of 2 dice is 0: 0.36, 1: 0.24,
// 2: 0.04, 3: 0.24, 4: 0.08, 6: 0.04, so E[min(hits, 3)] = 1.40 and 1.60
// cruisers are left. Exact mode expresses it too (checked against Monte
// Carlo).
func TestJolNarFlagship(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSide(t, "jol-nar", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "3 cruiser")}}
	mc := mustRun(t, sc, 200000, 25)
	if got := mc.Defender.Survivors[0].Expected; math.Abs(got.Value-1.60) > 4*got.SE {
		t.Errorf("cruisers left after round 1 = %.4f ± %.4f, want 1.60", got.Value, got.SE)
	}
	sc.MaxRounds = 0
	ex := mustSolve(t, sc)
	run := mustRun(t, sc, 200000, 26)
	p := ex.Outcome.AttackerWin.P
	if se := math.Sqrt(p * (1 - p) / 200000); math.Abs(run.Outcome.AttackerWin.P-p) > 4*se {
		t.Errorf("exact %.5f, Monte Carlo %.5f", p, run.Outcome.AttackerWin.P)
	}
}

// Shield Paling: the Jol-Nar infantry on the mech's planet roll on 8 (0.3)
// instead of 9. A lone infantry (0.3) attacks a Jol-Nar mech (7 with
// Fragile: 0.4) and infantry. The attacker needs 3 hits (sustain, then two
// units) before any defender die hits; with k hits left and the defender
// hitting at least once w.p. q_k, it takes the next step w.p.
// 0.3(1 − q_k)/(1 − 0.7(1 − q_k)). With both units q = 1 − 0.6·0.7 = 0.58.
// Default order (infantry lost before the mech): the last unit is the
// mech, q = 0.4. Mech first: the last unit is the infantry, Fragile again
// (9: 0.2), q = 0.2.
func TestShieldPaling(t *testing.T) {
	step := func(q float64) float64 { return 0.3 * (1 - q) / (1 - 0.7*(1-q)) }
	for _, c := range []struct {
		order []units.Kind
		win   float64
	}{{nil, step(0.58) * step(0.58) * step(0.4)}, {[]units.Kind{units.Mech, units.Infantry}, step(0.58) * step(0.58) * step(0.2)}} {
		def := factionSideCards(t, "jol-nar", "1 mech, 1 infantry", nil, nil)
		def.Order = combat.Order{Kinds: c.order}
		sc := combat.Scenario{Action: combat.GroundCombat, Attacker: factionSideCards(t, "", "1 infantry", nil, nil), Defender: def}
		exactNear(t, "Shield Paling", mustSolve(t, sc).Outcome.AttackerWin.P, c.win)
		res := mustRun(t, sc, factionTrials, 312)
		near(t, "Shield Paling", res.Outcome.AttackerWin.P, c.win, bernoulliSD(c.win))
		modelled(t, res, "Shield Paling")
	}
}

// Ta Zern, space cannon: the Jol-Nar defend with 2 PDS I (Space Cannon 6:
// 0.5) and no ship against 3 destroyers. A die that misses is rerolled, so
// each hits with 1 − 0.5² = 0.75; nothing else happens (no space combat:
// the defender has no ship). Destroyers left: 3 − 2·0.75 = 1.5, standard
// deviation √(2·0.75·0.25) (2 without the commander).
//
// Ta Zern, anti-fighter barrage: a Jol-Nar destroyer that cannot hit in
// combat (Anti-Fighter Barrage 9 (x2): 0.2, rerolled 1 − 0.8² = 0.36)
// against a carrier with 3 fighters: the fighters lose only to the barrage,
// 3 − 2·0.36 = 2.28 left, standard deviation √(2·0.36·0.64) (2.6 without).
func TestTaZern(t *testing.T) {
	d := factionSide(t, "jolnar", "2 pds")
	d.Cards = []string{"ta-zern"}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "3 destroyer")}, Defender: d}
	res := mustRun(t, sc, factionTrials, 501)
	near(t, "destroyers left", survivors(t, res.Attacker, "Destroyer I"), 1.5, math.Sqrt(2*0.75*0.25))
	modelled(t, res, "Ta Zern")
	exactNear(t, "destroyers left", survivors(t, mustSolve(t, sc).Attacker, "Destroyer I"), 1.5)
	noTrialAllocs(t, "ta zern", sc)

	a := factionSide(t, "jolnar", "1 destroyer")
	a.Cards, a.Modifier = []string{"ta-zern"}, -9
	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 3 fighter")}}
	res = mustRun(t, sc, factionTrials, 502)
	near(t, "fighters left", survivors(t, res.Defender, "Fighter I"), 2.28, math.Sqrt(2*0.36*0.64))
	exactNear(t, "fighters left", survivors(t, mustSolve(t, sc).Defender, "Fighter I"), 2.28)
	modelled(t, res, "Ta Zern")

	// A ground combat alone has no unit-ability roll: nothing, and exact
	// mode still solves it.
	g := factionSide(t, "jolnar", "2 infantry")
	g.Cards = []string{"ta-zern"}
	sc = combat.Scenario{Action: combat.GroundCombat, Attacker: g, Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
	warned(t, mustSolve(t, sc), "Ta Zern", "does nothing")
}
