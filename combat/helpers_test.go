package combat_test

import (
	"context"
	"flag"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// Helpers shared by the external tests of this package.

// mustFleet parses a fleet or fails the test.
func mustFleet(t testing.TB, s string) units.Fleet {
	t.Helper()
	f, err := units.ParseFleet(s)
	if err != nil {
		t.Fatalf("fleet %q: %v", s, err)
	}
	return f
}

// mustRun runs sc with the given trials and seed or fails the test.
func mustRun(t testing.TB, sc combat.Scenario, trials int64, seed uint64) combat.Result {
	t.Helper()
	res, err := combat.Run(context.Background(), sc, combat.Options{Trials: trials, Seed: seed})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
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

// warned checks that some warning of res contains all the parts.
func warned(t testing.TB, res combat.Result, parts ...string) {
	t.Helper()
	for _, w := range res.Warnings {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(w, p)
		}
		if ok {
			return
		}
	}
	t.Errorf("no warning contains %q: %q", parts, res.Warnings)
}

// refused checks that Solve refuses sc with an error naming want (the
// effect it cannot replay).
func refused(t testing.TB, sc combat.Scenario, want string) {
	t.Helper()
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Solve error = %v, want a refusal naming %q", err, want)
	}
}

func factionSide(t *testing.T, faction, fleet string, techs ...string) combat.Side {
	t.Helper()
	f, err := units.LookupFaction(faction)
	if err != nil {
		t.Fatal(err)
	}
	return combat.Side{Fleet: mustFleet(t, fleet), Faction: f, Techs: techs}
}

// factionTrials is the Monte Carlo size of the faction (and TI3) tests:
// 200,000 trials, or 50,000 with -short, each divided by raceTrialDivisor
// under -race; near's tolerance follows it.
var factionTrials int64 = 200000 / raceTrialDivisor

func TestMain(m *testing.M) {
	flag.Parse()
	if testing.Short() {
		factionTrials = 50000 / raceTrialDivisor
	}
	os.Exit(m.Run())
}

// near checks a Monte Carlo mean against a hand value: sd is the standard
// deviation of one trial's value (0: the value is certain).
func near(t *testing.T, what string, got, want, sd float64) {
	t.Helper()
	se := sd / math.Sqrt(float64(factionTrials))
	t.Logf("%s = %.5f, want %.5f (z = %.2f)", what, got, want, (got-want)/math.Max(se, 1e-12))
	if tol := math.Max(4*se, 1e-12); math.Abs(got-want) > tol {
		t.Errorf("%s = %.5f, want %.5f (z = %.1f)", what, got, want, (got-want)/math.Max(se, 1e-12))
	}
}

// bernoulliSD is the standard deviation of a 0/1 value with mean q.
func bernoulliSD(q float64) float64 { return math.Sqrt(q * (1 - q)) }

// modelled checks that no warning calls the faction text name unmodelled.
func modelled(t *testing.T, res combat.Result, name string) {
	t.Helper()
	for _, w := range res.Warnings {
		if strings.Contains(w, ": "+name+" (") && strings.Contains(w, "not modelled yet") {
			t.Errorf("warning still calls %s unmodelled: %q", name, w)
		}
	}
}

// notExact checks that Solve refuses sc.
func notExact(t *testing.T, sc combat.Scenario) {
	t.Helper()
	if _, err := combat.Solve(context.Background(), sc); err == nil {
		t.Errorf("Solve accepted a scenario with an effect it cannot replay")
	}
}

// survivors returns the expected number left of the side's unit type name.
func survivors(t *testing.T, sr combat.SideResult, name string) float64 {
	t.Helper()
	for _, s := range sr.Survivors {
		if s.Name == name {
			return s.Expected.Value
		}
	}
	t.Fatalf("no survivor line %q in %+v", name, sr.Survivors)
	return 0
}

// factionSideCards is a side of the given faction with the fleet, technologies and
// cards.
func factionSideCards(t *testing.T, faction, fleet string, techs, cards []string) combat.Side {
	t.Helper()
	s := combat.Side{Fleet: mustFleet(t, fleet), Techs: techs, Cards: cards}
	if faction != "" {
		f, err := units.LookupFaction(faction)
		if err != nil {
			t.Fatal(err)
		}
		s.Faction = f
	}
	return s
}

// exactNear checks an exact answer against the hand value within 1e-9.
func exactNear(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("exact %s = %.12f, hand %.12f", what, got, want)
	}
}

// checkWinDraw checks a run's and an exact solution's win and draw
// probabilities against hand values (exact is skipped when solve is
// false).
func checkWinDraw(t *testing.T, sc combat.Scenario, seed uint64, win, draw float64, solve bool) combat.Result {
	t.Helper()
	res := mustRun(t, sc, factionTrials, seed)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	if solve {
		ex := mustSolve(t, sc)
		exactNear(t, "attacker wins", ex.Outcome.AttackerWin.P, win)
		exactNear(t, "draw", ex.Outcome.Draw.P, draw)
	}
	return res
}

// lastBastionSide is a Last Bastion side with the fleet, galvanized units
// (a fleet string, or "") and technologies.
func lastBastionSide(t *testing.T, fleet, galvanized string, techs ...string) combat.Side {
	t.Helper()
	s := factionSide(t, "last-bastion", fleet, techs...)
	if galvanized != "" {
		s.Galvanized = mustFleet(t, galvanized)
	}
	return s
}

// runAgreesWithExact checks that exact mode solves sc fought to the end and that
// Monte Carlo agrees with it within 4 standard errors (the split slot is a
// unit type of its own for both).
func runAgreesWithExact(t *testing.T, sc combat.Scenario, seed uint64) {
	t.Helper()
	sc.MaxRounds = 0
	ex := mustSolve(t, sc)
	mc := mustRun(t, sc, factionTrials, seed)
	for _, o := range []struct {
		name      string
		mc, exact float64
	}{{"attacker wins", mc.Outcome.AttackerWin.P, ex.Outcome.AttackerWin.P}, {"draw", mc.Outcome.Draw.P, ex.Outcome.Draw.P}} {
		near(t, "to the end, against exact: "+o.name, o.mc, o.exact, bernoulliSD(o.exact))
	}
}
