package report

import (
	"errors"
	"io"

	"github.com/ti4sim/ti4sim/agenda"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/advise"
)

// A Renderer writes the answers: Formatted in the format their options
// ask (report's functions: tables or JSON), JSONOnly in JSON alone. A
// program that answers in JSON only (the service, the WebAssembly engine)
// renders with JSONOnly, whose code reaches no table; the WebAssembly
// build links no table renderer at all (table.go).
type Renderer interface {
	Combat(w io.Writer, sc combat.Scenario, r combat.Result, o CombatOptions) error
	System(w io.Writer, sc combat.Scenario, r combat.SystemResult, o CombatOptions) error
	Assignment(w io.Writer, sc combat.Scenario, a combat.Assignment, o CombatOptions) error
	Compare(w io.Writer, act combat.Action, names []string, scs []combat.Scenario, c combat.Comparison, o CompareOptions) error
	Advice(w io.Writer, sc *combat.Scenario, a advise.Advice, o AdviceOptions) error
	// Luck writes a luck answer (LuckAnswer) in format f.
	Luck(w io.Writer, l *Luck, f Format) error
	Vote(w io.Writer, a *agenda.Agenda, r *agenda.Result, o VoteOptions) error
}

// Formatted renders as report's functions do, in the options' format.
type Formatted struct{}

func (Formatted) Combat(w io.Writer, sc combat.Scenario, r combat.Result, o CombatOptions) error {
	return Combat(w, sc, r, o)
}

func (Formatted) System(w io.Writer, sc combat.Scenario, r combat.SystemResult, o CombatOptions) error {
	return System(w, sc, r, o)
}

func (Formatted) Assignment(w io.Writer, sc combat.Scenario, a combat.Assignment, o CombatOptions) error {
	return Assignment(w, sc, a, o)
}

func (Formatted) Compare(w io.Writer, act combat.Action, names []string, scs []combat.Scenario, c combat.Comparison, o CompareOptions) error {
	return Compare(w, act, names, scs, c, o)
}

func (Formatted) Advice(w io.Writer, sc *combat.Scenario, a advise.Advice, o AdviceOptions) error {
	return Advice(w, sc, a, o)
}

func (Formatted) Luck(w io.Writer, l *Luck, f Format) error { return LuckAnswer(w, l, f) }

func (Formatted) Vote(w io.Writer, a *agenda.Agenda, r *agenda.Result, o VoteOptions) error {
	return Vote(w, a, r, o)
}

// JSONOnly renders in JSON, as report's functions do with Format JSON;
// options asking another format are refused (errNotJSON).
type JSONOnly struct{}

// errNotJSON is JSONOnly's answer to options asking another format.
var errNotJSON = errors.New("report: JSONOnly renders JSON only")

func (JSONOnly) Combat(w io.Writer, sc combat.Scenario, r combat.Result, o CombatOptions) error {
	if o.Format != JSON {
		return errNotJSON
	}
	return combatJSON(w, sc, o.Scenario, r)
}

func (JSONOnly) System(w io.Writer, sc combat.Scenario, r combat.SystemResult, o CombatOptions) error {
	if o.Format != JSON {
		return errNotJSON
	}
	return systemJSON(w, sc, o.Scenario, r)
}

func (JSONOnly) Assignment(w io.Writer, sc combat.Scenario, a combat.Assignment, o CombatOptions) error {
	if o.Format != JSON {
		return errNotJSON
	}
	return assignmentJSON(w, sc, o.Scenario, a)
}

func (JSONOnly) Compare(w io.Writer, act combat.Action, names []string, scs []combat.Scenario, c combat.Comparison, o CompareOptions) error {
	if o.Format != JSON {
		return errNotJSON
	}
	return compareJSON(w, act, names, scs, o.Scenario, c)
}

func (JSONOnly) Advice(w io.Writer, sc *combat.Scenario, a advise.Advice, o AdviceOptions) error {
	if o.Format != JSON {
		return errNotJSON
	}
	return adviceJSON(w, sc, a, o)
}

func (JSONOnly) Luck(w io.Writer, l *Luck, f Format) error {
	if f != JSON {
		return errNotJSON
	}
	return luckJSON(w, l)
}

func (JSONOnly) Vote(w io.Writer, a *agenda.Agenda, r *agenda.Result, o VoteOptions) error {
	if o.Format != JSON {
		return errNotJSON
	}
	return writeVoteJSON(w, a, o.Scenario, r)
}
