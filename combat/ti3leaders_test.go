package combat_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// duel is P(the first side wins) of a one-on-one fight where each round
// the first scores with chance a, the second with chance b (one hit kills),
// the rounds where nobody scores divided out; a double kill is a draw.
func duel(a, b float64) float64 { return a * (1 - b) / (1 - (1-a)*(1-b)) }

// ti3Check solves sc exactly and by 200,000 trials, and compares the
// attacker's win (or, for an invasion, the planet taken) with want: to
// 1e-12 exactly, within 5 standard errors by Monte Carlo.
func ti3Check(t *testing.T, what string, sc combat.Scenario, want float64) {
	t.Helper()
	ex, err := combat.Solve(context.Background(), sc)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if d := math.Abs(ex.Outcome.AttackerWin.P - want); d > 1e-12 {
		t.Errorf("%s: exact %.15f, want %.15f", what, ex.Outcome.AttackerWin.P, want)
	}
	const n = 200000
	mc, err := combat.Run(context.Background(), sc, combat.Options{Trials: n, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if se := math.Sqrt(want * (1 - want) / n); math.Abs(mc.Outcome.AttackerWin.P-want) > 5*se+1e-9 {
		t.Errorf("%s: Monte Carlo %.5f, want %.5f ± %.5f", what, mc.Outcome.AttackerWin.P, want, 5*se)
	}
}

func ti3Scenario(t *testing.T, act combat.Action, att, def string) combat.Scenario {
	return combat.Scenario{Action: act, Edition: combat.EditionTI3SA, Attacker: ti3Side(t, att), Defender: ti3Side(t, def)}
}

// TestTI3HighAlert: the token's owner rolls +1: a cruiser (7) against a
// cruiser at 6 against 7, the duel's law.
func TestTI3HighAlert(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
	sc.Attacker.HighAlert = true
	ti3Check(t, "high alert, space", sc, duel(0.5, 0.4))
	// On the ground too (SA: all friendly combat rolls in its system): a
	// ground force at 7 against one at 8.
	g := ti3Scenario(t, combat.GroundCombat, "1 gf", "1 gf")
	g.Defender.HighAlert = true
	ti3Check(t, "high alert, ground (defender)", g, duel(0.3, 0.4))
}

// TestTI3Admiral: a cruiser with the Admiral rolls 2 dice at 7: it scores
// with 1 − 0.6².
func TestTI3Admiral(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
	sc.Attacker.Leaders = []string{"admiral"}
	ti3Check(t, "admiral", sc, duel(1-0.36, 0.4))
}

// TestTI3General: ground forces with a General hit at 7 and reroll two
// misses a round (a die missed again rerolled again). One ground force
// against one: it scores with 1 − 0.6³ (its roll and two rerolls).
func TestTI3General(t *testing.T) {
	sc := ti3Scenario(t, combat.GroundCombat, "1 gf", "1 gf")
	sc.Defender.Leaders = []string{"general"}
	ti3Check(t, "general, defending", sc, duel(0.3, 1-0.6*0.6*0.6))
	// Bombardment against the defender's General's planet: -4 (TI3). A
	// dreadnought bombards at 9 instead of 5 (20%, not 60%): with nothing
	// to land, the planet's 1 ground force survives with 0.8.
	inv := ti3Scenario(t, combat.Invasion, "1 dreadnought", "1 gf")
	inv.Defender.Leaders = []string{"general"}
	ex, err := combat.Solve(context.Background(), inv)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ex.Defender.Survivors {
		if s.Name == "Ground Force" && math.Abs(s.Expected.Value-0.8) > 1e-12 {
			t.Errorf("bombardment against a General's planet: %.15f ground forces left, want 0.8", s.Expected.Value)
		}
	}
}

// TestTI3AgentAndScientist: with no ships to fire at, an attacker's ground
// force lands against a planet with only a PDS: it is taken unless space
// cannon defense hits — at 6 (50%), at 5 with the defender's Scientist
// (60%), never with the attacker's Agent.
func TestTI3AgentAndScientist(t *testing.T) {
	sc := ti3Scenario(t, combat.Invasion, "1 gf", "1 pds")
	ti3Check(t, "no leader", sc, 0.5)
	sc.Defender.Leaders = []string{"scientist"}
	ti3Check(t, "scientist", sc, 0.4)
	sc.Attacker.Leaders = []string{"agent"}
	ti3Check(t, "agent and scientist", sc, 1)
}

// TestTI3ScientistStopsWarSuns: a war sun bombards through Planetary
// Shield (3 dice at 3), unless the defender's Scientist is on the planet
// with the PDS: then its 2 ground forces are untouched.
func TestTI3ScientistStopsWarSuns(t *testing.T) {
	left := func(sc combat.Scenario) float64 {
		t.Helper()
		ex, err := combat.Solve(context.Background(), sc)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range ex.Defender.Survivors {
			if s.Name == "Ground Force" {
				return s.Expected.Value
			}
		}
		return -1
	}
	sc := ti3Scenario(t, combat.Invasion, "1 war sun", "2 gf, 1 pds")
	// The PDS's space cannon (1 die at 6) damages the war sun half the
	// time, and a damaged war sun bombards with a die fewer (SA Sustain
	// Damage). With n dice at 0.8 the ground forces left are
	// 1·P(1 hit) + 2·P(0 hits).
	left3 := 3*0.8*0.2*0.2 + 2*0.2*0.2*0.2
	left2 := 2*0.8*0.2 + 2*0.2*0.2
	if got, want := left(sc), 0.5*left3+0.5*left2; math.Abs(got-want) > 1e-12 {
		t.Errorf("war sun through the shield: %.15f ground forces left, want %.15f", got, want)
	}
	sc.Defender.Leaders = []string{"scientist"}
	if got := left(sc); math.Abs(got-2) > 1e-12 {
		t.Errorf("scientist: %.15f ground forces left, want 2 (no bombardment)", got)
	}
}

// TestTI3IonStorm: no space cannon fires into an Ion Storm (the cruisers'
// duel is untouched by the PDS) and its fighters make no combat rolls (two
// fighters never beat a cruiser).
func TestTI3IonStorm(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser, 1 pds")
	sc.IonStorm = true
	ti3Check(t, "ion storm: no space cannon", sc, duel(0.4, 0.4))
	// Two fighters in an Ion Storm never score: the cruiser wins at last.
	f := ti3Scenario(t, combat.SpaceCombat, "2 fighter", "1 cruiser")
	f.IonStorm = true
	ti3Check(t, "ion storm: fighters do not roll", f, 0)
	ex, err := combat.Solve(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	if ex.Outcome.DefenderWin.P < 1-1e-12 {
		t.Errorf("ion storm: the cruiser wins with %.15f, want 1", ex.Outcome.DefenderWin.P)
	}
}

// TestTI3LeaderRefusals: leaders, High Alert and Ion Storm are TI3's, and
// each leader is given once.
func TestTI3LeaderRefusals(t *testing.T) {
	ti4 := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Leaders: []string{"admiral"}}, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	for _, c := range []struct {
		sc   combat.Scenario
		want string
	}{
		{ti4, "Twilight Imperium 3"},
		{func() combat.Scenario {
			s := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
			s.Attacker.Leaders = []string{"warlord"}
			return s
		}(), "unknown leader"},
		{func() combat.Scenario {
			s := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
			s.Attacker.Leaders = []string{"general", "General"}
			return s
		}(), "given twice"},
		{func() combat.Scenario {
			s := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
			s.Attacker.HighAlert, s.Defender.HighAlert = true, true
			return s
		}(), "one High Alert"},
	} {
		if err := c.sc.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one naming %q", err, c.want)
		}
	}
}

// TestTI3WeaponryTechs: Maneuvering Jets (a PDS hits a cruiser at 7, not
// 6; from an adjacent system at 8), Graviton Laser System (a PDS rerolls
// its miss: 1 − 0.5²) and Graviton Negator (a dreadnought bombards through
// the shield: 1 die at 5 — a damaged one keeps its last die).
func TestTI3WeaponryTechs(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 pds")
	sc.Attacker.Techs = []string{"maneuvering-jets"}
	ti3Check(t, "maneuvering jets", sc, 0.6)
	adj := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 carrier")
	adj.Attacker.Techs = []string{"maneuvering-jets"}
	adj.Defender.Techs, adj.Defender.AdjacentPDS = []string{"deep-space-cannon"}, 1
	// The PDS from next door hits at 8 (30%); then a cruiser (7) against a
	// carrier (9).
	ti3Check(t, "maneuvering jets, adjacent", adj, 0.7*duel(0.4, 0.2))
	gls := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 pds")
	gls.Defender.Techs = []string{"graviton-laser-system"}
	ti3Check(t, "graviton laser system", gls, 0.25)
	gn := ti3Scenario(t, combat.Invasion, "1 dreadnought", "1 gf, 1 pds")
	gn.Attacker.Techs = []string{"graviton-negator"}
	ex, err := combat.Solve(context.Background(), gn)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ex.Defender.Survivors {
		if s.Name == "Ground Force" && math.Abs(s.Expected.Value-0.4) > 1e-12 {
			t.Errorf("graviton negator: %.15f ground forces left, want 0.4", s.Expected.Value)
		}
	}
	// A space mine hits a ship with Maneuvering Jets only on 10 (Monte
	// Carlo: exact mode refuses the mine's step).
	mine := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 carrier")
	mine.SpaceMine, mine.Attacker.Techs = true, []string{"maneuvering-jets"}
	const n = 200000
	r, err := combat.Run(context.Background(), mine, combat.Options{Trials: n, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	if want := 0.9 * duel(0.4, 0.2); math.Abs(r.Outcome.AttackerWin.P-want) > 5*math.Sqrt(want*(1-want)/n) {
		t.Errorf("space mine against maneuvering jets: %.5f, want %.5f", r.Outcome.AttackerWin.P, want)
	}
	bad := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 carrier")
	bad.Defender.Techs, bad.Defender.AdjacentPDS = []string{"deep-space-cannon", "graviton-laser-system"}, 1
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "weaponry") {
		t.Errorf("graviton laser system with adjacent PDS: %v, want the weaponry rule named", err)
	}
}
