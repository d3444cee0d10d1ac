package combat_test

import (
	"context"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// One simulated battle allocates nothing: a run of 20,000 trials allocates
// no more than a run of 1,000 (setup only), on scenarios that take the
// slow path through hooks of every kind (start of combat, after rolls,
// end of round, on sustain, sustain blockers, hidden slots). An escaping
// local in the round loop once cost three allocations per trial here.
func TestTrialsDoNotAllocate(t *testing.T) {
	cases := []struct {
		name string
		sc   combat.Scenario
	}{
		{"yin space", combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "yin", "1 flagship, 2 cruiser, 2 destroyer", "impulse-core"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 dreadnought, 3 fighter")}}},
		{"sardakk space", combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "sardakk", "2 dreadnought, 1 cruiser", "dreadnought-ii"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 dreadnought, 3 fighter")}}},
		{"argent v mentak", combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "argent", "2 destroyer, 1 flagship, 2 fighter", "fighter-ii"),
			Defender: factionSide(t, "mentak", "2 cruiser, 1 flagship, 2 fighter")}},
		{"yin invades mentak", combat.Scenario{Action: combat.Invasion,
			Attacker: factionSide(t, "yin", "2 cruiser, 4 infantry, 1 mech"),
			Defender: factionSide(t, "mentak", "3 infantry, 1 mech")}},
		{"sardakk invades argent", combat.Scenario{Action: combat.Invasion,
			Attacker: factionSide(t, "sardakk", "1 dreadnought, 4 infantry, 1 mech", "valkyrie-particle-weave"),
			Defender: factionSide(t, "argent", "3 infantry, 1 mech, 2 destroyer")}},
	}
	for _, c := range cases {
		noTrialAllocs(t, c.name, c.sc)
	}
}

// noTrialAllocs checks that the trials of sc allocate nothing: 20,000
// trials on one worker allocate no more than 1,000 (the setup). Even one
// allocation per 1,000 trials would show as 19 more. The plain run checks
// this; the race detector's build is not the program users run, and its
// 40,000 slow trials per scenario would add little to a race run.
func noTrialAllocs(t *testing.T, name string, sc combat.Scenario) {
	t.Helper()
	if raceEnabled {
		t.Skip("allocation counts are checked without -race")
	}
	run := func(n int64) float64 {
		return testing.AllocsPerRun(3, func() {
			if _, err := combat.Run(context.Background(), sc, combat.Options{Trials: n, Seed: 1, Workers: 1}); err != nil {
				t.Fatal(err)
			}
		})
	}
	if small, large := run(1000), run(20000); large > small+10 {
		t.Errorf("%s: %v allocations for 20,000 trials against %v for 1,000", name, large, small)
	}
}
