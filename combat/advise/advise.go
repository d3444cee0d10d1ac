package advise

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/fault"
	"github.com/ti4sim/ti4sim/internal/stats"
	"github.com/ti4sim/ti4sim/units"
)

// Method is how Fleet evaluates each fleet.
type Method int

const (
	// MethodAuto solves every fleet exactly when the exact solver
	// applies to all of them, and simulates every fleet otherwise.
	MethodAuto Method = iota
	// MethodExact solves every fleet exactly, and fails where it cannot.
	MethodExact
	// MethodTrials simulates every fleet, with common random numbers.
	MethodTrials
)

// Question asks what the attacker should build for a fight: the
// fleet with the highest chance to win within its limits (Target 0), or
// the cheapest one that reaches a chance to win (Target > 0). For a space
// combat, winning is the attacker having ships left and the defender none;
// for an invasion, the attacker controlling the planet.
type Question struct {
	// Scenario is the fight: the defender as it stands, the attacker's
	// faction, technologies, cards, and in its Fleet the units already in
	// the active system or moving in (possibly none). Action is
	// combat.SpaceCombat or combat.Invasion; Twilight Imperium 4 only;
	// one planet.
	Scenario combat.Scenario
	// Limits are what the attacker can build.
	Limits Limits
	// Target, 0..1: 0 asks for the highest chance to win (ties: the
	// cheaper fleet, then the fewer resources lost); above 0, for the
	// cheapest fleet whose chance to win is at least Target (ties: the
	// higher chance, then the fewer resources lost).
	Target float64
	// Keep, 0..MaxCount (0 means 1), is N in the table's "P(keeps at
	// least N units)": the chance that at least N of the attacker's
	// units are left when the action ends (UnitsLeft: ships, and for an
	// invasion also the ground forces on the planet).
	Keep int
	// Method is how fleets are evaluated; trial runs use the Options
	// given to Fleet, the same seed for every fleet (the Options are
	// checked only when fleets are simulated: an exact question needs
	// none).
	Method Method
	// MaxStates, 0..combat.MaxExactStates (0 means
	// combat.MaxExactStates), bounds the joint states of each exact solve
	// (combat.SolveWithin).
	MaxStates int
	// MaxTrials, when above 0, bounds the trials of all the fleets
	// together when they are simulated (a service's per-request limit):
	// a question whose fleets need more is refused, naming the figures.
	MaxTrials int64
}

// Candidate is one buildable fleet and how it fares.
type Candidate struct {
	// Built is what to build; Fleet the attacker's whole fleet in the
	// fight (the units already there and Built).
	Built, Fleet units.Fleet
	// Cost is Built's cost in resources, Produced its number of units (each
	// fighter and infantry counting one).
	Cost     float64
	Produced int
	// Win is the chance to win; ResourcesLost the expected cost of the
	// attacker's units destroyed (combat.Result's Attacker.ResourcesLost);
	// Keep the chance that at least Question.Keep of its units are left.
	Win           combat.Probability
	ResourcesLost combat.Mean
	Keep          combat.Probability
}

// Advice is Fleet's answer.
type Advice struct {
	// Best is the recommended fleet. Reached, with a Target, says whether
	// it reaches the target; when no fleet does, Best is the fleet with
	// the highest chance to win.
	Best    Candidate
	Reached bool
	// Pareto are the evaluated fleets that no other evaluated fleet
	// beats on every one of cost (lower), chance to win, chance to keep N
	// units (higher) and resources lost (lower) while strictly beating
	// it on one; cheapest first, then the likeliest to win. Fleets that
	// never win are left out, unless no fleet wins; of fleets that fare
	// alike on all four, only the one producing the fewest units.
	Pareto []Candidate
	// Buildable is the number of fleets within the limits; Evaluated the
	// number evaluated (fewer when a proven argument settled the rest,
	// see Fleet).
	Buildable, Evaluated int
	// Exact is true when every fleet was solved exactly; otherwise
	// Trials runs of Seed each, and NotExact says why the exact solver did
	// not apply (empty when MethodTrials asked for trials).
	Exact    bool
	Trials   int64
	Seed     uint64
	NotExact string
	// Assumed says, for each limit the question did not give, the
	// rules' default it was held to (Limits.WithDefaults): its name,
	// "production" or "fleet pool", and its value with why.
	Assumed []Assumed
	// Production and FleetPool are the limits the fleets were held to
	// (0: none).
	Production, FleetPool int
}

// Assumed is one limit held to the rules' default: Limit names it, Value
// is the number, Why says where it comes from.
type Assumed struct {
	Limit string
	Value int
	Why   string
}

