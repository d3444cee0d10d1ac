package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Faction unit numbers. For each faction that had no combat test, one
// small scenario whose expected value depends only on the faction's unit
// NUMBERS (flagship combat value and dice, Anti-Fighter Barrage,
// Bombardment, a faction unit upgrade): the hand value comes from
// binomials and the duel chains reference.PointDuel (duels_test.go: sides of hit
// points, a unit with Sustain Damage counting 2) and tlDuel
// (cards_tech_test.go: one-hit units), written independently of the
// engine. Unit numbers are those of reference.md §2.1 (generic units),
// §2.3 (flagships), §2.5 (faction unit upgrades) and §2.7 (Thunder's Edge).
// Exact mode must agree within 1e-9 and 200,000 Monte Carlo trials within
// 4 standard errors.

// checkN checks the attacker's chances to win and to draw against the hand
// values, in exact mode and in Monte Carlo.
func checkN(t *testing.T, sc combat.Scenario, seed uint64, win, draw float64) combat.Result {
	t.Helper()
	ex := mustSolve(t, sc)
	exactNear(t, "attacker wins", ex.Outcome.AttackerWin.P, win)
	exactNear(t, "draw", ex.Outcome.Draw.P, draw)
	mc := mustRun(t, sc, factionTrials, seed)
	near(t, "Monte Carlo: attacker wins", mc.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "Monte Carlo: draw", mc.Outcome.Draw.P, draw, bernoulliSD(draw))
	return mc
}

// afbThenN sums, over the hits h ~ Binomial(n, pAFB) of an Anti-Fighter
// Barrage against f fighters, the duel that follows with f − min(h, f)
// fighters left (duel(0) must be the result with no fighter left).
func afbThenN(n, f int, pAFB float64, duel func(left int) (win, draw float64)) (win, draw float64) {
	for h := 0; h <= n; h++ {
		q := reference.BinomP(n, h, pAFB)
		w, d := duel(max(f-h, 0))
		win += q * w
		draw += q * d
	}
	return win, draw
}

// Hacan, Wrath of Kenara (§2.3): combat 7 (x2), Sustain Damage: 2 points,
// 2 dice at 0.4, against 2 cruisers I (combat 7: 0.4, 1 die each). Its
// text (+1 to a die for a trade good) is not modelled: the numbers
// assume no trade good is spent, and the run must say so.
func TestHacanFlagshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "hacan", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser")}}
	win, draw := reference.PointDuel(2, 2, reference.FixedDice(2), reference.DiePerPoint, 0.4, 0.4)
	res := checkN(t, sc, 901, win, draw)
	warned(t, res, "Wrath of Kenara")
}

// Keleres, Artemiris (§2.3): combat 7 (x2), Sustain Damage (2 points, 2
// dice at 0.4) against a dreadnought I (combat 5: 0.6, 1 die, Sustain
// Damage: 2 points). Its text is an activation cost, not combat.
func TestKeleresFlagshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "keleres", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
	win, draw := reference.PointDuel(2, 2, reference.FixedDice(2), reference.FixedDice(1), 0.4, 0.6)
	checkN(t, sc, 902, win, draw)
}

// Empyrean, Dynamo (§2.3): combat 5 (x2), Sustain Damage (2 points, 2 dice
// at 0.6) against 3 cruisers I (0.4 each). Its repair text (2 influence
// after a Sustain Damage) is not modelled: no influence is spent, and the
// run warns about it.
func TestEmpyreanFlagshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "empyrean", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "3 cruiser")}}
	win, draw := reference.PointDuel(2, 3, reference.FixedDice(2), reference.DiePerPoint, 0.6, 0.4)
	res := checkN(t, sc, 903, win, draw)
	warned(t, res, "Dynamo")
}

