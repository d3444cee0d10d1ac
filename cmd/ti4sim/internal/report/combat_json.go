package report

import (
	"io"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
)

// The JSON output of space, ground and invade. Field names are
// stable; new fields may be added, none renamed or removed.
type jsonCombat struct {
	Command     string  `json:"command"`
	Ruleset     string  `json:"ruleset,omitempty"` // "ti3-sa"; absent for ti4
	Exact       bool    `json:"exact,omitempty"`
	Trials      int64   `json:"trials"`
	Seed        uint64  `json:"seed"`
	AttackerWin float64 `json:"attacker_win"`
	Draw        float64 `json:"draw"`
	DefenderWin float64 `json:"defender_win"`
	// Present only when the scenario can end this way.
	AttackerRetreats *float64 `json:"attacker_retreats,omitempty"`
	DefenderRetreats *float64 `json:"defender_retreats,omitempty"`
	Unfinished       *float64 `json:"unfinished,omitempty"`
	// BothWipedOut, for an invasion under ti3-sa only, is the share of
	// trials whose ground combat left no ground forces on either side. It
	// is a part of defender_win (TI3: the defender keeps the planet), not
	// an outcome of its own; under ti4 those trials are the draw. Under
	// ti3-sa an invasion's draw is a bombardment alone that turned the
	// planet neutral (a hit with no ground force to take it, SA).
	BothWipedOut *float64        `json:"both_wiped_out,omitempty"`
	CI95         jsonIntervals   `json:"ci95"`
	Counts       jsonCounts      `json:"counts"`
	Space        *jsonPhase      `json:"space,omitempty"`
	Invaded      *float64        `json:"invaded,omitempty"`
	Attacker     jsonSide        `json:"attacker"`
	Defender     jsonSide        `json:"defender"`
	Rounds       jsonRounds      `json:"rounds"`
	Ground       *jsonGroundPart `json:"ground,omitempty"`
	States       []jsonState     `json:"states,omitempty"`
	// RetreatWhen, for a side whose retreat policy is best, is the states
	// at the start of a round where it announces a retreat, with the chance
	// the combat reaches each ("p").
	RetreatWhen []jsonState `json:"retreat_when,omitempty"`
	Warnings    []string    `json:"warnings"`
	// Scenario is the question, as its normalised scenario document
	// (ti4sim scenario; --scenario reads it back).
	Scenario *scenario.Combat `json:"scenario,omitempty"`
}

type jsonIntervals struct {
	AttackerWin      [2]float64  `json:"attacker_win"`
	Draw             [2]float64  `json:"draw"`
	DefenderWin      [2]float64  `json:"defender_win"`
	AttackerRetreats *[2]float64 `json:"attacker_retreats,omitempty"`
	DefenderRetreats *[2]float64 `json:"defender_retreats,omitempty"`
	Unfinished       *[2]float64 `json:"unfinished,omitempty"`
	BothWipedOut     *[2]float64 `json:"both_wiped_out,omitempty"`
}

type jsonCounts struct {
	AttackerWin      int64  `json:"attacker_win"`
	Draw             int64  `json:"draw"`
	DefenderWin      int64  `json:"defender_win"`
	AttackerRetreats *int64 `json:"attacker_retreats,omitempty"`
	DefenderRetreats *int64 `json:"defender_retreats,omitempty"`
	Unfinished       *int64 `json:"unfinished,omitempty"`
	BothWipedOut     *int64 `json:"both_wiped_out,omitempty"`
}

type jsonPhase struct {
	AttackerWin      float64       `json:"attacker_win"`
	Draw             float64       `json:"draw"`
	DefenderWin      float64       `json:"defender_win"`
	AttackerRetreats *float64      `json:"attacker_retreats,omitempty"`
	DefenderRetreats *float64      `json:"defender_retreats,omitempty"`
	CI95             jsonIntervals `json:"ci95"`
	Rounds           jsonRounds    `json:"rounds"`
}

type jsonGroundPart struct {
	Rounds jsonRounds `json:"rounds"`
}

