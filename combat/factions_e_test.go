package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of the faction texts of factions_e.go. Every expected value is
// worked out by hand in the comments, never taken from the engine; Monte
// Carlo answers must fall within 4 standard errors.

func TestFactionsEModelled(t *testing.T) {
	for _, slug := range []string{"ta-zern", "trrakan-aun-zulok", "tellurian"} {
		if !combat.Modelled(slug) {
			t.Errorf("%s is not modelled", slug)
		}
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
	notExact(t, sc)
	noTrialAllocs(t, "ta zern", sc)

	a := factionSide(t, "jolnar", "1 destroyer")
	a.Cards, a.Modifier = []string{"ta-zern"}, -9
	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 3 fighter")}}
	res = mustRun(t, sc, factionTrials, 502)
	near(t, "fighters left", survivors(t, res.Defender, "Fighter I"), 2.28, math.Sqrt(2*0.36*0.64))
	modelled(t, res, "Ta Zern")

	// A ground combat alone has no unit-ability roll: nothing, and exact
	// mode still solves it.
	g := factionSide(t, "jolnar", "2 infantry")
	g.Cards = []string{"ta-zern"}
	sc = combat.Scenario{Action: combat.GroundCombat, Attacker: g, Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
	warned(t, mustSolve(t, sc), "Ta Zern", "does nothing")
}

// Trrakan Aun Zulok: an Argent Strike Wing Alpha I that cannot hit in
// combat (Anti-Fighter Barrage 9 (x2): 0.2) rolls a third barrage die
// against a carrier with 3 fighters: 3 − 3·0.2 = 2.4 fighters left,
// standard deviation √(3·0.2·0.8) (2.6 without the commander). Raid
// Formation has no excess hit to use (at most 3 hits, 3 fighters). Static:
// the exact answer is 2.4 too. Against 2 PDS I (Space Cannon 6: 0.5) of an
// Argent defender, the extra space cannon die makes the 3 destroyers lose
// 3·0.5: 1.5 left.
func TestTrrakanAunZulok(t *testing.T) {
	a := factionSide(t, "argent", "1 destroyer")
	a.Cards, a.Modifier = []string{"trrakan-aun-zulok"}, -9
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 3 fighter")}}
	exactNear(t, "fighters left", survivors(t, mustSolve(t, sc).Defender, "Fighter I"), 2.4)
	res := mustRun(t, sc, factionTrials, 511)
	near(t, "fighters left", survivors(t, res.Defender, "Fighter I"), 2.4, math.Sqrt(3*0.2*0.8))
	modelled(t, res, "Trrakan Aun Zulok")
	noTrialAllocs(t, "trrakan aun zulok", sc)

	d := factionSide(t, "argent", "2 pds")
	d.Cards = []string{"trrakan-aun-zulok"}
	sc = combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "3 destroyer")}, Defender: d}
	exactNear(t, "destroyers left", survivors(t, mustSolve(t, sc).Attacker, "Destroyer I"), 1.5)
	res = mustRun(t, sc, factionTrials, 512)
	near(t, "destroyers left", survivors(t, res.Attacker, "Destroyer I"), 1.5, math.Sqrt(3*0.25))

	// With Plasma Scoring too, the extra dice add up: 4 dice at 0.5, H ~
	// Bin(4, 0.5), destroyers left E[max(3 − H, 0)] = (3·1 + 2·4 + 1·6)/16 =
	// 17/16; E[left²] = (9 + 16 + 6)/16 = 31/16.
	sc.Defender.Techs = []string{"plasma-scoring"}
	exactNear(t, "destroyers left with Plasma Scoring", survivors(t, mustSolve(t, sc).Attacker, "Destroyer I"), 17.0/16)
	res = mustRun(t, sc, factionTrials, 513)
	near(t, "destroyers left with Plasma Scoring", survivors(t, res.Attacker, "Destroyer I"), 17.0/16, math.Sqrt(31.0/16-17.0*17/256))
}

// Tellurian: a cruiser (7: 0.4) against a cruiser whose side holds the
// agent. While it is ready, a round ends: both hit (0.16) — the attacker's
// hit is cancelled, the defender wins; the attacker alone hits (0.24) — it
// is cancelled, the agent is spent, both cruisers fight on; the defender
// alone hits (0.24) — it wins; both miss (0.36) — again. Spent, a plain
// duel: attacker 0.24/0.64 = 0.375, draw 0.16/0.64 = 0.25, defender 0.375.
// So the defender wins (0.16 + 0.24 + 0.24·0.375)/0.64 = 0.765625, the
// attacker 0.24·0.375/0.64 = 0.140625, draw 0.24·0.25/0.64 = 0.09375.
// (Without the agent: 0.375 each way.)
func TestTellurian(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Cards: []string{"tellurian"}}}
	res := mustRun(t, sc, factionTrials, 521)
	near(t, "defender wins", res.Outcome.DefenderWin.P, 0.765625, bernoulliSD(0.765625))
	near(t, "attacker wins", res.Outcome.AttackerWin.P, 0.140625, bernoulliSD(0.140625))
	near(t, "draw", res.Outcome.Draw.P, 0.09375, bernoulliSD(0.09375))
	modelled(t, res, "Tellurian")
	notExact(t, sc)
	noTrialAllocs(t, "tellurian", sc)
}
