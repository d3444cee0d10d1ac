package advise_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/advise"
	"github.com/ti4sim/ti4sim/units"
)

// mustFleet parses a fleet or fails the test.
func mustFleet(t testing.TB, s string) units.Fleet {
	t.Helper()
	f, err := units.ParseFleet(s)
	if err != nil {
		t.Fatalf("fleet %q: %v", s, err)
	}
	return f
}

// mustSolve solves sc exactly or fails the test.
func mustSolve(t testing.TB, sc combat.Scenario) combat.Result {
	t.Helper()
	res, err := combat.Solve(context.Background(), sc)
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	return res
}

// mustAdvise answers q (exact unless q says otherwise) or fails the test.
func mustAdvise(t testing.TB, q advise.Question) advise.Advice {
	t.Helper()
	a, err := advise.Fleet(context.Background(), q, combat.Options{Trials: 4000, Seed: 7})
	if err != nil {
		t.Fatalf("Fleet: %v", err)
	}
	return a
}

// bruteFleet is one fleet of the brute force, counted by hand.
type bruteFleet struct {
	fleet              string
	cost, win, lost    float64
	dread, carrier, fi int
}

// bruteForce lists every fleet of dreadnoughts, carriers, cruisers,
// destroyers and fighters the limits allow, with the generic units'
// printed costs and capacities written out here (dreadnought 4, capacity
// 1; carrier 3, capacity 4; cruiser 2; destroyer 1; fighters two for 1),
// and solves each one. It shares nothing with the advisor's enumeration.
func bruteForce(t *testing.T, sc combat.Scenario, resources, production, pool int) []bruteFleet {
	t.Helper()
	var out []bruteFleet
	for d := 0; d <= 5; d++ {
		for ca := 0; ca <= 4; ca++ {
			for cr := 0; cr <= 8; cr++ {
				for de := 0; de <= 8; de++ {
					for f := 0; f <= 20; f++ {
						cost := 4*d + 3*ca + 2*cr + de + (f+1)/2
						ships := d + ca + cr + de
						if cost > resources || (production > 0 && ships+f > production) || (pool > 0 && ships > pool) || f > d+4*ca || ships+f == 0 {
							continue
						}
						var parts []string
						for _, p := range []struct {
							n    int
							name string
						}{{d, "dreadnought"}, {ca, "carrier"}, {cr, "cruiser"}, {de, "destroyer"}, {f, "fighter"}} {
							if p.n > 0 {
								parts = append(parts, fmt.Sprintf("%d %s", p.n, p.name))
							}
						}
						s := sc
						s.Attacker.Fleet = mustFleet(t, strings.Join(parts, ", "))
						r := mustSolve(t, s)
						out = append(out, bruteFleet{fleet: s.Attacker.Fleet.String(), cost: float64(cost), win: r.Outcome.AttackerWin.P, lost: r.Attacker.ResourcesLost.Value})
					}
				}
			}
		}
	}
	return out
}

// TestAdviseEqualsExhaustiveSearch checks the advisor's answer against
// the brute force on five budgets, for the highest chance and for the
// cheapest fleet reaching a target, and logs both times.
func TestAdviseEqualsExhaustiveSearch(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 1 cruiser, 2 fighter")}}
	for _, b := range []struct{ resources, production, pool int }{{3, 0, 0}, {5, 4, 3}, {6, 0, 2}, {8, 6, 3}, {10, 5, 4}} {
		start := time.Now()
		all := bruteForce(t, sc, b.resources, b.production, b.pool)
		brute := time.Since(start)
		for _, target := range []float64{0, 0.5} {
			want := all[0]
			for _, c := range all[1:] {
				if bruteBetter(c, want, target) {
					want = c
				}
			}
			start = time.Now()
			a := mustAdvise(t, advise.Question{Scenario: sc, Target: target,
				Limits: lifted(advise.Limits{Resources: b.resources, Production: b.production, FleetPool: b.pool})})
			took := time.Since(start)
			if a.Buildable != len(all) {
				t.Errorf("%+v: %d buildable fleets, brute force %d", b, a.Buildable, len(all))
			}
			if got := a.Best.Fleet.String(); got != want.fleet || math.Abs(a.Best.Win.P-want.win) > 1e-12 || a.Best.Cost != want.cost {
				t.Errorf("%+v target %v: advisor %s (cost %v, P %.6f), brute force %s (cost %v, P %.6f)", b, target, got, a.Best.Cost, a.Best.Win.P, want.fleet, want.cost, want.win)
			}
			t.Logf("resources %d production %d pool %d target %v: %s (P %.4f, cost %v); advisor %d of %d fleets in %v, brute force %v",
				b.resources, b.production, b.pool, target, a.Best.Fleet, a.Best.Win.P, a.Best.Cost, a.Evaluated, a.Buildable, took.Round(time.Millisecond), brute.Round(time.Millisecond))
		}
	}
}