// Muaat, Prototype War Sun I (§2.5): combat 3 (x3), Bombardment 3 (x3);
// the Muaat have it without researching War Sun. (The II differs only in
// cost and move; a fleet cannot name it, "war sun ii" is refused because
// the generic war sun has no II.) The Muaat invade with it and 2 infantry against 3 infantry (no Planetary
// Shield). The bombardment's 3 dice hit on 3 (0.8 each) and destroy
// min(h, 3) infantry, h ~ Binomial(3, 0.8); then 2 infantry (8: 0.3)
// fight the 3 − min(h, 3) left (0.3): tlDuel. The war sun takes no part in
// the ground combat.
func TestMuaatPrototypeWarSunNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSide(t, "muaat", "1 war sun, 2 infantry"), Defender: combat.Side{Fleet: mustFleet(t, "3 infantry")}}
	var win, draw float64
	for h := 0; h <= 3; h++ {
		aw, dr, _ := tlDuel(2, 3-h, 0.3, 0.3)
		win += reference.BinomP(3, h, 0.8) * aw
		draw += reference.BinomP(3, h, 0.8) * dr
	}
	checkN(t, sc, 904, win, draw)
}

// Naalu, Hybrid Crystal Fighter (§2.5): I combat 8 (0.3), II combat 7
// (0.4), one better than the generic Fighter I (9) and II (8). Three of
// them attack 3 fighters I (0.2): tlDuel(3, 3, p, 0.2). The Naalu attack,
// so Foresight cannot act.
func TestNaaluHybridCrystalFighterNumbersN(t *testing.T) {
	for i, c := range []struct {
		fleet string
		p     float64
	}{{"3 fighter", 0.3}, {"3 fighter ii", 0.4}} {
		sc := combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "naalu", c.fleet), Defender: combat.Side{Fleet: mustFleet(t, "3 fighter")}}
		win, draw, _ := tlDuel(3, 3, c.p, 0.2)
		t.Logf("%s:", c.fleet)
		checkN(t, sc, 905+uint64(i)*100, win, draw)
	}
}

// Saar, Son of Ragh (§2.3): Anti-Fighter Barrage 6 (x4), combat 5 (x2),
// Sustain Damage. Against 4 fighters I: the barrage's 4 dice hit on 6
// (0.5) and destroy min(h, 4) fighters; then the flagship (2 points, 2
// dice at 0.6) fights the f left (0.2 each): reference.PointDuel(2, f). With TTPG's
// AFB 6 (x2) the value would differ.
func TestSaarFlagshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "saar", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "4 fighter")}}
	win, draw := afbThenN(4, 4, 0.5, func(f int) (float64, float64) {
		if f == 0 {
			return 1, 0
		}
		return reference.PointDuel(2, f, reference.FixedDice(2), reference.DiePerPoint, 0.6, 0.2)
	})
	checkN(t, sc, 906, win, draw)
}

// Vuil'raith, The Terror Between (§2.3): Bombardment 5 (x1). It and 2
// infantry invade 2 infantry: the bombardment die hits on 5 (0.6), leaving
// 1 or 2 defenders; then 2 infantry against them, all at 0.3: tlDuel. Its
// capture text (and Devour) changes no outcome here, and exact mode
// refuses the scenario (it does not count captured units). With no
// opposing ship the flagship lives through the action, so every infantry
// destroyed, either side's, is captured: in each trial the count is the
// infantry lost, hence equal in mean to 4 minus the infantry left.
func TestVuilraithFlagshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSide(t, "vuil-raith", "1 flagship, 2 infantry"), Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
	w1, d1, _ := tlDuel(2, 1, 0.3, 0.3)
	w2, d2, _ := tlDuel(2, 2, 0.3, 0.3)
	win, draw := 0.6*w1+0.4*w2, 0.6*d1+0.4*d2
	refused(t, sc, "The Terror Between")
	mc := mustRun(t, sc, factionTrials, 907)
	near(t, "Monte Carlo: attacker wins", mc.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "Monte Carlo: draw", mc.Outcome.Draw.P, draw, bernoulliSD(draw))
	lost := 4 - survivors(t, mc.Attacker, "Infantry I") - survivors(t, mc.Defender, "Infantry I")
	if math.Abs(mc.Attacker.Captured.Value-lost) > 1e-9 {
		t.Errorf("captured %.6f, want the %.6f infantry destroyed", mc.Attacker.Captured.Value, lost)
	}
}

// Yssaril, Y'sia Y'ssrila (§2.3): combat 5 (x2), Sustain Damage (2 points,
// 2 dice at 0.6) against 3 destroyers I (combat 9: 0.2; their
// Anti-Fighter Barrage has no fighter to shoot). Its text is movement.
func TestYssarilFlagshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "yssaril", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "3 destroyer")}}
	win, draw := reference.PointDuel(2, 3, reference.FixedDice(2), reference.DiePerPoint, 0.6, 0.2)
	checkN(t, sc, 908, win, draw)
}

