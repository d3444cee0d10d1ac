package combat_test

import (
	"context"
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
