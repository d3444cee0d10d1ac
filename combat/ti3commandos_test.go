package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// TestTI3Commandos (SA Shock Troops): commandos neither fight nor take
// hits, and are eliminated when the invasion fails. A ground force and a
// shock troop held back against a ground force: the ground forces' duel
// alone, duel(0.3, 0.3) (a double kill leaves the planet to the defender),
// and the commando survives exactly in the trials the planet is taken.
func TestTI3Commandos(t *testing.T) {
	sc := ti3Scenario(t, combat.Invasion, "1 gf, 1 st", "1 gf")
	sc.Commandos = 1
	ti3MonteCarlo(t, "commandos", sc, duel(0.3, 0.3))
	res := mustRun(t, sc, factionTrials, 460)
	if got, want := survivors(t, res.Attacker, "Shock Troop (commandos)"), res.Outcome.AttackerWin.P; math.Abs(got-want) > 1e-12 {
		t.Errorf("commandos left %v, want the invasion's success %v", got, want)
	}
	// More commandos than shock troops, or outside an invasion, refused.
	sc.Commandos = 2
	if err := sc.Validate(); err == nil {
		t.Error("2 commandos of 1 shock troop: no error")
	}
	g := ti3Scenario(t, combat.GroundCombat, "1 gf, 1 st", "1 gf")
	g.Commandos = 1
	if err := g.Validate(); err == nil {
		t.Error("commandos in a ground combat: no error")
	}
}
