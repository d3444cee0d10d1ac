package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of Sardakk N'orr's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// The N'orr flagship gives +1 to the other N'orr ships while it is there.
// One round, flagship (2 dice on 5 with Unrelenting: 0.6 each) and a cruiser
// (on 7 − 1 − 1 = 5: 0.6) against a defender's cruiser: the defender's
// cruiser survives round 1 only if all three dice miss: 0.4³ = 0.064.
// Without the flagship's +1 the cruiser hits on 6 (0.5): 0.4²·0.5 = 0.08.
func TestSardakkFlagship(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSide(t, "sardakk", "1 flagship, 1 cruiser"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	mc := mustRun(t, sc, 200000, 22)
	got := mc.Defender.Survivors[0].Expected.Value
	if se := math.Sqrt(0.064 * 0.936 / 200000); math.Abs(got-0.064) > 4*se {
		t.Errorf("defender cruiser left after round 1 = %.5f, want 0.064 (without the aura it would be 0.08)", got)
	}
	// Exact mode sees the aura too: flagship and cruiser against 4 cruisers,
	// exact and Monte Carlo agree.
	sc2 := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "sardakk", "1 flagship, 2 cruiser"), Defender: combat.Side{Fleet: mustFleet(t, "4 cruiser")}}
	ex := mustSolve(t, sc2)
	mc2 := mustRun(t, sc2, 200000, 23)
	p := ex.Outcome.AttackerWin.P
	if se := math.Sqrt(p * (1 - p) / 200000); math.Abs(mc2.Outcome.AttackerWin.P-p) > 4*se {
		t.Errorf("exact %.5f, Monte Carlo %.5f", p, mc2.Outcome.AttackerWin.P)
	}
}

// Valkyrie Exoskeleton: a N'orr mech (6 − 1 = 5: 0.6) against an infantry
// (8: 0.3), one round. The infantry survives only if the mech misses and
// the infantry misses (a hit would be sustained, and the sustain hits
// back): 0.4 · 0.7 = 0.28; without the text 0.4. Articles of War takes the
// text away.
func TestValkyrieExoskeleton(t *testing.T) {
	for _, c := range []struct {
		cards []string
		left  float64
	}{{nil, 0.28}, {[]string{"articles-of-war"}, 0.4}} {
		a := factionSide(t, "sardakk", "1 mech")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1, Attacker: a,
			Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
		res := mustRun(t, sc, factionTrials, 101)
		near(t, "infantry left", res.Defender.Survivors[0].Expected.Value, c.left, bernoulliSD(c.left))
		modelled(t, res, "Valkyrie Exoskeleton")
		if c.cards != nil {
			warned(t, res, "Valkyrie Exoskeleton", "Articles of War")
		}
	}
	notExact(t, combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "sardakk", "1 mech"), Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}})
}

// Valkyrie Particle Weave: a N'orr infantry (7: 0.4) against an infantry
// (0.3), one round. The defender's infantry survives only if the N'orr
// score no hit: their die misses and the defender's misses too (else the
// weave adds one): 0.6 · 0.7 = 0.42; without it 0.6.
func TestValkyrieParticleWeave(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1,
		Attacker: factionSide(t, "sardakk", "1 infantry", "valkyrie-particle-weave"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	res := mustRun(t, sc, factionTrials, 102)
	near(t, "infantry left", res.Defender.Survivors[0].Expected.Value, 0.42, bernoulliSD(0.42))
	modelled(t, res, "Valkyrie Particle Weave")
	sc.MaxRounds = 0
	notExact(t, sc)
}

// Exotrireme II: one (5 − 1 = 4: 0.7, Sustain Damage) against 2
// dreadnoughts (5: 0.6 each). In round 1 the N'orr score at most 1 hit,
// which a dreadnought sustains; the Exotrireme is destroyed if both
// dreadnoughts hit (0.36). Otherwise, at the end of the round, it destroys
// itself and both dreadnoughts (worth 8 ≥ 4): a draw, 0.64.
func TestExotriremeII(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "sardakk", "1 dreadnought", "dreadnought-ii"),
		Defender: combat.Side{Fleet: mustFleet(t, "2 dreadnought")}}
	res := mustRun(t, sc, factionTrials, 103)
	near(t, "draw", res.Outcome.Draw.P, 0.64, bernoulliSD(0.64))
	near(t, "defender wins", res.Outcome.DefenderWin.P, 0.36, bernoulliSD(0.36))
	near(t, "defender dreadnoughts left", res.Defender.Survivors[0].Expected.Value, 0.72, 2*bernoulliSD(0.36))
	modelled(t, res, "Exotrireme II")
	notExact(t, sc)
}

// Tekklar Legion, held against the N'orr: the holder's infantry hits on
// 8 − 1 = 7 (0.4), the N'orr infantry on 8 − 1 (Unrelenting) + 1 = 8
// (0.3). Per round: holder only 0.28, N'orr only 0.18, both 0.12, none
// 0.42, so the holder wins 0.28/0.58 and draws 0.12/0.58. The N'orr cannot
// use their own note.
func TestTekklarLegion(t *testing.T) {
	a := combat.Side{Fleet: mustFleet(t, "1 infantry"), Cards: []string{"tekklar-legion"}}
	sc := combat.Scenario{Action: combat.GroundCombat, Attacker: a, Defender: factionSide(t, "sardakk", "1 infantry")}
	win, draw := 0.28/0.58, 0.12/0.58
	ex := mustSolve(t, sc)
	if math.Abs(ex.Outcome.AttackerWin.P-win) > 1e-9 || math.Abs(ex.Outcome.Draw.P-draw) > 1e-9 {
		t.Errorf("exact %.9f/%.9f, hand %.9f/%.9f", ex.Outcome.AttackerWin.P, ex.Outcome.Draw.P, win, draw)
	}
	res := mustRun(t, sc, factionTrials, 104)
	near(t, "holder wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	modelled(t, res, "Tekklar Legion")

	own := factionSide(t, "sardakk", "1 infantry")
	own.Cards = []string{"tekklar-legion"}
	res = mustRun(t, combat.Scenario{Action: combat.GroundCombat, Attacker: own,
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}, 1000, 1)
	warned(t, res, "Tekklar Legion", "own promissory note")
}
