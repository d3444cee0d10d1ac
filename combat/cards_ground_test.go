package combat_test

// Tests of the invasion and ground combat action cards (Bunker, Fire Team,
// Disable, Parley, Blitz) and of the Entropic Scar anomaly.
//
// Every expected value is derived independently of the engine: by hand in
// the comments, or by the small exact calculations below (gndDuel and
// friends), which know only the dice. Monte Carlo estimates must lie within
// gndMaxZ standard errors of the exact value, the SE computed from the exact
// probability; deterministic effects are also solved exactly and must match
// within 1e-9. Seeds are fixed.

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
	"github.com/ti4sim/ti4sim/units"
)

const (
	gndTrials = 200_000 / raceTrialDivisor // fewer under -race (race_test.go)
	gndMaxZ   = 4.0
)

// gndProb checks a simulated probability against its exact value: within
// gndMaxZ standard errors, or exactly when the value is certain.
func gndProb(t *testing.T, what string, got, want float64) {
	t.Helper()
	se := math.Sqrt(want * (1 - want) / gndTrials)
	if se == 0 {
		if got != want {
			t.Errorf("%s: simulated %.6f, want exactly %.6f", what, got, want)
		}
		t.Logf("%-40s exact %.6f  sim %.6f  (certain)", what, want, got)
		return
	}
	z := (got - want) / se
	t.Logf("%-40s exact %.6f  sim %.6f  z %+.2f", what, want, got, z)
	if math.Abs(z) > gndMaxZ {
		t.Errorf("%s: simulated %.6f, exact %.6f, z = %.2f", what, got, want, z)
	}
}

// gndExact checks a solved value against the hand value within 1e-9.
func gndExact(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("%s (exact mode): %.12f, want %.12f", what, got, want)
	}
}

// gndOutcomes checks the three outcome probabilities of a Run, and of a
// Solve when solve is set, against w = {attacker wins, draw, defender wins}.
func gndOutcomes(t *testing.T, sc combat.Scenario, seed uint64, solve bool, w [3]float64) combat.Result {
	t.Helper()
	if d := math.Abs(w[0] + w[1] + w[2] - 1); d > 1e-12 {
		t.Fatalf("hand values add up to %v", w[0]+w[1]+w[2])
	}
	res := mustRun(t, sc, gndTrials, seed)
	o := res.Outcome
	gndProb(t, "attacker wins", o.AttackerWin.P, w[0])
	gndProb(t, "draw", o.Draw.P, w[1])
	gndProb(t, "defender wins", o.DefenderWin.P, w[2])
	if solve {
		ex := mustSolve(t, sc)
		gndExact(t, "attacker wins", ex.Outcome.AttackerWin.P, w[0])
		gndExact(t, "draw", ex.Outcome.Draw.P, w[1])
		gndExact(t, "defender wins", ex.Outcome.DefenderWin.P, w[2])
	}
	return res
}

// gndSurvivors returns the expected survivors of kind k in a side's result.
func gndSurvivors(t *testing.T, sr combat.SideResult, k units.Kind) float64 {
	t.Helper()
	for _, s := range sr.Survivors {
		if s.Kind == k {
			return s.Expected.Value
		}
	}
	t.Fatalf("no %s in the result", k)
	return 0
}

// gndWarned reports whether some warning mentions all the given words.
func gndWarned(res combat.Result, words ...string) bool {
	for _, w := range res.Warnings {
		all := true
		for _, x := range words {
			all = all && strings.Contains(w, x)
		}
		if all {
			return true
		}
	}
	return false
}

