package bench

import (
	"context"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/advise"
)

// BenchmarkAdvise answers fleet questions against 1 dreadnought, 2
// cruisers, 2 destroyers and 3 fighters with a PDS II next door: the
// realistic question (12 resources, production 8, fleet pool 4; 194
// fleets, all exact), a bigger one (20, 12, 6; 948 fleets) and the
// realistic one simulated (20000 trials a fleet), on every core.
func BenchmarkAdvise(b *testing.B) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Defender: combat.Side{Fleet: fleet(b, "1 dreadnought, 2 cruiser, 2 destroyer, 3 fighter"), Techs: []string{"pds-ii"}, AdjacentPDS: 1}}
	for _, c := range []struct {
		name   string
		lim    advise.Limits
		method advise.Method
	}{
		{"realistic", advise.Limits{Resources: 12, Production: 8, FleetPool: 4}, advise.MethodAuto},
		{"bigger", advise.Limits{Resources: 20, Production: 12, FleetPool: 6}, advise.MethodAuto},
		{"realistic-trials", advise.Limits{Resources: 12, Production: 8, FleetPool: 4}, advise.MethodTrials},
	} {
		b.Run(c.name, func(b *testing.B) {
			q := advise.Question{Scenario: sc, Limits: c.lim, Method: c.method}
			var fleets int
			for b.Loop() {
				a, err := advise.Fleet(context.Background(), q, combat.Options{Trials: 20000, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				fleets = a.Evaluated
			}
			b.ReportMetric(float64(fleets), "fleets")
		})
	}
}
