package combat_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// randomScenario draws a small scenario: 1–3 unit types a side with 1–3
// units each, sometimes upgraded, with random modifiers, nebula, hit
// orders, PDS and adjacent PDS.
func randomScenario(r *rand.Rand) combat.Scenario {
	pick := func(kinds []string, n int) string {
		var items []string
		used := map[int]bool{}
		for len(items) < n {
			i := r.IntN(len(kinds))
			if used[i] {
				continue
			}
			used[i] = true
			up := ""
			if strings.HasSuffix(kinds[i], "*") {
				up = " II"
			}
			items = append(items, fmt.Sprintf("%d %s%s", 1+r.IntN(3), strings.TrimSuffix(kinds[i], "*"), up))
		}
		return strings.Join(items, ", ")
	}
	ships := []string{"fighter", "destroyer", "cruiser", "carrier", "dreadnought", "fighter*", "destroyer*", "cruiser*", "war sun"}
	ground := []string{"infantry", "mech", "infantry*"}
	fl := func(s string) units.Fleet {
		f, err := units.ParseFleet(s)
		if err != nil {
			panic(fmt.Sprintf("%q: %v", s, err))
		}
		return f
	}
	sc := combat.Scenario{Action: combat.Action(r.IntN(3))}
	var a, d string
	switch sc.Action {
	case combat.SpaceCombat:
		a, d = pick(ships, 1+r.IntN(2)), pick(ships, 1+r.IntN(2))
		if r.IntN(3) == 0 {
			d += ", 1 pds"
		}
		sc.Nebula = r.IntN(3) == 0
	case combat.GroundCombat:
		a, d = pick(ground, 1+r.IntN(2)), pick(ground, 1+r.IntN(2))
	case combat.Invasion:
		a = pick(ships, 1+r.IntN(2)) + ", " + pick(ground, 1+r.IntN(2))
		d = pick(ground, 1+r.IntN(2))
		if r.IntN(2) == 0 {
			d = pick(ships, 1) + ", " + d
		}
		if r.IntN(2) == 0 {
			d += fmt.Sprintf(", %d pds", 1+r.IntN(2))
		}
	}
	// Mixed upgrades of one kind would be rejected; drop duplicates by
	// keeping the first spelling of each kind.
	sc.Attacker = combat.Side{Fleet: fl(dedupe(a)), Modifier: r.IntN(3) - 1}
	sc.Defender = combat.Side{Fleet: fl(dedupe(d)), Modifier: r.IntN(3) - 1}
	if r.IntN(4) == 0 {
		sc.Attacker.Order = combat.Order{SustainLast: true}
	}
	if sc.Action != combat.GroundCombat && r.IntN(4) == 0 {
		sc.Defender.Techs = []string{"pds-ii"}
		sc.Defender.AdjacentPDS = 1 + r.IntN(2)
	}
	return sc
}

func dedupe(fleet string) string {
	seen := map[units.Kind]bool{}
	var keep []string
	for _, item := range strings.Split(fleet, ",") {
		f, _ := units.ParseFleet(item)
		k := f.Groups()[0].Kind
		if !seen[k] {
			seen[k] = true
			keep = append(keep, item)
		}
	}
	return strings.Join(keep, ",")
}

