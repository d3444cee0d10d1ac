package bench

import (
	"context"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// systemThree is a three-planet system (docs/system.md's second best-split
// example): a war sun's invasion against two destroyers and two fighters,
// a home-like planet with a PDS and a dock, and two small ones.
func systemThree(b testing.TB) combat.Scenario {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: fleet(b, "1 war sun, 1 dreadnought, 2 carrier, 8 infantry, 2 mech")},
		Defender: combat.Side{Fleet: fleet(b, "2 destroyer, 2 fighter")},
		Planets: []combat.Planet{
			{Name: "Mehar Xull", Units: fleet(b, "3 infantry, 1 mech, 1 pds, 1 space dock")},
			{Name: "Lodor", Units: fleet(b, "2 infantry")},
			{Name: "Quann", Units: fleet(b, "1 infantry")},
		}}
	return sc
}

// BenchmarkSystemInvasion simulates the three-planet system, one trial per
// iteration on one worker, with the default commit policy (its decisions,
// solved exactly once per combination of defenders, are remembered).
func BenchmarkSystemInvasion(b *testing.B) {
	sc := systemThree(b)
	b.ReportAllocs()
	b.ResetTimer()
	if _, err := combat.RunSystem(context.Background(), sc, combat.Options{Trials: int64(b.N), Seed: 1, Workers: 1}); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "trials/s")
}

// BenchmarkExactSystem solves the three-planet system exactly, with the
// default policy and with the best split for taking every planet.
func BenchmarkExactSystem(b *testing.B) {
	for _, c := range []struct {
		name   string
		commit combat.Commit
	}{{"secure", combat.Commit{}}, {"best", combat.Commit{Kind: combat.CommitBestAll}}} {
		sc := systemThree(b)
		sc.Commit = c.commit
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := combat.SolveSystem(context.Background(), sc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