// gndDuel returns the outcome of a combat between a and d single-die units
// without Sustain Damage that hit with probabilities pa and pd: {attacker
// wins, draw, defender wins}. Both sides roll at once each round; the first
// round the attacker's dice hit with p1a instead (a reroll of misses makes
// it 1−(1−pa)²), every later round with pa.
func gndDuel(a, d int, p1a, pa, pd float64) [3]float64 {
	memo := map[[2]int][3]float64{}
	var later func(a, d int) [3]float64
	// step gives the value of (a, d) when this round's attacker dice hit
	// with q; selfLoop says the no-hit outcome repeats this same round kind.
	step := func(a, d int, q float64, selfLoop bool) [3]float64 {
		ba, bd := reference.BinomDist(a, q), reference.BinomDist(d, pd)
		var v [3]float64
		stay := ba[0] * bd[0]
		for ha, x := range ba {
			for hd, y := range bd {
				if ha == 0 && hd == 0 {
					continue
				}
				n := later(max(a-hd, 0), max(d-ha, 0))
				for i := range v {
					v[i] += x * y * n[i]
				}
			}
		}
		if selfLoop {
			for i := range v {
				v[i] /= 1 - stay
			}
			return v
		}
		n := later(a, d)
		for i := range v {
			v[i] += stay * n[i]
		}
		return v
	}
	later = func(a, d int) [3]float64 {
		switch {
		case a == 0 && d == 0:
			return [3]float64{0, 1, 0}
		case d == 0:
			return [3]float64{1, 0, 0}
		case a == 0:
			return [3]float64{0, 0, 1}
		}
		k := [2]int{a, d}
		if v, ok := memo[k]; ok {
			return v
		}
		v := step(a, d, pa, true)
		memo[k] = v
		return v
	}
	if a == 0 || d == 0 {
		return later(a, d)
	}
	return step(a, d, p1a, false)
}

// gndInf is an infantry I's chance to hit (8+) and the outcome of one
// infantry against one: 0.21/0.51 to win, 0.09/0.51 draw, 0.21/0.51 lose.
const gndInf = 0.3

var gndOneOnOne = [3]float64{0.21 / 0.51, 0.09 / 0.51, 0.21 / 0.51}

// gndAfterBombard mixes the ground combat of one attacker infantry against
// the defender's infantry after b hits with probability pmf[b].
func gndAfterBombard(defInf int, pmf []float64) [3]float64 {
	var w [3]float64
	for h, q := range pmf {
		v := gndDuel(1, max(defInf-h, 0), gndInf, gndInf, gndInf)
		for i := range w {
			w[i] += q * v[i]
		}
	}
	return w
}

func TestGroundHelpers(t *testing.T) {
	// The exact helper against the hand value of one infantry against one.
	v := gndDuel(1, 1, gndInf, gndInf, gndInf)
	for i := range v {
		if math.Abs(v[i]-gndOneOnOne[i]) > 1e-12 {
			t.Fatalf("gndDuel(1,1) = %v, want %v", v, gndOneOnOne)
		}
	}
}

// Bunker: the defender's −4 to each bombardment die.
func TestBunker(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry"), Cards: []string{"bunker"}},
	}
	// No space combat (no defender ships). The dreadnought's Bombardment 5
	// hits on 5+ (0.6); with −4 only on 9+ (0.2). A hit kills the lone
	// defender infantry and the attacker lands unopposed; otherwise one
	// infantry against one.
	for _, c := range []struct {
		name string
		b    float64
		mod  func(*combat.Scenario)
	}{
		{"bunker", 0.2, func(*combat.Scenario) {}},
		{"no card", 0.6, func(s *combat.Scenario) { s.Defender.Cards = nil }},
		// Held by the attacker (who does not control the planet): no effect.
		{"held by the attacker", 0.6, func(s *combat.Scenario) { s.Defender.Cards, s.Attacker.Cards = nil, []string{"bunker"} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := sc
			c.mod(&s)
			w := gndAfterBombard(1, []float64{1 - c.b, c.b})
			res := gndOutcomes(t, s, 11, true, w)
			if c.name == "held by the attacker" && !gndWarned(res, "Bunker", "attacker") {
				t.Errorf("no warning that Bunker does nothing for the attacker: %q", res.Warnings)
			}
		})
	}
	// Bunker does not touch the ground combat rolls: without bombardment
	// (a carrier) the result is one infantry against one.
	t.Run("no bombardment", func(t *testing.T) {
		s := sc
		s.Attacker.Fleet = mustFleet(t, "1 carrier, 1 infantry")
		gndOutcomes(t, s, 12, true, gndOneOnOne)
	})
	// Two dreadnoughts against two infantry: each die 0.2 with Bunker.
	t.Run("two dice", func(t *testing.T) {
		s := sc
		s.Attacker.Fleet = mustFleet(t, "2 dreadnought, 1 infantry")
		s.Defender.Fleet = mustFleet(t, "2 infantry")
		gndOutcomes(t, s, 13, true, gndAfterBombard(2, reference.BinomDist(2, 0.2)))
	})
}

