package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Vuil'raith Cabal's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Reanimator: Vuil'raith infantry destroyed on the mech's planet are
// captured. The default hit policy uses the mech's Sustain Damage on the
// first hit.
//
// Defending, one ground combat round: 3 infantry (0.3 each) against 2
// Vuil'raith infantry (0.3 each) and a mech (0.5, Sustain Damage). The
// opponent's H ~ Bin(3, 0.3) hits: the mech sustains the first, then
// min(H − 1, 2) infantry are destroyed with the mech alive, all captured:
// E = P(H=2) + 2·P(H=3) = 0.189 + 0.054 = 0.243. Devour adds the
// opponent's infantry the Vuil'raith destroy, A = Bin(2, 0.3) +
// Bin(1, 0.5) ≤ 3: E = 1.1, Var = 2·0.21 + 0.25 = 0.67; independent of H.
// Total 1.343.
//
// Attacking, an invasion: 3 dreadnoughts (capacity 1 each), 2 infantry and
// a mech against 3 PDS (space cannon 6: 0.5). The dreadnoughts sustain
// every space cannon offense hit, so every ground force is carried and
// lands; after the commitment, space cannon defense scores
// H ~ Bin(3, 0.5): the mech sustains the first and min(H − 1, 2) infantry
// are destroyed on the planet beside the mech: E = 3/8 + 2/8 = 0.625,
// Var = 3/8 + 4/8 − 0.625². With The Terror Between and 2 dreadnoughts
// instead (the three ships sustain every space cannon hit and carry
// everything, so the flagship lives) the flagship captures them itself and
// the total stays 0.625 (no double count).
func TestReanimator(t *testing.T) {
	h := reference.BinomDist(3, 0.3)
	m := h[2] + 2*h[3]
	v := h[2] + 4*h[3] - m*m
	sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1,
		Attacker: combat.Side{Fleet: mustFleet(t, "3 infantry")},
		Defender: factionSide(t, "vuil-raith", "2 infantry, 1 mech")}
	res := mustRun(t, sc, factionTrials, 630)
	modelled(t, res, "Reanimator")
	near(t, "captured (defending)", res.Defender.Captured.Value, m+1.1, math.Sqrt(v+0.67))
	refused(t, sc, "Reanimator")

	for i, fleet := range []string{"3 dreadnought, 2 infantry, 1 mech", "2 dreadnought, 1 flagship, 2 infantry, 1 mech"} {
		sc := combat.Scenario{Action: combat.Invasion,
			Attacker: factionSide(t, "vuil-raith", fleet),
			Defender: combat.Side{Fleet: mustFleet(t, "3 pds")}}
		res := mustRun(t, sc, factionTrials, 631+uint64(i))
		modelled(t, res, "Reanimator")
		near(t, "captured (invading) with "+fleet, res.Attacker.Captured.Value, 0.625, math.Sqrt(0.875-0.625*0.625))
	}

	sc.Defender.Cards = []string{"articles-of-war"}
	res = mustRun(t, sc, factionTrials, 633)
	near(t, "captured with Articles of War (Devour only)", res.Defender.Captured.Value, 1.1, math.Sqrt(0.67))
	warned(t, res, "Reanimator", "Articles of War")
}

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

// TestDevourCapturesJoinedUnits checks Devour against units that join the
// combat (issue 27, found by the scenario generator: Devour indexed the
// opponent's slots as they were when the plan was built, and a fighter of
// Brother Milor's slot, added later, crashed the run). The Vuil'raith
// dreadnought always hits (+9) and the Yin destroyer never does (-9): round
// 1 destroys the destroyer, Brother Milor places 2 fighters, rounds 2 and 3
// destroy them; all three are destroyed by combat hits and captured.
// Without the agent only the destroyer is.
func TestDevourCapturesJoinedUnits(t *testing.T) {
	for _, c := range []struct {
		cards    []string
		captured float64
	}{{[]string{"brother-milor"}, 3}, {nil, 1}} {
		att := factionSide(t, "vuil-raith", "1 dreadnought")
		att.Modifier = 9
		def := factionSideCards(t, "yin", "1 destroyer", nil, c.cards)
		def.Modifier = -9
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: att, Defender: def}
		res := mustRun(t, sc, 2000, 27)
		if res.Outcome.AttackerWin.P != 1 || res.Attacker.Captured.Value != c.captured {
			t.Errorf("cards %q: attacker wins %v, captures %v; want 1 and %v", c.cards, res.Outcome.AttackerWin.P, res.Attacker.Captured.Value, c.captured)
		}
	}
}
