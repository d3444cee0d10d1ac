package combat_test

import (
	"context"
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// ti3MonteCarlo runs sc for 200,000 trials and compares the attacker's
// win (the planet taken, for an invasion) with want within 5 standard
// errors: for texts exact mode refuses (units joining a side, budgets
// spent round by round), which Solve must say.
func ti3MonteCarlo(t *testing.T, what string, sc combat.Scenario, want float64) {
	t.Helper()
	const n = 200000
	mc, err := combat.Run(context.Background(), sc, combat.Options{Trials: n, Seed: 11})
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if se := math.Sqrt(want * (1 - want) / n); math.Abs(mc.Outcome.AttackerWin.P-want) > 5*se+1e-9 {
		t.Errorf("%s: Monte Carlo %.5f, want %.5f ± %.5f", what, mc.Outcome.AttackerWin.P, want, 5*se)
	}
	if _, err := combat.Solve(context.Background(), sc); err == nil {
		t.Errorf("%s: exact mode gave an answer; its hooks are outside what it replays", what)
	}
}

// TestTI3SpecOpsTraining: Sol's ground forces reroll each natural 1 once
// in invasion combat: a ground force at 8 hits with 0.3 + 0.1·0.3 = 0.33.
// Two against two, the volley law; with the General (+1 and 2 rerolls a
// round) the die at 7 with its 1s rerolled hits with 0.44 — checked by
// the engine's brute force (TestRerollOnesMatchesBruteForce), here only
// that the answer moves up.
func TestTI3SpecOpsTraining(t *testing.T) {
	sc := ti3Scenario(t, combat.Invasion, "2 gf", "2 gf")
	sc.Attacker.Faction, sc.Attacker.Techs = race(t, "sol"), []string{"spec-ops-training"}
	ti3Check(t, "Spec Ops Training", sc, volley(2, 2, 0.33, 0.3, false))
	// Not in space battles: a Sol cruiser against one, the duel's law.
	sp := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
	sp.Attacker.Faction, sp.Attacker.Techs = race(t, "sol"), []string{"spec-ops-training"}
	ti3Check(t, "Spec Ops Training in space", sp, duel(0.4, 0.4))
}

// TestTI3Indoctrination: the Yin attacking an invasion roll 1 die at 5
// (0.6) before the combat: a success turns one defending ground force
// into one of theirs. Two against two: 0.6 of 3 against 1, else 2
// against 2, ground forces at 8 (the volley law). With Fanaticism, two
// dice: 0.36 of 4 against none (taken at once), 0.48 of 3 against 1.
// Defending, the Yin have no Indoctrination.
func TestTI3Indoctrination(t *testing.T) {
	sc := ti3Scenario(t, combat.Invasion, "2 gf", "2 gf")
	sc.Attacker.Faction = race(t, "yin")
	ti3MonteCarlo(t, "Indoctrination", sc, 0.6*volley(3, 1, 0.3, 0.3, false)+0.4*volley(2, 2, 0.3, 0.3, false))
	sc.Attacker.Techs = []string{"fanaticism"}
	ti3MonteCarlo(t, "Fanaticism", sc, 0.36+0.48*volley(3, 1, 0.3, 0.3, false)+0.16*volley(2, 2, 0.3, 0.3, false))
	def := ti3Scenario(t, combat.Invasion, "2 gf", "2 gf")
	def.Defender.Faction = race(t, "yin")
	ti3Check(t, "Yin defending", def, volley(2, 2, 0.3, 0.3, false))
}

// TestTI3DimensionalSplicer: at the start of a space battle in a system
// with a wormhole, the Creuss put 1 hit on the enemy ship they choose —
// the costliest it destroys: a cruiser and a destroyer lose the cruiser,
// and the Creuss cruiser fights the destroyer, duel(0.4, 0.2). A lone
// dreadnought sustains (SA: one die left, the next hit kills it):
// the dreadnought wins with duel(0.6, 0.4) against the defending Creuss.
// Without a wormhole nothing.
func TestTI3DimensionalSplicer(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser, 1 destroyer")
	sc.Wormhole = true
	sc.Attacker.Faction, sc.Attacker.Techs = race(t, "creuss"), []string{"dimensional-splicer"}
	ti3Check(t, "Splicer destroys the cruiser", sc, duel(0.4, 0.2))
	sc = ti3Scenario(t, combat.SpaceCombat, "1 dreadnought", "1 cruiser")
	sc.Wormhole = true
	sc.Defender.Faction, sc.Defender.Techs = race(t, "creuss"), []string{"dimensional-splicer"}
	ti3Check(t, "Splicer damages the dreadnought", sc, duel(0.6, 0.4))
	// Without a wormhole the dreadnought wins as against any cruiser (the
	// roles are symmetric in a space battle): dreadVsCruisers' dreadnought
	// column.
	sc.Wormhole = false
	ti3Check(t, "no wormhole", sc, dreadVsCruisers(1, 0.4, 0.6, 1)[2])
}

// TestTI3WarChest: the Letnev pay 2 trade goods before a round for +1 to
// their ships (space) or +2 to their ground forces (ground), free on the
// ground with L4 Disruptors. A cruiser with 4 trade goods against one:
// two rounds at 0.5 against 0.4 (each: win 0.3, go on 0.3), then
// duel(0.4, 0.4): 0.3 + 0.3·0.3 + 0.09·0.375. A ground force with L4 and
// none: every round at 0.5 against 0.3 (TI3: a double kill keeps the
// planet for the defender), duel(0.5, 0.3).
func TestTI3WarChest(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
	sc.Attacker.Faction, sc.Attacker.TradeGoods = race(t, "letnev"), 4
	ti3MonteCarlo(t, "war chest, 4 trade goods", sc, 0.3+0.3*0.3+0.09*duel(0.4, 0.4))
	g := ti3Scenario(t, combat.Invasion, "1 gf", "1 gf")
	g.Attacker.Faction, g.Attacker.Techs = race(t, "letnev"), []string{"l4-disruptors"}
	ti3MonteCarlo(t, "war chest, L4 Disruptors", g, duel(0.5, 0.3))
	// Without trade goods (nor L4) it does nothing, and says so; exact
	// mode then answers.
	sc.Attacker.TradeGoods = 0
	ti3Check(t, "war chest, no trade goods", sc, duel(0.4, 0.4))
	// Only the Letnev spend trade goods under ti3-sa.
	sc.Attacker.Faction, sc.Attacker.TradeGoods = race(t, "hacan"), 2
	if err := sc.Validate(); err == nil {
		t.Error("Hacan with trade goods under ti3-sa: no error")
	}
}