// Fire Team: a reroll of the holder's missed ground combat dice in round 1;
// exact mode (the round's hit distribution with misses rerolled) and Monte
// Carlo both against the hand values.
func TestFireTeam(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 infantry"), Cards: []string{"fire-team"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")},
	}
	// Round 1: the attacker hits with 1−0.7² = 0.51, the defender 0.3.
	// A wins: 0.51·0.7 = 0.357; draw 0.51·0.3 = 0.153; D wins 0.49·0.3 =
	// 0.147; both miss 0.343, then a plain 1-vs-1 (0.21, 0.09, 0.21)/0.51:
	// A 0.357 + 0.343·0.21/0.51 = 0.498235, draw 0.213529, D 0.288235.
	// (Rerolling every round would give A 0.357/0.657 = 0.5434.)
	want := [3]float64{0.357 + 0.343*0.21/0.51, 0.153 + 0.343*0.09/0.51, 0.147 + 0.343*0.21/0.51}
	if v := gndDuel(1, 1, 0.51, gndInf, gndInf); math.Abs(v[0]-want[0]) > 1e-12 || math.Abs(v[2]-want[2]) > 1e-12 {
		t.Fatalf("helper %v disagrees with the hand values %v", v, want)
	}
	gndOutcomes(t, sc, 21, true, want)

	// Held by the defender: the mirror image.
	t.Run("defender", func(t *testing.T) {
		s := sc
		s.Attacker.Cards, s.Defender.Cards = nil, []string{"fire-team"}
		gndOutcomes(t, s, 22, true, [3]float64{want[2], want[1], want[0]})
	})
	// Three infantry against three, the holder rerolling in round 1 only.
	t.Run("three each", func(t *testing.T) {
		s := sc
		s.Attacker.Fleet = mustFleet(t, "3 infantry")
		s.Defender.Fleet = mustFleet(t, "3 infantry")
		gndOutcomes(t, s, 23, true, gndDuel(3, 3, 0.51, gndInf, gndInf))
	})
	// In an invasion it acts in the ground combat only: a dreadnought's
	// bombardment (0.6) is not rerolled.
	t.Run("invasion", func(t *testing.T) {
		s := combat.Scenario{Action: combat.Invasion,
			Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry"), Cards: []string{"fire-team"}},
			Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")},
		}
		v := gndDuel(1, 1, 0.51, gndInf, gndInf)
		gndOutcomes(t, s, 24, true, [3]float64{0.6 + 0.4*v[0], 0.4 * v[1], 0.4 * v[2]})
	})
}

