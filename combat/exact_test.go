package combat_test

// Tests that compare combat.Run with the exact oracle of package reference.
//
// Every expected number below (outcome probabilities, the space holder and
// the chance of landing in invasions, expected survivors, resources lost and
// units removed for lack of capacity; with retreat policies and round limits
// also the retreat and unfinished outcomes) is computed exactly by
// reference.Solve from the rules model; the oracle itself is checked against
// hand-derived numbers in reference's oracle_test.go. The
// simulated value must lie within 4 standard errors of the exact value, with
// the standard error computed from the exact distribution: sqrt(p(1−p)/n) for
// a probability and sd/sqrt(n) for a mean, sd being the exact standard
// deviation from the oracle's second moment. A quantity with no variance must
// match exactly. Seeds are fixed, so the tests are deterministic.
//
// The scenarios are small enough for the exact recursion (tens to hundreds
// of states) and are run with exactTrials trials each.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
	"github.com/ti4sim/ti4sim/units"
)

// exactTrials is the number of trials per scenario (fewer under -race,
// race_test.go).
const exactTrials = 500_000 / raceTrialDivisor

// exactMaxZ is the largest accepted distance, in standard errors, between the
// simulated and the exact value.
const exactMaxZ = 4.0

// exactRareTrials widens that bound by this many trials' worth of the
// quantity's largest value. The normal approximation behind a z bound fails
// for events expected only a few times in the run: their count is nearly
// Poisson, and 2 occurrences where 0.1 are expected (probability 0.5%) is a
// z of 6. With the allowance such a count must exceed λ + 4√λ + 4, which a
// Poisson(λ) count does with probability below 1e-5 for any λ ≤ 10 (e.g.
// Poisson(1) reaching 10: 1e-7); for common events it adds a negligible
// 4/n.
const exactRareTrials = 4.0

// compareExact runs sc and checks every outcome, survivor and loss figure of
// the Result against the oracle, in Monte Carlo (compareRun) and exact mode
// (compareSolve).
func compareExact(t *testing.T, sc combat.Scenario, seed uint64) {
	t.Helper()
	want := reference.Solve(sc)
	compareRun(t, sc, seed, want)
	compareSolve(t, sc, want)
}

// compareRun runs sc with exactTrials trials and checks every figure of the
// Result against the oracle's answer want, with one survivors row per unit
// type of each side's fleet.
func compareRun(t *testing.T, sc combat.Scenario, seed uint64, want reference.Result) {
	t.Helper()
	compareRunRows(t, sc, seed, want, [2][]units.Group{sc.Attacker.Fleet.Groups(), sc.Defender.Fleet.Groups()})
}