// bruteBetter ranks as Question.Target says: reaching the target
// first, then the cheaper fleet when both reach it, the higher chance, the
// cheaper fleet, the fewer resources lost.
func bruteBetter(x, y bruteFleet, target float64) bool {
	if target > 0 && (x.win >= target) != (y.win >= target) {
		return x.win >= target
	}
	if target > 0 && x.win >= target && x.cost != y.cost {
		return x.cost < y.cost
	}
	if math.Abs(x.win-y.win) > 1e-9 {
		return x.win > y.win
	}
	if x.cost != y.cost {
		return x.cost < y.cost
	}
	return x.lost < y.lost-1e-9
}

// TestAdviseParetoTable checks the table against its definition: no row
// is dominated by another evaluated fleet, and the recommendation of the
// highest chance is a row.
func TestAdviseParetoTable(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser, 2 fighter")}}
	a := mustAdvise(t, advise.Question{Scenario: sc, Limits: advise.Limits{Resources: 7, FleetPool: 3}, Keep: 2})
	if a.Evaluated != a.Buildable {
		t.Fatalf("evaluated %d of %d without a fleet that always wins", a.Evaluated, a.Buildable)
	}
	found := false
	for i, x := range a.Pareto {
		if i > 0 && x.Cost < a.Pareto[i-1].Cost {
			t.Errorf("row %d cheaper than the row before", i)
		}
		if x.Fleet.String() == a.Best.Fleet.String() {
			found = true
		}
		for j, y := range a.Pareto {
			if i != j && y.Cost <= x.Cost && y.Win.P >= x.Win.P && y.Keep.P >= x.Keep.P && y.ResourcesLost.Value <= x.ResourcesLost.Value &&
				(y.Cost < x.Cost || y.Win.P > x.Win.P+1e-9 || y.Keep.P > x.Keep.P+1e-9 || y.ResourcesLost.Value < x.ResourcesLost.Value-1e-9) {
				t.Errorf("row %s dominated by %s", x.Fleet, y.Fleet)
			}
		}
		if x.Keep.P > x.Win.P+1e-12 {
			t.Errorf("%s: keeps 2 units with %.4f, more than it wins (%.4f): a space combat is won by the side with ships left", x.Fleet, x.Keep.P, x.Win.P)
		}
	}
	if !found {
		t.Errorf("the recommendation %s is not in the table", a.Best.Fleet)
	}
}

// TestAdviseStopsOnProof checks the two stopping arguments: a target
// reached at a cost level, and a certain win in exact mode, each end the
// search before the costlier fleets; the answer is still the brute
// force's.
func TestAdviseStopsOnProof(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, Defender: combat.Side{Fleet: mustFleet(t, "1 fighter")}}
	// A lone fighter against destroyers: the cheapest fleet that wins
	// half the time is found at a low cost level, and the costlier levels
	// are never evaluated.
	a := mustAdvise(t, advise.Question{Scenario: sc, Target: 0.5, Limits: advise.Limits{Resources: 10}})
	if a.Evaluated >= a.Buildable {
		t.Errorf("target reached: evaluated %d of %d", a.Evaluated, a.Buildable)
	}
	s := sc
	s.Attacker.Fleet = a.Best.Fleet
	if r := mustSolve(t, s); r.Outcome.AttackerWin.P < 0.5 {
		t.Errorf("answer %s wins %.4f < 0.5", a.Best.Fleet, r.Outcome.AttackerWin.P)
	}
	for _, c := range a.Pareto {
		if c.Cost > a.Best.Cost {
			t.Errorf("%s costs more than the answer: it should not have been evaluated", c.Fleet)
		}
	}
	// A certain win: every attacker die hits (+9), every defender die
	// misses (-9); one destroyer already wins with probability 1, so no
	// fleet above 1 resource is evaluated.
	sure := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Modifier: 9},
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Modifier: -9}}
	b := mustAdvise(t, advise.Question{Scenario: sure, Limits: advise.Limits{Resources: 6}})
	if b.Best.Win.P != 1 || b.Best.Cost != 1 || b.Evaluated >= b.Buildable {
		t.Errorf("certain win: best %s P %v cost %v, evaluated %d of %d", b.Best.Fleet, b.Best.Win.P, b.Best.Cost, b.Evaluated, b.Buildable)
	}
}