// Disable: the defender's PDS lose Planetary Shield and Space Cannon
// during the invasion; space cannon offense is untouched.
func TestDisable(t *testing.T) {
	// A dreadnought and an infantry against a PDS and an infantry. The PDS
	// fires in space cannon offense (6+, 0.5) at the dreadnought, which
	// always sustains: no effect on the outcome. Without the card the
	// shield stops the bombardment and the PDS fires at the committed
	// infantry (0.5): A wins 0.5·0.21/0.51 = 0.205882. With Disable the
	// dreadnought bombards (0.6) and no space cannon defense:
	// A wins 0.6 + 0.4·0.21/0.51 = 0.764706.
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry"), Cards: []string{"disable"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 pds, 1 infantry")},
	}
	t.Run("disable", func(t *testing.T) {
		gndOutcomes(t, sc, 31, true, gndAfterBombard(1, []float64{0.4, 0.6}))
	})
	t.Run("no card", func(t *testing.T) {
		s := sc
		s.Attacker.Cards = nil
		gndOutcomes(t, s, 32, true, [3]float64{0.5 * gndOneOnOne[0], 0.5 * gndOneOnOne[1], 0.5 + 0.5*gndOneOnOne[2]})
	})
	// Held by the defender: nothing, with a warning.
	t.Run("held by the defender", func(t *testing.T) {
		s := sc
		s.Attacker.Cards, s.Defender.Cards = nil, []string{"disable"}
		res := gndOutcomes(t, s, 33, true, [3]float64{0.5 * gndOneOnOne[0], 0.5 * gndOneOnOne[1], 0.5 + 0.5*gndOneOnOne[2]})
		if !gndWarned(res, "Disable", "defender") {
			t.Errorf("no warning: %q", res.Warnings)
		}
	})
	// Space cannon offense is not touched ("Disable does not touch SCO"):
	// a carrier (no Sustain Damage) and an infantry against a lone PDS.
	// SCO kills the carrier with 0.5: no ship, no invasion. Otherwise the
	// infantry lands; with Disable no space cannon defense, so A wins 0.5
	// (not 1); without the card SCD kills it with 0.5: A wins 0.25.
	t.Run("space cannon offense", func(t *testing.T) {
		s := sc
		s.Attacker.Fleet = mustFleet(t, "1 carrier, 1 infantry")
		s.Defender.Fleet = mustFleet(t, "1 pds")
		gndOutcomes(t, s, 34, true, [3]float64{0.5, 0, 0.5})
		s.Attacker.Cards = nil
		gndOutcomes(t, s, 35, true, [3]float64{0.25, 0, 0.75})
	})
	// Without PDS in the system the card cannot be played.
	t.Run("no pds", func(t *testing.T) {
		s := sc
		s.Defender.Fleet = mustFleet(t, "1 infantry")
		res := gndOutcomes(t, s, 36, true, gndAfterBombard(1, []float64{0.4, 0.6}))
		if !gndWarned(res, "Disable", "no PDS") {
			t.Errorf("no warning: %q", res.Warnings)
		}
	})
}

// Parley: the committed ground forces go back to space; no invasion.
func TestParley(t *testing.T) {
	// Space combat: a dreadnought (5+, 0.6, Sustain Damage) against a
	// destroyer (9+, 0.2). From the undamaged dreadnought: it hits 0.6 →
	// won (a destroyer hit is sustained); misses while the destroyer hits
	// 0.08 → damaged; both miss 0.32 → again. From damaged: won 0.6·0.8 =
	// 0.48, draw 0.12, lost 0.08, again 0.32. Won from damaged 0.48/0.68;
	// from the start (0.6 + 0.08·0.48/0.68)/0.68 = 0.965398.
	wonSpace := (0.6 + 0.08*0.48/0.68) / 0.68
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 infantry")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer, 1 infantry"), Cards: []string{"parley"}},
	}
	// Whenever the attacker holds space and commits, Parley sends the
	// infantry back: the defender always keeps the planet, nobody
	// invades, and the attacker's infantry survives exactly when its
	// dreadnought does (it is removed for lack of capacity otherwise).
	res := gndOutcomes(t, sc, 41, false, [3]float64{0, 0, 1})
	gndProb(t, "space: attacker wins", res.Space.Outcome.AttackerWin.P, wonSpace)
	gndProb(t, "invaded", res.Invaded.P, 0)
	// The infantry count is 0 or 1: its mean is a probability.
	gndProb(t, "attacker infantry left", gndSurvivors(t, res.Attacker, units.Infantry), wonSpace)
	// The bombardment came before the commitment (0.6 when the dreadnought
	// survives to bombard): the defender's infantry is left with
	// 1 − 0.6·wonSpace.
	gndProb(t, "defender infantry left", gndSurvivors(t, res.Defender, units.Infantry), 1-0.6*wonSpace)

	// Without the card the attacker takes the planet sometimes.
	s := sc
	s.Defender.Cards = nil
	if r := mustRun(t, s, gndTrials, 42); r.Outcome.AttackerWin.P < 0.5 {
		t.Errorf("without Parley the attacker wins %.3f; want more than half", r.Outcome.AttackerWin.P)
	}
	// Held by the attacker: nothing, with a warning.
	s.Attacker.Cards = []string{"parley"}
	if r := mustRun(t, s, gndTrials, 43); r.Outcome.AttackerWin.P < 0.5 || !gndWarned(r, "Parley", "attacker") {
		t.Errorf("Parley held by the attacker: attacker wins %.3f, warnings %q", r.Outcome.AttackerWin.P, r.Warnings)
	}

	// Exact mode: either it replays the commit window and gets the hand
	// values, or it refuses, naming Parley.
	ex, err := combat.Solve(context.Background(), sc)
	switch {
	case err != nil:
		if !strings.Contains(err.Error(), "Parley") {
			t.Errorf("Solve: %v; want an error naming Parley", err)
		}
	default:
		gndExact(t, "defender wins", ex.Outcome.DefenderWin.P, 1)
		gndExact(t, "attacker infantry left", gndSurvivors(t, ex.Attacker, units.Infantry), wonSpace)
	}
}

