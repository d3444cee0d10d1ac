package combat_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

func factionSide(t *testing.T, faction, fleet string, techs ...string) combat.Side {
	t.Helper()
	f, err := units.LookupFaction(faction)
	if err != nil {
		t.Fatal(err)
	}
	return combat.Side{Fleet: mustFleet(t, fleet), Faction: f, Techs: techs}
}

// Unrelenting: a N'orr cruiser hits on 6 (p = 0.5) against a cruiser on 7
// (0.4). Per round A-only 0.3, D-only 0.2, both 0.2, none 0.3, so the
// attacker wins 0.3/0.7 = 3/7 and draws 0.2/0.7 = 2/7. Fragile (Jol-Nar)
// mirrors it: a Jol-Nar cruiser hits on 8 (0.3): A-only 0.18, D-only 0.28,
// both 0.12, none 0.42 → 0.18/0.58.
func TestFactionRollModifiers(t *testing.T) {
	for _, c := range []struct {
		faction   string
		win, draw float64
	}{{"sardakk", 3.0 / 7, 2.0 / 7}, {"jol-nar", 0.18 / 0.58, 0.12 / 0.58}} {
		sc := combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, c.faction, "1 cruiser"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
		ex := mustSolve(t, sc)
		if math.Abs(ex.Outcome.AttackerWin.P-c.win) > 1e-9 || math.Abs(ex.Outcome.Draw.P-c.draw) > 1e-9 {
			t.Errorf("%s: exact %.9f/%.9f, hand %.9f/%.9f", c.faction, ex.Outcome.AttackerWin.P, ex.Outcome.Draw.P, c.win, c.draw)
		}
		mc := mustRun(t, sc, 200000, 21)
		if se := math.Sqrt(c.win * (1 - c.win) / 200000); math.Abs(mc.Outcome.AttackerWin.P-c.win) > 4*se {
			t.Errorf("%s: Monte Carlo %.5f, hand %.5f", c.faction, mc.Outcome.AttackerWin.P, c.win)
		}
	}
}

// The N'orr flagship gives +1 to the other N'orr ships while it is there.
// One round, flagship (2 dice on 5 with Unrelenting: 0.6 each) and a cruiser
// (on 7 − 1 − 1 = 5: 0.6) against a defender's cruiser: the defender's
// cruiser survives round 1 only if all three dice miss: 0.4³ = 0.064.
// Without the flagship's +1 the cruiser hits on 6 (0.5): 0.4²·0.5 = 0.08.
func TestSardakkFlagship(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSide(t, "sardakk", "1 flagship, 1 cruiser"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	mc := mustRun(t, sc, 200000, 22)
	got := mc.Defender.Survivors[0].Expected.Value
	if se := math.Sqrt(0.064 * 0.936 / 200000); math.Abs(got-0.064) > 4*se {
		t.Errorf("defender cruiser left after round 1 = %.5f, want 0.064 (without the aura it would be 0.08)", got)
	}
	// Exact mode sees the aura too: flagship and cruiser against 4 cruisers,
	// exact and Monte Carlo agree.
	sc2 := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "sardakk", "1 flagship, 2 cruiser"), Defender: combat.Side{Fleet: mustFleet(t, "4 cruiser")}}
	ex := mustSolve(t, sc2)
	mc2 := mustRun(t, sc2, 200000, 23)
	p := ex.Outcome.AttackerWin.P
	if se := math.Sqrt(p * (1 - p) / 200000); math.Abs(mc2.Outcome.AttackerWin.P-p) > 4*se {
		t.Errorf("exact %.5f, Monte Carlo %.5f", p, mc2.Outcome.AttackerWin.P)
	}
}

// Non-Euclidean Shielding: one use of Sustain Damage cancels 2 hits, so a
// dreadnought facing 2 cruisers cannot die in round 1 (it would need 3
// hits); without it, 2 hits (0.4² = 0.16) destroy it.
func TestNonEuclideanShielding(t *testing.T) {
	for _, c := range []struct {
		techs []string
		left  float64
	}{{[]string{"non-euclidean-shielding"}, 1}, {nil, 0.84}} {
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
			Attacker: factionSide(t, "letnev", "1 dreadnought", c.techs...), Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser")}}
		mc := mustRun(t, sc, 100000, 24)
		got := mc.Attacker.Survivors[0].Expected.Value
		if se := math.Max(math.Sqrt(c.left*(1-c.left)/100000), 1e-9); math.Abs(got-c.left) > 4*se {
			t.Errorf("techs %v: dreadnought left after round 1 = %.5f, want %.2f", c.techs, got, c.left)
		}
	}
}