// limitCase is a question asked with and without one limit.
type limitCase struct {
	name        string
	sc          combat.Scenario
	free, bound advise.Limits
	// breaks reports whether a fleet breaks the limit.
	breaks func(c advise.Candidate) bool
}

// TestAdviseLimitsChangeTheAnswer shows each limit at work: without it
// the answer breaks it, with it the answer keeps it and differs.
func TestAdviseLimitsChangeTheAnswer(t *testing.T) {
	vsCruisers := combat.Scenario{Action: combat.SpaceCombat, Defender: combat.Side{Fleet: mustFleet(t, "3 cruiser")}}
	cases := []limitCase{
		{"fleet pool", vsCruisers, advise.Limits{Resources: 8}, advise.Limits{Resources: 8, FleetPool: 2},
			func(c advise.Candidate) bool { return nonFighterShips(c.Fleet) > 2 }},
		{"production", vsCruisers, advise.Limits{Resources: 8}, advise.Limits{Resources: 8, Production: 2},
			func(c advise.Candidate) bool { return c.Produced > 2 }},
		{"dock production (planet of 0 resources: 2)", vsCruisers, advise.Limits{Resources: 8}, advise.Limits{Resources: 8, Dock: true},
			func(c advise.Candidate) bool { return c.Produced > 2 }},
		{"supply", vsCruisers, advise.Limits{Resources: 8}, advise.Limits{Resources: 8, Supply: map[units.Kind]int{units.Carrier: 0}},
			func(c advise.Candidate) bool { return c.Built.Count(units.Carrier) > 0 }},
		{"resources", vsCruisers, advise.Limits{Resources: 8}, advise.Limits{Resources: 6},
			func(c advise.Candidate) bool { return c.Cost > 6 }},
		{"capacity (Fighter II lifts it, fighters count against the fleet pool)",
			combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Techs: []string{"fighter-ii"}}, Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser")}},
			advise.Limits{Resources: 4, FleetPool: 4, Kinds: []units.Kind{units.Fighter, units.Carrier, units.Destroyer}},
			advise.Limits{Resources: 4, FleetPool: 1, Kinds: []units.Kind{units.Fighter, units.Carrier, units.Destroyer}},
			func(c advise.Candidate) bool {
				return c.Fleet.Count(units.Fighter) > 4*c.Fleet.Count(units.Carrier)+max(0, 1-nonFighterShips(c.Fleet))
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			free := mustAdvise(t, advise.Question{Scenario: c.sc, Limits: lifted(c.free)})
			bound := mustAdvise(t, advise.Question{Scenario: c.sc, Limits: lifted(c.bound)})
			if !c.breaks(free.Best) {
				t.Errorf("without the limit the answer %s keeps it: the case shows nothing", free.Best.Fleet)
			}
			for _, x := range append([]advise.Candidate{bound.Best}, bound.Pareto...) {
				if c.breaks(x) {
					t.Errorf("with the limit %s breaks it", x.Fleet)
				}
			}
			if bound.Best.Win.P > free.Best.Win.P+1e-12 {
				t.Errorf("a limit raised the best chance: %.6f > %.6f", bound.Best.Win.P, free.Best.Win.P)
			}
			t.Logf("without: %s (P %.4f); with: %s (P %.4f)", free.Best.Fleet, free.Best.Win.P, bound.Best.Fleet, bound.Best.Win.P)
		})
	}
}

func nonFighterShips(f units.Fleet) int {
	n := 0
	for _, g := range f.Groups() {
		if g.Kind.Ship() && g.Kind != units.Fighter {
			n += g.Count
		}
	}
	return n
}