// Blitz: the attacker's non-fighter ships without Bombardment bombard on
// 6+ (one die each) during the invasion.
func TestBlitz(t *testing.T) {
	// A carrier and an infantry against an infantry: the carrier bombards
	// on 6+ (0.5): A wins 0.5 + 0.5·0.21/0.51 = 0.705882.
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 1 infantry"), Cards: []string{"blitz"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")},
	}
	t.Run("blitz", func(t *testing.T) {
		gndOutcomes(t, sc, 51, true, gndAfterBombard(1, []float64{0.5, 0.5}))
	})
	t.Run("no card", func(t *testing.T) {
		s := sc
		s.Attacker.Cards = nil
		gndOutcomes(t, s, 52, true, gndOneOnOne)
	})
	// The dreadnought keeps its own Bombardment 5 (no second die), the
	// fighter gets none, the cruiser gets 6+: against two infantry, hits
	// 0: 0.4·0.5 = 0.2, 1: 0.5, 2: 0.6·0.5 = 0.3.
	t.Run("who gains it", func(t *testing.T) {
		s := sc
		s.Attacker.Fleet = mustFleet(t, "1 dreadnought, 1 cruiser, 1 fighter, 1 infantry")
		s.Defender.Fleet = mustFleet(t, "2 infantry")
		gndOutcomes(t, s, 53, true, gndAfterBombard(2, []float64{0.2, 0.5, 0.3}))
	})
	// With the defender's Bunker: 6 + 4 → only a 10 hits (0.1).
	t.Run("against bunker", func(t *testing.T) {
		s := sc
		s.Defender.Cards = []string{"bunker"}
		gndOutcomes(t, s, 54, true, gndAfterBombard(1, []float64{0.9, 0.1}))
	})
	// The dice follow the ships that survive the space combat: two
	// carriers (9+, 0.2 each; no Bombardment) and an infantry against a
	// cruiser (7+, 0.4) and two infantry.
	t.Run("survivors bombard", func(t *testing.T) {
		s := sc
		s.Attacker.Fleet = mustFleet(t, "2 carrier, 1 infantry")
		s.Defender.Fleet = mustFleet(t, "1 cruiser, 2 infantry")
		// Space from (2 carriers, cruiser): the carriers hit at least
		// once with 0.36, the cruiser 0.4; no hit 0.64·0.6 = 0.384.
		// → 2 carriers left 0.216/0.616; 1 left and cruiser dead
		// 0.144/0.616; 1 left against the cruiser 0.256/0.616. From
		// (1, cruiser): won 0.12/0.52, draw 0.08/0.52, lost 0.32/0.52.
		two := 0.216 / 0.616
		one := 0.144/0.616 + 0.256/0.616*0.12/0.52
		// No carrier: no invasion; the defender keeps the planet.
		var w [3]float64
		for k, q := range map[int]float64{1: one, 2: two} {
			v := gndAfterBombard(2, reference.BinomDist(k, 0.5))
			for i := range w {
				w[i] += q * v[i]
			}
		}
		w[2] += 1 - one - two
		gndOutcomes(t, s, 55, true, w)
	})
	// Held by the defender: nothing, with a warning.
	t.Run("held by the defender", func(t *testing.T) {
		s := sc
		s.Attacker.Cards, s.Defender.Cards = nil, []string{"blitz"}
		res := gndOutcomes(t, s, 56, true, gndOneOnOne)
		if !gndWarned(res, "Blitz", "defender") {
			t.Errorf("no warning: %q", res.Warnings)
		}
	})
}

