package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// TestStartDamagedByFaction: whether a unit may start damaged is known once
// the side's faction and texts are: a Sol carrier sustains (TI3 Mark II
// Advanced Carriers: "carriers ... have Sustain Damage"; TI4 Advanced
// Carrier II: SUSTAIN DAMAGE on the unit card), so "(1 damaged)" is a
// carrier that has used it and has none left. One such carrier (9: 0.2)
// against a cruiser (7: 0.4) is a plain duel, duel(0.2, 0.4).
func TestStartDamagedByFaction(t *testing.T) {
	sol, err := units.LookupTI3Race("sol")
	if err != nil {
		t.Fatal(err)
	}
	ti3 := ti3Scenario(t, combat.SpaceCombat, "1 carrier (1 damaged)", "1 cruiser")
	ti3.Attacker.Faction, ti3.Attacker.Techs = sol, []string{"ti3-mark-ii-advanced-carriers"}
	exactNear(t, "TI3 Sol carrier damaged", mustSolve(t, ti3).Outcome.AttackerWin.P, duel(0.2, 0.4))
	// Undamaged it sustains the cruiser's first hit. The chain's first
	// state, rounds where nobody scores (0.8·0.6) divided out: the carrier
	// alone scores (0.2·0.6) or both score (0.2·0.4, the carrier
	// sustains): won; the cruiser alone scores (0.8·0.4): the duel above.
	undamaged := ti3
	undamaged.Attacker.Fleet = mustTI3Fleet(t, "1 carrier")
	none := 0.8 * 0.6
	want := (0.2*0.6 + 0.2*0.4 + 0.8*0.4*duel(0.2, 0.4)) / (1 - none)
	exactNear(t, "TI3 Sol carrier undamaged", mustSolve(t, undamaged).Outcome.AttackerWin.P, want)

	ti4 := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "sol", "1 carrier II (1 damaged)"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	exactNear(t, "TI4 Sol Advanced Carrier II damaged", mustSolve(t, ti4).Outcome.AttackerWin.P, duel(0.2, 0.4))

	// A unit that has no Sustain Damage is refused, as the grammar did.
	for _, sc := range []combat.Scenario{
		{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "2 cruiser (1 damaged)")}, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}},
		ti3Scenario(t, combat.SpaceCombat, "2 cruiser (1 damaged)", "1 cruiser"),
		ti3Scenario(t, combat.SpaceCombat, "2 carrier (1 damaged)", "1 cruiser"),                                                                        // no Mark II
		{Action: combat.SpaceCombat, Attacker: factionSide(t, "sol", "1 carrier (1 damaged)"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}, // not upgraded
	} {
		refused(t, sc, "cannot be damaged: it has no Sustain Damage")
	}
	// An opponent's text that stops units from using Sustain Damage keeps a
	// damaged unit damaged (and is no input fault): The Fourth Moon.
	mentak := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "mentak", "1 flagship"),
		Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought (1 damaged)")}}
	mustSolve(t, mentak)
}

func mustTI3Fleet(t *testing.T, s string) units.Fleet {
	t.Helper()
	f, err := units.ParseFleetTI3(s)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
