package combat

import (
	"context"
	"fmt"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/fault"
)

// errOptimalSampled refuses an optimal hit assignment to Run and Compare:
// the policy is a table the exact solver computes.
var errOptimalSampled = &InputError{Field: "Order", Index: -1, Msg: "the optimal hit assignment (Order.Optimal) is computed by exact mode only: use Solve or Optimize"}

// errBestRetreatSampled refuses the best retreat to Run and Compare: the
// rule is a table the exact solver computes.
var errBestRetreatSampled = &InputError{Field: "Retreat", Index: -1, Msg: "the best retreat (Retreat.Best) is computed by exact mode only: use Solve"}

// MaxPolicyStates bounds the joint states whose decisions Optimize lists in
// Assignment.Policy ("small battles"); larger battles list the first
// round's only.
const MaxPolicyStates = 200

// Assignment compares a scenario under the sides' orders with the same
// scenario where the sides whose Order.Optimal is set choose their
// casualties optimally (Order.Optimal: the chance to win first, then a
// draw before a loss, then the resources kept; both optimal: a zero-sum
// game per round, solved exactly).
type Assignment struct {
	// Default is the exact Result with every side following its order
	// (Order.Optimal cleared); Optimal the Result with the optimal sides
	// choosing.
	Default, Optimal Result
	// Gain is Optimal's outcome probabilities minus Default's: attacker
	// wins, draw, defender wins (Outcome.AttackerWin, Draw,
	// DefenderWin), each in −1..1.
	Gain [3]float64
	// First[side] is the optimal side's decisions in the first round of
	// the action's first combat (Attacker 0, Defender 1; nil for a side
	// that follows its order or when no combat is fought).
	First [2]*PolicyState
	// Policy[side] is the optimal side's decisions in every state the
	// first combat reaches, when it reaches at most MaxPolicyStates (nil
	// otherwise).
	Policy [2][]PolicyState
}

// PolicyState is a state at the start of a combat round and an optimal
// side's decisions there.
type PolicyState struct {
	// Attacker and Defender are the units of each side in the combat.
	Attacker, Defender []UnitsIn
	// Choices are the side's assignments, for every number of hits it can
	// take (1 or more) and score that round.
	Choices []Choice
}

// UnitsIn is a number of units of one kind in a state, Damaged of them
// having used Sustain Damage.
type UnitsIn struct {
	Unit           string
	Count, Damaged int
}

// Choice is one assignment: with Taken hits taken and Scored scored this
// round, the units lost and those that use Sustain Damage. Weight, in
// 0..1, is its probability under a mixed strategy (both sides optimal); 1
// for a pure choice.
type Choice struct {
	Taken, Scored int
	Casualties    []Casualty
	Weight        float64
}

// Casualty is what a choice does to one kind of unit.
type Casualty struct {
	Unit            string
	Lost, Sustained int
}

// String describes the casualties, e.g. "lose 2 Fighter, sustain 1
// Dreadnought".
func (c Choice) String() string {
	var lost, sus []string
	for _, k := range c.Casualties {
		if k.Lost > 0 {
			lost = append(lost, fmt.Sprintf("%d %s", k.Lost, k.Unit))
		}
		if k.Sustained > 0 {
			sus = append(sus, fmt.Sprintf("%d %s", k.Sustained, k.Unit))
		}
	}
	var parts []string
	if len(lost) > 0 {
		parts = append(parts, "lose "+strings.Join(lost, ", "))
	}
	if len(sus) > 0 {
		parts = append(parts, "sustain "+strings.Join(sus, ", "))
	}
	if len(parts) == 0 {
		return "nothing to lose"
	}
	return strings.Join(parts, "; ")
}

// Optimize solves sc exactly twice — every side by its order, and the sides
// whose Order.Optimal is set choosing their casualties — and returns both
// Results, the gain and the optimal sides' decisions. It refuses what
// Solve refuses, a scenario where no side is optimal, and the rules the
// optimal assignment does not handle (a round limit, retreats, first-round
// bonuses, Sustain Damage cancelling two hits, reverting units), naming
// them.
func Optimize(ctx context.Context, sc Scenario) (Assignment, error) {
	return OptimizeWithin(ctx, sc, MaxExactStates)
}

// OptimizeWithin is Optimize with SolveWithin's bound on the joint states
// each combat reaches, 1..MaxExactStates.
func OptimizeWithin(ctx context.Context, sc Scenario, maxStates int) (a Assignment, err error) {
	defer fault.Catch(&err, engine.StepOf)
	defer seamError(&err)
	if !sc.Attacker.Order.Optimal && !sc.Defender.Order.Optimal {
		return a, inputf("Order", "no side assigns its hits optimally: set Order.Optimal for the attacker or the defender")
	}
	plain := sc
	plain.Attacker.Order.Optimal, plain.Defender.Order.Optimal = false, false
	if a.Default, err = SolveWithin(ctx, plain, maxStates); err != nil {
		return a, err
	}
	s, err := solver(ctx, sc, maxStates)
	if err != nil {
		return a, err
	}
	a.Optimal = publicResult(s.Result())
	a.Gain = [3]float64{
		a.Optimal.Outcome.AttackerWin.P - a.Default.Outcome.AttackerWin.P,
		a.Optimal.Outcome.Draw.P - a.Default.Outcome.Draw.P,
		a.Optimal.Outcome.DefenderWin.P - a.Default.Outcome.DefenderWin.P,
	}
	for side := range engine.NumSides {
		if ps, ok := s.FirstDecisions(side); ok {
			v := policyState(s.P, ps)
			a.First[side] = &v
		}
		for _, ps := range s.PolicyStates(side, MaxPolicyStates) {
			a.Policy[side] = append(a.Policy[side], policyState(s.P, ps))
		}
	}
	return a, nil
}

// policyState names the units of an engine policy state.
func policyState(p *engine.Plan, ps engine.PolicyState) PolicyState {
	var out PolicyState
	for side := range engine.NumSides {
		var us []UnitsIn
		for _, s := range ps.Slots[side] {
			if n := ps.Alive[side][s]; n > 0 {
				us = append(us, UnitsIn{Unit: p.Side[side].Slots[s].Stats.Name, Count: int(n), Damaged: int(ps.Damaged[side][s])})
			}
		}
		if side == engine.Attacker {
			out.Attacker = us
		} else {
			out.Defender = us
		}
	}
	for _, d := range ps.Decisions {
		ch := Choice{Taken: d.Taken, Scored: d.Scored, Weight: d.Weight}
		for s := range d.Lost {
			if d.Lost[s] > 0 || d.Sustained[s] > 0 {
				ch.Casualties = append(ch.Casualties, Casualty{Unit: p.Side[ps.Side].Slots[s].Stats.Name, Lost: int(d.Lost[s]), Sustained: int(d.Sustained[s])})
			}
		}
		out.Choices = append(out.Choices, ch)
	}
	return out
}