// Entropic Scar: no unit abilities in the system (Thunder's Edge).
func TestEntropicScar(t *testing.T) {
	// A dreadnought (5+, 0.6) against a cruiser (7+, 0.4), the defender
	// with a PDS on the planet and two PDS II next door: no space cannon,
	// no Sustain Damage, so a plain duel. A wins 0.6·0.6/(1 − 0.4·0.6) =
	// 0.36/0.76, draw 0.24/0.76, D 0.16/0.76.
	t.Run("space", func(t *testing.T) {
		sc := combat.Scenario{Action: combat.SpaceCombat, EntropicScar: true,
			Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought")},
			Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser, 1 pds"), AdjacentPDS: 2, Techs: []string{"pds-ii"}},
		}
		gndOutcomes(t, sc, 61, true, [3]float64{0.36 / 0.76, 0.24 / 0.76, 0.16 / 0.76})
	})
	// Anti-fighter barrage: a destroyer II (AFB 6 x3; combat 8+, 0.3)
	// against a fighter I (9+, 0.2) is a plain duel: A 0.24/0.44, draw
	// 0.06/0.44, D 0.14/0.44.
	t.Run("no barrage", func(t *testing.T) {
		sc := combat.Scenario{Action: combat.SpaceCombat, EntropicScar: true,
			Attacker: combat.Side{Fleet: mustFleet(t, "1 destroyer II")},
			Defender: combat.Side{Fleet: mustFleet(t, "1 fighter")},
		}
		gndOutcomes(t, sc, 62, true, [3]float64{0.24 / 0.44, 0.06 / 0.44, 0.14 / 0.44})
	})
	// Invasion: a dreadnought and a mech against a PDS and a mech. No
	// space cannon (offense or defense), no bombardment, mechs without
	// Sustain Damage: mech against mech, 0.5 each: 1/3 each outcome. The
	// dreadnought is never hit.
	t.Run("invasion", func(t *testing.T) {
		sc := combat.Scenario{Action: combat.Invasion, EntropicScar: true,
			Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 mech")},
			Defender: combat.Side{Fleet: mustFleet(t, "1 pds, 1 mech")},
		}
		res := gndOutcomes(t, sc, 63, true, [3]float64{1.0 / 3, 1.0 / 3, 1.0 / 3})
		gndProb(t, "dreadnought left", gndSurvivors(t, res.Attacker, units.Dreadnought), 1)
	})
	// Bombardment is off without a shield too, and Blitz gives none.
	t.Run("no bombardment", func(t *testing.T) {
		sc := combat.Scenario{Action: combat.Invasion, EntropicScar: true,
			Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 cruiser, 1 infantry"), Cards: []string{"blitz"}},
			Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")},
		}
		gndOutcomes(t, sc, 64, true, gndOneOnOne)
	})
	// No Planetary Shield: the original Magen Defense Grid, which needs a
	// unit with it on the planet, has nothing to work with, and a carrier
	// and an infantry against a PDS and an infantry are one infantry
	// against one (the PDS fires neither offense nor defense).
	t.Run("no shield", func(t *testing.T) {
		sc := combat.Scenario{Action: combat.Invasion, EntropicScar: true,
			Printings: combat.Printings{Magen: combat.MagenOriginal},
			Attacker:  combat.Side{Fleet: mustFleet(t, "1 carrier, 1 infantry")},
			Defender:  combat.Side{Fleet: mustFleet(t, "1 pds, 1 infantry"), Techs: []string{combat.TechMagen}},
		}
		gndOutcomes(t, sc, 66, false, gndOneOnOne)
	})
	// Ground combat alone: a mech (6+, 0.5) against two infantry (8+,
	// 0.3 each), no Sustain Damage for the mech.
	t.Run("ground", func(t *testing.T) {
		sc := combat.Scenario{Action: combat.GroundCombat, EntropicScar: true,
			Attacker: combat.Side{Fleet: mustFleet(t, "1 mech")},
			Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")},
		}
		gndOutcomes(t, sc, 65, true, gndDuel(1, 2, 0.5, 0.5, gndInf))
	})
}
