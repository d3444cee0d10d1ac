package combat_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// TestExactLargestBenchBattle solves the largest bench battle (2 war suns,
// 6 dreadnoughts, 4 carriers, 16 fighters, 4 cruisers against 8 cruisers,
// 8 destroyers, 4 carriers, 16 fighters, 4 dreadnoughts), whose sides'
// unit states multiply past the exact solver's joint code and are
// numbered as met. Its outcomes must equal alpha-mouse's exact
// calculator's to its 7 digits (0.7747501 / 0.0376386 / 0.1876113, under
// ti4sim's default order: cruisers die before carriers), and agree with a
// seeded Monte Carlo run of 400,000 trials within 4 standard errors on
// every outcome and every unit's expected survivors.
func TestExactLargestBenchBattle(t *testing.T) {
	sc := combat.Scenario{
		Action:   combat.SpaceCombat,
		Attacker: exactSide(t, "2 war sun, 6 dreadnought, 4 carrier, 16 fighter, 4 cruiser"),
		Defender: exactSide(t, "8 cruiser, 8 destroyer, 4 carrier, 16 fighter, 4 dreadnought"),
	}
	exact, err := combat.Solve(context.Background(), sc)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what      string
		got, want float64
	}{
		{"attacker wins", exact.Outcome.AttackerWin.P, 0.7747501},
		{"draw", exact.Outcome.Draw.P, 0.0376386},
		{"defender wins", exact.Outcome.DefenderWin.P, 0.1876113},
	} {
		if math.Abs(c.got-c.want) > 5e-8 {
			t.Errorf("%s: %.9f, alpha-mouse %.7f", c.what, c.got, c.want)
		}
	}
	const n = 400_000
	mc, err := combat.Run(context.Background(), sc, combat.Options{Trials: n, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	near := func(what string, x, m, se float64) {
		t.Helper()
		if math.Abs(x-m) > 4*se {
			t.Errorf("%s: exact %.6f, Monte Carlo %.6f ± %.6f", what, x, m, se)
		}
	}
	for _, o := range []struct {
		what string
		x, m float64
	}{
		{"attacker wins", exact.Outcome.AttackerWin.P, mc.Outcome.AttackerWin.P},
		{"draw", exact.Outcome.Draw.P, mc.Outcome.Draw.P},
		{"defender wins", exact.Outcome.DefenderWin.P, mc.Outcome.DefenderWin.P},
	} {
		near(o.what, o.x, o.m, math.Sqrt(o.x*(1-o.x)/n))
	}
	for i, side := range [2][2]combat.SideResult{{exact.Attacker, mc.Attacker}, {exact.Defender, mc.Defender}} {
		for k, sv := range side[0].Survivors {
			m := side[1].Survivors[k]
			near(fmt.Sprintf("side %d %s left", i, sv.Name), sv.Expected.Value, m.Expected.Value, m.Expected.SE)
		}
	}
}