// compareRunRows is compareRun with the survivors rows expected of each
// side given (kind and start count, in order): an effect may add a row.
func compareRunRows(t *testing.T, sc combat.Scenario, seed uint64, want reference.Result, rows [2][]units.Group) {
	t.Helper()
	if d := math.Abs(want.Total() - 1); d > 1e-9 {
		t.Fatalf("oracle: total probability off by %g", d)
	}
	res, err := combat.Run(context.Background(), sc, combat.Options{Trials: exactTrials, Seed: seed})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if res.Trials != exactTrials {
		t.Fatalf("Trials = %d, want %d", res.Trials, exactTrials)
	}
	n := float64(exactTrials)
	worst := 0.0

	// check compares a simulated estimate with the exact value whose
	// standard error (for n trials) is se; span is the largest value one
	// trial can contribute (1 for a probability).
	check := func(what string, got, exact, se, span float64) {
		t.Helper()
		if se < 1e-12 {
			if math.Abs(got-exact) > 1e-9 {
				t.Errorf("%s: simulated %.6f, exact %.6f (no variance: must match)", what, got, exact)
			}
			t.Logf("%-34s exact %.6f  sim %.6f  (no variance)", what, exact, got)
			return
		}
		z := (got - exact) / se
		worst = max(worst, math.Abs(z))
		t.Logf("%-34s exact %.6f  sim %.6f  z %+.2f", what, exact, got, z)
		if math.Abs(got-exact) > exactMaxZ*se+exactRareTrials*span/n {
			t.Errorf("%s: simulated %.6f, exact %.6f, z = %.2f (SE %.2g)", what, got, exact, z, se)
		}
	}
	checkP := func(what string, got combat.Probability, count int64, exact float64) {
		t.Helper()
		if got.P != float64(count)/n {
			t.Errorf("%s: P = %v but count %d of %d trials", what, got.P, count, exactTrials)
		}
		if !(0 <= got.Lo && got.Lo <= got.P && got.P <= got.Hi && got.Hi <= 1) {
			t.Errorf("%s: interval [%v, %v] does not contain %v", what, got.Lo, got.Hi, got.P)
		}
		// Clamp a sum that rounding put a hair outside [0, 1]: otherwise the
		// SE is NaN and a NaN z would pass every check.
		exact = min(max(exact, 0), 1)
		check(what, got.P, exact, math.Sqrt(exact*(1-exact)/n), 1)
	}
	checkOutcomes := func(what string, got combat.Outcomes, c combat.Counts, win, draw, loss, aRetreat, dRetreat, unfinished float64) {
		t.Helper()
		if c.AttackerWin+c.Draw+c.DefenderWin+c.AttackerRetreats+c.DefenderRetreats+c.Unfinished != exactTrials {
			t.Errorf("%s: counts %+v do not add up to %d", what, c, exactTrials)
		}
		checkP(what+"attacker wins", got.AttackerWin, c.AttackerWin, win)
		checkP(what+"draw", got.Draw, c.Draw, draw)
		checkP(what+"defender wins", got.DefenderWin, c.DefenderWin, loss)
		checkP(what+"attacker retreats", got.AttackerRetreats, c.AttackerRetreats, aRetreat)
		checkP(what+"defender retreats", got.DefenderRetreats, c.DefenderRetreats, dRetreat)
		checkP(what+"unfinished", got.Unfinished, c.Unfinished, unfinished)
	}

	checkOutcomes("", res.Outcome, res.Counts, want.Win, want.Draw, want.Loss, want.ARetreat, want.DRetreat, want.Unfinished)
	if sc.Action == combat.Invasion {
		if res.Space == nil {
			t.Fatal("invasion without Result.Space")
		}
		checkOutcomes("space: ", res.Space.Outcome, res.Space.Counts, want.SpaceWin, want.SpaceDraw, want.SpaceLoss, want.SpaceARetreat, want.SpaceDRetreat, 0)
		check("invaded", res.Invaded.P, want.Invaded, math.Sqrt(want.Invaded*(1-want.Invaded)/n), 1)
	}

	sides := []struct {
		name  string
		got   combat.SideResult
		index int
	}{{"attacker", res.Attacker, 0}, {"defender", res.Defender, 1}}
	for _, s := range sides {
		groups := rows[s.index]
		if len(s.got.Survivors) != len(groups) {
			t.Errorf("%s: %d survivor rows, want one per unit type of the fleet (%d)", s.name, len(s.got.Survivors), len(groups))
		}
		for i, g := range groups {
			if i >= len(s.got.Survivors) {
				break
			}
			sv := s.got.Survivors[i]
			if sv.Kind != g.Kind || sv.Start != g.Count {
				t.Errorf("%s: survivor row %d is %v×%d, want %v×%d", s.name, i, sv.Kind, sv.Start, g.Kind, g.Count)
				continue
			}
			m1, m2 := want.Mean[s.index][g.Kind], want.MeanSq[s.index][g.Kind]
			check(fmt.Sprintf("%s %s left", s.name, sv.Name), sv.Expected.Value, m1, reference.SD(m1, m2)/math.Sqrt(n), want.MaxLeft[s.index][g.Kind])
		}
		m1, m2 := want.Lost[s.index], want.LostSq[s.index]
		check(s.name+" resources lost", s.got.ResourcesLost.Value, m1, reference.SD(m1, m2)/math.Sqrt(n), want.MaxLost[s.index])
		m1, m2 = want.CapLost[s.index], want.CapLostSq[s.index]
		check(s.name+" capacity lost", s.got.CapacityLost.Value, m1, reference.SD(m1, m2)/math.Sqrt(n), want.MaxCapLost[s.index])
		for o, row := range leftRows(res, s.got) {
			exact := want.Left[s.index][o]
			for k := range max(len(row.bins), len(exact)) {
				q := bin(exact, k)
				check(fmt.Sprintf("%s %s, %d units left", s.name, row.name, k), bin(row.bins, k), q, math.Sqrt(max(0, q*(1-q))/n), 1)
			}
		}
	}
	t.Logf("oracle states %d, final states %d, worst |z| %.2f", want.States, len(want.Final), worst)
}

