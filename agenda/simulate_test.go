package agenda

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/internal/montecarlo"
)

func simulate(t *testing.T, a Agenda, o Options) Result {
	t.Helper()
	r, err := Simulate(context.Background(), a, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// within checks a simulated proportion against its exact value: at most 4
// standard errors of the exact proportion over n trials apart.
func within(t *testing.T, what string, sim, exact float64, n int64) {
	t.Helper()
	se := math.Sqrt(exact * (1 - exact) / float64(n))
	if se < 1e-12 {
		if math.Abs(sim-exact) > 1e-9 {
			t.Errorf("%s: simulated %v, exact %v (impossible outcome observed)", what, sim, exact)
		}
		return
	}
	if z := (sim - exact) / se; math.Abs(z) > 4 {
		t.Errorf("%s: simulated %v, exact %v, z = %.2f", what, sim, exact, z)
	}
}

func compareWithExact(t *testing.T, a Agenda, n int64, seed uint64) {
	t.Helper()
	e := exactOf(t, a)
	s := simulate(t, a, Options{Trials: n, Seed: seed})
	within(t, "no majority", s.NoMajority.P, e.NoMajority.P, n)
	for o, name := range a.Outcomes {
		within(t, "prelim "+name, s.Prelim[o].P, e.Prelim[o].P, n)
		within(t, "final "+name, s.Final[o].P, e.Final[o].P, n)
		within(t, "overall "+name, s.Overall[o].P, e.Overall[o].P, n)
	}
	for j, b := range e.Bribery {
		within(t, "bribery used by "+b.Voter, s.Bribery[j].Used.P, b.Used.P, n)
		if se := s.Bribery[j].MeanSpentSE; se > 0 {
			if z := (s.Bribery[j].MeanSpent - b.MeanSpent) / se; math.Abs(z) > 4 {
				t.Errorf("trade goods spent by %s: simulated %v, exact %v, z = %.2f", b.Voter, s.Bribery[j].MeanSpent, b.MeanSpent, z)
			}
		} else if math.Abs(s.Bribery[j].MeanSpent-b.MeanSpent) > 1e-9 {
			t.Errorf("trade goods spent by %s: simulated %v, exact %v", b.Voter, s.Bribery[j].MeanSpent, b.MeanSpent)
		}
	}
}

func TestSimulateHandComputed(t *testing.T) {
	// The table of TestExactHandComputed: P(for overall) = 3/4.
	a := handAgenda()
	const n = 400_000
	s := simulate(t, a, Options{Trials: n, Seed: 3})
	within(t, "prelim for", s.Prelim[0].P, 0.25, n)
	within(t, "prelim against", s.Prelim[1].P, 0.25, n)
	within(t, "overall for", s.Overall[0].P, 0.75, n)
	if s.Prelim[0].Lo > 0.25 || s.Prelim[0].Hi < 0.25 {
		t.Logf("note: the 95%% interval %v..%v misses 0.25 (happens 1 time in 20)", s.Prelim[0].Lo, s.Prelim[0].Hi)
	}
	// Deterministic tables give certainties, not estimates.
	d := simulate(t, Agenda{Outcomes: []string{"for", "against"}, Voters: []Voter{
		{Name: "a", Votes: Fixed(6), Choice: []float64{1, 0}},
		{Name: "b", Votes: Fixed(3), Choice: []float64{0, 1}},
	}}, Options{Trials: 1000, Seed: 1})
	if d.NoMajority.P != 1 || d.Final[0].P != 1 || d.Final[0].Lo >= 1 || d.Final[0].Hi != 1 {
		t.Errorf("6 vs 3: %+v", d)
	}
}

func TestSimulateMatchesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 40 {
		a := randomAgenda(rng, i%2 == 1)
		compareWithExact(t, a, 100_000, uint64(i))
		if t.Failed() {
			t.Fatalf("agenda %d: %+v", i, a)
		}
	}
}

func TestSimulateMatchesExactScenarios(t *testing.T) {
	two := []string{"for", "against"}
	scenarios := map[string]Agenda{
		// Argent is the speaker, so votes first in the final vote, and
		// Bribery is decided before anyone else has voted there.
		"argent speaker with bribery": {Outcomes: two, Speaker: 0, Players: 5, Voters: []Voter{
			{Name: "argent", Votes: Range{2, 5}, Choice: []float64{0.7, 0.2}, Zeal: ZealEachVote, Final: 1},
			{Name: "hacan", Votes: Range{3, 8}, Choice: []float64{0.3, 0.6}, Final: 2, Then: []float64{0.1, 0.8}},
			{Name: "sol", Votes: Fixed(6), Choice: []float64{0.5, 0.5}},
			{Name: "xxcha", Votes: Fixed(9), PrelimCap: 4, Choice: []float64{0.2, 0.5}, Extra: 3},
		}, Bribery: []Bribe{{Voter: 1, TradeGoods: 6}, {Voter: 3, TradeGoods: 2}}},
		"elect player, six outcomes": {Outcomes: []string{"a", "b", "c", "d", "e", "f"}, Speaker: 2, Voters: []Voter{
			{Name: "a", Votes: Fixed(5), Choice: []float64{0.6, 0.1, 0.1, 0.1, 0.05, 0.05}},
			{Name: "b", Votes: Range{3, 6}, Choice: []float64{0.1, 0.6, 0.1, 0.1, 0.05, 0.05}},
			{Name: "c", Votes: Fixed(4), Choice: []float64{0, 0, 1, 0, 0, 0}, Final: 2, Then: []float64{0, 0.5, 0.5, 0, 0, 0}},
			{Name: "d", Votes: Fixed(7), Choice: []float64{0.2, 0.2, 0.2, 0.2, 0.1, 0.1}},
		}},
		"twelve voters, four outcomes": func() Agenda {
			a := Agenda{Outcomes: []string{"a", "b", "c", "d"}, Speaker: 5}
			for i := range 12 {
				a.Voters = append(a.Voters, Voter{Name: string(rune('a' + i)), Votes: Fixed(1 + i%4),
					Choice: []float64{0.4, 0.3, 0.1, 0.1}})
			}
			return a
		}(),
	}
	for name, a := range scenarios {
		t.Run(name, func(t *testing.T) { compareWithExact(t, a, 300_000, 11) })
	}
}

func TestSimulateDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	a := randomAgenda(rng, true)
	a.Bribery = append(a.Bribery[:0], Bribe{Voter: 0, TradeGoods: 3})
	o := Options{Trials: 3*montecarlo.ChunkSize + 17, Seed: 99, Workers: 1}
	one := simulate(t, a, o)
	for _, w := range []int{2, 3, 8} {
		o.Workers = w
		if got := simulate(t, a, o); !reflect.DeepEqual(got, one) {
			t.Errorf("workers %d: %+v\nworkers 1: %+v", w, got, one)
		}
	}
	o.Seed = 100
	if got := simulate(t, a, o); reflect.DeepEqual(got.Counts, one.Counts) {
		t.Errorf("seeds 99 and 100 gave identical counts")
	}
}

