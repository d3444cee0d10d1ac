package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of the faction texts of factions_c.go. Expected values are worked
// out by hand or by a small exact calculation in the test; Monte Carlo
// answers must fall within 4 standard errors (near, factionTrials).

func TestFactionsCModelled(t *testing.T) {
	for _, slug := range []string{"0-0-1", "quantum-manipulator", "quetzecoatl", "arvicon-rex", "viscount-unlenn"} {
		if !combat.Modelled(slug) {
			t.Errorf("%s is not modelled", slug)
		}
	}
}

// L1Z1X flagship ([0.0.1], 5 (x2): 0.6 a die), with dreadnought ones
// (Super-Dreadnought I, 5: 0.6) and a cruiser (7: 0.4), one round against
// a carrier and 3 fighters that never hit (modifier −9), whose hit order
// takes fighters first. The flagship's and dreadnoughts' hits F ~
// Binomial(2+d, 0.6) go to the carrier first, the surplus to fighters;
// the cruiser's hit C ~ Bernoulli(0.4) goes to a fighter. So the carrier
// is left when F = 0 and the fighters left are 3 − C − max(F−1, 0)
// (the mean and standard deviations from the cases). Without the text
// every hit would go to the fighters first.
func TestL1Z1XFlagship(t *testing.T) {
	for d := range 2 {
		fleet := "1 flagship, 1 cruiser"
		if d == 1 {
			fleet = "1 flagship, 1 dreadnought, 1 cruiser"
		}
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
			Attacker: factionSide(t, "l1z1x", fleet),
			Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 3 fighter"), Modifier: -9}}
		nf := 2 + d
		carrier, fm, fsq := 0.0, 0.0, 0.0
		for f := 0; f <= nf; f++ {
			pf := binomP(nf, f, 0.6)
			for c, pc := range [2]float64{0.6, 0.4} {
				left := float64(3 - c - max(f-1, 0))
				if f == 0 {
					carrier += pf * pc
				}
				fm += pf * pc * left
				fsq += pf * pc * left * left
			}
		}
		res := mustRun(t, sc, factionTrials, 300+uint64(d))
		near(t, "carriers left", survivors(t, res.Defender, "Carrier I"), carrier, bernoulliSD(carrier))
		near(t, "fighters left", survivors(t, res.Defender, "Fighter I"), fm, math.Sqrt(fsq-fm*fm))
		modelled(t, res, "[0.0.1]")
		sc.MaxRounds = 0
		sc.Defender.Modifier = 0
		notExact(t, sc)
	}
}

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

// Quetzecoatl: the Argent flagship and a cruiser, whose dice always hit
// (modifier +9), against 3 PDS and a fighter that never hits (modifier
// −9). The PDS's space cannon cannot be used against the Argent ships, the
// fighter dies in round 1: the attacker always wins with both ships intact
// (without the text each PDS hits on 6, and the cruiser is often lost).
// Deterministic, but exact mode does not replay effects on space cannon
// offense: Solve refuses it.
func TestQuetzecoatl(t *testing.T) {
	a := factionSide(t, "argent", "1 flagship, 1 cruiser")
	a.Modifier = 9
	d := combat.Side{Fleet: mustFleet(t, "3 pds, 1 fighter"), Modifier: -9}
	sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: d}
	res := mustRun(t, sc, factionTrials, 302)
	near(t, "cruisers left", survivors(t, res.Attacker, "Cruiser I"), 1, 0)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, 1, 0)
	modelled(t, res, "Quetzecoatl")
	notExact(t, sc)
}

// Arvicon Rex: the Mahact flagship (5 (x2), +2: hits on 3, 0.8 a die,
// Sustain Damage) against a cruiser (7: 0.4), to the end. The flagship
// scores a hit with 0.96. Undamaged (U): a hit wins whatever the cruiser
// does (it sustains the reply); a miss with a cruiser hit (0.016) leads to
// D; both missing (0.024) repeats. Damaged (D): a hit alone wins (0.576),
// both hitting draws, the cruiser alone wins (0.016), 0.024 repeats. So
// W_D = 0.576/0.976 and W_U = (0.96 + 0.016·W_D)/0.976.
func TestArviconRex(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "mahact", "1 flagship"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	wd := 0.576 / 0.976
	wu := (0.96 + 0.016*wd) / 0.976
	res := mustRun(t, sc, factionTrials, 303)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, wu, bernoulliSD(wu))
	modelled(t, res, "Arvicon Rex")
	warned(t, res, "Arvicon Rex", "fleet pool")
	ex := mustSolve(t, sc)
	if math.Abs(ex.Outcome.AttackerWin.P-wu) > 1e-9 {
		t.Errorf("exact attacker win = %.12f, want %.12f", ex.Outcome.AttackerWin.P, wu)
	}
}

// Viscount Unlenn: a cruiser (7: 0.4) and a destroyer (9: 0.2) of no
// faction (the Letnev's Munitions Reserves would reroll) holding the agent, against 2 cruisers that never hit (modifier −9), one round. The
// extra die goes to the cruiser (the best value): hits H = X + Y with X ~
// Binomial(2, 0.4), Y ~ Bernoulli(0.2); the defender keeps 2 − min(H, 2)
// cruisers. The mean and its standard deviation come from the 6 cases.
func TestViscountUnlenn(t *testing.T) {
	a := combat.Side{Fleet: mustFleet(t, "1 cruiser, 1 destroyer"), Cards: []string{"viscount-unlenn"}}
	d := combat.Side{Fleet: mustFleet(t, "2 cruiser"), Modifier: -9}
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: d}
	px := [3]float64{0.36, 0.48, 0.16}
	py := [2]float64{0.8, 0.2}
	mean, sq := 0.0, 0.0
	for x, p := range px {
		for y, q := range py {
			left := float64(2 - min(x+y, 2))
			mean += p * q * left
			sq += p * q * left * left
		}
	}
	res := mustRun(t, sc, factionTrials, 304)
	near(t, "cruisers left", res.Defender.Survivors[0].Expected.Value, mean, math.Sqrt(sq-mean*mean))
	modelled(t, res, "Viscount Unlenn")
	sc.MaxRounds = 0
	sc.Defender.Modifier = 0
	notExact(t, sc)
}

// The texts' hooks allocate nothing per trial: 20,000 trials allocate no
// more than 1,000 (setup only).
func TestFactionsCDoNotAllocate(t *testing.T) {
	viscount := combat.Side{Fleet: mustFleet(t, "1 cruiser, 2 destroyer, 1 dreadnought"), Cards: []string{"viscount-unlenn"}}
	cases := []struct {
		name string
		sc   combat.Scenario
	}{
		{"l1z1x", combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "l1z1x", "1 flagship, 2 dreadnought, 2 cruiser, 3 fighter"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 carrier, 1 dreadnought, 6 fighter")}}},
		{"nomad invades", combat.Scenario{Action: combat.Invasion,
			Attacker: factionSide(t, "nomad", "2 carrier, 1 cruiser, 2 mech, 2 infantry"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser, 2 infantry")}}},
		{"argent v pds", combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "argent", "1 flagship, 2 cruiser"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 pds, 2 cruiser")}}},
		{"mahact", combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "mahact", "1 flagship, 1 destroyer"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser, 2 fighter")}}},
		{"viscount", combat.Scenario{Action: combat.SpaceCombat, Attacker: viscount,
			Defender: combat.Side{Fleet: mustFleet(t, "2 dreadnought, 3 fighter")}}},
	}
	for _, c := range cases {
		noTrialAllocs(t, c.name, c.sc)
	}
}