// TestAdviseCapacity: fighters without Fighter II ride on capacity. A
// carrier already in the system carries 4 fighters bought at two for one
// resource; without it no fighter can be built.
func TestAdviseCapacity(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer")}}
	lim := advise.Limits{Resources: 2, Kinds: []units.Kind{units.Fighter, units.Destroyer}}
	alone := mustAdvise(t, advise.Question{Scenario: sc, Limits: lim})
	if alone.Best.Built.Count(units.Fighter) != 0 {
		t.Errorf("no capacity, yet %s", alone.Best.Built)
	}
	withCarrier := sc
	withCarrier.Attacker.Fleet = mustFleet(t, "1 carrier")
	a := mustAdvise(t, advise.Question{Scenario: withCarrier, Limits: lim})
	if got := a.Best.Built.String(); got != "4 fighter" || a.Best.Cost != 2 {
		t.Errorf("with a carrier: built %s for %v, want 4 fighter for 2 (two for one resource)", got, a.Best.Cost)
	}
	// Alone: 1 or 2 destroyers. With the carrier also the carrier alone,
	// 1..4 fighters, and 1 destroyer with 1 or 2 fighters: 2 + 1 + 4 + 2.
	if alone.Buildable != 2 || a.Buildable != 9 {
		t.Errorf("buildable: %d alone (want 2), %d with a carrier (want 9)", alone.Buildable, a.Buildable)
	}
}

// TestAdviseInvasionCheapestForce asks for the cheapest force that takes
// a planet with 80%, and checks it against Solve and the next cheaper
// level.
func TestAdviseInvasionCheapestForce(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion, Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier")},
		Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
	a := mustAdvise(t, advise.Question{Scenario: sc, Target: 0.8, Limits: advise.Limits{Resources: 6, Kinds: []units.Kind{units.Infantry, units.Mech}}})
	if !a.Reached {
		t.Fatalf("not reached: %s P %.4f", a.Best.Fleet, a.Best.Win.P)
	}
	s := sc
	s.Attacker.Fleet = a.Best.Fleet
	if r := mustSolve(t, s); math.Abs(r.Outcome.AttackerWin.P-a.Best.Win.P) > 1e-12 || r.Outcome.AttackerWin.P < 0.8 {
		t.Errorf("answer %s: Solve %.6f, advisor %.6f", a.Best.Fleet, r.Outcome.AttackerWin.P, a.Best.Win.P)
	}
	// Every cheaper force the carrier can take misses the target.
	var cheaper []string
	for inf := 0; inf <= 4; inf++ {
		for m := 0; m <= 4-inf; m++ {
			if cost := float64((inf+1)/2 + 2*m); cost < a.Best.Cost && inf+m > 0 {
				gs := []units.Group{{Kind: units.Carrier, Count: 1}}
				if inf > 0 {
					gs = append(gs, units.Group{Kind: units.Infantry, Count: inf})
				}
				if m > 0 {
					gs = append(gs, units.Group{Kind: units.Mech, Count: m})
				}
				f, err := units.NewFleet(gs...)
				if err != nil {
					t.Fatal(err)
				}
				s.Attacker.Fleet = f
				if r := mustSolve(t, s); r.Outcome.AttackerWin.P >= 0.8 {
					cheaper = append(cheaper, s.Attacker.Fleet.String())
				}
			}
		}
	}
	if len(cheaper) > 0 {
		t.Errorf("cheaper forces reach 80%%: %v", cheaper)
	}
	t.Logf("cheapest force: %s for %v (P %.4f)", a.Best.Built, a.Best.Cost, a.Best.Win.P)
}

