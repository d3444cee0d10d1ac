package combat_test

import (
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// Tests of the space cannon offense of the attacker's own PDS (on its
// planets in the active system, and in adjacent systems with PDS II) and of
// a space combat against a defender whose only units are structures that
// fire space cannon. Expected values are derived by hand; Monte Carlo
// answers must fall within 4 standard errors, exact answers within 1e-9.

// cruiserVsDestroyer is the space combat of a cruiser (0.4) against a
// destroyer (0.2), to the end: the attacker wins with 0.4·0.8/(1 − 0.6·0.8)
// = 0.32/0.52 and draws with 0.4·0.2/0.52.
const cruiserWin, cruiserDraw = 0.32 / 0.52, 0.08 / 0.52

// The attacker's 2 PDS on its planet in the system fire in space cannon
// offense only (2 dice at 6: the destroyer survives with 0.25), then the
// cruiser fights the destroyer alone: win 0.75 + 0.25·0.32/0.52, draw
// 0.25·0.08/0.52. Were the PDS to fire in the rounds too, or to take hits,
// the numbers would differ. They are not reported among the survivors.
func TestAttackerSystemPDS(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser"), SystemPDS: 2},
		Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer")}}
	win, draw := 0.75+0.25*cruiserWin, 0.25*cruiserDraw
	ex := mustSolve(t, sc)
	exactNear(t, "attacker win", ex.Outcome.AttackerWin.P, win)
	exactNear(t, "draw", ex.Outcome.Draw.P, draw)
	res := mustRun(t, sc, factionTrials, 501)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	for _, s := range res.Attacker.Survivors {
		if s.Kind == units.PDS {
			t.Errorf("the attacker's PDS are reported among the survivors: %+v", s)
		}
	}
	// PDS II: 2 dice at 5, the destroyer survives with 0.16.
	sc.Attacker.Techs = []string{"pds-ii"}
	ex = mustSolve(t, sc)
	exactNear(t, "attacker win (PDS II)", ex.Outcome.AttackerWin.P, 0.84+0.16*cruiserWin)
}

// In an invasion the attacker's PDS fire in space cannon offense and
// nowhere else. 1 carrier and 2 infantry, 3 PDS, against 1 fighter and 1
// infantry: the fighter survives the 3 dice at 6 with 0.125; then carrier
// against fighter, 0.2 each: the carrier is left alone with 0.2·0.8/0.36
// = 4/9 (a draw or a loss ends the invasion). The ground combat, 2
// infantry against 1 (0.3 each), is won with W2 = (0.51 + 0.147·W1)/0.657,
// W1 = 0.21/0.51 (the Keleres test derives it).
func TestAttackerSystemPDSInvasion(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 2 infantry"), SystemPDS: 3},
		Defender: combat.Side{Fleet: mustFleet(t, "1 fighter, 1 infantry")}}
	w1 := 0.21 / 0.51
	w2 := (0.51 + 0.147*w1) / 0.657
	want := (0.875 + 0.125*4.0/9) * w2
	ex := mustSolve(t, sc)
	exactNear(t, "planet taken", ex.Outcome.AttackerWin.P, want)
	res := mustRun(t, sc, factionTrials, 502)
	near(t, "planet taken", res.Outcome.AttackerWin.P, want, bernoulliSD(want))
}

// The attacker's adjacent PDS fire with PDS II only (2 dice at 5: the
// destroyer survives with 0.16); without it they do not fire and a warning
// says so.
func TestAttackerAdjacentPDS(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser"), AdjacentPDS: 2, Techs: []string{"pds-ii"}},
		Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer")}}
	ex := mustSolve(t, sc)
	exactNear(t, "attacker win", ex.Outcome.AttackerWin.P, 0.84+0.16*cruiserWin)
	res := mustRun(t, sc, factionTrials, 503)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, 0.84+0.16*cruiserWin, bernoulliSD(0.84+0.16*cruiserWin))
	sc.Attacker.Techs = nil
	ex = mustSolve(t, sc)
	exactNear(t, "attacker win (PDS I)", ex.Outcome.AttackerWin.P, cruiserWin)
	warned(t, ex, "attacker's 2 adjacent PDS do not fire")
}

// A space combat against structures alone: Experimental Battlestation
// makes the space dock fire 3 dice at 5, so the cruiser survives with
// 0.4³ = 0.064 and then holds space (no combat: the defender has no
// ships); otherwise neither side has ships. Lightrail Ordnance: 2 dice at
// 5, 0.16. A dock that fires nothing is still refused.
func TestSpaceAgainstStructures(t *testing.T) {
	for _, c := range []struct {
		card string
		keep float64
	}{{"experimental-battlestation", 0.064}, {"lightrail-ordnance", 0.16}} {
		sc := combat.Scenario{Action: combat.SpaceCombat,
			Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser")},
			Defender: combat.Side{Fleet: mustFleet(t, "1 space dock"), Cards: []string{c.card}}}
		ex := mustSolve(t, sc)
		exactNear(t, c.card+": attacker keeps space", ex.Outcome.AttackerWin.P, c.keep)
		exactNear(t, c.card+": no ships left", ex.Outcome.Draw.P, 1-c.keep)
		res := mustRun(t, sc, factionTrials, 504)
		near(t, c.card+": attacker keeps space", res.Outcome.AttackerWin.P, c.keep, bernoulliSD(c.keep))
		if res.Rounds.Mean.Value != 0 {
			t.Errorf("%s: %v combat rounds, want none (the defender has no ships)", c.card, res.Rounds.Mean.Value)
		}
	}
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 space dock")}}
	if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), "nothing that fires space cannon") {
		t.Errorf("a bare space dock: Validate = %v, want a refusal", err)
	}
}

// The PDS outside the fleets are refused where they cannot be.
func TestPDSOutsideFleetValidation(t *testing.T) {
	ships := func(s string) combat.Side { return combat.Side{Fleet: mustFleet(t, s)} }
	withPDS := func(s combat.Side, system, adjacent int) combat.Side {
		s.SystemPDS, s.AdjacentPDS = system, adjacent
		return s
	}
	ti3 := combat.EditionTI3SA
	for _, c := range []struct {
		name string
		sc   combat.Scenario
		want string
	}{
		{"defender's planet PDS", combat.Scenario{Attacker: ships("1 cruiser"), Defender: withPDS(ships("1 destroyer"), 1, 0)}, "go in its fleet"},
		{"attacker's PDS in a ground combat", combat.Scenario{Action: combat.GroundCombat, Attacker: withPDS(ships("1 infantry"), 1, 0), Defender: ships("1 infantry")}, "no part in a ground combat"},
		{"attacker's adjacent PDS in a ground combat", combat.Scenario{Action: combat.GroundCombat, Attacker: withPDS(ships("1 infantry"), 0, 1), Defender: ships("1 infantry")}, "no part in a ground combat"},
		{"out of range", combat.Scenario{Attacker: withPDS(ships("1 cruiser"), combat.MaxAdjacentPDS+1, 0), Defender: ships("1 destroyer")}, "out of range"},
		{"negative", combat.Scenario{Attacker: withPDS(ships("1 cruiser"), 0, -1), Defender: ships("1 destroyer")}, "out of range"},
		{"TI3", combat.Scenario{Edition: ti3, Attacker: withPDS(ships("1 cruiser"), 1, 0), Defender: ships("1 destroyer")}, "ti3-sa"},
	} {
		err := c.sc.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate = %v, want an error containing %q", c.name, err, c.want)
		}
	}
}
