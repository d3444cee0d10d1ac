package combat_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
	"github.com/ti4sim/ti4sim/units"
)

// Tests of the Crimson Rebellion's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Quietus with an active breach (the Crimson list "quietus"): the
// opponent's dreadnought loses Sustain Damage, so the Crimson flagship (2
// dice at 5) and 2 cruisers (7) kill it with any hit in round 1: left
// 0.4²·0.6²; without the breach it needs 2 hits. Static: exact mode agrees.
func TestQuietus(t *testing.T) {
	for _, c := range []struct {
		cards []string
		left  float64
	}{{[]string{"quietus"}, 0.16 * 0.36}, {nil, 1 - reference.AtLeast2(2, 0.6, 2, 0.4)}} {
		a := factionSide(t, "crimson", "1 flagship, 2 cruiser")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 pds")}}
		res := mustRun(t, sc, factionTrials, 360)
		near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), c.left, bernoulliSD(c.left))
		modelled(t, res, "Quietus")
	}
}

// quietusChain is an independent Markov chain (issue 28, A6) for the
// Crimson flagship and an Exile I with −2 to their combat rolls (2 dice
// at 5 + 2: 0.4; 1 die at 8 + 2: 0.1),
// hit order flagship first (it sustains, then falls, then the Exile goes):
// attacker states 3 (flagship whole and Exile), 2 (flagship damaged and
// Exile), 1 (Exile alone), 0; against a Dreadnought I (1 die at 5: 0.6)
// whose Sustain Damage Quietus takes away while the flagship is in the
// system, read at the start of the round's Assign Hits step (LRR 78.6a):
// blocked when the round starts in state 3 or 2. block(a) says so; with
// block always true it is the old reading, the abilities lost for good.
// It returns P(attacker wins), P(draw), P(defender wins) from (3, 2).
func quietusChain(block func(a int) bool) [3]float64 {
	pmfA := func(a int) []float64 {
		if a == 1 {
			return []float64{0.9, 0.1}
		}
		b := []float64{0.36, 0.48, 0.16} // Binomial(2, 0.4)
		return []float64{b[0] * 0.9, b[0]*0.1 + b[1]*0.9, b[1]*0.1 + b[2]*0.9, b[2] * 0.1}
	}
	pmfD := []float64{0.4, 0.6}
	type st struct{ a, d int }
	memo := map[st][3]float64{}
	var v func(a, d int) [3]float64
	v = func(a, d int) [3]float64 {
		switch {
		case a > 0 && d == 0:
			return [3]float64{1, 0, 0}
		case a == 0 && d > 0:
			return [3]float64{0, 0, 1}
		case a == 0:
			return [3]float64{0, 1, 0}
		}
		if r, ok := memo[st{a, d}]; ok {
			return r
		}
		pa := pmfA(a)
		var out [3]float64
		for ha, qa := range pa {
			for hd, qd := range pmfD {
				if ha == 0 && hd == 0 {
					continue
				}
				nd := max(d-ha, 0)
				if ha > 0 && block(a) {
					nd = 0 // no Sustain Damage: the first hit destroys it
				}
				r := v(max(a-hd, 0), nd)
				for i := range out {
					out[i] += qa * qd * r[i]
				}
			}
		}
		for i := range out {
			out[i] /= 1 - pa[0]*pmfD[0]
		}
		memo[st{a, d}] = out
		return out
	}
	return v(3, 2)
}

// Quietus ends with the flagship (issue 28, A6): the card's "While this
// unit is in a system ..." — once the flagship is destroyed the
// dreadnought may sustain again. Exact mode to 1e-9 and Monte Carlo within
// 4 standard errors match quietusChain with the block lifted in state 1;
// the old reading (lost for good) differs from it by far more.
func TestQuietusEndsWithFlagship(t *testing.T) {
	want := quietusChain(func(a int) bool { return a >= 2 })
	old := quietusChain(func(int) bool { return true })
	if math.Abs(want[2]-old[2]) < 0.005 {
		t.Fatalf("the chain does not tell the readings apart: %v, %v", want, old)
	}
	a := factionSide(t, "crimson", "1 flagship, 1 destroyer")
	a.Cards = []string{"quietus"}
	a.Modifier = -2
	a.Order = combat.Order{Kinds: []units.Kind{units.Flagship, units.Destroyer}}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
	res := mustSolve(t, sc)
	got := [3]float64{res.Outcome.AttackerWin.P, res.Outcome.Draw.P, res.Outcome.DefenderWin.P}
	for i, name := range []string{"attacker wins", "draw", "defender wins"} {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Errorf("exact: %s = %.12f, want %.12f (the old reading: %.12f)", name, got[i], want[i], old[i])
		}
	}
	mc := mustRun(t, sc, factionTrials, 361)
	near(t, "Monte Carlo: attacker wins", mc.Outcome.AttackerWin.P, want[0], bernoulliSD(want[0]))
	near(t, "Monte Carlo: defender wins", mc.Outcome.DefenderWin.P, want[2], bernoulliSD(want[2]))
}

// Quietus in an invasion by the Crimson (no defending ships, no PDS
// nearby: the flagship is there throughout): the defender's PDS gives
// neither Planetary Shield nor Space Cannon Defense, so the dreadnought
// bombards (5: 0.6) the lone infantry; if it survives, infantry duel at
// 8 each (0.3): the Crimson take the planet with 0.21/0.51.
// P(attacker wins) = 0.6 + 0.4·0.21/0.51, exact. No warning: the
// flagship cannot fall before the ground steps.
func TestQuietusInvasion(t *testing.T) {
	a := factionSide(t, "crimson", "1 flagship, 1 dreadnought, 1 infantry")
	a.Cards = []string{"quietus"}
	sc := combat.Scenario{Action: combat.Invasion, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 pds, 1 infantry")}}
	res := mustSolve(t, sc)
	if want := 0.6 + 0.4*0.21/0.51; math.Abs(res.Outcome.AttackerWin.P-want) > 1e-9 {
		t.Errorf("attacker wins = %.12f, want %.12f", res.Outcome.AttackerWin.P, want)
	}
	for _, w := range res.Warnings {
		if strings.Contains(w, "Quietus") {
			t.Errorf("unexpected warning %q", w)
		}
	}
}
