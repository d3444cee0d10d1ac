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
	// Only the Letnev (and the Hacan flagship) spend trade goods under
	// ti3-sa.
	sc.Attacker.Faction, sc.Attacker.TradeGoods = race(t, "xxcha"), 2
	if err := sc.Validate(); err == nil {
		t.Error("Xxcha with trade goods under ti3-sa: no error")
	}
}

// TestTI3JolNarRerolls: the Jol-Nar spend a command counter to reroll a
// die. A Jol-Nar cruiser (8: 0.3) with one counter against a cruiser at
// 7: its first miss is rerolled, so the first round it rolls it hits with
// 1 − 0.7² = 0.51, then 0.3. Round 1: win 0.51·0.6, go on 0.49·0.6; from
// round 2 on, duel(0.3, 0.4).
func TestTI3JolNarRerolls(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
	sc.Attacker.Faction, sc.Attacker.CommandCounters = race(t, "jol-nar"), 1
	ti3MonteCarlo(t, "Jol-Nar, 1 command counter", sc, 0.51*0.6+0.49*0.6*duel(0.3, 0.4))
	// Each die is rerolled once: with 99 counters the cruiser hits with
	// 0.51 in every round (a battle that outlasts 99 rounds is out of
	// reach), duel(0.51, 0.4).
	sc.Attacker.CommandCounters = 99
	ti3MonteCarlo(t, "Jol-Nar, 99 command counters", sc, duel(0.51, 0.4))
	// Only the Jol-Nar spend them, and only in TI3.
	sc.Attacker.Faction = race(t, "xxcha")
	if err := sc.Validate(); err == nil {
		t.Error("Xxcha with command counters: no error")
	}
	ti4 := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser"), CommandCounters: 2}, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	if err := ti4.Validate(); err == nil {
		t.Error("command counters under ti4: no error")
	}
}

// TestTI3ValkyrieArmor: at the end of an invasion-combat round the N'orr
// roll a die per casualty they took; each 10 destroys an opponent's
// ground force. A ground force (0.3) attacks a N'orr one (7: 0.4): the
// attacker takes the planet in a round where it hits, the N'orr miss and
// their one die is not a 10 (0.3·0.6·0.9); both miss 0.7·0.6 — every
// other round ends with the defender keeping it (a double kill too,
// TI3). Without the armor 0.3·0.6/(1 − 0.42).
func TestTI3ValkyrieArmor(t *testing.T) {
	sc := ti3Scenario(t, combat.Invasion, "1 gf", "1 gf")
	sc.Defender.Faction, sc.Defender.Techs = race(t, "sardakk"), []string{"valkyrie-armor"}
	ti3MonteCarlo(t, "Valkyrie Armor", sc, 0.3*0.6*0.9/(1-0.42))
	sc.Defender.Techs = nil
	ti3Check(t, "no Valkyrie Armor", sc, 0.3*0.6/(1-0.42))
}

// TestTI3Sacrifices: nobody hits (modifier -9), so the ships left after
// the round limit are the texts'. Exotrireme: after round 1 a N'orr
// dreadnought goes to destroy the war sun and a cruiser (12 + 2 > 5); two
// cruisers of three are not worth it (4 <= 5); the enemy's last two ships
// are, when the N'orr keep another. The Yin destroyer goes after round 2
// only, for the carrier (3 > 1), not for the destroyer.
func TestTI3Sacrifices(t *testing.T) {
	run := func(what string, sc combat.Scenario, side string, name string, want float64) {
		t.Helper()
		res := mustRun(t, sc, 2000, 5)
		sr := res.Attacker
		if side == "defender" {
			sr = res.Defender
		}
		if got := survivors(t, sr, name); got != want {
			t.Errorf("%s: %s %s left %v, want %v", what, side, name, got, want)
		}
	}
	sc := ti3Scenario(t, combat.SpaceCombat, "1 dreadnought, 1 cruiser", "1 war sun, 2 cruiser")
	sc.Attacker.Faction, sc.Attacker.Techs = race(t, "sardakk"), []string{"exotrireme"}
	sc.Attacker.Modifier, sc.Defender.Modifier, sc.MaxRounds = -9, -9, 2
	run("Exotrireme", sc, "attacker", "Dreadnought", 0)
	run("Exotrireme", sc, "defender", "War Sun", 0)
	run("Exotrireme", sc, "defender", "Cruiser", 1)
	sc.Defender.Fleet = mustFleetTI3(t, "2 cruiser, 1 destroyer") // 2 + 2 <= 5, and one more ship
	run("Exotrireme, not worth it", sc, "attacker", "Dreadnought", 1)
	// The enemy's last two ships, and the N'orr keep another: taken.
	sc.Attacker.Fleet, sc.Defender.Fleet = mustFleetTI3(t, "2 dreadnought"), mustFleetTI3(t, "2 cruiser")
	run("Exotrireme, the last two", sc, "attacker", "Dreadnought", 1)
	run("Exotrireme, the last two", sc, "defender", "Cruiser", 0)

	y := ti3Scenario(t, combat.SpaceCombat, "2 destroyer", "1 carrier, 1 destroyer")
	y.Attacker.Faction = race(t, "yin")
	y.Attacker.Modifier, y.Defender.Modifier, y.MaxRounds = -9, -9, 1
	run("Yin, round 1", y, "defender", "Carrier", 1)
	y.MaxRounds = 2
	run("Yin, round 2", y, "defender", "Carrier", 0)
	run("Yin, round 2", y, "attacker", "Destroyer", 1)
	run("Yin, round 2", y, "defender", "Destroyer", 1)
}