// TestAdviseTrialsCommonRandomNumbers: a scenario exact mode cannot
// express is simulated, every fleet with the same seed; the answer is
// the same for every worker count.
func TestAdviseTrialsCommonRandomNumbers(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser, 1 destroyer")}}
	q := advise.Question{Scenario: sc, Limits: advise.Limits{Resources: 6, FleetPool: 3}, Method: advise.MethodTrials}
	var first string
	for _, w := range []int{1, 2, 3} {
		a, err := advise.Fleet(context.Background(), q, combat.Options{Trials: 3000, Seed: 11, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if a.Exact || a.Trials != 3000 {
			t.Fatalf("exact %v trials %d", a.Exact, a.Trials)
		}
		got := fmt.Sprintf("%s %v", a.Best.Fleet, a.Best.Win)
		if first == "" {
			first = got
		} else if got != first {
			t.Errorf("workers %d: %s, workers 1: %s", w, got, first)
		}
		// The simulated chance of the answer is within 4 standard
		// errors of its exact value.
		s := sc
		s.Attacker.Fleet = a.Best.Fleet
		p := mustSolve(t, s).Outcome.AttackerWin.P
		if se := math.Sqrt(p * (1 - p) / 3000); math.Abs(a.Best.Win.P-p) > 4*se+1e-12 {
			t.Errorf("simulated %.4f, exact %.4f", a.Best.Win.P, p)
		}
	}
}

// TestAdviseRefusesBadQuestions: each input out of range is refused,
// naming it.
func TestAdviseRefusesBadQuestions(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	for _, c := range []struct {
		q    advise.Question
		want string
	}{
		{advise.Question{Scenario: sc}, "limits.resources"},
		{advise.Question{Scenario: sc, Limits: advise.Limits{Resources: 5, Production: 2, Dock: true}}, "limits.production"},
		{advise.Question{Scenario: sc, Limits: advise.Limits{Resources: 5}, Target: 1.5}, "target"},
		{advise.Question{Scenario: sc, Limits: advise.Limits{Resources: 5, Kinds: []units.Kind{units.Infantry}}}, "limits.kinds: infantry"},
		{advise.Question{Scenario: sc, Limits: advise.Limits{Resources: 5, Kinds: []units.Kind{units.WarSun}}}, "War Sun technology"},
		{advise.Question{Scenario: sc, Limits: advise.Limits{Resources: 5, Supply: map[units.Kind]int{units.Cruiser: -1}}}, "limits.supply.cruiser"},
		{advise.Question{Scenario: combat.Scenario{Action: combat.GroundCombat, Defender: sc.Defender}, Limits: advise.Limits{Resources: 5}}, "action"},
		{advise.Question{Scenario: combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "3 cruiser")}, Defender: sc.Defender},
			Limits: advise.Limits{Resources: 5, FleetPool: 2}}, "exceed the fleet pool"},
	} {
		_, err := advise.Fleet(context.Background(), c.q, combat.Options{Trials: 100})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one naming %q", c.q.Limits, err, c.want)
		}
	}
}

// TestAdviseProbesAnInvasionWithoutGroundForces: building ships only for
// an invasion with no ground force anywhere is refused for that reason;
// with ground forces already there, ships alone are a question; an exact
// question needs no Options.
func TestAdviseProbesAnInvasionWithoutGroundForces(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion, Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
	lim := lifted(advise.Limits{Resources: 4, Kinds: []units.Kind{units.Destroyer, units.Carrier}})
	_, err := advise.Fleet(context.Background(), advise.Question{Scenario: sc, Limits: lim}, combat.Options{})
	if err == nil || !strings.Contains(err.Error(), "an invasion needs a ground force") {
		t.Errorf("ships only, no ground force: %v", err)
	}
	sc.Attacker.Fleet = mustFleet(t, "1 carrier, 4 infantry")
	a, err := advise.Fleet(context.Background(), advise.Question{Scenario: sc, Limits: lim}, combat.Options{})
	// Nothing; 1..4 destroyers; 1 carrier; 1 carrier and 1 destroyer (4
	// resources).
	if err != nil || !a.Exact || a.Buildable != 1+4+1+1 {
		t.Errorf("ground forces there: %v, %+v", err, a)
	}
}