type jsonSide struct {
	Fleet           string             `json:"fleet"`
	Survivors       map[string]float64 `json:"survivors"`
	SurvivorsSE     map[string]float64 `json:"survivors_se"`
	ResourcesLost   float64            `json:"resources_lost"`
	ResourcesLostSE float64            `json:"resources_lost_se"`
	CapacityLost    *float64           `json:"capacity_lost,omitempty"`
	Revived         *float64           `json:"revived,omitempty"`
	Captured        *float64           `json:"captured,omitempty"`
	Left            jsonLeft           `json:"left"`
}

// jsonLeft is the distribution of a side's units left, by outcome (keys as
// the outcomes'; an outcome of probability 0 is left out): left.draw[k] is
// the probability that the action ends in a draw with the side having k
// units left, counted as the survivors are. Each list adds up to its
// outcome's probability; trailing zeros are left out.
type jsonLeft struct {
	AttackerWin      []float64 `json:"attacker_win,omitempty"`
	Draw             []float64 `json:"draw,omitempty"`
	DefenderWin      []float64 `json:"defender_win,omitempty"`
	AttackerRetreats []float64 `json:"attacker_retreats,omitempty"`
	DefenderRetreats []float64 `json:"defender_retreats,omitempty"`
	Unfinished       []float64 `json:"unfinished,omitempty"`
}

// jsonRounds: histogram[i] is the probability of i rounds (the last of 32
// bins: 31 or more).
type jsonRounds struct {
	Mean      float64   `json:"mean"`
	SE        float64   `json:"se"`
	Histogram []float64 `json:"histogram"`
}

func intervals(o combat.Outcomes) jsonIntervals {
	opt := func(p combat.Probability) *[2]float64 {
		if p.P == 0 {
			return nil
		}
		return &[2]float64{p.Lo, p.Hi}
	}
	return jsonIntervals{
		AttackerWin:      [2]float64{o.AttackerWin.Lo, o.AttackerWin.Hi},
		Draw:             [2]float64{o.Draw.Lo, o.Draw.Hi},
		DefenderWin:      [2]float64{o.DefenderWin.Lo, o.DefenderWin.Hi},
		AttackerRetreats: opt(o.AttackerRetreats),
		DefenderRetreats: opt(o.DefenderRetreats),
		Unfinished:       opt(o.Unfinished),
	}
}

// wipedOutShown reports whether the output shows the share of invasions
// whose ground combat wiped out both sides on its own: under ti3-sa, where
// it is part of the defender's outcome (under ti4 it is the draw).
func wipedOutShown(sc combat.Scenario) bool {
	return sc.Action == combat.Invasion && sc.Edition == combat.EditionTI3SA
}

// optP is a probability for a field present only when it is not zero.
func optP(p combat.Probability) *float64 {
	if p.P == 0 {
		return nil
	}
	v := p.P
	return &v
}

// optM is an expected count for a field present only when it is positive.
func optM(m combat.Mean) *float64 {
	if m.Value <= 0 {
		return nil
	}
	v := m.Value
	return &v
}

func optN(n int64) *int64 {
	if n == 0 {
		return nil
	}
	return &n
}

func roundsJSON(r combat.Rounds) jsonRounds {
	h := r.Histogram
	if h == nil {
		h = []float64{}
	}
	return jsonRounds{Mean: r.Mean.Value, SE: r.Mean.SE, Histogram: h}
}

func sideJSON(g combat.Edition, s combat.Side, r combat.SideResult) jsonSide {
	js := jsonSide{
		Fleet:         fleetText(g, s.Fleet),
		Survivors:     map[string]float64{},
		SurvivorsSE:   map[string]float64{},
		ResourcesLost: r.ResourcesLost.Value, ResourcesLostSE: r.ResourcesLost.SE,
	}
	js.CapacityLost, js.Revived, js.Captured = optM(r.CapacityLost), optM(r.Revived), optM(r.Captured)
	l := r.Left
	js.Left = jsonLeft{l.AttackerWin, l.Draw, l.DefenderWin, l.AttackerRetreats, l.DefenderRetreats, l.Unfinished}
	for _, u := range r.Survivors {
		js.Survivors[u.Kind.Key()] = u.Expected.Value
		js.SurvivorsSE[u.Kind.Key()] = u.Expected.SE
	}
	return js
}

