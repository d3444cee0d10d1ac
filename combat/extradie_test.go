package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Texts that let "1 of those units" roll an additional die (Trrakan Aun
// Zulok, the Argent commander; Plasma Scoring) need one of the holder's
// units among those rolling. Metali Void Armaments' barrage (3 dice at 6)
// is rolled by the relic, not by a unit.
//   - A carrier (no barrage) with both against 1 fighter: the barrage has
//     3 dice at 6 and no more; the fighter survives it with 1/8, then the
//     carrier (9: 0.2) and the fighter (9: 0.2) duel: per round only the
//     carrier hits 0.16, only the fighter 0.16, both 0.04, so the carrier
//     wins 4/9 and draws 1/9. Attacker wins 7/8 + 1/8 · 4/9, draw
//     1/8 · 1/9. (With the wrong extra die, 4 dice: 15/16 + 1/16 · 4/9.)
//   - A destroyer (barrage 9 x2) with both: the extra die is the
//     destroyer's (at 9): the fighter survives 0.8³ · 0.5³ = 0.064, then the
//     same duel (destroyer 9: 0.2).
func TestExtraDieNeedsAUnit(t *testing.T) {
	for i, c := range []struct {
		fleet   string
		survive float64
	}{{"1 carrier", 1.0 / 8}, {"1 destroyer", 0.8 * 0.8 * 0.8 / 8}} {
		a := combat.Side{Fleet: mustFleet(t, c.fleet), Cards: []string{"metali-void-armaments", "trrakan-aun-zulok"}}
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 fighter")}}
		res := mustRun(t, sc, factionTrials, 960+uint64(i))
		win, draw := 1-c.survive+c.survive*4/9, c.survive/9
		near(t, c.fleet+": attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
		near(t, c.fleet+": draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
		ex := mustSolve(t, sc)
		exactNear(t, c.fleet+": attacker wins", ex.Outcome.AttackerWin.P, win)
		exactNear(t, c.fleet+": draw", ex.Outcome.Draw.P, draw)
	}
}
