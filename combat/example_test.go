package combat_test

import (
	"context"
	"fmt"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// A whole invasion: two dreadnoughts and a carrier with four infantry
// against a planet with three infantry and a PDS, defended by a destroyer.
func ExampleRun() {
	attacker, _ := units.ParseFleet("2 dreadnought, 1 carrier, 4 infantry")
	defender, _ := units.ParseFleet("1 destroyer, 3 infantry, 1 pds")
	res, err := combat.Run(context.Background(), combat.Scenario{
		Action:   combat.Invasion,
		Attacker: combat.Side{Fleet: attacker},
		Defender: combat.Side{Fleet: defender},
	}, combat.Options{Trials: 100000, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("attacker takes the planet: %.2f\n", res.Outcome.AttackerWin.P)
	fmt.Printf("ground combat wipes out both: %.2f\n", res.Outcome.Draw.P)
	fmt.Printf("attacker wins the space combat: %.3f\n", res.Space.Outcome.AttackerWin.P)
	exact, _ := combat.Solve(context.Background(), combat.Scenario{
		Action:   combat.Invasion,
		Attacker: combat.Side{Fleet: attacker},
		Defender: combat.Side{Fleet: defender},
	})
	fmt.Printf("exactly: %.4f\n", exact.Outcome.AttackerWin.P)
	// Output:
	// attacker takes the planet: 0.63
	// ground combat wipes out both: 0.04
	// attacker wins the space combat: 1.000
	// exactly: 0.6255
}

// A custom hit order: lose the carrier before the fighters, and keep the
// dreadnought's Sustain Damage for last.
func ExampleParseOrder() {
	o, err := combat.ParseOrder("carrier, fighter, sustain=last")
	fmt.Println(o.Kinds, o.SustainLast, err)
	// Output: [carrier fighter] true <nil>
}

// Two printings of Magen Defense Grid on the same invasion, on common random
// numbers: the paired difference and whether it is real.
func ExampleCompare() {
	attacker, _ := units.ParseFleet("1 war sun, 1 carrier, 6 infantry")
	defender, _ := units.ParseFleet("3 infantry, 1 mech, 1 pds")
	var variants []combat.Scenario
	for _, m := range []combat.MagenPrinting{combat.MagenOmega, combat.MagenOmega2} {
		variants = append(variants, combat.Scenario{Action: combat.Invasion, Printings: combat.Printings{Magen: m},
			Attacker: combat.Side{Fleet: attacker},
			Defender: combat.Side{Fleet: defender, Techs: []string{combat.TechMagen}}})
	}
	c, err := combat.Compare(context.Background(), variants, combat.Options{Trials: 50000, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := c.Differences[0].AttackerWin
	fmt.Printf("Ω %.3f, ΩΩ %.3f, difference %+.3f, real: %v\n",
		c.Variants[0].Outcome.AttackerWin.P, c.Variants[1].Outcome.AttackerWin.P, d.Value, d.Significant)
	// Output: Ω 0.819, ΩΩ 0.593, difference -0.226, real: true
}

// The same fleets under Twilight Imperium 3 with Shattered Ascension: a
// dreadnought rolls 2 dice there, and loses one when it sustains damage.
func ExampleEdition() {
	a, _ := units.ParseFleetTI3("1 dreadnought")
	d, _ := units.ParseFleetTI3("1 dreadnought")
	for _, g := range []combat.Edition{combat.EditionTI4, combat.EditionTI3SA} {
		res, err := combat.Solve(context.Background(), combat.Scenario{
			Action:   combat.SpaceCombat,
			Edition:  g,
			Attacker: combat.Side{Fleet: a},
			Defender: combat.Side{Fleet: d},
		})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: attacker wins %.4f, draw %.4f\n", g, res.Outcome.AttackerWin.P, res.Outcome.Draw.P)
	}
	// Output:
	// ti4: attacker wins 0.3732, draw 0.2536
	// ti3-sa: attacker wins 0.3794, draw 0.2413
}

// SolveSystemEnds lists how a whole invasion can end: here a dreadnought
// bombards a planet held by one infantry (a hit on 5 or more kills it),
// then two infantry land and fight what is left.
func ExampleSolveSystemEnds() {
	attacker, _ := units.ParseFleet("1 dreadnought, 1 carrier, 2 infantry")
	defender, _ := units.ParseFleet("1 infantry")
	sc := combat.Scenario{Action: combat.Invasion, Attacker: combat.Side{Fleet: attacker},
		Planets: []combat.Planet{{Name: "Quann", Units: defender}}, Commit: combat.Commit{Kind: combat.CommitBestAll}}
	r, err := combat.SolveSystemEnds(context.Background(), sc, combat.MaxExactStates)
	if err != nil {
		fmt.Println(err)
		return
	}
	alive := func(us []combat.UnitCount) int {
		n := 0
		for _, u := range us {
			n += u.Alive
		}
		return n
	}
	for _, e := range r.Ends {
		p := e.Planets[0]
		fmt.Printf("%.4f taken: %-5v infantry left: attacker %d, defender %d\n", e.P.P, p.Taken, alive(p.Attacker), alive(p.Defender))
	}
	// Output:
	// 0.8174 taken: true  infantry left: attacker 2, defender 0
	// 0.1300 taken: true  infantry left: attacker 1, defender 0
	// 0.0369 taken: false infantry left: attacker 0, defender 1
	// 0.0158 taken: false infantry left: attacker 0, defender 0
}
