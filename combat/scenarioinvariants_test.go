package combat_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/fault"
	"github.com/ti4sim/ti4sim/units"
)

// The invariants every generated scenario (scengen_test.go) must keep,
// shared by the sweep and the fuzz target (scenariosweep_test.go):
//
//   - no panic: the library answers or refuses;
//   - a refusal is one clear line: not empty, no line break, no Go
//     internals (a type name, a format verb gone wrong); Run refuses what
//     Validate refuses;
//   - every outcome set is a distribution: each probability in [0, 1]
//     inside its interval, the set summing to 1 within 1e-9, for Run and
//     Solve (and RunSystem and SolveSystem);
//   - where exact mode answers, Monte Carlo agrees within 5 standard
//     errors (each outcome's binomial SE at the exact value, floored so
//     that a probability near 0 or 1 is not judged on a zero SE);
//   - the same seed gives the same Result for 1 and 2 workers.

// sweepExactStates is the exact solver's state limit in the sweep: small,
// so that a large scenario is refused fast instead of solved slowly.
const sweepExactStates = 1 << 16

// checkTrials are the Monte Carlo trials of a scenario without an exact
// answer, and of one compared with its exact answer.
type checkTrials struct{ plain, compare int64 }

// tally counts generated scenarios by family (edition and action): how
// many were valid and how many exact mode answered.
type tally struct {
	keys                         []string
	generated, valid, solved     map[string]int
	panics, refusalsWithProblems int
}

func newTally() *tally {
	return &tally{generated: map[string]int{}, valid: map[string]int{}, solved: map[string]int{}}
}

func (tl *tally) count(key string, valid, solved bool) {
	if tl.generated[key] == 0 {
		tl.keys = append(tl.keys, key)
	}
	tl.generated[key]++
	if valid {
		tl.valid[key]++
	}
	if solved {
		tl.solved[key]++
	}
}

// report logs the fractions, per family and in all.
func (tl *tally) report(t testing.TB) {
	slices.Sort(tl.keys)
	var g, v, s int
	for _, k := range tl.keys {
		g, v, s = g+tl.generated[k], v+tl.valid[k], s+tl.solved[k]
		t.Logf("%-14s %5d generated, %5.1f%% valid, %5.1f%% solved exactly", k, tl.generated[k],
			100*float64(tl.valid[k])/float64(tl.generated[k]), 100*float64(tl.solved[k])/float64(tl.generated[k]))
	}
	if g > 0 {
		t.Logf("%-14s %5d generated, %5.1f%% valid, %5.1f%% solved exactly", "all", g, 100*float64(v)/float64(g), 100*float64(s)/float64(g))
	}
}

// family names gs's edition and action.
func family(gs genScenario) string {
	ed := "ti4"
	if gs.Sc.Edition == combat.EditionTI3SA {
		ed = "ti3"
	}
	act := map[combat.Action]string{combat.SpaceCombat: "space", combat.GroundCombat: "ground", combat.Invasion: "invade"}[gs.Sc.Action]
	if gs.System {
		act = "system"
	}
	return ed + "/" + act
}

// checkScenario checks every invariant on gs and counts it in tl.
func checkScenario(t testing.TB, gs genScenario, n checkTrials, tl *tally) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			tl.panics++
			t.Errorf("seed %d: panic: %v\n%s\n%s", gs.Seed, p, describe(gs), debug.Stack())
		}
	}()
	if gs.System {
		valid, solved := checkSystem(t, gs, n)
		tl.count(family(gs), valid, solved)
		return
	}
	valid, solved := checkSingle(t, gs, n)
	tl.count(family(gs), valid, solved)
}

// checkSingle checks a Run/Solve scenario; it reports whether it was
// valid and whether exact mode answered.
func checkSingle(t testing.TB, gs genScenario, n checkTrials) (valid, solved bool) {
	t.Helper()
	ctx := context.Background()
	sc := gs.Sc
	if err := sc.Validate(); err != nil {
		clearRefusal(t, gs, "Validate", err)
		if _, rerr := combat.Run(ctx, sc, combat.Options{Trials: 10, Seed: gs.Seed}); rerr == nil {
			t.Errorf("seed %d: Validate refuses (%v) but Run answers\n%s", gs.Seed, err, describe(gs))
		}
		return false, false
	}
	ex, xerr := combat.SolveWithin(ctx, sc, sweepExactStates)
	trials := n.plain
	if xerr != nil {
		clearRefusal(t, gs, "Solve", xerr)
	} else {
		distribution(t, gs, "Solve", ex)
		trials = n.compare
	}
	mc, err := combat.Run(ctx, sc, combat.Options{Trials: trials, Seed: gs.Seed, Workers: 1})
	if err != nil {
		clearRefusal(t, gs, "Run", err)
		return false, xerr == nil
	}
	distribution(t, gs, "Run", mc)
	if xerr == nil {
		agree(t, gs, ex.Outcome, mc.Outcome, mc.Trials)
	}
	if gs.Seed%4 == 0 {
		two, err := combat.Run(ctx, sc, combat.Options{Trials: trials, Seed: gs.Seed, Workers: 2})
		if err != nil || !reflect.DeepEqual(mc, two) {
			t.Errorf("seed %d: Run with 2 workers differs from 1 worker (err %v)\n%s", gs.Seed, err, describe(gs))
		}
	}
	return true, xerr == nil
}

