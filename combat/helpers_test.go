package combat_test

import (
	"context"
	"math"
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

// binomP is P(X = k) for X ~ Binomial(n, p); 0 for k outside 0..n.
func binomP(n, k int, p float64) float64 {
	if k < 0 || k > n {
		return 0
	}
	c := 1.0
	for i := range k {
		c = c * float64(n-i) / float64(i+1)
	}
	return c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
}

// binomDist returns the Binomial(n, p) distribution: P(X = k), k = 0..n.
func binomDist(n int, p float64) []float64 {
	out := make([]float64, n+1)
	for k := range out {
		out[k] = binomP(n, k, p)
	}
	return out
}