// combatJSON writes the JSON of a combat (one line); doc, if not nil, is
// echoed as its "scenario" field.
func combatJSON(w io.Writer, sc combat.Scenario, doc *scenario.Combat, r combat.Result) error {
	return writeJSONDocument(w, true, newJSONCombat(sc, doc, r))
}

// newJSONCombat is the JSON document of a combat's answer r.
func newJSONCombat(sc combat.Scenario, doc *scenario.Combat, r combat.Result) *jsonCombat {
	j := &jsonCombat{
		Scenario: doc,
		Command:  sc.Action.String(), Exact: r.Exact, Trials: r.Trials, Seed: r.Seed,
		Ruleset:     rulesetJSON(sc.Edition),
		AttackerWin: r.Outcome.AttackerWin.P, Draw: r.Outcome.Draw.P, DefenderWin: r.Outcome.DefenderWin.P,
		AttackerRetreats: optP(r.Outcome.AttackerRetreats), DefenderRetreats: optP(r.Outcome.DefenderRetreats),
		Unfinished: optP(r.Outcome.Unfinished),
		CI95:       intervals(r.Outcome),
		Counts: jsonCounts{r.Counts.AttackerWin, r.Counts.Draw, r.Counts.DefenderWin,
			optN(r.Counts.AttackerRetreats), optN(r.Counts.DefenderRetreats), optN(r.Counts.Unfinished), nil},
		Attacker: sideJSON(sc.Edition, sc.Attacker, r.Attacker),
		Defender: sideJSON(sc.Edition, sc.Defender, r.Defender),
		Rounds:   roundsJSON(r.Rounds),
		Warnings: append([]string{}, r.Warnings...),
	}
	if wipedOutShown(sc) {
		p, iv, n := r.Outcome.BothWipedOut.P, [2]float64{r.Outcome.BothWipedOut.Lo, r.Outcome.BothWipedOut.Hi}, r.Counts.BothWipedOut
		j.BothWipedOut, j.CI95.BothWipedOut, j.Counts.BothWipedOut = &p, &iv, &n
	}
	if r.Space != nil {
		o := r.Space.Outcome
		j.Space = &jsonPhase{
			AttackerWin: o.AttackerWin.P, Draw: o.Draw.P, DefenderWin: o.DefenderWin.P,
			AttackerRetreats: optP(o.AttackerRetreats), DefenderRetreats: optP(o.DefenderRetreats),
			CI95: intervals(o), Rounds: roundsJSON(r.Space.Rounds),
		}
		inv := r.Invaded.P
		j.Invaded = &inv
	}
	if r.GroundRounds != nil {
		j.Ground = &jsonGroundPart{Rounds: roundsJSON(*r.GroundRounds)}
	}
	j.States, j.RetreatWhen = statesJSON(r.States), statesJSON(r.RetreatWhen)
	return j
}

// statesJSON lists states as JSON (nil for none).
func statesJSON(states []combat.State) []jsonState {
	var out []jsonState
	for _, st := range states {
		out = append(out, jsonState{P: st.P.P, CI95: [2]float64{st.P.Lo, st.P.Hi},
			Attacker: countsJSON(st.Attacker), Defender: countsJSON(st.Defender)})
	}
	return out
}

// jsonState is one way the units stand after a round-limited combat.
type jsonState struct {
	P        float64     `json:"p"`
	CI95     [2]float64  `json:"ci95"`
	Attacker []jsonCount `json:"attacker"`
	Defender []jsonCount `json:"defender"`
}

type jsonCount struct {
	Unit    string `json:"unit"`
	Alive   int    `json:"alive"`
	Damaged int    `json:"damaged"`
}

func countsJSON(us []combat.UnitCount) []jsonCount {
	out := []jsonCount{}
	for _, u := range us {
		out = append(out, jsonCount{Unit: u.Kind.Key(), Alive: u.Alive, Damaged: u.Damaged})
	}
	return out
}

// rulesetJSON is the JSON "ruleset" field: the ruleset's name, or "" (left
// out) for Twilight Imperium 4.
func rulesetJSON(g combat.Edition) string {
	if g == combat.EditionTI4 {
		return ""
	}
	return g.String()
}