// TestSolveAgreesWithMonteCarlo is the property test of exact mode: on 24
// random small scenarios (a fixed seed, so the same ones every run) the
// exact probabilities, survivors, losses and mean rounds lie within 4
// standard errors of a 100000-trial Monte Carlo run (fewer under -race,
// race_test.go), and the exact outcome probabilities sum to 1.
func TestSolveAgreesWithMonteCarlo(t *testing.T) {
	const n = 100000 / raceTrialDivisor
	r := rand.New(rand.NewPCG(2026, 11))
	for i := range 24 {
		sc := randomScenario(r)
		name := fmt.Sprintf("%d %s: %s vs %s", i, sc.Action, sc.Attacker.Fleet, sc.Defender.Fleet)
		t.Run(name, func(t *testing.T) {
			ex, err := combat.Solve(context.Background(), sc)
			if err != nil {
				t.Fatal(err)
			}
			mc, err := combat.Run(context.Background(), sc, combat.Options{Trials: n, Seed: uint64(i) + 1})
			if err != nil {
				t.Fatal(err)
			}
			o := ex.Outcome
			if s := o.AttackerWin.P + o.Draw.P + o.DefenderWin.P; math.Abs(s-1) > 1e-9 {
				t.Errorf("exact outcomes sum to %.12f", s)
			}
			within := func(what string, exact, sim, se float64) {
				t.Helper()
				// When every trial gave the same value the sample SE is 0,
				// yet events rarer than about 3/n can still move the exact
				// mean by up to 3/n times the quantity's range (at most
				// ~40 here): floor the SE at 30/n.
				se = max(se, 30.0/n)
				if z := (sim - exact) / se; math.Abs(z) > 4 {
					t.Errorf("%s: exact %.6f, Monte Carlo %.6f, z = %.2f", what, exact, sim, z)
				}
			}
			prob := func(what string, exact, sim float64) {
				t.Helper()
				within(what, exact, sim, math.Sqrt(exact*(1-exact)/n))
			}
			prob("attacker wins", o.AttackerWin.P, mc.Outcome.AttackerWin.P)
			prob("draw", o.Draw.P, mc.Outcome.Draw.P)
			prob("defender wins", o.DefenderWin.P, mc.Outcome.DefenderWin.P)
			for s, pair := range [][2]combat.SideResult{{ex.Attacker, mc.Attacker}, {ex.Defender, mc.Defender}} {
				for k, sv := range pair[0].Survivors {
					within(fmt.Sprintf("side %d %s left", s, sv.Name), sv.Expected.Value, pair[1].Survivors[k].Expected.Value, pair[1].Survivors[k].Expected.SE)
				}
				within(fmt.Sprintf("side %d resources lost", s), pair[0].ResourcesLost.Value, pair[1].ResourcesLost.Value, pair[1].ResourcesLost.SE)
			}
			within("mean rounds", ex.Rounds.Mean.Value, mc.Rounds.Mean.Value, mc.Rounds.Mean.SE)
			for k, q := range ex.Rounds.Histogram {
				sim := 0.0
				if k < len(mc.Rounds.Histogram) {
					sim = mc.Rounds.Histogram[k]
				}
				prob(fmt.Sprintf("P(%d rounds)", k), q, sim)
			}
			if sc.Action == combat.Invasion {
				prob("space: attacker wins", ex.Space.Outcome.AttackerWin.P, mc.Space.Outcome.AttackerWin.P)
				prob("invaded", ex.Invaded.P, mc.Invaded.P)
				within("ground rounds", ex.GroundRounds.Mean.Value, mc.GroundRounds.Mean.Value, mc.GroundRounds.Mean.SE)
			}
		})
	}
}

// TestSolveRefusesLargeBattles: a battle whose joint states would pass
// the exact solver's bound is refused before it runs, with a message
// naming the estimate, its memory and the bound, not approximated. With
// fighters hit last, the barrage's losses and the hits make each side's
// states two-dimensional: more than 2,048 a side.
func TestSolveRefusesLargeBattles(t *testing.T) {
	f, _ := units.ParseFleet("10 dreadnought, 20 cruiser, 10 destroyer, 60 fighter")
	o, err := combat.ParseOrder("cruiser, destroyer, fighter")
	if err != nil {
		t.Fatal(err)
	}
	_, err = combat.Solve(context.Background(), combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: f, Order: o}, Defender: combat.Side{Fleet: f, Order: o}})
	if err == nil || !strings.Contains(err.Error(), "joint states (the attacker's units at least 2049 states, the defender's at least 2049; about 6.3 GB of memory), more than the limit of the exact solver (4194304); run without exact mode") {
		t.Fatalf("err = %v, want a refusal naming the estimate and the limit", err)
	}
}

