package combat

import (
	"context"
	"fmt"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/fault"
)

// MaxExactStates bounds the joint states (pairs of the two sides' unit
// states) that any one combat of Solve reaches — the states that ever
// hold probability under the sides' hit policies, far fewer than the
// product of the two sides' state spaces.
const MaxExactStates = 1 << 22

// Solve computes the Result of sc exactly, without sampling (exact
// mode): the tactical action is a Markov chain over unit states under the
// fixed hit-assignment policy, and Solve propagates probability through it.
//
// Every round that scores a hit lowers some side's health (units plus unused
// Sustain Damage), so apart from the rounds where nobody hits, the chain is a
// DAG; Solve visits joint states in decreasing total health and divides out
// the no-hit self-loop: a state's inflow leaves it for its successors in
// proportion to their probabilities over 1 − P(no hit), after a geometric
// number of rounds (which keeps the rounds histogram exact).
//
// The Result has the same fields as Run's: probabilities with intervals of
// zero width, expected survivors and losses with zero standard errors,
// Trials 0 and Exact true. Solve refuses, naming the cause, scenarios with
// effects it cannot express, combats whose two sides' unit states multiply
// past 2^32, and combats that reach more than MaxExactStates joint states,
// and returns an error if ctx is nil.
func Solve(ctx context.Context, sc Scenario) (Result, error) {
	return SolveWithin(ctx, sc, MaxExactStates)
}

// SolveWithin is Solve with a lower bound on the joint states any one
// combat may reach: 1..MaxExactStates (a service's per-request limit). A
// combat that reaches more is refused, naming the limit, as soon as it
// passes it.
func SolveWithin(ctx context.Context, sc Scenario, maxStates int) (_ Result, err error) {
	defer fault.Catch(&err, engine.StepOf)
	defer seamError(&err)
	s, err := solver(ctx, sc, maxStates)
	if err != nil {
		return Result{}, err
	}
	return publicResult(s.Result()), nil
}

// solver checks sc and the limit, and returns the solver that solved it.
func solver(ctx context.Context, sc Scenario, maxStates int) (*engine.Solver, error) {
	if maxStates < 1 || maxStates > MaxExactStates {
		return nil, fmt.Errorf("exact state limit %d out of range: allowed 1..%d", maxStates, MaxExactStates)
	}
	if ctx == nil {
		return nil, errNilContext
	}
	p, err := compile(&sc)
	if err != nil {
		return nil, err
	}
	if names := p.Inexact(); len(names) > 0 {
		return nil, engine.NotExact("exact mode cannot express %s", strings.Join(names, ", "))
	}
	if w := p.Unreplayed(); w != "" {
		return nil, engine.NotExact("exact mode cannot express an effect that acts %s", w)
	}
	s := &engine.Solver{Ctx: ctx, P: p, MaxStates: maxStates, Left: engine.NewExactLeft(p),
		Optimal: [2]bool{sc.Attacker.Order.Optimal, sc.Defender.Order.Optimal}}
	s.Structures = s.StructuresLeft()
	if err := s.Solve(); err != nil {
		return nil, err
	}
	return s, nil
}
