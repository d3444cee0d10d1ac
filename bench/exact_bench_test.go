package bench

import (
	"context"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// runSolve solves sc exactly b.N times and reports solves/s.
func runSolve(b *testing.B, sc combat.Scenario) {
	b.Helper()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := combat.Solve(context.Background(), sc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExactSpaceStandard solves the README's standard space combat.
func BenchmarkExactSpaceStandard(b *testing.B) {
	runSolve(b, scenario(b, combat.SpaceCombat, spaceStandard))
}

// BenchmarkExactInvasion solves the README's standard invasion.
func BenchmarkExactInvasion(b *testing.B) {
	runSolve(b, scenario(b, combat.Invasion, invadeStd))
}

// BenchmarkExactSpaceHuge solves the battle whose product of state spaces
// is 37 million joint states (2,430 × 15,288): exact mode visits only the
// states it reaches.
func BenchmarkExactSpaceHuge(b *testing.B) {
	runSolve(b, scenario(b, combat.SpaceCombat, [2]string{"2 war sun, 4 dreadnought, 2 carrier, 8 fighter", "6 cruiser, 6 destroyer, 3 carrier, 12 fighter, 2 dreadnought"}))
}