// compareSolve checks exact mode (combat.Solve) against the oracle: every
// probability, survivor expectation and loss to 1e-9.
func compareSolve(t *testing.T, sc combat.Scenario, want reference.Result) {
	t.Helper()
	res, err := combat.Solve(context.Background(), sc)
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	near := func(what string, got, exact float64) {
		t.Helper()
		if math.Abs(got-exact) > 1e-9 {
			t.Errorf("exact mode %s = %.12f, oracle %.12f", what, got, exact)
		}
	}
	if !res.Exact || res.Outcome.AttackerWin.Lo != res.Outcome.AttackerWin.P || res.Outcome.AttackerWin.Hi != res.Outcome.AttackerWin.P {
		t.Errorf("exact mode: Exact %v, interval [%v, %v] around %v; want zero width", res.Exact, res.Outcome.AttackerWin.Lo, res.Outcome.AttackerWin.Hi, res.Outcome.AttackerWin.P)
	}
	near("attacker wins", res.Outcome.AttackerWin.P, want.Win)
	near("draw", res.Outcome.Draw.P, want.Draw)
	near("defender wins", res.Outcome.DefenderWin.P, want.Loss)
	near("attacker retreats", res.Outcome.AttackerRetreats.P, want.ARetreat)
	near("defender retreats", res.Outcome.DefenderRetreats.P, want.DRetreat)
	near("unfinished", res.Outcome.Unfinished.P, want.Unfinished)
	if sc.Action == combat.Invasion {
		near("space: attacker wins", res.Space.Outcome.AttackerWin.P, want.SpaceWin)
		near("space: draw", res.Space.Outcome.Draw.P, want.SpaceDraw)
		near("space: defender wins", res.Space.Outcome.DefenderWin.P, want.SpaceLoss)
		near("invaded", res.Invaded.P, want.Invaded)
	}
	for i, sr := range []combat.SideResult{res.Attacker, res.Defender} {
		for _, sv := range sr.Survivors {
			near(fmt.Sprintf("side %d %s left", i, sv.Name), sv.Expected.Value, want.Mean[i][sv.Kind])
			if sv.Expected.SE != 0 {
				t.Errorf("exact mode: %s has SE %v, want 0", sv.Name, sv.Expected.SE)
			}
		}
		near(fmt.Sprintf("side %d resources lost", i), sr.ResourcesLost.Value, want.Lost[i])
		near(fmt.Sprintf("side %d capacity lost", i), sr.CapacityLost.Value, want.CapLost[i])
		for o, row := range leftRows(res, sr) {
			exact := want.Left[i][o]
			for k := range max(len(row.bins), len(exact)) {
				near(fmt.Sprintf("side %d %s, %d units left", i, row.name, k), bin(row.bins, k), bin(exact, k))
			}
		}
	}
}

func exactSide(t *testing.T, fleet string) combat.Side {
	t.Helper()
	return combat.Side{Fleet: mustFleet(t, fleet)}
}

// Exact values: reference.Solve of this scenario.
func TestExactSpacePlain(t *testing.T) {
	// Space combat without AFB, PDS or upgrades: cruisers and fighters
	// against a dreadnought (sustain), a carrier and fighters.
	compareExact(t, combat.Scenario{
		Action:   combat.SpaceCombat,
		Attacker: exactSide(t, "3 cruiser, 2 fighter"),
		Defender: exactSide(t, "1 dreadnought, 1 carrier, 2 fighter"),
	}, 101)
}