// assumedLimit describes the default the limit name was held to.
func assumedLimit(name string, bs *buildSpace) Assumed {
	if name == "production" {
		return Assumed{Limit: name, Value: bs.production,
			Why: fmt.Sprintf("the attacker's space dock on a planet of %d resources, as in a home system (LRR Production)", DefaultDockResources)}
	}
	return Assumed{Limit: name, Value: bs.lim.FleetPool, Why: "the command tokens a player starts with in the fleet pool (LRR Command Tokens)"}
}

// errNilContext is returned by Fleet when given a nil context, instead
// of a panic in a worker goroutine that would end the caller's program.
var errNilContext = errors.New("advise: nil context")

// exactTie is the difference below which two exact chances are equal:
// the same chance computed along two paths differs by rounding only.
const exactTie = 1e-9

// Fleet answers q: it lists every fleet buildable within q.Limits,
// evaluates them (exact mode where it applies, else o.Trials Monte Carlo
// trials of the same seed o.Seed for every fleet: common random numbers,
// so two fleets are compared on the same dice wherever they do not differ)
// and returns the recommendation and the Pareto table.
//
// Fleets are evaluated cheapest first, a cost level at a time, and the
// search stops after a level when no costlier fleet can be the answer.
// Only two arguments stop it, both proven by the order alone, whatever the
// battle:
//   - With a Target, once a level holds a fleet that reaches it: every
//     fleet not yet evaluated costs more, and the answer is the cheapest
//     fleet that reaches the target.
//   - Without one, in exact mode, once a level holds a fleet that wins
//     with probability 1: no fleet can win more often, and ties go to the
//     cheaper fleet.
//
// No fleet is skipped because a bigger fleet "should" do better: adding a
// unit can lower the chance to win, so monotonicity is not assumed
// (against 2 cruisers that retreat when losing, 2 cruisers win 39.44%, 3
// cruisers 35.20%: the stronger fleet makes them retreat instead of
// die). The Pareto table holds the fleets evaluated. Fleet returns
// ctx.Err() when ctx ends, and an error naming the input at fault.
func Fleet(ctx context.Context, q Question, o combat.Options) (a Advice, err error) {
	defer fault.Catch(&err, engine.StepOf)
	if ctx == nil {
		return a, errNilContext
	}
	sc := &q.Scenario
	switch {
	case sc.Edition != combat.EditionTI4:
		return a, errors.New("ruleset: the fleet advisor knows Twilight Imperium 4's production rules only")
	case sc.Action != combat.SpaceCombat && sc.Action != combat.Invasion:
		return a, errors.New("action: advise a space combat or an invasion")
	case len(sc.Planets) > 0:
		return a, errors.New("planets: advise the invasion of one planet")
	case q.Target < 0 || q.Target > 1 || q.Target != q.Target:
		return a, fmt.Errorf("target: %v out of range 0 (highest chance)..1", q.Target)
	case q.Keep < 0 || q.Keep > MaxCount:
		return a, fmt.Errorf("keep: %d out of range 0..%d", q.Keep, MaxCount)
	case q.MaxTrials < 0:
		return a, fmt.Errorf("trial limit %d out of range: allowed 0 (none) or more", q.MaxTrials)
	case q.MaxStates < 0 || q.MaxStates > combat.MaxExactStates:
		return a, fmt.Errorf("exact state limit %d out of range: allowed 1..%d", q.MaxStates, combat.MaxExactStates)
	case q.Method < MethodAuto || q.Method > MethodTrials:
		return a, fmt.Errorf("method: %d is not a method", q.Method)
	}
	if q.Keep == 0 {
		q.Keep = 1
	}
	if q.MaxStates == 0 {
		q.MaxStates = combat.MaxExactStates
	}
	lim, assumed := q.Limits.WithDefaults()
	if err := q.Limits.check(); err != nil {
		return a, err // the limits as given, before any default
	}
	bs, err := newBuildSpace(sc, lim)
	if err != nil {
		return a, err
	}
	q.Limits = lim
	a.Production, a.FleetPool = bs.production, lim.FleetPool
	for _, name := range assumed {
		a.Assumed = append(a.Assumed, assumedLimit(name, bs))
	}
	fleets, err := bs.enumerate()
	if err != nil {
		return a, err
	}
	slices.SortStableFunc(fleets, func(x, y buildable) int { return x.costHalves - y.costHalves })
	a.Buildable = len(fleets)
	// Exact first unless trials were asked for; method auto falls back to
	// trials, for every fleet, at the first fleet exact mode cannot solve.
	var cands []Candidate
	exact := q.Method != MethodTrials
	if exact {
		cands, err = evaluate(ctx, &q, bs, fleets, true, o)
		var ne *combat.NotExactError
		if q.Method == MethodAuto && errors.As(err, &ne) {
			a.NotExact, exact = ne.Error(), false
		}
	}
	if !exact {
		cands, err = simulateAll(ctx, &q, bs, fleets, a.NotExact, o)
	}
	if err != nil {
		return a, err
	}
	a.Exact, a.Evaluated = exact, len(cands)
	if !exact {
		a.Trials, a.Seed = o.Trials, o.Seed
	}
	a.Best = cands[0]
	for _, c := range cands[1:] {
		if better(&c, &a.Best, q.Target, exact) {
			a.Best = c
		}
	}
	a.Reached = q.Target > 0 && a.Best.Win.P >= q.Target
	a.Pareto = pareto(cands, exact)
	return a, nil
}

