package bench

// The yardstick of the performance section: package plain simulates the
// standard battle die by die.

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ti4sim/ti4sim/bench/plain"
	"github.com/ti4sim/ti4sim/combat"
)

// BenchmarkPlainPerDie is the plain simulation of the standard battle, one
// trial per op; compare with BenchmarkSpaceStandard.
func BenchmarkPlainPerDie(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	a, d := plain.Fleet(0, 3, 0, 6), plain.Fleet(1, 0, 2, 3)
	b.ReportAllocs()
	var wins int
	for b.Loop() {
		if plain.Battle(r, a, d) == 0 {
			wins++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "trials/s")
}

// TestPlainMatchesEngine checks that the yardstick simulates the same
// battle: over 200000 trials each, its outcome frequencies and the engine's
// agree within 4 standard errors of the difference.
func TestPlainMatchesEngine(t *testing.T) {
	const n = 200000
	r := rand.New(rand.NewPCG(3, 4))
	a, d := plain.Fleet(0, 3, 0, 6), plain.Fleet(1, 0, 2, 3)
	var counts [3]int
	for range n {
		counts[plain.Battle(r, a, d)]++
	}
	res, err := combat.Run(context.Background(), combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: fleet(t, spaceStandard[0])},
		Defender: combat.Side{Fleet: fleet(t, spaceStandard[1])}}, combat.Options{Trials: n, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	engine := [3]float64{res.Outcome.AttackerWin.P, res.Outcome.Draw.P, res.Outcome.DefenderWin.P}
	for i := range counts {
		p := float64(counts[i]) / n
		se := math.Sqrt(2 * p * (1 - p) / n)
		if math.Abs(p-engine[i]) > 4*se {
			t.Errorf("outcome %d: plain %.4f, engine %.4f (4 SE %.4f)", i, p, engine[i], 4*se)
		}
	}
}