// Exact values: reference.Solve of this scenario.
func TestExactSpaceAFB(t *testing.T) {
	// Destroyer I anti-fighter barrage (2 dice on 9 each) against a
	// carrier with 5 fighters, then space combat rounds.
	compareExact(t, combat.Scenario{
		Action:   combat.SpaceCombat,
		Attacker: exactSide(t, "2 destroyer, 1 cruiser"),
		Defender: exactSide(t, "1 carrier, 5 fighter"),
	}, 102)
}

// Exact values: reference.Solve of this scenario.
func TestExactSpaceAFBBothSidesUpgraded(t *testing.T) {
	// Both sides barrage at the same time: the attacker's Destroyer II
	// (AFB 3 dice on 6, combat 8) and Fighter II (8) against a defender
	// Destroyer I and Fighter II by technology.
	d := exactSide(t, "1 destroyer, 1 carrier, 4 fighter")
	d.Techs = []string{"fighter-ii"}
	compareExact(t, combat.Scenario{
		Action:   combat.SpaceCombat,
		Attacker: exactSide(t, "2 destroyer II, 3 fighter II"),
		Defender: d,
	}, 103)
}

// Exact values: reference.Solve of this scenario.
func TestExactSpacePDS(t *testing.T) {
	// Space cannon offense of 2 PDS I on the planet (1 die on 6 each) at the
	// attacker's ships before the combat; the PDS always survive a space
	// action.
	compareExact(t, combat.Scenario{
		Action:   combat.SpaceCombat,
		Attacker: exactSide(t, "1 dreadnought, 2 cruiser, 2 fighter"),
		Defender: exactSide(t, "1 destroyer, 2 pds"),
	}, 104)
}

// Exact values: reference.Solve of this scenario.
func TestExactSpacePDSIIAdjacent(t *testing.T) {
	// PDS II (space cannon 5) on the planet plus 2 adjacent PDS, which fire
	// because the PDS are upgraded: 3 dice on 5. Dreadnought II and
	// Destroyer I AFB on the attacker's side.
	d := exactSide(t, "1 carrier, 2 fighter, 1 pds II")
	d.AdjacentPDS = 2
	compareExact(t, combat.Scenario{
		Action:   combat.SpaceCombat,
		Attacker: exactSide(t, "1 dreadnought II, 2 destroyer, 1 carrier"),
		Defender: d,
	}, 105)
}

// Exact values: reference.Solve of this scenario.
func TestExactSpacePDSIITechAdjacent(t *testing.T) {
	// The PDS upgrade given as the "pds-ii" technology, 3 adjacent PDS:
	// 4 dice on 5 at the attacker's cruisers.
	d := exactSide(t, "1 cruiser, 1 pds")
	d.Techs = []string{"pds-ii"}
	d.AdjacentPDS = 3
	compareExact(t, combat.Scenario{
		Action:   combat.SpaceCombat,
		Attacker: exactSide(t, "3 cruiser"),
		Defender: d,
	}, 106)
}

// Exact values: reference.Solve of this scenario.
func TestExactSpacePDSIAdjacentIgnored(t *testing.T) {
	// PDS I: the 3 adjacent PDS do not fire; only the PDS on the planet
	// (1 die on 6). The oracle counts only that one.
	d := exactSide(t, "1 cruiser, 1 pds")
	d.AdjacentPDS = 3
	compareExact(t, combat.Scenario{
		Action:   combat.SpaceCombat,
		Attacker: exactSide(t, "2 cruiser"),
		Defender: d,
	}, 107)
}

// Exact values: reference.Solve of this scenario.
func TestExactSpaceNebula(t *testing.T) {
	// Nebula: the defender's ships roll with +1 in space combat rounds
	// (Cruiser I on 6 instead of 7, Destroyer I on 8 instead of 9).
	compareExact(t, combat.Scenario{
		Action:   combat.SpaceCombat,
		Attacker: exactSide(t, "2 dreadnought"),
		Defender: exactSide(t, "3 cruiser, 1 destroyer"),
		Nebula:   true,
	}, 108)
}

// Exact values: reference.Solve of this scenario.
func TestExactSpaceModifiers(t *testing.T) {
	// Flat modifiers on combat rolls only: the attacker +1 (Fighter II on
	// 7, carrier on 8), the defender −2 (Cruiser II on 8, destroyer on 11:
	// never hits in rounds). The destroyer's AFB (2 dice on 9) takes no
	// modifier.
	a := exactSide(t, "4 fighter II, 1 carrier")
	a.Modifier = 1
	d := exactSide(t, "2 cruiser II, 1 destroyer")
	d.Modifier = -2
	compareExact(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: d}, 109)
}