// Abilities the engine does not model yet are named in the warnings, never
// silently ignored: the Nekro's Technological Singularity in any combat.
func TestUnmodelledFactionAbilitiesWarn(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "nekro", "2 cruiser"), Defender: combat.Side{Fleet: mustFleet(t, "3 destroyer")}}
	res := mustRun(t, sc, 1000, 1)
	found := false
	for _, w := range res.Warnings {
		if strings.Contains(w, "Technological Singularity") && strings.Contains(w, "not modelled yet") {
			found = true
		}
	}
	if !found {
		t.Errorf("warnings %q do not name the unmodelled Technological Singularity", res.Warnings)
	}
}

// The Jol-Nar flagship (combat 6, 7 with Fragile) gets 2 more hits on each
// natural 9 or 10: a die gives 1 hit on 7–8 (0.2), 3 hits on 9–10 (0.2).
// Against 3 cruisers for one round, the sum of 2 dice is 0: 0.36, 1: 0.24,
// 2: 0.04, 3: 0.24, 4: 0.08, 6: 0.04, so E[min(hits, 3)] = 1.40 and 1.60
// cruisers are left. Exact mode expresses it too (checked against Monte
// Carlo).
func TestJolNarFlagship(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSide(t, "jol-nar", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "3 cruiser")}}
	mc := mustRun(t, sc, 200000, 25)
	if got := mc.Defender.Survivors[0].Expected; math.Abs(got.Value-1.60) > 4*got.SE {
		t.Errorf("cruisers left after round 1 = %.4f ± %.4f, want 1.60", got.Value, got.SE)
	}
	sc.MaxRounds = 0
	ex := mustSolve(t, sc)
	run := mustRun(t, sc, 200000, 26)
	p := ex.Outcome.AttackerWin.P
	if se := math.Sqrt(p * (1 - p) / 200000); math.Abs(run.Outcome.AttackerWin.P-p) > 4*se {
		t.Errorf("exact %.5f, Monte Carlo %.5f", p, run.Outcome.AttackerWin.P)
	}
}

// The Winnu flagship rolls one die per opposing non-fighter ship: against
// 3 cruisers, 3 dice on 7 (0.4) in round 1, so 3 − 1.2 = 1.8 cruisers are
// left; exact mode refuses it by name.
func TestWinnuFlagship(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSide(t, "winnu", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "3 cruiser")}}
	mc := mustRun(t, sc, 200000, 27)
	if got := mc.Defender.Survivors[0].Expected; math.Abs(got.Value-1.8) > 4*got.SE {
		t.Errorf("cruisers left after round 1 = %.4f ± %.4f, want 1.8", got.Value, got.SE)
	}
	sc.MaxRounds = 0
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), "Salai Sai Corian") {
		t.Errorf("Solve error = %v, want a refusal naming the flagship", err)
	}
}

// Hybrid Crystal Fighter II move on their own: a Naalu destroyer with 4 of
// them loses none for capacity when the combat ends (its numbers: move 2),
// while Hybrid Crystal Fighter I need room and all 4 surviving ones are
// removed, the destroyer having none.
func TestHybridCrystalFighterCapacity(t *testing.T) {
	for _, c := range []struct {
		techs []string
		zero  bool
	}{{[]string{"fighter-ii"}, true}, {nil, false}} {
		sc := combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "naalu", "1 destroyer, 4 fighter", c.techs...),
			Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
		res := mustRun(t, sc, 2000, 5)
		modelled(t, res, "Hybrid Crystal Fighter II")
		if got := res.Attacker.CapacityLost.Value; (got == 0) != c.zero {
			t.Errorf("techs %v: capacity lost %v, want zero: %v", c.techs, got, c.zero)
		}
	}
}
