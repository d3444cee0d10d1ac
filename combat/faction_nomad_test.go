package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Nomad's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Quantum Manipulator: an invasion (the mech is in the space area during
// its space combat). A Nomad carrier (9: 0.2, no Sustain Damage) with a
// mech against a cruiser (7: 0.4); the carrier survives the action exactly
// when the Nomad win the space combat (the planet is then taken). With the
// mech undamaged (U): a carrier hit wins (0.2; the cruiser's reply is
// cancelled by the mech), a cruiser hit alone (0.32) damages the mech (D),
// both missing (0.48) repeats. From D: a hit alone wins (0.12), both
// hitting draws, a cruiser hit alone loses, 0.48 repeats. So W_D =
// 0.12/0.52 and W_U = (0.2 + 0.32·W_D)/0.52 ≈ 0.5266 carriers left;
// without the text (Articles of War takes it away) W_D ≈ 0.2308.
func TestQuantumManipulator(t *testing.T) {
	wd := 0.12 / 0.52
	wu := (0.2 + 0.32*wd) / 0.52
	for _, c := range []struct {
		cards []string
		left  float64
	}{{nil, wu}, {[]string{"articles-of-war"}, wd}} {
		a := factionSide(t, "nomad", "1 carrier, 1 mech")
		a.Cards = c.cards
		sc := combat.Scenario{Action: combat.Invasion, Attacker: a,
			Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
		res := mustRun(t, sc, factionTrials, 301)
		near(t, "carriers left", survivors(t, res.Attacker, "Carrier I"), c.left, bernoulliSD(c.left))
		modelled(t, res, "Quantum Manipulator")
		if c.cards != nil {
			warned(t, res, "Quantum Manipulator", "Articles of War")
		} else {
			notExact(t, sc)
		}
	}
}

// The Cavalry (Memoria II printing, "the-cavalry:2"): of a carrier and a
// destroyer (both combat 9, neither sustains), the cheaper destroyer takes
// the Memoria II's numbers: combat 5 (x2) and Anti-Fighter Barrage 5 (x3)
// instead of 9 (x2). Against 3 fighters (a space dock keeps them in the
// system), one round: the barrage kills X ~ Bin(3, 0.6), then the combat
// dice Y ~ Bin(1, 0.2) + Bin(2, 0.6) of what is left.
func TestTheCavalry(t *testing.T) {
	want := 0.0
	for x, px := range reference.BinomDist(3, 0.6) {
		for yc, pc := range reference.BinomDist(1, 0.2) {
			for yd, pd := range reference.BinomDist(2, 0.6) {
				want += px * pc * pd * float64(max(0, 3-x-yc-yd))
			}
		}
	}
	a := factionSide(t, "sardakk", "1 carrier, 1 destroyer")
	a.Faction = nil
	a.Cards = []string{"the-cavalry:2"}
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "3 fighter, 1 space dock")}}
	res := mustRun(t, sc, factionTrials, 355)
	near(t, "fighters left", survivors(t, res.Defender, "Fighter I"), want, 1)
	survivors(t, res.Attacker, "Destroyer I (The Cavalry)")
	modelled(t, res, "The Cavalry")
	runAgreesWithExact(t, sc, 357)
	a.Cards = []string{"the-cavalry:3"}
	sc.Attacker = a
	refused(t, sc, "must be 1..2")
}