// Ral Nel, Linkship II (§2.5, §2.7): combat 8 (0.3), Anti-Fighter Barrage
// 6 (x3). One attacks 3 fighters I: the barrage's 3 dice (0.5) destroy h
// fighters, then the linkship (0.3) fights the 3 − h left (0.2):
// tlDuel. There is no structure in the space area, so its Space Cannon
// text cannot act.
func TestRalNelLinkshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "ral-nel", "1 destroyer ii"), Defender: combat.Side{Fleet: mustFleet(t, "3 fighter")}}
	win, draw := afbThenN(3, 3, 0.5, func(f int) (float64, float64) {
		w, d, _ := tlDuel(1, f, 0.3, 0.2)
		return w, d
	})
	checkN(t, sc, 909, win, draw)
}

// Ral Nel, Last Dispatch (§2.7): combat 8 (x2), Sustain Damage (2 points,
// 2 dice at 0.3) against 2 cruisers I (0.4). Its text acts only on a
// retreat, and no one retreats here.
func TestRalNelFlagshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "ral-nel", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser")}}
	win, draw := reference.PointDuel(2, 2, reference.FixedDice(2), reference.DiePerPoint, 0.3, 0.4)
	checkN(t, sc, 915, win, draw)
}

// Crimson Rebellion, Exile II (§2.5): combat 7 (0.4), Anti-Fighter
// Barrage 6 (x3). Two attack 4 fighters I: the barrage's 6 dice (0.5)
// destroy min(h, 4), then 2 Exiles (0.4) fight the rest (0.2): tlDuel.
// (A generic Destroyer II would hit on 8.)
func TestCrimsonExileNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "crimson", "2 destroyer ii"), Defender: combat.Side{Fleet: mustFleet(t, "4 fighter")}}
	win, draw := afbThenN(6, 4, 0.5, func(f int) (float64, float64) {
		w, d, _ := tlDuel(2, f, 0.4, 0.2)
		return w, d
	})
	checkN(t, sc, 910, win, draw)
}

// Deepwrought, D.W.S. Luminous (§2.7): combat 7 (x2), Sustain Damage (2
// points, 2 dice at 0.4) against 4 fighters I (0.2). Its text is movement.
func TestDeepwroughtFlagshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "deepwrought", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "4 fighter")}}
	win, draw := reference.PointDuel(2, 4, reference.FixedDice(2), reference.DiePerPoint, 0.4, 0.2)
	checkN(t, sc, 911, win, draw)
}

// Firmament, Heaven's Eye (§2.7): combat 5 (x2), Sustain Damage (2 points,
// 2 dice at 0.6) against 2 cruisers II (combat 6: 0.5). Its repair needs a
// puppeted opponent (a plot card), which a plain scenario does not have.
func TestFirmamentFlagshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "firmament", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser ii")}}
	win, draw := reference.PointDuel(2, 2, reference.FixedDice(2), reference.DiePerPoint, 0.6, 0.5)
	checkN(t, sc, 912, win, draw)
}

// Obsidian, Heaven's Hollow (§2.7): combat 5 (x3), Sustain Damage (2
// points, 3 dice at 0.6) against 3 cruisers I (0.4), no text.
func TestObsidianFlagshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "obsidian", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "3 cruiser")}}
	win, draw := reference.PointDuel(2, 3, reference.FixedDice(3), reference.DiePerPoint, 0.6, 0.4)
	checkN(t, sc, 913, win, draw)
}

// Last Bastion, The Egeiro (§2.7): combat 9 (x1), Sustain Damage (2
// points, 1 die at 0.2) against 1 cruiser I (0.4). Its +1 per non-home
// system holding a Last Bastion planet is not modelled: the numbers
// assume no such system, and the run warns about it.
func TestLastBastionFlagshipNumbersN(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "last-bastion", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	win, draw := reference.PointDuel(2, 1, reference.FixedDice(1), reference.DiePerPoint, 0.2, 0.4)
	res := checkN(t, sc, 914, win, draw)
	warned(t, res, "The Egeiro")
}