// Exact values: reference.Solve of this scenario.
func TestExactSpaceCustomOrderSustainLast(t *testing.T) {
	// Custom hit orders: the attacker loses its carrier, then cruisers,
	// first, and keeps Sustain Damage for the last hits; the defender puts
	// its dreadnoughts first (sustain first, then they die before the
	// destroyers).
	a := exactSide(t, "1 dreadnought, 2 cruiser, 2 fighter, 1 carrier")
	a.Order = combat.Order{Kinds: []units.Kind{units.Carrier, units.Cruiser}, SustainLast: true}
	d := exactSide(t, "2 dreadnought, 2 destroyer")
	d.Order = combat.Order{Kinds: []units.Kind{units.Dreadnought}}
	compareExact(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: d}, 110)
}

// Exact values: reference.Solve of this scenario.
func TestExactGroundInfantry(t *testing.T) {
	// Ground combat, infantry only: Infantry I (8) against Infantry II (7).
	compareExact(t, combat.Scenario{
		Action:   combat.GroundCombat,
		Attacker: exactSide(t, "5 infantry"),
		Defender: exactSide(t, "4 infantry II"),
	}, 111)
}

// Exact values: reference.Solve of this scenario.
func TestExactGroundMechs(t *testing.T) {
	// Ground combat with mechs (6, Sustain Damage): the attacker keeps
	// Sustain Damage for last; the defender fights with +1.
	a := exactSide(t, "2 mech, 3 infantry")
	a.Order.SustainLast = true
	d := exactSide(t, "1 mech, 4 infantry")
	d.Modifier = 1
	compareExact(t, combat.Scenario{Action: combat.GroundCombat, Attacker: a, Defender: d}, 112)
}

// Exact values: reference.Solve of this scenario.
func TestExactInvasionBombardment(t *testing.T) {
	// Invasion of an unshielded planet: space combat against a destroyer,
	// bombardment by the surviving dreadnoughts (1 die on 5 each; the mech
	// sustains first), then ground combat.
	compareExact(t, combat.Scenario{
		Action:   combat.Invasion,
		Attacker: exactSide(t, "2 dreadnought, 1 carrier, 4 infantry, 1 mech"),
		Defender: exactSide(t, "1 destroyer, 3 infantry, 1 mech"),
	}, 113)
}

// Exact values: reference.Solve of this scenario.
func TestExactInvasionPlanetaryShield(t *testing.T) {
	// The defender's PDS shields the planet: no bombardment. The PDS fires
	// in space cannon offense (on 6) and in space cannon defense at the
	// committed infantry, and is destroyed if the attacker takes the
	// planet.
	compareExact(t, combat.Scenario{
		Action:   combat.Invasion,
		Attacker: exactSide(t, "2 dreadnought, 1 carrier, 4 infantry"),
		Defender: exactSide(t, "1 destroyer, 1 pds, 3 infantry"),
	}, 114)
}

// Exact values: reference.Solve of this scenario.
func TestExactInvasionWarSun(t *testing.T) {
	// A war sun removes the Planetary Shield: the war sun (3 dice on 3) and
	// the dreadnought bombard despite 2 PDS. The PDS fire in SCO and SCD;
	// the PDS and the space dock are destroyed when the attacker wins.
	compareExact(t, combat.Scenario{
		Action:   combat.Invasion,
		Attacker: exactSide(t, "1 war sun, 1 dreadnought, 3 infantry, 1 mech"),
		Defender: exactSide(t, "2 pds, 3 infantry, 1 space dock"),
	}, 115)
}

// Exact values: reference.Solve of this scenario.
func TestExactInvasionSpaceCannonDefense(t *testing.T) {
	// No defending ships: 2 PDS II (5) fire at the carrier and cruiser in
	// SCO (no invasion if both die), then at the committed infantry in
	// space cannon defense; 1 defending infantry.
	compareExact(t, combat.Scenario{
		Action:   combat.Invasion,
		Attacker: exactSide(t, "1 carrier, 1 cruiser, 4 infantry"),
		Defender: exactSide(t, "2 pds II, 1 infantry"),
	}, 116)
}

