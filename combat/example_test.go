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