func TestSimulatePrecision(t *testing.T) {
	a := Agenda{Outcomes: []string{"for", "against"}, Voters: []Voter{
		{Name: "a", Votes: Range{1, 9}, Choice: []float64{0.5, 0.5}},
		{Name: "b", Votes: Range{1, 9}, Choice: []float64{0.4, 0.4}},
	}}
	o := Options{Trials: 10_000_000, Seed: 1, Precision: 0.004, Workers: 1}
	r := simulate(t, a, o)
	if r.Trials >= o.Trials || r.Trials%montecarlo.ChunkSize != 0 || len(r.Warnings) != 0 {
		t.Errorf("precision run used %d trials (warnings %q), want whole chunks below the cap", r.Trials, r.Warnings)
	}
	for _, p := range append(append(append([]Prob{r.NoMajority}, r.Prelim...), r.Final...), r.Overall...) {
		if (p.Hi-p.Lo)/2 >= 0.004 {
			t.Errorf("half-width %v not below the precision", (p.Hi-p.Lo)/2)
		}
	}
	o.Workers = 3
	if r2 := simulate(t, a, o); !reflect.DeepEqual(r, r2) {
		t.Errorf("precision run depends on workers")
	}
	// Not reachable within the cap: all the trials, and a warning.
	o.Trials, o.Precision = 10_000, 0.001
	r = simulate(t, a, o)
	if r.Trials != 10_000 || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], "not reached") {
		t.Errorf("unreachable precision: %d trials, warnings %q", r.Trials, r.Warnings)
	}
}

func TestSimulateNoAllocations(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	a := randomAgenda(rng, true)
	a.Bribery = []Bribe{{Voter: 0, TradeGoods: 4}}
	a.Voters[0].Then = []float64{0.5, 0.5}
	if len(a.Outcomes) != 2 {
		a.Voters[0].Then = make([]float64, len(a.Outcomes))
	}
	noTrialAllocs(t, a)
}

