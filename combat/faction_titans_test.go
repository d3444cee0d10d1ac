package combat_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Titans of Ul's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Ul the Progenitor: Elysium fires Space Cannon 5 (x3) (0.6 a die). In
// space, no hit on the attacker's cruiser w.p. 0.064, then a cruiser duel
// (0.4 each) won 0.24/0.64 = 0.375 and drawn 0.16/0.64 = 0.25. Invaded by 2
// infantry against 1, its space cannon defense kills K ~ Bin(3, 0.6) of
// them: win = P(K=0)·win(2 vs 1) + P(K=1)·win(1 vs 1).
func TestUlTheProgenitor(t *testing.T) {
	ul := []string{"ul-the-progenitor"}
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSideCards(t, "", "1 cruiser", nil, nil),
		Defender: factionSideCards(t, "titans", "1 cruiser", nil, ul)}
	ex := mustSolve(t, sc)
	exactNear(t, "Elysium against ships: attacker wins", ex.Outcome.AttackerWin.P, 0.064*0.375)
	exactNear(t, "Elysium against ships: draw", ex.Outcome.Draw.P, 0.064*0.25)
	res := mustRun(t, sc, factionTrials, 317)
	near(t, "Elysium against ships", res.Outcome.AttackerWin.P, 0.064*0.375, bernoulliSD(0.064*0.375))
	modelled(t, res, "Ul the Progenitor")

	// Held by the attacker: offense only, at the defender's cruiser.
	sc.Attacker, sc.Defender = factionSideCards(t, "titans", "1 cruiser", nil, ul), factionSideCards(t, "", "1 cruiser", nil, nil)
	exactNear(t, "Elysium of the attacker", mustSolve(t, sc).Outcome.AttackerWin.P, 0.936+0.064*0.375)

	w21, _ := reference.HarrowDuel(2, 1, 0.3, 0.3, 0)
	w11, _ := reference.HarrowDuel(1, 1, 0.3, 0.3, 0)
	win := reference.BinomP(3, 0, 0.6)*w21 + reference.BinomP(3, 1, 0.6)*w11
	sc = combat.Scenario{Action: combat.Invasion,
		Attacker: factionSideCards(t, "", "2 infantry", nil, nil),
		Defender: factionSideCards(t, "titans", "1 infantry", nil, ul)}
	exactNear(t, "Elysium against ground forces", mustSolve(t, sc).Outcome.AttackerWin.P, win)
	res = mustRun(t, sc, factionTrials, 318)
	near(t, "Elysium against ground forces", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
}

// Hel-Titan: a Titans PDS (combat 7, p = 0.4, Sustain Damage) defends its
// planet alone against 1 infantry (p = 0.3). Per round: only the infantry
// hits 0.18, only the PDS 0.28, both 0.12, neither 0.42. Undamaged, the PDS
// is damaged with 0.18/0.58 before the infantry dies; damaged, the
// attacker wins with 0.18/0.58 and draws with 0.12/0.58. So the attacker
// wins (0.18/0.58)², draws (0.18/0.58)(0.12/0.58), and the PDS is left
// whenever the defender wins.
func TestHelTitan(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 infantry")},
		Defender: factionSide(t, "titans", "1 pds")}
	r := 0.18 / 0.58
	win, draw := r*r, r*0.12/0.58
	ex := mustSolve(t, sc)
	exactNear(t, "Hel-Titan: attacker wins", ex.Outcome.AttackerWin.P, win)
	exactNear(t, "Hel-Titan: draw", ex.Outcome.Draw.P, draw)
	exactNear(t, "Hel-Titan left", survivors(t, ex.Defender, "Hel-Titan I"), 1-win-draw)
	res := mustRun(t, sc, factionTrials, 41)
	modelled(t, res, "Hel-Titan")
	near(t, "Hel-Titan: attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	near(t, "Hel-Titan left", survivors(t, res.Defender, "Hel-Titan I"), 1-win-draw, bernoulliSD(1-win-draw))

	// Another faction's PDS is no ground force: the ground combat is refused.
	sc.Defender = combat.Side{Fleet: mustFleet(t, "1 pds")}
	if _, err := combat.Run(context.Background(), sc, combat.Options{Trials: 10}); err == nil || !strings.Contains(err.Error(), "no ground forces") {
		t.Errorf("a ground combat against a plain PDS: error %v, want one saying the defender has no ground forces", err)
	}
}

// Tellurian: a cruiser (7: 0.4) against a cruiser whose side holds the
// agent. While it is ready, a round ends: both hit (0.16) — the attacker's
// hit is cancelled, the defender wins; the attacker alone hits (0.24) — it
// is cancelled, the agent is spent, both cruisers fight on; the defender
// alone hits (0.24) — it wins; both miss (0.36) — again. Spent, a plain
// duel: attacker 0.24/0.64 = 0.375, draw 0.16/0.64 = 0.25, defender 0.375.
// So the defender wins (0.16 + 0.24 + 0.24·0.375)/0.64 = 0.765625, the
// attacker 0.24·0.375/0.64 = 0.140625, draw 0.24·0.25/0.64 = 0.09375.
// (Without the agent: 0.375 each way.)
func TestTellurian(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Cards: []string{"tellurian"}}}
	res := mustRun(t, sc, factionTrials, 521)
	near(t, "defender wins", res.Outcome.DefenderWin.P, 0.765625, bernoulliSD(0.765625))
	near(t, "attacker wins", res.Outcome.AttackerWin.P, 0.140625, bernoulliSD(0.140625))
	near(t, "draw", res.Outcome.Draw.P, 0.09375, bernoulliSD(0.09375))
	modelled(t, res, "Tellurian")
	notExact(t, sc)
	noTrialAllocs(t, "tellurian", sc)
}
