package combat_test

import (
	"context"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// The sweep and the fuzz target over generated scenarios (scengen_test.go),
// each checking the invariants of scenarioinvariants_test.go, and the
// mirror check of swapped sides.

// sweepSeeds are the seeds TestScenarioSweep checks: 1..2,500, or 1..250
// with -short, each count divided by raceTrialDivisor under -race. CI's
// longer sweep sets TI4SIM_SWEEP=N: N seeds from sweepLongFirst on, none
// of them the plain sweep's, or from TI4SIM_SWEEP_FROM when set (to go on
// where an earlier long sweep stopped).
func sweepSeeds(t *testing.T) (first, n uint64) {
	if s := os.Getenv("TI4SIM_SWEEP"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || n < 1 {
			t.Fatalf("TI4SIM_SWEEP=%q: a positive number of scenarios is needed", s)
		}
		first := uint64(sweepLongFirst)
		if f := os.Getenv("TI4SIM_SWEEP_FROM"); f != "" {
			if first, err = strconv.ParseUint(f, 10, 64); err != nil || first < 1 {
				t.Fatalf("TI4SIM_SWEEP_FROM=%q: a positive seed is needed", f)
			}
		}
		return first, n
	}
	if testing.Short() {
		return 1, 250 / raceTrialDivisor
	}
	return 1, 2500 / raceTrialDivisor
}

// sweepLongFirst is the first seed of the longer sweep.
const sweepLongFirst = 1_000_001

// sweepTrials: few trials for a plain run, enough to compare with exact
// mode within 5 standard errors meaningfully; divided by raceTrialDivisor
// under -race (the tolerance follows the trials run).
var sweepTrials = checkTrials{plain: 2000 / raceTrialDivisor, compare: 20000 / raceTrialDivisor}

// TestScenarioSweep checks the invariants on the scenarios generated from
// sweepSeeds, and the mirror pair of every tenth seed. A failure names the
// seed: generate(seed) is the scenario, described in the message.
func TestScenarioSweep(t *testing.T) {
	first, n := sweepSeeds(t)
	tl := newTally()
	for seed := first; seed < first+n; seed++ {
		checkScenario(t, generate(seed), sweepTrials, tl)
		if seed%10 == 0 {
			checkMirror(t, seed)
		}
	}
	tl.report(t)
	var valid, all int
	for _, k := range tl.keys {
		valid, all = valid+tl.valid[k], all+tl.generated[k]
	}
	// Most generated scenarios are meant to be valid; a catalogue or
	// validation change that refuses them all would make the sweep idle.
	if frac := float64(valid) / float64(all); frac < 0.5 {
		t.Errorf("only %.1f%% of the generated scenarios are valid; the generator no longer fits the validation", 100*frac)
	}
}

// foundSeeds are seeds that longer sweeps (of 1,000,001 to 1,230,000) found
// failing, each checked by every run since its fix:
//   - 1004379, 1004440, 1004838, 1007579, 1009794, 1029409: a system's
//     landing solved alone had no space rounds to add, and Parley sending
//     the committed forces back crashed the system solves;
//   - 1010594: Direct Hit destroyed a ship that Courageous to the End (set
//     off by Reflective Shielding's hits) had already destroyed, and a
//     count of units left wrapped to 65,535;
//   - 1007670: Dimensional Splicer destroyed the defender's lone ship and
//     the exact solver still rolled the barrage (Metali Void Armaments,
//     rolled by no unit);
//   - 1031221: with Direct Hit held, the exact solver called a combat where
//     nobody can hit unfinished, though a side's retreat ends it;
//   - 1041630: Direct Hit spent on Dimensional Splicer's hit was still
//     there for the exact solver's rounds.
var foundSeeds = []uint64{1004379, 1004440, 1004838, 1007579, 1007670, 1009794, 1010594, 1029409, 1031221, 1041630}

// TestScenarioSweepFound checks the invariants on foundSeeds' scenarios.
func TestScenarioSweepFound(t *testing.T) {
	tl := newTally()
	for _, seed := range foundSeeds {
		checkScenario(t, generate(seed), sweepTrials, tl)
	}
}

// FuzzScenario runs the invariants on the scenario of a fuzzed seed, and
// the mirror check on a second seed.
func FuzzScenario(f *testing.F) {
	for _, s := range []uint64{1, 2, 3, 450, 1 << 40, math.MaxUint64} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, seed uint64, mirror uint8) {
		checkScenario(t, generate(seed), checkTrials{plain: 500, compare: 20000}, newTally())
		if mirror%8 == 0 {
			checkMirror(t, seed)
		}
	})
}