// TestAdviseAddingAUnitCanLowerTheChance is why the advisor assumes no
// monotonicity: against 2 cruisers that retreat when losing, a bigger
// fleet makes them retreat (the defender's outcome) instead of being
// destroyed, and 3 cruisers win less often than 2. The advisor's answer
// is still the best of every fleet, by Solve on each.
func TestAdviseAddingAUnitCanLowerTheChance(t *testing.T) {
	retreat, err := combat.ParseRetreat("when=losing")
	if err != nil {
		t.Fatal(err)
	}
	sc := combat.Scenario{Action: combat.SpaceCombat, Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser"), Retreat: retreat}}
	win := func(f string) float64 {
		s := sc
		s.Attacker.Fleet = mustFleet(t, f)
		return mustSolve(t, s).Outcome.AttackerWin.P
	}
	two, three := win("2 cruiser"), win("3 cruiser")
	if three >= two {
		t.Fatalf("3 cruisers win %.5f, 2 cruisers %.5f: the example no longer shows a unit lowering the chance", three, two)
	}
	a := mustAdvise(t, advise.Question{Scenario: sc, Limits: lifted(advise.Limits{Resources: 6, Kinds: []units.Kind{units.Cruiser, units.Destroyer}})})
	best := 0.0
	for c := 0; c <= 3; c++ {
		for d := 0; d <= 6-2*c; d++ {
			var parts []string
			if c > 0 {
				parts = append(parts, fmt.Sprintf("%d cruiser", c))
			}
			if d > 0 {
				parts = append(parts, fmt.Sprintf("%d destroyer", d))
			}
			if len(parts) > 0 {
				best = max(best, win(strings.Join(parts, ", ")))
			}
		}
	}
	if math.Abs(a.Best.Win.P-best) > 1e-12 {
		t.Errorf("advisor %s wins %.6f, the best fleet %.6f", a.Best.Fleet, a.Best.Win.P, best)
	}
	t.Logf("2 cruisers %.4f, 3 cruisers %.4f; best within 6 resources: %s (%.4f)", two, three, a.Best.Fleet, a.Best.Win.P)
}

// TestAdviseNilContext: a nil context is a caller's mistake that must come
// back as an error, not a panic in a worker goroutine.
func TestAdviseNilContext(t *testing.T) {
	var nilCtx context.Context
	q := advise.Question{Scenario: combat.Scenario{Action: combat.SpaceCombat,
		Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser")}}, Limits: advise.Limits{Resources: 4}}
	if _, err := advise.Fleet(nilCtx, q, combat.Options{}); err == nil || err.Error() != "advise: nil context" {
		t.Errorf("Fleet(nil, ...) error = %v, want advise: nil context", err)
	}
}

// lifted gives the limits the question leaves at 0 — the production (no
// dock either) and the fleet pool — advise.MaxCount, more than any of
// these questions can use: the tests that compare the advisor with a
// brute force over every fleet ask without those limits.
func lifted(l advise.Limits) advise.Limits {
	if l.Production == 0 && !l.Dock {
		l.Production = advise.MaxCount
	}
	if l.FleetPool == 0 {
		l.FleetPool = advise.MaxCount
	}
	return l
}

// The question (issue 28, A9): 20 resources against 2
// dreadnoughts, 2 cruisers, a carrier and 3 fighters, no limits given.
// The advisor holds the fleets to the rules' defaults and says so: the
// production of a Space Dock I on a planet of 3 resources (2 + 3 = 5, LRR
// Production) and a fleet pool of 3 (the starting tokens, LRR Command
// Tokens). Every fleet of the Pareto table keeps both: at most 5 units
// produced, at most 3 non-fighter ships.
func TestAdviseDefaultsToTheRulesLimits(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, Defender: combat.Side{Fleet: mustFleet(t, "2 dreadnought, 2 cruiser, 1 carrier, 3 fighter")}}
	a := mustAdvise(t, advise.Question{Scenario: sc, Limits: advise.Limits{Resources: 20}, Target: 0.8})
	if a.Production != 5 || a.FleetPool != 3 || len(a.Assumed) != 2 || a.Assumed[0].Limit != "production" || a.Assumed[0].Value != 5 ||
		a.Assumed[1].Limit != "fleet pool" || a.Assumed[1].Value != 3 {
		t.Errorf("limits %d, %d, assumed %+v; want production 5 and fleet pool 3, both assumed", a.Production, a.FleetPool, a.Assumed)
	}
	for _, c := range append([]advise.Candidate{a.Best}, a.Pareto...) {
		if c.Produced > 5 || nonFighterShips(c.Fleet) > 3 {
			t.Errorf("%s: %d produced, %d non-fighter ships", c.Fleet, c.Produced, nonFighterShips(c.Fleet))
		}
	}
	// Limits given are kept, and nothing is assumed.
	b := mustAdvise(t, advise.Question{Scenario: sc, Limits: advise.Limits{Resources: 6, Production: 4, FleetPool: 2}})
	if len(b.Assumed) != 0 || b.Production != 4 || b.FleetPool != 2 {
		t.Errorf("given limits: %d, %d, assumed %+v", b.Production, b.FleetPool, b.Assumed)
	}
}
