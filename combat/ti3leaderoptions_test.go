package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// TestTI3GeneralNoRerolls: general:no-rerolls is the TI3 rulebook's
// General without SA's rerolls (SA LEADERS adds them): a ground force at
// 8 + 1 against one at 8, duel(0.3, 0.4) (TestTI3General has 1 − 0.6³ with
// the rerolls).
func TestTI3GeneralNoRerolls(t *testing.T) {
	sc := ti3Scenario(t, combat.GroundCombat, "1 gf", "1 gf")
	sc.Defender.Leaders = []string{"general:no-rerolls"}
	ti3Check(t, "general without rerolls", sc, duel(0.3, 0.4))
	sc.Defender.Leaders = []string{"general:sometimes"}
	refused(t, sc, "allowed: general:no-rerolls")
}

// TestTI3AdmiralOnUnit: admiral:UNIT puts the Admiral on one ship of that
// kind (CRB Admiral: the ship carrying it rolls 1 more die), the last of
// its kind the side loses. A destroyer (9) with the Admiral and a cruiser
// (7) against a cruiser (7): the first state scores with 1 − 0.8²·0.6 =
// 0.616; a hit from the cruiser takes the destroyer first (cheapest) and
// its die with it, leaving duel(0.4, 0.4); both scoring leaves the
// attacker's cruiser: won. Rounds where nobody scores divided out.
func TestTI3AdmiralOnUnit(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 destroyer, 1 cruiser", "1 cruiser")
	sc.Attacker.Leaders = []string{"admiral:destroyer"}
	miss := 0.8 * 0.8 * 0.6
	ti3Check(t, "admiral on the destroyer", sc, (1-miss+miss*0.4*duel(0.4, 0.4))/(1-miss*0.6))
	// A damaged dreadnought (5 x2) carrying it rolls 3 − 1 dice (SA: a unit
	// that used Sustain Damage loses one die, to a minimum of 1): 1 − 0.4².
	d := ti3Scenario(t, combat.SpaceCombat, "1 dreadnought (1 damaged)", "1 cruiser")
	d.Attacker.Leaders = []string{"admiral:dreadnought"}
	ti3Check(t, "admiral on a damaged dreadnought", d, duel(1-0.16, 0.4))
	for opt, want := range map[string]string{
		"admiral:fighter":  "is not a ship that can carry the Admiral",
		"admiral:cruiser":  "the side has no cruiser to carry the Admiral",
		"admiral:zeppelin": "is not a ship that can carry the Admiral",
		"agent:cruiser":    "the agent takes no option",
	} {
		d.Attacker.Leaders = []string{opt}
		refused(t, d, want)
	}
}

// TestTI3ScientistAdjacent: scientist:adjacent puts the Scientist on a
// planet with the side's adjacent PDS, which then fire at 6 − 1 (TI3
// Scientist: +1 to PDS on its planet). The defender's adjacent PDS (Deep
// Space Cannon) fires at the attacker's cruiser before the battle: 0.6 to
// destroy it, else a cruiser duel: (1 − 0.6)·duel(0.4, 0.4).
func TestTI3ScientistAdjacent(t *testing.T) {
	sc := ti3Scenario(t, combat.SpaceCombat, "1 cruiser", "1 cruiser")
	sc.Defender.Techs, sc.Defender.AdjacentPDS = []string{"deep-space-cannon"}, 1
	sc.Defender.Leaders = []string{"scientist:adjacent"}
	ti3Check(t, "scientist with the adjacent PDS", sc, 0.4*duel(0.4, 0.4))
	sc.Defender.Leaders = []string{"scientist"} // in the system: the adjacent PDS at 6
	ti3Check(t, "scientist in the system", sc, 0.5*duel(0.4, 0.4))
	sc.Defender.AdjacentPDS = 0
	sc.Defender.Leaders = []string{"scientist:adjacent"}
	refused(t, sc, "the side has no adjacent PDS")
}