// mirrorPair returns a space combat A against B and the same with the
// sides swapped (B attacks A). The family is the one where Twilight
// Imperium 4's space combat is symmetric: generic units (upgraded or not,
// some damaged), hit orders, modifiers and a round limit. Left out, each
// because it treats the attacker and the defender differently: factions,
// technologies and cards (many texts name the attacker or the defender,
// e.g. the defender's space cannon or a card played "as the defender"),
// PDS (space cannon offense fires the active player's first; PDS on the
// contested planet are the defender's), the nebula (+1 to the defender),
// retreats (the defender announces first and blocks the attacker's), and
// Twilight Imperium 3 (its pre-combat steps go in turn). Anti-fighter
// barrage is simultaneous and stays in. A third of the pairs have
// identical sides.
func mirrorPair(seed uint64) (ab, ba genScenario) {
	g := &generator{action: combat.SpaceCombat}
	g.r = newStream(seed ^ 0x6d6972726f72)
	a := g.side(true)
	b := g.side(true)
	if g.chance(1.0 / 3) {
		b = a
	}
	for _, s := range []*combat.Side{&a, &b} {
		// The flagship is a faction unit: none without a faction.
		ships := s.Fleet.Filter(func(k units.Kind) bool { return k.Ship() && k != units.Flagship })
		if len(ships) == 0 {
			ships = []units.Group{{Kind: units.Cruiser, Count: 2}}
		}
		for i, gr := range ships {
			// Without its faction a unit may lose Sustain Damage (Sol's
			// Advanced Carrier II): it cannot start damaged then.
			if st, err := units.NoFaction().Unit(gr.Kind, gr.Upgraded); err != nil || !st.Sustain {
				ships[i].Damaged = 0
			}
		}
		fleet, _ := units.NewFleet(ships...)
		*s = combat.Side{Fleet: fleet, Order: s.Order, Modifier: s.Modifier}
	}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: b}
	if g.chance(0.2) {
		sc.MaxRounds = 1 + g.r.IntN(3)
	}
	sw := sc
	sw.Attacker, sw.Defender = b, a
	return genScenario{Seed: seed, Sc: sc}, genScenario{Seed: seed, Sc: sw}
}

// checkMirror checks that swapping the sides of a mirrorPair swaps the
// figures: exactly where exact mode answers both, else within 5 standard
// errors of the difference of two independent runs.
func checkMirror(t testing.TB, seed uint64) {
	t.Helper()
	ab, ba := mirrorPair(seed)
	ctx := context.Background()
	x1, err1 := combat.SolveWithin(ctx, ab.Sc, sweepExactStates)
	x2, err2 := combat.SolveWithin(ctx, ba.Sc, sweepExactStates)
	if err1 == nil && err2 == nil {
		mirrored(t, ab, x1, x2, func(what string, p, q float64) {
			if math.Abs(p-q) > 1e-9 {
				t.Errorf("seed %d: swapped sides, exact %s: %.12f and %.12f\n%s", seed, what, p, q, describe(ab))
			}
		})
		return
	}
	const n = 20000
	r1, err1 := combat.Run(ctx, ab.Sc, combat.Options{Trials: n, Seed: seed, Workers: 1})
	r2, err2 := combat.Run(ctx, ba.Sc, combat.Options{Trials: n, Seed: seed + 1, Workers: 1})
	if err1 != nil || err2 != nil {
		t.Errorf("seed %d: a mirror scenario is refused: %v, %v\n%s", seed, err1, err2, describe(ab))
		return
	}
	mirrored(t, ab, r1, r2, func(what string, p, q float64) {
		se := math.Sqrt((math.Max(p*(1-p), 3.0/n) + math.Max(q*(1-q), 3.0/n)) / n)
		if math.Abs(p-q) > 5*se {
			t.Errorf("seed %d: swapped sides, Monte Carlo %s: %.5f and %.5f (z = %.1f)\n%s", seed, what, p, q, (p-q)/se, describe(ab))
		}
	})
}

// mirrored applies same to each figure of r1 and its mirror in r2.
func mirrored(t testing.TB, gs genScenario, r1, r2 combat.Result, same func(what string, p, q float64)) {
	t.Helper()
	same("attacker wins / defender wins", r1.Outcome.AttackerWin.P, r2.Outcome.DefenderWin.P)
	same("defender wins / attacker wins", r1.Outcome.DefenderWin.P, r2.Outcome.AttackerWin.P)
	same("draw", r1.Outcome.Draw.P, r2.Outcome.Draw.P)
	same("unfinished", r1.Outcome.Unfinished.P, r2.Outcome.Unfinished.P)
	if r1.Exact && r2.Exact {
		same("attacker's resources lost / defender's", r1.Attacker.ResourcesLost.Value, r2.Defender.ResourcesLost.Value)
		same("defender's resources lost / attacker's", r1.Defender.ResourcesLost.Value, r2.Attacker.ResourcesLost.Value)
	}
}