// Exact values: reference.Solve of this scenario.
func TestExactInvasionOftenAborted(t *testing.T) {
	// The defender's cruisers often win the space combat: no invasion, the
	// attacker's ground forces are lost (survivors 0).
	compareExact(t, combat.Scenario{
		Action:   combat.Invasion,
		Attacker: exactSide(t, "1 carrier, 2 fighter, 2 infantry, 1 mech"),
		Defender: exactSide(t, "2 cruiser, 2 infantry"),
	}, 117)
}

// Exact values: reference.Solve of this scenario.
func TestExactInvasionWarSunBombardment(t *testing.T) {
	// No defending ships and no PDS: the war sun alone bombards (3 dice on
	// 3; the defender keeps Sustain Damage for last, so infantry die before
	// the mech is damaged), then 2 infantry land against what is left.
	d := exactSide(t, "3 infantry, 1 mech")
	d.Order.SustainLast = true
	compareExact(t, combat.Scenario{
		Action:   combat.Invasion,
		Attacker: exactSide(t, "1 war sun, 2 infantry"),
		Defender: d,
	}, 118)
}

// Exact values: reference.Solve of this scenario.
func TestExactInvasionNoGroundCombat(t *testing.T) {
	// PDS II with 2 adjacent PDS: 3 dice on 5 at the war sun in space
	// cannon offense (2 hits destroy it: no invasion), but only the PDS on
	// the planet fires in space cannon defense. The war sun removes the
	// shield and bombards the lone infantry (3 dice on 3); when SCD then
	// kills the single committed infantry, neither side has ground forces
	// without a ground combat: the defender keeps the planet (not a draw).
	d := exactSide(t, "1 pds II, 1 infantry")
	d.AdjacentPDS = 2
	compareExact(t, combat.Scenario{
		Action:   combat.Invasion,
		Attacker: exactSide(t, "1 war sun, 1 infantry"),
		Defender: d,
	}, 119)
}

func TestExactSeedDeterminism(t *testing.T) {
	// The same seed gives the same Result whatever Workers is; another seed
	// gives different counts. A trial count that is not a round number
	// exercises a partial last chunk.
	sc := combat.Scenario{
		Action:   combat.Invasion,
		Attacker: exactSide(t, "2 dreadnought, 1 carrier, 4 infantry, 1 mech"),
		Defender: exactSide(t, "1 destroyer, 1 pds, 3 infantry"),
	}
	run := func(seed uint64, workers int) combat.Result {
		t.Helper()
		r, err := combat.Run(context.Background(), sc, combat.Options{Trials: 100_003, Seed: seed, Workers: workers})
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
		return r
	}
	one, two := run(7, 1), run(7, 2)
	if !reflect.DeepEqual(one, two) {
		t.Errorf("seed 7: Workers 1 and 2 differ:\n%+v\n%+v", one, two)
	}
	other := run(8, 2)
	if other.Counts == one.Counts {
		t.Errorf("seeds 7 and 8 give the same counts %+v", one.Counts)
	}
	if reflect.DeepEqual(one.Attacker, other.Attacker) {
		t.Errorf("seeds 7 and 8 give the same attacker survivors %+v", one.Attacker)
	}
}

// Solve refuses what exact mode cannot express with a *NotExactError
// whose Reason names it, so a caller can fall back to Run without reading
// the message.
func TestSolveNotExactError(t *testing.T) {
	a, d := mustFleet(t, "2 dreadnought"), mustFleet(t, "3 cruiser")
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: a, Cards: []string{"scramble-frequency"}}, Defender: combat.Side{Fleet: d}}
	_, err := combat.Solve(context.Background(), sc)
	var ne *combat.NotExactError
	if !errors.As(err, &ne) || !strings.Contains(ne.Reason, "Scramble Frequency") || strings.Contains(ne.Reason, "run without") {
		t.Fatalf("Solve error %v, want a *NotExactError naming Scramble Frequency", err)
	}
}
