package combat_test

import (
	"context"
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// ti3Neutral solves sc exactly and by 200,000 trials and compares the
// chance that the planet turns neutral (the draw) with want: to 1e-12
// exactly, within 5 standard errors by Monte Carlo. The defender keeps the
// planet otherwise: nothing lands.
func ti3Neutral(t *testing.T, what string, sc combat.Scenario, want float64) {
	t.Helper()
	ex, err := combat.Solve(context.Background(), sc)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if d := math.Abs(ex.Outcome.Draw.P - want); d > 1e-12 {
		t.Errorf("%s: exact neutral %.15f, want %.15f", what, ex.Outcome.Draw.P, want)
	}
	if d := math.Abs(ex.Outcome.DefenderWin.P - (1 - want)); d > 1e-12 || ex.Outcome.AttackerWin.P != 0 {
		t.Errorf("%s: exact defender keeps %.15f, attacker %.15f; want %.15f and 0", what, ex.Outcome.DefenderWin.P, ex.Outcome.AttackerWin.P, 1-want)
	}
	const n = 200000
	mc, err := combat.Run(context.Background(), sc, combat.Options{Trials: n, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	if se := math.Sqrt(want * (1 - want) / n); math.Abs(mc.Outcome.Draw.P-want) > 5*se+1e-9 {
		t.Errorf("%s: Monte Carlo neutral %.5f, want %.5f ± %.5f", what, mc.Outcome.Draw.P, want, 5*se)
	}
	if mc.Outcome.AttackerWin.P != 0 || math.Abs(mc.Outcome.Draw.P+mc.Outcome.DefenderWin.P-1) > 1e-12 {
		t.Errorf("%s: Monte Carlo attacker %v, neutral+defender %v; want 0 and 1", what, mc.Outcome.AttackerWin.P, mc.Outcome.Draw.P+mc.Outcome.DefenderWin.P)
	}
}

// TestTI3BombardmentTurnsPlanetNeutral: SA, "A non-Home System planet
// without Ground Forces present taking a bombardment hit reverts
// immediately to neutral status", read as a hit beyond the planet's
// ground forces, for a bombardment without an invasion (SA: dreadnoughts
// and war suns may bombard without one).
func TestTI3BombardmentTurnsPlanetNeutral(t *testing.T) {
	// 2 dreadnoughts (Bombardment 5: 0.6 a die) against 1 ground force:
	// neutral when both dice hit, 0.6².
	sc := ti3Scenario(t, combat.Invasion, "2 dreadnought", "1 gf")
	ti3Neutral(t, "2 dreadnoughts v 1 gf", sc, 0.36)
	// Against 2 ground forces no hit is left over.
	ti3Neutral(t, "2 dreadnoughts v 2 gf", ti3Scenario(t, combat.Invasion, "2 dreadnought", "2 gf"), 0)
	// A planet with only a PDS: its shield stops dreadnoughts, not a war
	// sun (3 dice at 3: 0.8 a die), whose first hit turns it neutral. The
	// PDS fires first at 6: a hit (1/2) makes the war sun sustain and lose
	// a die. Kept: ½·0.2³ + ½·0.2².
	ti3Neutral(t, "war sun v lone pds", ti3Scenario(t, combat.Invasion, "1 war sun", "1 pds"), 1-(0.5*0.008+0.5*0.04))
	ti3Neutral(t, "dreadnought v lone pds", ti3Scenario(t, combat.Invasion, "2 dreadnought", "1 pds"), 0)
	// A mechanized unit takes two hits (Sustain Damage): the war sun's
	// three dice must all hit, 0.8³.
	ti3Neutral(t, "war sun v mech", ti3Scenario(t, combat.Invasion, "1 war sun", "1 mech"), 0.512)
	// A home planet does not turn neutral.
	home := ti3Scenario(t, combat.Invasion, "2 dreadnought", "1 gf")
	home.HomeSystem = true
	ti3Neutral(t, "home planet", home, 0)
	// An invasion that lands takes a planet emptied by bombardment
	// either way: 2 dreadnoughts and a ground force against 1 ground
	// force, no neutral planet; the attacker takes it unless the
	// bombardment misses twice and the duel of ground forces at 8 is
	// lost (TI3: a double kill leaves the planet to the defender).
	land := ti3Scenario(t, combat.Invasion, "2 dreadnought, 1 carrier, 1 gf", "1 gf")
	ex, err := combat.Solve(context.Background(), land)
	if err != nil {
		t.Fatal(err)
	}
	want := 1 - 0.16*(1-duel(0.3, 0.3))
	if ex.Outcome.Draw.P != 0 || math.Abs(ex.Outcome.AttackerWin.P-want) > 1e-12 {
		t.Errorf("landing: neutral %v, attacker %.15f; want 0 and %.15f", ex.Outcome.Draw.P, ex.Outcome.AttackerWin.P, want)
	}
	// TI4 has no such rule: its bombardment alone leaves the planet to
	// the defender, and --home-system is refused there.
	ti4 := combat.Scenario{Action: combat.Invasion, Attacker: combat.Side{Fleet: mustFleet(t, "2 dreadnought")}, Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	if r := mustSolve(t, ti4); r.Outcome.Draw.P != 0 || math.Abs(r.Outcome.DefenderWin.P-1) > 1e-12 {
		t.Errorf("ti4: neutral %v, defender %v; want 0 and 1", r.Outcome.Draw.P, r.Outcome.DefenderWin.P)
	}
	ti4.HomeSystem = true
	if err := ti4.Validate(); err == nil {
		t.Error("home system under ti4: no error")
	}
	sp := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
	sp.HomeSystem = true
	if err := sp.Validate(); err == nil {
		t.Error("home system in a space combat: no error")
	}
}
