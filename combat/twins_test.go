package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// The Alastor: the Nekro flagship (2 dice at 9) and 2 infantry (8) against a
// dreadnought (5) for one round. The infantry fight as ships: the attacker
// rolls Bin(2, 0.2) + Bin(2, 0.3) and the dreadnought falls to 2 hits:
// P(0) = 0.64·0.49 = 0.3136, P(1) = 2·0.2·0.8·0.49 + 0.64·2·0.3·0.7 =
// 0.4256, so it is left with 1 − 0.2608 = 0.7392 (0.96 with the flagship's
// dice alone). Keeping Sustain Damage for last, the Nekro lose an infantry
// to its die (0.6): 2 − 0.6 = 1.4 left.
func TestTheAlastor(t *testing.T) {
	a := factionSide(t, "nekro", "1 flagship, 2 infantry")
	a.Order.SustainLast = true
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
	res := mustRun(t, sc, factionTrials, 301)
	near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), 0.7392, bernoulliSD(0.7392))
	near(t, "infantry left", survivors(t, res.Attacker, "Infantry I"), 1.4, bernoulliSD(0.6))
	near(t, "flagship left", survivors(t, res.Attacker, "The Alastor"), 1, 0)
	modelled(t, res, "The Alastor")
	notExact(t, sc)

	// Without its flagship the Nekro infantry take no part in a space
	// combat.
	sc.Attacker = factionSide(t, "nekro", "1 cruiser, 2 infantry")
	refused(t, sc, "infantry takes no part in a space combat")
}

// The Alastor on the defender's side: the planet's infantry fight the space
// combat, then the ground combat. The defender (flagship, 1 infantry on the
// planet) against 1 cruiser (7) that cannot be hit (modifier −9 on the
// defender) for one space round: keeping Sustain Damage for last, the
// cruiser's die (0.4) kills the infantry, so 0.6 are left on the planet.
func TestTheAlastorDefender(t *testing.T) {
	d := factionSide(t, "nekro", "1 flagship, 1 infantry")
	d.Modifier = -9
	d.Order.SustainLast = true
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser")}, Defender: d}
	res := mustRun(t, sc, factionTrials, 302)
	near(t, "defender infantry left", survivors(t, res.Defender, "Infantry I"), 0.6, bernoulliSD(0.6))
	near(t, "flagship left", survivors(t, res.Defender, "The Alastor"), 1, 0)
}

// Z-Grav Eidolon: a Naaz-Rokha carrier (9) and mech against a cruiser (7)
// for one round. The mech fights as the Z-Grav Eidolon, 2 dice at 8 and no
// Sustain Damage, and takes the cruiser's hit before the carrier: it is
// left with 1 − 0.4 = 0.6 (a mech would sustain: 1). The cruiser survives
// only if the carrier's die (0.2) and both Eidolon dice (0.3) miss:
// 0.8·0.49 = 0.392.
func TestZGravEidolon(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: factionSide(t, "naaz-rokha", "1 carrier, 1 mech"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	res := mustRun(t, sc, factionTrials, 303)
	near(t, "cruiser left", survivors(t, res.Defender, "Cruiser I"), 0.392, bernoulliSD(0.392))
	near(t, "mech left", survivors(t, res.Attacker, "Eidolon"), 0.6, bernoulliSD(0.6))
	near(t, "carrier left", survivors(t, res.Attacker, "Carrier I"), 1, 0)
	modelled(t, res, "Eidolon")
	notExact(t, sc)
}

// Matriarch: the Naalu flagship and 2 Hybrid Crystal Fighter I (8: 0.3)
// invade a planet with 1 infantry (8: 0.3) and no ground forces of their
// own: the fighters fight on the planet (pointDuel: a point and a die per
// fighter, against the infantry's one). Current printing:
// they return to space before control, so killing the infantry is a draw;
// original printing: they are still there, and take the planet.
func TestMatriarch(t *testing.T) {
	win, both := pointDuel(2, 1, func(f int) int { return f }, func(int) int { return 1 }, 0.3, 0.3)
	lose := 1 - win - both
	for _, c := range []struct {
		rules            combat.Printings
		aWin, draw, dWin float64
	}{
		{combat.Printings{}, 0, win + both, lose},
		{combat.Printings{Matriarch: combat.TextOriginal}, win, both, lose},
	} {
		sc := combat.Scenario{Action: combat.Invasion, Printings: c.rules,
			Attacker: factionSide(t, "naalu", "1 flagship, 2 fighter"), Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
		res := mustRun(t, sc, factionTrials, 304)
		name := "matriarch=" + c.rules.Matriarch.String()
		near(t, name+": attacker takes the planet", res.Outcome.AttackerWin.P, c.aWin, bernoulliSD(c.aWin))
		near(t, name+": draw", res.Outcome.Draw.P, c.draw, bernoulliSD(c.draw))
		near(t, name+": defender keeps it", res.Outcome.DefenderWin.P, c.dWin, bernoulliSD(c.dWin))
		modelled(t, res, "Matriarch")
		notExact(t, sc)
	}
	// Without the flagship the fighters stay in space: no ground combat.
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: factionSide(t, "naalu", "1 carrier, 2 fighter, 1 infantry"), Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	res := mustRun(t, sc, factionTrials, 305)
	// 1 infantry against 1 infantry, both 0.3: the attacker wins
	// 0.21/0.51, a draw 0.09/0.51.
	near(t, "no flagship: attacker wins", res.Outcome.AttackerWin.P, 0.21/0.51, bernoulliSD(0.21/0.51))
}
