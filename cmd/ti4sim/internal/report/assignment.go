package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// Assignment writes the best hit assignment a of scenario sc to w: the
// odds and resources lost under the sides' orders and under the optimal
// policy side by side with the gain, then each optimal side's decisions in
// the first round, as tables (Table) or one line of JSON with the policy
// of small battles (JSON). It returns the first write error.
func Assignment(w io.Writer, sc combat.Scenario, a combat.Assignment, o CombatOptions) error {
	if o.Format == JSON {
		return assignmentJSON(w, sc, o.Scenario, a)
	}
	return assignmentTable(w, sc, a)
}

// policyNames says which sides choose, e.g. "attacker optimal".
func policyNames(sc combat.Scenario) string {
	var opt []string
	if sc.Attacker.Order.Optimal {
		opt = append(opt, "attacker")
	}
	if sc.Defender.Order.Optimal {
		opt = append(opt, "defender")
	}
	return strings.Join(opt, " and ") + " optimal"
}

func assignmentTable(out io.Writer, sc combat.Scenario, a combat.Assignment) error {
	w := NewErrWriter(out)
	fmt.Fprintf(w, "ti4sim %s: best hit assignment (%s), exact\n", sc.Action, policyNames(sc))
	if sc.Edition != combat.EditionTI4 {
		fmt.Fprintf(w, "Ruleset: %s (%s)\n", sc.Edition, units.TI3Name)
	}
	writeFleets(w, sc)
	if sc.Attacker.Order.Optimal && sc.Defender.Order.Optimal {
		fmt.Fprintln(w, "Both sides choose at once each round: a zero-sum game (a win 1, a draw ½), solved exactly.")
		fmt.Fprintln(w)
	}
	labels := map[combat.Action][3]string{
		combat.SpaceCombat:  {"attacker wins", "draw", "defender wins"},
		combat.GroundCombat: {"attacker wins", "draw", "defender wins"},
		combat.Invasion:     {"attacker takes the planet", "draw (ground combat wiped out both)", "defender keeps the planet"},
	}[sc.Action]
	t := newTable(w, "Outcome", "Hits by order", "Optimal", "Gain")
	rows := [3][2]float64{
		{a.Default.Outcome.AttackerWin.P, a.Optimal.Outcome.AttackerWin.P},
		{a.Default.Outcome.Draw.P, a.Optimal.Outcome.Draw.P},
		{a.Default.Outcome.DefenderWin.P, a.Optimal.Outcome.DefenderWin.P},
	}
	for i, r := range rows {
		if err := t.Append(labels[i], pct(r[0]), pct(r[1]), points(r[1]-r[0])); err != nil {
			return err
		}
	}
	for _, side := range []struct {
		name          string
		before, after combat.SideResult
	}{{"attacker", a.Default.Attacker, a.Optimal.Attacker}, {"defender", a.Default.Defender, a.Optimal.Defender}} {
		b, f := side.before.ResourcesLost.Value, side.after.ResourcesLost.Value
		if err := t.Append(side.name+" resources lost", fmt.Sprintf("%.3f", b), fmt.Sprintf("%.3f", f), fmt.Sprintf("%+.3f", f-b)); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	for side, ps := range a.First {
		if ps == nil {
			continue
		}
		own, other := ps.Attacker, ps.Defender
		if side == 1 {
			own, other = other, own
		}
		fmt.Fprintf(w, "\n%s's decisions in the first round (%s against %s):\n", [2]string{"Attacker", "Defender"}[side], unitsInText(own), unitsInText(other))
		if err := decisionTable(w, ps.Choices); err != nil {
			return err
		}
	}
	if len(a.Optimal.Warnings) > 0 {
		fmt.Fprintln(w)
	}
	for _, m := range a.Optimal.Warnings {
		fmt.Fprintf(w, "warning: %s\n", m)
	}
	return w.Err()
}

// points formats a difference of probabilities in percentage points.
func points(d float64) string {
	if d > -5e-7 && d < 5e-7 {
		return "0"
	}
	return fmt.Sprintf("%+.2f points", 100*d)
}

// unitsInText lists units of a state, e.g. "2 Dreadnought I (1 damaged)".
func unitsInText(us []combat.UnitsIn) string {
	var parts []string
	for _, u := range us {
		s := fmt.Sprintf("%d %s", u.Count, u.Unit)
		if u.Damaged > 0 {
			s += fmt.Sprintf(" (%d damaged)", u.Damaged)
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// decisionTable writes one row per number of hits taken and range of hits
// scored with the same decision.
func decisionTable(w io.Writer, choices []combat.Choice) error {
	t := newTable(w, "Hits taken", "Hits scored", "Assign")
	for i := 0; i < len(choices); {
		taken := choices[i].Taken
		// The choices of one (taken, scored) pair: several in a mixed
		// strategy.
		pair := func(k int) (int, string) {
			e := k
			var parts []string
			for e < len(choices) && choices[e].Taken == choices[k].Taken && choices[e].Scored == choices[k].Scored {
				s := choices[e].String()
				if choices[e].Weight < 1 {
					s = fmt.Sprintf("%.0f%%: %s", 100*choices[e].Weight, s)
				}
				parts = append(parts, s)
				e++
			}
			return e, strings.Join(parts, " / ")
		}
		next, what := pair(i)
		lo, hi := choices[i].Scored, choices[i].Scored
		for next < len(choices) && choices[next].Taken == taken {
			n2, w2 := pair(next)
			if w2 != what {
				break
			}
			hi = choices[next].Scored
			next = n2
		}
		scored := fmt.Sprint(lo)
		if hi > lo {
			scored = fmt.Sprintf("%d–%d", lo, hi)
		}
		if err := t.Append(fmt.Sprint(taken), scored, what); err != nil {
			return err
		}
		i = next
	}
	return t.Render()
}

// The JSON output of a best hit assignment. Field names are stable; new
// fields may be added, none renamed or removed.
type jsonAssignment struct {
	Command string `json:"command"`
	Ruleset string `json:"ruleset,omitempty"`
	Exact   bool   `json:"exact"`
	// Policy names each side's policy: "order" or "optimal".
	Policy  map[string]string `json:"policy"`
	Default jsonValue         `json:"default"`
	Optimal jsonValue         `json:"optimal"`
	// Gain is optimal minus default, per outcome.
	Gain jsonGain `json:"gain"`
	// FirstRound holds each optimal side's decisions in the first round.
	FirstRound map[string]jsonPolicyState `json:"first_round"`
	// Decisions holds each optimal side's decisions in every state the
	// combat reaches, for battles of at most combat.MaxPolicyStates states
	// (absent otherwise).
	Decisions map[string][]jsonPolicyState `json:"decisions,omitempty"`
	Warnings  []string                     `json:"warnings"`
	Scenario  *scenario.Combat             `json:"scenario,omitempty"`
}

type jsonValue struct {
	AttackerWin           float64 `json:"attacker_win"`
	Draw                  float64 `json:"draw"`
	DefenderWin           float64 `json:"defender_win"`
	AttackerResourcesLost float64 `json:"attacker_resources_lost"`
	DefenderResourcesLost float64 `json:"defender_resources_lost"`
}

type jsonGain struct {
	AttackerWin float64 `json:"attacker_win"`
	Draw        float64 `json:"draw"`
	DefenderWin float64 `json:"defender_win"`
}

type jsonPolicyState struct {
	Attacker  []jsonUnitsIn  `json:"attacker"`
	Defender  []jsonUnitsIn  `json:"defender"`
	Decisions []jsonDecision `json:"decisions"`
}

type jsonUnitsIn struct {
	Unit    string `json:"unit"`
	Count   int    `json:"count"`
	Damaged int    `json:"damaged,omitempty"`
}

// jsonLoss is a number of units of one kind lost, or using Sustain
// Damage.
type jsonLoss struct {
	Unit  string `json:"unit"`
	Count int    `json:"count"`
}

type jsonDecision struct {
	Taken   int        `json:"taken"`
	Scored  int        `json:"scored"`
	Lose    []jsonLoss `json:"lose,omitempty"`
	Sustain []jsonLoss `json:"sustain,omitempty"`
	// Weight, present below 1, is the decision's probability in a mixed
	// strategy.
	Weight *float64 `json:"weight,omitempty"`
}

func valueJSON(r combat.Result) jsonValue {
	return jsonValue{r.Outcome.AttackerWin.P, r.Outcome.Draw.P, r.Outcome.DefenderWin.P,
		r.Attacker.ResourcesLost.Value, r.Defender.ResourcesLost.Value}
}

func policyStateJSON(ps combat.PolicyState) jsonPolicyState {
	units := func(us []combat.UnitsIn) []jsonUnitsIn {
		out := []jsonUnitsIn{}
		for _, u := range us {
			out = append(out, jsonUnitsIn{u.Unit, u.Count, u.Damaged})
		}
		return out
	}
	j := jsonPolicyState{Attacker: units(ps.Attacker), Defender: units(ps.Defender), Decisions: []jsonDecision{}}
	for _, c := range ps.Choices {
		d := jsonDecision{Taken: c.Taken, Scored: c.Scored}
		if c.Weight < 1 {
			wt := c.Weight
			d.Weight = &wt
		}
		for _, k := range c.Casualties {
			if k.Lost > 0 {
				d.Lose = append(d.Lose, jsonLoss{Unit: k.Unit, Count: k.Lost})
			}
			if k.Sustained > 0 {
				d.Sustain = append(d.Sustain, jsonLoss{Unit: k.Unit, Count: k.Sustained})
			}
		}
		j.Decisions = append(j.Decisions, d)
	}
	return j
}

func assignmentJSON(w io.Writer, sc combat.Scenario, doc *scenario.Combat, a combat.Assignment) error {
	pol := func(opt bool) string {
		if opt {
			return "optimal"
		}
		return "order"
	}
	j := jsonAssignment{Command: sc.Action.String(), Ruleset: rulesetJSON(sc.Edition), Exact: true,
		Policy:  map[string]string{"attacker": pol(sc.Attacker.Order.Optimal), "defender": pol(sc.Defender.Order.Optimal)},
		Default: valueJSON(a.Default), Optimal: valueJSON(a.Optimal),
		Gain:       jsonGain{a.Gain[0], a.Gain[1], a.Gain[2]},
		FirstRound: map[string]jsonPolicyState{},
		Warnings:   append([]string{}, a.Optimal.Warnings...), Scenario: doc}
	for side, name := range [2]string{"attacker", "defender"} {
		if ps := a.First[side]; ps != nil {
			j.FirstRound[name] = policyStateJSON(*ps)
		}
		for _, ps := range a.Policy[side] {
			if j.Decisions == nil {
				j.Decisions = map[string][]jsonPolicyState{}
			}
			j.Decisions[name] = append(j.Decisions[name], policyStateJSON(ps))
		}
	}
	return writeJSONDocument(w, true, &j)
}