// checkSystem checks a RunSystem/SolveSystem scenario.
func checkSystem(t testing.TB, gs genScenario, n checkTrials) (valid, solved bool) {
	t.Helper()
	ctx := context.Background()
	sc := gs.Sc
	if err := sc.ValidateSystem(); err != nil {
		clearRefusal(t, gs, "ValidateSystem", err)
		return false, false
	}
	ex, xerr := combat.SolveSystemWithin(ctx, sc, sweepExactStates)
	trials := n.plain
	if xerr != nil {
		clearRefusal(t, gs, "SolveSystem", xerr)
	} else {
		systemDistribution(t, gs, "SolveSystem", ex)
		trials = n.compare
	}
	mc, err := combat.RunSystem(ctx, sc, combat.Options{Trials: trials, Seed: gs.Seed, Workers: 1})
	if err != nil {
		clearRefusal(t, gs, "RunSystem", err)
		return false, xerr == nil
	}
	systemDistribution(t, gs, "RunSystem", mc)
	if xerr == nil {
		agree(t, gs, ex.Space, mc.Space, mc.Trials)
		for k := range ex.Taken {
			agreeP(t, gs, fmt.Sprintf("taken %d", k), ex.Taken[k].P, mc.Taken[k].P, mc.Trials)
		}
	}
	if gs.Seed%4 == 0 {
		two, err := combat.RunSystem(ctx, sc, combat.Options{Trials: trials, Seed: gs.Seed, Workers: 2})
		if err != nil || !reflect.DeepEqual(mc, two) {
			t.Errorf("seed %d: RunSystem with 2 workers differs from 1 worker (err %v)\n%s", gs.Seed, err, describe(gs))
		}
	}
	return true, xerr == nil
}

// clearRefusal fails unless err is one clear line, and on a panic the
// library turned into an error (*fault.Error).
func clearRefusal(t testing.TB, gs genScenario, who string, err error) {
	t.Helper()
	var fe *fault.Error
	if errors.As(err, &fe) { // a panic the library caught: a bug, not a refusal
		t.Errorf("seed %d: %s panicked: %v\n%s\n%s", gs.Seed, who, err, describe(gs), fe.Stack)
		return
	}
	msg := err.Error()
	bad := msg == "" || strings.ContainsAny(msg, "\n\r")
	for _, internal := range []string{"struct field", "strconv.", "%!", "runtime error", "<nil>", "engine.", "effects.", "units.Kind"} {
		bad = bad || strings.Contains(msg, internal)
	}
	if bad {
		t.Errorf("seed %d: %s refuses with an unclear message: %q\n%s", gs.Seed, who, msg, describe(gs))
	}
}

// outcomeList returns the outcome probabilities that partition the
// trials, by name.
func outcomeList(o combat.Outcomes) map[string]combat.Probability {
	return map[string]combat.Probability{
		"attacker wins": o.AttackerWin, "draw": o.Draw, "defender wins": o.DefenderWin,
		"attacker retreats": o.AttackerRetreats, "defender retreats": o.DefenderRetreats, "unfinished": o.Unfinished,
	}
}

