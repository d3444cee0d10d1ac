package combat_test

import (
	"context"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// One simulated battle allocates nothing: a run of 20,000 trials allocates
// no more than a run of 1,000 (setup only), on scenarios that take the
// slow path through hooks of every kind (start of combat, after rolls,
// end of round, on sustain, sustain blockers, hidden slots). An escaping
// local in the round loop once cost three allocations per trial here.
func TestTrialsDoNotAllocate(t *testing.T) {
	cases := []struct {
		name string
		sc   combat.Scenario
	}{
		{"yin space", combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "yin", "1 flagship, 2 cruiser, 2 destroyer", "impulse-core"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 dreadnought, 3 fighter")}}},
		{"sardakk space", combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "sardakk", "2 dreadnought, 1 cruiser", "dreadnought-ii"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 dreadnought, 3 fighter")}}},
		{"argent v mentak", combat.Scenario{Action: combat.SpaceCombat,
			Attacker: factionSide(t, "argent", "2 destroyer, 1 flagship, 2 fighter", "fighter-ii"),
			Defender: factionSide(t, "mentak", "2 cruiser, 1 flagship, 2 fighter")}},
		{"yin invades mentak", combat.Scenario{Action: combat.Invasion,
			Attacker: factionSide(t, "yin", "2 cruiser, 4 infantry, 1 mech"),
			Defender: factionSide(t, "mentak", "3 infantry, 1 mech")}},
		{"sardakk invades argent", combat.Scenario{Action: combat.Invasion,
			Attacker: factionSide(t, "sardakk", "1 dreadnought, 4 infantry, 1 mech", "valkyrie-particle-weave"),
			Defender: factionSide(t, "argent", "3 infantry, 1 mech, 2 destroyer")}},
	}
	for _, c := range cases {
		noTrialAllocs(t, c.name, c.sc)
	}
}

// noTrialAllocs checks that the trials of sc allocate nothing: 20,000
// trials on one worker allocate no more than 1,000 (the setup). Even one
// allocation per 1,000 trials would show as 19 more. The plain run checks
// this; the race detector's build is not the program users run, and its
// 40,000 slow trials per scenario would add little to a race run.
func noTrialAllocs(t *testing.T, name string, sc combat.Scenario) {
	t.Helper()
	if raceEnabled {
		t.Skip("allocation counts are checked without -race")
	}
	run := func(n int64) float64 {
		return testing.AllocsPerRun(3, func() {
			if _, err := combat.Run(context.Background(), sc, combat.Options{Trials: n, Seed: 1, Workers: 1}); err != nil {
				t.Fatal(err)
			}
		})
	}
	if small, large := run(1000), run(20000); large > small+10 {
		t.Errorf("%s: %v allocations for 20,000 trials against %v for 1,000", name, large, small)
	}
}

// The faction texts' hooks allocate nothing per trial: 20,000 trials
// allocate no more than 1,000 (setup only; see noTrialAllocs).
func TestFactionTextsDoNotAllocate(t *testing.T) {
	t.Run("L1Z1X, Nomad, Argent and Mahact flagships, Nomad mech, Letnev agent", func(t *testing.T) {
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
	})
	t.Run("Naaz-Rokha flagship, 2RAM, Sol agent, Letnev and Nekro mechs", func(t *testing.T) {
		twoRAM := factionSide(t, "l1z1x", "1 dreadnought, 2 infantry")
		twoRAM.Cards = []string{"2ram"}
		evelyn := combat.Side{Fleet: mustFleet(t, "2 infantry, 1 mech"), Cards: []string{"evelyn-delouis"}}
		cases := []struct {
			name string
			sc   combat.Scenario
		}{
			{"visz el vir", combat.Scenario{Action: combat.Invasion,
				Attacker: factionSide(t, "naaz-rokha", "1 flagship, 1 cruiser, 2 mech, 2 infantry"),
				Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer, 4 infantry, 1 pds")}}},
			{"2ram", combat.Scenario{Action: combat.Invasion, Attacker: twoRAM,
				Defender: factionSide(t, "arborec", "2 infantry, 1 mech")}},
			{"evelyn", combat.Scenario{Action: combat.Invasion,
				Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 3 infantry")}, Defender: evelyn}},
			{"dunlain", combat.Scenario{Action: combat.GroundCombat,
				Attacker: factionSideCards(t, "letnev", "3 infantry, 1 mech", nil, []string{"dunlain-reaper:2"}),
				Defender: factionSide(t, "nekro", "3 infantry, 1 mech")}},
		}
		for _, c := range cases {
			noTrialAllocs(t, c.name, c.sc)
		}
	})
	t.Run("Winnu, Last Bastion, Vuil'raith, Naalu, Empyrean and Mahact texts", func(t *testing.T) {
		winnu := factionSide(t, "winnu", "2 cruiser, 2 infantry, 1 carrier")
		winnu.Cards = []string{"rickar-rickani", "imperator:2"}
		lb := factionSide(t, "last-bastion", "1 flagship, 2 destroyer")
		lb.Cards = []string{"the-egeiro:3", "brother-milor"}
		emp := factionSide(t, "empyrean", "1 flagship, 2 dreadnought, 2 infantry, 1 mech")
		emp.Influence = 6
		cases := []struct {
			name string
			sc   combat.Scenario
		}{
			{"winnu invades", combat.Scenario{Action: combat.Invasion, Attacker: winnu,
				Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser, 2 infantry")}}},
			{"egeiro and milor", combat.Scenario{Action: combat.SpaceCombat, Attacker: lb,
				Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser, 2 fighter")}}},
			{"reanimator", combat.Scenario{Action: combat.Invasion,
				Attacker: factionSide(t, "vuil-raith", "1 flagship, 2 dreadnought, 3 infantry, 1 mech"),
				Defender: combat.Side{Fleet: mustFleet(t, "2 pds, 3 infantry")}}},
			{"iconoclast omega", combat.Scenario{Action: combat.Invasion, Printings: combat.Printings{Iconoclast: combat.IconoclastOmega},
				Attacker: factionSide(t, "naalu", "1 carrier, 3 fighter, 1 mech"),
				Defender: combat.Side{Fleet: mustFleet(t, "2 destroyer, 2 infantry")}}},
			{"dynamo", combat.Scenario{Action: combat.Invasion, Attacker: emp,
				Defender: combat.Side{Fleet: mustFleet(t, "3 cruiser, 1 mech, 2 infantry")}}},
			{"crimson legionnaires", combat.Scenario{Action: combat.GroundCombat,
				Attacker: factionSide(t, "mahact", "3 infantry", "infantry-ii"),
				Defender: combat.Side{Fleet: mustFleet(t, "3 infantry")}}},
		}
		for _, c := range cases {
			noTrialAllocs(t, c.name, c.sc)
		}
	})
	t.Run("Ipswitch and Proxima Targeting VI", func(t *testing.T) {
		m := factionSide(t, "mentak", "2 cruiser, 1 carrier, 2 fighter, 2 infantry")
		m.Cards = []string{"ipswitch-loose-cannon"}
		lb := lastBastionSide(t, "2 dreadnought, 1 carrier, 1 mech, 4 infantry", "1 mech, 1 infantry", "proxima-targeting-vi")
		cases := []struct {
			name string
			sc   combat.Scenario
		}{
			{"ipswitch", combat.Scenario{Action: combat.Invasion, Attacker: m,
				Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 2 destroyer, 3 fighter, 2 infantry")}}},
			{"last bastion invades", combat.Scenario{Action: combat.Invasion, Attacker: lb,
				Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser, 2 infantry")}}},
			{"last bastion defends", combat.Scenario{Action: combat.Invasion,
				Attacker: combat.Side{Fleet: mustFleet(t, "3 dreadnought, 5 infantry")},
				Defender: lastBastionSide(t, "1 mech, 4 infantry", "1 mech", "proxima-targeting-vi")}},
		}
		for _, c := range cases {
			noTrialAllocs(t, c.name, c.sc)
		}
	})
	t.Run("twin slots, variants, Wrath of Kenara, Gravleash Maneuvers, Annihilator, Linkship", func(t *testing.T) {
		side := func(faction, fleet string, cards ...string) combat.Side {
			s := factionSide(t, faction, fleet)
			s.Cards = cards
			return s
		}
		hacan := side("hacan", "1 flagship, 2 cruiser")
		hacan.TradeGoods = 5
		letnev := side("letnev", "1 flagship, 2 cruiser, 2 destroyer", "gravleash-maneuvers")
		letnev.TradeGoods = 4
		lb := side("last-bastion", "2 cruiser, 1 dreadnought")
		lb.Galvanized = mustFleet(t, "1 cruiser")
		enemy := combat.Side{Fleet: mustFleet(t, "2 cruiser, 2 destroyer, 2 infantry")}
		ships := combat.Side{Fleet: mustFleet(t, "2 cruiser, 2 destroyer, 2 fighter")}
		for _, c := range []struct {
			name string
			sc   combat.Scenario
		}{
			{"alastor", combat.Scenario{Action: combat.Invasion, Attacker: side("nekro", "1 flagship, 1 carrier, 3 infantry"), Defender: enemy}},
			{"z-grav", combat.Scenario{Action: combat.Invasion, Attacker: side("naaz-rokha", "2 carrier, 2 mech, 2 infantry"), Defender: enemy}},
			{"eidolon maximum", combat.Scenario{Action: combat.Invasion, Attacker: side("naaz-rokha", "1 carrier, 1 mech, 2 infantry", "eidolon-maximum"), Defender: enemy}},
			{"matriarch", combat.Scenario{Action: combat.Invasion, Attacker: side("naalu", "1 flagship, 4 fighter, 1 infantry"), Defender: enemy}},
			{"kenara", combat.Scenario{Action: combat.SpaceCombat, Attacker: hacan, Defender: ships}},
			{"gravleash and munitions", combat.Scenario{Action: combat.SpaceCombat, Attacker: letnev, Defender: ships}},
			{"galvanize and cavalry", combat.Scenario{Action: combat.SpaceCombat, Attacker: lb, Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 2 destroyer"), Cards: []string{"the-cavalry:2"}}}},
			{"annihilator", combat.Scenario{Action: combat.Invasion, Attacker: side("l1z1x", "1 dreadnought, 2 mech, 1 infantry"), Defender: enemy}},
			{"linkship", combat.Scenario{Action: combat.Invasion, Attacker: side("ral-nel", "2 destroyer, 1 pds, 1 carrier, 2 infantry"), Defender: enemy}},
		} {
			noTrialAllocs(t, c.name, c.sc)
		}
	})
	t.Run("Watcher, Moyin's Ashes and Alarum", func(t *testing.T) {
		w := combat.Scenario{Action: combat.GroundCombat,
			Attacker: factionSide(t, "empyrean", "2 mech"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 infantry"), Cards: []string{"morale-boost:2"}}}
		noTrialAllocs(t, "Watcher", w)
		y := factionSide(t, "yin", "1 mech")
		y.Influence = 3
		noTrialAllocs(t, "Moyin's Ashes", combat.Scenario{Action: combat.GroundCombat, Attacker: y, Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}})
		r := factionSide(t, "ral-nel", "1 mech")
		r.Cards = []string{"alarum:3"}
		noTrialAllocs(t, "Alarum", combat.Scenario{Action: combat.GroundCombat, Attacker: combat.Side{Fleet: mustFleet(t, "3 infantry")}, Defender: r})
	})
}
