package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Devour: a Vuil'raith cruiser against a cruiser (each die 0.4). Per round
// only the Vuil'raith hit 0.24, only the opponent 0.24, both 0.16, neither
// 0.36: the opponent's cruiser is destroyed (and captured) with
// 0.40/0.64 = 0.625. Captures are Monte Carlo only: exact mode refuses.
func TestDevour(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "vuil-raith", "1 cruiser"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	res := mustRun(t, sc, factionTrials, 51)
	modelled(t, res, "Devour")
	near(t, "cruisers captured", res.Attacker.Captured.Value, 0.625, bernoulliSD(0.625))
	if res.Defender.Captured.Value != 0 {
		t.Errorf("the side without Devour captured %v units", res.Defender.Captured.Value)
	}
	refused(t, sc, "Devour")
	noTrialAllocs(t, "devour", sc)
}

// The Terror Between captures every unit destroyed in its system while it
// lives, its own side's too. One round: the flagship (2 dice at 5, 0.6;
// Sustain Damage) and a fighter (9: 0.2) against 2 fighters (0.2 each).
// The default hit order uses Sustain Damage first: the flagship sustains
// the first hit and the fighter dies on the second, so the flagship lives
// through the round. The Vuil'raith hits Ha = Bin(2, 0.6) + Bin(1, 0.2):
// P(0) = 0.128, P(1) = 0.416, so E[min(Ha, 2)] = 0.416 + 2·0.456 = 1.328
// opposing fighters; their own fighter dies when both opposing fighters
// hit, 0.2² = 0.04. Captured: 1.368.
func TestTerrorBetween(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSide(t, "vuil-raith", "1 flagship, 1 fighter"),
		Defender: combat.Side{Fleet: mustFleet(t, "2 fighter")}}
	res := mustRun(t, sc, factionTrials, 52)
	modelled(t, res, "The Terror Between")
	// SD of the captured count: the two parts are independent; Var of
	// min(Ha, 2) from its law, Var of the own fighter's loss 0.04·0.96.
	m1 := 0.416 + 2*0.456
	v := 0.416 + 4*0.456 - m1*m1 + 0.04*0.96
	near(t, "units captured", res.Attacker.Captured.Value, m1+0.04, math.Sqrt(v))
}