// ExampleSolve computes the classic fighter duel exactly: each round both
// fighters hit with probability 0.2, so the attacker wins with probability
// 0.2·0.8/(1−0.8²) = 4/9 and the combat lasts 1/0.36 rounds on average.
func ExampleSolve() {
	f, _ := units.ParseFleet("1 fighter")
	res, _ := combat.Solve(context.Background(), combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: f}, Defender: combat.Side{Fleet: f}})
	fmt.Printf("%.6f %.6f %.6f, rounds %.4f\n", res.Outcome.AttackerWin.P, res.Outcome.Draw.P, res.Outcome.DefenderWin.P, res.Rounds.Mean.Value)
	// Output: 0.444444 0.111111 0.444444, rounds 2.7778
}

// TestSolveWithinRefusesBeyondItsLimit: SolveWithin refuses a combat that
// reaches more joint states than its limit, naming that limit, and answers
// as Solve within it. Under the default policy (Sustain Damage first) 2
// dreadnoughts pass through 5 states — both whole, one damaged, both
// damaged, one damaged left, none — and 3 destroyers through 4: the
// combat reaches all 20 pairs (of the product's 6 × 4 = 24).
func TestSolveWithinRefusesBeyondItsLimit(t *testing.T) {
	a, _ := units.ParseFleet("2 dreadnought")
	d, _ := units.ParseFleet("3 destroyer")
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: a}, Defender: combat.Side{Fleet: d}}
	ctx := context.Background()
	if _, err := combat.SolveWithin(ctx, sc, 19); err == nil || !strings.Contains(err.Error(), "(19)") {
		t.Fatalf("limit 19: err = %v, want a refusal naming the limit 19", err)
	}
	got, err := combat.SolveWithin(ctx, sc, 20)
	if err != nil {
		t.Fatalf("limit 20: %v", err)
	}
	want, _ := combat.Solve(ctx, sc)
	if got.Outcome != want.Outcome {
		t.Errorf("SolveWithin = %+v, Solve = %+v", got.Outcome, want.Outcome)
	}
	for _, n := range []int{0, combat.MaxExactStates + 1} {
		if _, err := combat.SolveWithin(ctx, sc, n); err == nil {
			t.Errorf("limit %d accepted", n)
		}
	}
}

// TestSolveReachesBigBattles: exact mode visits only the joint states a
// combat reaches, so a battle whose product of state spaces is 37 million
// (2,430 attacker states × 15,288 defender states) solves. Checks that
// could fail: the exact outcomes agree with Monte Carlo within 4 standard
// errors (of 200,000 trials: 0.001 on a probability near 0.27); and two
// identical big fleets have P(attacker wins) = P(defender wins) to 1e-12
// (space combat has no side advantage without space cannon or effects).
func TestSolveReachesBigBattles(t *testing.T) {
	ctx := context.Background()
	a, _ := units.ParseFleet("2 war sun, 4 dreadnought, 2 carrier, 8 fighter")
	d, _ := units.ParseFleet("6 cruiser, 6 destroyer, 3 carrier, 12 fighter, 2 dreadnought")
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: a}, Defender: combat.Side{Fleet: d}}
	ex, err := combat.Solve(ctx, sc)
	if err != nil {
		t.Fatalf("the big battle: %v", err)
	}
	const trials = 200_000 / raceTrialDivisor
	mc, err := combat.Run(ctx, sc, combat.Options{Trials: trials, Seed: 16})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what      string
		exact, mc float64
	}{{"attacker wins", ex.Outcome.AttackerWin.P, mc.Outcome.AttackerWin.P},
		{"draw", ex.Outcome.Draw.P, mc.Outcome.Draw.P},
		{"defender wins", ex.Outcome.DefenderWin.P, mc.Outcome.DefenderWin.P}} {
		se := math.Sqrt(c.exact * (1 - c.exact) / trials)
		if math.Abs(c.mc-c.exact) > 4*se {
			t.Errorf("%s: exact %.5f, Monte Carlo %.5f (%.1f standard errors)", c.what, c.exact, c.mc, (c.mc-c.exact)/se)
		}
	}
	same := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: d}, Defender: combat.Side{Fleet: d}}
	res, err := combat.Solve(ctx, same)
	if err != nil {
		t.Fatalf("identical big fleets: %v", err)
	}
	if o := res.Outcome; math.Abs(o.AttackerWin.P-o.DefenderWin.P) > 1e-12 || o.Draw.P <= 0 {
		t.Errorf("identical fleets: attacker %.15f, defender %.15f, draw %.15f", o.AttackerWin.P, o.DefenderWin.P, o.Draw.P)
	}
}