// simulateAll evaluates the fleets by trials, within the question's
// trial limit, o.MaxDice and o.Admit for all the fleets together;
// notExact says why they are not solved exactly, if it was tried.
func simulateAll(ctx context.Context, q *Question, bs *buildSpace, fleets []buildable, notExact string, o combat.Options) ([]Candidate, error) {
	if err := o.Validate(); err != nil {
		if notExact != "" {
			err = fmt.Errorf("%w (the fleets are simulated: %s)", err, strings.TrimPrefix(notExact, "fleet "))
		}
		return nil, err
	}
	if q.MaxTrials > 0 && int64(len(fleets))*o.Trials > q.MaxTrials {
		return nil, fmt.Errorf("trials: %d fleets × %d trials; at most %d trials a question here: give fewer trials or narrow the limits", len(fleets), o.Trials, q.MaxTrials)
	}
	if err := combat.Admit(&o, func() combat.Cost { return adviseCost(ctx, q, bs, fleets, o) }); err != nil {
		return nil, err
	}
	o.MaxDice, o.Admit = 0, nil // checked and admitted for all the fleets together
	return evaluate(ctx, q, bs, fleets, false, o)
}

// adviseCost is the Cost of simulating every fleet o.Trials times, each
// counted at the dice of the most expensive (the last in cost order, the
// most units), an upper estimate. A fleet that does not compile costs
// nothing here: its run refuses it.
func adviseCost(ctx context.Context, q *Question, bs *buildSpace, fleets []buildable, o combat.Options) combat.Cost {
	n := o.Trials * int64(len(fleets))
	c := combat.Cost{Trials: n, DicePerTrial: 1, Dice: float64(n)}
	if len(fleets) == 0 {
		return c
	}
	_, all, err := bs.fleet(fleets[len(fleets)-1])
	if err != nil {
		return c
	}
	sc := q.Scenario
	sc.Attacker.Fleet = all
	if e, err := combat.Estimate(ctx, sc, o); err == nil {
		c.DicePerTrial = e.DicePerTrial
		c.Dice = float64(n) * c.DicePerTrial
	}
	return c
}

// evaluate evaluates the fleets a cost level at a time, cheapest first,
// and stops after the level that settles the answer (Fleet).
func evaluate(ctx context.Context, q *Question, bs *buildSpace, fleets []buildable, exact bool, o combat.Options) ([]Candidate, error) {
	var out []Candidate
	for lo := 0; lo < len(fleets); {
		hi := lo
		for hi < len(fleets) && fleets[hi].costHalves == fleets[lo].costHalves {
			hi++
		}
		level := make([]Candidate, hi-lo)
		if err := evaluateLevel(ctx, q, bs, fleets[lo:hi], level, exact, o); err != nil {
			return nil, err
		}
		out = append(out, level...)
		lo = hi
		for _, c := range level {
			if (q.Target > 0 && c.Win.P >= q.Target) || (q.Target == 0 && exact && c.Win.P >= 1-exactTie/2) {
				return out, nil
			}
		}
	}
	return out, nil
}