// noTrialAllocs checks that a worker's trials of a allocate nothing.
func noTrialAllocs(t *testing.T, a Agenda) {
	t.Helper()
	m, err := compile(&a)
	if err != nil {
		t.Fatal(err)
	}
	w := newWorker(m)
	stream := montecarlo.Stream(1, 0)
	if n := testing.AllocsPerRun(20, func() { w.Trials(stream, 1000) }); n != 0 {
		t.Errorf("%v allocations per 1000 trials, want 0", n)
	}
}

func TestSimulateRejects(t *testing.T) {
	good := Agenda{Outcomes: []string{"for", "against"}, Voters: []Voter{{Name: "a", Votes: Fixed(1), Choice: []float64{1, 0}}}}
	bad := []struct {
		name string
		edit func(a *Agenda)
		o    Options
		want string
	}{
		{"no trials", nil, Options{}, "trials 0"},
		{"precision", nil, Options{Trials: 1, Precision: 0.7}, "precision"},
		{"probability above 1", func(a *Agenda) { a.Voters[0].Choice[0] = 1.5 }, Options{Trials: 1}, "outside [0,1]"},
		{"sum above 1", func(a *Agenda) { a.Voters[0].Choice[1] = 0.2 }, Options{Trials: 1}, "sum to"},
		{"NaN", func(a *Agenda) { a.Voters[0].Choice[0] = math.NaN() }, Options{Trials: 1}, "outside [0,1]"},
		{"table size", func(a *Agenda) { a.Voters[0].Choice = []float64{1} }, Options{Trials: 1}, "1 probabilities for 2 outcomes"},
		{"speaker", func(a *Agenda) { a.Speaker = 1 }, Options{Trials: 1}, "speaker 1 is not a voter"},
		{"duplicate voter", func(a *Agenda) { a.Voters = append(a.Voters, a.Voters[0]) }, Options{Trials: 1}, "duplicate voter"},
		{"votes", func(a *Agenda) { a.Voters[0].Votes = Range{5, 2} }, Options{Trials: 1}, "votes 5-2 out of range"},
		{"two zeal", func(a *Agenda) {
			b := a.Voters[0]
			b.Name = "b"
			a.Voters = append(a.Voters, b)
			a.Voters[0].Zeal, a.Voters[1].Zeal = ZealEachVote, ZealOnce
		}, Options{Trials: 1}, "both have Zeal"},
		{"players", func(a *Agenda) { a.Players = 40 }, Options{Trials: 1}, "40 players"},
		{"bribery twice", func(a *Agenda) { a.Bribery = []Bribe{{0, 1}, {0, 2}} }, Options{Trials: 1}, "Bribery twice"},
		{"final and prelim", func(a *Agenda) { a.Voters[0].Final, a.Voters[0].PrelimCap = 1, 1 }, Options{Trials: 1}, "give one"},
		{"no outcomes", func(a *Agenda) { a.Outcomes = nil }, Options{Trials: 1}, "0 outcomes"},
		{"reserved outcome", func(a *Agenda) { a.Outcomes[1] = "Abstain" }, Options{Trials: 1}, "reserved"},
		{"preference", func(a *Agenda) { a.SpeakerPrefers = []int{1, 1} }, Options{Trials: 1}, "twice"},
	}
	for _, c := range bad {
		a := good
		a.Outcomes = append([]string(nil), good.Outcomes...)
		a.Voters = append([]Voter(nil), good.Voters...)
		a.Voters[0].Choice = append([]float64(nil), good.Voters[0].Choice...)
		if c.edit != nil {
			c.edit(&a)
		}
		_, err := Simulate(context.Background(), a, c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// TestNilContext: a nil context is a caller's mistake that must come back
// as an error, not a panic in a worker goroutine that ends the program.
func TestNilContext(t *testing.T) {
	a := Agenda{Outcomes: []string{"for"}, Voters: []Voter{{Name: "a", Votes: Fixed(1), Choice: []float64{1}}}}
	var nilCtx context.Context
	if _, err := Simulate(nilCtx, a, Options{Trials: 10_000}); err == nil || err.Error() != "agenda: nil context" {
		t.Errorf("Simulate(nil, ...) error = %v, want agenda: nil context", err)
	}
	if _, err := Exact(nilCtx, a); err == nil || err.Error() != "agenda: nil context" {
		t.Errorf("Exact(nil, ...) error = %v, want agenda: nil context", err)
	}
}

func TestSimulateCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Simulate(ctx, Agenda{Outcomes: []string{"for"}, Voters: []Voter{{Name: "a", Votes: Fixed(1), Choice: []float64{1}}}},
		Options{Trials: 1_000_000})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}