// TestSolveAgreesWithMonteCarloOnNewlyExactRules is the property test of
// the rules exact mode took over in issue 16: 56 random scenarios
// (randomScenario, fixed seed) given, one in four each, a round limit of 1–6
// rounds (space and ground combat), a retreat policy for one side (after=1..3
// or when=losing, space combat and invasion), Morale Boost with 1–2 copies
// for a side of a single combat, one in three Duranium Armor, Shields
// Holding, Direct Hit or Fire Team, and larger fleets; exact probabilities
// (retreats and unfinished combats included), survivors, losses and mean
// rounds lie within 4 standard errors of a 100000-trial run.
func TestSolveAgreesWithMonteCarloOnNewlyExactRules(t *testing.T) {
	const n = 100000 / raceTrialDivisor
	r := rand.New(rand.NewPCG(2026, 16))
	covered := map[string]int{}
	for i := range 56 {
		sc := randomScenario(r)
		var what []string
		if sc.Action != combat.Invasion && r.IntN(4) == 0 {
			sc.MaxRounds = 1 + r.IntN(6)
			what = append(what, fmt.Sprintf("rounds=%d", sc.MaxRounds))
		}
		if sc.Action != combat.GroundCombat && r.IntN(3) == 0 {
			policy := []string{"after=1", "after=2", "after=3", "when=losing"}[r.IntN(4)]
			ret, err := combat.ParseRetreat(policy)
			if err != nil {
				t.Fatal(err)
			}
			if r.IntN(2) == 0 {
				sc.Attacker.Retreat = ret
			} else {
				sc.Defender.Retreat = ret
			}
			what = append(what, "retreat "+policy)
		}
		if sc.Action != combat.Invasion && r.IntN(4) == 0 {
			card := fmt.Sprintf("morale-boost:%d", 1+r.IntN(2))
			if r.IntN(2) == 0 {
				sc.Attacker.Cards = append(sc.Attacker.Cards, card)
			} else {
				sc.Defender.Cards = append(sc.Defender.Cards, card)
			}
			what = append(what, card)
		}
		if r.IntN(3) == 0 {
			// A text exact mode took over: Duranium Armor, Shields Holding
			// and Direct Hit (copies in the state, also through space cannon
			// offense), Fire Team (a round's reroll).
			var cards []string
			switch sc.Action {
			case combat.SpaceCombat:
				cards = []string{"duranium-armor", "shields-holding:2", "direct-hit:2"}
			case combat.GroundCombat:
				cards = []string{"duranium-armor", "fire-team"}
			default:
				cards = []string{"duranium-armor", "shields-holding:1", "fire-team", "direct-hit:1"}
			}
			card := cards[r.IntN(len(cards))]
			side := &sc.Defender
			if r.IntN(2) == 0 {
				side = &sc.Attacker
			}
			if card == "duranium-armor" {
				side.Techs = append(side.Techs, card)
			} else {
				side.Cards = append(side.Cards, card)
			}
			what = append(what, "card "+card)
		}
		if r.IntN(4) == 0 {
			// Larger fleets: three more units of each of the attacker's
			// types.
			var items []string
			for _, g := range sc.Attacker.Fleet.Groups() {
				up := ""
				if g.Upgraded {
					up = " II"
				}
				items = append(items, fmt.Sprintf("%d %s%s", g.Count+3, g.Kind, up))
			}
			f, err := units.ParseFleet(strings.Join(items, ", "))
			if err != nil {
				t.Fatal(err)
			}
			sc.Attacker.Fleet = f
			what = append(what, "larger")
		}
		for _, w := range what {
			covered[strings.FieldsFunc(w, func(r rune) bool { return r == ' ' || r == '=' || r == ':' })[0]]++
		}
		name := fmt.Sprintf("%d %s: %s vs %s %v", i, sc.Action, sc.Attacker.Fleet, sc.Defender.Fleet, what)
		t.Run(name, func(t *testing.T) {
			ex, err := combat.Solve(context.Background(), sc)
			if err != nil {
				t.Fatal(err)
			}
			mc, err := combat.Run(context.Background(), sc, combat.Options{Trials: n, Seed: uint64(i) + 101})
			if err != nil {
				t.Fatal(err)
			}
			within := func(what string, exact, sim, se float64) {
				t.Helper()
				se = max(se, 30.0/n) // as in TestSolveAgreesWithMonteCarlo
				if z := (sim - exact) / se; math.Abs(z) > 4 {
					t.Errorf("%s: exact %.6f, Monte Carlo %.6f, z = %.2f", what, exact, sim, z)
				}
			}
			prob := func(what string, exact, sim float64) {
				t.Helper()
				within(what, exact, sim, math.Sqrt(exact*(1-exact)/n))
			}
			o, m := ex.Outcome, mc.Outcome
			if s := o.AttackerWin.P + o.Draw.P + o.DefenderWin.P + o.AttackerRetreats.P + o.DefenderRetreats.P + o.Unfinished.P; math.Abs(s-1) > 1e-9 {
				t.Errorf("exact outcomes sum to %.12f", s)
			}
			prob("attacker wins", o.AttackerWin.P, m.AttackerWin.P)
			prob("draw", o.Draw.P, m.Draw.P)
			prob("defender wins", o.DefenderWin.P, m.DefenderWin.P)
			prob("attacker retreats", o.AttackerRetreats.P, m.AttackerRetreats.P)
			prob("defender retreats", o.DefenderRetreats.P, m.DefenderRetreats.P)
			prob("unfinished", o.Unfinished.P, m.Unfinished.P)
			for s, pair := range [][2]combat.SideResult{{ex.Attacker, mc.Attacker}, {ex.Defender, mc.Defender}} {
				for k, sv := range pair[0].Survivors {
					within(fmt.Sprintf("side %d %s left", s, sv.Name), sv.Expected.Value, pair[1].Survivors[k].Expected.Value, pair[1].Survivors[k].Expected.SE)
				}
				within(fmt.Sprintf("side %d resources lost", s), pair[0].ResourcesLost.Value, pair[1].ResourcesLost.Value, pair[1].ResourcesLost.SE)
			}
			within("mean rounds", ex.Rounds.Mean.Value, mc.Rounds.Mean.Value, mc.Rounds.Mean.SE)
		})
	}
	for _, k := range []string{"rounds", "retreat", "morale-boost", "larger", "card"} {
		if covered[k] < 3 {
			t.Errorf("%d scenarios with %s: the seed no longer covers every newly exact rule", covered[k], k)
		}
	}
	t.Logf("scenarios per rule: %v", covered)
}

// TestSolveProbabilitiesWithinZeroAndOne checks that an exact answer's
// probabilities stay in [0, 1]: the sums of products that make them went
// a few units in the last place past 1 (issue 27, found by the scenario
// generator: this invasion's defender won with 1.0000000000000004), and
// that they still add up to 1.
func TestSolveProbabilitiesWithinZeroAndOne(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "2 destroyer, 4 infantry")},
		Defender: combat.Side{Fleet: mustFleet(t, "6 destroyer II, 1 mech")}}
	res := mustSolve(t, sc)
	o := res.Outcome
	sum := 0.0
	for _, p := range []combat.Probability{o.AttackerWin, o.Draw, o.DefenderWin, o.AttackerRetreats, o.DefenderRetreats, o.Unfinished} {
		if p.P < 0 || p.P > 1 || p.Lo != p.P || p.Hi != p.P {
			t.Errorf("exact probability %+v outside [0, 1] or not of zero width", p)
		}
		sum += p.P
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("outcomes sum to %.15f", sum)
	}
	if o.DefenderWin.P < 0.999 {
		t.Errorf("defender wins %.6f; 6 destroyers II against 2 destroyers keep the space area almost surely", o.DefenderWin.P)
	}
}
