package bench

import (
	"context"
	"fmt"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

func fleet(b testing.TB, s string) units.Fleet {
	b.Helper()
	f, err := units.ParseFleet(s)
	if err != nil {
		b.Fatal(err)
	}
	return f
}

// runTrials runs b.N trials of sc on one worker and reports trials/s.
func runTrials(b *testing.B, sc combat.Scenario) {
	b.Helper()
	b.ReportAllocs()
	b.ResetTimer()
	res, err := combat.Run(context.Background(), sc, combat.Options{Trials: int64(b.N), Seed: 1, Workers: 1})
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	if res.Trials != int64(b.N) {
		b.Fatalf("ran %d trials, want %d", res.Trials, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "trials/s")
}

// Scenarios of the performance table in docs/performance.md.
var (
	spaceStandard = [2]string{"3 carrier, 6 fighter", "1 dreadnought, 2 destroyer, 3 fighter"}
	spaceBig      = [2]string{"2 war sun, 4 dreadnought, 2 carrier, 8 fighter", "3 dreadnought, 4 cruiser, 6 destroyer, 4 carrier, 12 fighter"}
	groundStd     = [2]string{"6 infantry, 2 mech", "5 infantry, 1 mech"}
	invadeStd     = [2]string{"2 dreadnought, 2 carrier, 4 fighter, 6 infantry, 1 mech", "1 cruiser, 2 destroyer, 3 fighter, 4 infantry, 1 mech, 1 pds, 1 space dock"}
)

func scenario(b testing.TB, act combat.Action, f [2]string) combat.Scenario {
	return combat.Scenario{Action: act,
		Attacker: combat.Side{Fleet: fleet(b, f[0])},
		Defender: combat.Side{Fleet: fleet(b, f[1])}}
}

func BenchmarkSpaceStandard(b *testing.B) {
	runTrials(b, scenario(b, combat.SpaceCombat, spaceStandard))
}
func BenchmarkSpaceBig(b *testing.B) { runTrials(b, scenario(b, combat.SpaceCombat, spaceBig)) }
func BenchmarkGround(b *testing.B)   { runTrials(b, scenario(b, combat.GroundCombat, groundStd)) }
func BenchmarkInvasion(b *testing.B) { runTrials(b, scenario(b, combat.Invasion, invadeStd)) }

// BenchmarkFleetSize sweeps fleets of n cruisers, n destroyers... grown
// together: each side has n units of a mixed fleet, n = 1..50, to show how
// the cost of a battle grows with its size.
func BenchmarkFleetSize(b *testing.B) {
	for _, n := range []int{1, 2, 5, 10, 20, 30, 40, 50} {
		a := fmt.Sprintf("%d dreadnought, %d cruiser, %d fighter", max(1, n/5), max(1, n*2/5), max(1, n-max(1, n/5)-max(1, n*2/5)))
		d := fmt.Sprintf("%d carrier, %d destroyer, %d fighter", max(1, n/5), max(1, n*2/5), max(1, n-max(1, n/5)-max(1, n*2/5)))
		if n == 1 {
			a, d = "1 cruiser", "1 destroyer"
		}
		b.Run(fmt.Sprintf("units=%d", n), func(b *testing.B) {
			runTrials(b, scenario(b, combat.SpaceCombat, [2]string{a, d}))
		})
	}
}

// The TI3 ruleset (--ruleset ti3-sa): the standard space battle and
// invasion under Twilight Imperium 3 with Shattered Ascension, played
// without the fast round tables.
func ti3Scenario(b testing.TB, act combat.Action, f [2]string) combat.Scenario {
	sc := combat.Scenario{Action: act, Edition: combat.EditionTI3SA}
	for i, s := range []*combat.Side{&sc.Attacker, &sc.Defender} {
		fl, err := units.ParseFleetTI3(f[i])
		if err != nil {
			b.Fatal(err)
		}
		s.Fleet = fl
	}
	return sc
}

func BenchmarkTI3SpaceStandard(b *testing.B) {
	runTrials(b, ti3Scenario(b, combat.SpaceCombat, spaceStandard))
}
func BenchmarkTI3Invasion(b *testing.B) {
	runTrials(b, ti3Scenario(b, combat.Invasion, [2]string{"2 dreadnought, 2 carrier, 4 fighter, 6 gf, 1 mu", "1 cruiser, 2 destroyer, 3 fighter, 4 gf, 1 mu, 1 pds, 1 space dock"}))
}