// evaluateLevel fills level[i] with fleets[i]'s candidate: exact solves on
// up to o.Workers goroutines (each solve is independent and deterministic),
// trial runs one after the other, each on o.Workers.
func evaluateLevel(ctx context.Context, q *Question, bs *buildSpace, fleets []buildable, level []Candidate, exact bool, o combat.Options) error {
	one := func(i int) (err error) {
		defer fault.Catch(&err, engine.StepOf) // on a worker goroutine: a panic must not end the program
		c, err := candidate(ctx, q, bs, fleets[i], exact, o)
		level[i] = c
		return err
	}
	if !exact {
		for i := range fleets {
			if err := one(i); err != nil {
				return err
			}
		}
		return nil
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(fleets))
	errs := make([]error, len(fleets))
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = one(i)
			}
		}()
	}
	for i := range fleets {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// candidate evaluates one fleet.
func candidate(ctx context.Context, q *Question, bs *buildSpace, b buildable, exact bool, o combat.Options) (Candidate, error) {
	var c Candidate
	built, all, err := bs.fleet(b)
	if err != nil {
		return c, err
	}
	c.Built, c.Fleet, c.Cost = built, all, float64(b.costHalves)/2
	for _, n := range b.counts {
		c.Produced += n
	}
	sc := q.Scenario
	sc.Attacker.Fleet = all
	var r combat.Result
	if exact {
		r, err = combat.SolveWithin(ctx, sc, q.MaxStates)
	} else {
		o.Progress = nil
		r, err = combat.Run(ctx, sc, o)
	}
	if err != nil {
		return c, fmt.Errorf("fleet %s: %w", all, err)
	}
	c.Win, c.ResourcesLost = r.Outcome.AttackerWin, r.Attacker.ResourcesLost
	c.Keep = keepChance(&r, q.Keep)
	return c, nil
}

// keepChance is the chance that at least n of the attacker's units are
// left, with its Wilson interval for a simulated result.
func keepChance(r *combat.Result, n int) combat.Probability {
	p := r.Attacker.Left.AtLeast(n)
	if r.Exact {
		return combat.Probability{P: p, Lo: p, Hi: p}
	}
	k := int64(math.Round(p * float64(r.Trials)))
	lo, hi := stats.Wilson(k, r.Trials)
	return combat.Probability{P: p, Lo: lo, Hi: hi}
}

// better reports whether x is a better answer than y (Question.Target
// says how answers are ranked).
func better(x, y *Candidate, target float64, exact bool) bool {
	tie := 0.0
	if exact {
		tie = exactTie
	}
	cmpWin := func() int {
		switch d := x.Win.P - y.Win.P; {
		case d > tie:
			return 1
		case d < -tie:
			return -1
		}
		return 0
	}
	if target > 0 {
		rx, ry := x.Win.P >= target, y.Win.P >= target
		if rx != ry {
			return rx
		}
		if rx && x.Cost != y.Cost {
			return x.Cost < y.Cost
		}
	}
	if c := cmpWin(); c != 0 {
		return c > 0
	}
	if x.Cost != y.Cost {
		return x.Cost < y.Cost
	}
	return x.ResourcesLost.Value < y.ResourcesLost.Value-tie
}

// pareto returns the candidates no other candidate dominates, cheapest
// first, then the likeliest to win.
func pareto(cs []Candidate, exact bool) []Candidate {
	tie := 0.0
	if exact {
		tie = exactTie
	}
	// dominates reports whether x is at least as good as y on every
	// count, and strictly better on one.
	dominates := func(x, y *Candidate) bool {
		if x.Cost > y.Cost || x.Win.P < y.Win.P-tie || x.Keep.P < y.Keep.P-tie || x.ResourcesLost.Value > y.ResourcesLost.Value+tie {
			return false
		}
		return x.Cost < y.Cost || x.Win.P > y.Win.P+tie || x.Keep.P > y.Keep.P+tie || x.ResourcesLost.Value < y.ResourcesLost.Value-tie
	}
	// same reports whether x and y fare alike on all four counts.
	same := func(x, y *Candidate) bool {
		return x.Cost == y.Cost && math.Abs(x.Win.P-y.Win.P) <= tie && math.Abs(x.Keep.P-y.Keep.P) <= tie && math.Abs(x.ResourcesLost.Value-y.ResourcesLost.Value) <= tie
	}
	var out []Candidate
	wins := slices.ContainsFunc(cs, func(c Candidate) bool { return c.Win.P > 0 })
	for i := range cs {
		if wins && cs[i].Win.P == 0 {
			continue
		}
		dominated := false
		for j := range cs {
			// Of fleets that fare alike (a fighter that never gets to
			// act), the table keeps the one that produces fewest units,
			// then the first listed.
			twin := j != i && same(&cs[j], &cs[i]) && (cs[j].Produced < cs[i].Produced || cs[j].Produced == cs[i].Produced && j < i)
			if twin || j != i && dominates(&cs[j], &cs[i]) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, cs[i])
		}
	}
	slices.SortStableFunc(out, func(x, y Candidate) int {
		if x.Cost != y.Cost {
			if x.Cost < y.Cost {
				return -1
			}
			return 1
		}
		switch {
		case x.Win.P > y.Win.P:
			return -1
		case x.Win.P < y.Win.P:
			return 1
		}
		return 0
	})
	return out
}
