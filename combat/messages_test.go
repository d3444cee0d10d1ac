package combat_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Messages that name what they are about (issue 28, A8).

// Ambush is a space combat's text (Mentak ability: "At the start of a
// space combat, ..."): exact mode does not refuse a ground combat with a
// Mentak side. 1 infantry against 1 infantry, both hitting at 8 (0.3): the
// attacker wins a round's pair (hit, miss) and the pair where neither hits
// repeats, so P(win) = 0.3·0.7/(1 − 0.7²) = 0.21/0.51 and P(draw) =
// 0.09/0.51 (a two-state Markov chain by hand).
func TestAmbushLeavesGroundCombatExact(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "mentak", "1 infantry"), Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	res := mustSolve(t, sc)
	for _, c := range []struct {
		name      string
		got, want float64
	}{{"attacker wins", res.Outcome.AttackerWin.P, 0.21 / 0.51}, {"draw", res.Outcome.Draw.P, 0.09 / 0.51}} {
		if d := c.got - c.want; d > 1e-9 || d < -1e-9 {
			t.Errorf("%s: %.12f, want %.12f", c.name, c.got, c.want)
		}
	}
	// In a space combat with a cruiser it rolls: still refused, by name.
	sp := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "mentak", "1 cruiser"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	if _, err := combat.Solve(context.Background(), sp); err == nil || !strings.Contains(err.Error(), "Ambush") {
		t.Errorf("space combat with Ambush: %v, want a refusal naming Ambush", err)
	}
}

// The Sardakk mech's text, Valkyrie Exoskeleton ("After this unit uses
// its SUSTAIN DAMAGE ability during ground combat, it produces 1 hit"),
// is beyond exact mode: the refusal names it. A Sardakk side without a
// mech has no such text to refuse.
func TestValkyrieExoskeletonRefusalNamed(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "sardakk", "1 mech"), Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), "Valkyrie Exoskeleton") {
		t.Errorf("Solve: %v, want a refusal naming Valkyrie Exoskeleton", err)
	}
	// Sardakk infantry (8 − 1 = 7: 0.4) against infantry (0.3), one each:
	// P(win) = 0.4·0.7/(1 − 0.6·0.7) = 0.28/0.58.
	sc.Attacker = factionSide(t, "sardakk", "1 infantry")
	sc.Defender = combat.Side{Fleet: mustFleet(t, "1 infantry")}
	res := mustSolve(t, sc)
	if d := res.Outcome.AttackerWin.P - 0.28/0.58; d > 1e-9 || d < -1e-9 {
		t.Errorf("Sardakk infantry without a mech: %.12f, want %.12f", res.Outcome.AttackerWin.P, 0.28/0.58)
	}
}

// A faction whose name begins with its article reads once: "the Barony of
// Letnev", never "the The Barony of Letnev".
func TestFactionNameArticleOnce(t *testing.T) {
	for _, card := range []string{"dunlain-reaper", "arc-secundus"} {
		a := factionSideCards(t, "mentak", "1 cruiser", nil, []string{card})
		err := (&combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}).Validate()
		if err == nil || !strings.Contains(err.Error(), "of the Barony of Letnev") || strings.Contains(strings.ToLower(err.Error()), "the the") {
			t.Errorf("%s listed by a Mentak side: %v, want the Barony of Letnev named once with its article", card, err)
		}
	}
}

// Brother Milor's original printing ("After a player's destroyer or
// cruiser is destroyed, ...") held by a side with neither: the warning
// says what this printing does, not that the agent "does nothing" (later
// printings act on any destroyed unit).
func TestBrotherMilorIdleWording(t *testing.T) {
	a := factionSideCards(t, "yin", "2 dreadnought", nil, []string{"brother-milor"})
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")},
		Printings: combat.Printings{Milor: combat.MilorOriginal}}
	res := mustRun(t, sc, 1000, 1)
	warned(t, res, "Brother Milor (attacker), original printing", "destroyer or cruiser")
	for _, w := range res.Warnings {
		if strings.Contains(w, "Brother Milor") && strings.Contains(w, "does nothing") {
			t.Errorf("warning %q says the agent does nothing", w)
		}
	}
}