// isDistribution fails unless ps are probabilities inside their intervals
// summing to 1 within 1e-9.
func isDistribution(t testing.TB, gs genScenario, what string, ps map[string]combat.Probability) {
	t.Helper()
	sum := 0.0
	for _, name := range sortedKeys(ps) {
		p := ps[name]
		sum += p.P
		if !(p.P >= 0 && p.P <= 1 && p.Lo >= 0 && p.Lo <= p.P+1e-12 && p.Hi >= p.P-1e-12 && p.Hi <= 1) {
			t.Errorf("seed %d: %s: %s = %+v is not a probability in its interval\n%s", gs.Seed, what, name, p, describe(gs))
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("seed %d: %s: the outcomes sum to %.15f\n%s", gs.Seed, what, sum, describe(gs))
	}
}

// distribution checks a Result's outcome sets and its survivors.
func distribution(t testing.TB, gs genScenario, who string, r combat.Result) {
	t.Helper()
	isDistribution(t, gs, who+" outcome", outcomeList(r.Outcome))
	if r.Space != nil {
		isDistribution(t, gs, who+" space phase", outcomeList(r.Space.Outcome))
	}
	if h := r.Rounds.Histogram; len(h) > 0 {
		sum := 0.0
		for _, p := range h {
			sum += p
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("seed %d: %s: the rounds histogram sums to %.15f\n%s", gs.Seed, who, sum, describe(gs))
		}
	}
	for s, sr := range []combat.SideResult{r.Attacker, r.Defender} {
		survivorsWithinStart(t, gs, who, s, sr.Survivors)
	}
}

// survivorsWithinStart fails unless each expected survivor count is at
// least 0 and the side's total at most its start. A row alone may end above
// its start: units change rows (the Letnev mech Dunlain Reaper replaces an
// infantry with a mech; TI3 shock troops and ground forces become each
// other, into a row that may start at 0).
func survivorsWithinStart(t testing.TB, gs genScenario, who string, side int, svs []combat.Survivor) {
	t.Helper()
	var left, start float64
	for _, sv := range svs {
		v := sv.Expected.Value
		left, start = left+v, start+float64(sv.Start)
		if v < -1e-9 {
			t.Errorf("seed %d: %s: side %d expects %v of %d %s left\n%s", gs.Seed, who, side, v, sv.Start, sv.Name, describe(gs))
		}
	}
	if left > start+1e-9 {
		t.Errorf("seed %d: %s: side %d expects %v units left of %v\n%s", gs.Seed, who, side, left, start, describe(gs))
	}
}

// systemDistribution checks a SystemResult's outcome sets.
func systemDistribution(t testing.TB, gs genScenario, who string, r combat.SystemResult) {
	t.Helper()
	isDistribution(t, gs, who+" space area", outcomeList(r.Space))
	taken := map[string]combat.Probability{}
	for k, p := range r.Taken {
		taken[fmt.Sprint(k)] = p
	}
	isDistribution(t, gs, who+" planets taken", taken)
	all := map[string]combat.Probability{"take all": r.TakeAll, "the rest": {P: 1 - r.TakeAll.P, Lo: 1 - r.TakeAll.Hi, Hi: 1 - r.TakeAll.Lo}}
	isDistribution(t, gs, who+" take all", all)
	for _, p := range r.Planets {
		if !(p.Taken.P >= 0 && p.Taken.P <= 1) {
			t.Errorf("seed %d: %s: planet %s taken %v\n%s", gs.Seed, who, p.Name, p.Taken.P, describe(gs))
		}
	}
}

// agree checks each Monte Carlo outcome against the exact one.
func agree(t testing.TB, gs genScenario, ex, mc combat.Outcomes, n int64) {
	t.Helper()
	e, m := outcomeList(ex), outcomeList(mc)
	for _, name := range sortedKeys(e) {
		agreeP(t, gs, name, e[name].P, m[name].P, n)
	}
}

// agreeP checks a Monte Carlo frequency from n trials against the exact
// p within 5 binomial standard errors; the variance is floored at 3/n so
// that an exact 0 or 1 allows a stray trial or two of rounding.
func agreeP(t testing.TB, gs genScenario, what string, p, got float64, n int64) {
	t.Helper()
	se := math.Sqrt(math.Max(p*(1-p), 3/float64(n)) / float64(n))
	if math.Abs(got-p) > 5*se {
		t.Errorf("seed %d: %s: Monte Carlo %.5f, exact %.5f (z = %.1f, %d trials)\n%s", gs.Seed, what, got, p, (got-p)/se, n, describe(gs))
	}
}

// describe writes gs as a reader can replay it: the action, the edition
// and each side, with the options that are set.
func describe(gs genScenario) string {
	sc := gs.Sc
	var b strings.Builder
	fmt.Fprintf(&b, "  action %v, edition %v, system %v", sc.Action, sc.Edition, gs.System)
	fmt.Fprintf(&b, ", nebula %v, scar %v, cultural %v, max rounds %d, printings %+v", sc.Nebula, sc.EntropicScar, sc.Cultural, sc.MaxRounds, sc.Printings)
	fmt.Fprintf(&b, ", ti3: mine %v negate %v ion %v home %v wormhole %v commandos %d\n", sc.SpaceMine, sc.NegateMineHits, sc.IonStorm, sc.HomeSystem, sc.Wormhole, sc.Commandos)
	for _, s := range []struct {
		name string
		side combat.Side
	}{{"attacker", sc.Attacker}, {"defender", sc.Defender}} {
		f := "none"
		if s.side.Faction != nil {
			f = s.side.Faction.Slug
		}
		fmt.Fprintf(&b, "  %s: %q faction %s techs %q cards %q galvanized %q order %q retreat %q modifier %d adjacent PDS %d system PDS %d tg %d influence %d cc %d leaders %q high alert %v\n",
			s.name, fleetText(sc.Edition, s.side.Fleet), f, s.side.Techs, s.side.Cards, s.side.Galvanized.String(), s.side.Order.String(), s.side.Retreat.String(),
			s.side.Modifier, s.side.AdjacentPDS, s.side.SystemPDS, s.side.TradeGoods, s.side.Influence, s.side.CommandCounters, s.side.Leaders, s.side.HighAlert)
	}
	for _, p := range sc.Planets {
		fmt.Fprintf(&b, "  planet %s: %q cultural %v\n", p.Name, fleetText(sc.Edition, p.Units), p.Cultural)
	}
	if gs.System {
		fmt.Fprintf(&b, "  commit %+v bombard %q\n", sc.Commit, sc.Bombard)
	}
	return b.String()
}

// fleetText writes f in its edition's grammar.
func fleetText(ed combat.Edition, f units.Fleet) string {
	if ed == combat.EditionTI3SA {
		return f.TI3String()
	}
	return f.String()
}
