package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/internal/fault"
	"github.com/ti4sim/ti4sim/internal/montecarlo"
	"github.com/ti4sim/ti4sim/units"
)

// faultyEffects is an effect set whose one text panics in the ground
// combat's rolls, as the Nekro's Technological Singularity once did.
type faultyEffects struct{ noEffects }

func (faultyEffects) Attach(p *Plan) {
	p.OnSlotModifier(RollGround, func(t *Trial, side Side, s uint8) int {
		var none []int
		return none[s+1] // index out of range, like the real fault
	})
}

// TestPanicInTrialsIsAnError checks that a panic in a Monte Carlo worker
// comes back from Batch as a *fault.Error naming the step (the ground
// combat's rounds, in Monte Carlo trials) and the line, instead of ending
// the program (fault.Catch with StepOf, as combat's entry points use it).
func TestPanicInTrialsIsAnError(t *testing.T) {
	a, _ := units.ParseFleet("2 infantry")
	d, _ := units.ParseFleet("2 infantry")
	p, err := NewPlan(&Input{Action: GroundCombat, Attacker: Force{Fleet: a}, Defender: Force{Fleet: d}}, nil, faultyEffects{})
	if err != nil {
		t.Fatal(err)
	}
	run := func() (err error) {
		defer fault.Catch(&err, StepOf)
		var acc Tally
		return p.Batch(context.Background(), montecarlo.Options{Trials: 20000, Seed: 1, Workers: 2}, &acc)
	}
	err = run()
	var fe *fault.Error
	if !errors.As(err, &fe) {
		t.Fatalf("Batch with a panicking hook: %v, want a *fault.Error", err)
	}
	msg := err.Error()
	for _, want := range []string{"internal error in the ground combat (combat rounds) during Monte Carlo trials, at fault_test.go:", "index out of range", "a bug in ti4sim"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") || len(fe.Stack) == 0 {
		t.Errorf("error %q: want one line, and the stack kept apart (%d bytes)", msg, len(fe.Stack))
	}
}
