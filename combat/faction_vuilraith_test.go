package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of The Vuil'raith Cabal's texts. Every expected value is worked out by
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
	h := binomDist(3, 0.3)
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
